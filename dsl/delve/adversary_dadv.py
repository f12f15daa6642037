"""An adversary's rules in the words authors use (issue 32, part III, branch dadv).

* Attacks that cannot hurt an adversary, said with a verb: "Area attacks cannot wound this
  adversary", "Missile attacks deal no wounds to it" (= "… do not affect this adversary":
  immune; the grammar's ``unaffected``).
* "the first wound dealt to it" is "the first wound it suffers" (a ward; the grammar's ``ward``).
* "the hero that slays this adversary" is "the hero who …" (``bounty``, ``slayer``).
* A miss by an attack of one range: "Whenever a hero misses this adversary with a Combat
  attack", "If a hero makes a Combat attack against this adversary and misses, …": the event
  ``missed`` with its ``range``; the engine fires the rule only for a miss by an attack of that
  range (engine/delve/game/events.missed). With no range it is every miss, as before.
* Selectors: "the most wounded hero" is "the hero with the most wounds" ("the least wounded":
  the fewest); "the hero it can see" is "the visible hero"; "in the same chamber as this
  adversary" is "in this adversary's chamber" (the grammar).
* A prohibition said of no one (:func:`no_one_may`, a pass of the tokenizer): "No hero may
  explore", "no hero in its chamber can recuperate" are "Each hero [in its chamber] cannot
  …"; "heroes in that chamber" is "heroes in the chamber" (the chamber named last before it).
"""

from __future__ import annotations

from lark import Token, Transformer

from . import nodes as n
from .agreement import plural_all
from .words import (
    Clause,
    Mod,
    Part,
    Pred,
    Who,
    _filters,
    _noun,
    _sorted,
    low,
    objs,
    span_of,
    spanned_rules,
    tok,
)

_CLAUSE_START = ("DOT", "COMMA", "SEMI", "COLON", "NAME")
_CLAUSE_END = ("DOT", "COMMA", "SEMI", "COLON")


def _word(t: Token, type_: str, value: str, start: int | None = None,
          end: int | None = None) -> Token:
    start = t.start_pos if start is None else start
    end = t.end_pos if end is None else end
    return Token(type_, value, start_pos=start, line=1, column=start + 1, end_line=1,
                 end_column=end + 1, end_pos=end)


def _is(t: Token, *words: str) -> bool:
    return t.type == "WORD" and str(t).lower() in words


# "but is not slain", "and is not slain", "but survives", "and does not die" after a wound:
# the engine fires a wound's rules only on a figure that survives it (game/events.wounded)
_SURVIVES = (("IS", "NOT", "SLAIN"), ("DOES", "NOT", "DIE"), ("DO", "NOT", "DIE"))


def _survives(toks: list, j: int) -> int:
    """The number of tokens from ``toks[j]`` that say the wounded figure survives, or 0."""
    if not (toks[j].type == "AND" or _is(toks[j], "but")):
        return 0
    if j + 1 < len(toks) and _is(toks[j + 1], "survives", "survive"):
        return 2
    kinds = tuple(t.type if t.type != "DIES" else "DIE" for t in toks[j + 1:j + 4])
    words = tuple(str(t).lower() for t in toks[j + 1:j + 4])
    if kinds[:2] == ("IS", "NOT") and kinds[2:] == ("SLAIN",) or \
            words in (("does", "not", "die"), ("do", "not", "die")):
        return 4
    return 0


def _need_higher(toks: list, i: int) -> tuple[int, list] | None:
    """"need(s) a roll [of] N higher [than their Hit [value]] [to hit | to succeed]" at
    ``toks[i]``: (tokens read, "subtract N from their roll")."""
    if not (toks[i].type == "NEEDS" or _is(toks[i], "need")):
        return None
    j = i + 1
    if j + 1 < len(toks) and toks[j].type in ("A", "ONE") and toks[j + 1].type == "ROLL":
        j += 2
    else:
        return None
    if j < len(toks) and toks[j].type == "OF":
        j += 1
    if not (j + 1 < len(toks) and toks[j].type == "NUMBER" and toks[j + 1].type == "HIGHER"):
        return None
    number, j = toks[j], j + 2
    if j + 2 < len(toks) and toks[j].type == "THAN" and toks[j + 1].type in ("THEIR", "ITS",
                                                                           "THE") \
            and toks[j + 2].type == "HIT":
        j += 3
        if j < len(toks) and _is(toks[j], "value", "number"):
            j += 1
    if j + 1 < len(toks) and toks[j].type == "TO" and (toks[j + 1].type == "HIT"
                                                       or _is(toks[j + 1], "succeed")):
        j += 2
    end = toks[j - 1].end_pos
    start = toks[i].start_pos
    said = [_word(toks[i], "SUBTRACT", "subtract", start, end), number,
            _word(toks[i], "FROM", "from", start, end), _word(toks[i], "THEIR", "their", start, end),
            _word(toks[i], "ROLL", "rolls", start, end)]
    return j - i, said


