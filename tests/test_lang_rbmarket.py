"""Branch rbmarket (issue 32, part III): the market's prices of selling and healing, in the
engine. "Items sell for their full cost." pays the printed cost for every Item the holder
sells (the other Hero still gets half); "This card sells for its full cost." and "When you
sell this item, you receive its full cost rather than half." that card only; "Healing a wound
costs 3 gold." is what the market charges the holder for a wound (and offers it only to a
Hero who can pay it); an event's rule holds for every Hero until it is replaced; prices of
the whole market ("All market purchases cost 1 more gold.") are the prices of Items and
Allies."""

from __future__ import annotations

import pytest

from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from tests.test_lang_rbrules import _held_rule
from tests.test_lang_rbsubj import _game_with_rule


def _town(game) -> str:
    return sorted(game.state.market_stacks)[0]


def _sold_for(game, hero, card_id: str) -> int:
    """The gold ``hero`` receives for selling ``card_id`` in the market."""
    if card_id not in hero.items:
        hero.items.append(card_id)
    game.combat.modifiers_changed()
    hero.gold = 0
    assert f"sell:{card_id}" in game.market_options(hero, _town(game))
    game.market_action(hero, _town(game), f"sell:{card_id}")
    return hero.gold


def _priced_item(game, exclude=()) -> str:
    """An Item whose half (rounded down) is not its full cost."""
    from tests.test_game_scenarios import of_kind

    return next(c for c in of_kind(game, "item") if game.card(c).cost >= 2 and c not in exclude)


def _half(game, card_id: str) -> int:
    return game.rules.market.sell_price(game.card(card_id).cost)


@pytest.mark.parametrize("text", ["Items sell for their full cost.",
                                  "You may sell items at their full price.",
                                  "Heroes sell Items for their full cost instead of half."])
def test_every_item_the_holder_sells_brings_its_full_cost(text):
    game, hero, other = _held_rule(text)
    card = _priced_item(game, exclude=hero.items)
    full = game.card(card).cost
    assert _half(game, card) < full
    assert _sold_for(game, hero, card) == full
    assert _sold_for(game, other, card) == _half(game, card)  # not the holder


@pytest.mark.parametrize("text", ["This card sells for its full cost.",
                                  "You may sell this card for its full price.",
                                  "When you sell this item, you receive its full cost in gold "
                                  "rather than half."])
def test_this_card_alone_sells_for_its_full_cost(text):
    game, hero, _other = _held_rule(text)
    this = hero.items[0]
    cost = game.card(this).cost
    other_card = _priced_item(game, exclude=hero.items)
    assert _sold_for(game, hero, other_card) == _half(game, other_card)
    assert _sold_for(game, hero, this) == cost
    assert cost == 0 or _half(game, this) < cost or _half(game, this) == cost


def test_when_you_sell_an_item_you_receive_its_full_cost():
    game, hero, _other = _held_rule("When you sell an item, you receive its full cost.")
    card = _priced_item(game, exclude=hero.items)
    assert _sold_for(game, hero, card) == game.card(card).cost


def _heal_cost(game, hero) -> int | None:
    hero.wounds, hero.gold = 1, 10
    if f"heal_wound:{hero.id}" not in game.market_options(hero, _town(game)):
        return None
    game.market_action(hero, _town(game), f"heal_wound:{hero.id}")
    assert hero.wounds == 0
    return 10 - hero.gold


@pytest.mark.parametrize("text", ["Healing a wound costs 3 gold.",
                                  "Healing costs 3 gold per wound.",
                                  "Healing a wound in any town costs 3 gold instead of 1."])
def test_healing_a_wound_costs_what_the_rule_says(text):
    game, hero, other = _held_rule(text)
    assert _heal_cost(game, hero) == 3
    assert _heal_cost(game, other) == game.rules.market.wound_price
    hero.wounds, hero.gold = 1, 2  # cannot pay it: not offered
    assert f"heal_wound:{hero.id}" not in game.market_options(hero, _town(game))


@pytest.mark.parametrize("text, change", [("Healing a wound costs 2 more gold.", 2),
                                          ("Healing costs you 1 gold less.", -1),
                                          ("Healing wounds in towns is free.", None)])
def test_healing_costs_more_less_or_nothing(text, change):
    game, hero, other = _held_rule(text)
    base = game.rules.market.wound_price
    assert _heal_cost(game, hero) == (0 if change is None else max(0, base + change))
    assert _heal_cost(game, other) == base


def test_a_change_of_price_adds_to_the_price_a_rule_sets():
    from runeforge.engine.runebound.core.market_rbmarket import HealPrice, heal_price

    game, hero, _other = _held_rule("Healing a wound costs 3 gold.")
    assert heal_price(game.combat, hero, "wounds", 1) == 3
    card = game.catalog.card(hero.items[0])
    card.__dict__["standing_effects"] = (*card.standing_effects, HealPrice("wounds", None, -5))
    game.combat.modifiers_changed()
    assert heal_price(game.combat, hero, "wounds", 1) == 0  # never below 0


