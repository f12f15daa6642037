"""Combat kernels: one challenge combat compiled to a specialised Python function.

The engine (:class:`~.combat.Combat`) is the reference; a kernel is the same combat written
for the cards at hand (as Jinja2 compiles a template once). Usage::

    kernel = compile_kernel(catalog, "varikas-the-dead", "blood-of-the-bloodmother")
    if kernel.fallback:          # a card the kernel cannot express: fight with the engine
        ...
    result = kernel.run(Dice(seed))          # the heuristic bot's decisions, inline
    kernel = compile_kernel(catalog, ..., mode="ask")
    result = kernel.run(Dice(seed), player)  # any Player, asked as the engine asks

Kernels are cached by the digest of everything they are compiled from (the cards' data and
IR, the ruleset, the mode). ``kernel.source`` is readable Python (``runeforge odds
--show-kernel`` prints it). Before ``compile()`` the source's ``ast`` is checked: every name
is one the generator makes or one of :mod:`.kernel_runtime`'s, every string literal is one of
the generator's fixed words, and card data (ids, ability references) reaches the kernel only
as the string table argument ``STR``, never as source text.
"""

from __future__ import annotations

import ast
import hashlib
import json
import linecache
import re
from collections import OrderedDict
from dataclasses import dataclass, field

from runeforge.engine.common.decisions import Decision
from runeforge.engine.common.errors import IllegalAction

from ..core.ruleset import BASE, Ruleset
from .kernel_emit import generate
from .kernel_plan import Plan, Unsupported
from .kernel_runtime import BUILTINS, NAMESPACE
from .kernel_source import WORDS

_NAME = re.compile(
    r"^(?:kernel|gb|ASK|STR|FID|FIG|REF|CID|roll|hurt|hurt_[hac]|exhaust|ctext|"
    r"fire_(?:tw|defeat_challenge|knocked_out)|attack_(?:h|a\d+)_(?:ranged|melee|magic)|"
    r"defend_h_(?:ranged|melee|magic)|W_\w+|use_\d+|[RCT]_\w+|[RCT]x_\w+|"
    r"hw|hx|cw|gold|rnd|rah|nbc|nr|aw|ax|al|raa|hd|act|used|nwin|trg|ht|outcome|down|"
    r"a|b|r|n|x|f|i|k|t|v|e|be|st|new|over|opts|ch|oc|ok|go|pb|step|mr|win|ph|bonus|"
    r"normal|tbonus|chosen|danger|pool|have|room|n_amt|act|lose|top|tied|lost|evs|later|"
    r"ti|tu|tx|pa|rng|seeds|sd|gold0|out|SNAP|"
    r"wc)$")  # ---- family 7: combat (wc: the wounds the Hero took in this phase step)
_ALLOWED_NODES = (ast.Module, ast.FunctionDef, ast.arguments, ast.arg, ast.Nonlocal,
                  ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr, ast.Return, ast.If,
                  ast.While, ast.For, ast.Break, ast.Continue, ast.Pass, ast.Try,
                  ast.ExceptHandler, ast.Raise, ast.BoolOp, ast.BinOp, ast.UnaryOp,
                  ast.Compare, ast.Call, ast.IfExp, ast.Name, ast.Constant, ast.Subscript,
                  ast.Tuple, ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp,
                  ast.comprehension, ast.Attribute, ast.keyword, ast.Load, ast.Store,
                  ast.Del, ast.And, ast.Or, ast.Not, ast.USub, ast.Add, ast.Sub, ast.Mult,
                  ast.Mod, ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Is,
                  ast.IsNot, ast.In, ast.NotIn, ast.GeneratorExp, ast.Slice,
                  ast.Starred)
_METHODS = frozenset({"append", "add", "get", "items", "seed", "getrandbits"})


class UnsafeKernel(Exception):
    """Generated source that steps outside the whitelist (a generator bug)."""


_CHECKED: set[str] = set()
_DIGITS = re.compile(r"\d+")


def check_source(source: str) -> ast.Module:
    """Parse a kernel's source and refuse any name, literal or construct outside the
    whitelist (see the module docstring). Kernels that differ only in numbers (the same
    cards at other experience levels) are checked once: no digit can turn a number, a
    generated name or a word into anything else."""
    tree = ast.parse(source)
    shape = hashlib.sha256(_DIGITS.sub("0", source).encode()).hexdigest()
    if shape in _CHECKED:
        return tree
    _check(tree)
    _CHECKED.add(shape)
    return tree


