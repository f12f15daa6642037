"""Prohibitions of session prohib (issue 32): verbs joined under one "cannot" ("Heroes cannot buy
or sell Items."), your Hero's own trades ("You cannot buy Items." bars the holder alone), and an
Item's rule of itself ("This Item cannot be sold."), in the parser, the checks and the game."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from tests.test_lang_rbrules import _held_rule, _options


def _stocked(game, hero, kind: str) -> str:
    """A town whose market holds a card of ``kind`` (added to its stack)."""
    from tests.test_game_scenarios import of_kind

    town = sorted(game.state.market_stacks)[0]
    game.state.market_stacks[town].append(of_kind(game, kind)[-1])
    return town


def _offers(game, hero, town, verb: str) -> bool:
    return any(o.startswith(f"{verb}:") for o in _options(game, hero, town))


@pytest.mark.parametrize("text, every", [("Heroes cannot buy or sell Items.", True),
                                         ("Each Hero may not sell, or buy Items.", True),
                                         ("You cannot buy and sell Items.", False),
                                         ("Your Hero can't sell or buy Items.", False)])
def test_joined_verbs_bar_each_trade(text, every):
    from tests.test_game_scenarios import of_kind

    game, hero, other = _held_rule(text)
    town = _stocked(game, hero, "item")
    other.items.append(next(c for c in of_kind(game, "item") if c != hero.items[0]))
    assert not _offers(game, hero, town, "buy") and not _offers(game, hero, town, "sell")
    assert _offers(game, other, town, "buy") is not every  # every Hero, or the holder alone
    assert _offers(game, other, town, "sell") is not every


def test_you_cannot_buy_items_bars_only_the_holder():
    """It barred every Hero before session prohib: the rule said of "you" was every Hero's."""
    game, hero, other = _held_rule("You cannot buy Items.")
    town = _stocked(game, hero, "item")
    assert not _offers(game, hero, town, "buy")
    assert _offers(game, other, town, "buy")


def test_you_cannot_hire_allies_bars_only_the_holder():
    game, hero, other = _held_rule("You cannot hire Allies.")
    town = _stocked(game, hero, "ally")
    assert not _offers(game, hero, town, "hire")
    assert _offers(game, other, town, "hire")


def test_this_item_cannot_be_sold_bars_that_item_alone():
    from tests.test_game_scenarios import of_kind

    game, hero, other = _held_rule("This Item cannot be sold.")
    rule_card = hero.items[0]
    spare = next(c for c in of_kind(game, "item") if c != rule_card)
    hero.items.append(spare)
    sells = [o for o in _options(game, hero) if o.startswith("sell:")]
    assert f"sell:{spare}" in sells and f"sell:{rule_card}" not in sells


@pytest.mark.parametrize("text, canonical", [
    ("Heroes cannot buy or sell Items.", "Heroes cannot buy Items and Items cannot be sold."),
    ("You may not buy, sell or hire Items and Allies.",
     "You cannot buy Items and you cannot buy Allies and you cannot sell Items."),
    ("This Item may not be sold.", "This Item cannot be sold."),
    ("Your Hero cannot buy Items.", "You cannot buy Items."),
])
def test_printed_canonically_and_read_back(text, canonical):
    printed = print_ability(parse_ability(text))
    assert printed == canonical
    assert parse_ability(printed) == parse_ability(text)


@pytest.mark.parametrize("text, kind, code, words", [
    ("Heroes cannot sell or hire Allies.", "event", "RF472", "Heroes cannot sell or hire Allies"),
    ("Your Allies cannot buy or sell Items.", "event", "RF472", "Your Allies cannot buy or sell"),
    ("This Item cannot be sold.", "ally", "RF450", "This Item cannot be sold"),
    ("This Item cannot be bought.", "item", "RF472", "This Item cannot be bought"),
])
def test_refused_at_its_words(text, kind, code, words):
    ir, findings = compile_ability(text, CardContext(kind, None, None, frozenset()))
    errors = [f for f in findings if f.severity == "error"]
    assert errors and errors[0].code == code, findings
    start, end = errors[0].span
    assert text[start:end].startswith(words) and errors[0].hint


@pytest.mark.parametrize("text", ["+1 Body and +1 Mind.", "You receive +1 Body and +1 Mind.",
                                  "Heroes cannot rest and Heroes cannot be healed in towns."])
def test_rules_joined_by_and_are_always_on(text):
    """A sentence of always-on rules joined by "and" is one: before session prohib it was no
    rule at all (its IR was not static), and ran nowhere."""
    ir, findings = compile_ability(text, CardContext("item", "constant", None, frozenset()))
    assert ir["static"] and ir["limits"] == [] and not findings


def test_joined_modifiers_hold_in_the_game():
    game, hero, _ = _held_rule("+1 Body and +1 Mind.")
    engine = game.combat
    body, mind = engine.stat(hero, "body"), engine.stat(hero, "mind")
    hero.items.clear()
    engine.modifiers_changed()
    assert (body, mind) == (engine.stat(hero, "body") + 1, engine.stat(hero, "mind") + 1)


@pytest.mark.parametrize("text", [
    "Once per turn, gain 1 gold. Every time you defeat a challenge, gain 1 gold.",
    "Once per turn, take 1 exhaustion to gain 1 gold every time you defeat a challenge.",
    "Once per combat, you receive +1 Body. Every time you escape, take 1 exhaustion."])
def test_a_limit_before_a_trigger_is_refused(text):
    """It compiled to an ability that waited to be used and then fired every time (found by
    branch rbtrig2): refused at the limit (RF493) where the engine would count uses. A limit
    before a rule made only of triggers counts their firings since branch runs
    (tests/test_lang_runs.py)."""
    _ir, findings = compile_ability(text, CardContext("item", "constant", None, frozenset()))
    errors = [f for f in findings if f.code == "RF493"]
    assert errors and errors[0].hint
    assert text[errors[0].span[0]:errors[0].span[1]].lower().startswith("once per")


def test_a_trigger_without_a_limit_still_compiles():
    ir, findings = compile_ability("Every time you enter a town, gain 1 gold.",
                                   CardContext("item", "constant", None, frozenset()))
    assert ir["static"] and not findings
