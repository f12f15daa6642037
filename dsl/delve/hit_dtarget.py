"""What an attack must roll to hit a figure (issue 32, part III, branch dtarget).

A rule of a figure's card on the attacks made against it (IR ``hit_need``: ``need``,
``mode``, optional ``range``; engine/delve/game/hit_dtarget.py):

* ``mode: least`` — the weapon's Hit still counts, but never less than ``need``: "This
  adversary can only be wounded by an attack roll of 6." ("… can only be hit | damaged by a
  roll of 5 or higher", "… by attack rolls of 5+"), "Attacks against this adversary must roll
  5 or higher to hit." (also "hit only on a roll of 5+"; "Hero attacks against …" is the same:
  only heroes attack an adversary), and on a hero's card "You can only be wounded by an
  attack roll of 5 or higher." (an adversary's attacks on you);
* ``mode: set`` — ``need`` replaces the weapon's Hit, lower or higher: "… must roll 5 or higher
  to hit, whatever the weapon's Hit value" ("regardless of the weapon's Hit", "whatever their
  Hit value").

An attack roll is the die with the attack's bonuses, as a weapon's Hit is met (R17). Another
figure's attacks are RF925 (the rule is the card's own figure's); a face a die never shows
RF917; under a cost RF928 (a rule that always holds); under "while …" it holds while the
board does."""

from __future__ import annotations

from dataclasses import field

from lark import Transformer

from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import Attacks, Pred, Who, low, span_of, spanned_rules, tok


@astnode
class HitNeed:
    """Attacks against ``on`` (None: you) hit only on ``need`` or more (``set``: whatever
    the weapon's Hit); ``range``: only attacks of that range."""

    need: int
    mode: str      # least | set
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    on: n.Selector | None = None
    range: str | None = None


@astnode
class NextHit:
    """The hero's next [range] attack hits on a roll of ``need`` or more, whatever its
    weapon's Hit (lasting: under a duration, spent by the attack)."""

    need: int
    range: str | None = None
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    next: bool = True     # a lasting effect with a time to start and end (checks: RF915)


def _face(ch) -> int:
    return next(int(c) for c in ch if getattr(c, "type", None) == "NUMBER")


@spanned_rules
class HitNeedWords(Transformer):
    """The transformer's rules (delve.lark, branch dtarget)."""

    def hit_only_by(self, meta, ch):   # "can only be wounded by an attack roll of 6"
        mode = "set" if tok(ch, "WHATEVERHIT") is not None else "least"
        rng = tok(ch, "RANGE")
        return Pred("hit_need", None, span_of(meta), {"need": _face(ch), "mode": mode,
                                                      "range": low(rng) if rng else None})

    def hit_on_roll(self, meta, ch):   # "… hits on a roll of 2+"
        return Pred("hit_on", tok(ch, "HIT"), span_of(meta), {"need": _face(ch)})

    def hit_roll_need(self, meta, ch):   # "must roll 5 or higher to hit[, whatever …]"
        mode = "set" if tok(ch, "WHATEVERHIT") is not None else "least"
        return Pred("hit_need", tok(ch, "ROLL") or tok(ch, "HIT"), span_of(meta),
                    {"need": _face(ch), "mode": mode})


def build_on(subj, d: dict, span):
    """"<attacks> hit(s) on a roll of N+": the hero's next attack (a :class:`NextHit`, under
    "this turn" for "your next attack this turn"), or attacks against a figure (its rule,
    ``set``); anything else is refused, located."""
    if isinstance(subj, Attacks) and subj.next:
        hit = NextHit(d["need"], subj.range, span)
        return n.Until("end_of_turn", (hit,), span) if subj.next == "turn" else hit
    if isinstance(subj, Attacks) and subj.against is not None and not subj.own:
        return HitNeed(d["need"], "set", span, subj.against, subj.range)
    from ..errors import AbilitySyntaxError
    raise AbilitySyntaxError("only your next attack, or attacks against a figure, hit on a "
                             "roll of their own", *span, code="RF925",
                             hint="write 'Until the end of your turn, your next attack hits on "
                                  "a roll of 2+.'")


