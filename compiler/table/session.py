"""One game at the table: the engine runs it in a thread; a person's question parks there.

The game is the engine's own (Runebound's ``Game``, Delve's ``DelveGame``), started from the
same options `runeforge play` logs, plus ``humans`` (the seats people play). When the engine
asks a human seat, :meth:`Table.park` (in the game's thread) records the question and waits;
:meth:`Table.answer` (a request's thread) gives the index of the chosen option and waits for
the next question or the end. State is read only while the game's thread is parked or done.

Saving is the log: every record goes to ``log_path`` (JSON lines, as `play --log` writes)
when a question is parked and at the end. :meth:`Table.resume` plays a saved log again: the
people's answers come from its decision records (:func:`.seat.human_answers`), and the game
parks at the first question the log does not answer. Undo (:meth:`Table.undo`) is the same
replay with the answers up to that seat's previous question.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from pathlib import Path

from runeforge import games
from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.log import EventLog

from .seat import REVEALS, Abandoned, HumanSeat, as_json, human_answers, offered

WAIT = 120.0  # seconds a request waits for the engine to park (a hang guard)


class Refused(Exception):
    """A request the game cannot take now (not this seat's question, a stale one, undo past a
    revealed die): the server answers 409 with the reason."""


@dataclass
class Parked:
    serial: int  # the number of the question, from 0 in this game
    seat: int
    kind: str
    options: list
    source: str | None
    info: dict
    at: int  # records in the log when it was asked


@dataclass
class Answered:
    seat: int
    kind: str
    answer: object  # as the log holds it
    at: int


@dataclass
class Outcome:
    over: bool = False
    error: str | None = None
    winner: str | None = None
    how: str | None = None
    extra: dict = field(default_factory=dict)


class Table:
    def __init__(self, bundle: dict, game_id: str, options: dict, log_path=None):
        self.bundle, self.game_id, self.options = bundle, game_id, dict(options)
        self.humans: list[int] = list(options.get("humans") or [])
        self.log_path = Path(log_path) if log_path else None
        self.cond = threading.Condition()
        self.thread: threading.Thread | None = None
        self.game = None
        self.log = EventLog()
        self.pending: Parked | None = None
        self.answered: list[Answered] = []
        self.script: list = []
        self.outcome = Outcome()
        self.generation = 0  # a new thread (undo, resume) starts a new generation
        self._choice: int | None = None
        self._abandon = False
        self._saved = 0
        self.names: dict = {}  # locale -> views.Names (the seats' views share them)
        self.tellers: dict = {}  # locale -> views.Teller of this generation's log

    @property
    def runebound(self) -> bool:
        return self.game_id == games.DEFAULT_GAME

    # ------------------------------------------------------------------ the game's thread
    def start(self, script=()) -> None:
        """Run the game in a new thread; the answers of ``script`` ((seat, kind, answer) in
        order) are given first, then the people are asked."""
        self.close()
        with self.cond:
            self.generation += 1
            self.script = list(script)
            self.answered, self.pending, self.outcome = [], None, Outcome()
            self.log, self._saved, self._abandon, self._choice = EventLog(), 0, False, None
            self.game = None
        self.thread = threading.Thread(target=self._run, args=(self.generation,),
                                       name="runeforge-table", daemon=True)
        self.thread.start()

    def _run(self, generation: int) -> None:
        players = {i: HumanSeat(i, self) for i in self.humans}
        game = games.get(self.game_id)
        try:
            if self.runebound:
                from runeforge.commands.play import end_game, start_seated

                self.game = start_seated(self.bundle, self.options, players, self.log)
                self.game.run()
                end_game(self.game)
                s = self.game.state
                result = {"winner": s.winner, "how": s.how}
            else:
                self.game = game.entry("begin")(self.bundle, self.options, players, self.log)
                self.game.play()
                result = game.entry("finish")(self.game, self.log)
            with self.cond:
                if generation == self.generation:
                    self.outcome = Outcome(True, None, result.get("winner"), result.get("how"))
        except Abandoned:
            return
        except EngineError as exc:
            with self.cond:
                self.outcome = Outcome(True, f"the engine stopped the game: {exc}")
        except Exception as exc:  # noqa: BLE001 - a bug: the page says so, the server stays
            import traceback

            traceback.print_exc()
            with self.cond:
                self.outcome = Outcome(True, f"internal error ({type(exc).__name__}); the "
                                             "server's terminal shows the details")
        finally:
            with self.cond:
                if generation == self.generation:
                    self.pending = None
                    self._save()
                    self.cond.notify_all()

    def park(self, seat: int, decision):
        """The engine asks ``seat``: answered from the script, else parked until the seat's
        page answers (the game's thread waits here)."""
        options = offered(decision)
        with self.cond:
            if self._abandon:
                raise Abandoned()
            at = len(self.log.records)
            if self.script:
                want_seat, kind, answer = self.script.pop(0)
                if (want_seat, kind) != (seat, decision.kind):
                    self.script = []
                    raise EngineError(f"the saved game answers seat {want_seat + 1}'s "
                                      f"{kind!r} where the engine asks seat {seat + 1}'s "
                                      f"{decision.kind!r}: the log does not fit this content")
                from .seat import match

                chosen = match(decision, answer)
                self.answered.append(Answered(seat, decision.kind, as_json(chosen), at))
                return chosen
            self.pending = Parked(len(self.answered), seat, decision.kind, options,
                                  decision.source, dict(decision.info or {}), at)
            self._save()
            self.cond.notify_all()
            while self._choice is None and not self._abandon:
                self.cond.wait()
            if self._abandon:
                raise Abandoned()
            chosen = options[self._choice]
            self._choice, self.pending = None, None
            self.answered.append(Answered(seat, decision.kind, as_json(chosen), at))
            return chosen

    def _save(self) -> None:
        """Append the log's new records to the save (the whole file after a restart)."""
        if self.log_path is None:
            return
        records = self.log.records
        text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n"
                       for r in records[self._saved:])
        with open(self.log_path, "a" if self._saved else "w", encoding="utf-8") as fh:
            fh.write(text)
        self._saved = len(records)

    # ------------------------------------------------------------------ requests
    def settled(self, timeout: float = WAIT) -> bool:
        """Wait (holding the lock on return) until the game is parked or over."""
        return self.cond.wait_for(lambda: self.pending is not None or self.outcome.over
                                  or self.thread is None, timeout)

    def answer(self, seat: int, serial: int, index: int) -> None:
        with self.cond:
            if not self.settled():
                raise Refused("the game is still thinking")
            p = self.pending
            if p is None:
                raise Refused("the game is over")
            if p.seat != seat:
                raise Refused(f"seat {p.seat + 1} is to answer, not seat {seat + 1}")
            if p.serial != serial:
                raise Refused(f"question {serial} was answered already (now: {p.serial})")
            if not (isinstance(index, int) and 0 <= index < len(p.options)):
                raise Refused(f"option {index!r} is not one of the {len(p.options)} offered")
            self._choice = index
            self.pending = None
            self.cond.notify_all()
            self.cond.wait_for(lambda: self.pending is not None or self.outcome.over, WAIT)

    def undo(self, seat: int) -> None:
        """Back to ``seat``'s previous question: the game is played again from its start
        with the answers given before it. Refused when a die was rolled or a hidden card
        turned over since, unless one person plays."""
        with self.cond:
            self.settled()
            mine = [i for i, a in enumerate(self.answered) if a.seat == seat]
            if not mine:
                raise Refused("this seat has answered nothing yet")
            k = mine[-1]
            if len(self.humans) > 1:
                if any(a.seat != seat for a in self.answered[k:]):
                    raise Refused("another person has answered since that question: undo "
                                  "would take their answer back")
                since = self.log.records[self.answered[k].at:]
                shown = sorted({r["type"] for r in since if r["type"] in REVEALS})
                if shown:
                    raise Refused("a die was rolled or a hidden card revealed since that "
                                  f"question ({', '.join(shown)}): undo is for one person "
                                  "playing alone, or before anything is revealed")
            script = [(a.seat, a.kind, a.answer) for a in self.answered[:k]]
        self.start(script)
        with self.cond:
            self.settled()

    def close(self) -> None:
        """Stop the game's thread (it is parked, or running to its next question)."""
        thread = self.thread
        if thread is None:
            return
        with self.cond:
            self._abandon = True
            self.cond.notify_all()
        thread.join(timeout=WAIT)
        self.thread = None

    # ------------------------------------------------------------------ saves
    @classmethod
    def resume(cls, bundle: dict, game_id: str, records: list[dict], log_path=None):
        """The table of a saved log, parked at its first unanswered question."""
        options = {k: v for k, v in records[0].items() if k not in ("seq", "type")}
        table = cls(bundle, game_id, options, log_path)
        script = human_answers(records, table.humans)
        table.start(script)
        with table.cond:
            table.settled()
            again = table.log.records
            saved = [r for r in records if r["type"] != "end_state"]
            n = min(len(saved), len(again))
            if json.loads(json.dumps(again[:n])) != saved[:n]:
                first = next(i for i in range(n) if as_json(again[i]) != saved[i])
                raise EngineError(f"the saved game differs from its replay at record {first} "
                                  f"({saved[first].get('type')}): was it played with other "
                                  "content?")
        return table
