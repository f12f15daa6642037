"""Transformer rules of branch rbkinds (issue 32, part III): challenges', events' and
encounters' constructions (ability.lark, the rbkinds block).

* "If you have at least 2 Allies", "If your Hero has any wounds", "one or more Items": the
  condition ``at_least`` that "you have 2 or more Allies" is ("any" and "one" count 1).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from lark import Token

from . import nodes as n
from . import nodes_branching as b
from .parser_parts import _sp, _values


def _what(ch) -> str:
    """The thing counted: a token's or a held card's name, else gold."""
    vals = [v for v in _values(ch) if not isinstance(v, Token)]
    return str(vals[0]) if vals else "gold"


def _count(ch) -> int:
    return next((int(c) for c in ch if isinstance(c, Token) and c.type == "NUMBER"), 1)


class Rbkinds:
    def rbk_have_at_least(self, ch):
        return b.Condition("at_least", _what(ch), _count(ch), span=_sp(ch))

    def rbk_have_any(self, ch):
        return b.Condition("at_least", _what(ch), 1, span=_sp(ch))

    def rbk_heal_this_challenge(self, ch):  # "heal 2 wounds on this challenge"
        return n.Heal(_values(ch)[0], ("wound",), "this_challenge", span=_sp(ch))


def install(cls) -> None:
    for name, value in vars(Rbkinds).items():
        if not name.startswith("__"):
            setattr(cls, name, value)


__all__ = ["Rbkinds", "install"]
