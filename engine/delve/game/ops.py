"""Carrying out an ability's effects (the IR's ops, issue 32) for its owner: a hero, or an
adversary (its triggers). :func:`apply` runs them in order, one function each
(``op(game, owner, name, effect, turn, ctx, choice) -> what it did``; the ``ability`` and
``trigger`` log records list these). Choices: :mod:`.choose`.

Every attack roll of a hero's ability goes through :func:`roll_at` (R17-R19 with the hero's
bonuses and the target's rules: immune ranges are never targets, ``guard`` adds to the roll
or the Damage, a ward takes one wound off); every wound through :func:`hurt`, so the triggers
on a wound fire; :func:`after_attack` keeps the tally of slain adversaries and fires their
"when slain" rules and the hero's slay rules (R22)."""

from __future__ import annotations

from runeforge.engine.common.errors import EngineError

from ..rules import abilities as ab
from ..rules import effects as fx
from ..rules.attacks import Weapon, gain_renown
from . import (
    approach,
    attack_riders,
    basic,
    basic_others,
    dice_ddice,
    discard,
    events,
    foes,
    hit_dtarget,  # branch dtarget
    marked_ddice,
    move_end_dmove,  # branch dmove: "… ends its move next to this adversary"
    next_attack,
    per_count,
    placing,
    rolls,
    scouting,
    soak,
    spawn_dadv2,  # branch dadv2
    states_dhero,  # issue 32 (branch dhero)
    traits,
    unmoved,
)
from . import passage_dmove as passage  # branch dmove: moves through figures
from .cards import strike_weapons
from .choose import ask, attack_sets, fallen, reach, strike_sets
from .choose import pick as _pick
from .growth import grant_skill, renown


def hurt(game, figure, wounds: int, by=None) -> tuple[int, bool]:
    """Wounds dealt by an ability or an attack (:func:`traits.hurt`), then the triggers on
    the wound."""
    return traits.hurt(game, figure, wounds, by,
                       lambda g, f, b: events.wounded(g, f, b, apply))


def roll_at(game, hero, w: Weapon, fid: str, best_of: int = 1) -> dict:
    """One attack roll of ``hero`` with ``w`` against ``fid`` (A1: a fresh roll): R17 with
    the hero's bonuses and the target's guard, R18/R19 through a ward, R21 renown."""
    s = game.state
    target = s.figure(fid)
    rolled = [game.dice.die(game.rules.die_faces) for _ in range(best_of)]
    roll = max(rolled)      # "Roll two dice and use the higher result." (issue 32, delve9)
    roll_b = traits.bonus(game, hero.id, "roll", w.range, target) \
        + traits.guard(game, target, "roll", w.range) + traits.hampered(game, hero, w.range)
    need = hit_dtarget.own(game, hero, w.hit, w.range)   # "your next attack hits on 2+"
    hit = roll + roll_b >= hit_dtarget.need(game, target, need, w.range)   # its rule (dtarget)
    taken = 0
    if not hit and target.side == "adversary":      # its rule on a miss (issue 32, delve7)
        events.missed(game, target, hero, apply, w.range)
    if hit:
        damage = w.damage + traits.bonus(game, hero.id, "damage", w.range, target) \
            + traits.guard(game, target, "damage", w.range)
        damage = soak.reduce(game, target, damage)      # its rule (issue 32, delve9)
        taken = hurt(game, target, max(0, damage), hero)[0]
    result = {"target": fid, "roll": roll, "hit": hit, "wounds": taken, "slain": target.slain,
              "skills": 0, **({"rolled": rolled} if best_of > 1 else {})}
    if target.slain and target in s.figures:
        s.figures.remove(target)
        fallen(game)[fid] = target
        result["skills"] = gain_renown(hero, game.rules.renown_per_slay, game.rules)
    return result


