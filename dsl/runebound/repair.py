"""Whole-sentence hints (issue 32, part III): when a text does not parse, the nearest text that
does, found by editing the words where the parser stopped.

At the offending word the repair tries, in order of likeness to what was written: putting one
of the words the parser expected there in its place, putting one before it, or leaving it out
(and, for an unknown word, the nearest word of the language), and last, leaving out the
rest of the clause to the end of its sentence (what the language cannot say). A candidate counts only when the
whole text then parses: a hint never proposes a word that fails again at the same place. When
the candidate gets further but fails later, the repair is tried once more there. The search is
bounded (:data:`WIDTH` candidates at each of :data:`DEPTH` places), so a hint costs at most a
few hundred parses of a short text, only on the error path.
"""

from __future__ import annotations

import difflib
import re

from lark.exceptions import UnexpectedInput

from .lexer import _TERMINAL_WORDS, VOCABULARY

WIDTH = 14
# a joining word or comma left dangling where a clause is left out ("gain 1 gold and")
_JOIN = re.compile(r"(?:,?\s*\b(?:and|then|or)\b|,)\s*$", re.I)
DEPTH = 2
# what a terminal is written as when the repair puts it in (punctuation and numbers too)
_SPELLING = {"COMMA": ",", "DOT": ".", "COLON": ":", "NUMBER": "1", "SIGNED": "+1",
             "LPAR": "(", "RPAR": ")", "WORD": None, "QUOTE": None, "SEMICOLON": ";",
             "DASH": "–", "X": "X"}


def _words(expected) -> list[str]:
    out = []
    for t in sorted(expected):  # a set: sorted, so a hint never depends on the hash seed
        if t in _SPELLING:
            if _SPELLING[t]:
                out.append(_SPELLING[t])
        else:
            out.extend(_TERMINAL_WORDS.get(t, ()))
    if "1" in out and "one" in out:  # "one" where a number stands is that number (lang4)
        out.remove("one")
    return list(dict.fromkeys(out))


def _like(word: str, candidates: list[str]) -> list[str]:
    low = word.lower()
    if low in ("a", "an", "one") and "1" in candidates:  # "draw a market card": a number
        candidates = ["1", *(c for c in candidates if c != "1")]
        return candidates[:1] + _like("", candidates[1:])
    return sorted(candidates, key=lambda c: -difflib.SequenceMatcher(None, low, c.lower()).ratio())


def _edits(text: str, start: int, end: int, expected) -> list[str]:
    """Candidate texts, the likeliest first."""
    word = text[start:end]
    before, after = text[:start], text[end:]
    pool = _words(expected)
    out = []
    if word.isalpha() and word.lower() not in VOCABULARY:
        near = difflib.get_close_matches(word.lower(), list(VOCABULARY), n=3, cutoff=0.6)
        out += [before + w + after for w in near]
    out += [before + w + after for w in _like(word, pool)[:WIDTH]]
    glue = "" if start == 0 or before.endswith(" ") else " "
    out += [before + glue + w + " " + text[start:] for w in _like(word, pool)[:WIDTH // 2]
            if w not in ",.:"]
    out += [before + w + " " + text[start:] if w not in ",.:" else before.rstrip() + w + " "
            + text[start:] for w in pool if w in ",.:"]
    out.append((before.rstrip() + " " + after.lstrip()).strip())
    dot = text.find(".", start)  # last: the clause left out, to the end of its sentence
    if dot >= 0:
        head = _JOIN.sub("", before.rstrip())
        out.append((head + text[dot + 1:] if head.endswith(".") else head + text[dot:]).strip())
    return [t for t in dict.fromkeys(out) if t.strip() and t != text][:WIDTH * 2]


def _attempt(parse, text: str):
    """None when ``text`` parses, else (start, end, expected) of its error."""
    try:
        parse(text)
        return None
    except UnexpectedInput as err:
        token = getattr(err, "token", None)
        expected = set(getattr(err, "expected", ()) or getattr(err, "accepts", ()) or ())
        if token is None or token.type == "$END":
            return (len(text), len(text), expected)
        return (token.start_pos, token.end_pos, expected)
    except Exception:  # an error of the transformer or the tokenizer: not a repair
        return (-1, -1, set())


def repair(parse, text: str, start: int, end: int, expected, depth: int = DEPTH) -> str | None:
    """The nearest text to ``text`` that parses (``parse`` raises on an error), or None."""
    if depth <= 0:
        return None
    later = []
    for candidate in _edits(text, start, end, expected):
        found = _attempt(parse, candidate)
        if found is None:
            return candidate
        if found[0] > start + (len(candidate) - len(text)):  # it got further
            later.append((candidate, found))
    for candidate, (s, e, exp) in later[:WIDTH // 2]:
        fixed = repair(parse, candidate, s, e, exp, depth - 1)
        if fixed is not None:
            return fixed
    return None


def sentence_hint(parse, text: str, start: int, end: int, expected) -> str | None:
    """``did you mean: '<text>'?`` with the repaired text (``did you mean '<word>'?
    ('<text>')`` when it puts one word in place of the one written), or None."""
    fixed = repair(parse, text, start, end, expected)
    if fixed is None:
        return None
    if text[:1].isupper():
        fixed = fixed[:1].upper() + fixed[1:]
    head, tail = text[:start], text[end:]
    word = fixed[len(head):len(fixed) - len(tail)] if fixed.startswith(head) \
        and fixed.endswith(tail) and len(fixed) > len(head) + len(tail) else ""
    if word and " " not in word and word.isalpha() and end > start:
        # one word in place of the one written: the editors' quick fix reads the word
        return f"did you mean '{word}'? ('{fixed}')"
    return f"did you mean: '{fixed}'?"
