"""Delve's ``fight`` engine entry (``runeforge fight``): one hero against one adversary, played
by the game loop itself until one of them falls.

``fight(bundle, options) -> result``. Options: ``hero`` and ``adversary`` (card ids), ``start``
(``adjacent``, the default, or ``apart``: where the adversary stands, as ``runeforge odds``
reads it), ``seed``, ``bots`` (``heuristic``, the default, or ``random``) and ``rounds`` (the
round limit; default the rules data's ``round_limit``, else 12).

The fight is a :class:`~..game.engine.DelveGame` of one hero in the rules' start chamber
(``start_tile``) with an empty exploration deck and a ``slay`` goal: the adversary stands next
to the hero (the free neighbour nearest the chamber's centre, ties by the lowest (y, x)) or,
apart, on the nearest cell of the chamber the hero sees and is not next to. Rounds are the
game's: the hero's turn (its bot spends the hero dice), then the adversary phase (the
adversary's own behaviour). The dice come from the seed as in ``play`` (``seed*10+1``).

The result: ``winner`` (``hero``, ``adversary``, or None when the round limit ends it),
``how``, ``rounds``, ``hero`` and ``adversary`` (id, name, wounds, vigour; the hero's renown),
``start``, ``seed``, ``log`` (the options record first, then the game's records) and
``account``: the fight told line by line (:func:`narrate`).
"""

from __future__ import annotations

from fractions import Fraction

from runeforge.engine.common.dice import Dice
from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.log import EventLog

from ..board.sight import sees
from ..game.engine import DelveGame
from ..game.play import DICE_SALT, bots
from ..game.state import Records
from ..game.trial import Trial
from ..rules.attacks import Figure

STARTS = ("adjacent", "apart")
DEFAULT_ROUNDS = 12


def stand(board, hero_cell, start: str, occupied=frozenset()):
    """Where an adversary stands in the hero's chamber: next to the hero (``adjacent``), or
    seen by it and not next to it (``apart``); the nearest such free cell to the hero, then
    to the chamber's centre, ties by the lowest (y, x). None when there is none."""
    chamber = board.chambers[board.owner[hero_cell]]
    cx, cy = chamber.centre
    half = Fraction(1, 2)

    def key(cell):
        near = max(abs(cell[0] - hero_cell[0]), abs(cell[1] - hero_cell[1]))
        dx, dy = cell[0] + half - cx, cell[1] + half - cy
        return (near, dx * dx + dy * dy, cell[1], cell[0])

    free = [c for c in chamber.cells if c != hero_cell and c not in occupied]
    if start == "adjacent":
        fits = [c for c in free if board.adjacent(hero_cell, c)]
    else:
        fits = [c for c in free if not board.adjacent(hero_cell, c) and sees(board, hero_cell, c)]
    return min(fits, key=key, default=None)


def setup(records: Records, options: dict, log: EventLog) -> DelveGame:
    """The fight's game, the adversary placed (before the first round)."""
    hero, adversary = options["hero"], options["adversary"]
    if hero not in records.heroes:
        raise EngineError(f"no Delve hero {hero!r} in the bundle")
    if adversary not in records.adversaries:
        raise EngineError(f"no Delve adversary {adversary!r} in the bundle")
    start = options.get("start") or "adjacent"
    if start not in STARTS:
        raise EngineError(f"fight: the start is one of {', '.join(STARTS)}, not {start!r}")
    rules = records.rules
    if not rules.start_tile:
        raise EngineError("fight: the rules data names no start_tile")
    limit = options.get("rounds") or rules.round_limit or DEFAULT_ROUNDS
    trial = Trial("", f"{hero} vs {adversary}", rules.start_tile, (), shuffle=False,
                  goal="slay", quarry=adversary, round_limit=limit)
    seed = options.get("seed", 0)
    game = DelveGame(records, [hero], seed, Dice(seed * 10 + DICE_SALT),
                     bots(options.get("bots", "heuristic"), [hero], seed), log=log,
                     trial=trial)
    s = game.state
    cell = stand(s.board, s.figure(hero).cell, start)
    if cell is None:
        raise EngineError(f"fight: the start chamber has no cell {start} to the hero")
    s.spawned += 1
    fid = f"{adversary}-{s.spawned}"
    s.figures.append(Figure(fid, "adversary", cell, records.adversaries[adversary]["vigour"]))
    s.kinds[fid] = adversary
    s.quarry = fid
    log.emit("quarry", adversary=adversary, id=fid, cell=list(cell), start=start)
    return game


