"""The ability languages, one dialect per game, and what every dialect shares.

* :mod:`.errors`: :class:`~.errors.AbilitySyntaxError` (a parse error with offsets into the
  ability text) and :func:`~.errors.suggest` ("did you mean");
* :mod:`.runebound`: Runebound's dialect (``ability.lark``, its tokenizer, AST, parser, printer);
* :mod:`.delve`: Delve's dialect (``delve.lark``), also the campaign's.

The dsl never imports the compiler; a dialect imports only this shared part and itself
(tests/test_game_boundaries.py). A game reaches its dialect through the registry
(``Game.dialect`` in :mod:`runeforge.games`).
"""

from .errors import AbilitySyntaxError

__all__ = ["AbilitySyntaxError"]