def attack_with(game, hero, w: Weapon, chosen, ctx: dict, tally: bool = True) -> list[dict]:
    """Roll at each chosen target in turn (area: in the order given), then (``tally``) the
    tally; a weapon action logs its attack first and keeps the tally for after it."""
    s = game.state
    ctx["target"] = s.figure(chosen[0]) if chosen else None
    ctx["picked"] = [f for f in (s.figure(c) for c in chosen) if f is not None]
    results = [roll_at(game, hero, w, fid, ctx.get("best_of", 1)) for fid in chosen
               if s.figure(fid) is not None]
    ctx["rolls"] = [r["roll"] for r in results]
    ctx["hit"] = any(r["hit"] for r in results)
    ctx["slain"] = any(r["slain"] for r in results)
    if results:   # "your next attack …" is spent on this one (branch delveheroes)
        next_attack.spend(game, hero, w.range)
    if tally:
        after_attack(game, hero, results, rng=w.range)
    return results


def after_attack(game, hero, results: list[dict], rng: str | None = None) -> None:
    """Slain adversaries leave the game's tally (their "when slain" rules run first); skills
    from renown laps; R22 slay rules."""
    s = game.state
    victims = []
    for r in results:
        if r["slain"] and r["target"] in s.kinds:
            figure = fallen(game).get(r["target"])
            if figure is not None:
                events.slain(game, figure, hero, apply)
            s.slain.append(s.kinds.pop(r["target"]))
            victims.append(figure)   # whom it slew, for the slay rules (branch dhero)
        for _ in range(r["skills"]):
            grant_skill(game, hero, apply)
    s.renown[hero.id] = hero.renown
    for victim in victims:
        events.fire(game, hero, "slay", apply, rng, victim=victim)


def apply(game, owner, name: str, effects, first: dict | None, turn=None,
          ctx: dict | None = None) -> list[dict]:
    """Carry out ``effects`` in order for ``owner``; ``first`` holds the first effect's
    choice (from the option). Returns what each did."""
    s, done = game.state, []
    ctx = {} if ctx is None else ctx
    for i, e in enumerate(effects):
        # a hero down stops; an adversary's "when slain" rules run from off the board
        if s.result is not None or owner.side == "hero" and owner not in s.figures:
            break
        choice = first if i == 0 and first else None
        done.append(OPS[e["op"]](game, owner, name, e, turn, ctx, choice))
    return done


def _explore(game, owner, name, e, turn, ctx, choice):
    return {"op": "explore", "card": game.reveal(owner)}


def _move(game, owner, name, e, turn, ctx, choice):
    s = game.state
    if e.get("targets"):
        return _move_others(game, owner, e, ctx, choice)
    cells = reach(game, owner, e["up_to"], e.get("through"))
    goal = choice.get("to") if choice else ask(game, owner, [{"to": list(c)} for c in cells],
                                               "to")
    if goal is None or tuple(goal) not in cells:
        return {"op": "move", "path": []}
    path = passage.path(game, owner, tuple(goal), e.get("through"))   # branch dmove
    before = owner.cell
    ab.step_to(s.board, owner, path, passage.in_the_way(game, owner, e.get("through")),
               e["up_to"])
    events.approached(game, owner, before, apply)   # "a hero moves adjacent …" (delveseven)
    move_end_dmove.ended(game, owner, path, apply)   # "… ends its move next to …" (dmove)
    return {"op": "move", "path": [list(c) for c in path]}


def _move_others(game, owner, e, ctx, choice):
    """Heroes moved by an ability (issue 32): each picked hero goes up to ``up_to`` spaces to
    a cell its own player (``chooser: them``) or the ability's hero chooses; none is a stay."""
    s = game.state
    moved = {}
    for f in _pick(game, owner, e["targets"], ctx, choice):
        cells = reach(game, f, e["up_to"], e.get("through"))
        who = f if e.get("chooser") == "them" else owner
        goal = ask(game, who, [{"to": list(c)} for c in cells], "to")
        if goal is None or tuple(goal) not in cells:
            continue
        path = passage.path(game, f, tuple(goal), e.get("through"))   # branch dmove
        before = f.cell
        ab.step_to(s.board, f, path, passage.in_the_way(game, f, e.get("through")),
                   e["up_to"])
        events.approached(game, f, before, apply)   # branch delveseven
        move_end_dmove.ended(game, f, path, apply)   # branch dmove
        moved[f.id] = [list(c) for c in path]
    return {"op": "move", "path": [], "moved": moved}


