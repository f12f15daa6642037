"""Upper bounds in a figure's filters (issue 32, session delve11): "each adversary with at
most 1 Vigour", "a hero with 2 or fewer wounds" ("or less"), "adversaries with fewer than 3
Vigour" (at most 2), "a hero with no wounds" (unwounded), "with 2 Vigour or less", and as a
relative clause ("an adversary that has at most 1 wound"), beside the lower bounds of session
lang4 ("with 2 or more wounds", "at least").

Each is a filter of its own (``wounds_up_to``, ``vigour_up_to`` with ``n``; ``unwounded``),
printed "with at most N wounds", "with at most N Vigour", "with no wounds": "at most 0
wounds" and "fewer than 1 wound" are "with no wounds"; no figure has at most 0 Vigour
(RF912). The tokenizer reads such a "with" as WITHW (lexer.py), as it does for "with 2 or
more wounds", so the grammar tells it from "with Hit 3+, Damage 2"."""

from __future__ import annotations

from lark import Transformer

from . import nodes as n
from .problems import Problem
from .words import span_of, spanned_rules

KINDS = ("wounds_up_to", "vigour_up_to", "unwounded")
_COUNT = ("NUMBER", "ONE", "A")
_WHAT = ("WOUND", "VIGOUR")


def counts(toks, j: int) -> bool:
    """Whether the words from ``j`` bound a count from above ("at most 1 Vigour", "2 or
    fewer wounds", "fewer than 3 wounds", "no wounds")."""
    kinds = [t.type for t in toks[j:j + 4]]
    return (kinds[:2] == ["AT", "MOST"] and kinds[2:3] and kinds[2] in _COUNT
            and kinds[3:4] and kinds[3] in _WHAT) or (
        kinds[:1] and kinds[0] in _COUNT and kinds[1:3] == ["OR", "LESS"]
        and kinds[3:4] and kinds[3] in _WHAT) or (
        kinds[:2] == ["LESS", "THAN"] and kinds[2:3] and kinds[2] in _COUNT
        and kinds[3:4] and kinds[3] in _WHAT) or kinds[:2] == ["NO", "WOUND"] or (
        kinds[:1] and kinds[0] in _COUNT and kinds[1:2] and kinds[1] in _WHAT
        and kinds[2:4] == ["OR", "LESS"])


def _bound(ch, below: bool, what: str, meta) -> n.Filter:
    value = next(c for c in ch if isinstance(c, tuple))[0] - (1 if below else 0)
    if what == "wounds" and value <= 0:
        return n.Filter("unwounded", span=span_of(meta))
    return n.Filter(f"{what}_up_to", max(value, 0), span_of(meta))


@spanned_rules
class ComparisonWords(Transformer):
    """The transformer's rules (delve.lark, session delve11)."""

    def wounds_up_to(self, meta, ch):
        return _bound(ch, False, "wounds", meta)

    def wounds_below(self, meta, ch):
        return _bound(ch, True, "wounds", meta)

    def vigour_up_to(self, meta, ch):
        return _bound(ch, False, "vigour", meta)

    def vigour_below(self, meta, ch):
        return _bound(ch, True, "vigour", meta)

    def unwounded(self, meta, ch):
        return n.Filter("unwounded", span=span_of(meta))


def print_filter(f: n.Filter) -> str:
    if f.kind == "unwounded":
        return "with no wounds"
    if f.kind == "wounds_up_to":
        return f"with at most {f.n} {'wound' if f.n == 1 else 'wounds'}"
    return f"with at most {f.n} Vigour"


def filter_problems(sel) -> list[Problem]:
    return [Problem("RF912", "no figure has at most 0 Vigour: it picks none", f.span,
                    "use 'with at most 1 Vigour' or more")
            for f in sel.filters if f.kind == "vigour_up_to" and f.n < 1]
