"""Check of branch rbverb: the verb agrees with its subject (a warning, RF525).

The tokenizer reads "gain" and "gains" as one word, so "Each Hero gain 1 gold." compiles as
"Each Hero gains 1 gold." does, and ``fmt`` writes the agreeing form. This check says where the
text disagrees and which form agrees: "you" takes the plain form ("you gain"), a subject in the
singular ("each Hero", "another Hero", "your Hero", "this Ally", "one of your Allies", "each of
your Allies") the form in -s ("gains"). It reads the words of the text: a subject and the verb
right after it (a modal, "may", "must", "cannot", takes the plain form after it and is not
checked here).
"""

from __future__ import annotations

import re

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.lexer import VOCABULARY, tokenize

from . import Finding

# the plain form of a verb -> its form in -s
THIRD = {"gain": "gains", "lose": "loses", "draw": "draws", "discard": "discards",
         "move": "moves", "roll": "rolls", "take": "takes", "end": "ends",
         "receive": "receives", "pay": "pays", "remove": "removes", "make": "makes",
         "inflict": "inflicts", "heal": "heals", "get": "gets", "deal": "deals",
         "enter": "enters", "defeat": "defeats", "have": "has"}
PLAIN = {third: plain for plain, third in THIRD.items()}
# a "you" that is a clause's subject follows one of these (or starts the text)
_CLAUSE_START = {None, "DOT", "COMMA", "COLON", "IF", "WHEN", "WHILE", "WHENEVER", "TIME",
                 "AND", "THEN", "UNLESS", "SEMICOLON"}
# words of a subject in the singular, as token types, ending at the word before the verb
_SINGULAR = (("EACH", "HERO"), ("EVERY", "HERO"), ("ANOTHER", "HERO"), ("YOUR", "HERO"),
             ("THIS", "ALLY"), ("EACH", "OTHER", "HERO"), ("EVERY", "OTHER", "HERO"),
             ("ONE", "OF", "YOUR", "ALLY"), ("EACH", "OF", "YOUR", "ALLY"))


def _singular_before(toks, i: int) -> int | None:
    """The index of the first word of a singular subject that ends right before ``i``."""
    for words in _SINGULAR:
        start = i - len(words)
        if start < 0 or tuple(t.type for t in toks[start:i]) != words:
            continue
        if "OF" not in words and str(toks[i - 1]).lower() not in ("hero", "ally"):
            continue  # "Heroes", "Allies": the plural ("one of your Allies" is singular)
        return start
    return None


# The tokenizer's words (its pattern for a word token). Two word tokens in a row are two of
# these with only white space between them, at the same places.
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019][^\W\d_]+)*")
# the token type of the word right before a verb that this check may judge: "you", or the
# last word of a subject in the singular (_SINGULAR)
_BEFORE_VERB = frozenset({"YOU", "HERO", "ALLY"})


def _may_disagree(text: str) -> bool:
    """Whether ``text`` has a verb of :data:`THIRD` or :data:`PLAIN` right after a word of a
    type in :data:`_BEFORE_VERB`, which every finding of :func:`check` needs: a text without
    one is not tokenized again (it was, to be parsed; a tenth of the compile's time)."""
    before = None
    for m in _WORD.finditer(text):
        word = m.group().lower()
        if before is not None and (word in THIRD or word in PLAIN) \
                and VOCABULARY.get(before.group().lower()) in _BEFORE_VERB \
                and text[before.end():m.start()].isspace():
            return True
        before = m
    return False


def check(text: str) -> list[Finding]:
    if not _may_disagree(text):
        return []
    try:
        toks = list(tokenize(text))
    except AbilitySyntaxError:
        return []
    out = []
    for i, tok in enumerate(toks):
        word = str(tok).lower()
        if word not in THIRD and word not in PLAIN:
            continue
        before = toks[i - 1] if i else None
        if before is not None and before.type == "YOU":
            start = toks[i - 2].type if i >= 2 else None
            if word in PLAIN and start in _CLAUSE_START:
                out.append(_finding(text, toks, i - 1, i, PLAIN[word]))
            continue
        begin = _singular_before(toks, i)
        if begin is not None and word in THIRD:
            out.append(_finding(text, toks, begin, i, THIRD[word]))
    return out


def _finding(text: str, toks, begin: int, i: int, form: str) -> Finding:
    subject = text[toks[begin].start_pos:toks[i - 1].end_pos]
    verb = toks[i]
    return Finding("RF525", f"the verb does not agree with its subject '{subject}'",
                   (verb.start_pos, verb.end_pos),
                   hint=f"write '{subject} {form}' (fmt writes it)", severity="warning")


__all__ = ["check"]
