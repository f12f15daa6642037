"""Text that fits: rules text boxes and single lines, shrunk by binary search, never overflowing.

Rules text is one Paragraph per ability (bold timing tag, then the body) plus an italic
flavour paragraph. :func:`fit_text` searches one parameter ``t`` in [0, 1] that moves font
size and leading together between their floors and their design values, and checks both the
height of the stack and the widest line. If even the floor does not fit, flavour is dropped,
then the rules text is cut at a word with an ellipsis; the caller gets ``overflow=True`` and
emits RF701. Inline icon tokens become a zero-width ``<onDraw>`` hook (drawn by the face
drawer's art, e.g. ``runeforge.games.runebound.faces.art.Art.icon``) followed by no-break
spaces that reserve the icon's width.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from .faces import ICON_RE, TextBlock
from .pdf_fonts import REGULAR

_BREAKS = re.compile(r"[ \t\r\n]+")  # breaking white space; U+00A0 is not

ICON_CALLBACK = "rfIcon"
ELLIPSIS = "\u2026"
_STEPS = 7  # binary search steps on t: 1/128 resolution


@dataclass(frozen=True)
class TextSpec:
    size: float
    min_size: float
    leading: float
    min_leading: float
    para_gap: float
    icon_width: float  # ems
    colour: object
    flavour_colour: object


@dataclass
class Fitted:
    paragraphs: list  # [(Paragraph, height)]
    size: float
    gap: float
    overflow: bool  # True when text was dropped or cut at the floor
    dropped_flavour: bool = False
    cut_rules: bool = False
    lost: str = ""  # the words left out (for the warning)


@lru_cache(maxsize=1)
def _nbsp_em() -> float:
    return stringWidth("\u00a0", REGULAR, 1000) / 1000.0


def _icon_markup(name: str, icon_width: float) -> str:
    # The spaces come first: a zero-width hook right after a breaking space would be glued to
    # the previous word and could end up on another line than its reserved space. The hook
    # is called at the end of the reserved space and draws the icon to its left.
    n = max(1, round(icon_width / _nbsp_em()))
    return "\u00a0" * n + f'<onDraw name="{ICON_CALLBACK}" label="{name}"/>'


def _split(text: str) -> list[str]:
    """Words at the breaking spaces only: a no-break space (U+00A0, "1\u00a0rana") holds its
    number and noun together, as the catalogs ask (str.split() would break there)."""
    return [w for w in _BREAKS.split(text) if w]


def _body_words(text: str) -> list[str]:
    """Words of a body text; an icon-led word is glued to the one before ("2 {wound}")."""
    words: list[str] = []
    for word in _split(text):
        if words and ICON_RE.match(word):
            words[-1] += "\u00a0" + word
        else:
            words.append(word)
    return words


def _word_markup(word: str, icon_width: float) -> str:
    out, pos = [], 0
    for m in ICON_RE.finditer(word):
        out.append(escape(word[pos : m.start()]))
        out.append(_icon_markup(m.group(1), icon_width))
        pos = m.end()
    out.append(escape(word[pos:]))
    return "".join(out)


def _units(blocks: tuple[TextBlock, ...], flavour: str | None) -> list[list[tuple[str, str]]]:
    """Paragraphs as lists of (style, word); style is 'b' (tag), 'r' (body) or 'i' (flavour)."""
    paras = []
    for block in blocks:
        words = []
        if block.tag:
            tag_words = _split(block.tag)
            tag_words[-1] += ":"
            words.extend(("b", w) for w in tag_words)
        words.extend(("r", w) for w in _body_words(block.body))
        if words:
            paras.append(words)
    if flavour and flavour.strip():
        paras.append([("i", w) for w in _split(flavour)])
    return paras


def _markup(words: list[tuple[str, str]], icon_width: float, cut: bool) -> str:
    parts, current, run = [], None, []
    for i, (kind, word) in enumerate(words):
        text = _word_markup(word, icon_width)
        if cut and i == len(words) - 1:
            text += ELLIPSIS
        if kind != current and run:
            parts.append(_wrap(current, " ".join(run)))
            run = []
        current = kind
        run.append(text)
    if run:
        parts.append(_wrap(current, " ".join(run)))
    return " ".join(parts)


def _wrap(kind: str, text: str) -> str:
    return {"b": "<b>%s</b>", "i": "<i>%s</i>"}.get(kind, "%s") % text


@lru_cache(maxsize=512)
def _pstyle(size: float, leading: float, colour, italic: bool) -> ParagraphStyle:
    return ParagraphStyle(
        f"rf-{size:.3f}-{leading:.3f}-{italic}",
        fontName=REGULAR,
        fontSize=size,
        leading=leading,
        textColor=colour,
        alignment=TA_LEFT,
        splitLongWords=1,
        spaceShrinkage=0,  # never let a left-aligned line run past the box
        allowWidows=1,
        allowOrphans=1,
    )


class _Layout:
    def __init__(self, paras, spec: TextSpec, width: float, height: float):
        self.paras, self.spec, self.width, self.height = paras, spec, width, height
        self._markups: dict = {}

    def markup(self, index: int, words, cut: bool) -> str:
        key = (index, len(words), cut)
        if key not in self._markups:
            self._markups[key] = _markup(words, self.spec.icon_width, cut)
        return self._markups[key]

    def build(self, t: float, paras) -> tuple[bool, Fitted]:
        s = self.spec
        size = s.min_size + t * (s.size - s.min_size)
        leading = size * (s.min_leading + t * (s.leading - s.min_leading))
        gap = size * s.para_gap
        out, total, widest = [], 0.0, 0.0
        for index, (words, cut) in enumerate(paras):
            italic = words[0][0] == "i"
            colour = s.flavour_colour if italic else s.colour
            para = Paragraph(self.markup(index, words, cut), _pstyle(size, leading, colour, italic))
            _, h = para.wrap(self.width, self.height * 4)
            widths = para.getActualLineWidths0() if h else [0.0]
            widest = max(widest, max(widths) if widths else 0.0)
            out.append((para, h))
            total += h
        total += gap * max(0, len(out) - 1)
        fits = total <= self.height + 1e-6 and widest <= self.width + 1e-6
        return fits, Fitted(out, size, gap, overflow=False)

    def search(self, paras) -> Fitted | None:
        """Largest t that fits, or None when even t = 0 does not fit."""
        ok, best = self.build(1.0, paras)
        if ok:
            return best
        ok, best = self.build(0.0, paras)
        if not ok:
            return None
        lo, hi = 0.0, 1.0
        for _ in range(_STEPS):
            mid = (lo + hi) / 2
            ok, fitted = self.build(mid, paras)
            if ok:
                lo, best = mid, fitted
            else:
                hi = mid
        return best


def fit_text(
    blocks: tuple[TextBlock, ...], flavour: str | None, width: float, height: float,
    spec: TextSpec,
) -> Fitted:  # fmt: skip
    """Lay out rules text and flavour in a ``width`` x ``height`` box (points)."""
    units = _units(blocks, flavour)
    layout = _Layout(units, spec, width, height)
    full = [(words, False) for words in units]
    fitted = layout.search(full)
    if fitted is not None:
        return fitted
    has_flavour = bool(units) and units[-1][0][0] == "i"
    rules = units[:-1] if has_flavour else units
    if has_flavour:
        fitted = layout.search([(w, False) for w in rules])
        if fitted is not None:
            fitted.overflow = fitted.dropped_flavour = True
            fitted.lost = _plain(units[-1])
            return fitted
    # Cut the rules text at the floor: binary search on the number of words kept.
    flat = [(i, j) for i, words in enumerate(rules) for j in range(len(words))]

    def keep(k: int):
        if k == 0:
            return []
        last_p, last_w = flat[k - 1]
        kept = [(rules[i], False) for i in range(last_p)]
        kept.append((rules[last_p][: last_w + 1], True))
        return kept

    lo, hi, best = 0, len(flat), Fitted([], spec.min_size, 0.0, overflow=True)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        ok, fitted = _Layout(units, spec, width, height).build(0.0, keep(mid))
        if ok:
            lo, best = mid, fitted
        else:
            hi = mid - 1
    best.overflow = best.cut_rules = True
    best.dropped_flavour = has_flavour
    left = flat[lo:]
    best.lost = " ".join(w for _, w in (rules[i][j] for i, j in left))
    if has_flavour:
        best.lost = (best.lost + " / " + _plain(units[-1])).strip(" /")
    return best


def _plain(words) -> str:
    return ICON_RE.sub("", " ".join(w for _, w in words))


def draw_fitted(canvas, fitted: Fitted, x: float, y: float, width: float, height: float):
    """Draw a fitted stack top-down in the box (x, y bottom-left), clipped to the box."""
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(x, y, width, height)
    canvas.clipPath(path, stroke=0, fill=0)
    top = y + height
    for para, h in fitted.paragraphs:
        top -= h
        para.drawOn(canvas, x, top)
        top -= fitted.gap
    canvas.restoreState()


def fit_line(text: str, font: str, size: float, min_size: float, width: float):
    """Shrink one line to ``width``; cut it with an ellipsis at ``min_size``.

    Returns (text, size, overflow)."""
    natural = stringWidth(text, font, size)
    if natural <= width:
        return text, size, False
    scaled = size * width / natural
    if scaled >= min_size:
        return text, scaled * 0.999, False
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if stringWidth(text[:mid].rstrip() + ELLIPSIS, font, min_size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return (text[:lo].rstrip() + ELLIPSIS) if lo else "", min_size, True
