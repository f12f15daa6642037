"""Moves through other figures (issue 32, branch dmove).

Figures block every move (A4); an author lets one move, or every move of a figure, pass
through them (never ending on one):

* a rider on a move effect: "Move up to 3 spaces, even through spaces occupied by
  adversaries.", "Move up to 2 spaces through other figures.", "…, passing over other
  figures.", "…, moving past heroes." (``n.Move`` with ``through``; IR ``move`` ``through``);
* a rule of the figure's own card: "You may move through other figures.", "This adversary
  moves through heroes.", "It may pass through spaces occupied by other figures."
  (:class:`Passage`; IR ``pass_through``): every move the figure makes itself.

``through`` is ``figures`` (heroes and adversaries), ``heroes`` or ``adversaries``; the
engine reads it from a rule record (engine/delve/game/passage_dmove.py ``PASSABLE``).

The words after the move are one token, THROUGHFIG (:func:`through_words`): "[,] [even]
[passing | moving] through | over | past [spaces occupied by] [other] <figures> [and
<figures>]". Obstructions said beside figures ("through obstacles and other figures") add
nothing, as every move already passes them: a warning, RF940, and the canonical text drops
them. Obstructions alone are still RF931 (movement_rules.py: the sentence says nothing).

Walls are RF943 wherever the phrase names them ("moves through walls"): they block every move
(A4), and the engine has no way through them.

Refused: the rule said of figures other than the card's own (RF941: "Heroes adjacent to this
adversary may move through figures"), the rider after an effect that is not a move (RF941)."""

from __future__ import annotations

from dataclasses import field, replace

from lark import Token, Transformer

from ..errors import AbilitySyntaxError
from ..nodeclass import astnode
from . import nodes as n
from .problems import Problem
from .words import Mod, Pred, span_of, spanned_rules

WHAT = ("figures", "heroes", "adversaries")
_NOUNS = {"FIGURE": "figures", "HERO": "heroes", "ADVERSARY": "adversaries",
          "OBSTACLE": "obstacles"}
_VIA = ("through", "over", "past")
_GOING = ("passing", "moving", "pass", "passes", "go", "goes", "going")
# the canonical words of each (the printer's, and the lexer reads them back)
PHRASE = {"figures": "through other figures", "heroes": "through heroes",
          "adversaries": "through adversaries"}


@astnode
class Passage:
    """A figure's own rule: its moves pass through ``through`` (never ending on one).
    ``adversary``: the card is an adversary's ("this adversary", "it")."""

    through: str
    span: tuple[int, int] = field(default=(0, 0), compare=False, repr=False)
    adversary: bool = False
    obstacles: bool = field(default=False, compare=False, repr=False)


def _low(t) -> str:
    return str(t).lower()


def _match(toks: list, i: int):
    """(end, through, obstacles) of a passage phrase starting at toks[i], or None."""
    j = i
    if j < len(toks) and toks[j].type == "EVEN":
        j += 1
    if j < len(toks) and (toks[j].type in ("MOVING", "MOVE") or _low(toks[j]) in _GOING):
        j += 1
    if not (j < len(toks) and _low(toks[j]) in _VIA):
        return None
    j += 1
    if j + 2 < len(toks) and toks[j].type == "SPACE" and _low(toks[j + 1]) == "occupied" \
            and toks[j + 2].type == "BY":
        j += 3
    seen = []
    while True:
        if j < len(toks) and toks[j].type in ("OTHER", "ANY"):
            j += 1
        if j < len(toks) and _low(toks[j]) in ("wall", "walls"):
            raise AbilitySyntaxError("walls block every move (A4): the engine has no move "
                                     "through them", toks[j].start_pos, toks[j].end_pos,
                                     code="RF943", hint="a move may pass other figures: "
                                     "'Move up to 3 spaces through other figures.'; walls "
                                     "and wall corners still block it")
        if not (j < len(toks) and toks[j].type in _NOUNS):
            return None
        seen.append(_NOUNS[toks[j].type])
        j += 1
        if j + 1 < len(toks) and toks[j].type in ("AND", "OR", "COMMA") and (
                toks[j + 1].type in _NOUNS or toks[j + 1].type == "OTHER"
                or _low(toks[j + 1]) in ("wall", "walls")):
            j += 1
            continue
        break
    kinds = {k for k in seen if k != "obstacles"}
    if not kinds:
        return None                # obstructions alone: movement_rules.py (RF931)
    what = "figures" if "figures" in kinds or kinds == {"heroes", "adversaries"} \
        else kinds.pop()
    return j, what, "obstacles" in seen


def through_words(toks: list) -> list:
    """The tokens with each passage phrase after a move (after "move", or after "N spaces"
    and an optional comma) made one THROUGHFIG token; its value is ``through`` (with
    "+obstacles" when obstructions were said too). "pass" before such a phrase ("It may
    pass through other figures.") is the verb "move"."""
    out, i = [], 0
    while i < len(toks):
        t = toks[i]
        after = out[-1].type if out else None
        found = None
        if after == "SPACE":
            found = _match(toks, i + 1 if t.type == "COMMA" else i)
        elif after == "MOVE":
            found = _match(toks, i)
        elif t.type == "WORD" and _low(t) in ("pass", "passes") and _match(toks, i + 1):
            out.append(Token("MOVE", str(t), start_pos=t.start_pos, line=1,
                             column=t.start_pos + 1, end_line=1, end_column=t.end_pos + 1,
                             end_pos=t.end_pos))
            i += 1
            continue
        if found is None:
            out.append(t)
            i += 1
            continue
        end, what, obstacles = found
        first, last = toks[i], toks[end - 1]
        out.append(Token("THROUGHFIG", what + ("+obstacles" if obstacles else ""),
                         start_pos=first.start_pos, line=1, column=first.start_pos + 1,
                         end_line=1, end_column=last.end_pos + 1, end_pos=last.end_pos))
        i = end
    return out


