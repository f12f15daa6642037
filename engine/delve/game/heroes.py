"""Hero abilities in the game loop (R7, R14, R22, R24): what a hero may play, and playing it.

Every ``action`` and ``spend`` ability of the hero's card (R7) and of the skills it holds
(R24) is offered in the hero phase (decision ``delve.action``) with each die that pays it
(:mod:`..rules.abilities`: (N+), (N+*) escalating, R2-R4). A weapon ability (one attack
effect) is a ``weapon`` option with its target(s); any other is an ``ability`` option whose
first effect's choice (the cell of a move, the target of an attack) is part of the option.
An effect that needs a choice later in the ability, or in a trigger, asks the hero's player
a ``delve.effect`` decision (a cell or targets; None: move no further). An ability is
offered only when it can do something: an explore needs an exit and a fitting chamber, an
attack first needs a target, a heal-only ability a wound.

Renown rules (R22: ``Every time you slay an adversary / explore a chamber / recuperate, …``)
fire after the event, in card order. A skill (a full lap of the renown track, R24, or
``gain a skill``) is asked as ``delve.skill`` among the skills no hero holds yet, in card
order (the project's own rule: one copy of each skill card); none left gains nothing.
"""

from __future__ import annotations

from runeforge.engine.common.decisions import Decision
from runeforge.engine.common.errors import EngineError

from ..rules import abilities as ab
from ..rules import effects as fx
from ..rules.attacks import Weapon, attack, gain_renown, targets, wound
from .paths import path_to

EFFECT, SKILL = "delve.effect", "delve.skill"


def hero_abilities(game, hero_id: str) -> list[ab.Ability]:
    """The hero card's abilities (R7), then those of its skills in the order gained (R24)."""
    out = ab.abilities_of(game.records.heroes[hero_id], hero_id)
    for skill in game.state.skills.get(hero_id, []):
        out += ab.abilities_of(game.records.skills[skill], skill)
    return out + game.carried.hero_abilities(hero_id, {a.key for a in out})


def find(game, hero_id: str, key: str) -> ab.Ability | None:
    return next((a for a in hero_abilities(game, hero_id) if a.key == key), None)


def _reach(game, hero, up_to: int) -> list[tuple]:
    s = game.state
    cells = s.board.reach(hero.cell, up_to, game.occupied(hero))
    return sorted((c for c in cells if c != hero.cell), key=lambda c: (c[1], c[0]))


def _target_sets(game, hero, effect: dict) -> list[list[str]]:
    w = ab.weapon_of(ab.Ability("", "", "action", 1, False, (effect,), ""), effect, 1)
    foes = targets(game.state.board, hero, w, game.state.figures)
    if not foes:
        return []
    if w.range == "area":
        return [[f.id for f in foes]]
    return [[f.id] for f in foes]


def options(game, hero, turn) -> list[dict]:
    """The ``weapon`` and ``ability`` options of ``hero`` now."""
    out = []
    for a in hero_abilities(game, hero.id):
        dice = game.paying_dice(turn, ab.cost(turn, a, game.rules))
        if not dice or (a.limit == "turn" and a.key in turn.once):
            continue
        first, ops = a.effects[0], a.ops()
        if "explore" in ops and not game.can_explore(hero):
            continue
        if set(ops) == {"heal"} and not any(f.wounds for f in _heal_targets(game, hero, first)):
            continue
        if not _can_start(game, hero, turn, first):
            continue
        kind = "weapon" if a.weapon else "ability"
        base = {"action": kind, kind: a.key}
        if first["op"] == "attack":
            sets = _target_sets(game, hero, first)
            out += [{**base, "die": d, "targets": t} for d in dice for t in sets]
        elif first["op"] == "move":
            out += [{**base, "die": d, "to": list(c)} for d in dice
                    for c in _reach(game, hero, first["up_to"])]
        else:
            out += [{**base, "die": d} for d in dice]
    return out


def _heal_targets(game, hero, effect: dict) -> list:
    if effect.get("on") is None:
        return [hero]
    return fx.candidates(game.state.board, hero, effect["on"], game.state.figures)