def fight(bundle: dict, options: dict) -> dict:
    records = Records.from_bundle(bundle)
    log = EventLog()
    log.emit("options", **options)
    game = setup(records, options, log)
    game.play()
    s = game.state
    hero_id, adversary = options["hero"], options["adversary"]
    hero = s.figure(hero_id)
    foe = s.figure(s.quarry)
    hero_rec, foe_rec = records.heroes[hero_id], records.adversaries[adversary]
    if hero is None:
        winner = "adversary"
    elif foe is None:
        winner = "hero"
    else:
        winner = None
    names = {hero_id: hero_rec["name"], s.quarry: foe_rec["name"]}
    return {"winner": winner, "how": s.result["how"], "rounds": s.round,
            "start": options.get("start") or "adjacent", "seed": options.get("seed", 0),
            "hero": {"id": hero_id, "name": hero_rec["name"], "vigour": hero_rec["vigour"],
                     "wounds": hero.wounds if hero else hero_rec["vigour"],
                     "renown": s.renown.get(hero_id, 0)},
            "adversary": {"id": adversary, "name": foe_rec["name"], "vigour": foe_rec["vigour"],
                          "wounds": foe.wounds if foe else foe_rec["vigour"]},
            "log": log.records,
            "account": narrate(log.records, names, {hero_id: hero_rec["vigour"],
                                                    s.quarry: foe_rec["vigour"]})}


class _Account:
    """Lines of the fight, with each figure's wounds kept from the records."""

    def __init__(self, names: dict, vigour: dict):
        self.names, self.vigour = names, vigour
        self.wounds = {fid: 0 for fid in vigour}

    def n(self, fid) -> str:
        return self.names.get(fid, fid)

    def hurt(self, fid, amount: int) -> str:
        self.wounds[fid] = self.wounds.get(fid, 0) + amount
        if fid not in self.vigour:
            return ""
        return f" ({self.wounds[fid]}/{self.vigour[fid]})"

    def hit(self, r: dict) -> str:
        who = self.n(r["target"])
        if not r["hit"]:
            return f"rolls {r['roll']} against {who}: a miss"
        return (f"rolls {r['roll']} against {who}: a hit, {r['wounds']} wound(s)"
                + self.hurt(r["target"], r["wounds"])
                + (f"; {who} is slain" if r["slain"] else ""))

    def effects(self, hero: str, done: list[dict]) -> str:
        words = []
        for r in done:
            op = r["op"]
            if op == "heal":
                words.append(f"heals {r['healed']}" + self.hurt(hero, -r["healed"]))
            elif op == "renown":
                words.append(f"gains {r['amount']} renown")
            elif op == "skill":
                words.append(f"gains the skill {r['skill'] or '(none left)'}")
            elif op == "explore":
                words.append(f"explores {r['card']}" if r["card"] else "cannot explore")
            elif op == "move":
                words.append(f"moves to {r['path'][-1]}" if r["path"] else "does not move")
            elif op == "attack":
                words += [self.hit(x) for x in r["results"]] or ["has no target"]
        return ", ".join(words) or "nothing happens"

    def line(self, r: dict) -> str | None:
        kind, n = r["type"], self.n
        if kind == "quarry":
            return f"{n(r['id'])} stands {r['start']} to the hero, at {r['cell']}"
        if kind == "round":
            return f"Round {r['round']}"
        if kind == "hero_dice":
            return f"  {n(r['hero'])} rolls the hero dice: {' '.join(map(str, r['faces']))}"
        if kind == "move":
            return f"  {n(r['hero'])}: Move with a {r['die']}, to {r['path'][-1]}"
        if kind == "recuperate":
            return (f"  {n(r['hero'])}: Recuperate with a {r['die']}, heals {r['healed']}"
                    + self.hurt(r["hero"], -r["healed"]))
        if kind == "attack":
            return (f"  {n(r['hero'])}: {r['weapon']} with a {r['die']}: "
                    + "; ".join(self.hit(x) for x in r["results"]))
        if kind == "ability":
            return (f"  {n(r['hero'])}: {r['ability']} with a {r['die']}: "
                    + self.effects(r["hero"], r["effects"]))
        if kind == "trigger":
            return (f"  {n(r['hero'])}'s renown rule ({r['event']}): "
                    + self.effects(r["hero"], r["effects"]))
        if kind == "turn_end" and r["set_aside"]:
            return (f"  {n(r['hero'])} ends the turn; set aside: "
                    + " ".join(map(str, r["set_aside"])))
        if kind == "adversary_attack":
            hit = (f"a hit, {r['wounds']} wound(s)" + self.hurt(r["target"], r["wounds"])
                   if r["hit"] else "a miss")
            return (f"  {n(r['adversary'])}: {r['weapon']} rolls {r['roll']} against "
                    f"{n(r['target'])}: {hit}")
        if kind == "adversary_move":
            return f"  {n(r['adversary'])} moves to {r['path'][-1]}"
        if kind == "hero_down":
            return f"  {n(r['hero'])} is down"
        if kind == "game_end":
            return f"Outcome after {r['round']} round(s): {r['how']}"
        return None


def narrate(records: list[dict], names: dict, vigour: dict | None = None) -> list[str]:
    """The fight as lines of text, from its log records (``names``: figure id -> name;
    ``vigour``: figure id -> Vigour, for the running wounds)."""
    account = _Account(names, vigour or {})
    out = []
    for r in records:
        line = account.line(r)
        if line is not None:
            out.append(line)
        if r["type"] == "game_end":
            break
    return out
