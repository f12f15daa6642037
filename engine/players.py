"""Decisions: the player interface, a scripted player for tests and a heuristic bot.

The engine asks every question through :meth:`Player.decide` with a :class:`Decision`
(kind, legal options, context). The engine validates every answer itself and refuses an
illegal one with :class:`~runeforge.engine.errors.IllegalAction`.

Decision kinds: ``use_ability`` (an ability ref "card#index" or None to pass), ``phase_action``
("attack", "defend" or "ally:<id>"), ``escape`` (bool), ``x`` (int), ``amount`` (int),
``optional`` (bool), ``target`` (figure id), ``skill_exhaustion`` (int), ``spoils``
("item:<id>", "ally:<id>", "gold", "adventure:<id>"), ``knockout_loss`` (card id).
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


def _effect_ops(ability) -> set[str]:
    from .effects import walk

    return {e.op for e in walk(ability.effects)}


class HeuristicBot(Player):
    """A simple bot: attacks where its chance times damage is best, uses attacks and cancels,
    escapes when the next round could knock its Hero out and the enemy is far from dead."""

    def decide(self, decision, engine):
        method = getattr(self, "_" + decision.kind, None)
        if method is None:
            return decision.options[0]
        return method(decision, engine)

    def _use_ability(self, d, engine):
        hero = engine.state.hero(d.hero)
        pending = d.info.get("pending", 0)
        for ref in d.options:
            if ref is None:
                continue
            ability = engine.ability(ref)
            ops = _effect_ops(ability)
            if "wounds" in ability.cost_ops:
                continue
            if pending and "cancel" in ops:
                return ref
            if not pending and "attack" in ops and not self._worth_attacking(ability, engine, hero):
                continue
            if not pending and ops & {"attack", "inflict", "modify", "gain_gold", "for_duration"}:
                return ref
            if not pending and "heal" in ops and (hero.wounds or hero.exhaustion):
                return ref
        return None

    @staticmethod
    def _worth_attacking(ability, engine, hero) -> bool:
        """An ability's attack is worth it if it likely hits or a miss costs little."""
        from .combat import chance
        from .effects import walk
        from .rolls import ATTRIBUTE_OF

        enemy = engine.enemies.get(hero.id)
        if enemy is None:
            return False
        for effect in walk(ability.effects):
            if effect.op == "attack":
                attr = ATTRIBUTE_OF[effect.phase]
                need = (engine.stat(enemy, attr) - engine.stat(hero, attr) - effect.bonus
                        - engine.stat(hero, f"{effect.phase}_roll"))
                risk = engine.stat(enemy, f"{effect.phase}_damage")
                left = engine.stat(hero, "life") - hero.wounds
                if chance(need) < 0.5 and risk * 2 >= left:
                    return False
        return True

    def _phase_action(self, d, engine):
        ev = d.info.get("ev", {})
        hero_ev = d.info.get("hero_ev_later", {})
        if "attack" in d.options and ev.get("attack", 0) >= max(hero_ev.values(), default=0):
            if ev.get("attack", 0) > 0:
                return "attack"
        allies = [o for o in d.options if o.startswith("ally:") and ev.get(o, 0) > 0]
        if allies:
            return max(allies, key=lambda o: ev[o])
        if "attack" in d.options and not hero_ev and ev.get("attack", 0) > 0:
            return "attack"
        return "defend" if "defend" in d.options else d.options[0]

    def _escape(self, d, engine):
        return bool(d.info.get("danger")) and True in d.options

    def _x(self, d, engine):
        return max(d.options)

    def _amount(self, d, engine):
        return max(d.options)

    def _skill_exhaustion(self, d, engine):
        return max(d.options)

    def _optional(self, d, engine):
        return True

    def _spoils(self, d, engine):
        return "gold" if "gold" in d.options and d.info.get("gold", 0) > 2 else d.options[0]
