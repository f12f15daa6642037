"""A card's text as a sequence of abilities (issue 32, part III).

A printed card often carries several abilities in one paragraph, each opened by its own label
or time clause: "Before Combat: Test Body (13). If you fail, take 2 wounds. Melee: ...",
"... Reward: 3 gold.", "This Ally cannot be wounded. At the end of your turn, ...". The grammar
reads one ability (``ability: tag? limit? window? sentence+``); this module reads a text as
abilities one after another:

* a text that parses as one ability is one ability (every text that compiled before still
  means what it meant);
* otherwise it is cut before each sentence that opens an ability, as English opens a new rule:
  a label and its colon ("Melee:", "Any Phase:", "Before Combat:", "Ranged and Magic:",
  "Reward:"), or a time clause ("When ...", "Whenever ...", "Each time ...", "After ...",
  "Before ...", "At the start of ...", "During ...", "While ...", "Once per ...");
* each part is parsed on its own; an error in a part is reported at its place in the text.

Sentences that continue an ability ("If you succeed, ...", "Otherwise, ...", "Then ...",
"Until the end of this combat, ...") never open one, so they stay with the ability before them.
"""

from __future__ import annotations

import re

from ..errors import AbilitySyntaxError
from . import nodes as n
from .lexer import tokenize
from .parser import parse_ability
from .printer import print_ability

# the words of a label before its colon ("Before Combat:", "Ranged and Magic:", "Reward:")
_LABEL_WORDS = frozenset({"BEFORE", "COMBAT", "RANGED", "MELEE", "MAGIC", "ANY", "ALL",
                          "PHASE", "AND", "COMMA", "REWARD"})
# the first words of a time clause that opens a rule of its own
_OPENERS = frozenset({"WHEN", "WHENEVER", "AFTER", "BEFORE", "AT", "DURING", "WHILE", "ONCE"})
_TIME = frozenset({"EACH", "EVERY"})  # "Each time ...", "Every time ..."


def _opens_ability(types: list[str]) -> bool:
    """Whether a sentence whose first token types are ``types`` opens an ability."""
    if not types:
        return False
    for i, t in enumerate(types[:4]):
        if t == "COLON":
            return i > 0
        if t not in _LABEL_WORDS:
            break
    first = types[0]
    if first in _OPENERS:
        return True
    return first in _TIME and len(types) > 1 and types[1] == "TIME"


def _starts(text: str) -> list[int]:
    """Offsets of the sentences of ``text`` (after the first) that open an ability."""
    try:
        tokens = list(tokenize(text))
    except AbilitySyntaxError:
        return []  # the whole text's parse reports the bad character
    out = []
    for i, tok in enumerate(tokens[:-1]):
        if tok.type == "DOT" and _opens_ability([t.type for t in tokens[i + 1:i + 6]]):
            out.append(tokens[i + 1].start_pos)
    return out


def parse_text(text: str) -> tuple[tuple[int, n.Ability], ...]:
    """Parse a card text into its abilities: ``((offset, ability), ...)``, one unless the
    whole does not parse and some sentence opens an ability. Raises AbilitySyntaxError at
    its place in ``text``: the whole text's error when it cannot be cut, else the first
    part's that does not parse."""
    try:
        return ((0, parse_ability(text)),)
    except AbilitySyntaxError as err:
        starts = _starts(text)
        if not starts:
            raise
        whole_error = err
    bounds = [0, *starts, len(text)]
    parts = [(a, text[a:b].rstrip()) for a, b in zip(bounds, bounds[1:], strict=False)]
    if not all(p for _, p in parts):
        raise whole_error
    out = []
    for offset, part in parts:
        try:
            out.append((offset, parse_ability(part)))
        except AbilitySyntaxError as err:
            raise shifted(err, offset, text, part) from None
    return tuple(out)


_PROPOSALS = (re.compile(r"^(did you mean: ')(.*)('\?)$", re.S),  # the whole sentence
              re.compile(r"^(did you mean '[^']*'\? \(')(.*)('\))$", re.S))  # a word, then it


def shifted(err: AbilitySyntaxError, offset: int, text: str, part: str) -> AbilitySyntaxError:
    """``err`` of a part, placed in the whole text; a hint that proposes the part rewritten
    proposes the whole text with that part rewritten."""
    hint = err.hint
    for proposal in _PROPOSALS:
        found = proposal.match(hint or "")
        if found:
            head, better, tail = found.groups()
            hint = head + text[:offset] + better + text[offset + len(part):] + tail
            break
    return AbilitySyntaxError(err.message, err.start + offset, err.end + offset,
                              code=err.code, hint=hint)


def parse_card_text(text: str):
    """The dialect's parse: one ability's AST, or a tuple of them when the text holds
    several (``print_card_text`` prints either back)."""
    parts = parse_text(text)
    return parts[0][1] if len(parts) == 1 else tuple(a for _, a in parts)


def print_card_text(ast) -> str:
    """The dialect's print: the canonical text of ``parse_card_text``'s result."""
    if isinstance(ast, n.Ability):
        return print_ability(ast)
    if len(ast) == 1:
        return print_ability(ast[0])
    return " ".join(print_ability(a) for a in ast)
