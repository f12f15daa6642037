"""A die rolled for its faces (issue 32, session delve10): "Roll a die. On a 5 or 6, gain 1
renown.", "At the end of each round, each hero in this adversary's chamber rolls a die. On a 1
or 2, that hero suffers 1 wound."

``roll a die`` (``<who> rolls a die``: each of them rolls its own) is followed by rows, each a
sentence that opens with its faces: ``On a 1 or 2,``, ``On a 4, 5 or 6,``, ``On a 5 or
higher,``, ``On a 2 or lower,``, ``On a 1-3,``. A row's effects happen when the die shows one
of its faces; in them "that hero" (or "it") is the figure that rolled. :func:`fold` hangs the
rows on the roll before them (IR ``{"op": "roll", "who": …, "rows": [{"faces": [1, 2],
"effects": […]}]}``); a row with no roll before it is RF914, a roll with no row RF303, a face
outside 1–6 or in two rows RF917. Printed ``<who> rolls a die. On a 1 or 2, …`` with the faces
listed."""

from __future__ import annotations

from dataclasses import field, replace

from lark import Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from .words import Mod, Pred, span_of, spanned_rules, tok, toks

FACES = 6


@astnode
class RollDie:
    """``roll a die`` / ``<who> rolls a die`` with its rows ((faces, effects), …)."""

    who: n.Selector | None
    rows: tuple = ()
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@astnode
class RollRow:
    """``On a 1 or 2, …`` before :func:`fold` hangs it on its roll."""

    faces: tuple
    effects: tuple
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


@spanned_rules
class RollWords(Transformer):
    """The transformer's rules (delve.lark, session delve10)."""

    def roll_die(self, meta, ch):
        return Pred("roll_die", tok(ch, "ROLL"), span_of(meta), {})

    def on_roll(self, meta, ch):
        faces = next(c for c in ch if isinstance(c, tuple))
        return Mod("on_roll", faces, span_of(meta))

    def faces_listed(self, meta, ch):
        return tuple(t.value for t in toks(ch, "NUMBER"))

    def faces_up(self, meta, ch):
        face = toks(ch, "NUMBER")[0].value
        return tuple(range(face, FACES + 1)) or (face,)

    def faces_down(self, meta, ch):
        face = toks(ch, "NUMBER")[0].value
        return tuple(range(1, face + 1)) or (face,)

    def faces_range(self, meta, ch):
        low, high = (t.value for t in toks(ch, "NUMBER"))
        return tuple(range(low, high + 1)) or (low,)


def face_commas(toks: list) -> list:
    """The tokens with each comma inside a row's faces ("On a 4, 5 or 6,") made FACECOMMA:
    one word of lookahead cannot tell it from the comma that ends the faces."""
    for i, t in enumerate(toks):
        if t.type == "ON" and [x.type for x in toks[i + 1:i + 3]] == ["A", "NUMBER"]:
            j = i + 3
            while [x.type for x in toks[j:j + 2]] == ["COMMA", "NUMBER"]:
                toks[j].type = "FACECOMMA"
                j += 2
    return toks


def row(mod: Mod, effects: tuple, span) -> RollRow:
    return RollRow(mod.value, effects, span)


def fold(effects: list) -> list:
    """Each row hung on the roll before it."""
    out: list = []
    for e in effects:
        if isinstance(e, RollRow):
            if not out or not isinstance(out[-1], RollDie):
                raise AbilitySyntaxError("'On a …' follows a die rolled, and none is",
                                         *e.span, code="RF914",
                                         hint="roll first: 'Roll a die. On a 5 or 6, gain 1 "
                                              "renown.'")
            _faces_ok(e, out[-1].rows)
            out[-1] = replace(out[-1], rows=out[-1].rows + ((e.faces, e.effects),),
                              span=(out[-1].span[0], e.span[1]))
            continue
        if out and isinstance(out[-1], RollDie) and not out[-1].rows:
            _no_rows(out[-1])
        out.append(e)
    if out and isinstance(out[-1], RollDie) and not out[-1].rows:
        _no_rows(out[-1])
    return out


def _no_rows(roll: RollDie):
    raise AbilitySyntaxError("the die is rolled, but nothing says what its faces do",
                             *roll.span, code="RF303",
                             hint="add a sentence for its faces: 'On a 5 or 6, gain 1 renown.'")


def _faces_ok(r: RollRow, rows: tuple) -> None:
    bad = [f for f in r.faces if not 1 <= f <= FACES]
    if bad:
        raise AbilitySyntaxError(f"a die shows 1 to {FACES}, so it never shows {bad[0]}",
                                 *r.span, code="RF917", hint=f"use faces from 1 to {FACES}")
    twice = sorted(set(r.faces) & {f for faces, _ in rows for f in faces})
    if twice:
        raise AbilitySyntaxError(f"the face {twice[0]} is in two rows", *r.span, code="RF917",
                                 hint="give each face one row")


def print_faces(faces) -> str:
    if len(faces) == 1:
        return str(faces[0])
    return ", ".join(str(f) for f in faces[:-1]) + f" or {faces[-1]}"


def print_roll(e: RollDie, print_selector, verb, print_effects) -> str:
    head = "roll a die" if e.who is None else \
        f"{print_selector(e.who)} {verb(e.who, 'roll', 'rolls')} a die"
    return head + "".join(f". On a {print_faces(faces)}, {print_effects(effects)}"
                          for faces, effects in e.rows)
