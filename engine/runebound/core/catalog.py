"""The card catalog: the compiled bundle, checked and turned into effect objects.

``Catalog(bundle)`` checks the IR version, takes Runebound's cards of the bundle (the cards of
another game are ignored: :mod:`.bundle`), validates every ability against the IR schema
(:func:`runeforge.engine.runebound.core.ir.validate_ability`) and builds :class:`Ability`
objects.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from functools import cached_property

from runeforge.engine.common.errors import BundleError

from . import (
    carry_rblimits,  # noqa: F401 - branch rblimits: registers carry_as, carry_exempt
    damage_rbdamage,  # noqa: F401 - branch rbdamage: registers damage_rule (ir.py does not)
    effects_branching,  # noqa: F401  registers the ops of families 1-3 (issue 21)
    effects_combat,  # noqa: F401  (family 7: registers its effect ops)
    effects_core,  # noqa: F401 - the compositional core (issue 32 part III): its ops and cost
    effects_decks,  # noqa: F401 - family 5/6 (issue 21): registers its ops
    effects_rbmove,  # noqa: F401 - branch rbmove: a Hero moved to a space of a terrain
    knockout_rblimits,  # noqa: F401 - branch rblimits: registers knockout_keep, _instead
    market_rbmarket,  # noqa: F401 - branch rbmarket: the market's sell and heal prices
    skills,  # noqa: F401 - 'You have the Swim skill.': registers grant_skill
    wounds_rbwound,  # noqa: F401 - branch rbwound: registers cancel_first (ir.py no longer does)
)
from .bundle import own_cards
from .cardwindows import HELD, ability_timing, runner
from .costs import Cost, build_cost
from .effects import Effect, build_effects, walk
from .ir import IRError, check_bundle_version, validate_ability
from .state import Challenge, Figure, Hero


@dataclass
class Ability:
    card_id: str
    index: int
    source: str
    tag: str | None
    window: str | None
    limits: tuple[str, ...]
    costs: list[Cost]
    static: bool
    reaction: str | None
    effects: list[Effect]
    ir: dict = field(repr=False, default_factory=dict)

    @cached_property
    def ref(self) -> str:
        return f"{self.card_id}#{self.index}"

    @cached_property
    def timing(self) -> str:
        """Its timing as the table of card windows names it (:mod:`.cardwindows`)."""
        return ability_timing(self)

    @cached_property
    def effect_ops(self) -> frozenset[str]:
        """The ops of its effects, nested ones included (the bots read them at every
        window; the effects never change)."""
        return frozenset(e.op for e in walk(self.effects))

    @cached_property
    def standing(self) -> bool:
        """Always on: static, or a cost-free rule made only of triggers ("Every time ...")."""
        return self.static or (not self.costs and bool(self.effects)
                               and all(e.op == "trigger" for e in self.effects))

    @cached_property
    def attacks(self) -> bool:
        """Does it make an attack (an ``attack`` effect, nested ones included)?"""
        return any(e.op == "attack" for e in walk(self.effects))

    @cached_property
    def cancel_targets(self) -> frozenset[str]:
        """Whose wounds its ``cancel`` effects cancel (``hero``, ``ally``, ``hero_or_ally``);
        an ability without a cancel (e.g. a trigger) reacts to wounds on its Hero."""
        return frozenset(e.target for e in walk(self.effects) if e.op == "cancel") \
            or frozenset({"hero"})

    @property
    def cost_ops(self) -> tuple[str, ...]:
        return tuple(c.op for c in self.costs)

    @classmethod
    def from_ir(cls, card_id: str, index: int, ir: dict) -> Ability:
        try:
            validate_ability(ir)
        except IRError as exc:
            raise BundleError(f"card {card_id!r}, ability {index + 1}: {exc}") from None
        return cls(
            card_id=card_id, index=index, source=ir["source"], tag=ir["timing"]["tag"],
            window=ir["timing"]["window"], limits=tuple(ir["limits"]),
            costs=[build_cost(c) for c in ir["costs"]], static=ir["static"],
            reaction=ir["reaction"], effects=build_effects(ir["effects"]), ir=ir,
        )


@dataclass
class CardDef:
    id: str
    kind: str
    name: str
    data: dict
    abilities: list[Ability]

    @cached_property
    def standing_effects(self) -> tuple[Effect, ...]:
        """The effects of the always-on abilities (computed once: abilities never change)."""
        return tuple(e for a in self.abilities if a.standing for e in a.effects)

    @cached_property
    def held_abilities(self) -> tuple[Ability, ...]:
        """The abilities its Hero's player may use while the Hero holds the card (the table
        of card windows: none for an encounter placed as an Ally or a challenge kept as an
        item, whose text is the adventure card's)."""
        return tuple(a for a in self.abilities if runner(self.kind, a.timing) == HELD)

    @cached_property
    def modifiers(self) -> dict[str, tuple[Effect, ...]]:
        """The always-on ``modify`` effects by stat (the engine's hot path reads these)."""
        out: dict[str, list[Effect]] = {}
        for e in self.standing_effects:
            if e.op == "modify":
                out.setdefault(e.stat, []).append(e)
        return {k: tuple(v) for k, v in out.items()}

    @property
    def usage(self) -> str | None:
        return self.data.get("usage")

    @property
    def cost(self) -> int:
        return int(self.data.get("cost", 0) or 0)


