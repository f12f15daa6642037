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

from ..rules import abilities as ab
from ..rules.attacks import attack, gain_renown, targets
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
        if not dice:
            continue
        first, ops = a.effects[0], a.ops()
        if "explore" in ops and not game.can_explore(hero):
            continue
        if set(ops) == {"heal"} and not hero.wounds:
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


def use(game, hero, turn, act: dict) -> None:
    """Pay for and play the ability of ``act`` (a ``weapon`` or ``ability`` option)."""
    key = act.get("weapon") or act.get("ability")
    a = find(game, hero.id, key)
    face = turn.dice[act["die"]]
    if a.weapon:
        s = game.state
        results = ab.use_weapon(turn, s.board, hero, a, act["die"], act["targets"], s.figures,
                                game.dice, game.rules)
        game.log.emit("attack", hero=hero.id, weapon=a.name, die=face, results=results)
        after_attack(game, hero, results)
        return
    need = ab.cost(turn, a, game.rules)
    ab.pay(turn, a, act["die"], game.rules)
    try:
        done = apply(game, hero, a.name, a.effects, act)
    finally:
        turn.finish()
    game.log.emit("ability", hero=hero.id, ability=a.name, die=face, cost=need, effects=done)
    for r in done:
        if r["op"] == "explore" and r["card"]:
            fire(game, hero, "explored")


def apply(game, hero, name: str, effects, first: dict | None) -> list[dict]:
    """Carry out ``effects`` in order for ``hero``; ``first`` holds the first effect's choice
    (from the option); later choices are asked as ``delve.effect``. Returns what each did."""
    s, done = game.state, []
    for i, e in enumerate(effects):
        if s.result is not None or hero not in s.figures:
            break
        op, choice = e["op"], (first if i == 0 and first else None)
        if op == "heal":
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
            results = attack(s.board, hero, w, chosen, s.figures, game.dice, game.rules)
            done.append({"op": "attack", "results": results})
            after_attack(game, hero, results, log=False)
    return done


def ask(game, hero, opts: list[dict], field: str):
    """A ``delve.effect`` decision (None: the effect does nothing)."""
    if not opts:
        return None
    answer = game.players[hero.id].decide(Decision(EFFECT, hero.id, opts), game)
    game.log.emit("decision", kind=EFFECT, actor=hero.id, answer=answer)
    return None if answer not in opts else answer[field]


def after_attack(game, hero, results: list[dict], log: bool = True) -> None:
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
        fire(game, hero, "slay")


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


def fire(game, hero, event: str) -> None:
    """R22: the hero's renown rules for ``event`` (``slay``, ``explored``, ``recuperated``)."""
    if hero not in game.state.figures:
        return
    for effects in (ab.triggers_of(game.records.heroes[hero.id], event)
                    + game.carried.triggers(hero.id, event)):
        done = apply(game, hero, "renown rule", effects, None)
        game.log.emit("trigger", hero=hero.id, event=event, effects=done)
        if any(r["op"] == "explore" and r["card"] for r in done):
            fire(game, hero, "explored")
