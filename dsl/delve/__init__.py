"""Delve's ability dialect: grammar (``delve.lark``), AST (:mod:`.nodes`), parser, canonical
printer and semantic checks. Like the rest of ``runeforge.dsl`` it imports nothing of the
compiler: checks return plain :class:`~.checks.Problem` values with offsets into the text."""
