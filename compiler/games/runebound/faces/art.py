"""Repeated vector art, each drawn once per document as a PDF form (beginForm/doForm).

Icons are drawn in a 10 x 10 unit box with the origin at the bottom-left; :func:`draw_icon`
scales one to a given size. Frames and backs are drawn at the actual card size, with room
for bleed. No form contains text, so text extraction only sees card text.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor, white

ICONS = (
    "wound", "exhaustion", "gold", "mind", "body", "spirit",
    "sun", "activated", "one-use", "constant", "familiar",
)  # fmt: skip

# base colour of a back per deck family (own: an adventure's own decks)
_BACK_BASE = {
    "hero": "#4a1d14",
    "market": "#352b4a",
    "adventure": "#3a3026",
    "own": "#1f2f3a",
}


def _c(style: dict, name: str):
    return HexColor(style["colours"].get(name, name))


def _star(path, cx, cy, r_out, r_in, points=5):
    import math

    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.pi / 2 + i * math.pi / points
        x, y = cx + r * math.cos(a), cy + r * math.sin(a)
        if i == 0:
            path.moveTo(x, y)
        else:
            path.lineTo(x, y)
    path.close()


def _icon(c, name: str, style: dict) -> None:
    """Draw icon ``name`` in the 10 x 10 box."""
    import math

    c.setLineJoin(1)
    c.setLineCap(1)
    if name == "wound":  # a drop of blood
        c.setFillColor(_c(style, "wound"))
        p = c.beginPath()
        p.moveTo(5, 9.6)
        p.curveTo(3.4, 7.0, 1.6, 5.2, 1.6, 3.5)
        p.curveTo(1.6, 1.5, 3.2, 0.3, 5, 0.3)
        p.curveTo(6.8, 0.3, 8.4, 1.5, 8.4, 3.5)
        p.curveTo(8.4, 5.2, 6.6, 7.0, 5, 9.6)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif name == "exhaustion":  # a blue token with a bolt
        c.setFillColor(_c(style, "exhaustion"))
        c.circle(5, 5, 4.7, stroke=0, fill=1)
        c.setFillColor(white)
        p = c.beginPath()
        for x, y in ((5.8, 8.6), (3.0, 4.6), (4.9, 4.6), (4.2, 1.4), (7.0, 5.6), (5.1, 5.6)):
            p.lineTo(x, y) if p.getCode() else p.moveTo(x, y)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif name == "gold":  # a coin
        c.setFillColor(_c(style, "gold"))
        c.setStrokeColor(HexColor("#7a5a0a"))
        c.setLineWidth(0.7)
        c.circle(5, 5, 4.5, stroke=1, fill=1)
        c.setLineWidth(0.5)
        c.circle(5, 5, 2.9, stroke=1, fill=0)
    elif name == "mind":  # ranged: a target
        c.setStrokeColor(_c(style, "mind"))
        c.setFillColor(_c(style, "mind"))
        c.setLineWidth(1.0)
        c.circle(5, 5, 4.3, stroke=1, fill=0)
        c.circle(5, 5, 2.4, stroke=1, fill=0)
        c.circle(5, 5, 0.9, stroke=0, fill=1)
    elif name == "body":  # melee: a sword
        c.setStrokeColor(_c(style, "body"))
        c.setLineWidth(1.3)
        c.line(2.0, 2.0, 8.8, 8.8)
        c.line(1.4, 4.4, 4.4, 1.4)
        c.setLineWidth(1.6)
        c.line(0.9, 0.9, 2.0, 2.0)
    elif name == "spirit":  # magic: a star
        c.setFillColor(_c(style, "spirit"))
        p = c.beginPath()
        _star(p, 5, 4.7, 4.9, 2.0)
        c.drawPath(p, stroke=0, fill=1)
    elif name == "sun":  # renewal
        c.setFillColor(_c(style, "sun"))
        c.setStrokeColor(_c(style, "sun"))
        c.setLineWidth(0.8)
        for i in range(8):
            a = i * math.pi / 4
            c.line(5 + 3.0 * math.cos(a), 5 + 3.0 * math.sin(a),
                   5 + 4.8 * math.cos(a), 5 + 4.8 * math.sin(a))  # fmt: skip
        c.circle(5, 5, 2.4, stroke=0, fill=1)
    elif name == "activated":  # a turning arrow: the card is rotated to use it
        c.setStrokeColor(_c(style, "ink"))
        c.setFillColor(_c(style, "ink"))
        c.setLineWidth(1.0)
        c.arc(1.2, 1.2, 8.8, 8.8, startAng=100, extent=250)
        p = c.beginPath()
        p.moveTo(5.9, 9.9)
        p.lineTo(3.5, 8.8)
        p.lineTo(5.6, 7.2)
        p.close()
        c.drawPath(p, stroke=0, fill=1)
    elif name == "one-use":  # crossed circle: discarded after use
        c.setStrokeColor(_c(style, "ink"))
        c.setLineWidth(1.0)
        c.circle(5, 5, 4.2, stroke=1, fill=0)
        c.line(2.6, 2.6, 7.4, 7.4)
        c.line(2.6, 7.4, 7.4, 2.6)
    elif name == "constant":  # an endless loop
        c.setStrokeColor(_c(style, "ink"))
        c.setLineWidth(1.0)
        c.circle(3.0, 5, 2.1, stroke=1, fill=0)
        c.circle(7.0, 5, 2.1, stroke=1, fill=0)
    elif name == "familiar":  # a paw
        c.setFillColor(white)
        c.ellipse(3.0, 0.8, 7.0, 4.6, stroke=0, fill=1)
        for x, y in ((1.6, 5.0), (3.9, 7.1), (6.1, 7.1), (8.4, 5.0)):
            c.circle(x, y, 1.15, stroke=0, fill=1)
    else:  # pragma: no cover - ICONS lists every name
        raise KeyError(name)


class Art:
    """Forms for one document: icons, frames per (kind, colour) and backs."""

    def __init__(self, canvas, w: float, h: float, bleed: float, styles) -> None:
        self.c = canvas
        self.w, self.h, self.bleed = w, h, bleed
        self.styles = styles  # kind -> Geometry
        self._made: set[str] = set()

    def _form(self, name: str, draw, bbox) -> str:
        if name not in self._made:
            self.c.beginForm(name, *bbox)
            self.c.saveState()
            draw(self.c)
            self.c.restoreState()
            self.c.endForm()
            self._made.add(name)
        return name

    def icon(self, name: str, x: float, y: float, size: float) -> None:
        """Draw icon ``name`` with its box's bottom-left at (x, y), ``size`` points wide."""
        style = self.styles["hero"].style
        form = self._form(f"rf-icon-{name}", lambda c: _icon(c, name, style), (0, 0, 10, 10))
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.scale(size / 10.0, size / 10.0)
        c.doForm(form)
        c.restoreState()

    def frame(self, kind: str, accent, panels=None) -> None:
        """The card's border, paper and header band, drawn at the card origin."""
        geo = self.styles[kind]
        key = f"rf-frame-{kind}-{accent}"
        b = self.bleed

        def draw(c):
            style = geo.style
            c.setFillColor(geo.colour(accent))
            c.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, stroke=0, fill=1)
            inset = geo.length(style["frame"]["inset"])
            radius = geo.length(style["frame"]["radius"])
            c.setFillColor(geo.colour("paper"))
            c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset, radius,
                        stroke=0, fill=1)  # fmt: skip
            x, y, w, h = geo.region("header")
            c.setFillColor(geo.colour(accent))
            c.roundRect(x, y, w, h, geo.length(style["header"]["radius"]), stroke=0, fill=1)
            tx, ty, tw, th = geo.region("text")
            c.setStrokeColor(geo.colour("panel_line"))
            c.setLineWidth(0.4 * geo.fs)
            c.line(tx, ty + th + geo.length(0.6), tx + tw, ty + th + geo.length(0.6))
            if panels:
                panels(c)

        self._form(key, draw, (-b, -b, self.w + b, self.h + b))
        self.c.doForm(key)

    def back(self, key: str, kind: str, colour: str | None) -> str:
        """The back every card of deck ``key`` shares, drawn at the card origin; returns the
        form's name. Its colour is told by a pattern and a pip shape as well as by hue
        (``BACK_MARKS``), so colour-blind players sort and shuffle by shape too. The deck's
        name is drawn over it by the caller (text stays out of forms)."""
        geo = self.styles[kind if kind in self.styles else "encounter"]
        name = "rf-back-" + "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in key)
        b = self.bleed
        mark = BACK_MARKS.get(colour or "", BACK_MARKS[""])
        base = HexColor(_BACK_BASE.get(_deck_family(key, kind), "#333333"))
        own = _deck_family(key, kind) == "own"

        def draw(c):
            style = geo.style
            c.setFillColor(base)
            c.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, stroke=0, fill=1)
            tone = geo.colour(colour) if colour else HexColor("#c9b68a")
            step = geo.length(style["back"]["step"])
            _back_pattern(c, mark["pattern"], tone, step, -b, -b, self.w + 2 * b,
                          self.h + 2 * b, 0.5 * geo.fs)  # fmt: skip
            inset = geo.length(style["back"]["inset"])
            c.setStrokeColor(tone)
            c.setLineWidth(1.2 * geo.fs)
            c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset,
                        geo.length(2.5), stroke=1, fill=0)  # fmt: skip
            if own:  # an adventure's own deck: a second frame line inside the first
                gap = geo.length(1.6)
                c.roundRect(inset + gap, inset + gap, self.w - 2 * (inset + gap),
                            self.h - 2 * (inset + gap), geo.length(1.8), stroke=1, fill=0)
            cx, cy, r = self.w / 2, self.h * 0.58, min(self.w, self.h) * 0.22
            c.setFillColor(base)
            c.circle(cx, cy, r, stroke=1, fill=1)
            # the pip: a filled shape per colour (or per deck for the colourless decks)
            c.setFillColor(tone)
            c.setStrokeColor(HexColor("#fbf7ec"))
            c.setLineWidth(0.8 * geo.fs)
            shape = mark["pip"] if colour else {"hero": "shield", "market": "coin"}.get(
                key, "circle")
            _pip(c, shape, cx, cy, r * 0.62)
            # the band that carries the deck's name
            c.setFillColor(HexColor("#fbf7ec"))
            bx, by, bw, bh = back_band(self.w, self.h)
            c.roundRect(bx, by, bw, bh, geo.length(1.2), stroke=0, fill=1)

        self._form(name, draw, (-b, -b, self.w + b, self.h + b))
        self.c.doForm(name)
        return name