def checked_code(source: str, filename: str):
    """The code object of a kernel's source, checked as :func:`check_source` does. A source
    whose shape (its text with every number as 0) was checked already is compiled straight
    from the text: building Python's AST objects took most of a kernel's compile time, and
    balance compiles one kernel per cell, four per shape (the experience levels)."""
    shape = hashlib.sha256(_DIGITS.sub("0", source).encode()).hexdigest()
    if shape in _CHECKED:
        return compile(source, filename, "exec")
    return compile(check_source(source), filename, "exec")


_ALLOWED_TYPES = frozenset(_ALLOWED_NODES)  # exact classes: a subclass is refused
_NAMES_OK: set[str] = set()  # names that passed the whitelist (the verdict never changes)


def _name_ok(name: str) -> bool:
    if name in _NAMES_OK:
        return True
    if _NAME.match(name) or name in NAMESPACE or name in BUILTINS \
            or name in ("True", "False", "None"):
        _NAMES_OK.add(name)
        return True
    return False


def _nodes(tree: ast.AST):
    """Every node under ``tree`` (ast.walk's nodes, without its generator per node)."""
    stack = [tree]
    pop, push, AST = stack.pop, stack.append, ast.AST
    while stack:
        node = pop()
        yield node
        for name in node._fields:
            value = getattr(node, name, None)
            if type(value) is list:
                for item in value:
                    if isinstance(item, AST):
                        push(item)
            elif isinstance(value, AST):
                push(value)


def _check(tree: ast.Module) -> None:
    allowed, words, methods = _ALLOWED_TYPES, WORDS, _METHODS
    for node in _nodes(tree):
        cls = type(node)
        if cls not in allowed:
            raise UnsafeKernel(f"construct {cls.__name__} at line "
                               f"{getattr(node, 'lineno', '?')}")
        if cls is ast.Name:
            if not _name_ok(node.id):
                raise UnsafeKernel(f"name {node.id!r} at line {node.lineno}")
        elif cls is ast.Attribute:
            if node.attr not in methods:
                raise UnsafeKernel(f"attribute {node.attr!r} at line {node.lineno}")
        elif cls is ast.Constant:
            v = node.value
            if isinstance(v, str) and v not in words:
                raise UnsafeKernel(f"string {v!r} at line {node.lineno}")
            if not isinstance(v, (str, int, float, bool, type(None))):
                raise UnsafeKernel(f"constant {v!r} at line {node.lineno}")
        elif cls is ast.FunctionDef or cls is ast.arg or cls is ast.Nonlocal:
            names = node.names if cls is ast.Nonlocal else \
                [node.name if cls is ast.FunctionDef else node.arg]
            for name in names:
                if not _NAME.match(name):
                    raise UnsafeKernel(f"name {name!r} at line {node.lineno}")


@dataclass
class KernelResult:
    outcome: str
    rounds: int
    hero_wounds: int
    hero_exhaustion: int
    gold: int
    enemy_wounds: int
    ally_wounds: tuple
    ally_exhaustion: tuple
    allies_alive: tuple
    held: tuple  # per card index (hero, items..., allies..., challenge): still held
    wounds_taken: int  # every wound the Hero took, before a knock-out removed them
    decisions: list = field(default_factory=list)  # (kind, options, answer) in ask mode


@dataclass
class Kernel:
    hero: str
    challenge: str
    items: tuple
    allies: tuple
    mode: str
    digest: str
    source: str = ""
    strings: tuple = ()
    fallback: str | None = None  # why the engine must fight this combat
    fn: object = None
    kept_as: str | None = None  # a defeated challenge kept as "item", "ally" or "trophy"
    cards: tuple = ()  # (index, id, kind, Ally index) of the plan's cards, for the view
    refs: tuple = ()  # the usable abilities' refs by candidate index
    catalog: object = None
    ruleset: object = None

    def run(self, dice, player=None, gold: int = 0) -> KernelResult:
        """One combat on the dice ``dice`` (an engine ``Dice``: the kernel draws from its
        generator exactly as the engine does). ``player`` answers in ``ask`` mode."""
        if self.fn is None:
            raise RuntimeError(f"no kernel for this combat: {self.fallback}")
        decisions: list = []
        ask = None if self.mode == "bot" else self.asker(player, decisions)
        out: list = []
        self.fn(dice._rng, ask, gold, self.strings, (None,), out)
        return KernelResult(*out[0], decisions=decisions)

    def asker(self, player, record: list | None = None):
        """The ASK function of an ``ask`` kernel: each question goes to ``player`` as the
        engine would put it, with a :class:`~.kernel_view.KernelView` as the engine."""
        from .kernel_view import KernelView

        view = KernelView(self, self.catalog, self.ruleset, self.cards, self.refs)
        own = getattr(player, "kernel_asker", None)  # a player with its own table of answers
        if own is not None:
            return own(self, view, record)
        return _asker(self.hero, player, record if record is not None else [], view)

    def run_stream(self, dice, n: int, gold: int = 0, player=None) -> list[tuple]:
        """``n`` combats one after the other on ``dice``; the raw result tuples
        (KernelResult's fields in order), for the Monte Carlo. In ``ask`` mode ``player``
        answers, and its ``start_combat()`` (when it has one) is called before each."""
        if self.fn is None:
            raise RuntimeError(f"no kernel for this combat: {self.fallback}")
        out: list = []
        if self.mode == "bot":
            self.fn(dice._rng, None, gold, self.strings, (None,) * n, out)
            return out
        start = getattr(player, "start_combat", None)

        def combats():
            for _ in range(n):
                if start is not None:
                    start()
                yield None
        self.fn(dice._rng, self.asker(player), gold, self.strings, combats(), out)
        return out


