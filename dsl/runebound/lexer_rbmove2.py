"""Words of branch rbmove2 (issue 32, part III): movement, continued.

"into" / "onto" say the space an extra step of a Hero's move enters ("move 1 additional space
into hills or mountains", "move 1 extra space onto a river or road space"). Registered by
lexer.py (``_register``); no token pass. "into the bank" after gold stays the bank's
(lexer_rbverbs reads an INTO there as it read the word).
"""

from __future__ import annotations

WORDS = {"INTO": ("into", "onto")}
