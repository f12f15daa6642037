"""Delve's face style: plain proxy faces with a die-cost badge ("3+") beside each action,
a weapon table on adversaries, Vigour and Move on figures, and a tile drawn from its data
(scaled to the card: walls, exits, void cells, obstructions). Names, weapon names and the
rules text are the game's own translation (runeforge.games.delve.text, catalogs delve.po)."""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.colors import HexColor

from runeforge.backends.pdf_fonts import BOLD, ITALIC, REGULAR, register_fonts, wrap
from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.parser import parse_ability

from .checks import exit_cells, rational
from .text import (
    TEMPLATES,
    card_name,
    card_text,
    exit_label,
    label,
    render_ability,
    weapon_name,
)
from .text_catalog import counted
from .tile_layout import geometry

INK, PAPER, ACCENT, STONE = (HexColor("#22201c"), HexColor("#f2ecdf"), HexColor("#7a2e1c"),
                             HexColor("#b9b0a0"))
FONT, SIZE, LEADING = REGULAR, 6.5, 12


def kind_line(kind: str, locale: str) -> str:
    """The line under a face's name: the game and the card's kind, in the face's language."""
    kind_key = f"label.kind.{kind}"
    return label("label.game", locale) + " · " + (
        label(kind_key, locale) if kind_key in TEMPLATES else kind)


@dataclass(frozen=True)
class DelveFace:
    id: str
    kind: str
    name: str
    locale: str
    pack: str
    lines: tuple  # (badge or "", text)
    count: int = 1
    deck: str = ""
    tile: dict | None = None
    # an adversary's weapon table: (name, range, Hit, Damage) in the face's language; the
    # weapon rows of ``lines`` say the same for the preview
    weapons: tuple = ()

    def label(self, key: str) -> str:
        """A face word; a card kind ("adversary") is its kind label (the preview's groups)."""
        for full in (f"label.{key}", f"label.kind.{key}"):
            if full in TEMPLATES:
                return label(full, self.locale)
        return key


def _ability_lines(card, locale: str) -> list[tuple[str, str]]:
    out = []
    for text in card.data.get("abilities", []) or []:
        if not isinstance(text, str):
            continue
        ability = parse_ability(text)
        badge = ""
        if isinstance(ability, (n.Action, n.Spend)):
            badge = f"{ability.cost.need}+{'*' if ability.cost.escalating else ''}"
        out.append((badge, render_ability(ability, locale)))
    return out


def _lines(card, locale: str, names: dict) -> list[tuple[str, str]]:
    """The face's rows; ``names`` maps the ids of the game's cards to their names in the
    locale (an exploration card names its tile and table, a table its adversaries)."""
    d = card.data

    def t(key):
        return label(key, locale)

    def name(card_id):
        return names.get(card_id, card_id)

    if card.kind == "hero":
        return [("", f"{t('label.move')} {d['move']} · {t('label.vigour')} {d['vigour']}")] \
            + _ability_lines(card, locale)
    if card.kind == "adversary":
        rows = [("", f"{t('label.vigour')} {d['vigour']} · {t('label.move')} {d['move']} · "
                 f"{t('behaviour.' + d['behaviour'])}")]
        # the weapon table: Hit as the badge, then name, range and Damage
        rows += [(f"{w['hit']}+", f"{weapon_name(w['name'], locale)}: {t('range.' + w['range'])}, "
                  f"{t('label.damage')} {w['damage']}") for w in d["weapons"]]
        return rows + _ability_lines(card, locale)      # its rules and triggers (issue 32)
    if card.kind == "skill":
        return _ability_lines(card, locale)
    if card.kind == "exploration":
        rows = [("", f"{t('label.chamber')}: {name(d['tile'])}"),
                ("", f"{t('label.encounter')}: {name(d.get('encounter')) or '-'}")]
        return rows + ([("", card_text(d["text"], locale))] if d.get("text") else [])
    if card.kind == "encounter_table":
        return [("", f"{'/'.join(map(str, r['roll']))}: " + (", ".join(
            f"{g['count']}x {name(g['id'])}" for g in r["adversaries"]) or "-")) for r in d["rows"]]
    return [("", f"{d['size'][0]} x {d['size'][1]} {t('label.spaces')}, {t('label.exits')}: "
             + ", ".join(exit_label(e["id"], e["side"], locale) for e in d["exits"]))]


