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

_BACK_BASE = {
    "hero": "#4a1d14",
    "ally": "#1d4239",
    "item": "#352b4a",
    "challenge": "#3a3026",
    "event": "#4d3d12",
    "encounter": "#22344d",
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

    def back(self, kind: str, colour: str | None) -> None:
        """The back of a card of ``kind`` (and ``colour``), drawn at the card origin."""
        geo = self.styles[kind]
        key = f"rf-back-{kind}-{colour or 'none'}"
        b = self.bleed

        def draw(c):
            style = geo.style
            base = HexColor(_BACK_BASE.get(kind, "#333333"))
            c.setFillColor(base)
            c.rect(-b, -b, self.w + 2 * b, self.h + 2 * b, stroke=0, fill=1)
            tone = geo.colour(colour) if colour else HexColor("#c9b68a")
            c.setStrokeColor(tone)
            c.setStrokeAlpha(1)
            c.setLineWidth(0.35)
            step = geo.length(style["back"]["step"])
            n = int((self.w + self.h) / step) + 2
            for i in range(-n, n):
                x0 = i * step
                c.line(x0, 0, x0 + self.h, self.h)
                c.line(x0, self.h, x0 + self.h, 0)
            inset = geo.length(style["back"]["inset"])
            c.setFillColor(base)
            c.setLineWidth(1.2 * geo.fs)
            c.roundRect(inset, inset, self.w - 2 * inset, self.h - 2 * inset,
                        geo.length(2.5), stroke=1, fill=0)  # fmt: skip
            cx, cy, r = self.w / 2, self.h / 2, min(self.w, self.h) * 0.22
            c.circle(cx, cy, r, stroke=1, fill=1)
            _emblem(c, kind, cx, cy, r * 0.62)

        self._form(key, draw, (-b, -b, self.w + b, self.h + b))
        self.c.doForm(key)


def _emblem(c, kind: str, cx: float, cy: float, r: float) -> None:
    """A shape per kind in the middle of a back, so sorted piles are told apart."""
    import math

    sides = {"hero": 3, "ally": 0, "item": 4, "challenge": 4, "event": 8, "encounter": 6}
    n = sides.get(kind, 5)
    p = c.beginPath()
    if n == 0:
        p.circle(cx - r * 0.45, cy, r * 0.5)
        p.circle(cx + r * 0.45, cy, r * 0.5)
    else:
        rot = math.pi / 4 if kind == "item" else math.pi / 2
        for i in range(n):
            a = rot + i * 2 * math.pi / n
            x, y = cx + r * math.cos(a), cy + r * math.sin(a)
            p.lineTo(x, y) if i else p.moveTo(x, y)
        p.close()
    c.drawPath(p, stroke=1, fill=0)
