"""Transformer rules of branch rbkinds (issue 32, part III): challenges', events' and
encounters' constructions (ability.lark, the rbkinds block).

* "heal 2 wounds on this challenge": the challenge's own wounds discarded ("at least 2
  Allies" and "any wounds" are read by branch rblang's lexer pass, lexer_rblang.py).

parser.py installs the rules at its end; this module does not import parser.py.
"""

from __future__ import annotations

from . import nodes as n
from .parser_parts import _sp, _values, install_rules


class Rbkinds:
    def rbk_heal_this_challenge(self, ch):  # "heal 2 wounds on this challenge"
        return n.Heal(_values(ch)[0], ("wound",), "this_challenge", span=_sp(ch))


def install(cls) -> None:
    install_rules(cls, Rbkinds)


__all__ = ["Rbkinds", "install"]
