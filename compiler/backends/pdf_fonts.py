"""The one font family used on proxy cards: Noto Sans (Latin Extended, Greek, Cyrillic).

``fontpkg-noto-sans`` ships two variable fonts (upright and italic). reportlab draws a
variable font only at its default instance, so static Regular, Bold and Italic instances are
made once with :func:`fontTools.varLib.instancer.instantiateVariableFont` and cached in the
user cache directory (``$XDG_CACHE_HOME/runeforge/fonts`` or ``~/.cache/runeforge/fonts``;
``RUNEFORGE_FONT_CACHE`` overrides it), keyed by the SHA-256 of the source file. The layout
tables (GSUB/GPOS/GDEF/STAT) are dropped before instancing: reportlab does not use them and
keeping them makes instancing about 7x slower. Cache files are written atomically.

System fonts are never consulted. reportlab embeds and subsets the TTFs (FontFile2).
"""

from __future__ import annotations

import hashlib
import io
import os
import re
from functools import lru_cache
from pathlib import Path

import fontpkg_noto_sans
from fontTools.ttLib import TTFont as FTFont

from runeforge.diagnostics import Diagnostic

from ..atomic import write_bytes_atomic

REGULAR = "RF-NotoSans"
BOLD = "RF-NotoSans-Bold"
ITALIC = "RF-NotoSans-Italic"
FAMILY = "RF-NotoSans-Family"

# name -> (source file, axis location)
_INSTANCES = {
    REGULAR: ("NotoSans[wdth,wght].ttf", {"wght": 400, "wdth": 100}),
    BOLD: ("NotoSans[wdth,wght].ttf", {"wght": 700, "wdth": 100}),
    ITALIC: ("NotoSans-Italic[wdth,wght].ttf", {"wght": 400, "wdth": 100}),
}
_DROP_TABLES = ("GSUB", "GPOS", "GDEF", "STAT", "MVAR", "HVAR")
# Characters that are layout-only and need no glyph check.
_IGNORABLE = set("\n\r\t\u00a0\u200b")


def cache_dir() -> Path:
    override = os.environ.get("RUNEFORGE_FONT_CACHE")
    if override:
        return Path(override)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "runeforge" / "fonts"


def _source(name: str) -> Path:
    return Path(fontpkg_noto_sans.ROOT) / "files" / name


@lru_cache(maxsize=None)
def _file_hash(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()[:16]


def _write_atomic(path: Path, font: FTFont) -> None:
    buf = io.BytesIO()
    font.save(buf)
    write_bytes_atomic(path, buf.getvalue())


def instance_path(name: str) -> Path:
    """Path of the cached static instance ``name`` (made on first use)."""
    from fontTools.varLib.instancer import instantiateVariableFont

    src_name, location = _INSTANCES[name]
    src = _source(src_name)
    axes = "-".join(f"{k}{v}" for k, v in sorted(location.items()))
    target = cache_dir() / f"{name}-{_file_hash(src)}-{axes}-v2.ttf"
    if target.exists():
        return target
    font = FTFont(src)
    for tag in _DROP_TABLES:
        if tag in font:
            del font[tag]
    static = instantiateVariableFont(font, location, updateFontNames=False)
    # Distinct names: reportlab identifies embedded faces by their PostScript name.
    names = static["name"]
    for record in list(names.names):
        if record.nameID in (1, 2, 3, 4, 6, 16, 17):
            names.removeNames(nameID=record.nameID)
    subfamily = {REGULAR: "Regular", BOLD: "Bold", ITALIC: "Italic"}[name]
    for name_id, value in ((1, "Runeforge Noto Sans"), (2, subfamily),
                           (3, f"{name}-{_file_hash(src)}"), (4, f"Runeforge Noto Sans {subfamily}"),
                           (6, name)):  # fmt: skip
        names.setName(value, name_id, 3, 1, 0x409)
    _write_atomic(target, static)
    return target


@lru_cache(maxsize=None)
def register_fonts() -> dict[str, str]:
    """Register Regular/Bold/Italic with reportlab once per process; return role -> name."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in _INSTANCES:
        pdfmetrics.registerFont(TTFont(name, str(instance_path(name))))
    # <b>, <i> and <b><i> inside Paragraphs. There is no bold italic face: bold wins.
    for family in (REGULAR, BOLD, ITALIC):
        addMapping(family, 0, 0, REGULAR)
        addMapping(family, 1, 0, BOLD)
        addMapping(family, 0, 1, ITALIC)
        addMapping(family, 1, 1, BOLD)
    return {"regular": REGULAR, "bold": BOLD, "italic": ITALIC}


@lru_cache(maxsize=None)
def _cmaps() -> tuple[frozenset, ...]:
    maps = []
    for name in _INSTANCES:
        font = FTFont(str(instance_path(name)), lazy=True)
        maps.append(frozenset(font.getBestCmap()))
        font.close()
    return tuple(maps)


def missing_glyphs(text: str) -> set[str]:
    """Characters of ``text`` that one of the card faces (Regular, Bold, Italic) cannot draw."""
    cmaps = _cmaps()
    missing = set()
    for ch in set(text):
        if ch in _IGNORABLE:
            continue
        if not all(ord(ch) in cmap for cmap in cmaps):
            missing.add(ch)
    return missing


def glyph_diagnostics(card_id: str, locale: str, strings) -> list[Diagnostic]:
    """RF604 warnings for every string of a card face that has a character the font lacks."""
    out = []
    seen: set[str] = set()
    for text in strings:
        if not text:
            continue
        for ch in sorted(missing_glyphs(text) - seen):
            seen.add(ch)
            out.append(
                Diagnostic(
                    code="RF604",
                    message=(
                        f"card '{card_id}' ({locale}): character {ch!r} (U+{ord(ch):04X}) "
                        f"is not in the card font Noto Sans; it would print as an empty box"
                    ),
                    path=card_id,
                    severity="warning",
                    hint="use another character or transliterate it",
                    extra={"card": card_id, "locale": locale, "char": ch},
                )
            )
    return out


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width`` where the words allow, broken at ordinary
    spaces only: a no-break space ("1\u00a0урон", as the catalogs write a number and its
    noun) holds its two words on one line (reportlab's simpleSplit breaks there). A word
    wider than ``width`` stands alone on its line. Every face that draws text line by line
    (Delve's, the campaign's) breaks it here."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for word in (w for w in re.split(r"[ \t\r\n]+", text) if w):
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines
