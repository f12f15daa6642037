"""Parse a Delve ability (``delve.lark``, LALR(1) over :mod:`.lexer`'s words) into
:mod:`.nodes`.

The transformer (:mod:`.words`, :mod:`.clauses`) builds values as the parser reduces;
:mod:`.build` makes each sentence's clauses and modifiers the AST. A text that does not parse
is an :class:`AbilitySyntaxError` located at the first word that cannot be read: RF302 for a
word the dialect does not know, RF301 for a known word out of place, RF303 when the text
stops early; its hint is a whole sentence close to the text that parses (:mod:`.hints`), or
else the words that may stand there. Limits (issue 37): RF108 for a text over
``MAX_TEXT`` characters, RF305 for a number over ``MAX_NUMBER``, RF304 for a sentence whose
modifiers nest deeper than ``MAX_NESTING``."""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, VisitError

from .. import larktables
from ..errors import AbilitySyntaxError
from ..pkgfiles import files as package_files
from . import (  # issue 32 (branch dadv2)
    move_end_dmove,  # issue 32 (branch dmove)
    prohibit_dadv2,
    spawn_dadv2,
)
from . import nodes as n
from .behaviour_dsight import activation_move  # issue 32 (branch dsight)
from .build import body_effects
from .clauses import Tree2Ast
from .hero_states_dhero import slain_one  # issue 32 (branch dhero)
from .hints import explain
from .lexer import DISPLAY, HELD, TERMINAL_WORDS, VOCABULARY, DelveLexer, tokenize
from .limits import MAX_NESTING
from .reach_ddice import combat_when_adjacent  # issue 32 (branch ddice)
from .target_dtarget import activation_attack  # issue 32 (branch dtarget)
from .words import YOU, span_of, spanned_rules, tspan

__all__ = ["VOCABULARY", "interactive", "parse_ability", "parser"]

NUMBER_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@spanned_rules
class _ToAst(Tree2Ast):
    """The forms: a header (a cost, a name, "Spend a hero die") over the body."""

    def __init__(self, text_of):
        super().__init__()
        self._text = text_of

    def _finish(self, meta, ch, form):
        text = self._text()
        name = next((str(c) for c in ch if isinstance(c, Token) and c.type == "NAME"), "")
        cost = next((c for c in ch if isinstance(c, n.Cost)), None)
        sentences = next(c for c in ch if isinstance(c, list))
        effects, info = body_effects(sentences, text)
        span = span_of(meta)
        if not effects:
            end = len(text.rstrip())
            raise AbilitySyntaxError("the ability says when or how often, but not what happens",
                                     max(0, end - 1), end, code="RF303",
                                     hint="add an effect: 'Every time you slay an adversary, "
                                          "gain 1 renown.'")
        prohibit_dadv2.check_presence(getattr(info, "presence", []), effects,   # dadv2
                                      form == "rule" and info.trigger is None)
        if info.trigger is not None:
            event, ev_span = info.trigger
            if form != "rule":
                raise AbilitySyntaxError("a trigger ('every time …', 'at the end of …') "
                                         "makes a rule of its own, with no cost", *ev_span,
                                         code="RF926", hint="write it as an ability of its "
                                         "own: 'Every time you slay an adversary, …'")
            limit = info.limit
            if info.round_span is not None and event["event"] not in OWN_TURN:
                limit = "round"   # fires in any turn: counted per round (branch delveseven)
            return _trigger(event, ev_span, effects, name, limit, span)
        spawn_dadv2.game_limit(info.limit, span)   # once a game: a trigger's (branch dadv2)
        if form == "spend":
            return n.Spend(cost, effects, info.limit, span)
        if form == "action":
            return n.Action(name, cost, effects, info.limit, span)
        return n.Constant(effects, span, name, info.limit)

    def action(self, meta, ch):
        return self._finish(meta, ch, "action")

    def action_needs(self, meta, ch):
        number = next(c for c in ch if isinstance(c, Token) and c.type == "NUMBER")
        cost = n.Cost(number.value, False, tspan(number),
                      tspan(number))
        return self._finish(meta, [c for c in ch if c is not number] + [cost], "action")

    def spend(self, meta, ch):
        return self._finish(meta, ch, "spend")

    def labelled(self, meta, ch):
        return self._finish(meta, ch, "rule")

    def plain(self, meta, ch):
        return self._finish(meta, ch, "rule")


# a hero's events that fire only in its own turn: there "once per round" is "once per turn"
# (a hero has one turn a round; delve9, delveseven)
OWN_TURN = ("spent", "slay", "explored", "explored_empty", "recuperated", "turn_start",
            "turn_end")


