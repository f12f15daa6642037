"""Triggers said with "the first time" and renown said to be lost (issue 32, branch delve12).

"The first time you slay an adversary each turn, gain 1 renown." is "Every time you slay an
adversary, gain 1 renown. Only once per turn." (a trigger with its limit; printed so). "… each
round" is "Only once per round", with what that limit already means: a die spent fires only in
the hero's own turn, so it is once per turn; any other trigger fires in any turn and the limit
is refused (RF925, parser.py). With no period ("The first time this adversary suffers a wound,
…") the rule fires once a game (limit ``game``, branch dadv2: events._once keeps the mark for
the rest of the game); said beside another limit ("… Only once per round.") it is RF974.

"lose N renown" (``<heroes> lose(s) N renown``) is read and refused at its words (RF975):
renown only moves the marker forward along the track (R23), and each lap gives a skill (R24);
nothing takes it back."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from .words import Mod, Pred, span_of, spanned_rules, tok


@spanned_rules
class FirstTimeWords(Transformer):
    """The transformer's rules (delve.lark, branch delve12)."""

    def first_time(self, meta, ch):
        ev = next(c for c in ch if isinstance(c, dict))
        period = tok(ch, "ROUND") or tok(ch, "TURN")
        return Mod("first_time", (ev, period), span_of(meta))

    def lose_renown(self, meta, ch):
        return Pred("lose_renown", tok(ch, "LOSE"), span_of(meta), {})


def side(mod: Mod, info) -> None:
    """The trigger and its limit, on the sentence's ``info`` (build.Sentence)."""
    ev, period = mod.value
    if info.trigger is not None:
        raise AbilitySyntaxError("an ability has one trigger", *mod.span,
                                 hint="split it into two abilities")
    if period is None and info.limit is not None:
        raise twice(mod.span)
    if period is None:   # once a game (branch dadv2): events._once keeps its mark
        info.trigger, info.limit = (ev, mod.span), "game"
        return
    info.trigger = (ev, mod.span)
    info.limit = "turn"
    if period.type == "ROUND":
        info.round_span = (period.start_pos, period.end_pos)


def lost(span) -> AbilitySyntaxError:
    return AbilitySyntaxError("renown is never lost: each point moves the marker forward along "
                              "the track (R23) and a lap gives a skill (R24)", *span,
                              code="RF975", hint="drop it, or pay with a wound: 'Suffer 1 wound "
                              "to …'")


def twice(span) -> AbilitySyntaxError:
    """RF974: "the first time" with no period (once a game) and another limit (branch dadv2)."""
    return AbilitySyntaxError("'the first time' with no period is once a game, and the rule "
                              "says another limit", *span, code="RF974",
                              hint="drop 'only once per …', or say the period: 'The first "
                              "time this adversary suffers a wound each round, …'")
