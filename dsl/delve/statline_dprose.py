"""An adversary's attack line written as its card's stat line, with whom it aims at (issue 32,
part III, branch dprose): "Missile: Hit 3, Damage 1 against the nearest visible hero.",
"Combat attack: Hit 4+, Damage 2 against each adjacent hero."

The line names a range, its numbers and its targets: it is the attack of the adversary's turn
with its own numbers (branch dtarget: an attack line is the activation's attack), the sentence
"Makes a <range> attack against <who>, Hit N, Damage M." A tokenizer pass
(:func:`stat_line_words`) puts the words in that order; the parse, the checks (RF925 on a
hero's card, whom it may aim at) and the engine's run are the ones of that sentence. A line
with no target ("Combat: Hit 4+, Damage 2.") is left as it was: it only repeats a weapon of the
card's own data, and is refused as before (RF918/RF925, list it under 'weapons:').
"""

from __future__ import annotations

import re

from lark import Token

_ENDS = ("DOT", "SEMI")


def _new(kind: str, value: str, at) -> Token:
    return Token.new_borrow_pos(kind, value, at)


def _line(toks: list, i: int):
    """(numbers, "against", who, end) of a stat line opening at ``i``, or None."""
    j = i + 1
    if j < len(toks) and toks[j].type == "ATTACK":
        j += 1
    if j >= len(toks) or toks[j].type not in ("COMMA", "COLON"):
        return None
    j += 1
    start = j
    if toks[j:j + 2] and [t.type for t in toks[j:j + 2]] != ["HIT", "NUMBER"]:
        return None
    j += 2
    if j < len(toks) and toks[j].type == "PLUS":
        j += 1
    if [t.type for t in toks[j:j + 3]] != ["COMMA", "DAMAGE", "NUMBER"]:
        return None
    j += 3
    numbers = toks[start:j]
    if j < len(toks) and toks[j].type == "COMMA":
        j += 1
    if j >= len(toks) or toks[j].type != "AGAINST":
        return None
    end = j + 1
    while end < len(toks) and toks[end].type not in _ENDS:
        end += 1
    who = toks[j + 1:end]
    return (numbers, toks[j], who, end) if who else None


def stat_line_words(toks: list) -> list:
    """The tokenizer pass (see the module's docstring)."""
    out: list = []
    i = 0
    while i < len(toks):
        t = toks[i]
        opens = i == 0 or toks[i - 1].type in _ENDS
        found = _line(toks, i) if opens and t.type == "RANGE" else None
        if found is None:
            out.append(t)
            i += 1
            continue
        numbers, against, who, end = found
        out += [_new("MAKE", "Makes", t), _new("A", "a", t),
                _new("RANGE", str(t).lower(), t), _new("ATTACK", "attack", t),
                against, *who, _new("COMMA", ",", numbers[0]), *numbers]
        i = end
    return out


_STAT = re.compile(r"\s*(combat|missile|area)(\s+attack)?\s*[:,]\s*hit\s+\d\+?\s*,\s*damage\s+\d"
                   r"\s*,?\s*against\b", re.IGNORECASE)


def is_stat_line(sentence: str) -> bool:
    """Whether ``sentence`` is an attack line with its targets (it is an ability of its own:
    the sentence after it opens another, and it opens one after a sentence of another;
    dsl/delve/sequence.py cuts there)."""
    return _STAT.match(sentence) is not None


def has_stat_line(text: str) -> bool:
    """Whether a sentence of ``text`` is an attack line with its targets: such a text is
    read as its abilities one after another, never as one (the line is an ability of its own;
    "Combat: Hit 4+, Damage 2 against … When this adversary is slain, …" is two)."""
    return any(is_stat_line(text[m.end():]) for m in re.finditer(r"(?:^|[.;])\s*", text))
