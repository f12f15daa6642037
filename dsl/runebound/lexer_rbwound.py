"""Words of branch rbwound (issue 32, part III): cancelling, preventing and changing wounds.

"prevent(s)" and "ignore(s)" a wound say what "cancel" says, "cancels" agrees with a subject
("This armor cancels the first wound ..."); "dealt" is "inflicted" ("the first wound dealt to
your Hero"). Registered by lexer.py (``_register``); no token pass.
"""

from __future__ import annotations

WORDS = {
    "CANCEL": ("cancel", "cancels", "prevent", "prevents", "ignore", "ignores"),
    "DEALT": ("dealt",),
}
