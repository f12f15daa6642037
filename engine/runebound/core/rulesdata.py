"""Rulesets as data: ``cards/rules/base.yaml`` and ``cards/rules/advanced.yaml`` as values.

Everything the base (seed 000) and advanced (seed 002) rules differ in is a field here; engine
code reads these values and never branches on the ruleset's id. Built from the plain dict of
a ``kind: ruleset`` document (see ``compiler/schemas/ruleset.schema.json``).

The combat values (defeat comparison, skill bonus, spoils, knock-out losses) are also held by
``engine/runebound/core/ruleset.py`` (the combat engine's ``Ruleset``); ``Ruleset.from_data``
builds that object from a ``RulesData``, so both read one source. This module imports no other
part of the engine but its errors and the rules files (:mod:`.rulesfile`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping

# bundled_document: imported from here too (the games registry names it here)
from .rulesfile import DIE_FACES, RulesDataError, bundled_document, die_faces  # noqa: F401

BUNDLED = ("base", "advanced")

# House rules: rules found in no seed, off unless turned on. name -> what it does.
HOUSE_RULES = {
    "renew_when_board_empty": (
        "when a Hero's turn starts with no adventure counter on the board that it may play, "
        "counters are renewed from the box as by an event's sun icon"),
}


@dataclass(frozen=True)
class PlayerTable:
    """A value by player count: rows of (min_players, max_players, value), no overlaps."""

    rows: tuple[tuple[int, int, Any], ...]

    @classmethod
    def from_list(cls, rows: list, value_key: str = "value") -> PlayerTable:
        out = tuple((int(r["min_players"]), int(r["max_players"]), r[value_key]) for r in rows)
        covered: set[int] = set()
        for lo, hi, _ in out:
            if lo > hi:
                raise RulesDataError(f"player range {lo}-{hi} is empty")
            span = set(range(lo, hi + 1))
            if covered & span:
                raise RulesDataError(f"player counts {sorted(covered & span)} appear twice")
            covered |= span
        return cls(out)

    def get(self, players: int, default: Any = None) -> Any:
        for lo, hi, value in self.rows:
            if lo <= players <= hi:
                return value
        return default

    def __call__(self, players: int) -> Any:
        value = self.get(players)
        if value is None:
            raise RulesDataError(f"no value for {players} players")
        return value


@dataclass(frozen=True)
class MovementRules:
    dice: int
    reduced_dice: int
    reduce_markers: frozenset[str]  # "wound", "exhaustion"
    reduce_figures: frozenset[str]  # "hero", "ally"
    reduce_only_outside_town: bool
    first_turn_dice: PlayerTable  # value: tuple of dice counts by seat (1-based)
    rest_baseline: int | None  # None: counted from the dice allowed this turn
    rest_exhaustion_per_die: int
    free_step_allowed: bool
    free_step_when_resting: bool

    def first_turn_count(self, players: int, seat: int) -> int:
        """Dice on a Hero's first turn, by seat (1 = first player); unlisted seats: ``dice``."""
        seats = self.first_turn_dice.get(players, ())
        return seats[seat - 1] if 1 <= seat <= len(seats) else self.dice


@dataclass(frozen=True)
class AdventureRules:
    event_replaces_if: str  # ">=" or ">"
    event_discard: str  # "deck-bottom" | "doom-track"
    defeated_challenge: str
    encounter_after_play: str  # "removed" | "deck-bottom" | "doom-track"
    renew_on: str = "draw"  # the sun icon renews on "draw", or only if the event "takes-effect"

    def event_replaces(self, new_number: int, current_number: int | None) -> bool:
        if current_number is None:
            return True
        return _compare(new_number, self.event_replaces_if, current_number)


