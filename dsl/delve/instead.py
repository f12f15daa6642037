"""A rider that replaces an effect before it (issue 32, branch delveseven): "Heal 1 wound.
If you rolled a 6, heal 2 wounds instead." (also "Heal 2 wounds instead if you rolled a 6.").

``instead`` at the end of a clause (delve.lark ``tail``) marks the rider (``if …``) it stands
in; :func:`fold` then moves the effect it replaces into the rider (``Rider.instead``): the
nearest effect before it of the same kind (a heal for a heal), else the one just before. The
rider runs one or the other, never both (IR ``if`` with ``otherwise``: the replaced effects,
run when the condition does not hold; game/ops._if). Printed as written: the replaced effect,
then "If …, … instead.".

"If you rolled …" in an ability paid with a hero die, with no attack or reroll before it, is
the die that paid (checks.py; the engine passes the spent face as the ability's first roll).

Refused (checks.py calls :func:`instead_problems`): ``instead`` with nothing before it to
replace, or outside a rider (RF980); a rider whose condition reads the roll or the hit of the
very effect it would replace ("Make a combat attack … If it hits, … instead": RF981)."""

from __future__ import annotations

from dataclasses import replace

from lark import Transformer

from . import nodes as n
from .errors import AbilitySyntaxError
from .problems import Problem
from .words import Mod, span_of, spanned_rules

ROLLERS = (n.Attack, n.Strike, n.Reroll)   # effects whose roll or hit a rider reads


class Mark:
    """The word "instead" among a clause's effects, until :func:`fold` reads it."""

    def __init__(self, span):
        self.span = span


@spanned_rules
class InsteadWords(Transformer):
    """The transformer's rule (delve.lark, branch delveseven)."""

    def instead(self, meta, ch):
        return Mod("instead", None, span_of(meta))


def mark(effects: list, mod: Mod) -> list:
    return effects + [Mark(mod.span)]


def strip(effects: tuple) -> tuple[tuple, bool]:
    """A rider's effects without the marks, and whether it had one."""
    kept = tuple(e for e in effects if not isinstance(e, Mark))
    return kept, len(kept) != len(effects)


def fold(effects: list) -> list:
    """Each rider marked ``instead`` holds the effect it replaces (taken out of the list)."""
    out: list = []
    for e in effects:
        if isinstance(e, Mark):
            if out and isinstance(out[-1], n.Rider) and out[-1].instead is None:
                out[-1] = replace(out[-1], instead=())   # "… if you rolled a 6 instead"
                e = out.pop()
            else:
                raise AbilitySyntaxError("'instead' ends a sentence that starts with 'if'",
                                         *e.span, hint="write 'Heal 1 wound. If you rolled "
                                                       "a 6, heal 2 wounds instead.'")
        if isinstance(e, n.Rider) and e.instead == ():
            e = _take(out, e)
        out.append(e)
    for e in out:
        _no_marks(getattr(e, "effects", ()))
    return out


def _take(out: list, rider: n.Rider) -> n.Rider:
    if not out:
        return rider        # nothing to replace: RF980 at check
    kinds = {type(x) for x in rider.effects}
    at = next((i for i in range(len(out) - 1, -1, -1) if type(out[i]) in kinds), len(out) - 1)
    replaced = out.pop(at)
    return replace(rider, instead=(replaced,))


def _no_marks(effects) -> None:
    for e in effects:
        if isinstance(e, Mark):
            raise AbilitySyntaxError("'instead' ends a sentence that starts with 'if'", *e.span,
                                     hint="write 'Heal 1 wound. If you rolled a 6, heal 2 "
                                          "wounds instead.'")
        _no_marks(getattr(e, "effects", ()))


def instead_problems(e: n.Rider) -> list[Problem]:
    if e.instead is None:
        return []
    if not e.instead:
        return [Problem("RF980", "'instead' replaces an effect said before it, and none is",
                        e.span, "say what it replaces first: 'Heal 1 wound. If you rolled a "
                        "6, heal 2 wounds instead.'")]
    if e.cond in ("rolled", "rolled_up", "hits", "slays", "misses") \
            and isinstance(e.instead[0], ROLLERS):
        return [Problem("RF981", "this condition reads the roll of the effect it would "
                        "replace, which then never happens", e.span,
                        "replace what follows the roll: 'Make a combat attack against an "
                        "adversary adjacent to you. If it hits, the target suffers 2 wounds.'")]
    return []
