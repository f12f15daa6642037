"""Delve's dialect v2 (issue 32): parse ∘ print = id on the canonical form of every new node
(a Hypothesis strategy over selectors, strikes, pushes and pulls, wounds, rerolls, durations,
riders, bonuses, nameless headers, limits, constant rules and conditional triggers); variants
print in one canonical voice; checked ASTs lower to valid IR; every text rendered in every
locale keeps no slot unfilled."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.checks import check_ability
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.engine.delve.ir import validate_ability
from runeforge.games.delve.abilities import canonical_text, lower
from runeforge.games.delve.text import render_ability

V2_FILTERS = ("adjacent", "adjacent_target", "within", "chamber", "visible")
V2_EVENTS = ("slay", "explored", "recuperated", "turn_end")   # part III's: test_delve_grammar
nums = st.integers(min_value=1, max_value=9)
rng = st.sampled_from(n.RANGES)
ORDER = {k: i for i, k in enumerate(n.FILTERS)}   # the parser's order


@st.composite
def selectors(draw, side=None):
    q = draw(st.sampled_from(("one", "each", "up_to", "another", "each_other", "target",
                              "them", "self")))
    if q in ("target", "them", "self"):
        return n.Selector(q)
    kinds = draw(st.lists(st.sampled_from(V2_FILTERS), unique=True, max_size=3))
    filters = tuple(sorted((n.Filter(k, draw(nums) if k == "within" else 0) for k in kinds),
                           key=lambda f: ORDER[f.kind]))
    return n.Selector(q, side or draw(st.sampled_from(n.SIDES)),
                      draw(nums) if q == "up_to" else 1, filters)


lasting = st.one_of(st.builds(n.Ward), st.builds(n.Boost, st.sampled_from(n.STATS), nums,
                                                 st.none() | rng)).map(
    lambda b: n.Boost(b.stat, b.amount, None) if isinstance(b, n.Boost) and b.stat == "move"
    else b)
simple = st.one_of(
    st.builds(n.Explore), st.builds(n.Move, nums), st.builds(n.Renown, nums),
    st.builds(n.Heal, nums, st.none() | selectors()),
    st.builds(n.Attack, st.sampled_from(n.TARGETS), rng, nums, nums),
    st.builds(lambda r, t, s: n.Strike(r, t, *(s or (None, None))), rng,
              st.none() | selectors("adversary"), st.none() | st.tuples(nums, nums)),
    st.builds(n.Shift, selectors("adversary"), nums, st.booleans()),
    st.builds(n.Suffer, selectors(), nums), st.builds(n.Reroll, st.sampled_from(("spent",
                                                                                   "unspent"))))
simple = simple.filter(lambda e: not (isinstance(e, n.Heal) and e.on and e.on.quantity ==
                                      "self"))
modal = st.one_of(
    st.builds(n.Until, st.sampled_from(n.DURATIONS), st.lists(lasting, min_size=1,
                                                              max_size=2).map(tuple)),
    st.builds(n.Rider, st.sampled_from(n.CONDITIONS), nums,
              st.lists(simple, min_size=1, max_size=2).map(tuple)).map(
        lambda r: n.Rider(r.cond, r.face if r.cond == "rolled" else None, r.effects)))
effects = st.lists(st.one_of(simple, modal), min_size=1, max_size=4).map(tuple)
cost = st.builds(n.Cost, st.integers(1, 6), st.booleans())
name = st.sampled_from(("", "Pounce", "Iron Resolve", "Rain of Steel", "Slip Away"))
ability = st.one_of(
    st.builds(n.Action, name, cost, effects, st.sampled_from((None, "turn"))),
    st.builds(n.Spend, cost, effects, st.sampled_from((None, "turn"))),
    st.builds(n.Trigger, st.sampled_from(V2_EVENTS), effects, st.none() | rng).map(
        lambda t: n.Trigger(t.event, t.effects, t.range if t.event == "slay" else None)),
    st.builds(n.Constant, st.lists(st.builds(n.Boost, st.sampled_from(("roll", "damage")),
                                             nums, st.none() | rng), min_size=1,
                                   max_size=2).map(tuple)))


@settings(max_examples=200, deadline=None)
@given(ability)
def test_print_then_parse_is_the_same_ast_for_the_new_forms(ab):
    text = print_ability(ab)
    assert parse_ability(text) == ab, text
    assert print_ability(parse_ability(text)) == text


@settings(max_examples=100, deadline=None)
@given(ability)
def test_checked_new_forms_lower_to_valid_ir_and_render_everywhere(ab):
    for locale in ("en", "fi", "pl", "el", "ru"):
        text = render_ability(ab, locale)
        assert "{" not in text and "}" not in text, text
    assert render_ability(ab, "en") == print_ability(ab)
    if any(p.severity == "error" for p in check_ability(ab)):
        return
    validate_ability(lower(ab))


@pytest.mark.parametrize("variant, canonical", [
    ("Notched Axe (2+): Combat. Hit 4, Damage 2.",
     "Notched Axe (2+): Attack an adjacent adversary: combat, Hit 4+, Damage 2."),
    ("Smite (6): Area. Hit 2, Damage 3.",
     "Smite (6+): Attack each adversary in this chamber: area, Hit 2+, Damage 3."),
    ("Iron Resolve [3+]: Ignore the first wound you suffer until the end of your turn.",
     "Iron Resolve (3+): Until the end of your turn, prevent the first wound you would suffer."),
    ("Spend a 5+ hero die: move 4 spaces, even if you are pinned.",
     "Spend a hero die (5+) to move up to 4 spaces."),
    ("Bellow (5+): Each adversary in this chamber moves 1 space towards you.",
     "Bellow (5+): Pull each adversary in this chamber 1 space towards you."),
    ("Renown: Gain 1 renown whenever you slay an adversary with a missile attack.",
     "Renown: Every time you slay an adversary with a missile attack, gain 1 renown."),
    ("+1 to missile attack rolls.", "Add 1 to your missile attack rolls."),
    ("Hailstorm (6): Make a missile attack against up to three visible adversaries.",
     "Hailstorm (6+): Make a missile attack against up to 3 visible adversaries."),
])
def test_variants_print_in_one_canonical_voice(variant, canonical):
    assert canonical_text(variant) == canonical
    assert canonical_text(canonical) == canonical


@pytest.mark.parametrize("text, code", [
    ("Shove (2+): Push another hero 1 space away from you.", "RF913"),
    # an ability paid with a die reads that die (branch delveseven); a trigger has none
    ("Every time you slay an adversary, if you rolled a 6, gain 1 renown.", "RF914"),
    ("(3+): Add 1 to your missile attack rolls.", "RF915"),
    ("(2+): Until the end of your turn, heal 1 wound.", "RF916"),
    ("Bow (3+): Missile, Hit 3, Damage 1. If you rolled a 7, gain 1 renown.", "RF917"),
    ("Heal 1 wound.", "RF918"),
    ("(2+): Make an area attack against an adversary adjacent to you.", "RF904"),
])
def test_each_new_check_is_located_with_a_hint(text, code):
    problems = check_ability(parse_ability(text))
    (p,) = [p for p in problems if p.code == code]
    start, end = p.span
    assert 0 <= start < end <= len(text) and p.hint
