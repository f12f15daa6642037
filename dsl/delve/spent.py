"""A die spent as an event (issue 32, session delve9): "Each time you spend a 6, gain 1
renown.", "Once per round, when you spend a die showing 6, heal 1 wound.", "Whenever you
spend a hero die showing 5 or higher, …", "Every time you spend a die, …".

The trigger's ``faces`` are the faces that fire it (a 6: ``(6,)``; 5 or higher: ``(5, 6)``;
any die: none named, ``()``; the IR leaves ``faces`` out). The engine fires it after the action the die paid for
(engine/delve/game/spending.py). It fires only in the hero's own turn, when its dice are
spent, so "once per round" on it is "once per turn" (printed so)."""

from __future__ import annotations

from lark import Transformer

from .problems import Problem
from .words import span_of, spanned_rules, tok

FACES = 6
ALL = tuple(range(1, FACES + 1))


@spanned_rules
class SpentWords(Transformer):
    """The transformer's rules for the event (delve.lark, session delve9)."""

    def ev_spent(self, meta, ch):
        faces = next((c for c in ch if isinstance(c, dict) and "faces" in c), None)
        chosen = faces["faces"] if faces else ()
        return {"event": "spent", "faces": () if chosen == ALL else chosen,
                "face_span": faces["span"] if faces else span_of(meta), "span": span_of(meta)}

    def spent_exact(self, meta, ch):
        value = tok(ch, "NUMBER").value
        return {"faces": (value,), "span": span_of(meta)}

    def spent_up(self, meta, ch):
        value = tok(ch, "NUMBER").value
        return {"faces": tuple(range(value, max(value, FACES) + 1)), "span": span_of(meta)}


def print_spent(faces: tuple) -> str:
    """"spend a 6", "spend a 5 or higher", "spend a die" (the trigger's event)."""
    if tuple(faces) == ALL or not faces:
        return "spend a die"
    if len(faces) == 1:
        return f"spend a {faces[0]}"
    return f"spend a {faces[0]} or higher"


def spent_problems(ability) -> list[Problem]:
    """RF917: a face a hero die never shows."""
    faces = getattr(ability, "faces", ())
    if getattr(ability, "event", None) != "spent" or all(1 <= f <= FACES for f in faces):
        return []
    return [Problem("RF917", f"a hero die shows 1 to {FACES}, so it is never spent showing "
                    f"{max(faces)}", ability.event_span or ability.span,
                    f"use a face from 1 to {FACES}: 'Every time you spend a 6, …'")]
