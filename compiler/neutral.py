"""Text from content made safe for a terminal: every control character shown as one visible
character (ESC as ␛), so a card name cannot move the cursor, retitle the window or hide text
(:mod:`.console`, :mod:`.console_rich`)."""

from __future__ import annotations

import re

# C0 controls but tab and newline, DEL, C1 controls (0x9b is a one-byte CSI) and the bidi
# overrides and isolates that reorder what a terminal shows
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ESC -> ␛
    return "\u2421" if code == 0x7F else "\ufffd"


def neutralise(text: str) -> str:
    """``text`` with every control character replaced by one visible character (so columns
    and caret positions stay where they were)."""
    return UNSAFE.sub(_visible, text)