def _can_start(game, hero, turn, first: dict) -> bool:
    """An ability is offered only when its first effect can do something (never a no-op)."""
    op, s = first["op"], game.state
    if op == "strike":
        w = strike_weapon(game, hero, first)
        return w is not None and bool(_strike_sets(game, hero, first, w, {}))
    if op in ("shift", "suffer") and first["targets"]["quantity"] not in ("self",):
        return bool(fx.candidates(s.board, hero, first["targets"], s.figures))
    if op == "reroll":
        return bool(turn.spent) if first["dice"] == "spent" else len(turn.dice) > 1
    return True


def strike_weapon(game, hero, effect: dict) -> Weapon | None:
    """A strike's weapon: its own Hit and Damage, or the hero's first weapon action of the
    range (card order, then skills)."""
    if "hit" in effect:
        return Weapon("strike", 1, effect["range"], effect["hit"], effect["damage"])
    for a in hero_abilities(game, hero.id):
        if a.weapon and a.effects[0]["range"] == effect["range"]:
            e = a.effects[0]
            return Weapon(a.name, a.need, e["range"], e["hit"], e["damage"])
    return None


DEFAULT_TARGET = {"combat": {"quantity": "one", "side": "adversary"},
                  "missile": {"quantity": "one", "side": "adversary"},
                  "area": {"quantity": "each", "side": "adversary"}}


def _strike_sets(game, hero, effect: dict, w: Weapon, ctx: dict) -> list[list[str]]:
    s = game.state
    sel = effect.get("targets") or DEFAULT_TARGET[w.range]
    reach = {f.id for f in targets(s.board, hero, w, s.figures)}
    found = [f for f in fx.candidates(s.board, hero, sel, s.figures, ctx.get("target"),
                                      ctx.get("picked", ())) if f.id in reach]
    return fx.choices(sel, found)


def bonus(game, hero_id: str, stat: str, rng: str | None = None) -> int:
    """Lasting and constant bonuses of ``hero_id`` for ``stat`` (roll, damage, move)."""
    records = [game.records.heroes[hero_id]] + [game.records.skills[k] for k in
                                                game.state.skills.get(hero_id, [])]
    always = [e for r in records for e in ab.constants_of(r)] + game.carried.constants(hero_id)
    lasting = [{**e, "hero": hero_id} for e in always]
    return fx.lasting_bonus(lasting + game.state.lasting, hero_id, stat, rng)


def use(game, hero, turn, act: dict) -> None:
    """Pay for and play the ability of ``act`` (a ``weapon`` or ``ability`` option)."""
    key = act.get("weapon") or act.get("ability")
    a = find(game, hero.id, key)
    face = turn.dice[act["die"]]
    if a.limit == "turn":
        turn.once.append(a.key)
    if a.weapon:
        s = game.state
        rng = a.effects[0]["range"]
        roll_b, dmg_b = bonus(game, hero.id, "roll", rng), bonus(game, hero.id, "damage", rng)
        if roll_b or dmg_b:
            need = ab.cost(turn, a, game.rules)
            w = ab.weapon_of(a, a.effects[0], need)
            ab.pay(turn, a, act["die"], game.rules)
            try:
                results = attack(s.board, hero, w, act["targets"], s.figures, game.dice,
                                 game.rules, roll_b, dmg_b)
            finally:
                turn.finish()
        else:
            results = ab.use_weapon(turn, s.board, hero, a, act["die"], act["targets"],
                                    s.figures, game.dice, game.rules)
        game.log.emit("attack", hero=hero.id, weapon=a.name, die=face, results=results)
        after_attack(game, hero, results, rng=rng)
        return
    need = ab.cost(turn, a, game.rules)
    ab.pay(turn, a, act["die"], game.rules)
    try:
        done = apply(game, hero, a.name, a.effects, act, turn=turn)
    finally:
        turn.finish()
    game.log.emit("ability", hero=hero.id, ability=a.name, die=face, cost=need, effects=done)
    for r in done:
        if r["op"] == "explore" and r["card"]:
            fire(game, hero, "explored")


