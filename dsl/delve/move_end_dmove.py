"""A hero that ends its move next to an adversary (issue 32, branch dmove): "Any hero that
ends a Move action next to this adversary takes 1 wound.", "When a hero ends its move
adjacent to this adversary, that hero suffers 1 wound."

An adversary's trigger (IR event ``move_ended``, engine game/move_end_dmove.py): it fires
when a hero ends a move of its own (its Move action, paid or free, or its ability's move)
in a space adjacent to the adversary, wherever that move started; a push or a pull is not
the hero's move. "moves adjacent to" (``approached``) is a different rule: it fires only for a
move that comes from a space not adjacent to it. The tokenizer reads "ends" before "a | its
| their move" as END (:func:`end_words`). Only an adversary's own rule, on heroes (one or
each), runs: anything else is RF925, as for ``approached``."""

from __future__ import annotations

from lark import Token, Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import (
    Clause,
    Mod,
    Part,
    Pred,
    Who,
    is_ref,
    low,
    objs,
    span_of,
    spanned_rules,
    tok,
)

_OWN = ("A", "ITS", "THEIR", "YOUR")


def end_words(toks: list) -> list:
    """The tokens with "ends" before "a | its | their move" made END."""
    for i, t in enumerate(toks[:-2]):
        if t.type == "WORD" and low(t) == "ends" and toks[i + 1].type in _OWN \
                and toks[i + 2].type == "MOVE":
            toks[i] = Token("END", str(t), start_pos=t.start_pos, line=1,
                            column=t.start_pos + 1, end_line=1, end_column=t.end_pos + 1,
                            end_pos=t.end_pos)
    return toks


@spanned_rules
class MoveEndWords(Transformer):
    """The transformer's rules (delve.lark, branch dmove)."""

    def ev_move_ended(self, meta, ch):
        refs = [c.sel if isinstance(c, Who) else c for c in ch if is_ref(c)]
        who = refs[0] if refs else None
        ref = refs[1] if len(refs) > 1 else None
        return {"event": "move_ended", "who": who, "ref": ref, "span": span_of(meta)}

    def move_ender(self, meta, ch):
        """"Any hero that ends a Move action next to this adversary takes 1 wound": the
        trigger, and its effect on that hero."""
        q = next((c for c in ch if isinstance(c, tuple)), ("each",))
        pred = objs(ch, Pred)[0]
        span = span_of(meta)
        subject = (span[0], pred.span[0])
        hero = n.Selector("one" if q[0] in ("one", "each") else q[0], "hero", span=subject)
        when = Mod("when", {"event": "move_ended", "who": hero, "span": subject,
                            "ref": n.Selector("self", "adversary", span=subject)}, subject)
        said = tok(ch, "HERO")
        that = Who(n.Selector("that", "hero", span=subject), low(said) == "heroes")
        modal = any(getattr(c, "type", None) in ("MAY", "CAN", "MUST") for c in ch)
        return [Part(None, when, [], subject),
                Part(Clause(that, False, pred, (pred.span[0], span[1]), modal), None, [], span)]


def check(who, event) -> None:
    """Only an adversary's own rule on heroes (one or each) ending a move next to it."""
    ref = event.get("ref")
    if not (isinstance(ref, n.Selector) and ref.quantity == "self"
            and ref.side == "adversary"):
        at = ref.span if isinstance(ref, n.Selector) else event["span"]
        raise AbilitySyntaxError("only an adversary's rule on a hero that ends its move next "
                                 "to it runs", *at, code="RF925",
                                 hint="write 'When a hero ends its move adjacent to this "
                                      "adversary, …' on the adversary's card")
    if not isinstance(who, n.Selector) or who.side != "hero" or who.quantity not in (
            "one", "each"):
        at = who.span if isinstance(who, n.Selector) else event["span"]
        raise AbilitySyntaxError("the rule watches heroes moving", *at, code="RF925",
                                 hint="write 'When a hero ends its move adjacent to this "
                                      "adversary, …'")


def print_event(who, print_selector, verb) -> str:
    return (f"Every time {print_selector(who)} {verb(who, 'end', 'ends')} a move adjacent to "
            "this adversary")
