"""Layout data: card and paper sizes, and the YAML card styles with ``extends`` inheritance.

Styles live in ``compiler/styles/<kind>.yaml`` (or a directory given by the caller). A style
file may say ``extends: <other>``; mappings are merged key by key (the child wins), lists and
scalars are replaced. The drawing code reads boxes and sizes from the merged mapping through
:class:`Geometry`, which scales the reference 63 x 88 mm layout to the actual card size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from ruamel.yaml import YAML

from runeforge.diagnostics import Diagnostic, DiagnosticError

STYLE_DIR = Path(__file__).resolve().parent.parent / "styles"

# Card sizes in mm (width, height), portrait. Poker is the Runebound / standard card size;
# "mini" is the common 41 x 63 mm mini card, "tarot" the common 70 x 120 mm large card.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "mini": (41.0, 63.0),
    "tarot": (70.0, 120.0),
}
# Paper sizes in mm.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "Letter": (215.9, 279.4),
}


def _bad_option(message: str, hint: str | None = None) -> DiagnosticError:
    return DiagnosticError(Diagnostic("RF702", message, path="<options>", hint=hint))


def card_size_mm(card_size) -> tuple[float, float]:
    """Resolve ``"poker" | "mini" | "tarot" | (w_mm, h_mm)`` to millimetres (RF702 if bad)."""
    if isinstance(card_size, str):
        if card_size not in CARD_SIZES:
            raise _bad_option(
                f"unknown card size '{card_size}'",
                hint="use poker, mini, tarot or a size in mm such as 63x88",
            )
        return CARD_SIZES[card_size]
    try:
        w, h = (float(v) for v in card_size)
    except (TypeError, ValueError):
        raise _bad_option(f"card size {card_size!r} is not (width_mm, height_mm)") from None
    if not (20 <= w <= 400 and 20 <= h <= 400):
        raise _bad_option(f"card size {w}x{h} mm is out of range (20..400 mm)")
    return (w, h)


def paper_size_mm(paper: str) -> tuple[float, float]:
    if paper not in PAPER_SIZES:
        raise _bad_option(f"unknown paper '{paper}'", hint="use A4 or Letter")
    return PAPER_SIZES[paper]


def _merge(base: dict, child: dict) -> dict:
    out = dict(base)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


@lru_cache(maxsize=64)
def load_style(name: str, directory: str | None = None) -> dict:
    """The merged style mapping for ``name`` (a kind), following ``extends`` chains.

    With ``directory``, files there win over the bundled ones; a user file may extend a
    bundled style, including the one of its own name (``event.yaml: extends: event``).
    The result must have every key the bundled style of that name has (RF702 otherwise).
    """
    user = Path(directory) if directory else None
    seen: list[tuple[Path, str]] = []
    layers = []
    current: str | None = name
    while current:
        path = None
        in_user = user is not None and (user / f"{current}.yaml").is_file()
        if in_user and (user, current) not in seen:
            path, folder = user / f"{current}.yaml", user
        elif in_user and not (STYLE_DIR / f"{current}.yaml").is_file():
            path, folder = user / f"{current}.yaml", user  # seen before: a cycle, below
        elif (STYLE_DIR / f"{current}.yaml").is_file():
            path, folder = STYLE_DIR / f"{current}.yaml", STYLE_DIR
        if path is None:
            raise _bad_option(f"style '{current}' not found in {user or STYLE_DIR}")
        if (folder, current) in seen:
            chain = " -> ".join(n for _, n in seen)
            raise _bad_option(f"style 'extends' cycle: {chain} -> {current}")
        seen.append((folder, current))
        try:
            layer = _plain(YAML(typ="safe").load(path.read_text(encoding="utf-8")) or {})
        except Exception as exc:  # ruamel raises several error types
            raise _bad_option(f"style file {path} cannot be read: {exc}") from None
        if not isinstance(layer, dict):
            raise _bad_option(f"style file {path} is not a mapping")
        layers.append(layer)
        current = layer.pop("extends", None)
    data: dict = {}
    for layer in reversed(layers):
        data = _merge(data, layer)
    if user is not None and (STYLE_DIR / f"{name}.yaml").is_file():
        missing = _missing(load_style(name), data)
        if missing:
            raise _bad_option(f"style '{name}' in {user} lacks {', '.join(missing[:5])}",
                              hint=f"start it with 'extends: {name}' to inherit the bundled one")
    return data


def _missing(reference: dict, data: dict, prefix: str = "") -> list[str]:
    out = []
    for key, value in reference.items():
        if key not in data:
            out.append(prefix + key)
        elif isinstance(value, dict) and isinstance(data[key], dict):
            out.extend(_missing(value, data[key], f"{prefix}{key}."))
    return out


@dataclass(frozen=True)
class Geometry:
    """Maps the reference layout (mm, top-left origin) onto a card of ``w`` x ``h`` points."""

    style: dict
    w: float
    h: float

    @property
    def sx(self) -> float:
        return self.w / (self.style["reference"]["width"] * mm)

    @property
    def sy(self) -> float:
        return self.h / (self.style["reference"]["height"] * mm)

    @property
    def fs(self) -> float:
        """Scale of lengths drawn at the card's size (line widths, icons)."""
        return min(self.sx, self.sy)

    @property
    def ts(self) -> float:
        """Scale of font sizes: as lengths, but not below ``fonts.scale_floor`` so that
        small cards keep readable text (it shrinks to fit, with RF701 at the floor)."""
        return max(self.fs, float(self.style.get("fonts", {}).get("scale_floor", 0.0)))

    @property
    def rules_floor(self) -> float:
        """The smallest size of rules text (points, never scaled): ``floors.rules``, or
        ``floors.rules_small`` on cards narrower than ``floors.small_width`` mm (mini)."""
        f = self.style.get("floors", {})
        small = self.w < float(f.get("small_width", 0)) * mm
        return float(f.get("rules_small" if small else "rules", 0.0))

    def box(self, x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
        """Reference box -> (x, y, w, h) in points, origin at the card's bottom-left."""
        sx, sy = self.sx * mm, self.sy * mm
        return (x * sx, self.h - (y + h) * sy, w * sx, h * sy)

    def region(self, key: str, field: str = "box") -> tuple[float, float, float, float]:
        return self.box(*self.style[key][field])

    def point(self, x: float, y: float) -> tuple[float, float]:
        return (x * self.sx * mm, self.h - y * self.sy * mm)

    def length(self, value: float) -> float:
        return value * self.fs * mm

    def size(self, key: str, field: str = "size") -> float:
        return float(self.style[key][field]) * self.ts

    def colour(self, name: str):
        return _colour(self.style["colours"].get(name, name))


@lru_cache(maxsize=256)
def _colour(value: str):
    return HexColor(value)


# -- command-line option values (for `runeforge build`) -----------------------------------
_UNITS = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}


