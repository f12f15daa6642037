"""When triggers fire (R22 and issue 32): a figure's ``trigger`` abilities run after the
event they name, in card order, with the figure as their owner.

* A hero's own events: it slays an adversary (``slay``, with the attack's range), explores
  (``explored``), recuperates (``recuperated``); the clock: the start and end of its turn
  (``turn_start``, ``turn_end``).
* Any figure's wound (``wounded``): the wounded figure's own rule ("Every time this adversary
  suffers a wound"), and every hero's rule whose ``who`` picks that figure ("Every time
  another hero adjacent to you suffers a wound"); none for a figure slain or down by it.
* An adversary's end (``slain``, once it is off the board, from its last cell; the hero who
  slew it is "the hero who slew it"), on its own card and on each hero's whose ``who`` picks
  it ("When an adversary adjacent to you is slain"), and its attack (``attacks``, after it; the hero it
  attacked is "the hero it attacked" and "that hero").
* The clock of the round (:func:`clock`): ``round_start``, ``phase_start`` and
  ``phase_end`` (the adversary phase), ``round_end``: every hero's rules in seat order, then
  every adversary's in the order they were placed.

A rule with ``limit: turn`` fires at most once in its hero's turn of the round. The
functions take ``apply`` (``ops.apply``: how effects are carried out) from their caller.
"""

from __future__ import annotations

from dataclasses import replace

from ..rules import effects as fx
from . import events_dhero, states_dhero  # issue 32 (branch dhero)
from .activation_dadv2 import ran_parts  # a part under a failed condition (branch dadv2)
from .choose import fallen

# the events the game fires for each kind of figure (docs/delve.md prints this table; the
# dialect's checks accept the same, dsl/delve/owners.py: a test holds the two equal)
FIRED = {
    "hero": ("slay", "explored", "recuperated", "turn_start", "turn_end", "round_start",
             "round_end", "phase_start", "phase_end", "wounded", "slain", "approached",
             "spent",  # a hero die spent, after its action (game/spending.py; delve9)
             "explored_empty",  # with "explored", the chamber holding no adversary (delve10)
             "healed", "skill"),  # another hero healed, a skill gained (branch dhero)
    "adversary": ("slain", "wounded", "attacks", "round_start", "round_end", "phase_start",
                  "phase_end", "pushed", "pulled", "activated", "missed",
                  "approached",   # a hero ends a move adjacent to it (branch delveseven)
                  "wounds",   # its attack wounded a hero (branch dtarget, wounds_dtarget.py)
                  "move_ended"),   # a hero ends its own move next to it (branch dmove)
}


def _records(game, figure) -> list[tuple[str, dict]]:
    """(source id, card record) of every card whose rules ``figure`` holds."""
    s = game.state
    if figure.side == "adversary":
        kind = s.kinds.get(figure.id, "")
        record = game.records.adversaries.get(kind or "", {})
        return [(kind, record)]
    out = [(figure.id, game.records.heroes[figure.id])]
    return out + [(k, game.records.skills[k]) for k in s.skills.get(figure.id, [])]


def _rules(game, figure, event: str, rng: str | None = None) -> list[tuple[str, dict]]:
    """(key, trigger IR) of ``figure`` for ``event`` (a slay rule "with a missile attack"
    fires only for a slay by an attack of that range)."""
    out = []
    for source, record in _records(game, figure):
        for i, ir in enumerate(record.get("abilities", [])):
            if ir.get("form") == "trigger" and ir.get("event") == event \
                    and ir.get("range") in (None, rng):
                out.append((f"{source}:{i}", ir))
    if figure.side == "hero":            # what it carries in (a campaign's items)
        for i, ir in enumerate(game.carried.abilities.get(figure.id, [])):
            if ir.get("form") == "trigger" and ir.get("event") == event \
                    and ir.get("range") in (None, rng):
                out.append((f"carried:{i}", ir))
    return out


def _once(game, figure, key: str, ir: dict) -> bool:
    """False when a once-per-turn rule already fired in the hero's turn this round, or a
    once-per-round rule (an adversary's "once per turn" too: it has no turn but its one
    activation a round; branch delveseven) this round."""
    if ir.get("limit") not in ("turn", "round", "game"):
        return True
    if ir["limit"] in ("round", "game") or figure.side == "adversary":
        s = game.state
        mark = [figure.id, key, "game" if ir["limit"] == "game" else s.round]   # dadv2
        if mark in s.fired:
            return False
        s.fired = [x for x in s.fired if x[2] in (s.round, "game")] + [mark]
        return True
    turn = game.state.turns.get(figure.id)
    if turn is None:
        return True
    if key in turn.once:
        return False
    turn.once.append(key)
    return True


