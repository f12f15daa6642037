"""Transformer rules of subjects that name the card itself and of the rules said of them
(issue 32, session self): a challenge's immunities as cards print them ("Immune to ranged
attacks.", "This challenge is immune to ranged and magic attacks."), the attack bonus said of
the attacks ("Your magic attacks against this challenge get -2."). :mod:`.parser_core` installs
them. Each is an accepted variant of a form the language has: it parses to that form's AST, and
`fmt` prints the canonical form.

* "Immune to ranged attacks." is "This challenge is immune to ranged attacks." (a challenge's
  card prints its immunities with the subject left out; the checks refuse it on any other card,
  RF450, with a hint to say whose the immunity is);
* "... immune to ranged and magic attacks" is one immunity per phase, joined by "and";
* "Your <phase> attacks [against this challenge | against your enemy] get +N" is "You receive +N
  to <phase> combat rolls." (the enemy is the one the Hero fights; "this challenge" only on a
  challenge's card: the checks refuse it elsewhere, RF450).
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from .parser_parts import _sp, _values
from .parser_subjects import _Special


def _phases(ch) -> list[str]:
    return [str(v) for v in _values(ch)]


def _joined(nodes, span):
    return nodes[0] if len(nodes) == 1 else n.And(tuple(nodes), span=span)


class SelfRules:
    """The rules of a card's own subject ("this challenge", the subject left out)."""

    def immune_bare(self, ch):  # "Immune to ranged (and magic) attacks."
        span = _sp(ch)
        return _joined([n.Immune(p, "this_challenge", span=span) for p in _phases(ch)], span)

    def p_immune_many(self, ch):  # "is immune to ranged and magic attacks" (one per phase)
        return _Special("immune_many", tuple(_phases(ch)), _sp(ch))

    def attack_bonus(self, ch):  # "Your magic attacks (against this challenge) get -2"
        value = int(next(t for t in ch if isinstance(t, Token) and t.type == "SIGNED"))
        return n.Modifier("you", f"{_values(ch)[0]}_roll", value, span=_sp(ch))

__all__ = ["SelfRules"]


def _split_immunities(ch):
    """The sentences of an ability with each immunity to several phases ("... immune to ranged
    and magic attacks.") made one sentence per phase: each is an always-on rule of its own, as
    "This challenge is immune to ranged attacks. This challenge is immune to magic attacks."
    says (the printed form, which parses back to the same sentences)."""
    out = []
    for c in ch:
        if type(c) is n.And and all(type(i) is n.Immune for i in c.items):
            out.extend(c.items)
        else:
            out.append(c)
    return out


def install(cls) -> None:
    """Wrap the transformer's ``ability`` rule of ``cls`` (parser_core.install calls this last)."""
    ability = cls.ability

    def ability_(self, ch):
        if any(type(c) is n.And for c in ch):
            ch = _split_immunities(ch)
        return ability(self, ch)

    cls.ability = ability_
