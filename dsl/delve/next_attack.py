"""A bonus to the hero's next attack only (issue 32, branch delveheroes): "Your next missile
attack this turn deals +1 Damage.", "Until the end of your turn, your next combat attack gets
+1 to its roll.", "the next attack you make adds 1 to its roll".

The subject ``your next [range] attack [this turn]`` (``the next [range] attack you make``;
"this turn" in it is the duration "until the end of your turn"; an
:class:`~.words.Attacks` with ``next``) takes the verbs "your attacks" take for a bonus,
in the singular ("deals +1 Damage", "gets +1 to its roll", "adds 1 to its roll"): a
:class:`~.nodes.Boost` with ``next``, lasting, so under a duration ("this turn", "until the
end of your turn"; else RF915, checks.py, also as a rule of the card). The engine counts it on the first attack the hero
makes while it lasts and then takes it off (engine/delve/game/next_attack.py). Printed
``your next [range] attack deals +N Damage`` / ``adds N to its roll``. Anything else said of
the next attack (a target, a penalty, a rule of the card) is refused here, located."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import Attacks, low, span_of, spanned_rules, tok


@spanned_rules
class NextAttackWords(Transformer):
    """The transformer's rules (delve.lark, branch delveheroes)."""

    def next_attacks(self, meta, ch):
        rng = tok(ch, "RANGE")
        said = "turn" if tok(ch, "TURN") is not None else True   # "… this turn"
        return Attacks(True, low(rng) if rng else None, None, span_of(meta), next=said)


def build(subj: Attacks, p, span) -> n.Boost:
    """The bonus "your next attack" gets, or a located refusal."""
    kind, d = p.kind, p.data
    if kind not in ("deal", "their") or d.get("obj") is not None or d["n"] < 1:
        raise AbilitySyntaxError("your next attack only gains a bonus", *span,
                                 hint="write 'your next attack this turn deals +1 Damage' or "
                                      "'… gets +1 to its roll'")
    boost = n.Boost("damage" if kind == "deal" else "roll", d["n"], subj.range, span,
                    next=True)
    if subj.next == "turn":   # "your next attack this turn …": until the end of your turn
        return n.Until("end_of_turn", (boost,), span)
    return boost


def print_next(e: n.Boost, rng: str) -> str:
    """``your next [range] attack deals +N Damage`` / ``adds N to its roll``."""
    head = f"your next {rng}attack"
    if e.stat == "roll":
        return f"{head} adds {e.amount} to its roll"
    return f"{head} deals +{e.amount} Damage"

