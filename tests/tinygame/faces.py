"""The tiny game's face style: a plain face value, its own drawing (a die-pip border, no
Runebound frame) and its own back."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor

from .dialect import parse, print_ability

INK, PAPER, ACCENT = HexColor("#1b2a4a"), HexColor("#f4efe1"), HexColor("#c2410c")


@dataclass(frozen=True)
class TinyFace:
    id: str
    kind: str
    name: str
    locale: str
    pack: str
    lines: tuple[str, ...]
    count: int = 1

    def label(self, key: str) -> str:
        return {"print_note": "Tiny game proxy: print at 100 %."}.get(key, key)


def faces(cards, locale: str) -> list[TinyFace]:
    out = []
    for card in cards:
        lines = [print_ability(parse(t)) for t in card.data.get("abilities", []) or []
                 if isinstance(t, str)]
        if card.kind == "fighter":
            lines.insert(0, f"Health {card.data.get('health')}")
        out.append(TinyFace(card.id, card.kind, card.name, locale, card.pack, tuple(lines),
                            int(card.data.get("count", 1))))
    return out


class TinyDrawer:
    def __init__(self, canvas, w, h, bleed, warn):
        self.c, self.w, self.h = canvas, w, h

    def draw_face(self, face: TinyFace, x: float, y: float) -> None:
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.setFillColor(PAPER)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(3)
        c.roundRect(2, 2, self.w - 4, self.h - 4, 10, fill=1, stroke=1)
        c.setFillColor(ACCENT)
        for px, py in ((12, 12), (self.w - 12, 12), (12, self.h - 12), (self.w - 12, self.h - 12)):
            c.circle(px, py, 4, fill=1, stroke=0)
        c.setFillColor(INK)
        c.setFont("Helvetica-Bold", 12)
        c.drawCentredString(self.w / 2, self.h - 34, face.name)
        c.setFont("Helvetica-Oblique", 8)
        c.drawCentredString(self.w / 2, self.h - 48, f"Tiny game - {face.kind}")
        c.setFont("Helvetica", 9)
        for i, line in enumerate(face.lines):
            c.drawString(14, self.h - 80 - 14 * i, line)
        c.restoreState()

    def draw_back(self, face: TinyFace, x: float, y: float) -> None:
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.setFillColor(INK)
        c.rect(0, 0, self.w, self.h, fill=1, stroke=0)
        c.setFillColor(ACCENT)
        c.circle(self.w / 2, self.h / 2, min(self.w, self.h) / 5, fill=1, stroke=0)
        c.restoreState()


def deck(card) -> str:
    return f"tiny-{card.kind}"


def preview(face: TinyFace) -> dict:
    return {"id": face.id, "kind": "unknown", "colour": "none", "name": face.name,
            "subtitle": f"Tiny game - {face.kind}", "stats": [],
            "blocks": [{"tag": None, "body": line} for line in face.lines], "flavour": None,
            "count": face.count, "pack": face.pack}


def render(card, locale: str) -> list[tuple[int, str]]:
    return [(i, print_ability(parse(t))) for i, t in
            enumerate(card.data.get("abilities", []) or []) if isinstance(t, str)]
