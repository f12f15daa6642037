"""Runebound's face style: its cards as localised :class:`CardFace` values, the physical deck
of each card (cards of one deck share a back), and the HTML preview's view of a face.

Faces are localised through runeforge.l10n: names and flavour from the catalogs, labels
from the label messages, and each ability's bold tag and body rendered from its AST
(``render_blocks``), so nothing is split or glued by pattern.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from runeforge.backends.faces import (
    COLOURS,
    DEFAULT_LABELS,
    KINDS,
    CardFace,
    TextBlock,
    faces_from_cards,
)

# PDF label key -> l10n label key (compiler/games/runebound/text/templates.py LABELS)
_CLASSES = ("weapon", "armor", "artifact", "rune", "relic", "consumable")
_USAGES = ("activated", "one-use", "constant")
LABEL_KEYS = {
    **{k: f"kind.{k}" for k in KINDS},
    **{k: f"class.{k}" for k in _CLASSES},
    **{k: f"usage.{k}" for k in _USAGES},
    **{k: f"colour.{k}" for k in COLOURS},
    "keep": "reward.keep", "becomes_item": "reward.becomes.item",
    "becomes_ally": "reward.becomes.ally",
    **{k: k for k in ("mind", "body", "spirit", "ranged", "melee", "magic", "life", "stamina",
                      "cost", "familiar", "reward", "damage", "renew", "print_note")},
}
NUMERALS = {1: "I", 2: "II", 3: "III"}


def labels_for(locale: str) -> dict[str, str]:
    """Localised face labels; a key the catalogs do not have yet keeps its English text.
    Item subtypes come from the locale's face table as ``type.<word>`` (absent: left off)."""
    from runeforge.l10n.labels import LABELS
    from runeforge.l10n.names import label

    out = dict(DEFAULT_LABELS)
    for pdf_key, l10n_key in LABEL_KEYS.items():
        if l10n_key in LABELS:
            out[pdf_key] = label(l10n_key, locale)
    for word, text in face_table(locale).get("item_types", {}).items():
        out["type." + word] = text
    return out


@lru_cache(maxsize=8)
def face_table(locale: str) -> dict:
    """``locales/<locale>/faces.yaml``: item subtypes, deck and adventure names (en-XA: the
    English table, pseudo-translated)."""
    from importlib import resources

    from ruamel.yaml import YAML

    from runeforge.l10n import pseudo

    folder = "en" if locale == "en-XA" else locale
    path = resources.files("runeforge.locales").joinpath(folder).joinpath("faces.yaml")
    try:
        data = YAML(typ="safe").load(path.read_text(encoding="utf-8")) or {}
    except FileNotFoundError:
        return {}
    table = {section: {str(k): str(v) for k, v in (data.get(section) or {}).items()}
             for section in ("item_types", "decks", "packs")}
    if locale == "en-XA":
        table = {section: {k: pseudo.pseudo(v) for k, v in words.items()}
                 for section, words in table.items()}
    return table


def localised_faces(cards, locale: str, content=None) -> list[CardFace]:
    """Faces of Runebound cards in ``locale``, in the order given; ``content`` (the loaded
    content) lets each face know its physical deck from the adventures' deck lists."""
    from runeforge.games.runebound.abilities import parts_cached
    from runeforge.games.runebound.text.render import render_blocks
    from runeforge.l10n.names import card_name, flavour

    def blocks(card, loc):
        out = _skills_block(card, loc)
        for text in card.data.get("abilities", []) or []:
            if isinstance(text, str):  # one block per ability the text holds
                for _offset, _part, ability in parts_cached(text):
                    tag, body = render_blocks(ability, loc)
                    out.append(TextBlock(tag, body))
        return out

    def flavour_for(card, loc):
        text = card.data.get("flavour")
        return flavour(text, loc) if isinstance(text, str) and text else None

    cards = list(cards)
    labels = labels_for(locale)
    faces = faces_from_cards(cards, locale, labels=labels, blocks_for=blocks,
                             name_for=lambda card, loc: card_name(card.name, loc),
                             flavour_for=flavour_for)
    own = own_decks(content)
    packs = getattr(content, "packs", None) or {}
    out = []
    for card, face in zip(cards, faces, strict=True):
        deck = _deck(card, own)
        out.append(replace(face, deck=deck, deck_name=deck_name(deck, locale, labels, packs)))
    return out


def _skills_block(card, locale: str) -> list[TextBlock]:
    """A hero's skills as the first text block ("Skills: Tracking, Survival"), each in the
    locale's word (terms.yaml ``skills``) or as written for a skill the content adds."""
    from runeforge.games.runebound.text.terms import load_terms
    from runeforge.l10n import pseudo
    from runeforge.l10n.names import label

    skills = card.data.get("skills") if card.kind == "hero" else None
    if not isinstance(skills, list) or not skills:
        return []
    terms = load_terms(locale)
    words = []
    for skill in skills:
        term = terms.find("skills", str(skill))
        words.append(term.form() if term is not None else str(skill))
    body = ", ".join(words)
    return [TextBlock(label("skills", locale), pseudo.pseudo(body) if locale == "en-XA" else body)]


