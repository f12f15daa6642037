"""Parse a Delve ability (``delve.lark``, Earley) into :mod:`.nodes`.

The grammar reads; this module builds the AST (one function per rule) and turns a parse
failure into an :class:`AbilitySyntaxError` located at the first word that cannot be read,
with a hint from the words the grammar expected there (never the word itself)."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark, Token, Tree, UnexpectedInput

from ..errors import AbilitySyntaxError, suggest
from . import nodes as n

NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
# the words of the dialect ("did you mean" suggests from them when a word is unknown)
VOCABULARY = ("spend", "hero", "heroes", "die", "dice", "every", "each", "time", "whenever",
              "when", "you", "slay", "adversary", "adversaries", "chamber", "recuperate",
              "explore", "move", "moves", "up", "to", "spaces", "heal", "wounds", "attack",
              "attacks", "combat", "missile", "area", "hit", "damage", "gain", "renown",
              "skill", "adjacent", "visible", "in", "this", "and", "then", "make", "against",
              "push", "pull", "towards", "away", "from", "roll", "rolled", "reroll", "again",
              "spent", "unspent", "suffer", "suffers", "prevent", "ignore", "add", "deal",
              "until", "end", "start", "round", "turn", "next", "another", "other", "within",
              "line", "sight", "if", "hits", "slays", "target", "only", "once", "per", "may")


@lru_cache(maxsize=1)
def parser() -> Lark:
    root = resources.files(__package__)
    grammar = root.joinpath("delve.lark").read_text(encoding="utf-8")
    shared = str(root.joinpath("..").joinpath("shared.lark"))
    return Lark(grammar, start="start", parser="earley", lexer="dynamic",
                propagate_positions=True, ambiguity="resolve",
                import_paths=[shared.rsplit("/", 1)[0]])


def _span(node) -> tuple[int, int]:
    if isinstance(node, Token):
        return (node.start_pos, node.end_pos)
    meta = node.meta
    return (getattr(meta, "start_pos", 0), getattr(meta, "end_pos", 0))


def _tokens(tree: Tree, kind: str) -> list[Token]:
    return [c for c in tree.children if isinstance(c, Token) and c.type.endswith(kind)]


def _trees(tree: Tree, data: str | None = None) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree) and (data is None
                                                                 or _data(c) == data)]


def _data(tree: Tree) -> str:
    return str(tree.data).rsplit("__", 1)[-1]    # imported rules carry their grammar's prefix


def _number(tok: Token) -> int:
    text = str(tok).lower()
    return NUMBER_WORDS[text] if text in NUMBER_WORDS else int(text)


def _count(tree: Tree) -> tuple[int, tuple[int, int]]:
    """The value and span of the first ``count`` subtree of ``tree``."""
    c = next(t for t in tree.children if isinstance(t, Tree) and _data(t) == "count")
    return _number(c.children[0]), _span(c)


def _range(tree: Tree) -> str | None:
    toks = _tokens(tree, "RANGE")
    return str(toks[0]).lower() if toks else None


def _cost(tree: Tree) -> n.Cost:
    number = _tokens(tree, "INT")[0]
    star = _tokens(tree, "STAR")
    return n.Cost(int(number), bool(star), _span(tree), _span(number),
                  _span(star[0]) if star else (0, 0))


FILTER_ORDER = {k: i for i, k in enumerate(n.FILTERS)}


def _selector(tree: Tree) -> n.Selector:
    kind, span = _data(tree), _span(tree)
    if kind == "the_target":
        return n.Selector("target", span=span)
    if kind == "them":
        return n.Selector("them", span=span)
    if kind == "yourself":
        return n.Selector("self", span=span)
    quantity = next(t for t in _trees(tree) if _data(t) in (
        "one", "each", "up_to", "another", "each_other"))
    q, count, count_span = _data(quantity), 1, (0, 0)
    if q == "up_to":
        count, count_span = _count(quantity)
    noun = str(_tokens(tree, "NOUN")[0]).lower()
    side = "hero" if noun.startswith("hero") else "adversary"
    filters = []
    for t in _trees(tree):
        d = _data(t)
        if d == "adjective":
            word = str(t.children[0]).lower()
            filters.append(n.Filter("adjacent" if word == "adjacent" else "visible",
                                    span=_span(t)))
        elif d in ("adjacent_you", "adjacent_target", "chamber", "sight", "within"):
            kind = {"adjacent_you": "adjacent", "sight": "visible"}.get(d, d)
            filters.append(n.Filter(kind, _count(t)[0] if d == "within" else 0, _span(t)))
        # "of your choice" and ", including yourself" add nothing: one is always chosen,
        # and "each hero" already includes you
    filters = tuple(sorted(filters, key=lambda f: (FILTER_ORDER[f.kind], f.n)))
    return n.Selector(q, side, count, filters, span, count_span)


def _stats(tree: Tree) -> tuple:
    s = next(t for t in _trees(tree) if _data(t) == "stats")
    hit, damage = _tokens(s, "INT")
    return int(hit), int(damage), _span(hit), _span(damage)


WEAPON_TARGET = {"combat": "adjacent", "missile": "visible", "area": "each"}


def _effect(tree: Tree) -> list:
    kind, span = _data(tree), _span(tree)
    if kind == "explore":
        return [n.Explore(span)]
    if kind == "move":
        return [n.Move(_count(tree)[0], span)]
    if kind == "heal":
        sel = _trees(tree, "selector") + [t for t in _trees(tree) if _data(t) in (
            "the_target", "them", "yourself")]
        on = _selector(sel[0]) if sel else None
        return [n.Heal(_count(tree)[0], None if on and on.quantity == "self" else on, span)]
    if kind == "renown":
        return [n.Renown(_count(tree)[0], span)]
    if kind == "skill":
        return [n.Skill(span)]
    if kind == "attack":
        target = next(c for c in tree.children if isinstance(c, Tree))
        hit, damage = _tokens(tree, "INT")
        return [n.Attack(_data(target), _range(tree), int(hit), int(damage), span,
                         _span(target), _span(hit), _span(damage))]
    if kind == "weapon":
        rng = _range(tree)
        hit, damage, hs, ds = _stats(tree)
        return [n.Attack(WEAPON_TARGET[rng], rng, hit, damage, span, span, hs, ds)]
    if kind == "strike":
        sel = [t for t in _trees(tree) if _data(t) in ("selector", "the_target", "them",
                                                     "yourself")]
        stats = (None, None, (0, 0), (0, 0))
        if _trees(tree, "stats"):
            stats = _stats(tree)
        return [n.Strike(_range(tree), _selector(sel[0]) if sel else None, stats[0], stats[1],
                         span, stats[2], stats[3])]
    if kind in ("push", "pull"):
        sel = _sel_child(tree)
        return [n.Shift(sel, _count(tree)[0], kind == "pull", span)]
    if kind == "reroll":
        dice = str(_tokens(tree, "DICEKIND")[0]).lower()
        return [n.Reroll("spent" if dice == "spent" else "unspent", span)]
    if kind == "suffer":
        return [n.Suffer(n.Selector("self", span=span), _count(tree)[0], span)]
    if kind == "ward":
        return [n.Ward(span)]
    if kind in ("boost", "effect"):
        return _effect(_trees(tree)[0])
    if kind in ("boost_roll", "boost_damage", "boost_move"):
        return [n.Boost(kind[len("boost_"):], _count(tree)[0], _range(tree), span)]
    raise AssertionError(kind)  # pragma: no cover - the grammar has no other effect


def _sel_child(tree: Tree) -> n.Selector:
    return _selector(next(t for t in _trees(tree) if _data(t) in (
        "selector", "the_target", "them", "yourself")))


def _subject(tree: Tree) -> list:
    subj = tree.children[0]
    who = _sel_child(subj)
    out = []
    for verb in _trees(tree)[1:]:
        v, span = _data(verb), _span(verb)
        amount = _count(verb)[0]
        if v == "suffers":
            out.append(n.Suffer(who, amount, span))
        elif v == "heals":
            out.append(n.Heal(amount, None if who.quantity == "self" else who, span))
        else:
            out.append(n.Shift(who, amount, v == "moves_towards", span))
        if who.quantity not in ("self", "target"):
            who = n.Selector("them", span=who.span)    # "… and moves": the same figures
    return out


def _steps(tree: Tree) -> list:
    out = []
    for step in _trees(tree):
        kind = _data(step)
        if kind == "step":
            out += _effect(step.children[0]) if step.children else []
        elif kind == "until_after":
            effects = _effect(_trees(step)[0])
            dur = next(t for t in _trees(step) if _data(t) in n.DURATIONS)
            out.append(n.Until(_data(dur), tuple(effects), _span(step)))
        elif kind == "subject":
            out += _subject(step)
        elif kind == "until":
            dur, inner = _trees(step)
            out.append(n.Until(_data(dur), tuple(_steps(inner)), _span(step)))
        elif kind == "rider":
            cond, inner = _trees(step)
            face, face_span = (None, (0, 0))
            if _data(cond) == "rolled":
                face, face_span = _count(cond)
            out.append(n.Rider(_data(cond), face, tuple(_steps(inner)), _span(step),
                               face_span))
        else:  # pragma: no cover
            raise AssertionError(kind)
    return out


def _body(tree: Tree) -> tuple[tuple, str | None]:
    effects, limit = [], None
    for sentence in _trees(tree):
        part = sentence.children[0] if _data(sentence) == "sentence" else sentence
        if _data(part) == "limit":
            limit = "turn"
        else:
            effects += _steps(part)
    return tuple(effects), limit


def _event(tree: Tree) -> tuple[str, str | None]:
    if _data(tree) == "turn_end":
        return "turn_end", None
    ev = _trees(tree)[0]
    return _data(ev), _range(ev)


def _ability(form: Tree, span) -> n.Ability:
    kind = _data(form)
    parts = _trees(form)
    if kind == "action":
        name = ""
        if _data(parts[0]) == "name":
            name = " ".join(str(w) for w in parts[0].children)
            parts = parts[1:]
        effects, limit = _body(parts[1])
        return n.Action(name, _cost(parts[0]), effects, limit, span)
    if kind == "bare_action":
        effects, limit = _body(parts[1])
        return n.Action("", _cost(parts[0]), effects, limit, span)
    if kind == "spend":
        effects, limit = _body(parts[1])
        return n.Spend(_cost(parts[0]), effects, limit, span)
    if kind == "trigger":
        when = next(t for t in parts if _data(t) in ("when", "turn_end"))
        event, rng = _event(when)
        body = next(t for t in parts if _data(t) in ("body", "steps"))
        effects = _body(body)[0] if _data(body) == "body" else tuple(_steps(body))
        return n.Trigger(event, effects, rng, span)
    effects, _ = _body(parts[0])
    return n.Constant(effects, span)


def _expected_words(err) -> list[str]:
    names = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    words = []
    for name in names:
        word = name.rsplit("__", 1)[-1].lstrip("_").lower()
        if word.isalpha() and word not in ("namewords", "nameword", "int", "numword"):
            words.append(word)
    return sorted(set(words))


def parse_ability(text: str):
    """The AST of ``text``; AbilitySyntaxError (with offsets) when it does not parse."""
    try:
        tree = parser().parse(text)
    except UnexpectedInput as err:
        pos = getattr(err, "pos_in_stream", None)
        if pos is None or pos < 0 or pos >= len(text.rstrip()):
            raise AbilitySyntaxError("the ability ends too early", max(0, len(text) - 1),
                                     len(text), code="RF303",
                                     hint="finish the sentence: an effect after the cost, "
                                          "the trigger or 'then'") from None
        word = text[pos:].split(" ")[0].rstrip(".,:;") or text[pos]
        expected = [w for w in _expected_words(err) if w != word.lower()]
        pool = [w for w in (expected or VOCABULARY) if w != word.lower()]
        close = suggest(word, pool)
        if close:
            hint = f"did you mean '{close}'?"
        elif expected and len(expected) <= 6:
            hint = "expected " + ", ".join(f"'{w}'" for w in expected) + " (see docs/delve.md)"
        else:
            hint = "see docs/delve.md for the wording"
        raise AbilitySyntaxError(f"unexpected '{word}'", pos, pos + len(word),
                                 hint=hint) from None
    return _ability(tree.children[0].children[0], _span(tree))
