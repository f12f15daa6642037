"""The pseudo-locale ``en-XA``: English with accents, ~35 % longer, in brackets.

It needs no catalog: it is generated from the English text, so every string the PDF shows
can be checked for overflow, clipping and hard-coded (unlocalised) text. Digits, the
variable X and punctuation stay as they are so numbers remain readable.
"""

from __future__ import annotations

import math
import re

_SLOT = re.compile(r"(\{\w+\})")

ACCENTS = str.maketrans({
    "a": "à", "b": "ƀ", "c": "ç", "d": "ď", "e": "é", "g": "ĝ", "h": "ĥ", "i": "î",
    "j": "ĵ", "k": "ķ", "l": "ļ", "n": "ñ", "o": "ö", "r": "ŕ", "s": "š", "t": "ţ",
    "u": "û", "w": "ŵ", "y": "ý", "z": "ž",
    "A": "Å", "B": "Ɓ", "C": "Ç", "D": "Đ", "E": "É", "G": "Ĝ", "H": "Ĥ", "I": "Î",
    "J": "Ĵ", "K": "Ķ", "L": "Ļ", "M": "Ṁ", "N": "Ñ", "O": "Ö", "R": "Ŕ", "S": "Š",
    "T": "Ţ", "U": "Û", "W": "Ŵ", "Y": "Ý", "Z": "Ž",
})
EXPANSION = 0.35
PAD = "·"


def accent(text: str) -> str:
    """Accent every letter (X stays X: it is the ability variable); a slot the caller fills
    (``{n}``, ``{total}``) stays as it is."""
    return "".join(part if _SLOT.fullmatch(part) else part.translate(ACCENTS)
                   for part in _SLOT.split(text))


def pseudo(text: str) -> str:
    """``[Åççéñţéď ţéxţ ···]``: at least 35 % longer than ``text`` (brackets included)."""
    body = accent(text)
    target = math.ceil(len(text) * (1 + EXPANSION))
    pad = max(0, target - len(body) - 3)
    return f"[{body} {PAD * pad}]" if pad else f"[{body}]"