def own_decks(content) -> set[tuple[str, str]]:
    """(pack, colour) of every adventure deck kept apart from the base decks of its colour:
    the adventures' ``decks`` entries placed ``beside`` or ``replace``."""
    out: set[tuple[str, str]] = set()
    for doc in (getattr(content, "documents", None) or {}).get("adventure", []):
        data = doc.data if isinstance(doc.data, dict) else {}
        for entry in data.get("decks") or []:
            if isinstance(entry, dict) and entry.get("place") in ("beside", "replace"):
                for colour in entry.get("colours") or COLOURS:
                    out.add((str(entry.get("pack")), str(colour)))
    return out


def _deck(card, own) -> str:
    data = card.data if isinstance(card.data, dict) else {}
    colour = data.get("colour")
    if card.kind in ("challenge", "event", "encounter") and colour in COLOURS:
        if (card.pack, colour) in own:
            return f"{card.pack}-{colour}"
        return f"adventure-{colour}"
    return {"ally": "market", "item": "market"}.get(card.kind, card.kind)


def deck_of(card, content=None) -> str:
    """The physical deck: heroes, the market (items and allies), one adventure deck per
    colour, and each adventure's own decks (``<pack>-<colour>``, from its deck list)."""
    return _deck(card, own_decks(content))


def deck_name(deck: str, locale: str, labels: dict, packs=None) -> str:
    """The name printed on a deck's back: "Adventure · Green", "Market", or the adventure's
    own name and colour."""
    table = face_table(locale)
    decks, names = table.get("decks", {}), table.get("packs", {})
    head, _, colour = deck.rpartition("-")
    if colour in COLOURS and head:
        if head == "adventure":
            first = decks.get("adventure", "Adventure")
        else:
            pack = (packs or {}).get(head)
            first = names.get(head) or getattr(pack, "name", "") or head
        return f"{first} \u00b7 {labels.get(colour, colour)}"
    return decks.get(deck, deck)


def _value(v) -> str:
    return "\u2013" if v is None or v == "" else str(v)


def _stats(face: CardFace) -> list[dict]:
    s, label = face.stats, face.label
    rows: list[dict] = []
    if face.kind in ("hero", "ally", "challenge"):
        # as on the PDF: a Hero's or Ally's attributes, a challenge's combat phases
        for attr, phase, dmg in (("mind", "ranged", "ranged_damage"),
                                 ("body", "melee", "melee_damage"),
                                 ("spirit", "magic", "magic_damage")):  # fmt: skip
            name = label(phase if face.kind == "challenge" else attr)
            rows.append({"label": name, "value": _value(s.get(attr)),
                         "damage": _value(s.get(dmg)) if dmg in s else None, "icon": attr})
        rows.append({"label": label("life"), "value": _value(s.get("life"))})
    if face.kind in ("hero", "ally"):
        rows.append({"label": label("stamina"), "value": _value(s.get("stamina"))})
    if face.kind in ("ally", "item"):
        rows.append({"label": label("cost"), "value": _value(s.get("cost")), "icon": "gold"})
    if face.kind == "item" and s.get("usage"):
        rows.append({"label": label(str(s["usage"])), "value": "", "icon": None})
    if face.kind == "event":
        rows.append({"label": label("event"), "value": NUMERALS.get(s.get("event_number"), "")})
        if s.get("renew", True):
            rows.append({"label": label("renew"), "value": "", "icon": None})
    reward = s.get("reward")
    if isinstance(reward, dict) and face.kind in ("challenge", "encounter"):
        parts = []
        if reward.get("gold") is not None:
            parts.append(str(reward["gold"]))
        if reward.get("keep"):
            parts.append(label("keep"))
        if reward.get("becomes") in ("item", "ally"):
            parts.append(label("becomes_" + reward["becomes"]))
        rows.append({"label": label("reward"), "value": " \u00b7 ".join(parts), "icon": "gold"})
    return [{"icon": None, "damage": None, **row} for row in rows]


def preview_context(face: CardFace) -> dict:
    """The preview template's view of one face (plain dicts and strings only)."""
    return {
        "id": str(face.id),
        "kind": face.kind if face.kind in KINDS else "unknown",
        "colour": face.colour if face.colour in COLOURS else "none",
        "name": str(face.name),
        "subtitle": face.kind_line(),
        "stats": _stats(face),
        "blocks": [{"tag": b.tag, "body": b.body} for b in face.blocks],
        "flavour": face.flavour,
        "count": int(face.count),
        "pack": str(face.pack),
    }
