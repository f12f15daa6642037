"""Combat rolls and skill tests: 2d10 + attribute + modifiers against a target number.

A mixin of :class:`~runeforge.engine.runebound.core.resolver.Resolver` (it uses ``stat``,
``inflict``, ``ask``, ``add_exhaustion`` and ``log`` from there).
"""

from __future__ import annotations

from .damage_rbdamage import attack_wounds  # branch rbdamage: multipliers and caps
from .effects import Context
from .effects_combat import combat_roll, extra_wounds
from .effects_defend import defence_rolled  # issue 32 (session rbdefend): "you fail to defend"
from .effects_trig import attack_rolled  # issue 32 (branch rbtrig): "you attack and fail"
from .effects_trig2 import test_done  # issue 32 (branch rbtrig2): "you fail a Spirit test"
from .effects_when import tested  # issue 32 (session when): "When you test Mind, ..."
from .skills import skills_of  # issue 32 (session skills): skills a card gives
from .state import Figure, Hero

ATTRIBUTE_OF = {"ranged": "mind", "melee": "body", "magic": "spirit"}


class Rolls:
    def roll(self, fig: Figure, purpose: str, attribute: str, bonus: int, target: int,
             **extra) -> bool:
        natural = self.dice.roll_2d10()
        value = self.stat(fig, attribute)
        total = natural + value + bonus
        ok = total >= target
        self.last_margin = total - target  # branch rbdamage: "succeeds by 5 or more"
        self.log.emit("roll", figure=fig.id, purpose=purpose, dice=list(self.dice.last_faces),
                      natural=natural, attribute=attribute, value=value, bonus=bonus,
                      total=total, target=target, success=ok, **extra)
        return ok

    def combat_roll_total(self, fig: Figure, phase: str, bonus: int, purpose: str) -> int:
        """A defending Hero's roll in hero-vs-hero combat: the attacker's target number."""
        natural = self.dice.roll_2d10()
        value = self.stat(fig, ATTRIBUTE_OF[phase])
        extra = self.stat(fig, f"{phase}_roll") + bonus
        total = natural + value + extra
        self.log.emit("roll", figure=fig.id, purpose=purpose, dice=list(self.dice.last_faces),
                      natural=natural, attribute=ATTRIBUTE_OF[phase], value=value, bonus=extra,
                      total=total, target=None, success=None, phase=phase)
        return total

    def target_number(self, enemy: Figure, phase: str) -> int:
        if isinstance(enemy, Hero):
            return self.combat_roll_total(enemy, phase, 0, "target")
        return self.stat(enemy, ATTRIBUTE_OF[phase])

    def combat_attack(self, actor: Figure, enemy: Figure, phase: str, bonus: int,
                      source: str | None, target: int | None = None,
                      normal_damage: bool = True) -> bool:
        if target is None:
            target = self.target_number(enemy, phase)
        bonus += self.stat(actor, f"{phase}_roll")
        ok = combat_roll(self, actor, "attack", ATTRIBUTE_OF[phase], bonus, target, phase=phase,
                         source=source)  # ---- family 7: combat (rerolls)
        attack_rolled(self, actor, ok, phase)  # issue 32 (branch rbtrig): before its wounds
        if ok:
            extra = extra_wounds(self, actor, phase)  # ---- family 7: combat
            if normal_damage:
                extra += self.stat(actor, f"{phase}_damage")
            # the ability's "If you succeed" says what else it inflicts (normal_damage False)
            self.inflict(enemy, attack_wounds(self, actor, enemy, phase, extra, "hit",
                                              getattr(self, "last_margin", None)),
                         source=actor.id, phase=phase)
        else:
            self.inflict(actor, attack_wounds(self, enemy, actor, phase,
                                              self.stat(enemy, f"{phase}_damage"), "attack"),
                         source=enemy.id, phase=phase)
        return ok

    def combat_defend(self, hero: Hero, enemy: Figure, phase: str, bonus: int = 0,
                      source: str | None = None, target: int | None = None) -> bool:
        if target is None:
            target = self.target_number(enemy, phase)
        bonus += self.stat(hero, f"{phase}_roll")
        ok = combat_roll(self, hero, "defend", ATTRIBUTE_OF[phase], bonus, target, phase=phase,
                         source=source)  # ---- family 7: combat (rerolls)
        defence_rolled(self, hero, ok, phase)  # issue 32 (session rbdefend): before its wounds
        if not ok:
            self.inflict(hero, attack_wounds(self, enemy, hero, phase,
                                             self.stat(enemy, f"{phase}_damage"), "defend"),
                         source=enemy.id, phase=phase)
        return ok

    def ability_attack(self, ctx: Context, phase: str, bonus: int,
                       normal_damage: bool = True) -> bool:
        enemy = self.enemy_of(ctx.owner)
        if ctx.hostile:  # on the challenge's card: the challenge attacks, the Hero defends
            target = self.stat(enemy, ATTRIBUTE_OF[phase]) + bonus
            return self.combat_defend(ctx.owner, enemy, phase, source=ctx.source, target=target)
        if self.moment.round > 0:  # an attack through an ability is the figure's attack
            self.round_attacks.add(ctx.actor.id)  # for this combat round (seed 002)
        return self.combat_attack(ctx.actor, enemy, phase, bonus, source=ctx.source,
                                  normal_damage=normal_damage)

    def skill_test(self, ctx: Context, attribute: str, skill: str | None, target: int) -> bool:
        hero = ctx.owner  # only Heroes take skill tests: on an Ally's card, "you" is the Hero
        bonus = tested(self, hero, attribute, skill)  # the test's triggers, before the roll
        has_skill = skill is not None and skill.lower() in skills_of(self, hero)
        if has_skill:
            bonus += self.ruleset.skill_bonus
            per = self.ruleset.skill_bonus_per_exhaustion
            room = self.stat(hero, "stamina") - hero.exhaustion
            if per and room > 0:
                n = self.ask(hero, "skill_exhaustion", list(range(room + 1)), source=ctx.source,
                             skill=skill)
                self.add_exhaustion(hero, n, source=ctx.source, chosen=True)
                bonus += per * n
        ok = self.roll(hero, "test", attribute, bonus, target, skill=skill,
                       has_skill=has_skill, source=ctx.source)
        test_done(self, hero, attribute, skill, ok)  # issue 32 (branch rbtrig2): its result
        return ok

