"""A Delve text as a sequence of abilities (issue 32, branch delvelang).

Authors often put several abilities in one text: a rule and then a trigger ("Wounds from this
adversary's attacks cannot be prevented or reduced. Killing it earns 2 renown instead of 1."),
a rule and then an action ("You are never pinned. Dash (2+): Move up to 2 spaces."), an action
and then a trigger. The grammar reads one ability, so such a text was refused (a trigger
makes a rule of its own, RF926; a rule inside a trigger, RF928; a name in mid-text, RF302).
This module reads a text as abilities one after another, as Runebound's dialect does
(dsl/runebound/sequence.py):

* a text that parses and passes the checks as one ability is one ability (every text that
  compiled before means what it meant);
* otherwise it is cut before each sentence that opens an ability, as English opens a new
  rule: a trigger ("When …", "Whenever …", "Every time …", "Each time …", "After …", "At the
  start (end) of …", "The first time …", "Slaying this adversary …"), or a header (a name
  with its cost or its colon, "Dash (2+):", "Renown:", or a bare cost "(3+):");
* the text is that sequence when every part parses and passes the checks on its own; else
  it is the one ability it was, with its own errors (the parts' errors would only say less).

Sentences that continue an ability ("If it hits, …", "Hit 4+, Damage 1.", "On a 5 or 6, …",
"It …") never open one, so they stay with the ability before them."""

from __future__ import annotations

from ..errors import AbilitySyntaxError
from .checks import check_ability
from .lexer import name_span, tokenize
from .parser import parse_ability
from .printer import print_ability
from .statline_dprose import (  # branch dprose: an attack line with its targets
    has_stat_line,
    is_stat_line,
)

# the words that open a trigger (the grammar's ``when`` and ``bounty``)
_ONE = frozenset({"WHEN", "WHENEVER", "AFTER", "SLAYING"})
_TWO = frozenset({("EVERY", "TIME"), ("EACH", "TIME"), ("AT", "THE")})
_THREE = frozenset({("THE", "FIRST", "TIME")})


def _opens(types: list[str], rest: str) -> bool:
    """Whether a sentence whose first tokens are ``types`` (its text ``rest``) opens an
    ability."""
    if not types:
        return False
    if types[0] in _ONE or tuple(types[:2]) in _TWO or tuple(types[:3]) in _THREE:
        return True
    if types[:5] == ["THE", "HERO", "WHO", "SLAY", "THIS"]:   # "The hero who slays this …"
        return True
    if types[0] in ("LPAR", "LSQB") and types[1:2] == ["NUMBER"]:   # "(3+): …"
        return True
    return name_span(rest) is not None   # "Dash (2+): …", "Renown: …"


def starts(text: str) -> list[int]:
    """Offsets of the sentences of ``text`` (after the first) that open an ability."""
    try:
        toks = list(tokenize(text))
    except AbilitySyntaxError:
        return []   # the whole text's parse reports it
    out = []
    last = 0        # where the sentence before this one starts
    for i, t in enumerate(toks[:-1]):
        if t.type == "DOT":
            start = toks[i + 1].start_pos
            if _opens([x.type for x in toks[i + 1:i + 6]], text[start:]) \
                    or is_stat_line(text[last:]) or is_stat_line(text[start:]):   # dprose
                out.append(start)
            last = start
    return out


def _clean(ability, owner: str) -> bool:
    return not any(p.severity == "error" for p in check_ability(ability, owner))


def abilities_of(text: str, owner: str) -> list[tuple[int, str, object]]:
    """``[(offset, part, ability)]``: the abilities of ``text`` on a card of ``owner``, one
    unless the whole fails and its parts, cut where an ability opens, all pass. Raises the
    whole text's AbilitySyntaxError when it does not parse and cannot be cut."""
    try:
        whole = parse_ability(text)
        if _clean(whole, owner) and not has_stat_line(text):   # has_stat_line: dprose
            return [(0, text, whole)]
        error = None
    except AbilitySyntaxError as err:
        whole, error = None, err
    cuts = starts(text)
    parts = []
    for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True):
        part = text[a:b].rstrip()
        try:
            ability = parse_ability(part)
        except AbilitySyntaxError:
            break
        if not _clean(ability, owner):
            break
        parts.append((a, part, ability))
    else:
        if len(parts) > 1:
            return parts
    if error is not None:
        raise error
    return [(0, text, whole)]


def parse_card_text(text: str):
    """The dialect's parse (the language server's hover reads it): one ability's AST, or a
    tuple of them when the text holds several. The text has no card, so it is read as a
    hero's, then as an adversary's, as ``canonical_text`` reads it."""
    for owner in ("hero", "adversary"):
        try:
            parts = abilities_of(text, owner)
        except AbilitySyntaxError:
            break
        if len(parts) > 1:
            return tuple(ability for _, _, ability in parts)
    return parse_ability(text)


def print_card_text(ast) -> str:
    """The dialect's print: the canonical text of ``parse_card_text``'s result."""
    if isinstance(ast, tuple):
        return " ".join(print_ability(a) for a in ast)
    return print_ability(ast)
