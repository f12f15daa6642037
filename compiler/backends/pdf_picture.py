"""Card art: a card's ``art:`` image (PNG or JPEG) placed in its face's art box.

:func:`resolve_art` checks every card's ``art:`` once per build, at the card's place in its
YAML file: a path that leaves the content folder (RF713), a missing file (RF710), a file that
is not a readable PNG or JPEG (RF711) are errors; an image under 300 dpi at the size it is
printed is a warning (RF712); a kind whose face has no art box (its style says
``art: {picture: false}``) gets a warning (RF714) and no picture. The build puts each
resolved :class:`Picture` into the face's ``stats["art"]``; the face drawer calls
:func:`draw_picture`, which crops the image to fill the box, centred or around the card's
``art_focus: [x, y]`` (0..1 from the image's top-left). A card without art keeps the panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.units import mm

from runeforge.diagnostics import Diagnostic

MIN_DPI = 300
FORMATS = ("PNG", "JPEG")


@dataclass(frozen=True)
class Picture:
    """A checked image: its file, pixel size and focus point (x, y from the top-left)."""

    path: str
    width: int
    height: int
    focus: tuple[float, float] = (0.5, 0.5)


def art_box_mm(kind: str, card_mm) -> tuple[float, float] | None:
    """The printed size (mm) of the art box of ``kind`` on a card of ``card_mm``, or None
    when that kind's face has no art box."""
    from .pdf_style import load_style

    try:
        style = load_style(kind)
    except Exception:  # an unknown kind draws with the encounter style
        style = load_style("encounter")
    art = style.get("art") or {}
    if not art.get("picture", True) or "box" not in art:
        return None
    ref = style["reference"]
    _, _, w, h = art["box"]
    return w * card_mm[0] / ref["width"], h * card_mm[1] / ref["height"]


def effective_dpi(width: int, height: int, box_mm) -> float:
    """Pixels per inch of an image cropped to fill a box of ``box_mm`` (the lower axis)."""
    bw, bh = box_mm
    scale = max(bw / width, bh / height)  # mm per pixel after cropping to fill
    return 25.4 / scale


def _inside(path: Path, root: Path) -> bool:
    try:
        path.resolve().relative_to(root.resolve())
    except ValueError:
        return False
    return True


def _read(path: Path):
    """(format, width, height) of an image file, or an error message."""
    import warnings

    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as img:
                fmt, size = img.format, img.size
                img.verify()
    except (UnidentifiedImageError, Image.DecompressionBombWarning,
            Image.DecompressionBombError) as exc:
        return f"cannot be read as an image ({exc.__class__.__name__})"
    except (OSError, SyntaxError, ValueError) as exc:
        return f"cannot be read as an image ({exc})"
    if fmt not in FORMATS:
        return f"is a {fmt} image; use PNG or JPEG"
    return fmt, size[0], size[1]


def resolve_art(cards, packs, card_mm, warn_kinds=True):
    """``({card id: Picture}, diagnostics)`` for the cards with ``art:``."""
    pictures: dict[str, Picture] = {}
    diags: list[Diagnostic] = []
    for card in cards:
        data = card.data if isinstance(card.data, dict) else {}
        art = data.get("art")
        if not isinstance(art, str) or not art:
            continue
        pack = packs.get(card.pack)
        root = Path(pack.root) if pack is not None else Path(card.path).parent
        path = Path(card.path).parent / art
        if Path(art).is_absolute() or not _inside(path, root):
            diags.append(card.diag("RF713", f"art '{art}' of card '{card.id}' is outside the "
                                   f"content folder {root}", "art",
                                   hint="keep images inside the pack's folder, e.g. art/x.png"))
            continue
        if not path.is_file():
            diags.append(card.diag("RF710", f"art file '{art}' of card '{card.id}' not found "
                                   f"(looked for {path})", "art",
                                   hint="the path is relative to the card's YAML file"))
            continue
        info = _read(path)
        if isinstance(info, str):
            diags.append(card.diag("RF711", f"art file '{art}' of card '{card.id}' {info}",
                                   "art", hint="save it as PNG or JPEG"))
            continue
        _, width, height = info
        box = art_box_mm(card.kind, card_mm)
        if box is None:
            if warn_kinds:
                diags.append(card.diag("RF714", f"a {card.kind} face has no art box; the art "
                                       f"of card '{card.id}' is not printed", "art",
                                       severity="warning",
                                       hint="art is printed on kinds with an art panel"))
            continue
        dpi = effective_dpi(width, height, box)
        if dpi < MIN_DPI:
            need = (round(box[0] / 25.4 * MIN_DPI), round(box[1] / 25.4 * MIN_DPI))
            diags.append(card.diag("RF712", f"art '{art}' of card '{card.id}' prints at "
                                   f"{dpi:.0f} dpi ({width}x{height} px in a {box[0]:.0f}x"
                                   f"{box[1]:.0f} mm box); under {MIN_DPI} dpi it looks soft",
                                   "art", severity="warning",
                                   hint=f"use an image of at least {need[0]}x{need[1]} px"))
        focus = data.get("art_focus") or (0.5, 0.5)
        pictures[card.id] = Picture(str(path.resolve()), width, height,
                                    (float(focus[0]), float(focus[1])))
    return pictures, diags


def placement(picture: Picture, box) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the whole image so that it fills ``box`` (x, y, w, h; PDF points) with
    its focus point as near the box centre as the image allows."""
    bx, by, bw, bh = box
    scale = max(bw / picture.width, bh / picture.height)
    dw, dh = picture.width * scale, picture.height * scale
    fx, fy = picture.focus
    x = min(0.0, max(bw - dw, bw / 2 - fx * dw))
    y = min(0.0, max(bh - dh, bh / 2 - (1 - fy) * dh))
    return bx + x, by + y, dw, dh


def draw_picture(c, picture, box, radius: float = 1.2 * mm) -> None:
    """Draw ``picture`` (a :class:`Picture`, or None: nothing) cropped to fill ``box``."""
    if not isinstance(picture, Picture):
        return
    x, y, w, h = placement(picture, box)
    c.saveState()
    p = c.beginPath()
    p.roundRect(*box, radius)
    c.clipPath(p, stroke=0, fill=0)
    profile = getattr(c, "runeforge_cmyk_profile", None)  # set by a --colour cmyk document
    if profile is not None:
        from reportlab.lib.utils import ImageReader

        from .pdf_x import cmyk_art

        c.drawImage(ImageReader(cmyk_art(picture.path, profile or None)), x, y, w, h)
    else:
        c.drawImage(picture.path, x, y, w, h)
    c.restoreState()
