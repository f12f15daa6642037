"""Adventures as data, plus the small rule-module interface for what data cannot say.

An adventure is a ``kind: adventure`` document (``cards/adventures/<id>/adventure.yaml``,
schema ``compiler/schemas/adventure.schema.json``). The compiler puts it in ``bundle.json``
under ``documents.adventure``; the engine reads it from there (:func:`adventures`).

The data says which packs make the adventure decks and how (``base``, ``beside``,
``replace``), which base cards are set aside, which gem colours get counters, how a base
draw is redirected to the side deck of the same colour, the victory conditions and the
endgame. A rule module (``rules: crown``) adds what is not data; it is one of the names in
:data:`.rule_modules.RULE_MODULES`, each a module of this package exposing
``make_rules(spec)`` that returns an :class:`AdventureRules` (this module is the
``dragon-lords`` one).

The hook points a game loop calls (all optional, the base class does the data part):

* ``decks(bundle, rng, expansions)`` — the adventure decks (:class:`AdventureDecks`);
* ``draw_chain(decks, colour, cards)`` — the cards one adventure draws, in order, each with
  what to do with it (:class:`DrawStep`); the game loop uses the same rule step by step
  (:func:`next_draw`);
* ``counter_colours()`` — gem colours that get adventure counters (at setup and renewal);
* ``on_defeat(game, hero, card_id)`` — a challenge was defeated; returns ``"endgame"`` when
  that starts the endgame (after the current player's experience step);
* ``on_holdings(game, hero)`` — the cards a Hero holds changed without a defeat (spoils of a
  fight between Heroes, a trade); returns ``"endgame"`` like ``on_defeat``;
* ``win(game)`` — (Hero id, how) when someone has won by the adventure's victory
  conditions (checked after every step).

The endgame itself is chosen by the data (``endgame.type``: ``red-challenges``,
``elder-king``, ``giant-lord-invasion``) and run by :mod:`.adventure_game` with the rule
module's functions (:func:`.crown.showdown`, :func:`.kyros.invade` …).
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from runeforge.engine.common.errors import EngineError

from ..core.bundle import own_cards, own_documents
from .expansions import mix_adventure_cards

COLOURS = ("green", "yellow", "blue", "red")
ADVENTURE_KINDS = ("challenge", "event", "encounter")


class AdventureError(EngineError):
    """An adventure id or its data cannot be used."""


@dataclass(frozen=True)
class DeckSpec:
    pack: str
    colours: tuple[str, ...] = COLOURS
    place: str = "base"  # base | beside | replace


@dataclass(frozen=True)
class Victory:
    type: str  # defeat | hold | rule
    card: str | None = None
    cards: tuple[str, ...] = ()
    count: int = 1
    name: str | None = None
    description: str | None = None


@dataclass(frozen=True)
class AdventureSpec:
    id: str
    name: str
    decks: tuple[DeckSpec, ...]
    victory: tuple[Victory, ...]
    endgame: Mapping
    rules: str | None = None
    set_aside_colours: tuple[str, ...] = ()
    set_aside_cards: tuple[str, ...] = ()
    counter_colours: tuple[str, ...] = COLOURS
    redirect: tuple[str, ...] = ()
    base_card: str = "resolve"
    renew: bool = True
    when_empty: str = "base"
    scoring: Mapping = field(default_factory=dict)
    cards: Mapping = field(default_factory=dict)

    @classmethod
    def from_dict(cls, doc: Mapping) -> AdventureSpec:
        decks = tuple(DeckSpec(d["pack"], tuple(d.get("colours") or COLOURS),
                               d.get("place", "base")) for d in doc.get("decks", ()))
        victory = tuple(Victory(v["type"], v.get("card"), tuple(v.get("cards") or ()),
                                int(v.get("count", 1)), v.get("name"), v.get("description"))
                        for v in doc.get("victory", ()))
        aside = doc.get("set_aside") or {}
        draws = doc.get("draws") or {}
        counters = doc.get("counters") or {}
        return cls(
            id=doc["id"], name=doc.get("name", doc["id"]), decks=decks, victory=victory,
            endgame=dict(doc.get("endgame") or {"type": "none"}), rules=doc.get("rules"),
            set_aside_colours=tuple(aside.get("colours") or ()),
            set_aside_cards=tuple(aside.get("cards") or ()),
            counter_colours=tuple(counters.get("colours", COLOURS)),
            redirect=tuple(draws.get("redirect") or ()),
            base_card=draws.get("base_card", "resolve"), renew=bool(draws.get("renew", True)),
            when_empty=draws.get("when_empty", "base"), scoring=dict(doc.get("scoring") or {}),
            cards={k: dict(v) for k, v in (doc.get("cards") or {}).items()},
        )

    def card_data(self, card_id: str) -> dict:
        return self.cards.get(card_id, {})

    def cards_with(self, key: str) -> list[str]:
        return sorted(cid for cid, data in self.cards.items() if data.get(key))


# ---------------------------------------------------------------------- bundle access
def adventures(bundle: Mapping) -> dict[str, AdventureSpec]:
    """Every adventure document of a compiled bundle, by id."""
    docs = own_documents(bundle, "adventure")
    return {d["id"]: AdventureSpec.from_dict(d) for d in docs}


def get_adventure(bundle: Mapping, adventure_id: str) -> AdventureSpec:
    found = adventures(bundle)
    if adventure_id not in found:
        near = difflib.get_close_matches(adventure_id, list(found), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        known = ", ".join(sorted(found)) or "none"
        raise AdventureError(f"unknown adventure {adventure_id!r}{hint} (known: {known})")
    spec = found[adventure_id]
    _check_refs(bundle, spec)
    return spec


def _check_refs(bundle: Mapping, spec: AdventureSpec) -> None:
    cards = own_cards(bundle)
    ids = {c["id"] for c in cards}
    packs = {c.get("pack") for c in cards}
    for deck in spec.decks:
        if deck.pack not in packs:
            raise AdventureError(f"adventure {spec.id!r}: deck pack {deck.pack!r} has no cards")
    named = [v.card for v in spec.victory if v.card] + [c for v in spec.victory for c in v.cards]
    for cid in [*named, *spec.set_aside_cards, *spec.cards]:
        if cid not in ids:
            near = difflib.get_close_matches(cid, sorted(ids), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            raise AdventureError(f"adventure {spec.id!r} names unknown card {cid!r}{hint}")


def card_index(bundle: Mapping) -> dict[str, dict]:
    return {c["id"]: c for c in own_cards(bundle)}


# ---------------------------------------------------------------------- decks
@dataclass
class AdventureDecks:
    """Face-down decks by colour; index 0 is the top. ``side`` are the decks placed beside."""

    base: dict[str, list[str]] = field(default_factory=dict)
    side: dict[str, list[str]] = field(default_factory=dict)
    aside: list[str] = field(default_factory=list)  # set aside (in the box, at hand)

    def all_cards(self) -> list[str]:
        out = [c for deck in self.base.values() for c in deck]
        return out + [c for deck in self.side.values() for c in deck]

    def to_dict(self) -> dict:
        return {"base": {k: list(v) for k, v in self.base.items()},
                "side": {k: list(v) for k, v in self.side.items()}, "aside": list(self.aside)}


def expand(records: Sequence[Mapping]) -> list[str]:
    """Card ids with their ``count`` copies (a copy is the same id)."""
    return [r["id"] for r in records for _ in range(int(r.get("count", 1) or 1))]


def pack_cards(bundle: Mapping, pack: str, colours: Sequence[str] = COLOURS,
               kinds: Sequence[str] = ADVENTURE_KINDS) -> list[dict]:
    return [c for c in own_cards(bundle) if c.get("pack") == pack
            and c.get("kind") in kinds and c.get("colour") in colours]


def build_decks(bundle: Mapping, spec: AdventureSpec, rng: random.Random,
                expansions: Sequence[str] = (), expansion_mode: str = "shuffle"
                ) -> AdventureDecks:
    """The shuffled adventure decks of ``spec``; adventure-card expansions mixed in by colour
    (``shuffle``) or put on top to be drawn first (``first``), see :mod:`.expansions`."""
    decks = AdventureDecks({c: [] for c in COLOURS}, {})
    replaced: set[str] = {c for d in spec.decks if d.place == "replace" for c in d.colours}
    for deck in spec.decks:
        for record in pack_cards(bundle, deck.pack, deck.colours):
            colour = record["colour"]
            copies = expand([record])
            if deck.place == "base":
                if (colour in spec.set_aside_colours or record["id"] in spec.set_aside_cards
                        or colour in replaced):
                    decks.aside.extend(copies)
                    continue
                decks.base[colour].extend(copies)
            elif deck.place == "replace":
                decks.base[colour].extend(copies)
            else:
                decks.side.setdefault(colour, []).extend(copies)
    for colour in list(decks.base):
        rng.shuffle(decks.base[colour])
    for colour in list(decks.side):
        rng.shuffle(decks.side[colour])
    extra = {c: [] for c in COLOURS}
    for pack in expansions:
        for record in pack_cards(bundle, pack):
            if record["colour"] not in spec.set_aside_colours:
                extra[record["colour"]].extend(expand([record]))
    mix_adventure_cards(decks.base, extra, rng, expansion_mode)
    return decks


# ---------------------------------------------------------------------- draws
@dataclass(frozen=True)
class DrawStep:
    card: str
    deck: str  # "base" or "side"
    action: str  # "resolve" (event, encounter), "fight" (challenge), "discard"
    renew: bool = False  # renew the sun-ringed gems


MAX_CHAIN = 60


def next_draw(spec: AdventureSpec, kind: str, source: str, side_left: bool
              ) -> tuple[str, str | None]:
    """What to do with a card of ``kind`` drawn from ``source`` ("base" or "side"), and where
    the next card comes from (None: the adventure ends with this card).

    A challenge is fought. A side event or encounter is resolved and the base deck drawn
    again. A base card whose kind is in ``spec.redirect`` is resolved (or discarded) and
    followed by the side deck of its colour, or, when that is empty, by the base deck again
    (``when_empty: base``). Any other base event or encounter is resolved and the base deck
    drawn again (the ordinary rule: draw until a challenge).
    """
    if kind == "challenge":
        return "fight", None
    if source == "side" or kind not in spec.redirect:
        return "resolve", "base"
    action = "discard" if spec.base_card == "discard" else "resolve"
    if side_left:
        return action, "side"
    return action, ("base" if spec.when_empty == "base" else None)


def draw_chain(decks: AdventureDecks, colour: str, spec: AdventureSpec,
               cards: Mapping[str, Mapping]) -> list[DrawStep]:
    """The whole chain of one adventure on a gem of ``colour`` (seed 001), by
    :func:`next_draw`: cards are taken off the decks in order until a challenge or until the
    deck to draw from is empty. A discarded base event still renews the sun-ringed gems when
    ``spec.renew`` (a resolved event renews by its own sun icon)."""
    steps: list[DrawStep] = []
    source: str | None = "base"
    while source is not None and len(steps) < MAX_CHAIN:
        deck = decks.base.get(colour, []) if source == "base" else decks.side.get(colour, [])
        if not deck:
            break
        card_id = deck.pop(0)
        card = cards[card_id]
        kind = card.get("kind")
        sun = kind == "event" and bool(card.get("renew", True))
        action, nxt = next_draw(spec, kind, source, bool(decks.side.get(colour)))
        renew = sun and (spec.renew if action == "discard" else True)
        steps.append(DrawStep(card_id, source, action, renew=renew and action != "fight"))
        source = nxt
    return steps


# ---------------------------------------------------------------------- victory
def defeats(game) -> list[tuple[str, str]]:
    """(Hero id, card id) of every challenge defeated so far: ``game.adventure_defeats``
    (kept for the whole game by :mod:`.adventure_game`), else ``game.defeated_challenges``."""
    found = getattr(game, "adventure_defeats", None)
    if found is None:
        found = getattr(game, "defeated_challenges", ())
    return list(found)


def held_cards(hero) -> set[str]:
    return set(getattr(hero, "trophies", ())) | set(getattr(hero, "items", ()))


def data_win(spec: AdventureSpec, heroes: Sequence, defeated: Mapping[str, Sequence[str]]
             ) -> tuple[str, Victory] | None:
    """(Hero id, the condition met) when a data victory condition is met: ``defeated`` maps
    Hero ids to the challenges they have defeated; ``hold`` counts cards a Hero holds."""
    for hero in heroes:
        for v in spec.victory:
            if v.type == "defeat" and v.card in defeated.get(hero.id, ()):
                return hero.id, v
            if v.type == "hold" and len(held_cards(hero) & set(v.cards)) >= v.count:
                return hero.id, v
    return None


def data_winner(spec: AdventureSpec, heroes: Sequence, defeated: Mapping[str, Sequence[str]]
                ) -> str | None:
    found = data_win(spec, heroes, defeated)
    return found[0] if found else None


# ---------------------------------------------------------------------- the rule module interface
class AdventureRules:
    """The base class every rule module returns from ``make_rules(spec)``.

    It does the data part; a module overrides only what its adventure changes.
    """

    def __init__(self, spec: AdventureSpec):
        self.spec = spec

    def decks(self, bundle: Mapping, rng: random.Random, expansions: Sequence[str] = (),
              expansion_mode: str = "shuffle") -> AdventureDecks:
        return build_decks(bundle, self.spec, rng, expansions, expansion_mode)

    def counter_colours(self) -> tuple[str, ...]:
        return self.spec.counter_colours

    def draw_chain(self, decks: AdventureDecks, colour: str, cards: Mapping) -> list[DrawStep]:
        return draw_chain(decks, colour, self.spec, cards)

    def on_defeat(self, game, hero, card_id: str) -> str | None:
        return None

    def on_holdings(self, game, hero) -> str | None:
        return None

    def win(self, game) -> tuple[str, str] | None:
        """(Hero id, how) when the data victory conditions are met, over
        ``game.state.heroes`` and ``game.defeated_challenges`` ((hero id, card id) pairs)."""
        defeated: dict[str, list[str]] = {}
        for who, card in defeats(game):
            defeated.setdefault(who, []).append(card)
        found = data_win(self.spec, game.state.heroes, defeated)
        if found is None:
            return None
        hero, v = found
        return hero, v.description or f"{v.type} {v.card or ', '.join(v.cards)}"

    def endgame(self, game) -> str | None:  # pragma: no cover - the game's red endgame
        return None


def make_rules(spec: AdventureSpec) -> AdventureRules:
    """The Rise of the Dragon Lords rules: all data (Margath, three runes, red endgame)."""
    return AdventureRules(spec)
