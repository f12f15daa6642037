"""Runebound's ability language: grammar (ability.lark), tokenizer, AST nodes, parser and
printer. Like all of ``runeforge.dsl`` it imports nothing of the compiler.

    >>> from runeforge.dsl.runebound import parse_ability, print_ability
    >>> print_ability(parse_ability("you receive +3 body."))
    'You receive +3 Body.'
"""

from ..errors import AbilitySyntaxError
from .parser import parse_ability, raw_parser
from .printer import print_ability

__all__ = ["AbilitySyntaxError", "parse_ability", "print_ability", "raw_parser"]