def test_healing_exhaustion_costs_what_the_rule_says():
    game, hero, _other = _held_rule("Healing exhaustion costs 0 gold.", kind="item")
    hero.exhaustion, hero.gold = 2, 0
    assert f"heal_exhaustion:{hero.id}" in game.market_options(hero, _town(game))
    game.market_action(hero, _town(game), f"heal_exhaustion:{hero.id}")
    assert hero.exhaustion < 2 and hero.gold == 0


def test_an_events_healing_price_holds_for_every_hero_until_it_is_replaced():
    from tests.test_game_scenarios import take

    text = "While this event is in play, healing a wound in any town costs 2 gold instead of 1."
    game, (hero, other), numbered = _game_with_rule(text)
    base = game.rules.market.wound_price
    assert _heal_cost(game, hero) == base
    game.play_event(hero, take(game, numbered[2]))
    assert _heal_cost(game, hero) == 2 and _heal_cost(game, other) == 2
    game.play_event(hero, take(game, numbered[3]))
    assert _heal_cost(game, hero) == base


def test_an_events_full_sale_holds_for_every_hero():
    from tests.test_game_scenarios import take

    text = "As long as this event remains in effect, Heroes receive the full cost in gold for " \
           "items they sell."
    game, (hero, other), numbered = _game_with_rule(text)
    card = _priced_item(game)
    assert _sold_for(game, other, card) == _half(game, card)
    game.play_event(hero, take(game, numbered[2]))
    assert _sold_for(game, other, card) == game.card(card).cost


@pytest.mark.parametrize("text, subjects", [("All market purchases cost 1 more gold.",
                                             ["item", "ally"]),
                                            ("Every item in every market costs 1 more gold.",
                                             ["item"]),
                                            ("You pay 1 gold less for Allies.", ["ally"])])
def test_prices_of_the_whole_market_are_prices(text, subjects):
    ir, findings = compile_ability(text, CardContext("event", None, None, frozenset()))
    assert not [f for f in findings if f.severity == "error"], findings
    assert ir["effects"][0]["op"] == "cost_modifier" and ir["effects"][0]["subjects"] == subjects


def test_prices_of_the_market_change_what_the_market_asks():
    game, hero, other = _held_rule("All market purchases cost 1 more gold.")
    stack = game.state.market_stacks[_town(game)]
    card = stack[0]
    assert game.price(hero, card) == game.price(other, card) + 1


@pytest.mark.parametrize("text, kind, code", [
    ("Gain 2 gold. You receive its full cost.", "item", "RF570"),
    ("Activate to sell this card for its full cost.", "item", "RF571"),
    ("Each Hero looks at the top 2 cards of the market deck, keeps one and puts the other on the "
     "bottom of the deck.", "event", "RF572")])
def test_refused_with_their_codes(text, kind, code):
    _ir, findings = compile_ability(text, CardContext(kind, "activated" if kind == "item" else None,
                                                      None, frozenset()))
    assert code in [f.code for f in findings if f.severity == "error"]


# ---- the market deck's offer ------------------------------------------------------------------

def _offer(game, hero, kind: str, price: str, answer: str | None = None) -> str:
    """Apply the grant ``market_offer``; the card drawn (the player answers ``answer``)."""
    from tests.test_lang_decks_game import _grant

    top = game.state.market_deck[0]
    if answer is not None:
        game.players[hero.id].answers["market_offer"] = [answer.format(card=top)]
    _grant(game, hero, "market_offer", kind=kind, price=price)
    return top


def _held(hero, card: str) -> bool:
    return card in hero.items or hero.ally(card) is not None


def test_an_offer_of_the_drawn_kind_is_taken_at_its_price():
    from tests.test_lang_decks_game import _game

    for price in ("free", "half", "normal"):
        game, (hero, _) = _game()
        top = game.state.market_deck[0]
        kind = "ally" if game.card(top).kind == "ally" else "item"
        hero.gold = 20
        want = {"free": 0, "half": game.card(top).cost // 2,
                "normal": game.price(hero, top)}[price]
        _offer(game, hero, kind, price, "take:{card}")
        assert _held(hero, top) and hero.gold == 20 - want
        assert top not in game.state.market_deck[-1:]


def test_an_offer_of_another_kind_goes_under_the_deck():
    from tests.test_lang_decks_game import _game

    game, (hero, _) = _game()
    top = game.state.market_deck[0]
    other = "item" if game.card(top).kind == "ally" else "ally"
    hero.gold = 20
    _offer(game, hero, other, "free")
    assert not _held(hero, top) and game.state.market_deck[-1] == top and hero.gold == 20


def test_a_declined_or_too_dear_offer_goes_under_the_deck():
    from tests.test_lang_decks_game import _game

    game, (hero, _) = _game()
    top = _offer(game, hero, "any", "free", "decline")
    assert not _held(hero, top) and game.state.market_deck[-1] == top
    game, (hero, _) = _game()
    top = game.state.market_deck[0]
    hero.gold = game.price(hero, top) - 1
    if hero.gold >= 0:
        _offer(game, hero, "any", "normal", "take:{card}")
        assert not _held(hero, top) and game.state.market_deck[-1] == top