def _heal(game, owner, name, e, turn, ctx, choice):
    if e.get("on") is None:
        if traits.forbidden(game, owner, "heal"):    # an adversary's rule (delveg)
            return {"op": "heal", "healed": 0, "forbidden": True}
        return {"op": "heal", "healed": ab.heal(owner, e["wounds"])}
    healed = {f.id: 0 if traits.forbidden(game, f, "heal") else ab.heal(f, e["wounds"])
              for f in _pick(game, owner, e["on"], ctx, choice)}
    events.healed(game, owner, healed, apply)   # "each time you heal another hero"
    return {"op": "heal", "healed": sum(healed.values()), "on": healed}


def _renown(game, owner, name, e, turn, ctx, choice):
    if e.get("on") is None:
        return {"op": "renown", "amount": e["amount"],
                "skills": renown(game, owner, e["amount"], apply)}
    got = {f.id: renown(game, f, e["amount"], apply) for f in _pick(game, owner, e["on"], ctx, choice)
           if f.side == "hero"}
    return {"op": "renown", "amount": e["amount"], "on": sorted(got)}


def _skill(game, owner, name, e, turn, ctx, choice):
    owner.skills += 1
    return {"op": "skill", "skill": grant_skill(game, owner, apply)}


def _attack(game, owner, name, e, turn, ctx, choice):
    sets = attack_sets(game, owner, e)
    chosen = choice.get("targets") if choice else ask(
        game, owner, [{"targets": t} for t in sets], "targets")
    if not chosen or chosen not in sets:
        return {"op": "attack", "results": []}
    w = ab.weapon_of(ab.Ability(name, name, "action", 1, False, (e,), ""), e, 1)
    ctx["best_of"] = e.get("best_of", 1)
    return {"op": "attack", "results": attack_with(game, owner, w, chosen, ctx)}


def _strike(game, owner, name, e, turn, ctx, choice):
    if owner.side == "adversary":            # its own weapons (issue 32, session delve8)
        return foes.strike(game, owner, e, ctx, apply)
    w, sets = None, []
    for w in strike_weapons(game, owner, e):
        sets = strike_sets(game, owner, e, w, ctx)
        if sets:
            break
    if not sets:
        return {"op": "strike", "results": []}
    chosen = sets[0] if len(sets) == 1 else ask(game, owner, [{"targets": t} for t in sets],
                                                "targets")
    if not chosen or chosen not in sets:
        return {"op": "strike", "results": []}
    ctx["best_of"] = e.get("best_of", 1)
    return {"op": "strike", "weapon": w.name, "results": attack_with(game, owner, w, chosen,
                                                                     ctx)}


def _shift(game, owner, name, e, turn, ctx, choice):
    s = game.state
    ref = owner
    if e.get("from") is not None:
        refs = fx.candidates(s.board, owner, e["from"], s.figures, ctx)
        if not refs:
            return {"op": "shift", "moved": {}}
        ref = refs[0]
    towards = e["direction"] == "towards"
    moved, before = {}, {}
    for f in _pick(game, owner, e["targets"], ctx, choice):
        if f is ref or traits.steadfast(game, f, towards) or (
                f is owner and traits.rooted(game, f)):
            moved[f.id] = []
            continue
        before[f.id] = f.cell
        moved[f.id] = fx.shift(s.board, ref.cell, f, e["spaces"], towards, game.occupied(f)
                               | (passage.kept_out(game, f) if f is owner else set()))  # dmove
    for f in [s.figure(fid) for fid, path in moved.items() if path]:   # its rules (delveg)
        if f is not None and f.side == "adversary" and f is not owner:
            events.shifted(game, f, owner, towards, apply)
        if f is not None:     # the heroes' rules (delve7); a hero's: adversaries' (delveseven)
            events.approached(game, f, before[f.id], apply)
    ctx["stayed"] = [fid for fid, path in moved.items() if not path]   # delve10: unmoved
    if e["targets"]["quantity"] == "self" and ref is not owner:   # "… moves towards the
        ctx["picked"] = [ref]        # nearest hero, then attacks that hero" (branch dfix)
    return {"op": "shift", "moved": moved}


def drop_adversary(game, figure) -> None:
    """An adversary slain by another adversary's rule: off the board and in the tally."""
    s = game.state
    if figure in s.figures:
        s.figures.remove(figure)
    if figure.id in s.kinds:
        events.slain(game, figure, None, apply)
        s.slain.append(s.kinds.pop(figure.id))