@dataclass(frozen=True)
class ExperienceRules:
    purchase: str  # "single" | "pairs"
    cost: PlayerTable  # experience points per purchase (one token or one pair)
    distinct_in_purchase: bool
    heals_hero: bool
    tokens: tuple[tuple[str, int], ...]  # (type, bonus)
    life_bars_easiest_colour: bool
    max_life_tokens: int
    colour_order: tuple[str, ...]

    @property
    def tokens_per_purchase(self) -> int:
        return 2 if self.purchase == "pairs" else 1

    def bonus(self, token_type: str) -> int:
        return dict(self.tokens)[token_type]

    def barred_colours(self, life_tokens: int) -> tuple[str, ...]:
        """Challenge colours a Hero with ``life_tokens`` +1 Life tokens may no longer face."""
        if not self.life_bars_easiest_colour:
            return ()
        return self.colour_order[: min(life_tokens, self.max_life_tokens)]


@dataclass(frozen=True)
class MarketRules:
    draw_on_visit: int
    sell_divisor: int
    sell_rounding: str  # "down" | "up"
    sell_min_cost: int
    wound_price: int
    exhaustion_price: int
    exhaustion_per: str  # "figure" (all of one figure's exhaustion) | "exhaustion"
    weapon_limit: int
    armor_limit: int
    ally_limit: int
    familiar_limit: int

    def sell_price(self, cost: int) -> int | None:
        """Gold for selling an item of ``cost``; None if it cannot be sold."""
        if cost < self.sell_min_cost:
            return None
        q = cost / self.sell_divisor
        return math.floor(q) if self.sell_rounding == "down" else math.ceil(q)


@dataclass(frozen=True)
class CombatRules:
    defeat_when: str  # ">=" (wounds >= Life) or ">" (wounds > Life)
    skill_bonus: int
    skill_bonus_per_exhaustion: int
    escape_failure_wounds: int
    die_faces: int = DIE_FACES  # overridden by the file's combat.die_faces (family 3 die tables)

    @property
    def defeat_margin(self) -> int:
        return 0 if self.defeat_when == ">=" else 1

    def is_defeated(self, wounds: int, life: int) -> bool:
        return _compare(wounds, self.defeat_when, life)


@dataclass(frozen=True)
class KnockOutRules:
    loses: frozenset[str]
    priciest_card: tuple[str, ...]
    move_to: str
    challenge_to: str
    may_change_hero: bool


@dataclass(frozen=True)
class HeroVsHeroRules:
    defender_uses_before_combat_first: bool
    defender_may_escape: bool
    defender_rolls_first: bool
    roles_swap_each_round: bool
    spoils: tuple[str, ...]
    spoils_taken: int


@dataclass(frozen=True)
class DoomTrackRules:
    mode: str  # "off" | "variant" (optional, chosen at setup) | "always"
    cards_per_token: PlayerTable
    tokens: int
    first_card_beside: str
    first_card_from: str
    # where the other cards go when the track is full: "deck-bottom" (seed 000: under their
    # colour decks) or "discard" (seed 002: discarded; an empty deck is rebuilt from the
    # challenges among the discards)
    when_full: str = "deck-bottom"


@dataclass(frozen=True)
class EndgameRules:
    trigger: str
    deck: str
    remove: tuple[str, ...]
    return_undefeated: str
    level: str  # "one-plus-tokens" | "tokens"
    order: str
    order_tiebreak: tuple[str, ...]
    may_escape: bool
    eliminated_loses_nothing: bool
    all_eliminated_ranking: tuple[str, ...]
    next_after_win: str = "same-hero"  # "same-hero" | "next-hero": who confronts after a win

    def next_confronter(self, order: list[str], out, current: str | None,
                        won: bool) -> str | None:
        """Who takes the next confrontation. ``order``: every Hero in confrontation order;
        ``out``: those eliminated; ``current``: who just confronted (None: nobody yet),
        ``won``: and defeated the challenge. None when every Hero is out."""
        alive = [h for h in order if h not in out]
        if not alive:
            return None
        if current is None:
            return alive[0]
        if won and self.next_after_win == "same-hero" and current in alive:
            return current
        at = order.index(current)
        return next(h for h in order[at + 1:] + order[:at + 1] if h not in out)

    def hero_level(self, experience_tokens: int) -> int:
        return experience_tokens + (1 if self.level == "one-plus-tokens" else 0)