def adversary_words(toks: list) -> list:
    """The tokenizer's pass of this module: :func:`no_one_may`; a wounded figure's survival
    said after its wound, dropped ("Each time this adversary suffers a wound but is not slain,
    …"); "need a roll 1 higher [than their Hit]" is "subtract 1 from their rolls"; a colon
    before "on 5 or 6" ends its sentence ("Roll a die for each hero: on 5 or 6, …");
    "Hero attacks against …" are "attacks against …"; "wound markers" are wounds (R18)."""
    toks = no_one_may(toks)
    out: list = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if out and out[-1].type in ("WOUND", "WOUNDED") and (gone := _survives(toks, i)):
            i += gone
            continue
        if out and out[-1].type == "WOUND" and _is(t, "marker", "markers", "token", "tokens"):
            i += 1      # "remove 1 wound marker" (R18: the markers are its wounds)
            continue
        if (said := _need_higher(toks, i)) is not None:
            out += said[1]
            i += said[0]
            continue
        if t.type == "COLON" and i + 1 < len(toks) and toks[i + 1].type == "ON" \
                and any(x.type == "DIE" for x in out):
            out.append(_word(t, "DOT", "."))
            i += 1
            continue
        if t.type == "HERO" and str(t).lower() == "hero" and i + 1 < len(toks) \
                and (not out or out[-1].type in _CLAUSE_START) and (
                toks[i + 1].type == "ATTACK" or toks[i + 1].type == "RANGE"
                and i + 2 < len(toks) and toks[i + 2].type == "ATTACK"):
            i += 1      # "Hero attacks against this adversary …" (attacks are heroes')
            continue
        out.append(t)
        i += 1
    return out


def no_one_may(toks: list) -> list:
    """``toks`` with a colon before "Hit" a comma ("attacks that hero: Hit 4+, Damage 1" is
    "…, Hit 4+, Damage 1"; not after a leading name or a cost, "Bite: Hit …" and "(3+): Hit …"
    keep their label), and "no <figures …> may | can <verb>" at the start of a clause said as "each
    <figures …> cannot <verb>", and "in that chamber" as "in the chamber"."""
    for i, t in enumerate(toks):
        if t.type == "COLON" and i + 1 < len(toks) and toks[i + 1].type == "HIT" \
                and i and toks[i - 1].type not in ("NAME", "RPAR", "RSQB"):
            t.type = "COMMA"
        if t.type == "THAT" and 0 < i < len(toks) - 1 and toks[i - 1].type == "IN" \
                and toks[i + 1].type == "CHAMBER":
            t.type = "THE"
        if t.type != "NO" or (i and toks[i - 1].type not in _CLAUSE_START):
            continue
        for j in range(i + 1, len(toks) - 1):
            if toks[j].type in _CLAUSE_END:
                break
            if toks[j].type in ("MAY", "CAN") and toks[j + 1].type != "NOT" and any(
                    x.type in ("HERO", "ADVERSARY") for x in toks[i + 1:j]):
                t.type, toks[j].type = "EACH", "CANNOT"
                break
    return toks


def _missed(meta, ch) -> dict:
    who = objs(ch, Who)
    rng = tok(ch, "RANGE")
    return {"event": "missed", "who": who[0].sel, "obj": who[1].sel,
            "range": low(rng) if rng else None, "span": span_of(meta)}


@spanned_rules
class AdversaryWords(Transformer):
    """The transformer's rules of delve.lark's block ``dadv``."""

    def ev_missed_range(self, meta, ch):
        return _missed(meta, ch)

    def most_wounded(self, meta, ch):
        side, _ = _noun(ch)
        most = tok(ch, "MOST") is not None
        return Who(n.Selector("most" if most else "fewest", side, 1,
                              _sorted(_filters(ch, meta)), span_of(meta), rank="wounds"))

    def roll_for(self, meta, ch):
        """"Roll a die for each hero in its chamber": each of them rolls a die."""
        who = objs(ch, Who)[0]
        roll = tok(ch, "ROLL")
        text = self._text() if hasattr(self, "_text") else ""
        plural = who.plural or plural_all(who.sel.span, text)
        verb = _word(roll, "ROLL", "roll" if plural else "rolls")
        return Clause(who, False, Pred("roll_die", verb, span_of(meta), {}), span_of(meta),
                      False)

    def approacher(self, meta, ch):
        """"Any hero that moves adjacent to this adversary suffers 1 wound": the trigger on a
        hero moving adjacent to it (game/events.approached), its effect on that hero."""
        q = next((c for c in ch if isinstance(c, tuple)), ("each",))
        pred = objs(ch, Pred)[0]
        span = span_of(meta)
        subject = (span[0], pred.span[0])
        hero = n.Selector("one" if q[0] in ("one", "each") else q[0], "hero", span=subject)
        when = Mod("when", {"event": "approached", "who": hero, "span": subject,
                            "ref": n.Selector("self", "adversary", span=subject)}, subject)
        said = tok(ch, "HERO")   # "Heroes that move …": the verb agrees with the plural
        that = Who(n.Selector("that", "hero", span=subject), low(said) == "heroes")
        modal = any(getattr(c, "type", None) in ("MAY", "CAN", "MUST") for c in ch)
        return [Part(None, when, [], subject),
                Part(Clause(that, False, pred, (pred.span[0], span[1]), modal), None, [], span)]

    def if_missed(self, meta, ch):
        return Mod("when", _missed(meta, ch), span_of(meta))
