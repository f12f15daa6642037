"""Transformer rules of the compositional core's verbs (issue 32, part III): what a Hero does
or suffers ("lose 2 gold", "heal all your wounds", "discard an exhaustion token from ...",
"give <target> +1 Body", "you take a wound", "deal 1 additional wound"), said of "you" and
put under a subject by :func:`.parser_subjects.with_subject`. :mod:`.parser_core` installs
them.

"Give <target> +1 Body" is "<target> receives +1 Body"; a phase's "Deal 1 additional wound."
alone is the standing rule "Your <phase> attacks inflict 1 additional wound."
(:func:`phase_extra_wounds`).
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token

from . import nodes as n
from .nodes_place import TERRAIN_WORDS
from .parser_parts import _ints, _one_of, _sp, _values
from .parser_subjects import _tokens, as_target, with_subject


def phase_extra_wounds(a):
    """"Melee: Deal 1 additional wound." (nothing else): every successful attack of that
    phase deals a wound more, the standing rule "Your melee attacks inflict 1 additional
    wound." (there is no attack in the text for the wounds to add to)."""
    if a.tag not in ("ranged", "melee", "magic") or a.limits or a.window or a.costs \
            or len(a.sentences) != 1:
        return a
    s = a.sentences[0]
    if type(s) is not n.InflictAdditional or s.target != "enemy" or s.amount.kind != "fixed":
        return a
    rule = n.ExtraWounds(s.amount.values[0], a.tag, span=s.span)
    return replace(a, tag=None, sentences=(rule,))


class VerbRules:
    """The rules of what a Hero does or suffers (said of "you")."""

    def wound_cap(self, ch):  # the subject as a target where one says it (one AST, lang4)
        per = "round" if type(ch[-1]) is Token and ch[-1].type == "ROUND" else "phase"
        return n.WoundCap(as_target(_values(ch)[0]), _ints(ch)[0], span=_sp(ch), per=per)

    def lose_gold(self, ch):
        return n.LoseGold(_values(ch)[0], span=_sp(ch))

    def heal_own(self, ch):
        return n.Heal(_values(ch)[0], ("wound",), "hero", span=_sp(ch))

    heal_pred = heal_own

    def heal_all_own(self, ch):  # "heal all your wounds"
        return n.Heal(n.Amount("all", (), span=_sp(ch)), ("wound",), "hero", span=_sp(ch))

    def heal_on(self, ch):
        amount, target = _values(ch)
        return n.Heal(amount, ("wound",), target, span=_sp(ch))

    def discard_tokens(self, ch):
        amount, tokens = _values(ch)
        return n.Heal(amount, tuple(str(t) for t in tokens), "hero", span=_sp(ch))

    def bonus_you(self, ch):
        stat = _values(ch)[0]
        return n.Modifier("you", stat, int(_tokens(ch, "SIGNED")[0]), span=_sp(ch))

    def lose_all_gold(self, ch):
        return n.LoseGold(n.Amount("all", (), span=_sp(ch)), span=_sp(ch))

    def receive_you(self, ch):
        stat = _values(ch)[0]
        return n.Modifier("you", stat, int(_tokens(ch, "SIGNED")[0]), span=_sp(ch))

    def keep_trophy(self, ch):
        return n.KeepTrophy(span=_sp(ch))

    def end_turn(self, ch):
        return n.EndTurn(span=_sp(ch))

    def discard_ally(self, ch):
        _one_of(ch, "Ally", "Allies")
        return n.DiscardAlly(span=_sp(ch))

    def nothing(self, ch):
        return n.Nothing(span=_sp(ch))

    def give(self, ch):
        target, stat = _values(ch)
        value = int(_tokens(ch, "SIGNED")[0])
        return with_subject(target, n.Modifier("you", stat, value, span=_sp(ch)), _sp(ch))

    def discard_own(self, ch):
        amount, token = _values(ch)
        return n.Heal(amount, (str(token),), "hero", span=_sp(ch))

    def discard_from(self, ch):
        amount, token, target = _values(ch)
        return n.Heal(amount, (str(token),), target, span=_sp(ch))

    def you_take_wounds(self, ch):  # "you take a wound / 2 wounds": your Hero does
        amount = next((v for v in _values(ch) if isinstance(v, n.Amount)), None)
        return n.TakesWounds("hero", amount or n.Amount("at_least", (1,), span=_sp(ch)), None,
                             span=_sp(ch))

    def takes_a_wound(self, ch):  # "your Hero takes a wound": 1 or more
        return n.TakesWounds(_values(ch)[0], n.Amount("at_least", (1,), span=_sp(ch)), None,
                             span=_sp(ch))

    def heal_this_challenge(self, ch):
        amount, tokens = _values(ch)
        return n.Heal(amount, tuple(str(t) for t in tokens), "this_challenge", span=_sp(ch))

    def deal_additional(self, ch):  # "deal 1 additional wound (to your enemy)"
        vals = _values(ch)
        return n.InflictAdditional(vals[0], vals[1] if len(vals) > 1 else "enemy", span=_sp(ch))

    def terrain_rule_all(self, ch):
        words = [str(t).lower() for t in _tokens(ch, "WORD")]
        terrain, like = (TERRAIN_WORDS.get(w, w) for w in words)
        return n.TerrainRule(None, terrain, like, span=_sp(ch))


__all__ = ["VerbRules", "phase_extra_wounds"]