def apply(game, hero, name: str, effects, first: dict | None, turn=None,
          ctx: dict | None = None) -> list[dict]:
    """Carry out ``effects`` in order for ``hero``; ``first`` holds the first effect's choice
    (from the option); later choices are asked as ``delve.effect``. ``ctx`` carries the last
    roll (riders), the attack's target and the figures picked last ("each of them").
    Returns what each did."""
    s, done = game.state, []
    ctx = {} if ctx is None else ctx
    for i, e in enumerate(effects):
        if s.result is not None or hero not in s.figures:
            break
        op, choice = e["op"], (first if i == 0 and first else None)
        if op in V2_OPS:
            done.append(V2_OPS[op](game, hero, name, e, turn, ctx))
            continue
        if op == "heal" and e.get("on"):
            done.append(_heal_on(game, hero, e, ctx))
        elif op == "heal":
            done.append({"op": "heal", "healed": ab.heal(hero, e["wounds"])})
        elif op == "renown":
            done.append({"op": "renown", "amount": e["amount"],
                         "skills": renown(game, hero, e["amount"])})
        elif op == "skill":
            hero.skills += 1
            done.append({"op": "skill", "skill": grant_skill(game, hero)})
        elif op == "explore":
            card = game.reveal(hero)
            done.append({"op": "explore", "card": card})
        elif op == "move":
            cells = _reach(game, hero, e["up_to"])
            goal = choice.get("to") if choice else ask(game, hero, [{"to": list(c)}
                                                                    for c in cells], "to")
            if goal is None or tuple(goal) not in cells:
                done.append({"op": "move", "path": []})
                continue
            path = path_to(s.board, hero.cell, tuple(goal), game.occupied(hero))
            ab.step_to(s.board, hero, path, s.figures, e["up_to"])
            done.append({"op": "move", "path": [list(c) for c in path]})
        elif op == "attack":
            sets = _target_sets(game, hero, e)
            chosen = choice.get("targets") if choice else ask(
                game, hero, [{"targets": t} for t in sets], "targets")
            if not chosen or chosen not in sets:
                done.append({"op": "attack", "results": []})
                continue
            w = ab.weapon_of(ab.Ability(name, name, "action", 1, False, (e,), ""), e, 1)
            _note_target(s, ctx, chosen)
            results = attack(s.board, hero, w, chosen, s.figures, game.dice, game.rules,
                             bonus(game, hero.id, "roll", w.range),
                             bonus(game, hero.id, "damage", w.range))
            done.append({"op": "attack", "results": results})
            _note_rolls(ctx, results)
            after_attack(game, hero, results, log=False, rng=w.range)
    return done


def _note_target(s, ctx: dict, chosen) -> None:
    ctx["target"] = s.figure(chosen[0]) if chosen else None
    ctx["picked"] = [f for f in (s.figure(c) for c in chosen) if f is not None]


def _note_rolls(ctx: dict, results: list[dict]) -> None:
    ctx["rolls"] = [r["roll"] for r in results]
    ctx["hit"] = any(r["hit"] for r in results)
    ctx["slain"] = any(r["slain"] for r in results)


def _pick(game, hero, sel: dict, ctx: dict, choice=None) -> list:
    """The figures ``sel`` picks now: all of them, or the player's choice (delve.effect)."""
    s = game.state
    found = fx.candidates(s.board, hero, sel, s.figures, ctx.get("target"),
                          ctx.get("picked", ()))
    sets = fx.choices(sel, found)
    if not sets:
        return []
    if len(sets) == 1:
        ids = sets[0]
    else:
        ids = choice.get("targets") if choice else ask(
            game, hero, [{"targets": t} for t in sets], "targets")
        if not ids or ids not in sets:
            return []
    picked = [f for f in found if f.id in ids]
    if sel["quantity"] not in ("self", "target"):
        ctx["picked"] = picked
    return picked


def _heal_on(game, hero, e: dict, ctx: dict) -> dict:
    wounded = {**e["on"]}
    healed = {}
    for f in _pick(game, hero, wounded, ctx):
        healed[f.id] = ab.heal(f, e["wounds"])
    return {"op": "heal", "healed": sum(healed.values()), "on": healed}


