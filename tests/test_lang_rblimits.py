"""Carrying limits (issue 32, part III, branch rblimits): "You may have 3 Allies instead of
2.", "Your Hero may carry one extra weapon.", "This card does not count against your limit of 2
weapons.", "This weapon counts as both of your weapons." parse, print back, lower to the IR the
engine reads, and change what a Hero may hold in a whole game (the market's limits)."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_text
from runeforge.games.runebound.lower import lower

FORMS = [
    ("You may have 3 Allies instead of 2.", "You may have 3 Allies instead of 2.",
     {"op": "modify", "target": "hero", "stat": "ally_limit", "value": 1}),
    ("You may have up to 4 Allies instead of 2.", "You may have 4 Allies instead of 2.",
     {"op": "modify", "target": "hero", "stat": "ally_limit", "value": 2}),
    ("This Hero may carry three weapons instead of two.",
     "You may carry 3 weapons instead of 2.",
     {"op": "modify", "target": "hero", "stat": "weapon_limit", "value": 1}),
    ("Your Hero may carry one extra weapon.", "You may carry 1 additional weapon.",
     {"op": "modify", "target": "hero", "stat": "weapon_limit", "value": 1}),
    ("You can carry an additional armour.", "You may carry 1 additional armor.",
     {"op": "modify", "target": "hero", "stat": "armor_limit", "value": 1}),
    ("Your Hero may have 2 more Allies.", "You may have 2 additional Allies.",
     {"op": "modify", "target": "hero", "stat": "ally_limit", "value": 2}),
    ("This card does not count against your limit of 2 weapons.",
     "This card does not count against your weapon limit.",
     {"op": "carry_exempt", "slots": ["weapon"]}),
    ("This Ally does not count toward your Ally limit.",
     "This card does not count against your Ally limit.",
     {"op": "carry_exempt", "slots": ["ally"]}),
    ("This item does not count towards your limits.",
     "This card does not count against your limit.", {"op": "carry_exempt", "slots": []}),
    ("This weapon counts as both of your weapons.", "This card counts as 2 weapons.",
     {"op": "carry_as", "slots": ["weapon", "weapon"]}),
    ("This shield counts as both a weapon and an armor.",
     "This card counts as both a weapon and an armor.",
     {"op": "carry_as", "slots": ["weapon", "armor"]}),
]


@pytest.mark.parametrize("text, canonical, op", FORMS)
def test_the_forms_print_back_and_lower(text, canonical, op):
    ast = parse_ability(text)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    ir = lower(ast)
    assert ir["static"] and ir["effects"] == [op]


@pytest.mark.parametrize("text, kind, code", [
    ("You may have 2 Allies instead of 2.", "hero", "RF585"),
    ("You may carry 0 additional weapons.", "item", "RF585"),
    ("You may carry 1 additional weapon.", "challenge", "RF586"),
    ("You may carry 1 additional weapon.", "encounter", "RF586"),
    ("This card counts as 2 weapons.", "ally", "RF586"),
    ("This card does not count against your Ally limit.", "item", "RF586"),
    ("This card counts as 2 weapons.", "hero", "RF586"),
    ("Every time you defeat a challenge, you may carry 1 additional weapon.", "hero", "RF587"),
    ("If you have at least 2 gold, you may carry 1 additional weapon.", "item", "RF587"),
    ("You may carry 3 swords instead of 2.", "hero", "RF302"),
    ("This card does not weigh against your weapon limit.", "item", "RF302"),
])
def test_what_the_engine_cannot_do_is_refused_where_it_is_said(text, kind, code):
    from runeforge.games.runebound.checks import CardContext, check_ability

    try:
        ast = parse_ability(text)
    except Exception as err:  # a word refused where it is written
        assert getattr(err, "code", None) == code
        return
    found = [f for f in check_ability(ast, CardContext(kind, "constant")) if f.severity == "error"]
    assert [f.code for f in found] == [code], found
    assert all(f.span is not None and f.hint for f in found)


# ---- the engine: a whole game's market reads the limits -------------------------------------

@pytest.fixture(autouse=True)
def _the_shared_catalog_comes_back():
    """The games share one catalog (tests.test_game_props.content, cached): the cards these
    tests give a text get their own back, so no other test meets them."""
    from tests.test_game_props import content

    catalog = content()[1]
    saved = dict(catalog.cards)
    yield
    catalog.cards.clear()
    catalog.cards.update(saved)
    catalog.refresh()


def _game():
    from tests.test_game_scenarios import make

    game, heroes = make(players=2)
    return game, heroes[0]


def _with_text(game, card_id: str, *texts: str) -> None:
    """``card_id`` with ``texts`` as its abilities (compiled for its kind)."""
    from runeforge.engine.runebound.core.catalog import Ability, CardDef

    card = game.catalog.card(card_id)
    abilities = [Ability.from_ir(card_id, i, compile_text(t, card.kind))
                 for i, t in enumerate(texts)]
    game.catalog.cards[card_id] = CardDef(card.id, card.kind, card.name, card.data, abilities)
    game.catalog.refresh()
    game.combat.modifiers_changed()


def _cards(game, slot: str, count: int, but=()) -> list[str]:
    found = [c for c in sorted(game.catalog.cards) if c not in but
             and game.card(c).kind in ("item", "ally") and game.slot_of(c) == slot
             and not game.card(c).standing_effects]
    assert len(found) >= count, slot
    return found[:count]


def _give(game, hero, cards) -> None:
    for card in cards:
        if game.card(card).kind == "ally":
            hero.allies.append(game.catalog.new_ally(card))
        else:
            hero.items.append(card)
    game.combat.modifiers_changed()


def test_a_raised_ally_limit_keeps_a_third_ally():
    game, hero = _game()
    allies = _cards(game, "ally", 3)
    _give(game, hero, allies)
    assert game.limit("ally", hero) == 2
    _with_text(game, hero.id, "You may have 3 Allies instead of 2.")
    assert game.limit("ally", hero) == 3
    game.enforce_limits(hero)
    assert sorted(a.id for a in hero.allies) == allies  # without the rule one is given up
    _with_text(game, hero.id)
    game.enforce_limits(hero)
    assert len(hero.allies) == 2


def test_a_held_ally_raises_the_weapon_limit_and_the_market_has_room():
    game, hero = _game()
    ally = _cards(game, "ally", 1)[0]
    weapons = _cards(game, "weapon", 3)
    _give(game, hero, weapons[:2])
    assert not game.room_for(hero, weapons[2])
    _with_text(game, ally, "Your Hero may carry one extra weapon.")
    _give(game, hero, [ally])
    assert game.room_for(hero, weapons[2]) and game.limit("weapon", hero) == 3
    assert game.limit("weapon", game.hero(game.state.seats[1])) == 2  # its own Hero's only


def test_a_card_that_does_not_count_leaves_room():
    game, hero = _game()
    weapons = _cards(game, "weapon", 3)
    _give(game, hero, weapons[:2])
    assert not game.room_for(hero, weapons[2])
    _with_text(game, weapons[2], "This card does not count against your limit of 2 weapons.")
    assert game.room_for(hero, weapons[2])
    _give(game, hero, weapons[2:])
    game.enforce_limits(hero)
    assert sorted(hero.items) == sorted(weapons)


def test_a_weapon_that_counts_twice_fills_both_hands():
    game, hero = _game()
    weapons = _cards(game, "weapon", 2)
    _with_text(game, weapons[0], "This weapon counts as both of your weapons.")
    _give(game, hero, weapons[1:])
    assert not game.room_for(hero, weapons[0])
    _give(game, hero, weapons[:1])
    game.enforce_limits(hero)
    assert len(hero.items) == 1


def test_a_shield_fills_the_armor_slot_too():
    game, hero = _game()
    armor = _cards(game, "armor", 1)
    weapons = _cards(game, "weapon", 1)
    _with_text(game, weapons[0], "This shield counts as both a weapon and an armor.")
    _give(game, hero, armor)
    assert not game.room_for(hero, weapons[0])  # the armor slot is full


def test_the_exact_odds_report_a_limit_as_ignored():
    from runeforge.commands._combatcontent import _inert_static

    for text in ("You may have 3 Allies instead of 2.", "This card counts as 2 weapons."):
        assert "carrying limit" in _inert_static(lower(parse_ability(text)))


# ---- the knock-out's losses a card changes -------------------------------------------------

KO_FORMS = [
    ("This Hero never loses gold when knocked out.", "You do not lose gold when knocked out.",
     [{"op": "knockout_keep", "losses": ["gold"]}]),
    ("When your Hero is knocked out, you do not lose your gold.",
     "When your Hero is knocked out, you keep your gold.",
     [{"op": "knockout_keep", "losses": ["gold"]}]),
    ("When your Hero is knocked out, you may discard this card instead of your most expensive "
     "item or Ally.", "When your Hero is knocked out, you may discard this card instead of your "
     "most expensive Item or Ally.", [{"op": "knockout_instead", "optional": True}]),
    ("When your Hero is knocked out, you keep your gold, and you must discard this item instead "
     "of your most expensive item or ally.", "When your Hero is knocked out, you keep your "
     "gold, and you must discard this card instead of your most expensive Item or Ally.",
     [{"op": "knockout_keep", "losses": ["gold"]}, {"op": "knockout_instead", "optional": False}]),
]


@pytest.mark.parametrize("text, canonical, ops", KO_FORMS)
def test_the_knock_out_rules_print_back_and_are_always_on(text, canonical, ops):
    ast = parse_ability(text)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    ir = compile_text(text, "item")
    assert ir["static"] and ir["timing"] == {"tag": None, "window": None}
    assert ir["effects"] == ops and ir["limits"] == []


@pytest.mark.parametrize("text, kind, code", [
    ("You keep your gold.", "hero", "RF588"),
    ("When your Hero is knocked out, you keep your gold. Gain 1 gold.", "item", "RF588"),
    ("Discard this card instead of your most expensive Item or Ally.", "item", "RF588"),
    ("When your Hero is knocked out, discard this card instead of your most expensive Item or "
     "Ally.", "hero", "RF589"),
    ("When your Hero is knocked out, you keep your gold.", "challenge", "RF589"),
    ("This Hero never loses gold when knocked out.", "encounter", "RF589"),
])
def test_a_knock_out_rule_the_engine_cannot_read_is_refused(text, kind, code):
    test_what_the_engine_cannot_do_is_refused_where_it_is_said(text, kind, code)


def _knock_out(game, hero) -> None:
    game.combat.knock_out(hero)


def test_a_hero_who_never_loses_gold_keeps_it():
    game, hero = _game()
    hero.gold = 5
    _knock_out(game, hero)
    assert hero.gold == 0  # the ruleset's loss
    hero.gold = 5
    _with_text(game, hero.id, "This Hero never loses gold when knocked out.")
    _knock_out(game, hero)
    assert hero.gold == 5


def _priced(game, count: int) -> list[str]:
    """``count`` items without text, of different prices, dearest first."""
    seen, out = set(), []
    for c in sorted(game.catalog.cards, key=lambda c: -game.card(c).cost):
        card = game.card(c)
        if card.kind == "item" and not card.standing_effects and card.cost not in seen:
            seen.add(card.cost)
            out.append(c)
    assert len(out) >= count
    return out[:count]


@pytest.mark.parametrize("rule", [None, "must", "may"])
def test_a_card_discarded_instead_of_the_priciest(rule):
    game, hero = _game()
    dear, cheap = _priced(game, 2)
    hero.items.extend([dear, cheap])
    if rule:
        verb = "you may discard" if rule == "may" else "you must discard"
        _with_text(game, cheap, f"When your Hero is knocked out, {verb} this card instead of "
                                "your most expensive Item or Ally.")
        game.players[hero.id].answers["knockout_loss"] = [cheap]
    game.combat.modifiers_changed()
    _knock_out(game, hero)
    assert hero.items == ([dear] if rule else [cheap])
    asked = [d for d in game.players[hero.id].asked if d.kind == "knockout_loss"]
    assert (sorted(asked[0].options) == sorted([dear, cheap])) if rule == "may" else not asked


def test_the_exact_odds_report_a_knock_out_rule_as_ignored():
    from runeforge.commands._combatcontent import _inert_static

    ir = compile_text("This Hero never loses gold when knocked out.", "hero")
    assert "knock-out" in _inert_static(ir)
