"""The adversary phase — the Runeforge project's OWN rule (the seed leaves it open).

After the hero phase, each adversary on the board acts once, in the order they were placed,
by the ``behaviour`` of its record:

* ``advance``: unless a hero is already in reach of one of its weapons, it moves toward the
  nearest hero (a shortest legal path by BFS over the board, other figures blocking) up to its
  Move, stopping when it stands next to a hero; then it attacks if a target is in range.
* ``hold``: it does not move; it attacks if a target is in range.
* ``skirmish``: it keeps its distance: if it has a missile target from where it stands it stays
  and shoots; otherwise it moves (up to Move) to the reachable cell, fewest steps first, from
  which it has a missile target and is next to no hero; failing that it moves toward the
  nearest hero but stops ``SKIRMISH["keep_away"]`` or more steps short; then it attacks.

An attack uses the adversary's first weapon (in record order) that has a target, against the
target with the most wounds, then the lowest id (or, when its card has a rule on whom it
attacks, "This adversary attacks the nearest hero" (issue 32, session delve8), the first
heroes that rule picks among those the weapon reaches, a weapon that reaches none of them
passed over): roll one die; a roll of at least Hit gives
Damage wounds (R17-R19). A hero whose wounds reach its Vigour is down and leaves the board.
Numbers of this rule are data here and in the adversary records (Move, Hit, Damage).

Its rules "When activated, …" run as its turn begins. Those that move it or make it attack
are its move or its attack of the turn (the IR's ``replaces``, branch dfix): its behaviour
leaves that part out; a rule that is its attack and not its move runs after the move.
"""

from __future__ import annotations

from ..board.sight import sees
from ..rules import effects as fx
from ..rules.attacks import targets
from . import approach, disarm, events, passage_dmove, traits  # passage_dmove: dmove
from . import foes as adversary_attacks
from . import heroes as hz
from .paths import distances
from .state import adversary_weapons

SKIRMISH = {"keep_away": 2}   # the project's own number: steps a skirmisher stays away


def _attack(game, figure, record) -> None:
    s = game.state
    if disarm.disarmed(game, figure):   # "… cannot attack" for a while (issue 32, delve12)
        return
    aims = traits.aims(game, figure)
    spare = disarm.spared(game, figure)   # "… cannot attack you" for a while (delveseven)
    for w in adversary_weapons(record):
        foes = [f for f in targets(s.board, figure, w, s.figures) if f.id not in spare]
        if not foes:
            continue
        aim = next((a for a in aims if a.get("range") in (None, w.range)), None)
        if aim is not None:   # its rule says whom it attacks (issue 32, session delve8)
            picks = fx.choices(aim["targets"], fx.candidates(s.board, figure, aim["targets"],
                                                             foes, {}))
            if not picks:
                continue
            chosen = [s.figure(i) for i in picks[0]]
        else:
            chosen = foes if w.range == "area" else [sorted(foes, key=lambda f: (-f.wounds,
                                                                               f.id))[0]]
        for hero in chosen:
            adversary_attacks.roll_at(game, figure, w, hero, hz.ops.apply)
        hz.attacked(game, figure, chosen[0])        # "After this adversary attacks, …"
        return


def _has_target(game, figure, record, cell) -> bool:
    s = game.state
    here = figure.cell
    figure.cell = cell
    try:
        spare = disarm.spared(game, figure)   # heroes it may not attack (delveseven)
        return any(f.id not in spare for w in adversary_weapons(record)
                   for f in targets(s.board, figure, w, s.figures))
    finally:
        figure.cell = here


def _move_to(game, figure, cell, reach_from) -> None:
    if cell == figure.cell:
        return
    path = passage_dmove.path(game, figure, cell)   # branch dmove: through figures
    game.log.emit("adversary_move", adversary=figure.id, path=[list(c) for c in path])
    before, figure.cell = figure.cell, cell
    hz.approached(game, figure, before)         # "an adversary moves adjacent to you"


def _act(game, figure, done: frozenset = frozenset()) -> None:
    """Its move and attack by its behaviour, less the parts its activation rule did
    (``done``: ``move``, ``attack``; branch dfix)."""
    s = game.state
    record = game.records.adversaries[s.kinds[figure.id]]
    behaviour = "hold" if "move" in done else record.get("behaviour", "advance")
    heroes = s.heroes_up()
    if not heroes:
        return
    if "move" not in done and approach.follow(game, figure, hz.ops.apply):   # a course held
        if figure in s.figures and s.result is None and "attack" not in done:   # (delve9)
            _attack(game, figure, record)
        return
    occupied = game.occupied(figure)
    if behaviour != "hold" and not traits.rooted(game, figure) \
            and not _has_target(game, figure, record, figure.cell):
        reach = passage_dmove.reach(game, figure, record["move"]   # branch dmove
                                    + traits.extra_move(game, figure))
        spare = disarm.spared(game, figure)   # it heads for a hero it may attack (delveseven)
        hero_cells = [h.cell for h in heroes if h.id not in spare] or [h.cell for h in heroes]
        near = distances(s.board, hero_cells, occupied - set(hero_cells))
        order = sorted(reach, key=lambda c: (reach[c], c[1], c[0]))
        goal = None
        if behaviour == "skirmish":
            goal = next((c for c in order
                         if not any(s.board.adjacent(c, h) for h in hero_cells)
                         and any(not s.board.adjacent(c, h) and sees(s.board, c, h)
                                 for h in hero_cells)), None)
            if goal is None:
                far = [c for c in order if near.get(c, 10**6) >= SKIRMISH["keep_away"]]
                goal = min(far, key=lambda c: (near.get(c, 10**6), reach[c], c[1], c[0]),
                           default=figure.cell)
        else:
            goal = min(order, key=lambda c: (near.get(c, 10**6), reach[c], c[1], c[0]))
        _move_to(game, figure, goal, reach)
        if figure not in s.figures or s.result is not None:
            return                      # a hero's rule slew it as it came near (issue 32)
    if "attack" not in done:
        _attack(game, figure, record)


def adversary_phase(game) -> None:
    s = game.state
    game.log.emit("adversary_phase", round=s.round)
    for figure in list(s.adversaries()):
        if figure in s.figures and s.heroes_up():
            _turn(game, figure)
            game.step("adversary")


def _turn(game, figure) -> None:
    """Its activation rules, then its behaviour less what they did. A rule that is its
    attack and not its move ("When activated, this adversary attacks the hero with the most
    wounds") comes after the move of its behaviour, as its attack would (branch dfix)."""
    s = game.state
    parts = events.activation_parts(game, figure)
    if "attack" in parts and "move" not in parts:
        _act(game, figure, frozenset({"attack"}))
        if figure in s.figures and s.heroes_up() and s.result is None \
                and "attack" not in hz.activated(game, figure) \
                and figure in s.figures and s.heroes_up() and s.result is None:
            _attack(game, figure, game.records.adversaries[s.kinds[figure.id]])   # (dadv2)
        return
    done = hz.activated(game, figure)               # "When activated, …" (issue 32)
    if figure in s.figures and s.heroes_up() and s.result is None:
        _act(game, figure, frozenset(done))
