"""Hero abilities in the game loop (R7, R14, R22, R24): what a hero may play, and playing it.

Every ``action`` and ``spend`` ability of the hero's card (R7) and of the skills it holds
(R24) is offered in the hero phase (decision ``delve.action``) with each die that pays it
(:mod:`..rules.abilities`: (N+), (N+*) escalating, R2-R4). A weapon ability (one attack
effect) is a ``weapon`` option with its target(s); any other is an ``ability`` option whose
first effect's choice (the cell of a move, the target of an attack) is part of the option.
An effect that needs a choice later in the ability, or in a trigger, asks the hero's player
a ``delve.effect`` decision (:mod:`.choose`; None: move no further). An ability is offered
only when it can do something: an explore needs an exit and a fitting chamber, an attack
first needs a target (never one immune to its range), a heal-only ability a wound.

The effects run in :mod:`.ops`; the triggers (R22 renown rules, and issue 32's clock and
wound events) in :mod:`.events`; rules that always hold in :mod:`.traits`; renown and
skills in :mod:`.growth`. This module keeps the names the game loop, the bots and the
scenarios call.
"""

from __future__ import annotations

from ..rules import abilities as ab
from ..rules import effects as fx
from . import approach, events, ops, traits
from .cards import DEFAULT_TARGET, find, hero_abilities, strike_weapon, strike_weapons  # noqa: F401
from .choose import EFFECT, attack_sets, reach, strike_sets
from .growth import SKILL, grant_skill, renown  # noqa: F401

apply = ops.apply
after_attack = ops.after_attack
bonus = traits.bonus


def fire(game, hero, event: str, rng: str | None = None) -> None:
    """R22: the hero's rules for ``event`` (``slay``, ``explored``, ``recuperated``,
    ``turn_start``, ``turn_end``)."""
    events.fire(game, hero, event, ops.apply, rng, game.state.turns.get(hero.id))


def clock(game, event: str) -> None:
    """Every figure's rules on the round's clock (``round_start``, ``phase_start``,
    ``phase_end``, ``round_end``)."""
    events.clock(game, event, ops.apply)


def hurt(game, figure, wounds: int, by=None) -> tuple[int, bool]:
    """Wounds dealt to ``figure`` by a figure (an adversary's attack): a ward takes one off;
    the triggers on a wound fire. (wounds taken, warded)"""
    return ops.hurt(game, figure, wounds, by)


def wounded(game, figure, by=None) -> None:
    """The rules on ``figure``'s wound (it took one from ``by``)."""
    events.wounded(game, figure, by, ops.apply)


def attacked(game, figure, hero) -> None:
    """An adversary's rules after its attack on ``hero``."""
    events.attacked(game, figure, hero, ops.apply)


def approached(game, figure, before) -> None:
    """The heroes' rules on an adversary that moved adjacent to them (issue 32, delve7)."""
    events.approached(game, figure, before, ops.apply)


def activated(game, figure) -> set[str]:
    """An adversary's rules as it is activated (issue 32, session delve7); the parts of its
    turn they did (branch dfix)."""
    return events.activated(game, figure, ops.apply)


def options(game, hero, turn) -> list[dict]:
    """The ``weapon`` and ``ability`` options of ``hero`` now."""
    out = []
    for a in hero_abilities(game, hero.id):
        dice = game.paying_dice(turn, ab.cost(turn, a, game.rules))
        if not dice or (a.limit == "turn" and a.key in turn.once):
            continue
        first, ops_ = a.effects[0], a.ops()
        if "explore" in ops_ and not game.can_explore(hero):
            continue
        if set(ops_) == {"heal"} and not any(f.wounds for f in _heal_targets(game, hero, first)):
            continue
        if not _can_start(game, hero, turn, first):
            continue
        kind = "weapon" if a.weapon else "ability"
        base = {"action": kind, kind: a.key}
        if first["op"] == "attack":
            sets = attack_sets(game, hero, first)
            out += [{**base, "die": d, "targets": t} for d in dice for t in sets]
        elif first["op"] == "move":
            out += [{**base, "die": d, "to": list(c)} for d in dice
                    for c in reach(game, hero, first["up_to"], first.get("through"))]
        else:
            out += [{**base, "die": d} for d in dice]
    return out


def _heal_targets(game, hero, effect: dict) -> list:
    """The figures a heal may help (one an adversary's rule forbids to heal is none)."""
    if effect.get("on") is None:
        found = [hero]
    else:
        found = fx.candidates(game.state.board, hero, effect["on"], game.state.figures)
    return [f for f in found if not traits.forbidden(game, f, "heal")]


def _can_start(game, hero, turn, first: dict) -> bool:
    """An ability is offered only when its first effect can do something (never a no-op)."""
    op, s = first["op"], game.state
    if op == "strike":
        return any(strike_sets(game, hero, first, w, {})
                   for w in strike_weapons(game, hero, first))
    if op in ("shift", "suffer", "pick") and first["targets"]["quantity"] not in ("self",):
        return bool(fx.candidates(s.board, hero, first["targets"], s.figures))
    if op == "move":
        return bool(reach(game, hero, first["up_to"], first.get("through")))
    if op == "approach":      # a move with no number (issue 32, session delve9)
        return approach.can_start(game, hero, first)
    if op == "reroll":
        return bool(turn.spent) if first["dice"] == "spent" else len(turn.dice) > 1
    return True


def use(game, hero, turn, act: dict) -> None:
    """Pay for and play the ability of ``act`` (a ``weapon`` or ``ability`` option)."""
    key = act.get("weapon") or act.get("ability")
    a = find(game, hero.id, key)
    face = turn.dice[act["die"]]
    if a.limit == "turn":
        turn.once.append(a.key)
    need = ab.cost(turn, a, game.rules)
    if a.weapon:
        w = ab.weapon_of(a, a.effects[0], need)
        ab.pay(turn, a, act["die"], game.rules)
        try:
            results = ops.attack_with(game, hero, w, act["targets"],
                                      {"best_of": a.effects[0].get("best_of", 1)}, tally=False)
        finally:
            turn.finish()
        game.log.emit("attack", hero=hero.id, weapon=a.name, die=face, results=results)
        ops.after_attack(game, hero, results, rng=w.range)
        return
    ab.pay(turn, a, act["die"], game.rules)
    try:
        # the die that paid is the ability's first roll ("If you rolled a 6, …"; delveseven)
        done = ops.apply(game, hero, a.name, a.effects, act, turn=turn, ctx={"rolls": [face]})
    finally:
        turn.finish()
    game.log.emit("ability", hero=hero.id, ability=a.name, die=face, cost=need, effects=done)
    for r in done:
        if r["op"] == "explore" and r["card"]:
            fire(game, hero, "explored")


__all__ = ["EFFECT", "SKILL", "DEFAULT_TARGET", "after_attack", "apply", "attacked", "bonus",
           "clock", "find", "fire", "grant_skill", "hero_abilities", "hurt", "options",
           "renown", "strike_weapon", "use", "wounded"]