def _what(tok) -> tuple[str, bool]:
    value = str(tok)
    return value.split("+")[0], value.endswith("+obstacles")


@spanned_rules
class PassageWords(Transformer):
    """The transformer's rules (delve.lark, branch dmove)."""

    def pass_through(self, meta, ch):
        verb = next(c for c in ch if getattr(c, "type", None) == "MOVE")
        what, obstacles = _what(next(c for c in ch if getattr(c, "type", "") == "THROUGHFIG"))
        return Pred("pass_through", verb, span_of(meta),
                    {"through": what, "obstacles": obstacles})

    def stay_put(self, meta, ch):
        """"does not move", "never moves" (= "cannot move"): the verb that agrees with the
        subject is "does" or "moves"; said with no subject in the third person ("Does not
        move.") it is the card's adversary."""
        verb = next(c for c in ch if getattr(c, "type", None) in ("DO", "MOVE")
                    and (c.type == "DO" or not any(getattr(x, "type", None) == "DO"
                                                   for x in ch)))
        return Pred("root", verb, span_of(meta), {"third": _low(verb) in ("does", "moves")})

    def through_rider(self, meta, ch):
        what, obstacles = _what(ch[0])
        return Mod("through", (what, obstacles), span_of(meta))


def build(who, d: dict, span) -> Passage:
    """The rule "<who> may move through <figures>": ``who`` None is you (a hero's card);
    "this adversary" / "it" is an adversary's own."""
    if who is None or who.quantity == "self" and who.side is None:
        return Passage(d["through"], span, False, d["obstacles"])
    if who.quantity in ("self", "it") and who.side in ("adversary", None) and not who.filters:
        return Passage(d["through"], span, True, d["obstacles"])
    raise AbilitySyntaxError("only the card's own figure is given a way through other "
                             "figures: its rule says how it moves", *who.span, code="RF941",
                             hint="write 'You may move through other figures.' on the hero's "
                                  "card, or 'This adversary moves through other figures.' on "
                                  "the adversary's")


def attach(effects: list, mod: Mod) -> list:
    """The move effects before the rider, passing through what it names (RF941 after an
    effect that is not a move of the ability's hero or of heroes it moves)."""
    what, obstacles = mod.value
    if not effects or not all(isinstance(e, n.Move) for e in effects):
        raise AbilitySyntaxError("'through …' says how a move goes, and follows a move",
                                 *mod.span, code="RF941",
                                 hint="write 'Move up to 3 spaces through other figures.'")
    return [replace(e, through=what, through_obstacles=obstacles,
                    span=(e.span[0], mod.span[1])) for e in effects]


def print_rule(e: Passage) -> str:
    who = "this adversary" if e.adversary else "you"
    return f"{who} may move {PHRASE[e.through]}"


def print_rider(e) -> str:
    """The words after a move's own (" through other figures"), or ""."""
    return f" {PHRASE[e.through]}" if isinstance(e, n.Move) and e.through else ""


def problems(effect, owner: str) -> list[Problem]:
    """RF940 (a warning): obstructions said beside the figures a move passes; RF941: an
    adversary's rule on a hero's card, or the hero's on an adversary's."""
    out = []
    if isinstance(effect, Passage) and effect.adversary != (owner == "adversary"):
        out.append(Problem("RF941", "a figure's way through others is a rule of its own "
                           "card: " + ("this adversary is not this card's" if effect.adversary
                                      else "on an adversary's card, say 'this adversary'"),
                           effect.span, "write 'You may move through other figures.' on a "
                           "hero's card, 'This adversary moves through other figures.' on "
                           "an adversary's"))
    said = effect.obstacles if isinstance(effect, Passage) else \
        getattr(effect, "through_obstacles", False) if isinstance(effect, n.Move) else False
    if said:
        out.append(Problem("RF940", "every move already passes obstructions (they block only "
                           "sight); only the figures change how this one moves", effect.span,
                           "drop 'obstacles': 'Move up to 3 spaces through other figures.'",
                           severity="warning"))
    return out


def to_ir(e: Passage) -> dict:
    return {"op": "pass_through", "through": e.through}


def own_subject(data: dict, span) -> n.Selector:
    """The figure a sentence with no subject speaks of: "you", or with a verb in the third
    person ("Does not move.", branch dmove) the card's adversary."""
    if data.get("third"):
        return n.Selector("self", side="adversary", span=span)
    return n.Selector("self", span=span)


def own_root(effect, owner: str) -> bool:
    """"This adversary does not move." as a rule of its own card (it holds always)."""
    return owner == "adversary" and isinstance(effect, n.Root) and \
        effect.target.quantity in ("self", "it") and effect.target.side in ("adversary", None)