def _weapons(card, locale: str) -> tuple:
    return tuple((weapon_name(w["name"], locale), label("range." + w["range"], locale),
                  f"{w['hit']}+", str(w["damage"])) for w in card.data.get("weapons", []) or [])


def faces(cards, locale: str, content=None) -> list[DelveFace]:
    """The faces of ``cards``; with the loaded ``content`` (a build), also the reference card
    of the basic actions, one per hero (:func:`reference_faces`)."""
    names = {card.id: card_name(card, locale) for card in cards}
    return [DelveFace(card.id, card.kind, names[card.id], locale, card.pack,
                      tuple(_lines(card, locale, names)), int(card.data.get("count", 1)),
                      deck(card), card.data if card.kind == "tile" else None,
                      _weapons(card, locale)) for card in cards] \
        + reference_faces(cards, locale, content)


REFERENCE_ID = "delve-basic-actions"


def _rules(content):
    """The engine's reading of the content's Delve rules document (None: none, or broken)."""
    from runeforge.engine.common.errors import EngineError
    from runeforge.engine.delve.rules.data import RulesData

    for doc in getattr(content, "documents", {}).get("rules", []) or []:
        if getattr(doc, "game", "delve") == "delve" and isinstance(doc.data, dict):
            try:
                return RulesData.from_record(doc.data)
            except EngineError:
                return None
    return None


def reference_faces(cards, locale: str, content) -> list[DelveFace]:
    """The reference card of the three basic actions (seed 003, R6), one copy per hero card
    among ``cards``, in each pack with heroes; the costs are the rules document's (a pinned Move's
    too), the wording the catalogs' (``ref.*``). None without heroes or rules."""
    heroes = [card for card in cards if card.kind == "hero"]
    rules = _rules(content) if heroes else None
    if rules is None:
        return []
    reset = "game" if rules.recuperate_reset == "game" else "turn"
    lines = (("", label("ref.intro", locale)),
             (f"{rules.explore}+", label("ref.explore", locale)),
             (f"{rules.move}+", label("ref.move", locale).replace("{need}",
                                                                   str(rules.pinned_move))),
             (f"{rules.recuperate}+" + ("*" if rules.recuperate_step else ""),
              counted(f"ref.recuperate.{reset}", locale, rules.heal_per_recuperate)))
    packs: dict[str, int] = {}  # each pack's PDF gets one card per hero of that pack
    for hero in heroes:
        packs[hero.pack] = packs.get(hero.pack, 0) + max(1, int(hero.data.get("count", 1)))
    return [DelveFace(REFERENCE_ID, "reference", label("ref.title", locale), locale, pack,
                      lines, count, "delve-reference") for pack, count in packs.items()]


def deck(card) -> str:
    return f"delve-{card.kind}"


