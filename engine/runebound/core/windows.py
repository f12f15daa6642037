"""Timing windows: the engine events abilities subscribe to, and the rules of who may act when.

A window is opened by the engine (combat, and later the turn loop) as a :class:`Moment`:
which window, which combat and round, and which step counts activations. An ability's
``timing`` (tag or window), ``reaction`` and ``limits`` decide whether it fits the moment.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

BEFORE_COMBAT = "before_combat"
ESCAPE = "escape"
RANGED, MELEE, MAGIC = "ranged", "melee", "magic"
PHASES = (RANGED, MELEE, MAGIC)
WOUNDS_INFLICTED = "wounds_inflicted"
AFTER_COMBAT = "after_combat"
DEFEAT_CHALLENGE = "defeat_challenge"
KNOCKED_OUT = "knocked_out"
BEFORE_MOVING = "before_moving"
AFTER_MOVING = "after_moving"
START_OF_TURN = "start_of_turn"
END_OF_TURN = "end_of_turn"
MARKET_STEP = "market_step"
# ---- family 7: combat: right after the Hero's combat roll, before its result counts
COMBAT_ROLL = "combat_roll"
# ---- family 7: combat: a phase of another Hero's combat in the space of a Hero not in it
ASSIST = "assist"

COMBAT_STEPS = (BEFORE_COMBAT, ESCAPE, *PHASES)
# Which activation allowance a step draws on (the Ruleset holds the numbers).
MOVEMENT_WINDOWS = (BEFORE_MOVING, AFTER_MOVING)

# Durations end at these engine events.
EXPIRY_ORDER = ("end_of_phase", "end_of_round", "end_of_combat", "end_of_turn", "start_of_next_turn")


@dataclass(frozen=True)
class Moment:
    """Where the game is: the open window, and the combat step it belongs to (if any)."""

    window: str
    step: str | None = None  # before_combat / escape / ranged / melee / magic during combat
    combat: int = 0
    round: int = 0  # 0 during Before Combat
    turn: int = 1

    @property
    def in_combat(self) -> bool:
        return self.step is not None

    def activation_scope(self) -> tuple[str, str]:
        """(allowance name on the Ruleset, key) of the step whose activation limit applies."""
        if self.step == BEFORE_COMBAT:
            return "activations_before_combat", f"before_combat:{self.combat}"
        if self.in_combat:
            return "activations_per_round", f"round:{self.combat}:{self.round}"
        if self.window in MOVEMENT_WINDOWS:
            return "activations_per_movement", f"movement:{self.turn}"
        if self.window == MARKET_STEP:
            return "activations_per_market", f"market:{self.turn}"
        return "", f"{self.window}:{self.turn}"

    def limit_buckets(self, limits, tag) -> list[str]:
        """The usage buckets an ability with ``limits`` draws on now (each allows one use)."""
        buckets = []
        for limit in limits:
            if limit == "turn":
                buckets.append(f"turn:{self.turn}")
            elif limit == "combat" and self.in_combat:
                buckets.append(f"combat:{self.combat}")
            elif limit == "round" and self.in_combat and self.round > 0:
                buckets.append(f"round:{self.combat}:{self.round}")
            elif limit == "before_combat" and self.step == BEFORE_COMBAT:
                buckets.append(f"before_combat:{self.combat}")
        if limits and not buckets:  # e.g. "once per combat round" used in Before Combat
            buckets.append(f"step:{self.combat}:{self.round}:{self.step or self.window}")
        if tag == BEFORE_COMBAT:  # Before Combat abilities: once per combat, whatever else
            buckets.append(f"combat:{self.combat}")
        return buckets


# A Moment is immutable, and a game makes the same few again and again (about 1,400 a game,
# a third of them the combat's steps): one made by the dataclass's frozen __init__ costs
# about 0.9 us, one found here about 0.1 us. Nothing compares Moments by identity.
moment_at = functools.lru_cache(maxsize=4096)(Moment)


def timing_refusal(ability, moment: Moment) -> str | None:
    """Why ``ability`` cannot be used at ``moment`` (None when its timing fits)."""
    if ability.standing:
        return "it is always on (a static ability is never used)"
    tag, window = ability.tag, ability.window
    if tag in PHASES:
        if moment.step == BEFORE_COMBAT:
            return (f"a {tag.capitalize()}: ability can only be used in the {tag} phase, "
                    "never in Before Combat")
        if moment.step != tag:
            where = moment.step or moment.window
            return f"a {tag.capitalize()}: ability can only be used in the {tag} phase (now: {where})"
    elif tag == BEFORE_COMBAT:
        if moment.step != BEFORE_COMBAT:
            return "a Before Combat: ability can only be used in the Before Combat step"
    elif tag == "any_phase":
        if moment.step not in (BEFORE_COMBAT, ESCAPE, *PHASES):
            return "an Any Phase: ability can only be used in Before Combat or a combat phase"
    elif window is not None:
        if moment.window != window:
            return f"it is used in the '{window.replace('_', ' ')}' window (now: {moment.window})"
    if ability.reaction == WOUNDS_INFLICTED and moment.window != WOUNDS_INFLICTED:
        return "it can only be used while wounds are being inflicted on your Hero"
    if moment.window == WOUNDS_INFLICTED and ability.reaction != WOUNDS_INFLICTED:
        return "only reactions to wounds being inflicted can be used now"
    # ---- family 7: combat
    if ability.reaction == COMBAT_ROLL and moment.window != COMBAT_ROLL:
        return "it can only be used right after your combat roll"
    if moment.window == COMBAT_ROLL and ability.reaction != COMBAT_ROLL:
        return "only rerolls can be used right after a combat roll"
    if ability.reaction == ASSIST and moment.window != ASSIST:
        return "it is used while another Hero fights in your space"
    if moment.window == ASSIST and ability.reaction != ASSIST:
        return "only attacks against another Hero's enemy can be used in another Hero's combat"
    return None