def print_next_hit(e: NextHit) -> str:
    rng = f"{e.range} " if e.range else ""
    return f"your next {rng}attack hits on a roll of {e.need}+"


def next_hit_problems(e: NextHit) -> list[Problem]:
    if 1 <= e.need <= 6:
        return []
    return [Problem("RF917", f"a die never shows {e.need}", e.span,
                    "use a face from 1 to 6: 'Until the end of your turn, your next attack hits "
                    "on a roll of 2+.'")]


def next_hit_ir(e: NextHit) -> dict:
    return {"op": "next_hit", "need": e.need, **({"range": e.range} if e.range else {})}


def build(subj, d: dict, span) -> HitNeed:
    """The rule, on the figure the attacks are against (the subject, or ``attacks against
    <who>``)."""
    if isinstance(subj, Attacks):
        if subj.own or subj.its or subj.next:
            raise _not_theirs(span)
        on = subj.against
        rng = subj.range
    else:
        on = subj.sel if isinstance(subj, Who) else None
        rng = d.get("range")
    return HitNeed(d["need"], d["mode"], span, on, rng)


def _not_theirs(span):
    from ..errors import AbilitySyntaxError
    return AbilitySyntaxError("this rule says what attacks against a figure must roll", *span,
                              code="RF925", hint="write 'Attacks against this adversary must "
                                                 "roll 5 or higher to hit.'")


def print_hit_need(e: HitNeed, print_selector) -> str:
    rng = f"{e.range} " if e.range else ""
    who = "you" if e.on is None else print_selector(e.on)
    tail = ", whatever the weapon's Hit value" if e.mode == "set" else ""
    if e.on is None:   # "attacks against you" is no subject of the dialect
        return f"you can only be wounded by a{'n' if not rng else ''} {rng}attack roll of " \
               f"{e.need} or higher{tail}"
    return f"{rng}attacks against {who} must roll {e.need} or higher to hit{tail}"


def hit_problems(e: HitNeed, owner: str) -> list[Problem]:
    out = []
    if not 1 <= e.need <= 6:
        out.append(Problem("RF917", f"a die never shows {e.need}", e.span,
                           "use a face from 1 to 6: 'Attacks against this adversary must roll "
                           "6 or higher to hit.'"))
    on = e.on
    mine = on is None if owner == "hero" else on is not None and (
        on.quantity == "it" or on.quantity == "self" and on.side == "adversary")
    if not mine:
        out.append(Problem("RF925", "the rule is on the attacks against the figure whose card "
                           "holds it", on.span if on is not None else e.span,
                           "write 'Attacks against this adversary must roll 5 or higher to "
                           "hit.' on an adversary's card, 'You can only be wounded by an "
                           "attack roll of 6.' on a hero's"))
    return out


def to_ir(e: HitNeed) -> dict:
    out = {"op": "hit_need", "need": e.need, "mode": e.mode}
    if e.range:
        out["range"] = e.range
    return out


def whatever_hit(toks: list) -> list:
    """The tokenizer pass: ", whatever the weapon's Hit value" (", regardless of the
    weapon's Hit", "whatever their Hit value") is one WHATEVERHIT token; "Hero attacks
    against …" is "Attacks against …" (only heroes attack an adversary)."""
    out: list = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.type == "WORD" and low(t) in ("whatever", "regardless"):
            j = i + 1
            while j < len(toks) and toks[j].type not in ("DOT", "SEMI", "COMMA") \
                    and toks[j].type != "HIT":
                j += 1
            if j < len(toks) and toks[j].type == "HIT":
                end = j + 1
                if end < len(toks) and (toks[end].type == "VALUE"
                                        or low(toks[end]) in ("value", "values")):
                    end += 1
                if out and out[-1].type == "COMMA":
                    out.pop()
                t.type = "WHATEVERHIT"
                out.append(t)
                i = end
                continue
        if t.type == "HERO" and low(t) == "hero" and [x.type for x in toks[i + 1:i + 3]] == \
                ["ATTACK", "AGAINST"] and (i == 0 or toks[i - 1].type in ("DOT", "COMMA")):
            i += 1
            continue
        out.append(t)
        i += 1
    return out

