"""Fuzz target of the ability language (issue 22): strings from the grammar, then mutated.

Seeds are drawn from ``dsl/runebound/ability.lark`` itself (Hypothesis ``from_lark`` over the grammar,
each terminal spelt by one of its words) and from printed ASTs that the grammar can express
(``tests/strategies.py``). Each seed is then mutated: tokens inserted, deleted, duplicated
or swapped, a scoping prefix repeated up to 5,000 times, a number made thousands of digits
long, control and other odd characters put in, the text cut or upper-cased.

Every case goes through what ``check`` and ``fmt`` do with an ability string (parse, checks,
lowering, IR validation, the canonical printer and the rules text in every locale) and must

* raise nothing but the language's own errors (AbilitySyntaxError / DiagnosticError), each
  with a known code and a span inside the text (``crash``, ``bad location``);
* give only IR that validates (``invalid IR``);
* print canonical text that parses back to the same ability (``fmt not a fixed point``);
* end (``hang``: interrupted after 30 s of wall-clock time by the tally of conftest.py, which
  also counts, without failing, the cases over a second of CPU).

``RUNEFORGE_FUZZ_CASES`` sets the count (conftest.py): 300 in the normal suite, 100,000
in ``tox -e fuzz``. The counts are printed at the end of the run.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark

from runeforge.diagnostics import CODES, DiagnosticError
from runeforge.dsl import AbilitySyntaxError
from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.dsl.runebound.lexer import _TERMINAL_WORDS, ICONS, PUNCTUATION
from runeforge.dsl.runebound.parser import build_parser
from runeforge.engine.runebound.core.ir import IRError, validate_ability
from runeforge.games.runebound.abilities import canonical_text, compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

from ..strategies import ability
from .conftest import fuzz_cases, fuzz_settings

CASES = fuzz_cases(300, 100_000)
LOCALES = ("en", "fi", "pl", "el", "ru")
SKILLS = frozenset({"Swim", "Climb", "Diplomacy"})
CONTEXTS = [CardContext("item", "activated", None, SKILLS),
            CardContext("item", "one-use", None, SKILLS),
            CardContext("item", "constant", None, SKILLS),
            CardContext("hero", None, 4, SKILLS), CardContext("ally", None, None, SKILLS),
            CardContext("challenge", None, None, SKILLS)]


def _spelt(words) -> st.SearchStrategy[str]:
    return st.sampled_from(list(words)).map(lambda w: w + " ")


# ---- seeds -------------------------------------------------------------------------------------

# branch rbmarket: the lexer's seams of "draw the top card of the market deck; if it is an Ally,
# you may take it for free; otherwise, ..." (lexer_rbmarket.offer_pass)
_OFFER_SEAMS = {"OFFERIF": "; if it is an", "OFFERMAY": "; you may", "OFFERELSE": "; otherwise,"}
# a word a lexer pass reads as a terminal of its own where it stands: "never" before "lose(s)"
# (branch rblimits), a skill's name before "test(s)" (branch rbroll)
_PASS_WORDS = {"NEVER": "never", "SKILLNAME": "Stealth",
               # branch rbsubj: the words of when after "attack" (lexer_rbsubj_bar)
               "BARWHEN": "in the Ranged phase", "BARTHISROUND": "in the same round",
               # branch rbwho: words its pass makes terminals of where they stand (lexer_rbwho)
               "ENCOUNTER": "encounter", "TRAVEL": "travel", "HAZARD": "hazard",
               "LEAVE": "leaves"}


def _spell(terminal: str, rnd: random.Random) -> str:
    """One spelling of a terminal of the grammar (a word, icon, number or punctuation)."""
    if terminal == "NUMBER":
        return str(rnd.choice([0, 1, 2, 3, 4, 6, 9, 12, 20, 999]))
    if terminal == "SIGNED":
        return f"{rnd.randint(-9, 9):+d}"
    if terminal == "WORD":
        return rnd.choice(["Swim", "Climb", "Diplomacy", "Haggle"])
    if terminal == "QUOTE":
        return rnd.choice(["'", "\u2018", "\u2019"])
    if terminal == "LISTCOMMA":  # a comma inside a list of terrains (issue 32, lists)
        return ","
    if terminal == "FLOORCOMMA":  # the comma before a price's floor (session rbrules)
        return ","
    if terminal == "FLOORLPAR":  # the parenthesis before a price's floor
        return "("
    if terminal == "EACHFOR":  # branch rbmod: a "for each" bound to the object before it
        return "for"
    if terminal == "ATTACKS_NOTHING":  # branch rbverb: "attack" after "cannot", no object
        return "attack"
    if terminal == "ANDRESOLVE":  # branch rbsix2: "and resolve it" after another adventure card
        return "and resolve it"
    if terminal == "BANKED":  # branch rbverbs: "to the bank" after gold
        return "to the bank"
    if terminal in _OFFER_SEAMS:  # branch rbmarket: the seams of the market deck's offer
        return _OFFER_SEAMS[terminal]
    if terminal in _PASS_WORDS:  # a word a lexer pass makes a terminal of (rblimits, rbroll)
        return _PASS_WORDS[terminal]
    words = list(_TERMINAL_WORDS.get(terminal, ()))
    words += ["{%s}" % icon for icon, t in ICONS.items() if t == terminal]
    words += [ch for ch, t in PUNCTUATION.items() if t == terminal]
    return rnd.choice(words)


class GrammarWalker:
    """Random sentences of dsl/runebound/ability.lark, read from the compiled LALR grammar's rules.

    Past ``depth`` nested rules it takes the expansion that ends soonest, so every walk ends;
    the semantic rules the grammar cannot express (costs only first, "N or more" only in
    events ...) are left to the parser, which must then report them.
    """

    def __init__(self, parser) -> None:
        self.rules: dict[str, list[list]] = {}
        for rule in parser.rules:
            self.rules.setdefault(rule.origin.name, []).append(list(rule.expansion))
        self.height = {name: float("inf") for name in self.rules}
        changed = True
        while changed:  # the least number of nested rules each non-terminal needs
            changed = False
            for name, expansions in self.rules.items():
                best = min(1 + max((self.height.get(sym.name, 0) for sym in exp
                                    if not sym.is_term), default=0) for exp in expansions)
                if best < self.height[name]:
                    self.height[name], changed = best, True

    def _shallow(self, exp) -> float:
        return max((self.height[sym.name] for sym in exp if not sym.is_term), default=0)

    def text(self, rnd: random.Random, depth: int = 12) -> str:
        out: list[str] = []
        stack: list = [("ability", 0)]
        while stack:
            name, level = stack.pop()
            if name not in self.rules:
                out.append(_spell(name, rnd))
                continue
            options = self.rules[name]
            if level >= depth:
                least = min(self._shallow(exp) for exp in options)
                options = [exp for exp in options if self._shallow(exp) == least]
            expansion = rnd.choice(options)
            stack.extend((sym.name, level + 1) for sym in reversed(expansion))
        return " ".join(out)


# the parser built from the grammar: Hypothesis' from_lark reads its rules (the shipped tables
# that raw_parser() loads carry none)
GRAMMAR_PARSER = build_parser(False)
WALKER = GrammarWalker(GRAMMAR_PARSER)
walked_text = st.builds(lambda seed, depth: WALKER.text(random.Random(seed), depth),
                        st.integers(0, 2 ** 32), st.integers(3, 16))

# Hypothesis' own grammar strategy, each terminal spelt like _spell (slower per case: a tenth
# of the seeds), and printed ASTs (valid abilities: three tenths)
_EXPLICIT = {t: st.sampled_from(words).map(lambda w: w + " ")
             for t, words in _TERMINAL_WORDS.items()}
_EXPLICIT.update({t: st.just(ch + " ") for ch, t in PUNCTUATION.items() if t not in _EXPLICIT})
_EXPLICIT["QUOTE"] = st.sampled_from(["' ", "\u2018 ", "\u2019 "])
_EXPLICIT["NUMBER"] = st.integers(0, 20).map(lambda v: f"{v} ")
_EXPLICIT["SIGNED"] = st.integers(-9, 9).map(lambda v: f"{v:+d} ")
_EXPLICIT["WORD"] = st.sampled_from(["Swim ", "Climb ", "Haggle "])
_EXPLICIT["LISTCOMMA"] = st.just(", ")  # the lexer's comma inside a list of terrains
_EXPLICIT["FLOORCOMMA"] = st.just(", ")  # the lexer's comma before "to a minimum of"
_EXPLICIT["FLOORLPAR"] = st.just("( ")  # the lexer's parenthesis before "(to a) minimum"
_EXPLICIT["EACHFOR"] = st.just("for ")  # branch rbmod: the lexer's "for" of a bound "for each"
_EXPLICIT["ATTACKS_NOTHING"] = st.just("attack ")  # branch rbverb: "cannot attack" alone
_EXPLICIT["ANDRESOLVE"] = st.just("and resolve it ")  # branch rbsix2: after another card
_EXPLICIT["BANKED"] = st.just("to the bank ")  # branch rbverbs: the lexer's "to the bank"
_EXPLICIT.update({t: st.just(f"{w} ") for t, w in _OFFER_SEAMS.items()})  # branch rbmarket
_EXPLICIT.update({t: st.just(f"{w} ") for t, w in _PASS_WORDS.items()})  # rblimits, rbroll
# only the grammar's own terminals: a word the lexer reads in a pass ("bank", branch rbverbs) is
# no terminal of the grammar, and from_lark refuses a strategy for one
_GRAMMAR_TERMINALS = {sym.name for rule in GRAMMAR_PARSER.rules for sym in rule.expansion
                      if sym.is_term}
_EXPLICIT = {t: s for t, s in _EXPLICIT.items() if t in _GRAMMAR_TERMINALS}
grammar_text = from_lark(GRAMMAR_PARSER, start="ability", explicit=_EXPLICIT)
printed_text = ability().map(print_ability)


@st.composite
def seed(draw) -> str:
    pick = draw(st.integers(0, 9))
    if pick == 0:
        return draw(grammar_text)
    if pick <= 3:  # most walked sentences break a rule the grammar cannot express
        return draw(printed_text)
    return draw(walked_text)


# ---- mutations ---------------------------------------------------------------------------------

PREFIXES = ["Until the end of this turn, ", "If you succeed, ", "If you fail, ",
            "Every time your Hero takes 1 or more wounds, ", "you may ",
            "Every time you defeat a challenge, ", "Until the start of your next turn, "]
ODD = ["\x00", "\x1b[31m", "\t", "\r\n", "\u200b", "\u202e", "\ufeff", "\x7f", "{", "}", "{}",
       "{wound", "{WOUND}", "{gem}", "''", "\u2019s", "..", "\\", "\"", "#", "&a", "*a", "!!int",
       "%", "\U0001f5e1\ufe0f", "\u65e5\u672c\u8a9e", "\ud800", "1.5", "\uff11", "\u0663"]
WORDS = [w for words in _TERMINAL_WORDS.values() for w in words] + list(PUNCTUATION)


def mutate(text: str, rnd: random.Random) -> str:
    """Up to three mutations of ``text`` (none in a third of the cases)."""
    for _ in range(rnd.choice([0, 0, 1, 1, 2, 3])):
        text = MUTATIONS[rnd.choice(sorted(MUTATIONS))](text, rnd)
    return text


@st.composite
def mutated(draw) -> str:
    """A seed, mutated; a random generator seeded by Hypothesis makes the mutations' choices,
    so a case costs little more than the code under test."""
    return mutate(draw(seed()), random.Random(draw(st.integers(0, 2 ** 32))))


def _tokens(fn):
    def on_tokens(text: str, rnd: random.Random) -> str:
        tokens = text.split()
        fn(tokens, rnd.randint(0, len(tokens)), rnd)
        return " ".join(tokens)
    return on_tokens


@_tokens
def _insert(tokens, at, rnd):
    tokens.insert(at, rnd.choice(WORDS))


@_tokens
def _delete(tokens, at, rnd):
    if tokens:
        del tokens[min(at, len(tokens) - 1)]


@_tokens
def _duplicate(tokens, at, rnd):
    end = rnd.randint(at, len(tokens))
    tokens[at:at] = tokens[at:end] * rnd.randint(1, 3)


@_tokens
def _swap(tokens, at, rnd):
    if len(tokens) > 1:
        at, other = min(at, len(tokens) - 1), rnd.randrange(len(tokens))
        tokens[at], tokens[other] = tokens[other], tokens[at]


@_tokens
def _nest(tokens, at, rnd):
    """A scoping prefix repeated, mostly at the start of a sentence (where it parses)."""
    starts = [0] + [i + 1 for i, t in enumerate(tokens) if t.endswith((".", ","))]
    if rnd.random() < 0.8:
        at = rnd.choice(starts)
    if rnd.random() < 0.1:  # long: over the 10,000-character limit, or just under it
        count = rnd.choice([100, 200, 300, 1000, 5000])
    else:
        count = rnd.choice([rnd.randint(2, 40), 31, 32, 33, 34])
    tokens.insert(at, (rnd.choice(PREFIXES) * count).strip())


@_tokens
def _number(tokens, at, rnd):
    digits = "9" * rnd.choice([rnd.randint(4, 12), 4300, 4301, 9000])
    numbers = [i for i, t in enumerate(tokens) if re.fullmatch(r"[+-]?\d+[.,]?", t)]
    if numbers and rnd.random() < 0.7:
        i = rnd.choice(numbers)
        sign = tokens[i][0] if tokens[i][0] in "+-" else ""
        tokens[i] = sign + digits + (tokens[i][-1] if tokens[i][-1] in ".," else "")
    else:
        tokens.insert(at, rnd.choice(["", "+", "-", "0"]) + digits)


def _odd(text: str, rnd: random.Random) -> str:
    cut = rnd.randint(0, len(text))
    odd = rnd.choice(ODD) if rnd.random() < 0.7 else chr(rnd.choice(
        [rnd.randint(0, 0x7f), rnd.randint(0x80, 0xd7ff), rnd.randint(0xe000, 0x10ffff)]))
    return text[:cut] + odd + text[cut:]


MUTATIONS = {
    "insert": _insert, "delete": _delete, "duplicate": _duplicate, "swap": _swap,
    "nest": _nest, "number": _number, "odd": _odd,
    "cut": lambda text, rnd: text[:rnd.randint(0, len(text))],
    "upper": lambda text, rnd: text.upper(),
}


# ---- the properties ------------------------------------------------------------------------------

class Failure(AssertionError):
    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


def _located(code: str, start: int, end: int, text: str, what: str) -> None:
    if code not in CODES:
        raise Failure("bad location", f"{what}: unknown code {code!r}")
    if not (0 <= start < end <= max(len(text), 1) + 1):
        raise Failure("bad location", f"{what} {code}: span {start}..{end} outside the text "
                                      f"({len(text)} characters)")


def check_ability_text(text: str, ctx: CardContext, note=lambda outcome: None) -> None:
    """What `check` and `fmt` do with one ability string; raises Failure on a finding, and
    tells ``note`` how far the text got."""
    try:
        try:
            ast = parse_ability(text)
        except AbilitySyntaxError as err:
            _located(err.code, err.start, err.end, text, "syntax error")
            ast = None
        ir, findings = compile_ability(text, ctx)
        for f in findings:
            if f.span is not None:
                _located(f.code, *f.span, text, f"finding {f.message!r}")
        if ir is not None:
            try:
                validate_ability(ir)
            except IRError as err:
                raise Failure("invalid IR", str(err)) from None
            note("compiled to valid IR")
        try:
            canon = canonical_text(text)
        except DiagnosticError as err:
            for d in err.diagnostics:
                _located(d.code, d.col - 1, d.col - 1 + d.length, text, "fmt")
            canon = None
        if ast is not None:
            if canon is None or parse_ability(canon) != ast or canonical_text(canon) != canon:
                raise Failure("fmt not a fixed point", repr(canon)[:300])
            for locale in LOCALES:
                render_ability(ast, locale)
            note("parsed (fmt fixed point, rules text in 5 locales)")
        else:
            note("syntax error (RF1xx/RF3xx)")
    except Failure:
        raise
    except Exception as err:  # anything else is what exit 3 ("internal error") would report
        raise Failure("crash", f"{type(err).__name__}: {err}"[:500]) from err


@pytest.fixture(scope="module", autouse=True)
def warm():
    """Load the parser tables and every locale's catalogs before the first timed case."""
    check_ability_text("Make a magic attack. If you succeed, gain 1 gold.", CONTEXTS[0])