def test_the_offers_text_runs_in_the_game():
    """"When you sell an item, draw the top card of the market deck; if it is an Item, you may
    keep it for free.": the sale fires the trigger, the game applies its grant."""
    game, hero, _other = _held_rule("When you sell an item, draw the top card of the market "
                                    "deck; if it is an Item, you may keep it for free.")
    deck = game.state.market_deck
    top = next(c for c in deck if game.card(c).kind != "ally")
    deck.remove(top)
    deck.insert(0, top)
    asked = []
    ask = game.ask
    game.ask = lambda hero_id, kind, options, **info: asked.append((kind, options)) or \
        ask(hero_id, kind, options, **info)
    card = _priced_item(game, exclude=hero.items + [top])
    _sold_for(game, hero, card)
    game.apply_grants(hero)
    assert ("market_offer", [f"take:{top}", "decline"]) in asked
    assert top in hero.items and top not in deck  # the bot takes a free card


@pytest.mark.parametrize("text, kind, price", [
    ("Draw the top card of the market deck. If it is an Ally, you may hire it for free; "
     "otherwise, place it on the bottom of the deck.", "ally", "free"),
    ("Draw the top card of the market deck; you may keep it without paying its cost.",
     "any", "free"),
    ("Then draw the top card of the market deck; if it is an Ally, you may hire it for half "
     "its cost, rounded down.", "ally", "half"),
    ("Draw 1 market card. If it is an Item, you may buy it.", "item", "normal"),
    ("Draw the top card of the market deck and may buy it at its normal cost.", "any",
     "normal")])
def test_the_offers_wordings(text, kind, price):
    ir, findings = compile_ability(text, CardContext("encounter", None, None, frozenset()))
    assert not [f for f in findings if f.severity == "error"], findings
    assert ir["effects"] == [{"op": "market_offer", "kind": kind, "price": price}]


def test_exact_odds_report_the_offer_ignored():
    from runeforge.dsl.runebound import parse_ability
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.games.runebound.lower import lower

    ir = lower(parse_ability("Before Combat: Draw the top card of the market deck; you may "
                             "take it for free."))
    model = before_model([("some-item", 0, "item", ir)])
    assert not model.steps and any("market_offer" in reason
                                   for *_, reason in model.uncovered_before)


# ---- a deck's top in any order ----------------------------------------------------------------

def test_a_decks_top_goes_back_in_the_order_the_player_chooses():
    from tests.test_lang_decks_game import _game, _grant

    game, (hero, _) = _game()
    deck = game.state.adventure_decks["green"]
    top, rest = deck[:3], deck[3:]
    want = sorted(set(top), reverse=True)  # an order the deck is unlikely to have already
    if len(set(top)) < 3:
        pytest.skip("the top of the green deck repeats a card")
    asked = []
    game.ask = lambda hero_id, kind, options, **info: asked.append(kind) or \
        next(c for c in want if c in options)
    _grant(game, hero, "arrange_deck", deck="green", amount=3)
    assert deck[:3] == want and deck[3:] == rest and asked == ["arrange", "arrange"]


def test_any_adventure_deck_is_the_players_choice():
    from tests.test_lang_decks_game import _game, _grant

    game, (hero, _) = _game()
    decks = game.state.adventure_decks
    red = decks["red"]
    top = red[:2]
    answers = {"arrange_deck": "red", "arrange": sorted(set(top))[-1]}
    game.ask = lambda hero_id, kind, options, **info: answers[kind] \
        if answers[kind] in options else options[0]
    before = {c: list(d) for c, d in decks.items()}
    _grant(game, hero, "arrange_deck", deck="any", amount=2)
    assert red[0] == sorted(set(top))[-1] and sorted(red[:2]) == sorted(top)
    assert all(decks[c] == before[c] for c in decks if c != "red")


def test_the_market_decks_top_in_any_order():
    from tests.test_lang_decks_game import _game, _grant

    game, (hero, _) = _game()
    deck = game.state.market_deck
    top = deck[:2]
    game.ask = lambda hero_id, kind, options, **info: sorted(options)[-1]
    _grant(game, hero, "arrange_deck", deck="market", amount=2)
    assert deck[:2] == sorted(top, reverse=True)


@pytest.mark.parametrize("text, deck, amount", [
    ("Look at the top 3 cards of any adventure deck and return them in any order.", "any", 3),
    ("Look at the top 2 cards of the green adventure deck and put them back in any order.",
     "green", 2),
    ("Look at the top 2 cards of the market deck and put them back on top in any order.",
     "market", 2)])
def test_the_arrange_wordings(text, deck, amount):
    ir, findings = compile_ability(text, CardContext("encounter", None, None, frozenset()))
    assert not [f for f in findings if f.severity == "error"], findings
    assert ir["effects"] == [{"op": "arrange_deck", "deck": deck, "amount": amount}]