def parse_length_mm(text: str) -> float:
    """``"3mm"``, ``"0.3cm"``, ``"0.125in"``, ``"8pt"`` or a bare number (mm) -> mm."""
    value = str(text).strip().lower()
    unit = next((u for u in _UNITS if value.endswith(u)), "")
    try:
        number = float(value[: len(value) - len(unit)] if unit else value)
    except ValueError:
        raise _bad_option(f"'{text}' is not a length",
                          hint="write it like 3mm, 0.125in or 3") from None
    return number * _UNITS.get(unit, 1.0)


def parse_back_offset(text: str) -> tuple[float, float]:
    """``"X,Y"`` in mm (units allowed on each part) -> (x_mm, y_mm)."""
    parts = str(text).split(",")
    if len(parts) != 2:
        raise _bad_option(f"back offset '{text}' is not X,Y", hint="for example 0.5,-1 (mm)")
    return parse_length_mm(parts[0]), parse_length_mm(parts[1])


def parse_card_size(text: str):
    """``poker``/``mini``/``tarot`` or ``WxH`` in mm -> a value for ``card_size``."""
    value = str(text).strip().lower()
    if value in CARD_SIZES:
        return value
    parts = value.replace("mm", "").split("x")
    if len(parts) == 2:
        try:
            return card_size_mm((float(parts[0]), float(parts[1])))
        except ValueError:
            pass
    raise _bad_option(f"unknown card size '{text}'",
                      hint="use poker, mini, tarot or WxH in mm such as 63x88")
