"""A hero's own dice changed by an ability (issue 32, part III, branch ddice): set to a face,
raised or lowered, or a spent die returned to the hero card.

* "Change one of your hero dice to show a 6." (also "… to a 6", "… unspent …"): one of the
  hero's unspent dice now shows that face;
* "Raise one of your other unspent hero dice by 1, to a maximum of 6." (also "increase",
  "add 1 to one of your unspent dice"), "Lower one of your unspent dice by 2" (also
  "reduce", "subtract 2 from one of your dice"): its face moves by the amount, never past
  the die's faces (1 to 6) nor past the maximum said;
* "Return one spent hero die to this hero's card, turned to show a 3." (also "return one of
  your spent dice to your hero card", "…, showing a 3"): a die spent this turn (not the one
  paying for this ability) is back on the card, unspent, showing that face (none said: the
  face it had).

:class:`SetDie` is the effect; IR ``{"op": "die", "dice": "unspent"|"spent", "face"?,
"by"?, "most"?}``; the engine (engine/delve/game/dice_ddice.py) lets the hero's player pick
which die. "other" adds nothing: the die paying for the ability is spent already.

The tokenizer pass :func:`die_words` reads the verbs by their spelling (they stay out of the
vocabulary) and folds the tails that end a clause after a comma ("…, to a maximum of 6",
"…, turned to show a 3") into one token carrying the number (DIECAP, DIESHOWS): after a
comma one word of lookahead could not tell them from the next part of the sentence.

Refused: a face outside 1-6 (RF933), a change of 0 (RF933), in a hero's trigger that fires
outside its own turn (RF934: it holds no dice then), on an adversary's card (RF925,
owners.py). Only you change your dice (a subject is refused, build.py)."""

from __future__ import annotations

from dataclasses import field

from lark import Token, Transformer

from ..nodeclass import astnode
from .problems import Problem
from .roll_tail_ddice import fold_on_a_roll
from .words import Pred, span_of, spanned_rules, tok

FACES = 6      # a hero die (rules.yaml: die_faces)
# the hero's own events that happen in its turn, while it holds its dice
IN_OWN_TURN = ("slay", "explored", "recuperated", "turn_start", "spent", "explored_empty",
               "skill", "healed")

_VERBS = {"change": "CHANGE", "changes": "CHANGE", "raise": "RAISE", "raises": "RAISE",
          "increase": "RAISE", "increases": "RAISE", "return": "RETURN", "returns": "RETURN",
          "show": "SHOW", "shows": "SHOW",
          "before": "BEFORE", "ignored": "IGNORED"}   # a ward's time (ward_ddice.py)


@astnode
class SetDie:
    """``change one of your unspent dice to show a 6`` / ``raise … by 1`` / ``return …``."""

    dice: str                 # "unspent" or "spent"
    face: int | None = None   # the face it shows after
    by: int = 0               # raised by (lowered: negative)
    most: int | None = None   # "to a maximum of 5" (None: the die's top face)
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)


def _low(t) -> str:
    return str(t).lower()


def _number_after(toks, j: int):
    """The NUMBER at ``j`` or after an "a" at ``j`` (``(index, token)`` or None)."""
    if j < len(toks) and toks[j].type == "A":
        j += 1
    if j < len(toks) and toks[j].type == "NUMBER":
        return j, toks[j]
    return None


def _fold(toks: list, i: int, words: tuple, kind: str) -> list | None:
    """Tokens ``i`` on spelled ``[,] words… [a] N`` folded into one ``kind`` token."""
    j = i + (1 if toks[i].type == "COMMA" else 0)
    for w in words:
        if j >= len(toks) or _low(toks[j]) != w:
            return None
        j += 1
    found = _number_after(toks, j)
    if found is None:
        return None
    end, number = found
    tok_ = Token(kind, number.value, start_pos=toks[i].start_pos, line=1,
                 column=toks[i].start_pos + 1, end_line=1, end_column=number.end_pos + 1,
                 end_pos=number.end_pos)
    return toks[:i] + [tok_] + toks[end + 1:]


def die_words(toks: list) -> list:
    """The verbs of a die by their spelling; "…, to a maximum of 6" (DIECAP) and "…, turned
    to show a 3" / "…, showing a 3" after a card (DIESHOWS) as one token each."""
    for i, t in enumerate(toks):
        if t.type in ("WORD", "TURN", "LOWER") and _low(t) in _VERBS:
            toks[i] = Token.new_borrow_pos(_VERBS[_low(t)], str(t), t)
    toks = fold_on_a_roll(toks)   # "… 1 wound on a roll of 4 or more" (roll_tail_ddice.py)
    toks = in_it(toks)   # "each hero in your chamber …, and each adversary in it …"
    i = 0
    while i < len(toks):
        folded = _fold(toks, i, ("to", "a", "maximum", "of"), "DIECAP")
        if folded is None and i and toks[i - 1].type == "CARD":
            folded = _fold(toks, i, ("turned", "to", "show"), "DIESHOWS") or \
                _fold(toks, i, ("showing",), "DIESHOWS")
        if folded is not None:
            toks = folded
        i += 1
    return toks


