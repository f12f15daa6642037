"""Branch rbsubj (issue 32, part III): which figure may not attack in which phase or round.

"This Ally cannot attack in the Ranged phase.", "Allies may not attack during the first combat
round.", "You cannot attack in the Magic phase." are restrictions (IR ``restrict``) whose action
names who is barred and when, as data: the action is ``<who>_attack[_<when>]``, read here from
:data:`WHENS` (the phase and the combat round the rule holds in) and :data:`WHO` (the figure it
bars), with the prefixes the engine already reads for every restriction (``own_``: the Hero who
holds the card or faces the challenge; ``this_``: the Ally card that says it of itself;
standing.StandingRules.restricted).

:func:`may_attack` is asked where the combat offers a phase's attacks (``Combat._phase``): a
figure barred now is not offered, and the log says why (``attack_forbidden``). The compiled
kernel does not model these rules (kernel_plan.ENGINE_ONLY_ACTIONS: the engine fights such a
combat).
"""

from __future__ import annotations

PHASES = ("ranged", "melee", "magic")
FIRST_ROUND = 1

# when -> (phase or None: every phase, round or None: every round)
WHENS: dict[str, tuple[str | None, int | None]] = {"": (None, None)}
WHENS.update({p: (p, None) for p in PHASES})
WHENS["round_1"] = (None, FIRST_ROUND)
WHENS.update({f"{p}_round_1": (p, FIRST_ROUND) for p in PHASES})

# who -> (the action's stem, the prefixes said of it): Allies (every Ally, "your Allies", "this
# Ally") and Heroes (every Hero, "you")
WHO = {"ally": ("ally_attack", ("", "own_", "this_")),
       "hero": ("hero_attack", ("", "own_"))}
EXISTING = frozenset({"ally_attack"})  # "Allies cannot attack this challenge." (the core's)


def action(who: str, when: str, prefix: str = "") -> str:
    """The restriction's action: who is barred (``ally`` / ``hero``), when (a key of WHENS)."""
    stem = WHO[who][0]
    return f"{prefix}{stem}_{when}" if when else f"{prefix}{stem}"


def parse(name: str) -> tuple[str, str, str] | None:
    """(prefix, who, when) of an action of this module, or None."""
    return _PARSED.get(name)


_PARSED = {action(who, when, pre): (pre, who, when)
           for who, (_stem, prefixes) in WHO.items() for pre in prefixes for when in WHENS}
# every action of this module but the core's own, in a stable order (ir.RESTRICTIONS)
ACTIONS = tuple(a for a in _PARSED if a not in EXISTING)


def _holds(when: str, phase: str, round_no: int) -> bool:
    ph, rnd = WHENS[when]
    return ph in (None, phase) and rnd in (None, round_no)


def barring(engine, hero, figure, phase: str) -> str | None:
    """The card whose rule bars ``figure`` (``hero`` or one of their Allies) from attacking in
    ``phase`` of the round now, or None."""
    from .effects_branching import while_ops  # (it imports the IR, which imports this)

    catalog = engine.catalog
    if not engine.state.effects and not (catalog.restricted_actions & _ACTION_SET) \
            and "restrict" not in while_ops(catalog):
        return None  # no card has such a rule, no duration is in force, no "while" holds one
    ally = figure is not hero
    who = "ally" if ally else "hero"
    round_no = engine.moment.round
    for when in WHENS:
        if not _holds(when, phase, round_no):
            continue
        name = action(who, when)  # the core's "ally_attack" is read again: harmless
        found = engine.restricted(name, hero=hero, card=figure.id if ally else None)
        if found is not None:
            return found
    return None


def may_attack(engine, hero, figure, phase: str) -> bool:
    """Whether ``figure`` may attack in ``phase`` now (logs the rule that bars it)."""
    found = barring(engine, hero, figure, phase)
    if found is None:
        return True
    engine.log.emit("attack_forbidden", hero=hero.id, figure=figure.id, phase=phase,
                    source=found)
    return False


_ACTION_SET = frozenset(ACTIONS)

__all__ = ["ACTIONS", "PHASES", "WHENS", "WHO", "action", "barring", "may_attack", "parse"]