def _suffer(game, owner, name, e, turn, ctx, choice):
    s = game.state
    results, taken = [], {}
    for f in _pick(game, owner, e["targets"], ctx, choice):
        got = hurt(game, f, e["wounds"], owner)[0]
        taken[f.id] = got
        if f.side != "adversary" or not f.slain:
            continue
        if owner.side == "hero":
            results.append({"target": f.id, "roll": None, "hit": True, "wounds": got,
                            "slain": True, "skills": 0})
            s.figures.remove(f)
            fallen(game)[f.id] = f
            results[-1]["skills"] = gain_renown(owner, game.rules.renown_per_slay, game.rules)
        else:
            drop_adversary(game, f)
    if owner.side == "hero":
        after_attack(game, owner, results)
    return {"op": "suffer", "wounds": taken}


def _reroll(game, owner, name, e, turn, ctx, choice):
    if turn is None:          # a trigger: the dice of the hero's turn, if it is under way
        turn = game.state.turns.get(owner.id)
    if turn is None:
        return {"op": "reroll", "face": None}
    if e["dice"] == "spent":
        pool = list(range(len(turn.spent) - (1 if turn.in_action else 0)))
    else:
        pool = list(range(len(turn.dice)))
    if not pool:
        return {"op": "reroll", "face": None}
    pick = pool[0] if len(pool) == 1 else ask(game, owner, [{"die": i} for i in pool], "die")
    if pick is None:
        return {"op": "reroll", "face": None}
    face = max(game.dice.die(game.rules.die_faces) for _ in range(e.get("best_of", 1)))
    if e["dice"] == "spent":
        turn.spent.pop(pick)
        turn.dice.append(face)
    else:
        turn.dice[pick] = face
    ctx["rolls"] = [face]
    return {"op": "reroll", "face": face}


def _pick_op(game, owner, name, e, turn, ctx, choice):
    return {"op": "pick", "picked": [f.id for f in _pick(game, owner, e["targets"], ctx,
                                                          choice)]}


def _lasting(game, owner, e: dict, until: str, ctx: dict) -> list[dict]:
    if e["op"] == "approach":        # an adversary's course (issue 32, session delve9)
        return approach.lasting(game, owner, e, until, ctx)
    entry = {"hero": owner.id, "op": e["op"], "until": until}
    if e["op"] == "boost":
        entry.update(stat=e["stat"], amount=e["amount"],
                     **({"range": e["range"]} if e.get("range") else {}),
                     **({"against": e["against"]} if e.get("against") else {}),
                     **({"next": True} if e.get("next") else {}))   # delveheroes
        return [entry]
    if e["op"] == "ward" and e.get("wounds", 1) > 1:  # "the first 2 wounds" (issue 32)
        entry["wounds"] = e["wounds"]
    if e["op"] == "disarm" and e.get("against"):   # "… cannot attack you" (delveseven):
        entry["spare"] = [f.id for f in _pick(game, owner, e["against"], ctx)]  # at cast
    if e["op"] == "guard":   # attacks against a chosen adversary, for a while (ddice)
        entry.update(marked_ddice.fields(e))
    if e["op"] == "next_hit":   # "your next attack hits on a roll of 2+" (branch dtarget)
        entry.update(hit_dtarget.fields(e))
    if e["op"] == "steadfast":   # "you cannot be pushed" for a while (delveseven)
        entry.update(pushed=e["pushed"], pulled=e["pulled"])
    sel = e.get("targets") or e.get("on")
    if sel is None:                       # a ward on the owner
        return [entry]
    return [{**entry, "figure": f.id} for f in _pick(game, owner, sel, ctx)]


def _until(game, owner, name, e, turn, ctx, choice):
    made = [x for inner in e["effects"] for x in _lasting(game, owner, inner, e["duration"], ctx)]
    game.state.lasting.extend(made)
    return {"op": "until", "lasting": made}


