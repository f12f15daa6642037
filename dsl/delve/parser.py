"""Parse a Delve ability (``delve.lark``, LALR) into :mod:`.nodes`."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark, Token, Tree, UnexpectedInput

from ..errors import AbilitySyntaxError, suggest
from . import nodes as n

# the words of the dialect ("did you mean" suggests from them)
VOCABULARY = ("spend", "hero", "die", "every", "time", "you", "slay", "adversary", "chamber",
              "recuperate", "explore", "move", "up", "to", "spaces", "heal", "wounds",
              "attack", "combat", "missile", "area", "hit", "damage", "gain", "renown", "skill",
              "adjacent", "visible", "each", "in", "this", "and")


@lru_cache(maxsize=1)
def parser() -> Lark:
    grammar = resources.files(__package__).joinpath("delve.lark").read_text(encoding="utf-8")
    return Lark(grammar, start="ability", parser="lalr", propagate_positions=True)


def _span(node) -> tuple[int, int]:
    if isinstance(node, Token):
        return (node.start_pos, node.end_pos)
    meta = node.meta
    return (getattr(meta, "start_pos", 0), getattr(meta, "end_pos", 0))


def _ints(tree: Tree) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token) and c.type == "INT"]


def _cost(tree: Tree) -> n.Cost:
    number = _ints(tree)[0]
    star = [c for c in tree.children if isinstance(c, Token) and c.type == "STAR"]
    return n.Cost(int(number), bool(star), _span(tree), _span(number),
                  _span(star[0]) if star else (0, 0))


def _effect(tree: Tree):
    kind, span = tree.data, _span(tree)
    ints = _ints(tree)
    if kind == "explore":
        return n.Explore(span)
    if kind == "move":
        return n.Move(int(ints[0]), span)
    if kind == "heal":
        return n.Heal(int(ints[0]), span)
    if kind == "renown":
        return n.Renown(int(ints[0]), span)
    if kind == "skill":
        return n.Skill(span)
    target = next(c for c in tree.children if isinstance(c, Tree))
    rng = next(c for c in tree.children if isinstance(c, Token) and c.type == "RANGE")
    hit, damage = ints
    return n.Attack(target.data, str(rng).lower(), int(hit), int(damage), span, _span(target),
                    _span(hit), _span(damage))


def _effects(tree: Tree) -> tuple:
    return tuple(_effect(c) for c in tree.children if isinstance(c, Tree))


def parse_ability(text: str):
    """The AST of ``text``; AbilitySyntaxError (with offsets) when it does not parse."""
    try:
        tree = parser().parse(text)
    except UnexpectedInput as err:
        pos = getattr(err, "pos_in_stream", None)
        if pos is None:
            pos = len(text)
        word = text[pos:].split(" ")[0].rstrip(".,:") or ""
        if not word:
            raise AbilitySyntaxError("the ability ends too early", max(0, len(text) - 1),
                                     len(text), code="RF303",
                                     hint="an ability ends with a full stop") from None
        hint = suggest(word, VOCABULARY)
        raise AbilitySyntaxError(f"unexpected '{word}'", pos, pos + len(word),
                                 hint=f"did you mean '{hint}'?" if hint else
                                 "see docs/delve.md for the wording") from None
    form = tree.children[0]
    parts = [c for c in form.children if isinstance(c, Tree)]
    span = _span(tree)
    if form.data == "header":
        name = " ".join(str(w) for w in parts[0].children)
        return n.Action(name, _cost(parts[1]), _effects(parts[2]), span)
    if form.data == "spend":
        return n.Spend(_cost(parts[0]), _effects(parts[1]), span)
    return n.Trigger(parts[0].data, _effects(parts[1]), span)