def run(game, figure, event: str, rules, ctx: dict, apply, turn=None) -> list[tuple]:
    """Run ``rules`` (key, trigger IR) of ``figure`` after ``event``; (IR, what each effect
    did) of those that ran."""
    ran: list[tuple[dict, list]] = []
    for key, ir in rules:
        if game.state.result is not None:
            return ran
        if not _once(game, figure, key, ir):
            continue
        done = apply(game, figure, "renown rule", ir["effects"], None, turn, dict(ctx))
        ran.append((ir, done))
        game.log.emit("trigger", hero=figure.id, event=event, effects=done)
        if figure.side == "hero" and any(r["op"] == "explore" and r["card"] for r in done):
            fire(game, figure, "explored", apply)
    return ran


def fire(game, hero, event: str, apply, rng: str | None = None, turn=None,
         victim=None) -> None:
    """R22: ``hero``'s rules for one of its own events (``slay``, ``explored``,
    ``recuperated``, ``turn_start``, ``turn_end``); ``victim``: the adversary a slay slew."""
    if hero not in game.state.figures:
        return
    rules = _rules(game, hero, event, rng)
    if event == "slay":   # a rule that names the adversaries it counts (branch dhero)
        rules = events_dhero.slay_rules(game, hero, rules, victim)
    run(game, hero, event, rules, {}, apply, turn)
    if event == "explored" and _newest_empty(game):     # issue 32 (session delve10)
        fire(game, hero, "explored_empty", apply, rng, turn)


def _newest_empty(game) -> bool:
    """Whether the chamber explored last holds no adversary (its encounter placed)."""
    s = game.state
    newest = s.board.chambers[-1].index
    return not any(s.board.owner.get(f.cell) == newest for f in s.adversaries())


def wounded(game, figure, by, apply) -> None:
    """Every rule on ``figure``'s wound: its own, then each hero's that names it."""
    s = game.state
    if figure.slain or figure not in s.figures:
        return
    ctx = {"picked": [figure], "target": figure,   # wounder: a hero's wound of it (dsight)
           "wounder": by if getattr(by, "side", None) == "hero" else None}
    for key, ir in _rules(game, figure, "wounded"):
        who = ir.get("who")
        if who is None or who["quantity"] == "self":
            run(game, figure, "wounded", [(key, ir)], ctx, apply)
    for hero in list(s.heroes_up()):
        if hero is figure and figure.side == "hero":
            continue
        mine = [(k, ir) for k, ir in _rules(game, hero, "wounded") if ir.get("who")
                and figure in fx.candidates(s.board, hero, ir["who"], s.figures)]
        run(game, hero, "wounded", mine, ctx, apply)


def slain(game, figure, slayer, apply) -> None:
    """An adversary's rules on its end (it is off the board; its last cell counts). Call
    it while the figure is still in the game's tally (``state.kinds``)."""
    fallen(game)[figure.id] = figure
    ctx = {"slayer": slayer, "picked": [slayer] if slayer is not None else []}
    rules = _rules(game, figure, "slain")
    if rules:
        run(game, figure, "slain", rules, ctx, apply)
    # issue 32: each hero's rule whose ``who`` picks it ("When an adversary adjacent to you
    # is slain, ..."), counted from its last cell
    s = game.state
    ghost = replace(figure, wounds=0)  # where it fell, as the selectors see a standing figure
    for hero in list(s.heroes_up()):
        mine = [(k, ir) for k, ir in _rules(game, hero, "slain") if ir.get("who")
                and ghost in fx.candidates(s.board, hero, ir["who"], [*s.figures, ghost])]
        if mine:
            run(game, hero, "slain", mine, dict(ctx), apply)


def attacked(game, figure, hero, apply) -> None:
    """An adversary's rules after its attack on ``hero``."""
    ctx = {"attacked": hero, "picked": [hero], "target": hero}
    rules = _rules(game, figure, "attacks")
    if rules and figure in game.state.figures:
        run(game, figure, "attacks", rules, ctx, apply)


def shifted(game, figure, by, towards: bool, apply) -> None:
    """An adversary's rules after a push (``pushed``) or a pull (``pulled``) moved it (issue
    32, session delveg): "Each time this adversary is pushed, it suffers 1 wound."; the hero
    who moved it is "that hero"."""
    event = "pulled" if towards else "pushed"
    rules = _rules(game, figure, event)
    if rules and figure in game.state.figures:
        ctx = {"picked": [by] if by is not None and by.side == "hero" else []}
        run(game, figure, event, rules, ctx, apply)


