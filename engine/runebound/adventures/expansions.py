"""Card expansions of seed 001, as data plus the few functions setup uses.

* Legendary Relics and Artifacts & Allies: their items and allies are shuffled into the
  market deck (``shuffle``), or dealt first until they run out (``first``, "new cards
  first"). Artifacts & Allies brings familiars: a Hero may hold one familiar above the ally
  limit (:func:`ally_room`).
* Into the Tomb and Dark Forest: their challenges, events and encounters are split by colour
  and shuffled into the adventure deck of that colour (``shuffle``), or drawn first until
  they run out (``first``).

Which packs are expansions of which sort follows from the cards: items and allies go to the
market, adventure cards to the adventure decks. A pack is an expansion when its manifest says
``type: expansion`` (the bundle keeps the pack id on every card).
"""

from __future__ import annotations

import random
from typing import Mapping, MutableMapping, Sequence

from ..core.bundle import own_cards

MODES = ("shuffle", "first")
MARKET_KINDS = ("item", "ally")
ADVENTURE_KINDS = ("challenge", "event", "encounter")

# The bundled expansions (pack ids) by what they add.
MARKET_EXPANSIONS = ("legendary-relics", "artifacts-and-allies")
ADVENTURE_EXPANSIONS = ("into-the-tomb", "dark-forest")
FAMILIARS_ABOVE_LIMIT = 1


def _check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"unknown expansion mode {mode!r}; choose one of {', '.join(MODES)}")


def _copies(records) -> list[str]:
    return [r["id"] for r in records for _ in range(int(r.get("count", 1) or 1))]


def market_deck(bundle: Mapping, base_packs: Sequence[str], expansions: Sequence[str],
                rng: random.Random, mode: str = "shuffle") -> list[str]:
    """The market deck (index 0 is the top): the base packs' items and allies, with the
    expansions' shuffled in or on top ("new cards first")."""
    _check_mode(mode)
    cards = own_cards(bundle)
    base = _copies(c for c in cards if c.get("pack") in base_packs
                   and c.get("kind") in MARKET_KINDS)
    new = _copies(c for c in cards if c.get("pack") in expansions
                  and c.get("kind") in MARKET_KINDS)
    if mode == "shuffle":
        deck = base + new
        rng.shuffle(deck)
        return deck
    rng.shuffle(base)
    rng.shuffle(new)
    return new + base


def mix_adventure_cards(decks: MutableMapping[str, list[str]],
                        extra: Mapping[str, Sequence[str]], rng: random.Random,
                        mode: str = "shuffle") -> None:
    """Put adventure-card expansions into the decks by colour: shuffled in, or on top so
    they are drawn first until exhausted. ``decks`` (index 0 is the top) is changed."""
    _check_mode(mode)
    for colour, cards in extra.items():
        if not cards:
            continue
        deck = decks.setdefault(colour, [])
        new = list(cards)
        if mode == "shuffle":
            deck.extend(new)
            rng.shuffle(deck)
        else:
            rng.shuffle(new)
            deck[:0] = new


def is_familiar(card: Mapping) -> bool:
    return card.get("kind") == "ally" and bool(card.get("familiar", False))


def ally_room(held: Sequence[Mapping], new: Mapping, limit: int = 2) -> bool:
    """May a Hero holding the ally cards ``held`` take ``new``? At most ``limit`` allies,
    plus one familiar above the limit (seed 001, Artifacts & Allies)."""
    allies = list(held) + [new]
    familiars = sum(1 for a in allies if is_familiar(a))
    others = len(allies) - familiars
    above = max(0, familiars - FAMILIARS_ABOVE_LIMIT)  # a second familiar counts as normal
    return others + above <= limit