@fuzz_settings(CASES)
@given(text=mutated(), ctx=st.sampled_from(CONTEXTS))
def test_fuzz_ability_strings(fuzz_tally, text, ctx):
    try:
        with fuzz_tally.case(text):
            check_ability_text(text, ctx, fuzz_tally.note)
    except Failure as failure:
        fuzz_tally.fail(failure.kind)
        raise


def test_the_fuzzer_reaches_every_outcome():
    """A fuzzer that only made syntax errors would prove little: on a fixed sample of walked
    and mutated text it also reaches the nesting, number and length limits, semantic
    findings, and abilities that compile."""
    rnd = random.Random(22)
    codes, compiled = set(), 0
    wanted = {"RF301", "RF302", "RF303", "RF304", "RF305", "RF108", "RF406"}
    # the same walk as before, for as long as it takes, up to 20,000 texts: the nesting limit
    # needs a walk that parses and a nest of 33 or more prefixes on it, about 1 in 5,000 walks,
    # and each rule added moves where in the walk that happens (branch rbtrig: at walk 5,508)
    for _ in range(20000):
        ir, findings = compile_ability(mutate(WALKER.text(rnd, rnd.randint(3, 16)), rnd),
                                       CONTEXTS[0])
        codes.update(f.code for f in findings)
        compiled += ir is not None
        if wanted <= codes and compiled:
            break
    assert wanted <= codes, codes
    # part III's grammar walks into many more sentences that check refuses for what they say
    # (random subjects with random verbs): 4 of this fixed sample compiled, from 10 or more;
    # at session lang4 2 do (2 to 7 over seeds 1-3 and 22: how many is the walk's luck, each
    # rule added moves it), so the test asks that some do
    assert compiled >= 1
