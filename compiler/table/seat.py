"""A person's seat: one more implementation of the engine's player interface.

When the engine asks a human seat a question, :class:`HumanSeat` hands it to its table
(:mod:`.session`), which parks it until the seat's page posts the index of one of the
options; the engine then checks that answer as it checks a bot's. The page never builds an
option: the list it shows is the engine's (:func:`offered`), plus None where the engine takes
None for an answer it does not list (:data:`DECLINE`: data, one line per kind).

:class:`LoggedAnswers` answers a person's seats from a log's ``decision`` records: what
`runeforge replay` and a resumed table use to play the same game again.
"""

from __future__ import annotations

import json

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.errors import EngineError

# kinds whose answer may be None though None is not among the options (the engine's docs):
# Delve's hero stops acting (engine.py "or None to stop"); an ability's choice does nothing
# (choose.py "None: the effect does nothing"). Runebound lists None itself where it is legal.
# A Delve action question whose ``info`` says ``may_end: false`` (the game's first action is
# Explore, R8; ``voluntary_end: false``, A2) takes no None: the engine would refuse it.
DECLINE = {"delve.action": "stop", "delve.effect": "nothing"}

# log record types that show what a seat did not know when it answered: a die rolled, a card
# turned over from a hidden deck. Undo does not go back past them (unless one person plays).
REVEALS = frozenset({
    "roll", "movement_roll", "adventure_card", "market_draw", "doom_card", "event",
    "hero_dice", "explore", "encounter", "spawn", "adversary_roll", "attack_roll", "draw",
    "keep_draw", "skill",
})


class Abandoned(BaseException):
    """Raised in a game's thread when its table is closed or goes back (undo)."""


def as_json(value):
    """The value as the log holds it (tuples become lists)."""
    return json.loads(json.dumps(value, sort_keys=True, ensure_ascii=False))


def offered(decision) -> list:
    """The options the engine offers for ``decision``, in its order."""
    options = list(decision.options)
    if (decision.kind in DECLINE and None not in options
            and decision.info.get("may_end", True)):
        options.append(None)
    return options


def match(decision, answer):
    """The option of ``decision`` that the logged ``answer`` stands for (JSON-equal)."""
    want = json.dumps(answer, sort_keys=True)
    for option in offered(decision):
        if json.dumps(as_json(option), sort_keys=True) == want:
            return option
    if decision.kind == "x" and isinstance(answer, int):
        return answer
    raise EngineError(f"the logged answer {answer!r} to {decision.kind!r} is not among the "
                      f"options the engine offers now ({decision.options!r})")


class HumanSeat(Player):
    """Seat ``seat`` of a table: every question goes to the table, which parks it."""

    def __init__(self, seat: int, table):
        self.seat, self.table = seat, table

    def decide(self, decision, engine):
        return self.table.park(self.seat, decision)


def seat_heroes(records) -> list[str]:
    """The heroes in seat order, read from the log (Runebound ``game_start``; Delve
    ``setup``)."""
    for r in records:
        if r.get("type") == "game_start":
            return list(r["seats"])
        if r.get("type") == "setup" and "heroes" in r:
            return list(r["heroes"])
    return []


def actor_of(record: dict) -> str | None:
    return record.get("hero") if "hero" in record else record.get("actor")


def human_answers(records, humans) -> list[tuple[int, str, object]]:
    """``(seat, kind, answer)`` of every decision of the seats ``humans``, in log order."""
    heroes = seat_heroes(records)
    seat_of = {h: i for i, h in enumerate(heroes) if i in set(humans)}
    return [(seat_of[actor_of(r)], r["kind"], r["answer"]) for r in records
            if r.get("type") == "decision" and actor_of(r) in seat_of]


class LoggedAnswers(Player):
    """Answers each actor's questions from its decision records of a log, in order."""

    def __init__(self, records):
        self.queue: dict[str, list] = {}
        for r in records:
            if r.get("type") == "decision":
                self.queue.setdefault(actor_of(r), []).append((r["kind"], r["answer"]))

    def decide(self, decision, engine):
        queue = self.queue.get(decision.actor) or []
        if not queue:
            raise EngineError(f"the log has no more answers of {decision.actor}: the engine "
                              f"asks {decision.kind!r}")
        kind, answer = queue.pop(0)
        if kind != decision.kind:
            raise EngineError(f"the log answers {kind!r} where the engine asks "
                              f"{decision.kind!r} of {decision.actor}")
        return match(decision, answer)


def logged_players(records, humans) -> dict:
    """seat -> the player that gives that seat's logged answers (one shared reader)."""
    reader = LoggedAnswers(records)
    return {i: reader for i in humans}
