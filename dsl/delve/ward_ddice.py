"""A ward said in the passive with its time (issue 32, part III, branch ddice): "The next
wound this hero would take before your next turn is ignored." (= "Until your next turn,
prevent the first wound you would suffer.").

``the first | next [N] wound(s) <who> would suffer | take before <a time> is | are prevented
| ignored``: the passive ward of session delveg with a time inside it, and "ignored" beside
"prevented" (also without a time, as before). The time after "before" is a duration: "your
next turn" (until its start), "the end of your | this | the turn", "the end of the | this
round". The clause is the :class:`~.nodes.Until` over the ward, printed the canonical way;
"before <a time>" after a clause is that duration too ("Prevent the next wound you would
suffer before your next turn."). "before" and "ignored" are read by their spelling (the
tokenizer pass dice_ddice.die_words)."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from . import nodes as n
from .words import Clause, Mod, objs, span_of, spanned_rules


@spanned_rules
class WardWords(Transformer):
    """The transformer's rules (delve.lark, branch ddice)."""

    def passive_ward_before(self, meta, ch):
        pred = self.ward(meta, ch)
        when = objs(ch, Mod)[0]
        data = {**pred.data, "duration": when.value}
        return Clause(None, False, replace(pred, kind="ward_until", verb=None, data=data),
                      span_of(meta), False)


def build(d: dict, span) -> n.Until:
    on = d["obj"]
    ward = n.Ward(span, None if on is None or on == n.Selector("self") else on,
                  wounds=d.get("wounds", 1))
    return n.Until(d["duration"], (ward,), span)
