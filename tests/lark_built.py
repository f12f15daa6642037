"""The shipped grammars (``larktables.grammars()``) keyed by their tables file, with each
fresh build made once per test process: building Runebound's LALR tables from the grammar
takes seconds, and the table tests need the same fresh parser many times (to compare the
shipped file with it, and as what ``load()`` falls back to). Every test still gets a parser
built from the grammar as it is now; none reads it from the shipped file."""

import functools

from runeforge.dsl import larktables


def grammars() -> dict:
    """{tables file: (package, name, key function, lexer, build)}, ``build`` cached."""
    return {g[1]: (*g[:4], functools.cache(g[4])) for g in larktables.grammars()}
