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
"""

from __future__ import annotations

from lark import Transformer

from .words import Mod, Who, low, objs, span_of, spanned_rules, tok


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

    def if_missed(self, meta, ch):
        return Mod("when", _missed(meta, ch), span_of(meta))


def missed_text(ability) -> str:
    """The canonical words of the event ``missed`` (dsl/delve/printer.py)."""
    from .printer import print_selector
    rng = ability.range
    with_range = f" with {'an' if rng == 'area' else 'a'} {rng} attack" if rng else ""
    return f"When a hero attacks {print_selector(ability.who)}{with_range} and misses"