@dataclass(frozen=True)
class RulesData:
    id: str
    name: str
    origin: str
    movement: MovementRules
    travel_hazards: bool
    travel_hazard_dice: int
    adventure: AdventureRules
    experience: ExperienceRules
    market: MarketRules
    combat: CombatRules
    knock_out: KnockOutRules
    hero_vs_hero: HeroVsHeroRules
    doom_track: DoomTrackRules
    endgame: EndgameRules
    # Rules in no seed, each off unless a ruleset (or `play --house-rule`) turns it on:
    # ((name, on), ...) over every name of HOUSE_RULES.
    house_rules: tuple[tuple[str, bool], ...] = ()

    def house_rule(self, name: str) -> bool:
        if name not in HOUSE_RULES:
            raise RulesDataError(f"unknown house rule {name!r}")
        return dict(self.house_rules).get(name, False)

    @property
    def house_rules_on(self) -> tuple[str, ...]:
        return tuple(sorted(n for n, on in self.house_rules if on))

    def with_house_rules(self, names) -> RulesData:
        """This ruleset with the house rules ``names`` turned on as well."""
        unknown = sorted(set(names) - set(HOUSE_RULES))
        if unknown:
            raise RulesDataError(f"unknown house rule {unknown[0]!r}; choose from "
                                 f"{', '.join(sorted(HOUSE_RULES))}")
        on = set(self.house_rules_on) | set(names)
        return replace(self, house_rules=tuple((n, n in on) for n in sorted(HOUSE_RULES)))

    @classmethod
    def from_dict(cls, doc: Mapping) -> RulesData:
        try:
            data = _build(doc)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise RulesDataError(f"malformed ruleset data: {exc!r}") from None
        data._check()
        return data

    def _check(self) -> None:
        m = self.movement
        if not 0 <= m.reduced_dice <= m.dice:
            raise RulesDataError(f"reduced_dice {m.reduced_dice} must be 0..dice ({m.dice})")
        for _lo, _hi, seats in m.first_turn_dice.rows:
            if any(not 0 <= s <= m.dice for s in seats):
                raise RulesDataError(f"first-turn dice {list(seats)} exceed {m.dice}")
        if len(set(self.experience.colour_order)) != 4:
            raise RulesDataError("colour_order must name the four colours once")


def _compare(a: int, op: str, b: int) -> bool:
    if op == ">=":
        return a >= b
    if op == ">":
        return a > b
    raise RulesDataError(f"unknown comparison {op!r}")


