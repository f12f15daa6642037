"""Turn Lark's parse errors into messages in words.

"expected a number, 'X', 'up to' or 'all' after 'take'" rather than token names, and
"did you mean 'exhaustion'?" for a near miss of an expected word.
"""

from __future__ import annotations

from lark.exceptions import UnexpectedInput, UnexpectedToken

from ..errors import AbilitySyntaxError, suggest
from .lexer import _TERMINAL_WORDS, DISPLAY, VOCABULARY, tokenize

# Expectation groups shown as one phrase, and the order in which terminals are listed.
_AMOUNT = {"NUMBER", "X", "UP", "ALL"}
_ORDER = ["NUMBER", "X", "UP", "ALL", "SIGNED"]


# ---- family 4 (issue 21): what a name (WORD) stands for after these words
_NAME_AFTER = {"to": "a town", "a": "a terrain", "an": "a terrain", "through": "a terrain",
               "were": "a terrain"}


def _describe(expected: set[str], prev=None) -> str:
    names = sorted(expected - {"$END"}, key=lambda t: (_ORDER.index(t) if t in _ORDER else 99, t))
    words = []
    for t in names:
        if t == "UP":
            words.append("'up to'")
        elif t == "WORD" and prev is not None and str(prev).lower() in _NAME_AFTER:
            words.append(_NAME_AFTER[str(prev).lower()])
        else:
            words.append(DISPLAY.get(t, t.lower()))
    if len(words) > 8:
        words = words[:7] + ["…"]
    if not words:
        return "the end of the ability"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _previous_token(text: str, pos: int):
    """The token before ``pos`` and what a name (WORD) stands for there: after "or" / "and" /
    "," that follow a terrain ("a swamp or red space", issue 32 lists) a terrain too, as
    after "a" (the key of _NAME_AFTER to read)."""
    from .nodes_place import TERRAIN_WORDS

    before = prev = None
    try:
        for tok in tokenize(text):
            if tok.start_pos >= pos:
                break
            before, prev = prev, tok
    except AbilitySyntaxError:
        pass
    if prev is not None and prev.type in ("OR", "AND", "COMMA") and before is not None \
            and str(before).lower() in TERRAIN_WORDS:
        return prev, "a"
    return prev, prev


def _expected_words(expected: set[str]) -> list[str]:
    words = []
    for t in expected:
        words.extend(_TERMINAL_WORDS.get(t, ()))
    return words


def explain_unexpected(err: UnexpectedInput, text: str) -> AbilitySyntaxError:
    expected = set(getattr(err, "expected", ()) or getattr(err, "accepts", ()) or ())
    token = getattr(err, "token", None)
    at_end = token is None or token.type == "$END"
    pos = len(text) if at_end else token.start_pos
    prev, name_after = _previous_token(text, pos)
    after = f" after '{prev}'" if prev is not None else " at the start"
    wanted = _describe(expected, name_after)
    if at_end:
        hint = "end every sentence with '.'" if "DOT" in expected else None
        return AbilitySyntaxError(f"the ability ends too early: expected {wanted}{after}",
                                  max(0, len(text) - 1), len(text), code="RF303", hint=hint)
    start, end = token.start_pos, token.end_pos
    written = text[start:end] or str(token)  # "two", not the number it reads as (lang4)
    if token.type == "WORD" or isinstance(err, UnexpectedToken) and token.type not in expected:
        near = suggest(written, _expected_words(expected))
        if token.type == "WORD":
            near = near or suggest(written, VOCABULARY)
            msg = f"unknown word '{written}': expected {wanted}{after}"
            code = "RF302"
        else:
            msg = f"unexpected '{written}': expected {wanted}{after}"
            code = "RF301"
        hint = f"did you mean '{near}'?" if near and near.lower() != written.lower() else None
        if hint is None and token.type == "DOT" and "DOT" not in expected:
            hint = "the sentence is not finished"
        return AbilitySyntaxError(msg, start, end, code=code, hint=hint)
    return AbilitySyntaxError(f"unexpected '{written}': expected {wanted}{after}", start, end)