# How a colour looks on a back besides its hue: a pattern of lines and a pip shape.
BACK_MARKS = {
    "green": {"pattern": "vertical", "pip": "triangle"},
    "yellow": {"pattern": "dots", "pip": "circle"},
    "blue": {"pattern": "horizontal", "pip": "square"},
    "red": {"pattern": "cross", "pip": "star"},
    "": {"pattern": "diagonal", "pip": "circle"},
}


def _deck_family(key: str, kind: str) -> str:
    if key.startswith("adventure-"):
        return "adventure"
    if key in ("hero", "market"):
        return key
    if kind in ("challenge", "event", "encounter"):
        return "own"
    return kind


def back_band(w: float, h: float) -> tuple[float, float, float, float]:
    """Where a back's name band is (card coordinates): under the emblem."""
    return (w * 0.12, h * 0.18, w * 0.76, h * 0.17)


def _back_pattern(c, pattern, tone, step, x0, y0, w, h, width) -> None:
    c.saveState()
    c.setStrokeColor(tone)
    c.setFillColor(tone)
    c.setLineWidth(width)
    lines = []
    if pattern == "vertical":
        lines = [(x0 + i * step / 2, y0, x0 + i * step / 2, y0 + h)
                 for i in range(int(2 * w / step) + 2)]
    elif pattern == "horizontal":
        lines = [(x0, y0 + i * step / 2, x0 + w, y0 + i * step / 2)
                 for i in range(int(2 * h / step) + 2)]
    elif pattern in ("cross", "diagonal"):
        n = int((w + h) / step) + 2
        for i in range(-n, n):
            lines.append((x0 + i * step, y0, x0 + i * step + h, y0 + h))
            if pattern == "cross":
                lines.append((x0 + i * step, y0 + h, x0 + i * step + h, y0))
    elif pattern == "dots":
        r = step * 0.09
        for i in range(int(w / (step / 2)) + 2):
            for j in range(int(h / (step / 2)) + 2):
                c.circle(x0 + i * step / 2 + (step / 4 if j % 2 else 0), y0 + j * step / 2, r,
                         stroke=0, fill=1)  # fmt: skip
    if lines:
        c.lines(lines)
    c.restoreState()


