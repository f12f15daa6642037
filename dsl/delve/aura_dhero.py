"""A hero's bonus to other heroes (issue 32, part III, branch dhero): "Other heroes in your
chamber add 1 to their attack rolls.", "Heroes adjacent to you add 1 to their Hit rolls against
adversaries adjacent to you.", "Each other hero within 2 spaces of you deals +1 Damage.",
"Heroes adjacent to you get +1 Move."

A rule of the hero's card: IR ``boost`` with ``on`` the heroes it names (their side, hero, tells
it from an adversary's bonus to its own attacks) and, for a roll or Damage, an optional range
and ``against``. While the rule's hero stands, each hero its selector picks (from where the
rule's hero stands) counts the bonus on its own rolls, Damage or Move; ``against`` is read from
the rule's hero too ("adversaries adjacent to you": adjacent to the rule's hero)
(engine/delve/game/aura_dhero.py). The subject names heroes, never you alone ("you" is the
ordinary bonus) nor one hero picked before (that would need a time: RF925), and the bonus is a
standing rule: under a duration or in an action it is RF925."""

from __future__ import annotations

from lark import Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import Pred, Who, objs, span_of, spanned_rules, tok

_MANY = ("each", "each_other", "another", "one")


@spanned_rules
class AuraWords(Transformer):
    """The transformer's rules (delve.lark, branch dhero)."""

    def aura_roll(self, meta, ch):
        rng = tok(ch, "RANGE")
        against = objs(ch, Who)
        return Pred("aura", tok(ch, "ADD"), span_of(meta),
                    {"stat": "roll", "n": next(c for c in ch if isinstance(c, tuple))[0],
                     "range": str(rng).lower() if rng else None,
                     "against": against[0].sel if against else None})

    def aura_move(self, meta, ch):
        return Pred("aura", tok(ch, "ADD"), span_of(meta),
                    {"stat": "move", "n": next(c for c in ch if isinstance(c, tuple))[0],
                     "range": None, "against": None})


def is_aura(who, kind: str, d: dict) -> bool:
    """Whether a clause of ``who`` with predicate ``kind`` is a bonus to other heroes."""
    if kind == "aura":
        return True
    return who is not None and who.side == "hero" and who.quantity in _MANY and (
        kind == "boost" and d.get("stat") == "move" or kind == "deal" and d["n"] > 0)


def build(who, kind: str, d: dict, span) -> n.Boost:
    if who is None or who.side != "hero" or who.quantity not in _MANY:
        at = who.span if who is not None else span
        raise AbilitySyntaxError("a bonus to other heroes names the heroes it counts for", *at,
                                 code="RF925", hint="write 'Other heroes in your chamber add 1 "
                                 "to their attack rolls.'")
    if kind == "deal":
        return n.Boost("damage", d["n"], None, span, against=d.get("obj"), on=who)
    return n.Boost(d["stat"], d["n"], d.get("range"), span, against=d.get("against"), on=who)


def is_aura_node(e) -> bool:
    return isinstance(e, n.Boost) and e.on is not None and e.on.side == "hero"


def print_aura(e: n.Boost, print_selector, verb, rng: str) -> str:
    who = print_selector(e.on)
    against = f" against {print_selector(e.against)}" if e.against is not None else ""
    if e.stat == "move":
        return f"{who} {verb(e.on, 'add', 'adds')} {e.amount} to their Move"
    if e.stat == "roll":
        return f"{who} {verb(e.on, 'add', 'adds')} {e.amount} to their {rng}attack rolls{against}"
    return f"{who} {verb(e.on, 'deal', 'deals')} +{e.amount} Damage{against}"
