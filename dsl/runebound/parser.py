"""Parse ability text into the AST (``parse_ability``).

Lark LALR(1) with the tokenizer of lexer.py; the AST is built during the parse by a
transformer (no intermediate tree). Errors become :class:`AbilitySyntaxError` with the
offset of the offending word and an explanation in words.
"""

from __future__ import annotations

import re
import threading
from functools import lru_cache

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .. import larktables
from ..errors import AbilitySyntaxError
from ..pkgfiles import files as package_files
from . import nodes as n
from .expect import explain_unexpected
from .lexer import AbilityLexer
from .limits import MAX_NESTING, MAX_TEXT, check_nesting
from .parser_branching import BranchingRules  # families 1-3 (issue 21)
from .parser_parts import (
    COST_TYPES,
    EFFECT_COSTS,
    _check_amounts,
    _constant,
    _ints,
    _is_cost,
    _Items,
    _items,
    _joined,
    _Marker,
    _node,
    _only_costs,
    _Seq,
    _sp,
    _values,
    _word,
    ally_cost,
)
from .parser_rewards import RewardRules  # issue 32 (session rbcard): 'Reward: 3 gold.'

# the spans of "If your attack succeeds/fails," of the parse under way (parse_ability clears it)
_ATTACK_OUTCOMES: list[tuple[int, int]] = []


def _check_attack_outcomes(costs, walked) -> list:
    """'If your attack succeeds' says the result of an attack: the attack or test it follows
    must be an attack (after a test it would mean another thing than 'If you succeed').
    Returns the spans of those that follow no attack or test (branch rbseven: triggers)."""
    if not _ATTACK_OUTCOMES:
        return []
    tried = sorted((node.span[0], isinstance(node, n.Attack))
                   for nodes in [list(n.walk(c)) for c in costs] + walked for node in nodes
                   if isinstance(node, (n.Attack, n.Test)) and node.span)
    outcomes, _ATTACK_OUTCOMES[:] = list(_ATTACK_OUTCOMES), []
    lone = []
    for start, end in outcomes:
        before = [is_attack for at, is_attack in tried if at < start]
        if before and not before[-1]:
            raise AbilitySyntaxError(
                "'If your attack ...' follows a test, not an attack", start, end,
                hint="write 'If you succeed,' or 'If you fail,' for the test's result")
        if not before:
            lone.append((start, end))
    return lone