def _pip(c, shape: str, cx: float, cy: float, r: float) -> None:
    """A filled shape: triangle, circle, square, star, shield or coin."""
    import math

    p = c.beginPath()
    if shape == "circle":
        p.circle(cx, cy, r * 0.85)
    elif shape == "coin":
        p.circle(cx, cy, r * 0.85)
        p.circle(cx, cy, r * 0.55)
    elif shape == "square":
        s = r * 0.72
        p.rect(cx - s, cy - s, 2 * s, 2 * s)
    elif shape == "star":
        _star(p, cx, cy - r * 0.05, r, r * 0.42)
    elif shape == "shield":
        p.moveTo(cx - r * 0.75, cy + r * 0.75)
        p.lineTo(cx + r * 0.75, cy + r * 0.75)
        p.curveTo(cx + r * 0.75, cy - r * 0.1, cx + r * 0.4, cy - r * 0.6, cx, cy - r * 0.95)
        p.curveTo(cx - r * 0.4, cy - r * 0.6, cx - r * 0.75, cy - r * 0.1, cx - r * 0.75,
                  cy + r * 0.75)  # fmt: skip
        p.close()
    else:  # triangle
        for i in range(3):
            a = math.pi / 2 + i * 2 * math.pi / 3
            x, y = cx + r * math.cos(a), cy - r * 0.15 + r * math.sin(a)
            p.lineTo(x, y) if i else p.moveTo(x, y)
        p.close()
    c.drawPath(p, stroke=1, fill=1, fillMode=0)
