"""Agreement with a subject said with "all" (issue 32, branch delve12).

"all" is "each" to the AST (``quantity: each``: every figure the selector picks), but in
English it takes the plural noun and the plural verb: "All adversaries adjacent to you suffer
1 wound", "all heroes in this chamber are pinned". The verb's agreement (build._agree) asks
:func:`plural_all` whether the subject was said so; "each" and "every" stay singular."""

from __future__ import annotations

import re

_ALL = re.compile(r"all\s+(?:\w+\s+)*?(adversaries|heroes)\b", re.IGNORECASE)


def plural_all(span: tuple[int, int], text: str) -> bool:
    """Whether the subject at ``span`` of ``text`` opens with "all" and a plural noun."""
    said = text[span[0]:span[1]]
    return _ALL.match(said) is not None