class _ToAst(BranchingRules, RewardRules, Transformer):  # BranchingRules: families 1-3
    # ---- ability ----------------------------------------------------------------
    def ability(self, ch):
        ch = self.merge_otherwise(ch)  # family 1 (issue 21): "Otherwise, ..."
        tag = limits = window = limits_span = None
        sentences = []
        for c in ch:
            if isinstance(c, _Marker) and c.kind in ("tag", "limit", "window"):
                if c.kind == "tag":
                    tag = c.value
                elif c.kind == "limit":
                    limits, limits_span = c.value, c.span
                else:
                    window = c.value
            else:
                sentences.append(c)
        for s in sentences:  # before anything else walks the sentences
            check_nesting(s.value[1] if isinstance(s, _Marker) else s)
        costs, style = (), None
        first = sentences[0]
        if isinstance(first, _Marker):  # "<costs> to <effect>."
            costs, sentences[0] = first.value
            style = "to"
        elif any(isinstance(c, COST_TYPES) for c in _items(first)) and _only_costs(first) \
                and not (len(sentences) == 1 and all(isinstance(c, EFFECT_COSTS)
                                                     for c in _items(first))):
            costs, style = tuple(_items(first)), "sentence"
            sentences.pop(0)
            if not sentences:
                raise AbilitySyntaxError(
                    "the ability pays its costs but does nothing", *first.span,
                    hint="add 'to <effect>' or a sentence with the effect")
        walked = []  # every node of each sentence: one walk, used by both checks below
        for s in sentences:
            if isinstance(s, _Marker):
                raise AbilitySyntaxError(
                    "a cost can only start the ability", *s.span,
                    hint="write it first: 'Activate to ...' or 'Activate and take 1 "
                         "exhaustion. ...'")
            nodes = n.walk_list(s)
            walked.append(nodes)
            costly = [node for node in nodes if isinstance(node, COST_TYPES)]
            if not costly:  # most sentences (issue 38: no second pass then)
                continue
            paid_inside = {id(c) for node in nodes if isinstance(node, (n.PayTo, n.PayOr))
                           for c in node.costs}  # issue 32: "pay 1 gold to ..." in the text
            for node in costly:
                if id(node) not in paid_inside and not isinstance(node, EFFECT_COSTS):
                    raise AbilitySyntaxError(
                        "a cost can only start the ability", *node.span,
                        hint="write it first: 'Activate to ...' or 'Activate and take 1 "
                             "exhaustion. ...'")
        for nodes in [n.walk_list(c) for c in costs] + walked:
            _check_amounts(nodes)
        lone = _check_attack_outcomes(costs, walked)
        if lone:  # branch rbseven: an attack's result that no attack before it answers
            sentences = parser_rbseven.lone_outcomes_as_triggers(sentences, lone, tag)
            walked = [n.walk_list(s) for s in sentences]
        ability = n.Ability(tag=tag, limits=limits or (), window=window, costs=costs,
                            cost_style=style, sentences=tuple(sentences), span=_sp(ch),
                            limits_span=limits_span)
        # the walk the checks and the lowering read (n.ability_nodes), already made here
        object.__setattr__(ability, "_nodes", [node for nodes in walked for node in nodes])
        return ability

    def sentence(self, ch):
        return ch[0]

    # ---- tags, limits, windows ----------------------------------------------------------
    def _tag(name):
        return lambda self, ch: _Marker("tag", name, _sp(ch))

    tag_before_combat = _tag("before_combat")
    tag_ranged = _tag("ranged")
    tag_melee = _tag("melee")
    tag_magic = _tag("magic")
    tag_any_phase = _tag("any_phase")
    tag_all_phases = _tag("all_phases")

    def limit(self, ch):
        return _Marker("limit", tuple(_values(ch)), _sp(ch))

    per_turn = _constant("turn")
    per_combat = _constant("combat")
    per_round = _constant("round")
    during_before_combat = _constant("before_combat")

    def _window(name):
        return lambda self, ch: _Marker("window", name, _sp(ch))

    before_moving = _window("before_moving")
    after_moving = _window("after_moving")
    start_of_turn = _window("start_of_turn")
    end_of_turn = _window("end_of_turn")
    market_step = _window("market_step")
    after_combat = _window("after_combat")
    defeat_challenge = _window("defeat_challenge")
    knocked_out = _window("knocked_out")

    # ---- sentence prefixes ----------------------------------------------------------------
    def _nested(self, effect):
        if isinstance(effect, _Marker):
            raise AbilitySyntaxError("costs ('... to ...') can only start the ability",
                                     *effect.span, hint="move the costs to the first sentence")
        return effect

    def if_succeed(self, ch):
        return n.Outcome("success", self._nested(ch[-1]), span=_sp(ch))

    def if_fail(self, ch):
        return n.Outcome("failure", self._nested(ch[-1]), span=_sp(ch))

    # issue 32 (session variants): "If it succeeds," is "If you succeed,"; "If your attack
    # succeeds," too, but only of an attack (checked in ``ability``: not of a test)
    def if_attack_succeed(self, ch):
        _ATTACK_OUTCOMES.append(_sp(ch))
        return self.if_succeed(ch)

    def if_attack_fail(self, ch):
        _ATTACK_OUTCOMES.append(_sp(ch))
        return self.if_fail(ch)

    def during(self, ch):
        return n.During(ch[0], self._nested(ch[-1]), span=_sp(ch))

    def trigger_first(self, ch):
        event = _values(ch)[0]
        return n.Trigger(event, self._nested(ch[-1]), event_first=True, span=_sp(ch))

    def phrase(self, ch):
        parts = _values(ch)
        before = parts[0]
        has_to = any(isinstance(c, Token) and c.type in ("TO", "COLON") for c in ch)
        after = parts[1] if has_to else None
        event = parts[-1] if not isinstance(parts[-1], _Marker) else None
        if after is None:
            effect = _joined(before)
            if event is not None:
                _no_choice_before_trigger(effect, ch)
                effect = n.Trigger(event, effect, event_first=False, span=_sp(ch))
            return effect
        may, items = before.value
        if may:
            raise AbilitySyntaxError("'you may' cannot stand before costs", *before.span,
                                     hint="using an ability is always optional; write "
                                          "'you may' after 'to' if the effect is optional")
        items = _Items([ally_cost(i) for i in items], items.span)
        for item in items:
            if not _is_cost(item):
                raise AbilitySyntaxError(
                    "only costs can come before 'to'", *item.span,
                    hint="costs are: Activate, Discard, take N exhaustion, take N wounds, "
                         "pay N gold")
        effect = _joined(after)
        if event is not None:
            _no_choice_before_trigger(effect, ch)
            effect = n.Trigger(event, effect, event_first=False, span=_sp(ch))
        return _Marker("costed", (tuple(items), effect), _sp(ch))

    def may(self, ch):
        return _Marker("actions", (True, ch[-1]), _sp(ch))

    def plain(self, ch):
        return _Marker("actions", (False, ch[0]), _sp(ch))

    def action_list(self, ch):
        return _Items(_values(ch), _sp(ch))

    # ---- costs and clauses ---------------------------------------------------------------
    activate = _node(lambda ch, s: n.Activate(span=s))
    discard_card = _node(lambda ch, s: n.DiscardCard(False, span=s))
    discard_this_card = _node(lambda ch, s: n.DiscardCard(True, span=s))
    pay_gold = _node(lambda ch, s: n.PayGold(_values(ch)[0], span=s))
    take = _node(lambda ch, s: n.Suffer(_values(ch)[0], _values(ch)[1], None, span=s))
    subject_takes = _node(lambda ch, s: n.Suffer(_values(ch)[1], _values(ch)[2], _values(ch)[0],
                                                 span=s))
    modifier = _node(lambda ch, s: n.Modifier(_values(ch)[0], _values(ch)[1],
                                              _ints(ch, ("SIGNED",))[0], span=s))
    costs_less = _node(lambda ch, s: n.CostModifier(_values(ch)[0], delta=-_ints(ch)[0], span=s))
    costs_more = _node(lambda ch, s: n.CostModifier(_values(ch)[0], delta=_ints(ch)[0], span=s))
    costs_double = _node(lambda ch, s: n.CostModifier(_values(ch)[0], factor=2, span=s))
    attack = _node(lambda ch, s: n.Attack(_values(ch)[0], None, span=s))
    attack_with = _node(lambda ch, s: n.Attack(_values(ch)[0], _ints(ch, ("SIGNED",))[0],
                                               span=s))
    inflict = _node(lambda ch, s: n.Inflict(_values(ch)[0], _values(ch)[1], span=s))
    cancel = _node(lambda ch, s: n.Cancel(_values(ch)[0], _values(ch)[1], span=s))
    heal = _node(lambda ch, s: n.Heal(_values(ch)[0], _values(ch)[1], _values(ch)[2], span=s))
    movement_dice = _node(lambda ch, s: n.MovementDice(_values(ch)[0], span=s))
    gain_gold = _node(lambda ch, s: n.GainGold(_values(ch)[0], span=s))
    draw_market = _node(lambda ch, s: n.DrawMarket(_values(ch)[0], span=s))
    cannot_escape = _node(lambda ch, s: n.Restrict("escape", span=s))
    allies_cannot_attack = _node(lambda ch, s: n.Restrict("ally_attack", span=s))
    # ---- family 7: combat
    extra_wounds = _node(lambda ch, s: n.ExtraWounds(_ints(ch)[0], (_values(ch) or [None])[0],
                                                     span=s))
    inflict_additional = _node(lambda ch, s: n.InflictAdditional(_values(ch)[0], _values(ch)[1],
                                                                  span=s))
    reroll = _node(lambda ch, s: n.Reroll(span=s))
    wound_cap = _node(lambda ch, s: n.WoundCap(_values(ch)[0], _ints(ch)[0], span=s))
    immune = _node(lambda ch, s: n.Immune(_values(ch)[0], span=s))
    attack_other = _node(lambda ch, s: n.AttackOther(_values(ch)[0], span=s))

    def test(self, ch):
        vals = _values(ch)
        skill = vals[1] if len(vals) > 1 else None
        return n.Test(vals[0], skill, _ints(ch)[0], span=_sp(ch))

    def skill(self, ch):
        return _word(" ".join(str(t) for t in ch), _sp(ch))

    def move(self, ch):
        opts = set(_values(ch)[1:])
        return n.Move(_values(ch)[0], "any_direction" in opts, "instead_of_rolling" in opts,
                      span=_sp(ch))

    any_direction = _constant("any_direction")
    instead_of_rolling = _constant("instead_of_rolling")

    # ---- amounts, targets, words -------------------------------------------------------------
    fixed = _node(lambda ch, s: n.Amount("fixed", tuple(_ints(ch)), span=s))
    one = _node(lambda ch, s: n.Amount("fixed", (1,), span=s))  # "one wound" (issue 32)
    x = _node(lambda ch, s: n.Amount("x", (), span=s))
    choice = _node(lambda ch, s: n.Amount("choice", tuple(_ints(ch)), span=s))
    up_to = _node(lambda ch, s: n.Amount("up_to", tuple(_ints(ch)), span=s))
    all = _node(lambda ch, s: n.Amount("all", (), span=s))
    at_least = _node(lambda ch, s: n.Amount("at_least", tuple(_ints(ch)), span=s))

    you = _constant("you")
    hero = _constant("hero")
    enemy = _constant("enemy")
    ally = _constant("ally")
    hero_or_ally = _constant("hero_or_ally")
    each_ally = _constant("each_ally")
    each_hero = _constant("each_hero")
    each_other_hero = _constant("each_other_hero")
    another_hero = _constant("another_hero")

    def subject(self, ch):
        return ch[0]

    def market_subjects(self, ch):
        return _Seq(_values(ch), _sp(ch))

    items = _constant("item")
    allies = _constant("ally")
    wounds = _constant("wound")
    exhaustion = _constant("exhaustion")

    def tokens(self, ch):
        return _Seq(_values(ch), _sp(ch))

    mind = _constant("mind")
    body = _constant("body")
    spirit = _constant("spirit")
    ranged = _constant("ranged")
    melee = _constant("melee")
    magic = _constant("magic")
    life = _constant("life")
    stamina = _constant("stamina")
    damage = _node(lambda ch, s: _word(f"{_values(ch)[0]}_damage", s))
    roll_bonus = _node(lambda ch, s: _word(f"{_values(ch)[0]}_roll", s))
    escape_roll = _node(lambda ch, s: _word("escape_roll", s))  # issue 32 (session sequence)
    movement_dice_stat = _constant("movement_dice")

    def stat(self, ch):
        return ch[0]

    def attribute(self, ch):
        return ch[0]

    # ---- durations and events ------------------------------------------------------------------
    until_end_of_combat = _constant("end_of_combat")
    until_end_of_round = _constant("end_of_round")
    until_end_of_turn = _constant("end_of_turn")
    until_start_of_next_turn = _constant("start_of_next_turn")

    takes_wounds = _node(lambda ch, s: n.TakesWounds(_values(ch)[0], _values(ch)[1], None,
                                                     span=s))
    takes_wounds_in_phase = _node(lambda ch, s: n.TakesWounds(_values(ch)[0], _values(ch)[1],
                                                              _values(ch)[2], span=s))
    defeat_challenge_event = _node(lambda ch, s: n.DefeatChallenge(span=s))
    knocked_out_event = _node(lambda ch, s: n.KnockedOut(span=s))


