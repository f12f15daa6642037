"""Print-service export: one PNG per card face with bleed, one PNG per deck back.

The faces are drawn by the PDF backend in print-shop mode (one card per page, page = card +
2 x bleed) and the pages are rendered by pdfium (pypdfium2); nothing here rasterises.

Names, under ``png/<pack>-<locale>/`` (upload tools pair a front with the back of its folder,
or read the manifest)::

    <deck>/<nnn>-<card-id>.png      the front of card nnn (1-based, in print order)
    <deck>/back.png                 the back every card of that deck shares
    <deck>/<nnn>-<card-id>-back.png a card with two printed sides: its own back
    manifest.csv                    front,back,copies,card,deck (one row per card)

Each image is ``round((card + 2 x bleed) / 25.4 x dpi)`` pixels per side and carries its dpi.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace

from . import Output

DPIS = (300, 600)


def _safe(name) -> str:
    return re.sub(r"[^a-z0-9]+", "-", str(name or "").lower()).strip("-") or "cards"


def _png(page, dpi: int, size_px: tuple[int, int]) -> bytes:
    bitmap = page.render(scale=dpi / 72.0, rev_byteorder=True, may_draw_forms=True)
    image = bitmap.to_pil().convert("RGB")
    if image.size != size_px:  # pdfium rounds the page size up: drop the partial last pixel
        w, h = image.size
        if abs(w - size_px[0]) <= 1 and abs(h - size_px[1]) <= 1 and w >= size_px[0] \
                and h >= size_px[1]:
            image = image.crop((0, 0, *size_px))
        else:  # pragma: no cover - pdfium's sizes are ceil(page x scale)
            image = image.resize(size_px)
    out = io.BytesIO()
    image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=6)
    return out.getvalue()


def pixel_size(card_mm, bleed_mm: float, dpi: int) -> tuple[int, int]:
    return tuple(round((v + 2 * bleed_mm) / 25.4 * dpi) for v in card_mm)


def png_outputs(faces, folder: str, *, dpi: int, card_mm, bleed_mm: float, render) -> list:
    """The PNGs and manifest of ``faces`` under ``png/<folder>/``. ``render(faces, **kw)`` is
    :func:`render_deck_pdf` with the build's drawer, warnings and options bound."""
    import pypdfium2 as pdfium

    counts = {f.id: max(1, int(f.count)) for f in faces}
    one_each = {f.id: replace(f, count=1) for f in faces}
    data, layout = render(list(one_each.values()), mode="print-shop", bleed_mm=bleed_mm,
                          backs=True)
    pdf = pdfium.PdfDocument(data)
    size = pixel_size(card_mm, bleed_mm, dpi)
    fronts = [r for r in layout["cards"] if r["side"] == "front"]
    backs = {r["card"]: r for r in layout["cards"] if r["side"] == "back"}
    outputs, rows, deck_backs = [], [], {}
    try:
        for n, record in enumerate(fronts, start=1):
            face = one_each[record["card"]]
            deck = _safe(getattr(face, "deck", "") or face.kind)
            front = f"{deck}/{n:03d}-{_safe(face.id)}.png"
            outputs.append(Output(f"png/{folder}/{front}", _png(pdf[record["page"] - 1], dpi,
                                                                size)))
            back_page = backs[face.id]["page"] - 1
            if getattr(face, "own_back", False):
                back = f"{deck}/{n:03d}-{_safe(face.id)}-back.png"
                outputs.append(Output(f"png/{folder}/{back}", _png(pdf[back_page], dpi, size)))
            else:
                back = f"{deck}/back.png"
                if back not in deck_backs:
                    deck_backs[back] = True
                    outputs.append(Output(f"png/{folder}/{back}",
                                          _png(pdf[back_page], dpi, size)))
            rows.append([front, back, counts[face.id], face.id, deck])
    finally:
        pdf.close()
    text = io.StringIO()
    writer = csv.writer(text, lineterminator="\n")
    writer.writerow(["front", "back", "copies", "card", "deck"])
    writer.writerows(rows)
    outputs.append(Output(f"png/{folder}/manifest.csv", text.getvalue().encode("utf-8")))
    return outputs
