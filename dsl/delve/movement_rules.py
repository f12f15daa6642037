"""Movement and rolling rules an author writes that the engine already follows, or cannot
follow (issue 32, session delve9). Each is read, then kept or refused at its words:

* "You may move away from adjacent adversaries freely." is the hero's rule "You are never
  pinned." (a Move that starts next to an adversary costs no more, A5; printed so);
* "Roll separately for each target." and "You may move through obstacles." / "This adversary
  ignores obstacles." say what the engine already does (each target of an attack gets its own
  roll, A1; obstructions block sight only, never a move): RF931, drop the sentence;
* "You may move through other figures." asks for what the engine cannot do (figures block
  every move, A4): RF925;
* "Another hero may reroll one of their unspent hero dice.": another hero's dice are rolled in
  its own turn and set aside at its end, so during yours it holds none: RF925."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from .words import Pred, Who, span_of, spanned_rules


@spanned_rules
class MovementWords(Transformer):
    """The transformer's rules (delve.lark, session delve9)."""

    def move_freely(self, meta, ch):
        who = next(c for c in ch if isinstance(c, Who)).sel
        if who.side != "adversary" or not any(f.kind == "adjacent" and not f.ref
                                              for f in who.filters):
            raise AbilitySyntaxError("only a move away from the adversaries next to you is "
                                     "made dearer (pinned, A5)", *who.span, code="RF925",
                                     hint="write 'You may move away from adjacent adversaries "
                                          "freely.'")
        verb = next(c for c in ch if getattr(c, "type", None) == "MOVE")
        return Pred("never_pinned", verb, span_of(meta))

    def roll_separately(self, meta, ch):
        raise AbilitySyntaxError("each target of an attack already gets its own roll (A1)",
                                 *span_of(meta), code="RF931",
                                 hint="drop the sentence: 'Make a missile attack against up "
                                      "to 2 visible adversaries.' rolls once for each")

    def through_obstacles(self, meta, ch):
        raise AbilitySyntaxError("obstructions block only sight in Delve: every move already "
                                 "passes them", *span_of(meta), code="RF931",
                                 hint="drop the sentence; walls still block every move")

    def through_figures(self, meta, ch):
        raise AbilitySyntaxError("figures block every move (A4); the engine has no move "
                                 "through them", *span_of(meta), code="RF925",
                                 hint="move around them: 'Move up to 3 spaces.' finds a path "
                                      "past other figures")

    def their_dice(self, meta, ch):
        raise AbilitySyntaxError("another hero's dice are rolled in its own turn and set "
                                 "aside at its end, so during yours it holds none",
                                 *span_of(meta), code="RF925",
                                 hint="reroll your own: 'Roll one of your unspent dice "
                                      "again.'")


