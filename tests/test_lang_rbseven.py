"""Branch rbseven (issue 32, part III): constructions that recur across the held-out sets, each
compiled, run by the engine, printed and parsed back.

* A counted stat bonus stays live: "You receive +1 Mind for each Item you have." is an
  always-on rule the engine counts whenever the stat is read (engine/runebound/core/counted.py)."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from tests.test_game_scenarios import of_kind
from tests.test_lang_rbrules import _held_rule

COUNTED = ["You receive +1 Mind for each Item you have.",
           "Your Hero receives +1 Body for each Ally you have.",
           "You receive +1 Mind for each wound you have, to a maximum of 2.",
           "This Ally receives +1 Life for each Item you have."]


@pytest.mark.parametrize("text", COUNTED)
def test_a_counted_bonus_is_an_always_on_rule_that_prints_back(text):
    kind = "ally" if "This Ally" in text else "item"
    ir, findings = compile_ability(text, CardContext(kind, "constant", None, frozenset()))
    assert ir is not None and not findings, findings
    assert ir["static"] and ir["limits"] == [] and ir["effects"][0]["op"] == "repeat"
    assert print_ability(parse_ability(text)) == text


@pytest.mark.parametrize("cached", [False, True])
def test_the_count_is_taken_when_the_stat_is_read(cached):
    game, hero, other = _held_rule("You receive +1 Mind for each Item you have.")
    engine = game.combat
    engine.cache_stats(cached)
    with_one, others = engine.stat(hero, "mind"), engine.stat(other, "mind")
    held = list(hero.items)
    plain = [c for c in of_kind(game, "item")
             if c not in held and not game.catalog.card(c).standing_effects][:2]
    hero.items.extend(plain)  # Items with no always-on rule of their own
    assert len(plain) == 2 and engine.stat(hero, "mind") == with_one + 2
    hero.items[:] = []
    engine.modifiers_changed()  # the card that says it is gone: no bonus at all
    assert engine.stat(hero, "mind") == with_one - len(held)
    hero.items.extend(held + plain)
    engine.modifiers_changed()
    assert engine.stat(other, "mind") == others  # the bonus is its holder's alone


def test_a_counted_bonus_has_its_maximum():
    game, hero, _other = _held_rule("You receive +1 Mind for each wound you have, "
                                    "to a maximum of 2.")
    engine = game.combat
    hero.wounds = 0
    base = engine.stat(hero, "mind")
    hero.wounds = 1
    assert engine.stat(hero, "mind") == base + 1
    hero.wounds = 5
    assert engine.stat(hero, "mind") == base + 2


def test_a_counted_price_is_still_refused():
    text = "Items cost you 1 less gold for each Ally you have."
    ir, findings = compile_ability(text, CardContext("item", "constant", None, frozenset()))
    assert ir is None and findings[0].code == "RF451" and findings[0].hint
    start, end = findings[0].span
    assert text[start:end] == "for each Ally you have"