class Catalog:
    def __init__(self, bundle: dict):
        try:
            check_bundle_version(bundle)
        except IRError as exc:
            raise BundleError(str(exc)) from None
        cards: dict[str, CardDef] = {}
        for card in own_cards(bundle):
            abilities = [Ability.from_ir(card["id"], i, ir)
                         for i, ir in enumerate(card.get("abilities") or [])]
            cards[card["id"]] = CardDef(card["id"], card["kind"],
                                        card.get("name", card["id"]), card, abilities)
        self.cards: dict[str, CardDef] = cards
        self.refresh()

    def refresh(self) -> None:
        """Summarise the always-on rules of all cards, so the engine's hot path can skip
        searches no card can answer. Runs again by itself when the number of cards changes;
        call it after replacing a card under an existing id."""
        cards = self.cards.values()
        self._summary = (
            len(self.cards),
            frozenset(stat for c in cards for stat in c.modifiers),
            frozenset(e.op for c in cards for e in c.standing_effects),
            frozenset(e.action for c in cards for e in c.standing_effects
                      if e.op == "restrict"))

    def _summarised(self) -> tuple:
        if self._summary[0] != len(self.cards):
            self.refresh()
        return self._summary

    @property
    def modified_stats(self) -> frozenset:
        """Stats that some always-on ``modify`` of some card changes."""
        return self._summarised()[1]

    @property
    def standing_ops(self) -> frozenset:
        """IR ops of all always-on effects (e.g. whether any card has a standing trigger)."""
        return self._summarised()[2]

    @property
    def restricted_actions(self) -> frozenset:
        """Actions some card's always-on rule restricts."""
        return self._summarised()[3]

    def card(self, card_id: str, kind: str | None = None) -> CardDef:
        found = self.cards.get(card_id)
        if found is None or (kind is not None and found.kind != kind):
            pool = [c.id for c in self.cards.values() if kind is None or c.kind == kind]
            near = difflib.get_close_matches(card_id, pool, n=1)
            hint = f"; did you mean {near[0]!r}?" if near else ""
            what = f"{kind} card" if kind else "card"
            raise BundleError(f"unknown {what} id {card_id!r}{hint}")
        return found

    def ids(self, kind: str) -> list[str]:
        return sorted(c.id for c in self.cards.values() if c.kind == kind)

    def new_hero(self, hero_id: str, items=(), allies=(), gold: int = 0, **extra) -> Hero:
        card = self.card(hero_id, "hero")
        for item in items:
            self.card(item, "item")
        return Hero.from_card(card.data, items=list(items), gold=gold,
                              allies=[self.new_ally(a) for a in allies], **extra)

    def new_ally(self, ally_id: str) -> Figure:
        return Figure.from_card(self.card(ally_id, "ally").data)

    def new_challenge(self, challenge_id: str) -> Challenge:
        return Challenge.from_card(self.card(challenge_id, "challenge").data)