def _strike(game, hero, name, e, turn, ctx) -> dict:
    s = game.state
    w = strike_weapon(game, hero, e)
    if w is None:
        return {"op": "strike", "results": []}
    sets = _strike_sets(game, hero, e, w, ctx)
    if not sets:
        return {"op": "strike", "results": []}
    chosen = sets[0] if len(sets) == 1 else ask(game, hero, [{"targets": t} for t in sets],
                                                "targets")
    if not chosen or chosen not in sets:
        return {"op": "strike", "results": []}
    _note_target(s, ctx, chosen)
    results = []
    for fid in chosen:       # each target its own attack (A1: a fresh roll each)
        if s.figure(fid) is None:
            continue
        if w.range == "area":
            results += _area_one(game, hero, w, fid)
        else:
            results += attack(s.board, hero, w, [fid], s.figures, game.dice, game.rules,
                              bonus(game, hero.id, "roll", w.range),
                              bonus(game, hero.id, "damage", w.range))
    _note_rolls(ctx, results)
    after_attack(game, hero, results, log=False, rng=w.range)
    return {"op": "strike", "weapon": w.name, "results": results}


def _area_one(game, hero, w, fid) -> list[dict]:
    """One roll of an area strike against ``fid`` (the strike gives its targets in turn)."""
    s = game.state
    target = s.figure(fid)
    roll = game.dice.die(game.rules.die_faces)
    hit = roll + bonus(game, hero.id, "roll", "area") >= w.hit
    taken = wound(target, w.damage + bonus(game, hero.id, "damage", "area")) if hit else 0
    result = {"target": fid, "roll": roll, "hit": hit, "wounds": taken, "slain": target.slain,
              "skills": 0}
    if target.slain:
        s.figures.remove(target)
        result["skills"] = gain_renown(hero, game.rules.renown_per_slay, game.rules)
    return [result]


def _shift(game, hero, name, e, turn, ctx) -> dict:
    s = game.state
    moved = {}
    for f in _pick(game, hero, e["targets"], ctx):
        moved[f.id] = fx.shift(s.board, hero, f, e["spaces"], e["direction"] == "towards",
                               game.occupied(f))
    return {"op": "shift", "moved": moved}


def _suffer(game, hero, name, e, turn, ctx) -> dict:
    s = game.state
    results, taken = [], {}
    for f in _pick(game, hero, e["targets"], ctx):
        got = suffer(game, f, e["wounds"])
        taken[f.id] = got
        if f.side == "adversary":
            results.append({"target": f.id, "roll": None, "hit": True, "wounds": got,
                            "slain": f.slain, "skills": 0})
            if f.slain:
                s.figures.remove(f)
                results[-1]["skills"] = gain_renown(hero, game.rules.renown_per_slay,
                                                    game.rules)
    after_attack(game, hero, results, log=False)
    return {"op": "suffer", "wounds": taken}


def suffer(game, figure, wounds: int) -> int:
    """Wounds on a figure from an effect or an attack: a hero's ward prevents the first
    (issue 32); a hero whose wounds reach Vigour is down (R19 for heroes, the game's rule)."""
    s = game.state
    if figure.side == "hero" and wounds > 0:
        ward = next((w for w in s.lasting if w["hero"] == figure.id and w["op"] == "ward"),
                    None)
        if ward is not None:
            s.lasting.remove(ward)
            wounds -= 1
            game.log.emit("ward", hero=figure.id)
    taken = wound(figure, wounds) if wounds > 0 else 0
    if figure.side == "hero" and figure.slain and figure in s.figures:
        s.figures.remove(figure)
        s.down.append(figure.id)
        game.log.emit("hero_down", hero=figure.id)
    return taken


def _reroll(game, hero, name, e, turn, ctx) -> dict:
    if turn is None:          # a trigger: the dice of the hero's turn, if it is under way
        turn = game.state.turns.get(hero.id)
    if turn is None:
        return {"op": "reroll", "face": None}
    if e["dice"] == "spent":
        pool = list(range(len(turn.spent) - (1 if turn.in_action else 0)))
    else:
        pool = list(range(len(turn.dice)))
    if not pool:
        return {"op": "reroll", "face": None}
    pick = pool[0] if len(pool) == 1 else ask(
        game, hero, [{"die": i} for i in pool], "die")
    if pick is None:
        return {"op": "reroll", "face": None}
    face = game.dice.die(game.rules.die_faces)
    if e["dice"] == "spent":
        turn.spent.pop(pick)
        turn.dice.append(face)
    else:
        turn.dice[pick] = face
    ctx["rolls"] = [face]
    return {"op": "reroll", "face": face}