def in_it(toks: list) -> list:
    """"each adversary in it" after a chamber was named ("Each hero in your chamber heals 1
    wound, and each adversary in it takes 1 wound"): "it" after figures "in" is that chamber
    (figures are in chambers, never in figures), read as the chamber's words, as anaphora.py
    reads "in the chamber"; with no chamber named before, "it" stays (RF914 or a syntax
    error)."""
    from .anaphora import _copy, _named
    out: list = []
    last = None
    for i, t in enumerate(toks):
        if t.type == "CHAMBER":
            last = _named(toks, i) or last
        if t.type == "IT" and last and len(out) >= 2 and out[-1].type == "IN" \
                and out[-2].type in ("ADVERSARY", "HERO"):
            out += [_copy(w, w.type, str(w), t.start_pos, t.end_pos) for w in last]
            continue
        out.append(t)
    return out


def _count(ch) -> int:
    return next(c for c in ch if isinstance(c, tuple) and isinstance(c[0], int))[0]


def _number(ch, type_="NUMBER"):
    t = tok(ch, type_)
    return t.value if t is not None else None


def _kind(ch) -> str:
    kind = tok(ch, "DICEKIND")
    return "spent" if kind is not None and _low(kind) == "spent" else "unspent"


@spanned_rules
class DieWords(Transformer):
    """The transformer's rules (delve.lark, branch ddice)."""

    def die_face(self, meta, ch):
        verb = tok(ch, "CHANGE")
        return Pred("die", verb, span_of(meta), {"dice": _kind(ch), "face": _number(ch)})

    def die_up(self, meta, ch):
        verb = tok(ch, "RAISE") or tok(ch, "ADD")
        return Pred("die", verb, span_of(meta), {"dice": _kind(ch), "by": _count(ch),
                                                 "most": _number(ch, "DIECAP")})

    def die_down(self, meta, ch):
        verb = tok(ch, "LOWER") or tok(ch, "REDUCE") or tok(ch, "SUBTRACT")
        return Pred("die", verb, span_of(meta), {"dice": _kind(ch), "by": -_count(ch)})

    def die_back(self, meta, ch):
        verb = tok(ch, "RETURN")
        return Pred("die", verb, span_of(meta), {"dice": "spent",
                                                 "face": _number(ch, "DIESHOWS")})


def build(d: dict, span) -> SetDie:
    most = d.get("most")
    return SetDie(d["dice"], d.get("face"), d.get("by", 0),
                  None if most == FACES else most, span)


def print_die(e: SetDie) -> str:
    if e.dice == "spent":
        shows = f", turned to show a {e.face}" if e.face is not None else ""
        return f"return one of your spent dice to your hero card{shows}"
    if e.face is not None:
        return f"change one of your unspent dice to show a {e.face}"
    verb = "raise" if e.by > 0 else "lower"
    most = f" to a maximum of {e.most}" if e.most is not None else ""
    return f"{verb} one of your unspent dice by {abs(e.by)}{most}"


def to_ir(e: SetDie) -> dict:
    out = {"op": "die", "dice": e.dice}
    if e.face is not None:
        out["face"] = e.face
    if e.by:
        out["by"] = e.by
    if e.most is not None:
        out["most"] = e.most
    return out


def _walk(effects):
    for e in effects:
        yield e
        yield from _walk(getattr(e, "effects", ()))
        yield from _walk(getattr(e, "instead", None) or ())
        for _, row in getattr(e, "rows", ()) or ():
            yield from _walk(row)


def die_problems(ability) -> list[Problem]:
    out = []
    event = getattr(ability, "event", None)
    for e in _walk(ability.effects):
        if not isinstance(e, SetDie):
            continue
        for face in (e.face, e.most):
            if face is not None and not 1 <= face <= FACES:
                out.append(Problem("RF933", f"a hero die shows 1 to {FACES}, never {face}",
                                   e.span, f"name a face from 1 to {FACES}"))
        if e.face is None and e.dice == "unspent" and e.by == 0:
            out.append(Problem("RF933", "raising a die by 0 changes nothing", e.span,
                               "raise it by 1 or more"))
        if event is not None and event not in IN_OWN_TURN:
            out.append(Problem("RF934", "a hero holds its dice only in its own turn; this "
                               "happens when it may hold none", e.span,
                               "make it an action ('(4+): Change one of your unspent dice "
                               "to show a 6.') or a trigger in your turn ('Every time you "
                               "slay an adversary, …')"))
    return out
