"""Heroes spared the pin (issue 32, part III, branch dhero): IR ``unpinned`` with ``targets``
on a hero's card ("Heroes adjacent to you are not pinned.") spares each hero its selector
picks from the rule's hero, while that hero stands; under a duration (``until``) the same
lasts ("Until the start of your next turn, you cannot be pinned.": the hero itself, or the
heroes picked when it was used, ops._lasting). A spared hero's Move costs (1+) (A5)."""

from __future__ import annotations

from ..rules import effects as fx


def spared(game, hero, rules_of) -> bool:
    """Whether a lasting "not pinned" holds ``hero``, or another standing hero's rule spares
    it (``rules_of``: traits.rules_of, the rules in force now)."""
    s = game.state
    if fx.held(s.lasting, hero.id, "unpinned"):
        return True
    for other in s.heroes_up():
        for e in rules_of(game, other):
            if e["op"] == "unpinned" and "targets" in e and hero in fx.candidates(
                    s.board, other, e["targets"], s.figures):
                return True
    return False
