"""`runeforge table --replay LOG`: watch any log step by step, forward and back.

The game is played once more from its options (the bots are deterministic, a person's
answers come from the log's decisions), and at every decision, whoever makes it, the view
of that moment is kept (the board and the cards as they were, the log so far). A step is one
decision; the viewer jumps to the first step of a round. The replayed log is compared with
the file as `runeforge replay` does (a log that does not replay is refused)."""

from __future__ import annotations

import threading

from runeforge import games
from runeforge.engine.common.decisions import Player
from runeforge.engine.common.log import EventLog

from .seat import LoggedAnswers, as_json, offered
from .session import Outcome
from .tell import Teller
from .views import Names, option_label

TAIL = 40  # log lines a step carries


class _Watch:
    """What views.seat_view reads of a table, for a game nobody plays now."""

    def __init__(self, runebound: bool, humans):
        self.runebound, self.humans = runebound, list(humans)
        self.pending, self.answered, self.outcome = None, [], Outcome()
        self.generation, self.names, self.tellers = 1, {}, {}
        self.game, self.log = None, EventLog()
        self.cond = threading.Condition()


class _Recorder(Player):
    def __init__(self, inner, replay):
        self.inner, self.replay = inner, replay

    def decide(self, decision, engine):
        answer = self.inner.decide(decision, engine)
        self.replay.keep(decision, answer)
        return answer


class Replay:
    def __init__(self, bundle, content, game_id: str, records: list[dict],
                 locale: str = "en"):
        self.content, self.locale = content, locale
        options = {k: v for k, v in records[0].items() if k not in ("seq", "type")}
        self.watch = _Watch(game_id == games.DEFAULT_GAME, options.get("humans") or [])
        self.names = Names(content, locale)
        self.teller = Teller(self.names, locale, self.watch.runebound)
        self.steps: list[dict] = []
        self.board = None
        people = {i: LoggedAnswers(records) for i in options.get("humans") or []}
        if self.watch.runebound:
            from runeforge.commands.play import end_game, start_seated

            game = start_seated(bundle, options, people or None, self.watch.log)
        else:
            game = games.get(game_id).entry("begin")(bundle, options, people or None,
                                                     self.watch.log)
        self.watch.game = game
        for hero, player in list(game.players.items()):
            game.players[hero] = _Recorder(player, self)
        if self.watch.runebound:
            game.run()
            end_game(game)
        else:
            game.play()
            games.get(game_id).entry("finish")(game, self.watch.log)
        self.keep(None, None)  # the end
        again = as_json(self.watch.log.records)
        if again != records:
            from runeforge.engine.common.errors import EngineError

            raise EngineError("the log does not replay with this content: "
                              "`runeforge replay LOG` says where it differs")

    def keep(self, decision, answer) -> None:
        from .views import seat_view

        view = seat_view(self.watch, -1, self.locale, self.content)
        if self.watch.runebound:  # Runebound's board never changes; Delve's grows
            self.board = self.board or view.get("board")
            view.pop("board", None)
        view["log"] = self.teller.tell(self.watch.log.records)[-TAIL:]
        if decision is not None:
            view["asked"] = {"actor": self.names(decision.actor), "kind": decision.kind,
                             "options": len(offered(decision)),
                             "answer": option_label(answer, self.names, self.locale)}
        self.steps.append(view)

    def step(self, body: dict) -> dict:
        """Step ``step`` (or the first of round ``round``) with the board and the rounds."""
        if "round" in body:
            want = int(body["round"])
            n = next((i for i, s in enumerate(self.steps) if s.get("round", 0) >= want),
                     len(self.steps) - 1)
        else:
            n = max(0, min(int(body.get("step", 0)), len(self.steps) - 1))
        rounds = sorted({s.get("round", 0) for s in self.steps})
        board = {"board": self.board} if self.watch.runebound else {}
        return {**self.steps[n], **board, "step": n, "steps": len(self.steps),
                "rounds": rounds, "mode": "replay"}
