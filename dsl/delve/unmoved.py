"""A push or a pull that left its figure where it was (issue 32, session delve10): "Push an
adversary adjacent to you 1 space. If it cannot be pushed, it suffers 1 wound instead."

``if <who> cannot be pushed`` (``pulled``) after a push (pull) is a rider (``Rider`` with cond
``unpushed`` / ``unpulled``, IR ``if``): it holds when the push before it moved one of the
figures it picked not at all (a wall, another figure, its rule "cannot be pushed"), and its
effects act on those figures ("it"). The ``instead`` at the end of such a sentence is read
and dropped (:func:`drop_instead`): nothing else happened to them. With no push or pull before
it, it is RF914 (``checks.py``). Printed ``If it cannot be pushed, …``."""

from __future__ import annotations

from lark import Transformer

from .words import YOU, Who, span_of, spanned_rules

CONDS = ("unpushed", "unpulled")


@spanned_rules
class UnmovedWords(Transformer):
    """The transformer's rules (delve.lark, session delve10)."""

    def unpushed(self, meta, ch):
        return _cond("unpushed", meta, ch)

    def unpulled(self, meta, ch):
        return _cond("unpulled", meta, ch)


def _cond(kind: str, meta, ch) -> dict:
    who = next((c for c in ch if c is YOU or isinstance(c, Who)), None)
    sel = who.sel if isinstance(who, Who) else None
    return {"cond": kind, "who": sel, "span": span_of(meta)}


def drop_instead(toks: list) -> list:
    """The tokens without the "instead" that ends a sentence opened by "if … cannot be pushed
    (pulled)"."""
    out, opened = [], False
    for i, t in enumerate(toks):
        if t.type in ("DOT", "SEMI"):
            opened = False
        if t.type == "BE" and i + 1 < len(toks) and toks[i + 1].type in ("PUSHED", "PULLED") \
                and i >= 1 and toks[i - 1].type == "CANNOT":
            opened = True
        if t.type == "INSTEAD" and opened and (i + 1 == len(toks)
                                               or toks[i + 1].type in ("DOT", "SEMI")):
            continue
        out.append(t)
    return out


def print_unmoved(e, print_selector) -> str:
    word = "pushed" if e.cond == "unpushed" else "pulled"
    return f"{print_selector(e.who)} cannot be {word}"