def _trigger(event: dict, ev_span, effects, name, limit, span) -> n.Trigger:
    kind = event["event"]
    who = event.get("who")
    if kind in ("slain", "activated") and who == "self":
        who = n.Selector("self", "adversary")
    if who == "you":
        who = None
    if kind == "wounds" and (not isinstance(who, n.Selector) or who.quantity != "self"
                             or who.side != "adversary"):   # branch dtarget
        raise AbilitySyntaxError("only an adversary's own rule runs when its attack wounds a "
                                 "hero", *event["span"], code="RF925",
                                 hint="write 'When this adversary wounds a hero, …' on the "
                                      "adversary's card")
    if kind == "wounds":   # any hero it wounds (branch dtarget)
        obj = event["obj"]
        if obj.side != "hero" or obj.quantity not in ("one", "any") or obj.filters:
            raise AbilitySyntaxError("the rule runs after each of its attacks that wounds a "
                                     "hero, whichever hero", *obj.span, code="RF925",
                                     hint="write 'When this adversary wounds a hero, …' and "
                                          "name the hero 'that hero'")
    if kind in ("pushed", "pulled", "activated") and (who is None or who.quantity != "self"
                                         or who.side != "adversary"):
        at = who.span if isinstance(who, n.Selector) else event["span"]
        raise AbilitySyntaxError(f"only an adversary's own {kind} rule runs", *at,
                                 code="RF925", hint=f"write 'When this adversary is "
                                                    f"{kind}, …' on the adversary's card")
    if kind == "approached":
        _approached(who, event)
    if kind == "move_ended":   # "When a hero ends its move adjacent to this adversary" (dmove)
        move_end_dmove.check(who, event)
    if kind == "missed":
        who = _missed(who, event)
    if kind == "attacks" and event.get("obj") is not None:
        _attacked_hero(event["obj"])
    if kind == "slay" and event.get("obj") is not None:
        obj = event["obj"]
        if obj.side != "adversary" or obj.quantity not in ("one", "another"):
            raise AbilitySyntaxError("a slay rule counts one adversary at a time", *obj.span,
                                     hint="write 'Every time you slay an adversary, …'")
        who = slain_one(obj)   # "an adversary with 4 or more Vigour": only those (dhero)
    return n.Trigger(kind, effects, event.get("range"), span, who, name, limit, ev_span,
                     tuple(event.get("faces", ())))


def _attacked_hero(obj) -> None:
    """An adversary's 'attacks' rule runs after each of its attacks, whichever hero it
    attacks: one that names the hero ("After this adversary attacks the hero with the most
    wounds, …") would run after its other attacks too, so it is refused at the words."""
    if obj.side == "hero" and obj.quantity in ("one", "any") and not obj.filters:
        return   # "After this adversary attacks a hero, …": every attack
    raise AbilitySyntaxError("an adversary's 'attacks' rule runs after each of its attacks, "
                             "whichever hero it attacks", *obj.span, code="RF925",
                             hint="write 'After this adversary attacks, …' and name the hero "
                                  "'the hero it attacked'")


def _approached(who, event) -> None:
    """The engine fires "an adversary moves adjacent to you" on a hero's card, for the
    adversaries its selector picks (issue 32, session delve7); nothing else."""
    ref = event.get("ref")
    if isinstance(ref, n.Selector) and ref.quantity == "self" and ref.side == "adversary":
        return _hero_approaches(who, event)   # an adversary's rule (branch delveseven)
    if ref is not YOU:
        at = ref.span if isinstance(ref, n.Selector) else event["span"]
        raise AbilitySyntaxError("only a hero's rule on an adversary moving adjacent to it "
                                 "runs", *at, code="RF925",
                                 hint="write 'Whenever an adversary moves adjacent to you, "
                                      "…' on a hero's card")
    if not isinstance(who, n.Selector) or who.side != "adversary" or who.quantity in (
            "self", "it", "that", "them", "target", "slayer", "attacked", "wounder"):
        at = who.span if isinstance(who, n.Selector) else event["span"]
        raise AbilitySyntaxError("the rule watches adversaries moving", *at, code="RF925",
                                 hint="write 'Whenever an adversary moves adjacent to you, …'")


def _hero_approaches(who, event) -> None:
    """"When a hero moves adjacent to this adversary": an adversary's rule on a hero that ends
    a move adjacent to it (branch delveseven; game/events.approached)."""
    if not isinstance(who, n.Selector) or who.side != "hero" or who.quantity not in (
            "one", "each"):
        at = who.span if isinstance(who, n.Selector) else event["span"]
        raise AbilitySyntaxError("the rule watches heroes moving", *at, code="RF925",
                                 hint="write 'When a hero moves adjacent to this adversary, "
                                      "…'")


