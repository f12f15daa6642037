"""The combat bot: :class:`HeuristicBot` answers the combat engine's questions.

It reads the combat engine (the odds of a roll, the enemy's stats), so it sits above
:mod:`..combat.combat`; the engine itself only knows the
:class:`~runeforge.engine.common.decisions.Player` interface.
"""

from __future__ import annotations

from runeforge.engine.common.decisions import Player

from ..combat.combat import chance
from ..core.effects import walk
from ..core.rolls import ATTRIBUTE_OF
from .choices import best_option  # family 2 (issue 21)


def _effect_ops(ability) -> frozenset[str]:
    ops = getattr(ability, "effect_ops", None)  # the catalog's Ability keeps them
    return ops if ops is not None else frozenset(e.op for e in walk(ability.effects))


def _figure(d, engine):
    """The figure a decision is for: the actor's Hero, or the fighting figure named by
    ``info["figure"]`` whose choices the actor's player makes (Sceptre of Kyros: the Giant
    Lord in its town, decided by the player on the attacker's left)."""
    fid = d.info.get("figure")
    if fid is not None:
        for fig in engine.enemies.values():
            if fig.id == fid:
                return fig
    return engine.state.hero(d.actor)


class HeuristicBot(Player):
    """A simple bot: attacks where its chance times damage is best, uses attacks and cancels,
    escapes when the next round could knock its Hero out and the enemy is far from dead."""

    def decide(self, decision, engine):
        method = getattr(self, "_" + decision.kind, None)
        if method is None:
            return decision.options[0]
        return method(decision, engine)

    def _choice(self, d, engine):  # family 2 (issue 21): "Choose one"
        return best_option(d, engine)

    def _use_ability(self, d, engine):
        hero = _figure(d, engine)
        pending = d.info.get("pending", 0)
        for ref in d.options:
            if ref is None:
                continue
            ability = engine.ability(ref)
            ops = _effect_ops(ability)
            if "wounds" in ability.cost_ops:
                continue
            if "reroll" in ops:  # ---- family 7: combat: reroll a failed combat roll
                pending = getattr(engine, "pending_roll", None)
                if pending is not None and not pending["ok"]:
                    return ref
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
        enemy = engine.enemies.get(hero.id)
        if enemy is None:
            return False
        for effect in walk(ability.effects):
            if effect.op == "attack":
                attr = ATTRIBUTE_OF[effect.phase]
                need = (engine.stat(enemy, attr) - engine.stat(hero, attr) - effect.bonus
                        - engine.stat(hero, f"{effect.phase}_roll"))
                if hero.kind == "challenge":  # a Giant Lord: its roll at attribute - 10
                    need += 11 - getattr(hero, "test_modifier", 0)  # against the Hero's
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
