"""An adversary's prohibitions said with the adversary's presence (issue 32, part III,
branch dadv2), read as the existing rules on the heroes near it (``Forbid``, ``Toll``):

* "Heroes cannot Explore while this adversary is in their chamber." (also "… is adjacent to
  them", "… next to them") is "Heroes in this adversary's chamber cannot explore." ("Heroes
  adjacent to this adversary …"): the place narrows the heroes the rule names;
* "Until this adversary is slain, no hero may Explore." and "While this adversary is in a
  chamber, heroes in that chamber cannot Recuperate." say only what every rule of an
  adversary already means: it holds while the adversary is on the board (and "that chamber" is
  its chamber). They are read before a rule on heroes that only an adversary's card holds
  (a prohibition or a toll, refused on a hero's card, RF925); before anything else they would
  last for nothing the engine keeps: RF939.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .tolls import Toll
from .words import Mod, _sorted, span_of, spanned_rules, tok


@spanned_rules
class ProhibitWords(Transformer):
    """The transformer's rules (delve.lark, branch dadv2)."""

    def while_here(self, meta, ch):
        return Mod("while_here", None, span_of(meta))

    def near_them(self, meta, ch):
        kind = "chamber" if tok(ch, "CHAMBER") is not None else "adjacent"
        return Mod("near_them", kind, span_of(meta))


_HERE = (("IN", "A", "CHAMBER"), ("IN", "THEIR", "CHAMBER"), ("ADJACENT", "TO", "THEM"),
         ("NEXT", "TO", "THEM"))


def its_presence(toks: list) -> list:
    """``toks`` with the "while" of "while this adversary is in a chamber | in their chamber |
    adjacent (next) to them" a WHILEHERE, and after "While this adversary is in a chamber, …"
    "in the (that) chamber" said as "in this adversary's chamber" (its chamber)."""
    kinds = [t.type for t in toks]
    here = False
    out: list = []
    for i, t in enumerate(toks):
        if t.type == "WHILE" and kinds[i + 1:i + 4] == ["THIS", "ADVERSARY", "IS"] \
                and tuple(kinds[i + 4:i + 7]) in _HERE:
            t.type = "WHILEHERE"
            here = here or tuple(kinds[i + 4:i + 7]) == _HERE[0]
        if here and t.type == "CHAMBER" and kinds[i - 1] in ("THE", "THAT") \
                and kinds[i - 2] == "IN":
            the = out.pop()
            out += [_as(the, "THIS", "this"), _as(the, "ADVERSARY", "adversary"),
                    _as(the, "POSS", "'s")]
        out.append(t)
    return out


def _as(t, type_: str, value: str):
    return t.__class__(type_, value, start_pos=t.start_pos, line=1, column=t.start_pos + 1,
                       end_line=1, end_pos=t.end_pos)


def narrow(effects: list, mod: Mod) -> list:
    """"… cannot explore while this adversary is in their chamber": the rule's heroes in its
    chamber (adjacent to it)."""
    out = []
    for e in effects:
        if not isinstance(e, (n.Forbid, Toll)) or e.target.quantity == "self":
            raise AbilitySyntaxError("'while this adversary is near them' narrows a rule on "
                                     "heroes", *mod.span, code="RF939",
                                     hint="write 'Heroes in this adversary's chamber cannot "
                                     "explore.'")
        extra = n.Filter(mod.value, 0, mod.span, "adversary")
        kinds = {f.kind for f in e.target.filters}
        filters = e.target.filters if mod.value in kinds else _sorted((*e.target.filters,
                                                                        extra))
        out.append(replace(e, target=replace(e.target, filters=filters)))
    return out


def check_presence(spans: list, effects, rule: bool) -> None:
    """RF939: "until this adversary is slain" before anything but an adversary's rule on
    heroes (``rule``: the ability is a rule that always holds, no cost and no trigger)."""
    if spans and not (rule and effects
                      and all(isinstance(e, (n.Forbid, Toll)) for e in effects)):
        raise AbilitySyntaxError("'until this adversary is slain' says what every rule of an "
                                 "adversary means, and only before its rule on heroes", *spans[0],
                                 code="RF939", hint="write it on the adversary's card: "
                                 "'Until this adversary is slain, no hero may explore.'")