# ---- family 5/6: decks and cards, economy and experience (issue 21)
from . import parser_decks  # noqa: E402

parser_decks.install(_ToAst)


def _grammar_text() -> str:
    return package_files(__package__).joinpath("ability.lark").read_text(encoding="utf-8")


_OPTIONS = {"parser": "lalr", "start": "ability", "maybe_placeholders": False,
            "lexer": "runebound.AbilityLexer"}
TABLES = "ability.tables.json"


def tables_key() -> str:
    return larktables.grammar_key([_grammar_text()], _OPTIONS)


def build_parser(with_transformer: bool = True) -> Lark:
    """The parser with its tables computed from the grammar (no stored tables)."""
    return Lark(_grammar_text(), parser="lalr", lexer=AbilityLexer, start="ability",
                transformer=_ToAst() if with_transformer else None,
                maybe_placeholders=False)


@lru_cache(maxsize=None)
def _parser(with_transformer: bool = True) -> Lark:
    # the shipped tables (larktables) when they match the grammar, else built here
    return larktables.load(__package__, TABLES, tables_key(), AbilityLexer,
                           lambda: build_parser(with_transformer),
                           transformer=_ToAst() if with_transformer else None)[0]


def raw_parser() -> Lark:
    """The bare Lark LALR parser over the same grammar and tokenizer (tree output), for
    benchmarks."""
    return _parser(False)