def met(game, owner, e: dict, ctx: dict) -> bool:
    """Whether a rider's or a condition's ``cond`` holds now."""
    cond = e["cond"]
    if cond == "rolled":
        return e.get("face") in ctx.get("rolls", ())
    if cond == "rolled_up":
        return any(r >= e["face"] for r in ctx.get("rolls", ()))
    if cond in ("hits", "slays"):
        return ctx.get("hit" if cond == "hits" else "slain", False)
    if cond == "misses":   # "If it misses, …" (issue 32, branch delveheroes)
        return not ctx.get("hit", False)
    s = game.state
    if cond in states_dhero.CONDS:   # a hero's state (branch dhero)
        return states_dhero.holds(game, owner, e, ctx)
    if cond == "wounds":
        who = fx.candidates(s.board, owner, e["who"], s.figures, ctx) if e.get("who") else [owner]
        return bool(who) and who[0].wounds >= e["n"]
    found = fx.candidates(s.board, owner, e["who"], s.figures, ctx)
    return not found if cond == "none" else len(found) >= e["n"]


def _if(game, owner, name, e, turn, ctx, choice):
    if e["cond"] in ("unpushed", "unpulled"):   # issue 32 (session delve10)
        return unmoved.run_if(game, owner, name, e, turn, ctx, apply)
    if not met(game, owner, e, ctx):
        if e.get("otherwise"):   # "… instead": the effect it replaces (branch delveseven)
            return {"op": "if", "met": False, "effects": apply(
                game, owner, name, e["otherwise"], None, turn, ctx)}
        return {"op": "if", "met": False}
    return {"op": "if", "met": True, "effects": apply(game, owner, name, e["effects"], None,
                                                      turn, ctx)}


def _approach(game, owner, name, e, turn, ctx, choice):  # issue 32 (session delve9)
    return approach.run(game, owner, e, ctx, choice, apply)


def _basic(game, owner, name, e, turn, ctx, choice):  # issue 32 (session delve9)
    if e.get("targets"):      # other heroes take it (session delve10)
        return basic_others.take(game, owner, e, ctx, choice, apply)
    return basic.take(game, owner, e, choice, apply)


def _roll(game, owner, name, e, turn, ctx, choice):   # issue 32 (session delve10)
    return rolls.roll(game, owner, name, e, turn, ctx, choice, apply)


def _never_bare(game, owner, name, e, turn, ctx, choice):   # pragma: no cover - checked
    raise EngineError(f"delve IR: {e['op']} outside a duration or a rule (the checks "
                      "refuse it)")


OPS = {"explore": _explore, "move": _move, "heal": _heal, "renown": _renown,
       "skill": _skill, "attack": _attack, "strike": _strike, "shift": _shift,
       "suffer": _suffer, "reroll": _reroll, "pick": _pick_op, "until": _until, "if": _if,
       "boost": _never_bare, "ward": _never_bare, "root": _never_bare,
       "forbid": _never_bare, "unpinned": _never_bare,
       "hamper": _never_bare,
       "steadfast": _never_bare, "immune": _never_bare, "guard": _never_bare,
       "pin": _never_bare, "approach": _approach, "soak": _never_bare,
       "basic": _basic, "roll": _roll}
OPS["toll"] = _never_bare   # issue 32 (session delve11): a rule, read by tolls.rules_for
OPS["disarm"] = _never_bare   # issue 32 (branch delve12): lasting, read by disarm.disarmed
for _name in per_count.AMOUNT:   # issue 32 (branch delve12): "… for each adversary …"
    OPS[_name] = per_count.counted(OPS[_name])
OPS["scout"] = scouting.run   # issue 32 (session delve11): the exploration deck
OPS["strike"] = attack_riders.with_bonus(OPS["strike"])   # delve11: "It deals +1 Damage …"
OPS["pierce"] = _never_bare   # branch delveseven: a rule, read by traits.pierces
OPS["hit_need"] = _never_bare   # branch dtarget: a rule, read by hit_dtarget.need
OPS["next_hit"] = _never_bare   # branch dtarget: lasting, read by hit_dtarget.own
OPS["discard"] = discard.run   # branch delveseven: unspent hero dice set aside
OPS["place"] = placing.run    # issue 32 (session delve11): a hero's figure lifted and set down
OPS["die"] = dice_ddice.run   # branch ddice: a hero's own die changed
OPS["pass_through"] = _never_bare   # branch dmove: a rule, read by passage_dmove.sides
OPS["keep_away"] = _never_bare   # branch dmove: a rule, read by passage_dmove.kept_out
OPS["spawn"] = spawn_dadv2.run   # branch dadv2: adversaries of its kind placed by its rule
