"""Transformer rules of branch rbtime (issue 32, part III): the moment of a combat an effect
applies in, said before the clause or after it (ability.lark, the rbtime block).

"during the magic phase (of combat)", "in the melee phase (of each combat round)", "during the
first combat round (of each combat)", "in the ranged phase of the first combat round" name a
moment of a combat: the condition ``moment`` (:class:`~.nodes_branching.Condition`, ``value``
the phase or None, ``count`` the round or None), printed "it is the magic phase" / "it is the
first combat round" / "it is the ranged phase of the first combat round". What the moment does
to the clause depends on the clause, as English means it:

* a rule in force (a bonus, a price, a prohibition) holds while it is that moment: "Your Hero
  receives +1 Body during the magic phase." is "While it is the magic phase, your Hero receives
  +1 Body." (the engine reads a ``while`` rule's condition afresh, combat step by step);
* extra wounds of an attack are that phase's: "This challenge deals +1 wound in the melee
  phase." is "This challenge receives +1 melee damage.", "Your attacks inflict 1 additional
  wound in the magic phase." "Your magic attacks ...";
* an effect that happens at once (an act, a cost paid) is used in that phase: the phase is the
  ability's tag ("During the magic phase, you may activate this item to ..." is "Magic: You may
  activate ..."), refused where the ability has another tag or a window (RF401: which would time
  it?); the first round is then a condition checked as the effect resolves ("If it is the first
  combat round, ...").

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_modifiers import MORE_MODIFIERS, STANDING, _Mod
from .parser_parts import _items, _Marker, _sp, _values, install_rules

PHASES = ("ranged", "melee", "magic")
_TAGS = {"ranged": "Ranged", "melee": "Melee", "magic": "Magic", "any_phase": "Any Phase"}
# (phase, span) of each phase said in the parse under way over an effect that happens at once:
# the ability's tag (ability_ reads and clears it; parser.py's _fresh_state clears it too)
_PENDING: list = []


def forget() -> None:
    _PENDING.clear()


def _phase_of(ch) -> str:
    return next(str(v) for v in _values(ch) if str(v) in PHASES)


def _said_phase(ch) -> str:
    """The phase named; read as the ability's phase by "your combat roll" after it (branch
    rbnp's tag of the parse under way), when no tag came before it ("During the magic phase,
    add 3 to your combat roll")."""
    from . import parser_rbnp

    phase = _phase_of(ch)
    if not parser_rbnp._TAG:
        parser_rbnp._TAG[:] = [phase]
    return phase


def _standing(effect) -> bool:
    return all(isinstance(i, STANDING) for i in _items(effect))


def _phase_rule(effect, phase: str):
    """The clause as the rule of that phase's attacks, if it is one (else None)."""
    from .parser_self import _ExtraDamage

    if type(effect) is _ExtraDamage:  # "this challenge / this Ally deals 1 extra wound"
        return n.Modifier(effect.subject, f"{phase}_damage", effect.value, span=effect.span)
    if type(effect) is n.ExtraWounds and effect.phase in (None, phase):  # "your attacks ..."
        return replace(effect, phase=phase)
    if type(effect) is n.Modifier and str(effect.stat).startswith(f"{phase}_"):
        return effect  # "+2 to melee combat rolls in the melee phase": that phase's already
    return None


def at_moment(mod: _Mod, effect):
    """``effect`` applied at the moment ``mod`` names (see the module's text)."""
    cond = mod.value
    phase, first = cond.value, cond.count
    if phase is not None and first is None:
        rule = _phase_rule(effect, phase)
        if rule is not None:
            return rule
    if _standing(effect):
        return n.WhileState(cond, effect, span=mod.span)
    return _used_at(mod, effect)


def _used_at(mod: _Mod, effect):
    """``effect``, used at the moment ``mod`` names: in its phase (the ability's tag), checked
    to be the first round as it resolves."""
    cond = mod.value
    phase, first = cond.value, cond.count
    if phase is None and first is None:  # "during combat, gain 1 gold": in any phase
        _PENDING.append(("any_phase", mod.span))
        return effect
    if phase is not None:
        _PENDING.append((phase, mod.span))
        if first is None:
            return effect
        return n.IfState(n.Condition("moment", None, first, span=mod.span), effect,
                         span=mod.span)
    return n.IfState(cond, effect, span=mod.span)


MORE_MODIFIERS["rbt_moment"] = at_moment


ATTRIBUTES = ("mind", "body", "spirit")


def for_tests(mod: _Mod, effect):
    """"Your Hero gets +2 Mind for skill tests.": every time the Hero tests that attribute, add 2
    to the result (the node "+2 on Mind tests" is)."""
    from .parser_subjects import as_target

    if type(effect) is n.Modifier and str(effect.stat) in ATTRIBUTES and effect.value > 0 \
            and as_target(effect.subject) in ("you", "hero"):
        bonus = n.TestBonus(n.Amount("fixed", (effect.value,), span=mod.span), span=mod.span)
        return n.Trigger(n.SkillTested(str(effect.stat), None, span=mod.span), bonus,
                         event_first=True, span=mod.span)
    raise AbilitySyntaxError(
        "'for skill tests' says a bonus of your Hero's Mind, Body or Spirit that counts in its "
        "tests", *mod.span, code="RF301",
        hint="write it after such a bonus: 'Your Hero gets +2 Mind for skill tests.'")


