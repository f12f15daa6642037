"""Transformer rules of the modifiers said after the effect (issue 32, part III): a duration,
"if", "while", "against <colour> challenges", "for each ...", a window ("... at the start of
your turn"), a limit ("... once per turn") or a combat round's trigger. :mod:`.parser_core`
installs them and wraps each phrase's effect in its modifiers (``_apply``).

Each becomes the prefix that says the same ("Until ..., ...", "If ..., ...", "While ...,
..."), so `fmt` prints one canonical text; "against <colour> challenges" is "While / If your
enemy is a <colour> challenge, ..."; a window or limit after the effect is the ability's
(:func:`trailing_window`).
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import AbilitySyntaxError
from . import nodes as n
from .parser_lists import value_of
from .parser_parts import _ints, _items, _Marker, _sp, _values
from .parser_subjects import _num, as_selector, scoped

# clauses that are rules in force (a modifier after them reads as "while", not "if")
STANDING = (n.Modifier, n.CostModifier, n.Restrict, n.CannotBeWounded) + n.COMBAT_STANDING


class _Mod:
    """A modifier written after the effect, until the phrase wraps the effect in it."""

    __slots__ = ("kind", "value", "span")

    def __init__(self, kind, value, span):
        self.kind, self.value, self.span = kind, value, span


# modifier kind -> the rule that applies it, for modifiers of later modules (issue 32, session
# rbrules: a price's riders, parser_prohibit.py), which register here (no import back)
MORE_MODIFIERS: dict = {}


def _apply(mod: _Mod, effect):
    if mod.kind in MORE_MODIFIERS:
        return MORE_MODIFIERS[mod.kind](mod, effect)
    if mod.kind == "window":  # the ability's (trailing_window)
        _WINDOWS.append((mod.value, mod.span))
        return effect
    if mod.kind == "limit":  # the ability's, as a window said after the effect
        _WINDOWS.append((("limit", mod.value), mod.span))
        return effect
    if mod.kind == "round":  # "... at the end of each combat round": a trigger, printed first
        return n.Trigger(n.CombatRound(mod.value, span=mod.span), effect, event_first=True,
                         span=mod.span)
    if mod.kind == "duration":
        return scoped(lambda e: n.During(mod.value, e, span=mod.span), effect)
    if mod.kind == "for_each":  # (per, most): "(maximum 3)" caps the times (session bonus)
        per, most, they = mod.value
        if they:  # "Each other Hero takes 1 wound for each trophy they have": each Hero's count
            effect = _each_of_they(effect)
        return scoped(lambda e: n.ForEach(per, e, span=mod.span, most=most), effect)
    if mod.kind == "if":
        return n.IfState(mod.value, effect, span=mod.span)
    if mod.kind == "while":
        return n.WhileState(mod.value, effect, span=mod.span)
    cond = n.Condition("enemy_colour", mod.value, span=mod.span)  # "against" (one or several)
    if all(isinstance(i, STANDING) for i in _items(effect)):
        node = n.WhileState(cond, effect, span=mod.span)
        _AGAINST.add(id(node))  # an "if" after all when the ability is timed (ability_)
        return node
    return n.IfState(cond, effect, span=mod.span)


def _each_of_they(effect):
    """Part II's "each (other) Hero takes ..." is one Suffer said of a target of Heroes; counted
    "for each ... they have", it is said of each Hero in turn (the same node as "each other Hero
    with ... takes ..."), so that each counts their own (it counted the card owner's)."""
    if isinstance(effect, n.Suffer):
        selector = as_selector(effect.target)
        if selector is not None:
            return n.Each(selector, replace(effect, target=None), span=effect.span)
    if isinstance(effect, n.Modifier):  # "each Hero receives +1 Mind for each wound they have"
        selector = as_selector(effect.subject)
        if selector is not None:
            return n.Each(selector, replace(effect, subject="you"), span=effect.span)
    return effect


# "against ..." whiles of the parse under way (ability_ reads and clears it)
_AGAINST: set = set()
# windows said after an effect in the parse under way, (window, span) (ability_ reads them)
_WINDOWS: list = []


def trailing_window(children: list) -> list:
    """"Heal 1 wound at the start of your turn." is "At the start of your turn, heal 1 wound.",
    and "You may reroll your combat roll once per combat." is "Once per combat, ...": a window
    or a limit said after the effect is the ability's, when the ability has one sentence and no
    other (else it is refused at its words: which part would it time?)."""
    said = [c for c in children if not (isinstance(c, _Marker)
                                        and c.kind in ("tag", "limit", "window"))]
    out = list(children)
    for kind in ("window", "limit"):
        found = [(v[1] if kind == "limit" else v, sp) for v, sp in _WINDOWS
                 if isinstance(v, tuple) == (kind == "limit")]
        if not found:
            continue
        (value, span), *rest = found
        kinds = ("window", "tag") if kind == "window" else ("limit",)
        timed = any(isinstance(c, _Marker) and c.kind in kinds for c in children)
        if timed or len(said) != 1 or rest:
            words = WINDOW_WORDS[value] if kind == "window" else " and ".join(
                LIMIT_WORDS[v] for v in value).capitalize()
            err = AbilitySyntaxError(
                f"a {kind} after the effect times the whole ability: only an ability of one "
                f"sentence with no other {kind}{' or tag' if kind == 'window' else ''} may say "
                "it there", *span, hint=f"write it first: '{words}, ...'")
            err.window_first = words  # parse_ability proposes the sentence so
            raise err
        out.insert(0, _Marker(kind, value, span))
    return out


LIMIT_WORDS = {"turn": "once per turn", "combat": "once per combat",
               "round": "once per combat round", "before_combat": "once during 'Before Combat'"}
WINDOW_WORDS = {"start_of_turn": "At the start of your turn",
                "before_moving": "Before moving", "after_moving": "After moving",
                "end_of_turn": "At the end of your turn", "after_combat": "After combat"}


def timed_against(ability):
    """``ability`` with each "against <colour> challenges" rule an "if" when the ability has
    a tag, window, limit or cost (it is used, not always on)."""
    if not _AGAINST:
        return ability
    found = set(_AGAINST)
    _AGAINST.clear()
    if not (ability.tag or ability.window or ability.limits or ability.costs):
        return ability
    from dataclasses import replace

    sentences = tuple(n.IfState(s.condition, s.effect, span=s.span)
                      if id(s) in found else s for s in ability.sentences)
    return replace(ability, sentences=sentences)


class ModifierRules:
    """The rules of the modifiers after the effect (each a ``_Mod``, applied by the phrase)."""

    def mod_duration(self, ch):
        return _Mod("duration", _values(ch)[0], _sp(ch))

    def mod_if(self, ch):
        return _Mod("if", _values(ch)[0], _sp(ch))

    def mod_while(self, ch):
        return _Mod("while", _values(ch)[0], _sp(ch))

    def mod_against(self, ch):
        return _Mod("against", value_of(ch), _sp(ch))  # one colour or several (lists)

    def mod_for_each(self, ch):
        most = _ints(ch)  # "(maximum 3)" / ", to a maximum of 3" (issue 32, session bonus)
        they = any(getattr(c, "type", None) == "THEY" for c in ch)
        return _Mod("for_each", (str(_values(ch)[0]), most[0] if most else None, they),
                    _sp(ch))

    def mod_start_of_turn(self, ch):
        return _Mod("window", "start_of_turn", _sp(ch))

    def mod_end_of_turn(self, ch):
        return _Mod("window", "end_of_turn", _sp(ch))

    def mod_after_combat(self, ch):
        return _Mod("window", "after_combat", _sp(ch))

    def mod_round_start(self, ch):  # "... at the start of each combat round" (a trigger)
        return _Mod("round", "start", _sp(ch))

    def mod_round_end(self, ch):
        return _Mod("round", "end", _sp(ch))

    def mod_limit(self, ch):  # "... once per turn": the ability's limit (trailing_window)
        return _Mod("limit", tuple(_values(ch)), _sp(ch))

    def have_held(self, ch):  # the condition "you have N <countable>" of an "if" / "while"
        from . import nodes_branching as b

        return b.Condition("at_least", str(_values(ch)[0]), _num(ch), span=_sp(ch))


__all__ = ["ModifierRules", "STANDING", "LIMIT_WORDS", "WINDOW_WORDS", "timed_against",
           "trailing_window"]