def interactive():
    """(the bare LALR parser, {terminal: words}) for completion: the words the tokenizer
    reads as each terminal, with the icons ({wound}) and the punctuation."""
    from .lexer import _TERMINAL_WORDS, ICONS

    words = {t: list(ws) for t, ws in _TERMINAL_WORDS.items()}
    for icon, terminal in ICONS.items():
        words.setdefault(terminal, []).append("{%s}" % icon)
    words.update(COLON=[":"], COMMA=[","], DOT=["."])
    return raw_parser(), words


# texts longer than this get no whole-sentence hint (the repair parses the text many times)
MAX_HINTED = 400


def _ends_in_choice(node) -> bool:
    if isinstance(node, n.And):
        return _ends_in_choice(node.items[-1])
    return isinstance(node, n.Choice)


def _no_choice_before_trigger(effect, ch) -> None:
    """"A or B every time X": does the trigger start the choice or only its last option? The
    choice's text ends the sentence ("choose one: A; or B"), so the trigger is said first."""
    if _ends_in_choice(effect):
        raise AbilitySyntaxError(
            "a choice cannot be followed by 'every time …'", *_sp(ch),
            hint="say the trigger first: 'Every time <event>, choose one: <option>; or "
                 "<option>.'")


# One parse at a time: the parser and its transformer are one shared object, and the parse
# under way keeps marks in them and in the lists above (windows and "against" said after an
# effect, attack outcomes). The studio, the table and the language server parse in threads.
# Reentrant: a failed parse's hint (repair.py) parses candidate texts inside it.
_PARSING = threading.RLock()


