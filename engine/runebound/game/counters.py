"""The game applies the grants of the board's adventure counters (issue 32, branch rbboard);
the effects record them (core/effects_board.py), :meth:`Game.apply_grants` hands each to the
function named by its op here (place.py adds them to its ``GRANTS``).

* ``place_counter``: counters of the colour come from the box onto empty gem spaces of the gem
  colour (no counter on them; within N steps of the Hero's space if the card says so): on
  each one, or on one of them. Where the box has fewer counters than there are spaces, or one
  space is to be chosen, the Hero's player chooses (decision ``renew_space``, as the sun
  icon's renewal). No such space, or none left in the box: nothing happens, and the log says
  why (``grant_unused``);
* ``remove_counter``: the counter on the Hero's space goes back to the box (``colour``: only a
  counter of that colour).

The board's counters and the box hold every counter between them (with the Heroes'), as the
invariants check.
"""

from __future__ import annotations


def _empty_gems(game, hero_id: str, gem: str, within: int | None) -> list[str]:
    s = game.state
    spaces = [sp.id for sp in game.board.gems(gem) if sp.id not in s.board_counters]
    if within is not None:
        at = s.positions.get(hero_id)
        if at is None:
            return []
        near = game.board.distances_view(at)
        spaces = [sp for sp in spaces if near.get(sp, within + 1) <= within]
    return sorted(spaces)


def place_counter(game, grant: dict) -> None:
    s = game.state
    colour = grant["colour"]
    empty = _empty_gems(game, grant["hero"], grant["gem"], grant["within"])
    if not empty:
        game.emit("grant_unused", **grant, reason="no empty gem space of that colour")
        return
    if s.box_counters.get(colour, 0) <= 0:
        game.emit("grant_unused", **grant, reason="no counter of that colour in the box")
        return
    wanted = len(empty) if grant["each"] else 1
    while wanted and empty and s.box_counters.get(colour, 0) > 0:
        if grant["each"] and s.box_counters[colour] >= len(empty):
            space = empty[0]
        else:
            space = empty[0] if len(empty) == 1 else \
                game.ask(grant["hero"], "renew_space", list(empty), colour=colour)
        empty.remove(space)
        wanted -= 1
        s.box_counters[colour] -= 1
        s.board_counters[space] = colour
        game.emit("counter_placed", space=space, colour=colour, source=grant["source"])


def remove_counter(game, grant: dict) -> None:
    s = game.state
    space = s.positions.get(grant["hero"])
    colour = s.board_counters.get(space) if space is not None else None
    if colour is None or grant["colour"] not in (None, colour):
        game.emit("grant_unused", **grant, reason="no such adventure counter on the Hero's "
                                                  "space")
        return
    del s.board_counters[space]
    s.box_counters[colour] = s.box_counters.get(colour, 0) + 1
    game.emit("counter_removed", space=space, colour=colour, source=grant["source"])


GRANTS = {"place_counter": place_counter, "remove_counter": remove_counter}
