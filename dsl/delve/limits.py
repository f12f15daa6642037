"""Limits of Delve's dialect (issue 37): the same as Runebound's (``dsl/runebound/limits.py``),
checked before anything recurses over an ability.

* MAX_TEXT: the longest ability text read (RF108, in the tokenizer): ten times what a card's
  schema allows, so that ``fmt``, which has no schema, also reads any one string quickly.
* MAX_NESTING: a modifier that scopes the rest of its sentence ("If it hits,", "Until …,")
  nests the effects after it one level deeper; a sentence nests at most MAX_NESTING of them
  (RF304): the checks, lowering, printers and the engine recurse over them.
* Numbers are at most MAX_NUMBER (RF305), read on the digits.
"""

from __future__ import annotations

MAX_TEXT = 10_000
MAX_NESTING = 32
MAX_NUMBER = 999     # tests/test_delve_limits.py holds all three equal to Runebound's
