"""The campaign's face style: plain proxy faces like Delve's, with the campaign's numbers in a
header line (price and act on shop items, class and XP on skills, class, tier and XP on
overlord cards, gold on search cards), one row per travel symbol on travel events, and
relics printed double-sided: the front is the hero side and the card's own back is its
overlord side (a face's ``back``, which the PDF backend draws in place of the deck's back).
Names stay English; the rules text is the game's own translation."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from runeforge.backends.pdf_fonts import BOLD, ITALIC, REGULAR, register_fonts, wrap
from runeforge.diagnostics import Diagnostic

from .text import TEMPLATES, TIERS, card_name, card_texts, condition_names, name, t

INK, PAPER, ACCENT, DARK = (HexColor("#1f2328"), HexColor("#eef0e6"), HexColor("#2f5d50"),
                            HexColor("#3b2340"))
FONT, SIZE, LEADING = REGULAR, 6.5, 12
SYMBOLS = ("road", "wild", "water")  # the bundled map's symbols, in the order rows are printed


@dataclass(frozen=True)
class CampaignFace:
    id: str
    kind: str
    name: str
    locale: str
    pack: str
    header: str
    lines: tuple  # (row label or "", text)
    count: int = 1
    deck: str = ""
    side: str = ""  # "hero" or "overlord" on relics
    back: "CampaignFace | None" = None

    def label(self, key: str) -> str:
        return t(f"label.{key}", self.locale) if f"label.{key}" in TEMPLATES else key


def kind_line(kind: str, locale: str, side: str = "") -> str:
    text = t("label.game", locale) + " · " + t(f"label.kind.{kind}", locale)
    return text + (" · " + t(f"label.{side}_side", locale) if side else "")


def _header(card, locale: str) -> str:
    d, k = card.data, card.kind
    if k == "shop_item":
        return (f"{t('label.price', locale)} {d['cost']} {t('label.gold', locale)} · "
                f"{t('label.act', locale)} {TIERS.get(d['act'], d['act'])}")
    if k == "starting_equipment":
        return t(f"class.{d['class']}", locale)
    if k == "search_card":
        return f"{d['gold']} {t('label.gold', locale)}"
    if k == "class_skill":
        cls = t(f"class.{d['class']}", locale)
        extra = t("label.basic", locale) if d.get("basic") else ""
        return " · ".join(p for p in (cls, f"{t('label.xp', locale)} {d['xp']}", extra) if p)
    if k == "overlord_card":
        parts = [t(f"overlord.{d['class']}", locale)]
        if d.get("tier"):
            parts.append(f"{t('label.tier', locale)} {TIERS[d['tier']]}")
        return " · ".join(parts + [f"{t('label.xp', locale)} {d['xp']}"])
    return ""


def _lines(card, locale: str, names: dict) -> tuple:
    texts = card_texts(card, locale, names)
    if card.kind == "travel_event":
        given = dict(texts)
        symbols = list(SYMBOLS) + sorted(s for s in given if s not in SYMBOLS)
        return tuple((t(f"symbol.{s}", locale), given.get(s, t("label.no_event", locale)))
                     for s in symbols)
    return tuple(("", text) for label, text in texts if label != "overlord")


def deck(card) -> str:
    if card.kind == "shop_item":
        return f"campaign-shop-act{card.data.get('act', 1)}"
    return f"campaign-{card.kind}"


def _face(card, locale: str, names: dict) -> CampaignFace:
    count = int(card.data.get("copies", 1))
    if card.kind != "relic":
        return CampaignFace(card.id, card.kind, card_name(card, locale), locale, card.pack,
                            _header(card, locale), _lines(card, locale, names), count,
                            deck(card))
    hero = card.data.get("hero") or {}
    overlord = card.data.get("overlord") or {}
    texts = card_texts(card, locale, names)
    back = CampaignFace(card.id, card.kind, name("card", overlord.get("name", card.name), locale),
                        locale, card.pack,
                        "", tuple(("", x) for label, x in texts if label == "overlord"),
                        1, deck(card), "overlord")
    return CampaignFace(card.id, card.kind, name("card", hero.get("name", card.name), locale),
                        locale, card.pack, "",
                        tuple(("", x) for label, x in texts if label != "overlord"), 1,
                        deck(card), "hero", back)


def faces(cards, locale: str, content=None) -> list[CampaignFace]:
    cards = list(cards)
    names = condition_names(content) or {c.id: c.name for c in cards if c.kind == "condition"}
    return [_face(card, locale, names) for card in cards]


def _upper(text: str, locale: str) -> str:
    """Capitals; Greek drops its acute accents in capitals (ΕΚΣΤΡΑΤΕΙΑ, not ΕΚΣΤΡΑΤΕΊΑ)."""
    if locale != "el":
        return text.upper()
    bare = "".join(ch for ch in unicodedata.normalize("NFD", text) if ch != "\u0301")
    return unicodedata.normalize("NFC", bare.upper())


class CampaignDrawer:
    def __init__(self, canvas, w, h, bleed, warn):
        self.c, self.w, self.h = canvas, w, h
        self.warn = warn
        register_fonts()  # Noto Sans: Greek and Cyrillic text

    def _centred(self, text: str, y: float, font: str, size: float, least: float) -> float:
        """Draw ``text`` centred at ``y`` inside the frame: shrunk from ``size`` down to
        ``least`` to fit its width, else on two lines at ``least`` (the second one below);
        returns how far below ``y`` it went."""
        room = self.w - 16
        fitted = size
        while fitted > least and stringWidth(text, font, fitted) > room:
            fitted -= 0.5
        lines = [text] if stringWidth(text, font, fitted) <= room else \
            wrap(text, font, fitted, room)
        if len(lines) > 2 and self.warn:
            self.warn(Diagnostic(
                code="RF701", severity="warning", path=text,
                message=f"{text!r} takes {len(lines)} lines on a campaign card (room for 2)",
                hint="shorten the text (or its translation) or use a larger card size"))
        self.c.setFont(font, fitted)
        for k, line in enumerate(lines):
            self.c.drawCentredString(self.w / 2, y - k * (fitted + 1), line)
        return (len(lines) - 1) * (fitted + 1)

    def draw_face(self, face: CampaignFace, x: float, y: float) -> None:
        c = self.c
        overlord = face.side == "overlord"
        c.saveState()
        c.translate(x, y)
        c.setFillColor(PAPER)
        c.setStrokeColor(DARK if overlord else ACCENT)
        c.setLineWidth(2)
        c.rect(3, 3, self.w - 6, self.h - 6, fill=1, stroke=1)
        c.setFillColor(INK)
        down = self._centred(face.name, self.h - 24, BOLD, 11, 8)
        down += self._centred(kind_line(face.kind, face.locale, face.side),
                              self.h - 35 - down, ITALIC, 7, 6)
        yy = self.h - 52 - down
        if face.header:
            c.setFillColor(DARK if face.kind == "overlord_card" else ACCENT)
            yy -= self._centred(face.header, yy, BOLD, 8, 6.5)
            yy -= 16
        yy += LEADING
        for label, text in face.lines:
            indent = 14
            yy -= LEADING
            if label:
                c.setFillColor(ACCENT)
                c.setFont(BOLD, SIZE)
                c.drawString(14, yy, label)
                yy -= SIZE + 2
                indent = 20
            lines = wrap(text, FONT, SIZE, self.w - indent - 14) or [""]
            c.setFillColor(INK)
            c.setFont(FONT, SIZE)
            for k, line in enumerate(lines):
                c.drawString(indent, yy - k * (SIZE + 1.5), line)
            yy -= (len(lines) - 1) * (SIZE + 1.5)
        c.restoreState()

    def draw_back(self, face: CampaignFace, x: float, y: float) -> str:
        """The back of the face's deck; returns its key for the layout."""
        c = self.c
        c.saveState()
        c.translate(x, y)
        c.setFillColor(DARK if face.kind == "overlord_card" else ACCENT)
        c.rect(0, 0, self.w, self.h, fill=1, stroke=0)
        c.setFillColor(PAPER)
        c.setFont(BOLD, 14)
        c.drawCentredString(self.w / 2, self.h / 2, _upper(t("label.game", face.locale),
                                                            face.locale))
        c.setFont(REGULAR, 9)
        c.drawCentredString(self.w / 2, self.h / 2 - 16, t(f"label.kind.{face.kind}",
                                                            face.locale))
        c.restoreState()
        return face.deck


def preview(face: CampaignFace) -> dict:
    blocks = [{"tag": None, "body": face.header}] if face.header else []
    blocks += [{"tag": label or None, "body": text} for label, text in face.lines]
    if face.back is not None:
        blocks.append({"tag": face.back.label("overlord_side"),
                       "body": face.back.name + ": " + " ".join(x for _, x in face.back.lines)})
    return {"id": face.id, "kind": "unknown", "colour": "none", "name": face.name,
            "subtitle": kind_line(face.kind, face.locale, face.side),
            "stats": [], "blocks": blocks,
            "flavour": None, "count": face.count, "pack": face.pack}
