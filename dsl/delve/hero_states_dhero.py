"""A hero's state as a condition, and a few wordings of hero rules (issue 32, part III,
branch dhero).

* "While you are pinned, your combat attacks deal +1 Damage.", "If you are not pinned, …",
  "As long as you have no wounds, add 1 to your Move." (also "you are not wounded", "you do
  not have a wound"): the IR ``if`` with cond ``pinned``, ``not_pinned`` or ``unwounded``,
  on one figure (``who``; none: the ability's hero). The engine reads the state when it
  counts the rule or runs the rider (engine/delve/game/states_dhero.py); a standing bonus
  may hold under it (held_passive.HELD). Pinning is a hero's (A5): "this adversary is
  pinned" as a condition is refused (RF925), and so is a figure that is not one.
* "If you have not moved this round, …" (also "this turn": a hero has one turn a round),
  "if you have moved this round": ``not_moved`` / ``moved``, the hero left its cell since the
  round began (its Move, an ability's move, a push or a pull).
* "the first time each round you explore" (the period before its event) is "the first time
  you explore each round" (first_time.py).
* "your missile attacks hit on a roll 1 lower (than their Hit value)" is "… add 1 to their
  rolls"; "add 1 to your Hit rolls" is "add 1 to your attack rolls".
* "an adversary with a Vigour of 4 or more" is "with 4 or more Vigour".

The tokenizer pass :func:`state_words` marks the "with" before "a Vigour of" (WITHW, as
lexer.py does for "with 4 or more Vigour") and "value" after "Hit" (VALUE)."""

from __future__ import annotations

from lark import Token, Transformer

from ..errors import AbilitySyntaxError
from . import nodes as n
from .words import Who, is_ref, span_of, spanned_rules

STATES = ("pinned", "not_pinned", "unwounded", "moved", "not_moved")   # the IR conds (engine: states_dhero.CONDS)


def state_words(toks: list) -> list:
    for i, t in enumerate(toks):
        nxt = [x.type for x in toks[i + 1:i + 3]]
        if t.type == "WITH" and (nxt[:1] == ["VIGOUR"] or nxt == ["A", "VIGOUR"]):
            t.type = "WITHW"
        elif t.type == "WORD" and str(t).lower() == "value" and i and \
                toks[i - 1].type == "HIT":
            toks[i] = Token.new_borrow_pos("VALUE", str(t), t)
    return toks


def _figure(ch, span):
    """The one figure whose state the condition reads (None: the ability's hero)."""
    who = [c for c in ch if is_ref(c)]
    if not who or not isinstance(who[0], Who):
        return None
    sel = who[0].sel
    if sel.quantity == "self" and sel.side is None:
        return None   # "this hero", "yourself"
    if sel.quantity not in ("that", "them") or sel.side != "hero":
        raise AbilitySyntaxError("a state condition reads one hero: you, or the hero named "
                                 "just before", *sel.span, code="RF925",
                                 hint="write 'While you are pinned, …' or 'If that hero is "
                                      "pinned, …'")
    return sel


@spanned_rules
class HeroStateWords(Transformer):
    """The transformer's rules (delve.lark, branch dhero)."""

    def _state(self, cond, meta, ch):
        span = span_of(meta)
        return {"cond": cond, "who": _figure(ch, span), "span": span}

    def pinned_cond(self, meta, ch):
        return self._state("pinned", meta, ch)

    def not_pinned_cond(self, meta, ch):
        return self._state("not_pinned", meta, ch)

    def unwounded_cond(self, meta, ch):
        return self._state("unwounded", meta, ch)

    def moved_cond(self, meta, ch):
        return self._state("moved", meta, ch)

    def not_moved_cond(self, meta, ch):
        return self._state("not_moved", meta, ch)


def is_state(effect) -> bool:
    return isinstance(effect, n.Rider) and effect.cond in STATES


# what the canonical printer says for each state (printer.print_cond), of you / of a hero
STATE_TEXT = {"pinned": ("you are pinned", "{who} is pinned"),
              "not_pinned": ("you are not pinned", "{who} is not pinned"),
              "unwounded": ("you have no wounds", "{who} has no wounds"),
              "moved": ("you have moved this round", "{who} has moved this round"),
              "not_moved": ("you have not moved this round", "{who} has not moved this round")}


def print_state(e, print_selector) -> str:
    me, other = STATE_TEXT[e.cond]
    return me if e.who is None else other.format(who=print_selector(e.who))


def slain_one(obj):
    """The adversaries a slay rule counts ("Every time you slay an adversary with 4 or more
    Vigour", "… an adjacent adversary"): the trigger's ``who`` when the words narrow it (the
    engine runs the rule only for a slain adversary the selector picks, where it fell:
    game/events.fire), else None (every adversary)."""
    return obj if obj.filters else None
