"""Decisions: the player interface and a scripted player for tests.

The engine asks every question through :meth:`Player.decide` with a :class:`Decision`
(kind, legal options, context). The engine validates every answer itself and refuses an
illegal one with :class:`~runeforge.engine.common.errors.IllegalAction`.

Decision kinds: ``use_ability`` (an ability ref "card#index" or None to pass), ``phase_action``
("attack", "defend" or "ally:<id>"), ``escape`` (bool), ``x`` (int), ``amount`` (int),
``optional`` (bool), ``target`` (figure id), ``skill_exhaustion`` (int), ``spoils``
("item:<id>", "ally:<id>", "gold", "adventure:<id>"), ``knockout_loss`` (card id).

The combat bot (:class:`~runeforge.engine.runebound.bots.combat_bot.HeuristicBot`) lives in its
own module: it reads the combat engine, which asks its questions through this interface.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .errors import EngineError, ScriptExhausted


@dataclass
class Decision:
    kind: str
    hero: str
    options: list
    source: str | None = None
    info: dict = field(default_factory=dict)


class Player:
    def decide(self, decision: Decision, engine):  # pragma: no cover - interface
        raise NotImplementedError


class ScriptedPlayer(Player):
    """Answers from a queue of ``(kind, answer)`` pairs, in order.

    With ``auto_pass`` (default) a ``use_ability`` question whose next scripted answer is of
    another kind is answered None (pass), so scripts only list the abilities actually used.
    """

    def __init__(self, answers, auto_pass: bool = True):
        self.answers = [tuple(a) for a in answers]
        self.auto_pass = auto_pass
        self.used = 0

    @property
    def remaining(self) -> list:
        return self.answers[self.used:]

    def decide(self, decision, engine):
        if self.used >= len(self.answers):
            if self.auto_pass and decision.kind == "use_ability":
                return None
            raise ScriptExhausted(
                f"scripted player for {decision.hero} ran out of answers: the engine asks "
                f"{decision.kind!r} (options {decision.options!r})"
            )
        kind, answer = self.answers[self.used]
        if kind != decision.kind:
            if self.auto_pass and decision.kind == "use_ability":
                return None
            raise EngineError(
                f"scripted answer #{self.used + 1} for {decision.hero} is for {kind!r} but the "
                f"engine asks {decision.kind!r} (options {decision.options!r})"
            )
        self.used += 1
        return answer
