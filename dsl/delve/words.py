"""The grammar's pieces as values: who (selectors), amounts, modifiers and clauses, built
from Lark's parse tree by :class:`Words` (a Lark transformer). :mod:`.build` then turns each
sentence's clauses and modifiers into the AST of :mod:`.nodes`.

A clause is a subject (None: "you", said or left out), a verb with its objects
(:class:`Pred`) and the verb's token (its form: "heal" or "heals", for agreement)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Transformer, v_args

from ..errors import AbilitySyntaxError
from . import nodes as n


class _You:
    """"you" as a figure named after a verb ("towards you", "adjacent to you")."""

    def __repr__(self):
        return "YOU"

    def __copy__(self):          # one value: the hints deep-copy the parser's stack
        return self

    def __deepcopy__(self, memo):
        return self


YOU = _You()


def is_ref(c) -> bool:
    return isinstance(c, Who) or c is YOU


@dataclass
class Who:
    """A subject that is a selector (``plural``: spelled in the plural)."""

    sel: n.Selector
    plural: bool = False


@dataclass
class Attacks:
    """"your missile attacks", "area attacks against this adversary": a subject; ``its``:
    the attacks of the adversary whose card it is ("its attacks", "this adversary's combat
    attacks"; issue 32, session delve8)."""

    own: bool
    range: str | None
    against: n.Selector | None
    span: tuple
    its: bool = False
    next: bool | str = False   # "your next attack [this turn]" ("turn"; next_attack.py)


@dataclass
class Pred:
    """A predicate: its kind, the verb's token, and what it says (``data``)."""

    kind: str
    verb: Token | None
    span: tuple
    data: dict = field(default_factory=dict)


@dataclass
class Clause:
    """A subject (None: you) with its predicate (``modal``: after may/can)."""

    subject: Who | Attacks | None     # None: you
    said_you: bool
    pred: Pred
    span: tuple
    modal: bool = False               # "may", "can": the verb after it is bare


@dataclass
class Mod:
    """A modifier: duration, cond, when, limit, stats, unpinned, including, each_round…"""

    kind: str
    value: object
    span: tuple


@dataclass
class Part:
    """A piece of a sentence: a clause, a modifier, or both, with its tails."""

    clause: Clause | None
    mod: Mod | None
    tails: list
    span: tuple


def span_of(meta) -> tuple[int, int]:
    return meta.span


def tspan(t: Token) -> tuple[int, int]:
    """A token's span (a deep copy of a token, as the hints make, drops its end_pos)."""
    return (t.start_pos, t.end_pos if t.end_pos is not None else t.start_pos + len(t))


def _child_span(c) -> tuple[int, int] | None:
    if isinstance(c, Token):
        return tspan(c)
    if isinstance(c, Who):
        return c.sel.span
    if isinstance(c, tuple) and len(c) >= 2 and isinstance(c[-1], tuple) and len(c[-1]) == 2 \
            and all(isinstance(x, int) for x in c[-1]):
        return c[-1]
    if isinstance(c, dict):
        return c.get("span")
    if isinstance(c, list):
        spans = [s for s in (_child_span(x) for x in c) if s]
        return (min(s[0] for s in spans), max(s[1] for s in spans)) if spans else None
    return getattr(c, "span", None)


class Spans:
    """The span of a rule's children (the internal transformer gets no meta)."""

    __slots__ = ("span",)

    def __init__(self, children):
        spans = [s for s in (_child_span(c) for c in children) if s and s != (0, 0)]
        self.span = (min(s[0] for s in spans), max(s[1] for s in spans)) if spans else (0, 0)


def spanned(f, _data, children, _meta):
    return f(Spans(children), children)


_WRAPPED = type(v_args(wrapper=spanned)(spanned))  # lark's wrapper of one method


def spanned_rules(cls):
    """``@spanned_rules`` on a transformer class: each public method the class
    defines itself, not wrapped already, wrapped as ``v_args`` wraps a method. Lark's class
    decorator finds those by listing every member of the class and of each base (``inspect.
    getmembers``): the Delve dialect's 21 classes, one of them over 20 bases, spent ~5 ms of
    every start on it (issue 38). tests/test_delve_spanned.py compares the two."""
    wrap = v_args(wrapper=spanned)
    own = list(vars(cls).items())
    if any(hasattr(value, "_apply_v_args") for _, value in own):
        return wrap(cls)  # (a class inside: v_args wraps it, not its methods; lark's own way)
    for name, value in own:
        if name.startswith("_") or isinstance(value, _WRAPPED) or not callable(getattr(cls, name)):
            continue
        setattr(cls, name, wrap(value))
    return cls


def toks(children, *types) -> list[Token]:
    return [c for c in children if isinstance(c, Token) and c.type in types]


def tok(children, type_) -> Token | None:
    found = toks(children, type_)
    return found[0] if found else None


def objs(children, cls) -> list:
    return [c for c in children if isinstance(c, cls)]


def low(token) -> str:
    return str(token).lower()


PLURAL_WORDS = ("adversaries", "heroes")


def _noun(children) -> tuple[str, bool]:
    noun = tok(children, "ADVERSARY") or tok(children, "HERO")
    return ("adversary" if noun.type == "ADVERSARY" else "hero"), low(noun) in PLURAL_WORDS


@spanned_rules
class Words(Transformer):
    """Parse tree -> the values above (the rules named in delve.lark)."""

    # -- amounts
    def count(self, meta, ch):
        t = ch[0]
        return (1 if t.type in ("ONE", "A") else int(t.value), span_of(meta))

    def at_least(self, meta, ch):
        return next(c for c in ch if isinstance(c, tuple))

    def cost(self, meta, ch):
        number, star = tok(ch, "NUMBER"), tok(ch, "STAR")
        return n.Cost(number.value, star is not None, span_of(meta),
                      tspan(number),
                      tspan(star) if star else (0, 0))

    def face(self, meta, ch):
        number = tok(ch, "NUMBER")
        return n.Cost(number.value, False, span_of(meta), tspan(number))

    # -- who
    # a quantity: (kind, count, the count's span, the words' span)
    def one(self, meta, ch):
        return ("one", 1, (0, 0), span_of(meta))

    def another(self, meta, ch):
        return ("another", 1, (0, 0), span_of(meta))

    def each(self, meta, ch):
        return ("each", 1, (0, 0), span_of(meta))

    def up_to(self, meta, ch):
        value, sp = next(c for c in ch if isinstance(c, tuple))
        return ("up_to", value, sp, span_of(meta))

    def n(self, meta, ch):
        t = ch[0]
        return ("n", t.value, tspan(t), tspan(t))

    def adjective(self, meta, ch):
        word = low(ch[0])
        kind = {"adjacent": "adjacent", "visible": "visible", "wounded": "wounded",
                "other": "other"}.get(word)
        return n.Filter(kind, span=span_of(meta)) if kind else None   # "different": implied

    def adjacent_to(self, meta, ch):
        ref = ref_name(next(c for c in ch if is_ref(c)))
        if ref == "target":
            return n.Filter("adjacent_target", span=span_of(meta))
        return n.Filter("adjacent", span=span_of(meta), ref=ref)

    def within(self, meta, ch):
        value, _ = next(c for c in ch if isinstance(c, tuple))
        return n.Filter("within", value, span_of(meta))

    def of_ref(self, meta, ch):
        ref = next(c for c in ch if is_ref(c))
        return ("of", ref_name(ref), span_of(meta))

    def chamber(self, meta, ch):
        return n.Filter("chamber", span=span_of(meta))

    def chamber_of(self, meta, ch):  # "in this adversary's chamber" (issue 32, delve8)
        return n.Filter("chamber", span=span_of(meta), ref="adversary")

    def with_vigour(self, meta, ch):  # issue 32 (session delve7): "with 3 or more Vigour"
        value = next(c for c in ch if isinstance(c, tuple))[0]
        return n.Filter("vigour", value, span_of(meta))

    def with_wounds(self, meta, ch):  # "with 2 or more wounds"; "with 1 or more": wounded
        value, _ = next(c for c in ch if isinstance(c, tuple))
        if value <= 1:
            return n.Filter("wounded", span=span_of(meta))
        return n.Filter("wounds", value, span_of(meta))

    def wounded_filter(self, meta, ch):  # "a hero who is wounded" (issue 32, session delve8)
        return n.Filter("wounded", span=span_of(meta))

    def sight(self, meta, ch):
        return n.Filter("visible", span=span_of(meta))

    def choice(self, meta, ch):
        return None

    def selector(self, meta, ch):
        q = next((c for c in ch if isinstance(c, tuple) and isinstance(c[0], str)
                  and c[0] in ("one", "another", "each", "up_to", "n")), None)
        side, plural = _noun(ch)
        quantity, count, count_span = q[:3] if q else ("each", 1, (0, 0))
        if q is None and not plural:
            quantity = "one"            # "adjacent adversary" without an article
        filters = _filters(ch, meta)
        if any(f.kind == "other" for f in filters) and quantity in ("one", "each"):
            quantity = "another" if quantity == "one" else "each_other"
            filters = tuple(f for f in filters if f.kind != "other")
        if quantity == "n" and count == 1:
            quantity = "one"
        many = plural if q is None else quantity in ("up_to", "n") and count != 1
        return Who(n.Selector(quantity, side, count, _sorted(filters), span_of(meta),
                              count_span), many)

    def nearest(self, meta, ch):
        side, _ = _noun(ch)
        return Who(n.Selector("nearest", side, 1, _sorted(_filters(ch, meta)), span_of(meta)))

    def ranked(self, meta, ch):  # issue 32 (session delve8): "the hero with the most wounds"
        side, _ = _noun(ch)
        most = tok(ch, "MOST") is not None
        thing = next(t for t in ch if isinstance(t, Token) and t.type in ("WOUND", "RENOWN",
                                                                          "VIGOUR"))
        rank = {"WOUND": "wounds", "RENOWN": "renown", "VIGOUR": "vigour"}[thing.type]
        return Who(n.Selector("most" if most else "fewest", side, 1,
                              _sorted(_filters(ch, meta)), span_of(meta), rank=rank))

    def union(self, meta, ch):
        first, other = [c for c in ch if isinstance(c, Who)]
        sel = first.sel
        return Who(n.Selector(sel.quantity, sel.side, sel.count, sel.filters, span_of(meta),
                              sel.count_span, sel.union + (other.sel,), sel.rank))

    def the_target(self, meta, ch):
        return Who(n.Selector("target", span=span_of(meta)))

    def pronoun_it(self, meta, ch):
        return Who(n.Selector("it", span=span_of(meta)))

    def them(self, meta, ch):
        each = bool(ch) and getattr(ch[0], "type", None) == "EACH"   # "each of them suffers"
        return Who(n.Selector("them", span=span_of(meta)), not each)

    def that(self, meta, ch):
        return Who(n.Selector("that", _noun(ch)[0], span=span_of(meta)))

    def yourself(self, meta, ch):
        return Who(n.Selector("self", span=span_of(meta)))

    def this_hero(self, meta, ch):
        """"this hero" on a hero's card is its own hero: "yourself" (branch delvelang)."""
        return Who(n.Selector("self", span=span_of(meta)))

    def this_adversary(self, meta, ch):
        return Who(n.Selector("self", "adversary", span=span_of(meta)))

    def slayer(self, meta, ch):
        return Who(n.Selector("slayer", _noun(ch)[0], span=span_of(meta)))

    def attacked(self, meta, ch):
        return Who(n.Selector("attacked", _noun(ch)[0], span=span_of(meta)))

    def who(self, meta, ch):
        return ch[0]

    def ref_you(self, meta, ch):
        return YOU

    def ref(self, meta, ch):
        return ch[0]

    def actor(self, meta, ch):
        return ch[0]

    def single(self, meta, ch):
        return ch[0]

    # -- subjects that are attacks
    def own_attacks(self, meta, ch):
        who = objs(ch, Who)
        rng = tok(ch, "RANGE")
        return Attacks(True, low(rng) if rng else None, who[0].sel if who else None,
                       span_of(meta))

    def its_attacks(self, meta, ch):
        rng = tok(ch, "RANGE")
        return Attacks(False, low(rng) if rng else None, None, span_of(meta), its=True)

    def range_attacks(self, meta, ch):
        who = objs(ch, Who)
        rng = tok(ch, "RANGE")
        return Attacks(False, low(rng) if rng else None, who[0].sel if who else None,
                       span_of(meta))

    # -- modifiers
    def end_of_turn(self, meta, ch):
        return Mod("duration", "end_of_turn", span_of(meta))

    def end_of_round(self, meta, ch):
        return Mod("duration", "end_of_round", span_of(meta))

    def next_turn(self, meta, ch):
        return Mod("duration", "next_turn", span_of(meta))

    def phase_duration(self, meta, ch):  # issue 32 (session delve7)
        return Mod("duration", "end_of_phase", span_of(meta))

    def duration(self, meta, ch):
        return ch[0]

    # the shared fragment's aliases carry its name (dsl/shared.lark)
    shared__end_of_turn = end_of_turn
    shared__end_of_round = end_of_round
    shared__next_turn = next_turn

    def limit(self, meta, ch):
        return Mod("limit", "turn", span_of(meta))

    def limit_round(self, meta, ch):  # issue 32 (session delveg): "once per round"
        return Mod("limit", "round", span_of(meta))

    def stats(self, meta, ch):
        hit, damage = toks(ch, "NUMBER")
        return Mod("stats", (hit.value, damage.value, tspan(hit),
                             tspan(damage)), span_of(meta))

    def with_stats(self, meta, ch):
        return next(c for c in ch if isinstance(c, Mod))

    def with_damage(self, meta, ch):  # issue 32 (session delve7): "… with +1 Damage"
        return Mod("with_damage", next(c for c in ch if isinstance(c, tuple))[0],
                   span_of(meta))

    def unpinned(self, meta, ch):
        # "Adversaries cannot pin you." with no move to govern is "You are never pinned."
        # (issue 32, session delve10; build._side)
        rule = tok(ch, "FOES") is not None and tok(ch, "DURING") is None   # FOES: delveseven
        return Mod("unpinned", "rule" if rule else None, span_of(meta))

    def including(self, meta, ch):
        return Mod("including", None, span_of(meta))

    def each_round(self, meta, ch):
        return Mod("per", "round", span_of(meta))

    def each_turn(self, meta, ch):
        return Mod("per", "turn", span_of(meta))

    def cond_mod(self, meta, ch):
        return Mod("cond", next(c for c in ch if isinstance(c, dict)), span_of(meta))

    def on_hit(self, meta, ch):   # "On a hit, …" is "If it hits, …" (branch delvelang)
        return Mod("cond", {"cond": "hits", "span": span_of(meta)}, span_of(meta))


def ref_name(ref) -> str:
    """A filter's figure (nodes.REFS): "" you (or yourself), "it", "adversary" (this
    adversary), "target"."""
    if ref is YOU:
        return ""
    q, side = ref.sel.quantity, ref.sel.side
    names = {"target": "target", "it": "it", "that": "it", "them": "it"}
    if q in names:
        return names[q]
    if q == "self":
        return "adversary" if side == "adversary" else ""
    raise AbilitySyntaxError("a place is counted from you, it, this adversary or the "
                             "target", *ref.sel.span,
                             hint="write 'adjacent to you', 'within 2 spaces of it', …")


def _filters(children, meta) -> tuple:
    """The filters of a selector; "of <ref>" after "within N spaces" names its figure."""
    out: list = []
    for c in children:
        if isinstance(c, n.Filter):
            out.append(c)
        elif isinstance(c, tuple) and len(c) == 3 and c[0] == "of":
            if not out or out[-1].kind != "within":
                raise AbilitySyntaxError("'of …' here names no distance", *c[2],
                                         hint="write 'within 2 spaces of you'")
            last = out.pop()
            out.append(n.Filter("within", last.n, (last.span[0], c[2][1]), c[1]))
    return tuple(out)


FILTER_ORDER = {k: i for i, k in enumerate(n.FILTERS)}


def _sorted(filters) -> tuple:
    return tuple(sorted(filters, key=lambda f: (FILTER_ORDER[f.kind], f.n, f.ref)))