def _missed(who, event) -> n.Selector:
    """"When a hero attacks this adversary and misses": an adversary's rule on a hero's miss
    at it (issue 32, session delve7); the trigger's figure is the adversary."""
    obj = event["obj"]
    if obj.quantity != "self" or obj.side != "adversary":
        raise AbilitySyntaxError("only an adversary's rule on a miss at it runs", *obj.span,
                                 code="RF925", hint="write 'When a hero attacks this adversary "
                                                    "and misses, …' on the adversary's card")
    if not isinstance(who, n.Selector) or who.side != "hero" or who.filters \
            or who.quantity not in ("one", "each"):
        at = who.span if isinstance(who, n.Selector) else event["span"]
        raise AbilitySyntaxError("any hero's miss counts", *at, code="RF925",
                                 hint="write 'When a hero attacks this adversary and misses, …'")
    return obj


def _grammar() -> str:
    return package_files(__package__).joinpath("delve.lark").read_text(encoding="utf-8")


def _shared_dir() -> str:
    return str(package_files("runeforge.dsl"))


class _Text:
    """The text being parsed, for the transformer (agreement hints quote it)."""

    value = ""

    def __call__(self):
        return self.value


_TEXT = _Text()


_OPTIONS = {"parser": "lalr", "start": "ability", "maybe_placeholders": False,
            "propagate_positions": True, "lexer": "delve.DelveLexer"}
TABLES = "delve.tables.json"


def tables_key() -> str:
    shared = package_files("runeforge.dsl").joinpath("shared.lark").read_text(encoding="utf-8")
    return larktables.grammar_key([_grammar(), shared], _OPTIONS)


def build_parser(with_transformer: bool = True) -> Lark:
    """The parser with its tables computed from the grammar (no stored tables)."""
    return Lark(_grammar(), parser="lalr", lexer=DelveLexer, start="ability",
                transformer=_ToAst(_TEXT) if with_transformer else None,
                import_paths=[_shared_dir()], propagate_positions=True,
                maybe_placeholders=False)


@lru_cache(maxsize=None)
def parser(with_transformer: bool = True) -> Lark:
    # the shipped tables (larktables) when they match the grammars, else built here
    return larktables.load(__package__, TABLES, tables_key(), DelveLexer,
                           lambda: build_parser(with_transformer),
                           transformer=_ToAst(_TEXT) if with_transformer else None,
                           propagate_positions=True)[0]


def interactive():
    """(the bare LALR parser, {terminal: words}) for editor completion."""
    words = {t: list(ws) for t, ws in TERMINAL_WORDS.items()}
    words.update(LPAR=["("], RPAR=[")"], COLON=[":"], COMMA=[","], DOT=["."], PLUS=["+"],
                 SEMI=[";"], NUMBER=[])
    return parser(False), words


def _depth(effects) -> tuple[int, object]:
    """The deepest nesting of durations and conditions, and the node at that depth."""
    deepest, where = 0, None
    stack = [(e, 1) for e in effects if isinstance(e, (n.Until, n.Rider))]
    while stack:
        node, d = stack.pop()
        if d > deepest:
            deepest, where = d, node
        stack.extend((e, d + 1) for e in node.effects if isinstance(e, (n.Until, n.Rider)))
    return deepest, where


def parse_ability(text: str):
    """The AST of ``text``; AbilitySyntaxError (with offsets) when it does not parse."""
    if not isinstance(text, str):
        raise AbilitySyntaxError("an ability must be a string", 0, 1)
    if not text.strip():
        raise AbilitySyntaxError("the ability is empty", 0, 1, code="RF303",
                                 hint="write the ability text, or remove the empty entry")
    tokens = list(tokenize(text))       # RF108 / RF305 before the parser reads anything
    previous, _TEXT.value = _TEXT.value, text
    try:
        HELD.hold(text, tokens)         # the parser's lexer reads these, not a second pass
        ability = parser().parse(text)
    except UnexpectedInput as err:
        raise explain(err, text, parse_ability) from None
    except VisitError as err:  # pragma: no cover - the inline transformer raises directly
        raise err.orig_exc from None
    finally:
        _TEXT.value = previous
        HELD.take(text)                 # not held past this parse (a parse that failed early)
    ability = combat_when_adjacent(ability)   # "Attack every adjacent adversary, Hit 5, …" (ddice)
    ability = activation_attack(ability)   # an adversary's attack line (branch dtarget)
    ability = activation_move(ability)   # an adversary's behaviour sentence (branch dsight)
    depth, node = _depth(ability.effects)
    if depth > MAX_NESTING:
        raise AbilitySyntaxError(f"this sentence nests {depth} modifiers such as 'if it "
                                 f"hits,' or 'until …,'; the limit is {MAX_NESTING}",
                                 node.span[0], node.span[0] + 2, code="RF304",
                                 hint="split the ability into several sentences")
    return ability


def display(terminal: str) -> str:
    return DISPLAY.get(terminal, terminal.lower())
