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

from lark import Transformer

from . import nodes as n
from .words import Mod, Who, _filters, _noun, _sorted, low, objs, span_of, spanned_rules, tok

_CLAUSE_START = ("DOT", "COMMA", "SEMI", "COLON", "NAME")
_CLAUSE_END = ("DOT", "COMMA", "SEMI", "COLON")


def no_one_may(toks: list) -> list:
    """``toks`` with a colon before "Hit" a comma ("attacks that hero: Hit 4+, Damage 1" is
    "…, Hit 4+, Damage 1"; not after a leading name, "Bite: Hit …" stays its label), and "no <figures …> may | can <verb>" at the start of a clause said as "each
    <figures …> cannot <verb>", and "in that chamber" as "in the chamber"."""
    for i, t in enumerate(toks):
        if t.type == "COLON" and i + 1 < len(toks) and toks[i + 1].type == "HIT" \
                and i and toks[i - 1].type != "NAME":
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

    def if_missed(self, meta, ch):
        return Mod("when", _missed(meta, ch), span_of(meta))


def missed_text(ability) -> str:
    """The canonical words of the event ``missed`` (dsl/delve/printer.py)."""
    from .printer import print_selector
    rng = ability.range
    with_range = f" with {'an' if rng == 'area' else 'a'} {rng} attack" if rng else ""
    return f"When a hero attacks {print_selector(ability.who)}{with_range} and misses"
