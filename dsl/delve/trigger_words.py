"""Triggers said with other verbs (issue 32, session delve10).

* A basic action used as the event: "Whenever you use the Recover action, …" and "Each time
  you take the Explore action, …" are "Every time you recuperate / explore, …" (the events
  the engine fires after the hero's basic Recuperate or Explore). The Move action fires no
  event: RF925 at its words.
* A state the event's figure is in, said after the event with "while" and no subject:
  "Whenever you use the Recover action while adjacent to an adversary, gain 1 renown." is
  "Every time you recuperate, if you are adjacent to an adversary, gain 1 renown." (printed
  so); the figure is the event's own ("you", or "this adversary" in "Each time this adversary
  is pushed while wounded, …"). "while you are …" with a subject is the same condition.
* "a hero misses this adversary [with an attack]" is the event "a hero attacks this
  adversary and misses" (the grammar's ``ev_missed``).
* "Every time you explore a chamber that contains no adversaries" is its own event,
  ``explored_empty``: the engine fires it with ``explored`` when the chamber just explored
  holds no adversary once its encounter is placed (engine/delve/game/events.py). Any other
  count is RF925."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from .words import YOU, Mod, Part, Who, span_of, spanned_rules, tok

# the basic actions whose use the engine fires as an event, and the event
EVENTS = {"recuperate": "recuperated", "explore": "explored"}


@spanned_rules
class TriggerWords(Transformer):
    """The transformer's rules (delve.lark, session delve10)."""

    def ev_use_action(self, meta, ch):
        act = "explore" if tok(ch, "EXPLORE") else "move" if tok(ch, "MOVE") else "recuperate"
        if act not in EVENTS:
            raise AbilitySyntaxError("the engine fires no event when a hero moves by its Move "
                                     "action", *span_of(meta), code="RF925",
                                     hint="fire it on what the engine watches: 'Every time you "
                                          "recuperate, …' or 'Every time you explore, …'")
        return {"event": EVENTS[act], "span": span_of(meta)}

    def ev_explore_holds(self, meta, ch):
        amount = next(c for c in ch if isinstance(c, tuple))
        if amount[0] != "none":
            raise AbilitySyntaxError("the engine watches only a chamber explored that holds "
                                     "no adversaries", *span_of(meta), code="RF925",
                                     hint="write 'Every time you explore a chamber that "
                                          "contains no adversaries, …'")
        return {"event": "explored_empty", "span": span_of(meta)}

    def when_while(self, meta, ch):
        when = next(c for c in ch if isinstance(c, Mod))
        word = tok(ch, "WHILE")
        cond = ch[-1]
        if not isinstance(cond, dict):      # a state with no subject: the event's figure's
            who = when.value.get("who", "you")
            if who != "you" and who.quantity != "self":
                raise AbilitySyntaxError("'while' with no subject is said of the event's own "
                                         "figure: you, or this adversary", *span_of(meta),
                                         hint="name the figure: 'Every time an adversary moves "
                                              "adjacent to you, if it is wounded, …'")
            cond = self.is_state(meta, [YOU if who == "you" else Who(who), cond])
        span = (word.start_pos, span_of(meta)[1])
        return [Part(None, when, [], when.span), Part(None, Mod("cond", cond, span), [], span)]
