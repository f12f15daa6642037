"""Lexer pass of branch rbsubj (issue 32, part III): when a figure may not attack.

"This Ally cannot attack in the Ranged phase.", "Allies may not attack during the first combat
round.", "During the Magic phase, your Hero cannot attack.", "This Ally never attacks." say who
may not attack (the subject) and when (a phase, the first combat round, or both). After
"cannot attack" with no object (ATTACKS_NOTHING, lexer_rbverb.py) the words of when are one
token, so the grammar needs no look-ahead past "attack":

* BARWHEN, whose value is the key of the engine's table (``ranged``, ``round_1``,
  ``magic_round_1``: engine/runebound/core/attackbar_rbsubj.WHENS), for "in / during the
  <phase> phase", "in / during the first (combat) round (of combat)", "in / during the <phase>
  phase of the first combat round";
* BARTHISROUND for "in the same round", "this (combat) round", "during this round": a lasting
  bar the engine does not keep (refused at the words, RF533).

The same words said first, as the sentence's opener ("During the first combat round, Allies
cannot attack."), are moved after "attack" (printed there). "never attack(s)" is "cannot
attack"; "does / do not attack" likewise.
"""

from __future__ import annotations

from .lexer_rbverb import _has_object
from .lexer_token import make_token as _token

_PHASES = {"RANGED": "ranged", "MELEE": "melee", "MAGIC": "magic"}
_OPENS = frozenset({None, "DOT", "COLON"})


def _at(toks, i):
    return toks[i].type if 0 <= i < len(toks) else None


def _word(toks, i):
    return str(toks[i]).lower() if 0 <= i < len(toks) else ""


def _first_round(toks, i) -> int:
    """How many tokens from ``i`` say "the first (combat) round (of combat)" (0: none)."""
    if _at(toks, i) != "THE" or _at(toks, i + 1) != "FIRST":
        return 0
    j = i + 2
    if _at(toks, j) == "COMBAT":
        j += 1
    if _at(toks, j) != "ROUND":
        return 0
    j += 1
    if _at(toks, j) == "OF" and _at(toks, j + 1) == "COMBAT":
        j += 2
    elif _at(toks, j) == "OF" and _at(toks, j + 1) == "THE" and _at(toks, j + 2) == "COMBAT":
        j += 3
    elif _at(toks, j) == "OF" and _at(toks, j + 1) == "EACH" and _at(toks, j + 2) == "COMBAT":
        j += 3
    return j - i


def when_words(toks, i) -> tuple[str, int] | None:
    """(the when key, how many tokens) of the words of when at ``i``, or None."""
    if _at(toks, i) not in ("IN", "DURING"):
        return None
    j = i + 1
    if _at(toks, j) == "THE" and _at(toks, j + 1) in _PHASES and _at(toks, j + 2) == "PHASE":
        phase = _PHASES[_at(toks, j + 1)]
        j += 3
        if _at(toks, j) == "OF":
            k = _first_round(toks, j + 1)
            if k:
                return f"{phase}_round_1", j + 1 + k - i
        return phase, j - i
    k = _first_round(toks, j)
    if k:
        return "round_1", j + k - i
    return None


def _this_round(toks, i) -> int:
    """How many tokens from ``i`` say "in the same round", "this (combat) round", "during this
    round" (0: none)."""
    j = i + 1 if _at(toks, i) in ("IN", "DURING", "FOR") else i
    if _at(toks, j) == "THE" and _word(toks, j + 1) == "same":
        j += 2
    elif _at(toks, j) == "THIS":
        j += 1
    else:
        return 0
    if _at(toks, j) == "COMBAT":
        j += 1
    return j + 1 - i if _at(toks, j) == "ROUND" else 0


def _never(toks):
    """"never attack(s)", "does / do not attack" (with no object) as CANNOT ATTACKS_NOTHING."""
    out = []
    for i, tok in enumerate(toks):
        said = None
        if tok.type == "ATTACK" and out and not _has_object(toks, i):
            if out[-1].type == "WORD" and str(out[-1]).lower() == "never":
                said = [out.pop()]
            elif out[-1].type == "NOT" and len(out) > 1 and _word(out, len(out) - 2) in \
                    ("does", "do"):
                said = [out.pop(-2), out.pop()]
        if said:
            out.append(_token("CANNOT", " ".join(map(str, said)), said[0].start_pos,
                              said[-1].end_pos))
            tok = _token("ATTACKS_NOTHING", str(tok), tok.start_pos, tok.end_pos)
        out.append(tok)
    return out


def _this_challenge(toks):
    """"(Your) Allies cannot attack this challenge in the Ranged phase / during the first combat
    round": on the challenge's card the Allies can attack nothing else, so the object goes and
    the bar is the one of a phase / round ("attack" as ATTACKS_NOTHING; printed "Allies cannot
    attack in the Ranged phase."). The Magic phase alone stays session self's form (the Allies
    barred from the magic step to the end of the round, the same rule)."""
    out = list(toks)
    for i in range(len(out) - 3, 0, -1):
        if out[i].type == "ATTACK" and out[i - 1].type == "CANNOT" and \
                _at(out, i - 2) == "ALLY" and _at(out, i - 3) != "THIS" and \
                _at(out, i + 1) == "THIS" and _at(out, i + 2) == "CHALLENGE":
            found = when_words(out, i + 3)
            if found is None or found[0] == "magic":
                continue
            t = out[i]
            out[i:i + 3] = [_token("ATTACKS_NOTHING", str(t), t.start_pos, out[i + 2].end_pos)]
    return out


def attack_bars(tokens):
    """``tokens`` with the words of when after "cannot attack" (or opening its sentence) as one
    BARWHEN / BARTHISROUND token."""
    toks = _this_challenge(_never(list(tokens)))
    if not any(t.type == "ATTACKS_NOTHING" for t in toks):
        return toks
    out, i = [], 0
    while i < len(toks):
        tok = toks[i]
        opener = when_words(toks, i) if _at(toks, i - 1) in _OPENS else None
        if opener is not None and _at(toks, i + opener[1]) == "COMMA":
            end = _sentence_end(toks, i)
            bar = next((k for k in range(i, end) if toks[k].type == "ATTACKS_NOTHING"
                        and _at(toks, k + 1) in ("DOT", "SEMICOLON", None)), None)
            if bar is not None:  # the opener moves after "attack"
                key, n = opener
                said = toks[i:i + n]
                when = _token("BARWHEN", key, said[0].start_pos, said[-1].end_pos)
                rest = toks[i + n + 1:end]
                k = bar - (i + n + 1)
                out += rest[:k + 1] + [when] + rest[k + 1:]
                i = end
                continue
        out.append(tok)
        if tok.type == "ATTACKS_NOTHING":
            found = when_words(toks, i + 1)
            if found is not None:
                key, n = found
                said = toks[i + 1:i + 1 + n]
                out.append(_token("BARWHEN", key, said[0].start_pos, said[-1].end_pos))
                i += 1 + n
                continue
            n = _this_round(toks, i + 1)
            if n:
                said = toks[i + 1:i + 1 + n]
                out.append(_token("BARTHISROUND", " ".join(map(str, said)), said[0].start_pos,
                                  said[-1].end_pos))
                i += 1 + n
                continue
        i += 1
    return out


def _sentence_end(toks, i: int) -> int:
    j = i
    while j < len(toks) and toks[j].type != "DOT":
        j += 1
    return j


__all__ = ["attack_bars", "when_words"]