def _lasting(game, hero, e: dict, until: str) -> dict:
    entry = {"hero": hero.id, "op": e["op"], "until": until}
    if e["op"] == "boost":
        entry.update(stat=e["stat"], amount=e["amount"],
                     **({"range": e["range"]} if e.get("range") else {}))
    game.state.lasting.append(entry)
    return entry


def _until(game, hero, name, e, turn, ctx) -> dict:
    return {"op": "until", "lasting": [_lasting(game, hero, inner, e["duration"])
                                       for inner in e["effects"]]}


def _rider(game, hero, name, e, turn, ctx) -> dict:
    cond = e["cond"]
    met = (e.get("face") in ctx.get("rolls", ()) if cond == "rolled"
           else ctx.get("hit", False) if cond == "hits" else ctx.get("slain", False))
    if not met:
        return {"op": "if", "met": False}
    return {"op": "if", "met": True, "effects": apply(game, hero, name, e["effects"], None,
                                                      turn, ctx)}


def _never_bare(game, hero, name, e, turn, ctx) -> dict:   # pragma: no cover - checked
    raise EngineError(f"delve IR: {e['op']} outside a duration (the checks refuse it)")


V2_OPS = {"strike": _strike, "shift": _shift, "suffer": _suffer, "reroll": _reroll,
          "until": _until, "if": _rider, "boost": _never_bare, "ward": _never_bare}


def ask(game, hero, opts: list[dict], field: str):
    """A ``delve.effect`` decision (None: the effect does nothing)."""
    if not opts:
        return None
    answer = game.players[hero.id].decide(Decision(EFFECT, hero.id, opts), game)
    game.log.emit("decision", kind=EFFECT, actor=hero.id, answer=answer)
    return None if answer not in opts else answer[field]


def after_attack(game, hero, results: list[dict], log: bool = True,
                 rng: str | None = None) -> None:
    """Slain adversaries leave the game's tally; skills from renown laps; R22 slay rules."""
    s = game.state
    slain = 0
    for r in results:
        if r["slain"] and r["target"] in s.kinds:
            s.slain.append(s.kinds.pop(r["target"]))
            slain += 1
        for _ in range(r["skills"]):
            grant_skill(game, hero)
    s.renown[hero.id] = hero.renown
    for _ in range(slain):
        fire(game, hero, "slay", rng)


def renown(game, hero, amount: int) -> int:
    """R23, R24: gain renown; each full lap gains a skill. Returns the skills gained."""
    gained = gain_renown(hero, amount, game.rules)
    for _ in range(gained):
        grant_skill(game, hero)
    game.state.renown[hero.id] = hero.renown
    return gained


def grant_skill(game, hero) -> str | None:
    """R24: the hero takes one skill no hero holds yet (``delve.skill``; card order)."""
    s = game.state
    held = {k for ks in s.skills.values() for k in ks}
    free = [k for k in game.records.skills if k not in held]
    if not free:
        game.log.emit("skill", hero=hero.id, skill=None)
        return None
    pick = free[0]
    if len(free) > 1:
        answer = game.players[hero.id].decide(Decision(SKILL, hero.id, free), game)
        game.log.emit("decision", kind=SKILL, actor=hero.id, answer=answer)
        pick = answer if answer in free else free[0]
    s.skills.setdefault(hero.id, []).append(pick)
    game.log.emit("skill", hero=hero.id, skill=pick)
    return pick


def fire(game, hero, event: str, rng: str | None = None) -> None:
    """R22: the hero's renown rules for ``event`` (``slay``, ``explored``, ``recuperated``,
    ``turn_end``); a slay by an attack of range ``rng`` also fires "with a <rng> attack"
    rules; a skill's triggers fire too."""
    if hero not in game.state.figures:
        return
    records = [game.records.heroes[hero.id]] + [game.records.skills[k] for k in
                                                game.state.skills.get(hero.id, [])]
    for effects in ([t for r in records for t in ab.triggers_of(r, event, rng)]
                    + game.carried.triggers(hero.id, event, rng)):
        done = apply(game, hero, "renown rule", effects, None)
        game.log.emit("trigger", hero=hero.id, event=event, effects=done)
        if any(r["op"] == "explore" and r["card"] for r in done):
            fire(game, hero, "explored")