def approached(game, figure, before, apply) -> None:
    """Each hero's rules when an adversary ends a move (its own, or a push or a pull)
    adjacent to it, from a cell ``before`` that was not (issue 32, session delve7): "Whenever
    an adversary moves adjacent to you, it suffers 1 wound." ("it": the adversary)."""
    s = game.state
    states_dhero.moved(game, figure, before)   # "if you have not moved this round" (dhero)
    if figure.side == "hero" and figure in s.figures and id(game) not in _APPROACHING:
        return _hero_approached(game, figure, before, apply)   # branch delveseven
    if figure.side != "adversary" or figure not in s.figures or id(game) in _APPROACHING:
        return                  # a move made by such a rule fires no other (no chain)
    ctx = {"picked": [figure], "target": figure}
    _APPROACHING.add(id(game))
    try:
        for hero in list(s.heroes_up()):
            if not s.board.adjacent(figure.cell, hero.cell) \
                    or s.board.adjacent(before, hero.cell):
                continue
            mine = [(k, ir) for k, ir in _rules(game, hero, "approached") if ir.get("who")
                    and figure in fx.candidates(s.board, hero, ir["who"], s.figures)]
            if mine:
                run(game, hero, "approached", mine, dict(ctx), apply)
    finally:
        _APPROACHING.discard(id(game))


def _hero_approached(game, hero, before, apply) -> None:
    """Each adversary's rules when a hero ends a move (its own, an ability's, a push or a
    pull) adjacent to it from a cell that was not (branch delveseven): "When a hero moves
    adjacent to this adversary, that hero suffers 1 wound." ("that hero": the hero), in the
    order the adversaries were placed."""
    s = game.state
    _APPROACHING.add(id(game))
    try:
        for foe in list(s.adversaries()):
            if hero not in s.figures or s.result is not None:
                return
            if not s.board.adjacent(foe.cell, hero.cell) or s.board.adjacent(before, foe.cell):
                continue
            mine = [(k, ir) for k, ir in _rules(game, foe, "approached") if ir.get("who")
                    and hero in fx.candidates(s.board, foe, ir["who"], s.figures)]
            if mine:
                run(game, foe, "approached", mine, {"picked": [hero], "target": hero}, apply)
    finally:
        _APPROACHING.discard(id(game))


_APPROACHING: set[int] = set()   # the games running an "approached" rule now


def missed(game, figure, hero, apply, rng: str | None = None) -> None:
    """An adversary's rules after a hero's attack roll at it missed (issue 32, session
    delve7): "When a hero attacks this adversary and misses, that hero suffers 1 wound."; a
    rule with a range fires only for a miss by an attack of that range (branch dadv)."""
    rules = _rules(game, figure, "missed", rng)
    if rules and figure in game.state.figures and hero in game.state.figures:
        run(game, figure, "missed", rules, {"picked": [hero]}, apply)


def activation_parts(game, figure) -> set[str]:
    """The parts of its turn (``move``, ``attack``) its activation rules do (branch dfix)."""
    return {part for _, ir in _rules(game, figure, "activated")
            for part in ir.get("replaces", ())}


def activated(game, figure, apply) -> set[str]:
    """An adversary's rules when it is activated in the adversary phase, before it moves
    and attacks (issue 32, session delve7): "When activated, this adversary moves …". The
    parts of its turn the rules that ran did themselves (their ``replaces``: ``move``,
    ``attack``; branch dfix), which its behaviour then leaves out; the rule's attack is its
    attack of the turn, so its rules after it attacks follow it (on the first hero it rolled
    at), as they follow the attack of its behaviour."""
    rules = _rules(game, figure, "activated")
    if not rules or figure not in game.state.figures:
        return set()
    there = {f.id: f for f in game.state.figures}     # a hero it strikes down is still named
    ran = run(game, figure, "activated", rules, {}, apply)
    parts = ran_parts(ran)   # a part under a failed "if" is not done
    if "attack" in parts:     # its attack of the turn: "After this adversary attacks, …"
        hit = [r["target"] for ir, done in ran if "attack" in ir.get("replaces", ())
               for d in done if d["op"] == "strike" for r in d.get("results", ())]
        if hit and there.get(hit[0]) is not None:
            attacked(game, figure, there[hit[0]], apply)
    return parts


def clock(game, event: str, apply) -> None:
    """The round's clock: every hero's rules for ``event`` in seat order, then every
    adversary's in the order they were placed."""
    s = game.state
    heroes = [s.figure(h) for h in s.heroes]
    for figure in [h for h in heroes if h is not None] + list(s.adversaries()):
        if s.result is not None:
            return
        if figure in s.figures:
            run(game, figure, event, _rules(game, figure, event), {}, apply)


def healed(game, hero, figures: dict, apply) -> None:
    """``hero``'s "each time you heal a wound on another hero" rules (event ``healed``, branch
    dhero), once for each other hero in ``figures`` (id -> wounds healed) healed at least one
    wound, when the rule's ``who`` picks it (none: any other hero); "that hero" is the hero
    healed."""
    s = game.state
    for fid, count in figures.items():
        figure = s.figure(fid)
        if not count or figure is None or figure is hero or figure.side != "hero":
            continue
        mine = [(k, ir) for k, ir in _rules(game, hero, "healed") if not ir.get("who")
                or figure in fx.candidates(s.board, hero, ir["who"], s.figures)]
        if mine:
            run(game, hero, "healed", mine, {"picked": [figure], "target": figure}, apply)