def _fresh_state() -> None:
    """Forget the marks of any parse before (one that failed leaves them behind)."""
    parser_core._AGAINST.clear()
    parser_core._WINDOWS.clear()
    _ATTACK_OUTCOMES.clear()


def _bare_parse(text: str):
    """Parse without explaining errors (the repair tries many texts)."""
    with _PARSING:
        _fresh_state()
        return _parser().parse(text)


def parse_ability(text: str) -> n.Ability:
    """Parse one ability. Raises AbilitySyntaxError (with offsets into ``text``)."""
    if not isinstance(text, str):
        raise AbilitySyntaxError("an ability must be a string", 0, 1)
    if not text.strip():
        raise AbilitySyntaxError("the ability is empty", 0, 1, code="RF303",
                                 hint="write the ability text, or remove the empty entry")
    if len(text) > MAX_TEXT:
        raise AbilitySyntaxError(
            f"the ability is {len(text):,} characters long; the limit is {MAX_TEXT:,}",
            MAX_TEXT, len(text), code="RF108", hint="split it into several abilities")
    with _PARSING:
        return _parse(text)


def _parse(text: str) -> n.Ability:
    _fresh_state()  # issue 32: nothing of a failed parse before
    try:
        return _parser().parse(text)
    except AbilitySyntaxError as err:
        if getattr(err, "window_first", None):
            _window_first(err, text)
        if getattr(err, "won_first", None):
            _won_first(err, text)
        if getattr(err, "rewrite", None):  # issue 32 (session np): the words to write instead
            _rewrite(err, text)
        raise
    except UnexpectedInput as err:
        explained = explain_unexpected(err, text)
        if len(text) <= MAX_HINTED:  # issue 32: a whole sentence that parses, as the hint
            from .repair import sentence_hint

            token = getattr(err, "token", None)
            expected = set(getattr(err, "expected", ()) or getattr(err, "accepts", ()) or ())
            at = (len(text), len(text)) if token is None or token.type == "$END" \
                else (token.start_pos, token.end_pos)
            try:
                better = sentence_hint(_bare_parse, text, *at, expected)
            except RecursionError:  # pragma: no cover - bounded; a safety net only
                better = None
            if better is not None:
                explained.hint = better
            elif explained.hint and explained.hint.startswith("did you mean"):
                explained.hint = None  # its word fails again there (repair found none)
        raise explained from None
    except Exception as err:  # errors raised inside the transformer arrive wrapped
        inner = getattr(err, "orig_exc", None)
        if isinstance(inner, AbilitySyntaxError):
            if getattr(inner, "window_first", None):
                _window_first(inner, text)
            if getattr(inner, "won_first", None):
                _won_first(inner, text)
            if getattr(inner, "rewrite", None):
                _rewrite(inner, text)
            raise inner from None
        raise


