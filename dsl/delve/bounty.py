"""An adversary's renown for its slayer said as a rule (issue 32, branch delvelang).

Authors write the renown an adversary is worth as a rule of its card: "Slaying this adversary
gains 2 renown instead of 1", "Killing it earns 3 renown instead of 1", "The hero who slays this
adversary gains 2 renown instead of 1". The seed gives 1 renown for each adversary slain (R21);
the rule says how much its slayer gets in all, so it is the trigger the dialect already runs:
"When this adversary is slain, the hero who slew it gains 1 renown." (the difference; printed
so). The amount it replaces is said ("instead of 1"), so the difference is the text's own
arithmetic, never a guess at the rules data; an amount that is not more than it replaces is
RF912 (renown is never taken from the slayer). The subject is a gerund ("slaying", "killing")
or "the hero who slays this adversary"; the verb "gain", "earn", "get" or "give"."""

from __future__ import annotations

from lark import Token, Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import Clause, Mod, Part, Pred, Who, span_of, spanned_rules


@spanned_rules
class BountyWords(Transformer):
    """The transformer's rule ``bounty`` (delve.lark, branch delvelang)."""

    def bounty(self, meta, ch):
        numbers = [c for c in ch if isinstance(c, Token) and c.type == "NUMBER"]
        verb = next(c for c in ch if isinstance(c, Token)
                    and c.type in ("GAIN", "EARN", "GET", "GIVE"))
        worth, was = numbers[-2], numbers[-1]
        span = span_of(meta)
        if worth.value <= was.value:
            raise AbilitySyntaxError(f"{worth.value} renown instead of {was.value} gives the "
                                     "slayer nothing more", worth.start_pos, was.end_pos,
                                     code="RF912", hint="name more renown than it replaces: "
                                     "'Slaying this adversary gains 2 renown instead of 1.'")
        subject = (span[0], verb.start_pos)
        when = Mod("when", {"event": "slain", "span": subject,
                            "who": n.Selector("self", "adversary", span=subject)}, subject)
        slayer = Who(n.Selector("slayer", "hero", span=subject))
        pred = Pred("renown", verb, (verb.start_pos, span[1]), {"n": worth.value - was.value})
        return [Part(None, when, [], subject),
                Part(Clause(slayer, False, pred, span), None, [], span)]

    def in_phase(self, meta, ch):
        """"In the adversary phase, …" is an adversary's turn in it: "When activated, …"."""
        span = span_of(meta)
        return Mod("when", {"event": "activated", "who": "self", "span": span}, span)
