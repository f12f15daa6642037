"""Proxy PDF speed: card faces per second for a full deck build, and PNG exports per second
(`build --export png`), each beside a bare loop, as ratios measured in this one run.

All run in this process, on one core, over the same faces (the bundled cards, repeated with
distinct ids so that every face is fitted afresh). The bare reportlab loop draws the same
strings with plain canvas calls and one Paragraph per face, with no fitting, icons, backs,
crop marks or outline. The bare PNG loop renders the bare loop's pages with pdfium at the
same dpi and writes them as PNG with Pillow: what any export through a PDF renderer costs.
Targets (issue 8): >= 400 faces/s and >= 0.4x the bare loop.

    python benchmarks/bench_pdf.py [--repeat N] [--locale en] [--png-faces N] [--dpi 300]
"""

from __future__ import annotations

import argparse
import io
import os
import time
from dataclasses import replace

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from runeforge import pipeline
from runeforge.backends.faces import ICON_RE, faces_from_cards
from runeforge.backends.pdf_document import render_deck_pdf
from runeforge.backends.pdf_fonts import BOLD, ITALIC, REGULAR, register_fonts
from runeforge.backends.text import render_rules_text


def bundled_faces(locale: str) -> list:
    result = pipeline.check(())
    texts: dict[str, list[str]] = {}
    for record in render_rules_text(result.content, result.compiled, locale):
        texts.setdefault(record["card"], []).append(record["text"])
    cards = list(result.content.cards.values())
    return faces_from_cards(cards, locale, lambda card, _loc: texts.get(card.id, []))


def bare_loop(faces) -> bytes:
    """The same strings drawn with plain reportlab calls, one face per page."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(63 * mm, 88 * mm), invariant=1, pageCompression=1)
    style = ParagraphStyle("p", fontName=REGULAR, fontSize=8, leading=9.6)
    for face in faces:
        c.rect(4, 4, 63 * mm - 8, 88 * mm - 8)
        c.setFont(BOLD, 10)
        c.drawCentredString(31.5 * mm, 80 * mm, face.name)
        c.setFont(ITALIC, 6)
        c.drawCentredString(31.5 * mm, 74 * mm, face.label(face.kind))
        c.setFont(REGULAR, 7)
        for i, (key, value) in enumerate(sorted(face.stats.items())):
            if isinstance(value, (int, str)):
                c.drawString(6 * mm + (i % 3) * 18 * mm, 66 * mm - (i // 3) * 4 * mm,
                             f"{key} {value}")
        text = " ".join((f"<b>{b.tag}:</b> " if b.tag else "") + ICON_RE.sub("*", b.body)
                        for b in face.blocks)
        if face.flavour:
            text += f" <i>{face.flavour}</i>"
        para = Paragraph(text, style)
        para.wrap(54 * mm, 36 * mm)
        para.drawOn(c, 4.5 * mm, 8 * mm)
        c.showPage()
    c.save()
    return buf.getvalue()


def bare_png_loop(faces, dpi: int) -> int:
    """The bare loop's pages rendered by pdfium and written as PNG; returns the bytes written."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(bare_loop(faces))
    written = 0
    try:
        for i in range(len(pdf)):
            image = pdf[i].render(scale=dpi / 72).to_pil().convert("RGB")
            out = io.BytesIO()
            image.save(out, format="PNG", dpi=(dpi, dpi), compress_level=6)
            written += len(out.getvalue())
    finally:
        pdf.close()
    return written


def png_exports(faces, dpi: int) -> int:
    """Our export (print-shop PDF, pdfium, PNG per face and per deck back); PNGs written."""
    from functools import partial

    from runeforge.backends.png_export import png_outputs

    outputs = png_outputs(faces, "bench", dpi=dpi, card_mm=(63.0, 88.0), bleed_mm=3.0,
                          render=partial(render_deck_pdf, warn=lambda d: None))
    return sum(1 for o in outputs if o.relpath.endswith(".png"))


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=1 if tiny else 12)
    parser.add_argument("--locale", default="en")
    parser.add_argument("--png-faces", type=int, default=6 if tiny else 60,
                        help="faces exported as PNG (each a few ms of rendering)")
    parser.add_argument("--dpi", type=int, default=300)
    args = parser.parse_args()
    register_fonts()
    base = bundled_faces(args.locale)
    faces = [replace(f, id=f"{f.id}-{k}", count=1) for k in range(args.repeat) for f in base]
    n = len(faces)
    render_deck_pdf(faces[: len(base)])  # warm-up: forms, font metrics, styles
    bare_loop(faces[: len(base)])

    t0 = time.perf_counter()
    data, layout = render_deck_pdf(faces, warn=lambda d: None)
    ours = time.perf_counter() - t0
    t0 = time.perf_counter()
    bare = bare_loop(faces)
    plain = time.perf_counter() - t0

    ours_rate, bare_rate = n / ours, n / plain
    ratio = ours_rate / bare_rate
    print(f"faces: {n} ({len(base)} bundled cards x {args.repeat}, locale {args.locale}), "
          f"{layout['pages']} pages, {len(data) / 1e6:.2f} MB")
    print(f"runeforge deck build : {ours_rate:8.0f} faces/s  ({ours:.2f} s)")
    print(f"bare reportlab loop  : {bare_rate:8.0f} faces/s  ({plain:.2f} s, {len(bare) / 1e6:.2f} MB)")
    print(f"ratio                : {ratio:8.2f} x the bare loop")
    for what, got, want in (("faces/s", ours_rate, 400.0), ("ratio to the bare loop", ratio,
                                                            0.4)):
        verdict = "met" if got >= want else f"missed by x{want / got:.2f}"
        print(f"target {what} >= {want:g}: {verdict}")

    some = faces[: args.png_faces]
    png_exports(some[:3], args.dpi)  # warm-up: pdfium, Pillow's encoder
    t0 = time.perf_counter()
    pngs = png_exports(some, args.dpi)
    export = time.perf_counter() - t0
    t0 = time.perf_counter()
    bare_png_loop(some, args.dpi)
    bare_png = time.perf_counter() - t0
    png_rate, bare_png_rate = pngs / export, len(some) / bare_png
    print(f"PNG export at {args.dpi} dpi : {png_rate:8.1f} PNGs/s   ({pngs} PNGs: {len(some)} "
          f"faces + deck backs, {export:.2f} s)")
    print(f"bare pdfium+PNG loop   : {bare_png_rate:8.1f} PNGs/s   ({len(some)} bare pages, "
          f"{bare_png:.2f} s)")
    print(f"ratio                  : {png_rate / bare_png_rate:8.2f} x the bare PNG loop, "
          f"{png_rate / bare_rate:.3f} x the bare reportlab loop's faces/s")


if __name__ == "__main__":
    main()
