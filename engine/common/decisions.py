"""Decisions: the player interface and a scripted player for tests.

The engine asks every question through :meth:`Player.decide` with a :class:`Decision`
(kind, the one who answers, legal options, context). The engine validates every answer itself
and refuses an illegal one with :class:`~runeforge.engine.common.errors.IllegalAction`.

The kinds of question are the game's; each game documents them (Runebound:
:mod:`runeforge.engine.runebound.core.decisions`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import EngineError, ScriptExhausted


@dataclass
class Decision:
    kind: str
    actor: str  # id of the piece (or seat) whose player answers
    options: list
    source: str | None = None
    info: dict = field(default_factory=dict)


class Player:
    def decide(self, decision: Decision, engine):  # pragma: no cover - interface
        raise NotImplementedError


class ScriptedPlayer(Player):
    """Answers from a queue of ``(kind, answer)`` pairs, in order.

    A game lists in ``pass_kinds`` the kinds of question a player may decline with None. With
    ``auto_pass`` (default) such a question whose next scripted answer is of another kind, or
    that comes after the last one, is answered None (pass), so scripts list only the answers
    actually given.
    """

    pass_kinds: tuple[str, ...] = ()

    def __init__(self, answers, auto_pass: bool = True):
        self.answers = [tuple(a) for a in answers]
        self.auto_pass = auto_pass
        self.used = 0

    @property
    def remaining(self) -> list:
        return self.answers[self.used:]

    def decide(self, decision, engine):
        passable = self.auto_pass and decision.kind in self.pass_kinds
        if self.used >= len(self.answers):
            if passable:
                return None
            raise ScriptExhausted(
                f"scripted player for {decision.actor} ran out of answers: the engine asks "
                f"{decision.kind!r} (options {decision.options!r})"
            )
        kind, answer = self.answers[self.used]
        if kind != decision.kind:
            if passable:
                return None
            raise EngineError(
                f"scripted answer #{self.used + 1} for {decision.actor} is for {kind!r} but the "
                f"engine asks {decision.kind!r} (options {decision.options!r})"
            )
        self.used += 1
        return answer
