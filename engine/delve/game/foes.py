"""An adversary's attack rolls (the project's own adversary phase, game/adversaries.py) and
its attacks by ability (issue 32, session delve8: "This adversary makes a missile attack
against each visible hero"). ``apply`` runs the rules a wound fires (ops.apply)."""

from __future__ import annotations

from ..rules import effects as fx
from ..rules.attacks import Weapon, targets, wound
from . import disarm, events, hit_dtarget, soak, strike_dadv, traits, wounds_dtarget
from .state import adversary_weapons


def roll_at(game, figure, w, hero, apply) -> dict:
    """One attack roll of adversary ``figure`` with ``w`` at ``hero`` (R17-R19): a ward
    takes wounds off, a hero whose wounds reach its Vigour is down."""
    s = game.state
    roll = game.dice.die(game.rules.die_faces)
    hit = roll + traits.own_bonus(game, figure, "roll", w.range) \
        >= hit_dtarget.need(game, hero, w.hit, w.range)   # the hero's rule (branch dtarget)
    damage = w.damage + game.carried.extra_damage(s.kinds[figure.id]) \
        + traits.own_bonus(game, figure, "damage", w.range)
    sure = traits.pierces(game, figure, w.range)   # nothing lessens its hits (delveseven)
    if hit and not sure:        # "… from a single attack, prevent 1 of them" (delve9)
        damage = soak.reduce(game, hero, damage)
    # issue 32: a ward ("prevent the first wound you would suffer", or a rule that
    # ignores the first wound each round) takes one wound off
    warded = traits.ward_off(game, hero, damage) if hit and damage > 0 and not sure else 0
    if warded:
        damage -= warded
    taken = wound(hero, damage) if hit and damage > 0 else 0
    game.log.emit("adversary_attack", adversary=figure.id, weapon=w.name,
                  target=hero.id, roll=roll, hit=hit, wounds=taken,
                  **({"warded": warded} if warded else {}))
    if hero.slain:
        s.figures.remove(hero)
        s.down.append(hero.id)
        game.log.emit("hero_down", hero=hero.id)
    if taken:
        events.wounded(game, hero, figure, apply)   # the rules on a wound (issue 32)
        wounds_dtarget.wounds(game, figure, hero, apply)   # its rule (branch dtarget)
    return {"target": hero.id, "roll": roll, "hit": hit, "wounds": taken}


def strike(game, figure, e: dict, ctx: dict, apply) -> dict:
    """An adversary's ability attacks (issue 32, session delve8: "This adversary makes a
    missile attack against each visible hero", "… attacks the hero with the most wounds"):
    with its own Hit and Damage, else its first weapon (of the range, when one is named)
    that reaches one of the heroes the selector names; its choice is the first option."""
    s = game.state
    if disarm.disarmed(game, figure):   # "… cannot attack" for a while (issue 32, delve12)
        return {"op": "strike", "results": [], "held": True}
    if figure.id not in s.kinds or figure not in s.figures:   # slain before it strikes (dadv)
        return {"op": "strike", "results": []}
    record = game.records.adversaries[s.kinds[figure.id]]
    if "hit" in e and e.get("range") is None:   # its own numbers, no range (branch dadv)
        return strike_dadv.strike_any(game, figure, e, ctx, apply, roll_at)
    if "hit" in e:
        weapons = [Weapon("strike", 1, e["range"], e["hit"], e["damage"])]
    else:
        weapons = [w for w in adversary_weapons(record) if e.get("range") in (None, w.range)]
    for w in weapons:
        sel = e.get("targets") or {"quantity": "each" if w.range == "area" else "one",
                                   "side": "hero"}
        reach = {f.id for f in targets(s.board, figure, w, s.figures)} \
            - disarm.spared(game, figure)   # "… cannot attack you" (branch delveseven)
        found = [f for f in fx.candidates(s.board, figure, sel, s.figures, ctx)
                 if f.id in reach]
        sets = fx.choices(sel, found)
        if not sets:
            continue
        chosen = [s.figure(i) for i in sets[0]]
        ctx["picked"] = chosen
        results = [roll_at(game, figure, w, h, apply) for h in chosen if h in s.figures]
        ctx["rolls"] = [r["roll"] for r in results]
        ctx["hit"] = any(r["hit"] for r in results)
        return {"op": "strike", "weapon": w.name, "results": results}
    return {"op": "strike", "results": []}
