"""An adversary's rule that places more adversaries of its own kind, and a rule that fires
once a game (issue 32, part III, branch dadv2).

* "When this adversary is slain, place two adversaries with Vigour 1 in empty spaces next to
  where it fell.", "The first time this adversary suffers a wound, place another adversary of
  the same type in an empty space adjacent to it.", "… place a copy of it with Vigour 1 in an
  adjacent empty space", "When slain, place a new adversary of the same kind in the centre of
  the chamber, with Vigour 1." — :class:`Spawn`: ``count`` adversaries of the kind of the
  adversary whose rule it is (an adversary's rule names no other kind: "an adversary", "a copy
  of it", "another adversary of the same type" are all its kind), each with ``vigour`` Vigour
  (None: its record's), on empty cells ``where``: ``adjacent`` (next to it, or to the cell
  where it fell) or ``centre`` (of its chamber, nearest the centre, as an encounter places
  them, R10b). Fewer when fewer cells are empty. The engine: engine/delve/game/spawn_dadv2.py.
  Only an adversary's rule places adversaries (owners.py); on a hero's card it is refused.
* "The first time …" with no period, and "Only once per game.": the rule's ``limit`` is
  ``game`` (events._once keeps the mark for the rest of the game). Only a rule with a trigger
  counts it; on an action or a rule that always holds it is RF938.
"""

from __future__ import annotations

from dataclasses import field, replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from .words import Mod, Pred, span_of, spanned_rules, tok, toks

NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "another": 1}


@astnode
class Spawn:
    """``count`` adversaries of the rule's adversary's kind placed ``where`` (adjacent,
    centre), each with ``vigour`` Vigour (None: its record's)."""

    count: int
    where: str
    vigour: int | None = None
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class SpawnWords(Transformer):
    """The transformer's rules (delve.lark, branch dadv2)."""

    def spawn(self, meta, ch):
        count = tok(ch, "NUMBER")
        n = count.value if count is not None else 1
        vigour = tok(ch, "VIGOUR")
        value = None
        if vigour is not None:   # "a copy of it with Vigour 1 in …": the number after it
            value = next(t.value for t in toks(ch, "NUMBER") if t.start_pos > vigour.start_pos)
            if count is not None and count.start_pos > vigour.start_pos:
                n = 1
        where = "centre" if tok(ch, "CENTRE") is not None else "adjacent"
        return Pred("spawn", tok(ch, "PLACE"), span_of(meta),
                    {"count": n, "where": where, "vigour": value})

    def spawn_vigour(self, meta, ch):
        return Mod("vigour", tok(ch, "NUMBER").value, span_of(meta))

    def limit_game(self, meta, ch):
        return Mod("limit", "game", span_of(meta))


def build(d: dict, span) -> Spawn:
    if d["count"] < 1:
        raise AbilitySyntaxError("a rule that places adversaries places at least one", *span,
                                 code="RF938", hint="write 'place an adversary of the same "
                                 "kind in an empty space adjacent to it'")
    return check_vigour(Spawn(d["count"], d["where"], d["vigour"], span))


def attach(done: list, mod: Mod, prior: list) -> None:
    """", with Vigour 1" after "place …": the Vigour of the adversaries placed."""
    for seq in (done, prior):
        for i in range(len(seq) - 1, -1, -1):
            if isinstance(seq[i], Spawn) and seq[i].vigour is None:
                seq[i] = check_vigour(replace(
                    seq[i], vigour=mod.value,
                    span=(seq[i].span[0], max(seq[i].span[1], mod.span[1]))))
                return
    raise AbilitySyntaxError("'with Vigour N' follows 'place an adversary …'", *mod.span,
                             code="RF938", hint="write 'place an adversary of the same kind "
                             "in an empty space adjacent to it, with Vigour 1'")


def check_vigour(e: Spawn) -> Spawn:
    if e.vigour is not None and e.vigour < 1:
        raise AbilitySyntaxError("an adversary placed with no Vigour would be slain at once",
                                 *e.span, code="RF938", hint="give it Vigour 1 or more")
    return e


WHERE = {"adjacent": "in an empty space adjacent to it",
         "centre": "in the centre of its chamber"}


def print_spawn(e: Spawn) -> str:
    what = ("another adversary of the same kind" if e.count == 1
            else f"{e.count} adversaries of the same kind")
    where = WHERE[e.where] if e.count == 1 or e.where == "centre" \
        else "in empty spaces adjacent to it"
    vigour = f" with Vigour {e.vigour}" if e.vigour is not None else ""
    return f"place {what}{vigour} {where}"


def game_limit(limit, span) -> None:
    """RF938: once a game is counted only on a rule with a trigger (not on an action or a
    rule that always holds)."""
    if limit == "game":
        raise AbilitySyntaxError("'once per game' is counted only on a rule with a trigger",
                                 *span, code="RF938", hint="make it a trigger: 'The first "
                                 "time this adversary suffers a wound, …'")