def _asker(hero_id: str, player, record: list, view):
    def ask(kind, options, source, info, snap, step, rnd):
        view.update(snap, step, rnd)
        decision = Decision(kind, hero_id, list(options), source, info)
        answer = player.decide(decision, view)
        if kind == "x" and not (isinstance(answer, int) and answer >= 0):
            raise IllegalAction(f"X must be a whole number >= 0, got {answer!r}")
        if kind not in ("use_ability", "x") and answer not in decision.options:
            raise IllegalAction(f"{answer!r} is not a legal answer to {kind!r} here; legal: "
                                f"{decision.options!r}")
        record.append((kind, list(options), answer))
        return answer
    return ask


_CACHE: OrderedDict[str, Kernel] = OrderedDict()
CACHE_SIZE = 256  # kernels kept (about 75 KB each); balance compiles thousands, one per cell


def _remember(key: str, kernel: Kernel) -> None:
    _CACHE[key] = kernel
    while len(_CACHE) > CACHE_SIZE:
        old_key, _old = _CACHE.popitem(last=False)
        linecache.cache.pop(f"<kernel {old_key[:12]}>", None)


def digest(catalog, ids, ruleset: Ruleset, mode: str, flags) -> str:
    h = hashlib.sha256()
    for card_id in ids:
        h.update(json.dumps(catalog.card(card_id).data, sort_keys=True, default=str).encode())
    h.update(json.dumps([ruleset.to_dict(), mode, list(flags), list(ids)],
                        sort_keys=True, default=str).encode())
    return h.hexdigest()


def compile_kernel(catalog, hero_id: str, challenge_id: str, items=(), allies=(),
                   ruleset: Ruleset = BASE, mode: str = "bot", before_combat: bool = True,
                   escape: bool = True, hero_bonus: dict | None = None) -> Kernel:
    """The kernel of this combat (cached), or one whose ``fallback`` says why none can be
    made. ``hero_bonus`` ({stat: n}) raises the Hero's printed stats. Unknown card ids raise
    the catalog's BundleError."""
    ruleset = ruleset if ruleset is not None else BASE
    ids = (hero_id, *items, *allies, challenge_id)
    bonus = sorted((hero_bonus or {}).items())
    key = digest(catalog, ids, ruleset, mode, (before_combat, escape, bonus))
    found = _CACHE.get(key)
    if found is not None:
        _CACHE.move_to_end(key)
        return found
    kernel = Kernel(hero_id, challenge_id, tuple(items), tuple(allies), mode, key)
    try:
        plan = Plan.build(catalog, hero_id, challenge_id, items, allies, ruleset,
                          before_combat, escape, dict(bonus))
        source, strings = generate(plan, mode)
        filename = f"<kernel {key[:12]}>"
        code = checked_code(source, filename)
    except Unsupported as exc:
        kernel.fallback = str(exc)
    except (UnsafeKernel, RecursionError, KeyError, ValueError, TypeError,
            AttributeError, SyntaxError) as exc:  # a generator bug: the engine fights
        kernel.fallback = f"the kernel generator failed ({type(exc).__name__}: {exc})"
    else:
        namespace = dict(NAMESPACE)
        namespace["__builtins__"] = dict(BUILTINS)
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(code, namespace)  # noqa: S102
        kernel.source, kernel.strings, kernel.fn = source, tuple(strings), namespace["kernel"]
        kernel.cards = tuple((c.index, c.id, c.kind, c.ally) for c in plan.cards)
        kernel.refs = tuple(ab.ref for _c, ab in plan.candidates())
        kernel.catalog, kernel.ruleset = catalog, ruleset
        if plan.challenge.reward_keep:
            kernel.kept_as = plan.challenge.reward_becomes or "trophy"
    _remember(key, kernel)
    return kernel
