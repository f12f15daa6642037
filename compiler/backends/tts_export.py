"""Virtual-tabletop export (``build --export tts``): Tabletop Simulator deck sheets.

Made from the PNG export's images (png_export: one per face, one back per deck), under
``tts/<pack>-<locale>/``::

    <deck>-<k>.png     sheet k of the deck: up to 10 x 7 faces, left to right, top to
                       bottom, each face the PNG export scaled to the sheet's cell; at most
                       4096 px on each side
    <deck>-back.png    the one back of the deck, at the cell's size
    <deck>.json        the sheets (image, columns, rows, cell size) and the cards on each
                       (slot, id, name in the build's locale)

Any tool that takes a grid of faces (columns x rows) can use the same sheets.
"""

from __future__ import annotations

import csv
import io
import json
import math

from . import Output

MAX_COLUMNS, MAX_ROWS, MAX_SIDE = 10, 7, 4096


def cell_size(face_px: tuple[int, int], columns: int, rows: int) -> tuple[int, int]:
    """The size of one face on a sheet of ``columns`` x ``rows``: the PNG's size, scaled
    down (never up) so the sheet is at most MAX_SIDE on each side."""
    w, h = face_px
    scale = min(1.0, MAX_SIDE / (columns * w), MAX_SIDE / (rows * h))
    return max(1, math.floor(w * scale)), max(1, math.floor(h * scale))


def scaled(image, size: tuple[int, int]):
    from PIL import Image

    return image if image.size == size else image.resize(size, Image.Resampling.LANCZOS)


def _png(image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=6)
    return out.getvalue()


def tts_outputs(png_outputs: list, folder: str, names: dict, locale: str) -> list:
    """The sheets, backs and JSON of the PNG export ``png_outputs`` of one pack and locale;
    ``names``: card id -> its printed name."""
    from PIL import Image

    prefix = f"png/{folder}/"
    files = {o.relpath[len(prefix):]: o.data for o in png_outputs
             if o.relpath.startswith(prefix)}
    rows = list(csv.DictReader(io.StringIO(files["manifest.csv"].decode("utf-8"))))
    decks: dict[str, list[dict]] = {}
    for row in rows:
        decks.setdefault(row["deck"], []).append(row)
    outputs = []
    for deck, cards in decks.items():
        per_sheet = MAX_COLUMNS * MAX_ROWS
        first = Image.open(io.BytesIO(files[cards[0]["front"]])).convert("RGB")
        back_name = next((r["back"] for r in cards if r["back"].endswith("/back.png")),
                         cards[0]["back"])
        sheets = []
        for k, start in enumerate(range(0, len(cards), per_sheet), start=1):
            chunk = cards[start:start + per_sheet]
            columns = min(MAX_COLUMNS, len(chunk))
            nrows = math.ceil(len(chunk) / columns)
            cell = cell_size(first.size, columns, nrows)
            sheet = Image.new("RGB", (columns * cell[0], nrows * cell[1]), "white")
            entries = []
            for slot, row in enumerate(chunk):
                face = Image.open(io.BytesIO(files[row["front"]])).convert("RGB")
                x, y = (slot % columns) * cell[0], (slot // columns) * cell[1]
                sheet.paste(scaled(face, cell), (x, y))
                entries.append({"slot": slot, "id": row["card"],
                                "name": names.get(row["card"], row["card"]),
                                "copies": int(row["copies"])})
            image = f"{deck}-{k}.png"
            outputs.append(Output(f"tts/{folder}/{image}", _png(sheet)))
            sheets.append({"image": image, "columns": columns, "rows": nrows,
                           "cell": list(cell), "cards": entries})
        back = Image.open(io.BytesIO(files[back_name])).convert("RGB")
        outputs.append(Output(f"tts/{folder}/{deck}-back.png",
                              _png(scaled(back, tuple(sheets[0]["cell"])))))
        doc = {"deck": deck, "locale": locale, "back": f"{deck}-back.png", "sheets": sheets}
        outputs.append(Output(f"tts/{folder}/{deck}.json",
                              (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode()))
    return outputs