class DelveDrawer:
    def __init__(self, canvas, w, h, bleed, warn):
        self.c, self.w, self.h = canvas, w, h
        register_fonts()  # Noto Sans: Greek and Cyrillic rules text

    def draw_face(self, face: DelveFace, x: float, y: float) -> None:
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.setFillColor(PAPER)
        c.setStrokeColor(ACCENT)
        c.setLineWidth(2)
        c.rect(3, 3, self.w - 6, self.h - 6, fill=1, stroke=1)
        c.setFillColor(INK)
        c.setFont(BOLD, 11)
        c.drawCentredString(self.w / 2, self.h - 24, face.name)
        c.setFont(ITALIC, 7)
        c.drawCentredString(self.w / 2, self.h - 35, kind_line(face.kind, face.locale))
        top = self.h - 52
        if face.tile is not None:
            top = self._tile(face.tile, top)
        yy = top + LEADING
        for badge, text in face.lines[:1] if face.weapons else face.lines:
            lines = wrap(text, FONT, SIZE, self.w - 34) or [""]
            yy -= LEADING
            if badge:
                c.setFillColor(ACCENT)
                c.circle(16, yy + 3, 7, fill=1, stroke=0)
                c.setFillColor(PAPER)
                c.setFont(BOLD, 6)
                c.drawCentredString(16, yy + 1, badge)
            c.setFillColor(INK)
            c.setFont(FONT, SIZE)
            for k, line in enumerate(lines):
                c.drawString(26, yy - k * (SIZE + 1.5), line)
            yy -= (len(lines) - 1) * (SIZE + 1.5)
        if face.weapons:
            self._weapon_table(face, yy - 10)
        c.restoreState()

    def _weapon_table(self, face: DelveFace, top: float) -> None:
        """Weapon | Hit | Damage, each weapon's range under its name."""
        c, hit_x, dmg_x = self.c, self.w - 52, self.w - 22
        c.setFillColor(INK)
        c.setFont(ITALIC, 6)
        c.drawString(12, top, face.label("weapon"))
        c.drawCentredString(hit_x, top, face.label("hit"))
        c.drawCentredString(dmg_x, top, face.label("damage"))
        c.setStrokeColor(STONE)
        c.setLineWidth(0.5)
        c.line(10, top - 3, self.w - 10, top - 3)
        yy = top - 13
        for name, reach, hit, damage in face.weapons:
            names = wrap(name, BOLD, 7, hit_x - 26) or [""]
            c.setFillColor(INK)
            c.setFont(BOLD, 7)
            for k, line in enumerate(names):
                c.drawString(12, yy - k * 8.5, line)
            c.setFont(FONT, SIZE)
            c.drawString(12, yy - len(names) * 8.5, reach)
            c.setFillColor(ACCENT)
            c.circle(hit_x, yy + 2.5, 7, fill=1, stroke=0)
            c.setFillColor(PAPER)
            c.setFont(BOLD, 6)
            c.drawCentredString(hit_x, yy + 0.5, hit)
            c.setFillColor(INK)
            c.setFont(BOLD, 9)
            c.drawCentredString(dmg_x, yy - 0.5, damage)
            yy -= (len(names) + 1) * 8.5 + 6

    def _tile(self, tile: dict, top: float) -> float:
        c = self.c
        width, height = tile["size"]
        unit = min((self.w - 30) / width, (top - 60) / height)
        x0, y0 = (self.w - unit * width) / 2, top - unit * height

        def pt(px, py):
            return x0 + float(px) * unit, y0 + (height - float(py)) * unit

        void = {tuple(v) for v in tile.get("void", []) or []}
        c.setLineWidth(0.4)
        for cx in range(width):
            for cy in range(height):
                if (cx, cy) not in void:
                    c.setFillColor(PAPER)
                    c.setStrokeColor(STONE)
                    c.rect(*pt(cx, cy + 1), unit, unit, fill=1, stroke=1)
        c.setStrokeColor(INK)
        c.setLineWidth(2)
        c.setLineCap(2)  # square caps: the outer wall's corners meet
        geo = geometry(tile)  # the outer wall, open at the exits, and the inner walls
        c.lines([(*pt(*a), *pt(*b)) for a, b in geo.boundary + geo.walls])
        c.setLineCap(0)
        c.setFillColor(STONE)
        for poly in tile.get("obstructions", []) or []:
            path = c.beginPath()
            points = [pt(rational(px), rational(py)) for px, py in poly]
            path.moveTo(*points[0])
            for p in points[1:]:
                path.lineTo(*p)
            path.close()
            c.drawPath(path, fill=1, stroke=1)
        c.setFillColor(ACCENT)
        for ex in tile["exits"]:
            for cx, cy in exit_cells(tile, ex):
                c.rect(*pt(cx + 0.3, cy + 0.7), unit * 0.4, unit * 0.4, fill=1, stroke=0)
        return y0 - 14

    def draw_back(self, face: DelveFace, x: float, y: float) -> str:
        """The back of the face's deck (one per kind); returns its key for the layout."""
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.setFillColor(ACCENT)
        c.rect(0, 0, self.w, self.h, fill=1, stroke=0)
        c.setFillColor(PAPER)
        c.setFont(BOLD, 16)
        c.drawCentredString(self.w / 2, self.h / 2, "DELVE")
        c.setFont(REGULAR, 9)
        kind_key = f"label.kind.{face.kind}"
        c.drawCentredString(self.w / 2, self.h / 2 - 16, label(kind_key, face.locale)
                            if kind_key in TEMPLATES else face.kind)
        c.restoreState()
        return face.deck


def preview(face: DelveFace) -> dict:
    return {"id": face.id, "kind": face.kind, "colour": "none", "name": face.name,
            "subtitle": kind_line(face.kind, face.locale), "stats": [],
            "blocks": [{"tag": badge or None, "body": text} for badge, text in face.lines],
            "flavour": None, "count": face.count, "pack": face.pack}