def _build(doc: Mapping) -> RulesData:
    mv = doc["movement"]
    base = mv["resting"]["baseline"]
    movement = MovementRules(
        dice=int(mv["dice"]),
        reduced_dice=int(mv["reduced_dice"]),
        reduce_markers=frozenset(mv["reduce_if"]["markers"]),
        reduce_figures=frozenset(mv["reduce_if"]["figures"]),
        reduce_only_outside_town=bool(mv["reduce_if"]["only_outside_town"]),
        first_turn_dice=PlayerTable(tuple(
            (int(r["min_players"]), int(r["max_players"]), tuple(int(s) for s in r["seats"]))
            for r in mv["first_turn_dice"])),
        rest_baseline=None if base == "allowed" else int(base),
        rest_exhaustion_per_die=int(mv["resting"]["exhaustion_per_die"]),
        free_step_allowed=bool(mv["free_step"]["allowed"]),
        free_step_when_resting=bool(mv["free_step"]["when_resting"]),
    )
    PlayerTable.from_list([{"min_players": lo, "max_players": hi, "value": 0}
                           for lo, hi, _ in movement.first_turn_dice.rows])  # overlap check
    ad, ex, mk, cb = doc["adventure"], doc["experience"], doc["market"], doc["combat"]
    ko, hv, dt, eg = doc["knock_out"], doc["hero_vs_hero"], doc["doom_track"], doc["endgame"]
    return RulesData(
        id=str(doc["id"]), name=str(doc["name"]), origin=str(doc["origin"]),
        movement=movement,
        travel_hazards=bool(doc["travel_hazards"]["enabled"]),
        travel_hazard_dice=int(doc["travel_hazards"]["dice"]),
        adventure=AdventureRules(ad["event_replaces_if"], ad["event_discard"],
                                 ad["defeated_challenge"], ad["encounter_after_play"],
                                 str(ad.get("renew_on", "draw"))),
        experience=ExperienceRules(
            purchase=ex["purchase"], cost=PlayerTable.from_list(ex["cost"]),
            distinct_in_purchase=bool(ex["distinct_in_purchase"]),
            heals_hero=bool(ex["heals_hero"]),
            tokens=tuple((t["type"], int(t["bonus"])) for t in ex["tokens"]),
            life_bars_easiest_colour=bool(ex["life_bars_easiest_colour"]),
            max_life_tokens=int(ex["max_life_tokens"]),
            colour_order=tuple(ex["colour_order"])),
        market=MarketRules(
            draw_on_visit=int(mk["draw_on_visit"]), sell_divisor=int(mk["sell"]["divisor"]),
            sell_rounding=mk["sell"]["rounding"], sell_min_cost=int(mk["sell"]["min_cost"]),
            wound_price=int(mk["healing"]["wound"]["price"]),
            exhaustion_price=int(mk["healing"]["exhaustion"]["price"]),
            exhaustion_per=mk["healing"]["exhaustion"]["per"],
            weapon_limit=int(mk["limits"]["weapon"]), armor_limit=int(mk["limits"]["armor"]),
            ally_limit=int(mk["limits"]["ally"]), familiar_limit=int(mk["limits"]["familiar"])),
        combat=CombatRules(cb["defeat_when"], int(cb["skill_bonus"]),
                           int(cb["skill_bonus_per_exhaustion"]),
                           int(cb["escape_failure_wounds"]),
                           die_faces(doc)),
        knock_out=KnockOutRules(frozenset(ko["loses"]), tuple(ko["priciest_card"]),
                                ko["move_to"], ko["challenge_to"], bool(ko["may_change_hero"])),
        hero_vs_hero=HeroVsHeroRules(
            bool(hv["defender_uses_before_combat_first"]), bool(hv["defender_may_escape"]),
            bool(hv["defender_rolls_first"]), bool(hv["roles_swap_each_round"]),
            tuple(hv["spoils"]), int(hv["spoils_taken"])),
        doom_track=DoomTrackRules(dt["mode"], PlayerTable.from_list(dt["cards_per_token"]),
                                  int(dt["tokens"]), dt["first_card_beside"],
                                  dt["first_card_from"],
                                  str(dt.get("when_full", "deck-bottom"))),
        endgame=EndgameRules(
            eg["trigger"], eg["deck"], tuple(eg["remove"]), eg["return_undefeated"],
            eg["level"], eg["order"], tuple(eg["order_tiebreak"]), bool(eg["may_escape"]),
            bool(eg["eliminated_loses_nothing"]), tuple(eg["all_eliminated_ranking"]),
            str(eg.get("next_after_win", "same-hero"))),
        house_rules=_house_rules(doc.get("house_rules") or {}),
    )


def _house_rules(doc: Mapping) -> tuple[tuple[str, bool], ...]:
    unknown = sorted(set(doc) - set(HOUSE_RULES))
    if unknown:
        raise RulesDataError(f"unknown house rule {unknown[0]!r}; choose from "
                             f"{', '.join(sorted(HOUSE_RULES))}")
    return tuple((name, bool(doc.get(name, False))) for name in sorted(HOUSE_RULES))


def load_ruleset(name: str) -> RulesData:
    """A bundled ruleset by id: ``base`` or ``advanced``."""
    if name not in BUNDLED:
        raise RulesDataError(f"unknown ruleset {name!r}; choose one of {', '.join(BUNDLED)}")
    return RulesData.from_dict(bundled_document(name))
