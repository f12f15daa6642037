"""How many wounds one attack deals a figure (issue 32, part III, branch dtarget).

Two rules of a figure's card, beside session delve9's soak ("Each time you suffer 2 or more
wounds from a single attack, prevent 1 of them."), and the same rule record (IR ``soak``,
read by engine/delve/game/soak.py):

* **a cap**: "This adversary cannot suffer more than 1 wound from a single attack." (also
  "never suffers | takes more than N wounds from one | each | any attack"; "You cannot …" on
  a hero's card): an attack that would deal more deals N (IR ``soak``: ``at_least`` N+1,
  ``cap`` N);
* **small attacks ignored**: "This adversary ignores wounds from attacks that deal only 1
  Damage." (also "… that deal 2 Damage or less"; "Ignores …" with the subject left out on an
  adversary's card, "Ignore …" = you): an attack that would deal N wounds or fewer deals none
  (IR ``soak``: ``at_least`` 1, ``at_most`` N, ``amount`` N).

Both count the wounds of the attack after its bonuses, before a ward takes its first wound,
as the soak does; wounds an ability deals are no attack's and keep their number; an attack
that "cannot be prevented or reduced" (delveseven) passes them. Under "while …" they hold
while the board does (``traits.rules_of``). A cap of 0 or a size of 0 is RF912; another
figure's wounds RF925 (the soak's checks)."""

from __future__ import annotations

from lark import Transformer

from . import nodes as n
from .soak import Soak
from .words import Pred, Who, span_of, spanned_rules, tok


def _count(ch) -> int:
    return next(c[0] for c in ch if isinstance(c, tuple) and c and isinstance(c[0], int))


@spanned_rules
class WoundCapWords(Transformer):
    """The transformer's rules (delve.lark, branch dtarget)."""

    def soak_cap(self, meta, ch):
        verb = tok(ch, "CANNOT") or tok(ch, "SUFFER") or tok(ch, "TAKE")
        return Pred("soak_cap", verb, span_of(meta), {"n": _count(ch)})

    def soak_small(self, meta, ch):
        return Pred("soak_small", tok(ch, "IGNORE"), span_of(meta), {"n": _count(ch)})


def build(clause, kind: str, d: dict, span) -> Soak:
    """The rule of a cap or of small attacks ignored, on the clause's subject."""
    subj = clause.subject
    if isinstance(subj, Who):
        on = subj.sel
    elif subj is None and not clause.said_you and kind == "soak_small" \
            and str(clause.pred.verb).lower() == "ignores":   # "Ignores …": the adversary
        on = n.Selector("self", "adversary", span=span)
    else:
        on = None                                             # you (or the imperative)
    if kind == "soak_cap":
        return Soak(d["n"] + 1, 0, span, on, cap=d["n"])
    return Soak(1, d["n"], span, on, at_most=d["n"])


def print_wounds(e: Soak, print_selector) -> str:
    """``<who> cannot suffer more than N wound(s) from a single attack`` / ``<who> ignore(s)
    wounds from attacks that deal only 1 Damage`` (``N Damage or less``)."""
    who = "you" if e.on is None else print_selector(e.on)
    if e.cap is not None:
        noun = "wound" if e.cap == 1 else "wounds"
        return f"{who} cannot suffer more than {e.cap} {noun} from a single attack"
    verb = "ignore" if e.on is None else "ignores"
    size = "only 1 Damage" if e.at_most == 1 else f"{e.at_most} Damage or less"
    return f"{who} {verb} wounds from attacks that deal {size}"


def ir_fields(e: Soak) -> dict:
    """The IR of the rule (``soak`` with ``cap`` or ``at_most``)."""
    if e.cap is not None:
        return {"op": "soak", "at_least": e.at_least, "cap": e.cap}
    return {"op": "soak", "at_least": e.at_least, "at_most": e.at_most, "amount": e.amount}
