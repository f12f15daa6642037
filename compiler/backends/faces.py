"""What a card face shows, already localised: the input of the PDF and HTML backends.

The caller (``runeforge build``) turns compiled, localised cards into :class:`CardFace`
values; the backends only lay them out. Rules text may hold icon tokens, written in braces:

    ``{wound}`` ``{exhaustion}`` ``{gold}`` ``{mind}`` ``{body}`` ``{spirit}``

The PDF draws each as a small inline vector icon (see ``runeforge.games.runebound.faces.art.ICONS``); the HTML preview
draws it as an inline ``<span class="icon icon-wound">`` with a text fallback. Any other
``{word}`` is printed as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable

KINDS = ("hero", "ally", "item", "challenge", "event", "encounter")
COLOURS = ("green", "yellow", "blue", "red")
ICON_TOKENS = ("wound", "exhaustion", "gold", "mind", "body", "spirit")
DASH = "\u2013"  # what a face prints for a missing value
ICON_RE = re.compile(r"\{(" + "|".join(ICON_TOKENS) + r")\}")

# English labels printed on faces. The caller passes localised ones; missing keys fall back
# to these. Keys: kinds, stats, phases, item classes, usages, colours and a few words.
DEFAULT_LABELS: dict[str, str] = {
    "hero": "Hero",
    "ally": "Ally",
    "item": "Item",
    "challenge": "Challenge",
    "event": "Event",
    "encounter": "Encounter",
    "mind": "Mind",
    "body": "Body",
    "spirit": "Spirit",
    "ranged": "Ranged",
    "melee": "Melee",
    "magic": "Magic",
    "damage": "Damage",
    "life": "Life",
    "stamina": "Stamina",
    "cost": "Cost",
    "familiar": "Familiar",
    "reward": "Reward",
    "keep": "Keep this card",
    "becomes_item": "Becomes an item",
    "becomes_ally": "Becomes an ally",
    "renew": "Renew",
    "weapon": "Weapon",
    "armor": "Armor",
    "artifact": "Artifact",
    "rune": "Rune",
    "relic": "Relic",
    "consumable": "Consumable",
    "activated": "Activated",
    "one-use": "One use",
    "constant": "Constant",
    "green": "Green",
    "yellow": "Yellow",
    "blue": "Blue",
    "red": "Red",
    "print_note": "Print at 100 % (no scaling). This bar is 50 mm:",
}


@dataclass(frozen=True)
class TextBlock:
    """One ability as printed: an optional bold timing tag and the rules text."""

    tag: str | None
    body: str


@dataclass(frozen=True)
class CardFace:
    """One card face in one locale. ``stats`` holds the raw fields of docs/card-format.md."""

    id: str
    kind: str
    name: str
    locale: str = "en"
    colour: str | None = None
    stats: dict = field(default_factory=dict, compare=False, hash=False)
    labels: dict = field(default_factory=dict, compare=False, hash=False)
    blocks: tuple[TextBlock, ...] = ()
    flavour: str | None = None
    count: int = 1
    pack: str = ""
    origin: str = "original"
    # The physical deck (cards of one deck share a back) and its printed, localised name;
    # a face made without one is in the deck of its kind. ``own_back``: the card has two
    # printed sides, so it prints its own back instead of its deck's.
    deck: str = ""
    deck_name: str = ""
    own_back: bool = False

    @property
    def back_key(self) -> str:
        """What its back shows: the deck's, or the card's own (``card:<id>``)."""
        return f"card:{self.id}" if self.own_back else (self.deck or self.kind)

    def label(self, key: str) -> str:
        """Localised label for ``key``; English default, then the key itself."""
        value = self.labels.get(key) if self.labels else None
        return value or DEFAULT_LABELS.get(key) or key

    def kind_line(self) -> str:
        """The line under the name: kind, familiar, item class and type, adventure colour."""
        parts = [self.label(self.kind)]
        s = self.stats
        if self.kind == "ally" and s.get("familiar"):
            parts.append(self.label("familiar"))
        if self.kind == "item":
            if s.get("class"):
                parts.append(self.label(s["class"]))
            if s.get("type"):  # a free word: printed only when the locale's table has it
                word = (self.labels or {}).get("type." + str(s["type"]))
                if word:
                    parts.append(word)
        if self.kind in ("challenge", "encounter", "event") and self.colour:
            parts.append(self.label(self.colour))
        return " \u00b7 ".join(parts)

    def strings(self) -> list[str]:
        """Every string this face may print (for glyph checks)."""
        out = [self.name, self.flavour or "", self.kind_line(), self.deck_name]
        for block in self.blocks:
            out.append(block.tag or "")
            out.append(ICON_RE.sub("", block.body))
        out.extend(str(v) for v in (self.labels or {}).values())
        return [s for s in out if s]


_TAG_RE = re.compile(r"^\s*([^:]{1,40}):\s*(.+)$", re.S)


def split_tag(text: str) -> TextBlock:
    """Split ``"Before Combat: Activate ..."`` into a bold tag and the body (best effort)."""
    match = _TAG_RE.match(text)
    if match and not ICON_RE.search(match.group(1)):
        return TextBlock(match.group(1).strip(), match.group(2).strip())
    return TextBlock(None, text.strip())


def faces_from_cards(
    cards: Iterable,
    locale: str = "en",
    text_for: Callable[[object, str], list[str]] | None = None,
    *,
    labels: dict | None = None,
    name_for: Callable[[object, str], str] | None = None,
    flavour_for: Callable[[object, str], str | None] | None = None,
    blocks_for: Callable[[object, str], list[TextBlock]] | None = None,
) -> list[CardFace]:
    """Adapter from loaded cards to faces, until ``runeforge.pipeline`` supplies them.

    ``cards`` items need ``id``, ``kind`` and ``data`` (the card's YAML mapping), or are such
    mappings themselves. ``text_for(card, locale)`` returns the localised ability strings
    (default: the English abilities as written); a leading ``Tag:`` becomes the bold tag.
    ``blocks_for(card, locale)``, when given, supplies the text blocks directly (the build
    passes the tag and body rendered from the AST, so no text is split by pattern).
    """
    faces = []
    for card in cards:
        data = getattr(card, "data", card)
        kind = getattr(card, "kind", None) or data.get("kind")
        card_id = getattr(card, "id", None) or data.get("id") or _kebab(data["name"])
        if blocks_for is not None:
            blocks = tuple(blocks_for(card, locale))
        else:
            texts = text_for(card, locale) if text_for else list(data.get("abilities", []))
            blocks = tuple(split_tag(t) for t in texts)
        name = name_for(card, locale) if name_for else data["name"]
        flavour = flavour_for(card, locale) if flavour_for else data.get("flavour")
        stats = {
            k: v
            for k, v in data.items()
            if k not in ("name", "id", "abilities", "flavour", "origin", "count", "art", "kind")
        }
        faces.append(
            CardFace(
                id=card_id,
                kind=kind,
                name=name,
                locale=locale,
                colour=data.get("colour"),
                stats=stats,
                labels=dict(labels or {}),
                blocks=blocks,
                flavour=flavour,
                count=int(data.get("count", 1)),
                pack=str(getattr(card, "pack", "") or data.get("pack", "")),
                origin=str(data.get("origin", "original")),
            )
        )
    return faces


def _kebab(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
