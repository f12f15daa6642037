"""A hero's events that a passive rule may hook (issue 32, part III, branch dhero).

* "Each time you heal a wound on another hero, gain 1 renown." (also "heal another hero",
  "heal a wound on an adjacent hero"): event ``healed`` with ``who``, the heroes it counts;
  ("another hero" or "a hero" with nothing more: none, any hero but you); the engine fires
  it when an effect of the hero heals at least one wound on one of them (once
  per hero healed; game/events_dhero.healed), with "that hero" the hero healed.
* "When you gain a skill, …": event ``skill``, after a skill joins the hero's cards (R24;
  game/growth.grant_skill).

Healing yourself is the hero's Recuperate or its own heal: "each time you heal a wound on
yourself" is refused (RF925) with the hint to watch the Recuperate."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from .words import Who, objs, span_of, spanned_rules

_COUNTED = ("one", "another", "each", "each_other")


@spanned_rules
class HeroEventWords(Transformer):
    """The transformer's rules (delve.lark, branch dhero)."""

    def ev_heal_other(self, meta, ch):
        who = objs(ch, Who)
        sel = who[0].sel if who else None
        if sel is None or sel.side != "hero" or sel.quantity not in _COUNTED:
            at = sel.span if sel is not None else span_of(meta)
            raise AbilitySyntaxError("the rule watches the hero healing other heroes", *at,
                                     code="RF925", hint="write 'Each time you heal a wound on "
                                     "another hero, …' (or 'Every time you recuperate, …')")
        amount = [c for c in ch if isinstance(c, tuple) and isinstance(c[0], int)]
        if amount and amount[0][0] > 1:   # each wound is one heal of the hero it counts
            raise AbilitySyntaxError("the rule fires once for each hero healed, whatever the "
                                     "number of wounds", *amount[0][1], code="RF925",
                                     hint="write 'Each time you heal a wound on another hero, …'")
        # "another hero", "a hero": any hero but you (the engine never counts you): no who
        return {"event": "healed", "who": sel if sel.filters else "you", "span": span_of(meta)}

    def ev_skill(self, meta, ch):
        return {"event": "skill", "span": span_of(meta)}


def print_hero_event(ability, print_selector) -> str | None:
    if ability.event == "healed":
        who = "another hero" if ability.who is None else print_selector(ability.who)
        return f"Every time you heal a wound on {who}"
    if ability.event == "skill":
        return "Every time you gain a skill"
    return None