def _window_first(err: AbilitySyntaxError, text: str) -> None:
    """A window said after the effect where it cannot be (parser_core.trailing_window): the
    hint is the text with the window written first, when that parses."""
    rest = (text[:err.start].rstrip() + text[err.end:]).strip()
    proposal = f"{err.window_first}, {rest[:1].lower()}{rest[1:]}"
    try:
        _bare_parse(proposal)
    except Exception:  # noqa: BLE001 - no proposal then; the hint says what to do
        return
    err.hint = f"did you mean: '{proposal}'?"


def _won_first(err: AbilitySyntaxError, text: str) -> None:
    """'if you defeated your enemy' where no 'After combat,' comes before it: the hint is the
    text with the window 'When you defeat a challenge,' first, when that parses."""
    rest = re.sub(r"\bif you defeated your enemy,\s*", "", text, count=1,
                  flags=re.IGNORECASE).strip()
    proposal = f"When you defeat a challenge, {rest[:1].lower()}{rest[1:]}"
    try:
        _bare_parse(proposal)
    except Exception:  # noqa: BLE001 - no proposal then; the hint says what to do
        return
    err.hint = f"did you mean: '{proposal}'?"


def _rewrite(err: AbilitySyntaxError, text: str) -> None:
    """An error that knows the words to write at its place (``err.rewrite``): the hint is the
    text with them, when that parses."""
    proposal = text[:err.start] + err.rewrite + text[err.end:]
    try:
        _bare_parse(proposal)
    except Exception:  # noqa: BLE001 - the error's own hint stays
        return
    err.hint = f"did you mean: '{proposal}'?"


__all__ = ["MAX_NESTING", "MAX_TEXT", "parse_ability", "raw_parser", "UnexpectedCharacters",
           "UnexpectedEOF", "UnexpectedToken"]


# ---- the grammar's parts after the families, in order (parser_order.PARTS; a new branch adds
# its module there): each may wrap the rules of the parts before it
from . import parser_core, parser_rbseven  # noqa: E402  (read by the rules above)
from .parser_order import install_parts  # noqa: E402

_FORGET = install_parts(_ToAst, parse_ability)
_fresh_before_parts = _fresh_state


def _fresh_state() -> None:  # noqa: F811 - also forget what the parts keep of a parse
    _fresh_before_parts()
    for forget in _FORGET:
        forget()