MORE_MODIFIERS["rbt_for_tests"] = for_tests


def tag_from_moment(children: list) -> list:
    """The ability's children with the phase said over an effect that happens at once as its
    tag; refused (RF401) where the ability has another tag or a window."""
    said = list(_PENDING)
    _PENDING.clear()
    phases = {p for p, _ in said}
    phase, span = said[0]
    tags = [c for c in children if isinstance(c, _Marker) and c.kind == "tag"]
    windows = [c for c in children if isinstance(c, _Marker) and c.kind == "window"]
    if len(phases) > 1 or windows or any(t.value != phase for t in tags):
        said = "a combat" if phase == "any_phase" else f"the {phase} phase"
        raise AbilitySyntaxError(
            f"'{said}' said of an effect times the ability, which "
            + ("another tag or a window times already" if tags or windows
               else "two phases cannot both time"),
            *span, code="RF401",
            hint=f"write the phase as the ability's tag: '{_TAGS[phase]}: ...', or say a rule "
                 "in force ('you receive +1 Body') that holds in that phase")
    if tags:
        return children
    return [_Marker("tag", phase, span), *children]


class RbtimeRules:
    def rbt_phase(self, ch):  # "the magic phase (of combat / of each combat round)"
        return n.Condition("moment", _said_phase(ch), None, span=_sp(ch))

    def rbt_phase_first(self, ch):  # "the ranged phase of the first combat round"
        return n.Condition("moment", _said_phase(ch), 1, span=_sp(ch))

    def rbt_first_round(self, ch):  # "the first combat round (of each combat)"
        return n.Condition("moment", None, 1, span=_sp(ch))

    def rbt_ally_none(self, ch):  # "this Ally has no wounds / no exhaustion"
        token = "exhaustion" if any(getattr(c, "type", None) == "EXHAUSTION" for c in ch) \
            else "wound"
        return n.Condition("ally_none", token, span=_sp(ch))

    def rbt_ally_unwounded(self, ch):  # "this Ally is unwounded / is not wounded"
        return n.Condition("ally_none", "wound", span=_sp(ch))

    def rbt_trigger_while(self, ch):  # "Every time <event> while <condition>, <effect>"
        vals = _values(ch)
        event, cond, effect = vals[0], vals[1], vals[-1]
        inner = n.IfState(cond, self._nested(effect), span=cond.span)
        return n.Trigger(event, inner, event_first=True, span=_sp(ch))

    def rbt_mod_for_tests(self, ch):  # "... +2 Mind for skill tests"
        return _Mod("rbt_for_tests", None, _sp(ch))

    def rbt_any_combat(self, ch):  # "during (any) combat", "you are in combat"
        return n.Condition("moment", None, None, span=_sp(ch))

    def rbt_hero_unwounded(self, ch):  # "your Hero is unwounded": you have no wounds
        return n.Condition("none", "wound", span=_sp(ch))

    def rbt_hero_wounded(self, ch):  # "you are wounded": you have 1 or more wounds
        return n.Condition("at_least", "wound", 1, span=_sp(ch))

    def rbt_moment_cond(self, ch):  # "it is the magic phase" (the printed condition)
        return replace(_values(ch)[0], span=_sp(ch))

    def rbt_mod_moment(self, ch):  # "... during the magic phase"
        return _Mod("rbt_moment", _values(ch)[0], _sp(ch))

    def rbt_moment_first(self, ch):  # "During the magic phase, ..."
        vals = _values(ch)
        mod = _Mod("rbt_moment", vals[0], vals[0].span)
        effect = vals[-1]
        if isinstance(effect, _Marker) and effect.kind == "costed":  # a use: the phase is its tag
            costs, inner = effect.value
            return _Marker("costed", (costs, _used_at(mod, inner)), effect.span)
        return at_moment(mod, effect)

    def rbt_in_town_first(self, ch):  # "In any town, items cost you 1 gold less." / "In a town, ..."
        from .parser_prohibit import apply as price_applies

        effect, span = _values(ch)[-1], _sp(ch[:-2])
        if isinstance(effect, n.CostModifier):  # every market is a town's: the rule as it is
            return price_applies(_Mod("price_every_town", None, span), effect)
        cond = n.Condition("town", span=span)
        if isinstance(effect, _Marker) and effect.kind == "costed":
            costs, inner = effect.value
            return _Marker("costed", (costs, n.IfState(cond, inner, span=span)), effect.span)
        if _standing(effect):
            return n.WhileState(cond, effect, span=span)
        return n.IfState(cond, effect, span=span)


def install(cls) -> None:
    install_rules(cls, RbtimeRules)
    ability = cls.ability

    def ability_(self, ch):
        if _PENDING:
            ch = tag_from_moment(list(ch))
        return ability(self, ch)

    cls.ability = ability_


__all__ = ["RbtimeRules", "at_moment", "forget", "install", "tag_from_moment"]
