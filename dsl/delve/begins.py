"""A figure that begins a span of the clock in a state (issue 32, session delve10):

* "If this adversary begins the adversary phase with no hero in line of sight, …" is "At the
  start of the adversary phase, if there are no visible heroes, …"; "If you begin your turn
  with 2 or more wounds, …" is "At the start of your turn, if you have 2 or more wounds, …";
  "If you start your turn adjacent to an adversary, …" is "At the start of your turn, if
  there is an adversary adjacent to you, …" (each printed so). The figure is the card's own:
  you, or this adversary (it); another figure is refused at its words.
* "… instead of moving" after what an adversary does in that trigger ("it recovers 1 wound
  instead of moving") is its rule for this adversary phase: it does not move ("Until the end of
  the adversary phase, it cannot move.", printed so). Only in a trigger that fires before the
  adversary moves (the start of the adversary phase, or when it is activated) and only of the
  adversary itself; elsewhere RF925 at the words."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import YOU, Mod, Part, Who, span_of, spanned_rules

# the triggers that fire before an adversary moves in the adversary phase
BEFORE_IT_MOVES = ("phase_start", "activated")


@spanned_rules
class BeginsWords(Transformer):
    """The transformer's rules (delve.lark, session delve10)."""

    def begun_phase(self, meta, ch):
        return ("begun", "phase_start")

    def begun_turn(self, meta, ch):
        return ("begun", "turn_start")

    def begun_round(self, meta, ch):
        return ("begun", "round_start")

    def begins_with(self, meta, ch):
        actor = next((c for c in ch if c is YOU or isinstance(c, Who)), YOU)
        if actor is not YOU and actor.sel.quantity not in ("self", "it"):
            raise AbilitySyntaxError("only the card's own figure begins the span here: you, "
                                     "or this adversary", *actor.sel.span,
                                     hint="write 'At the start of the adversary phase, if …'")
        begun = next(c for c in ch if isinstance(c, tuple) and c[:1] == ("begun",))
        rest = [c for c in ch if c is not begun and c is not actor]
        held = [c for c in rest if getattr(c, "type", None) in ("ADVERSARY", "HERO")]
        if any(getattr(c, "type", None) == "WITHW" for c in rest):    # "with 2 or more wounds"
            cond = self.has_wounds(meta, [actor] + rest)
        elif held:                                                     # "with no hero …"
            cond = self.there_are(meta, rest)
        else:                                                          # "adjacent to a hero"
            cond = self.is_state(meta, [actor, rest[-1]])
        span = span_of(meta)
        return [Part(None, Mod("when", {"event": begun[1]}, span), [], span),
                Part(None, Mod("cond", cond, span), [], span)]

    def instead_of_moving(self, meta, ch):
        return Mod("instead_move", None, span_of(meta))


def instead_of_moving(effects: list, mod: Mod, trigger) -> list:
    """``effects`` followed by the adversary's rule not to move in this adversary phase."""
    event = trigger[0]["event"] if trigger is not None else None
    subjects = [next((s for s in (getattr(e, k, None) for k in ("on", "target"))
                      if isinstance(s, n.Selector)), None) for e in effects]
    itself = bool(subjects) and all(
        s is not None and (s.quantity == "it" or s.quantity == "self" and s.side == "adversary")
        for s in subjects)
    if event not in BEFORE_IT_MOVES or not itself:
        raise AbilitySyntaxError("'instead of moving' is an adversary's: what it does at the "
                                 "start of the adversary phase (or when activated), before it "
                                 "moves", *mod.span, code="RF925",
                                 hint="write 'At the start of the adversary phase, it recovers 1 "
                                      "wound instead of moving.' on the adversary's card")
    stay = n.Until("end_of_phase", (n.Root(subjects[0], mod.span),), mod.span)
    return list(effects) + [stay]
