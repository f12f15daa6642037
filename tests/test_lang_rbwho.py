"""Branch rbwho (issue 32, part III): triggers on the acts of a Hero, with any subject.

The engine fires rbcost's ``hero_act`` where the game does each act it had no moment for
(engine/runebound/core/acts_rbwho.py): a travel hazard coming up, a purchase of experience, a
Hero attacking another Hero (the defender is the act's object: "another Hero attacks you").
These tests run the game's own steps (without the act fired there, no trigger goes off); the
forms and their variants are in tests/data/corpus/rbwho.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbwho"
LOCALES = ("en", "fi", "pl", "el", "ru")


def _game():
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.engine_bundle import bundle

    b = bundle(CONTENT)
    game = new_game(b, catalog=Catalog(b), players=2, seed=0, doom=False, packs="adventure",
                    make_bot=make_bot)
    return game, [game.hero(h) for h in game.state.seats]


def _hazard(game, hero):
    """The travel hazard step of ``hero`` with dice that show none of the space's terrain (a
    hazard comes up) and no card left to draw for it."""
    from runeforge.engine.runebound.game.turn import TurnOver

    game.roll_movement = lambda n: [()] * n  # faces with no symbol: always a hazard
    game.draw_adventure = lambda colour: None
    space = game.state.positions[hero.id]
    with pytest.raises(TurnOver):
        game.travel_hazard(hero, space)


def test_a_travel_hazard_sets_off_the_travellers_trigger_and_names_that_hero_for_the_other():
    game, (hero, other) = _game()
    hero.items.append("wayfarers-knot")  # When encountering a travel hazard, gain 2 gold.
    other.items.append("storm-vane")  # Whenever another Hero encounters ..., that Hero takes 1
    gold, tired = hero.gold, hero.exhaustion
    _hazard(game, hero)
    assert hero.gold == gold + 2
    assert hero.exhaustion == tired + 1  # "that Hero": the Hero who met the hazard
    assert other.exhaustion == 0
    other_gold = other.gold
    _hazard(game, other)  # the other's own hazard: the knot is not the other's, the vane says "another"
    assert (other.gold, other.exhaustion, hero.gold) == (other_gold, 0, gold + 2)


def test_each_purchase_of_experience_sets_off_the_trigger():
    game, (hero, _other) = _game()
    hero.items.append("tutors-quill")  # Each time your Hero buys experience tokens, gain 1 gold.
    game.state.experience_credit[hero.id] = 50
    gold, body = hero.gold, hero.body
    game.buy_experience(hero, ["body"])
    game.buy_experience(hero, ["mind"])
    assert hero.body == body + 2 and hero.gold == gold + 2


def test_a_hero_attacking_another_sets_off_the_attackers_and_the_defenders_triggers():
    game, (hero, other) = _game()
    hero.items.append("brawlers-token")  # After attacking another Hero, gain 1 gold.
    other.items.append("grudge-ward")  # When another Hero attacks you, that Hero takes 1 exhaustion.
    game.combat.fight_heroes(hero, other)
    fired = [(r["hero"], r["source"], r["event"]["target"]) for r in game.log.records
             if r["type"] == "trigger" and r["event"].get("verb") == "attack_hero"]
    assert fired == [(hero.id, "brawlers-token", other.id), (other.id, "grudge-ward", other.id)]


def test_the_defenders_trigger_runs_for_the_attacker_and_only_when_it_is_attacked():
    from runeforge.engine.runebound.core.acts_rbwho import act

    game, (hero, other) = _game()
    other.items.append("grudge-ward")
    hero.items.append("grudge-ward")
    act(game.combat, hero, "attack_hero", target=other.id)  # the hero attacks the other
    assert (hero.exhaustion, other.exhaustion) == (1, 0)  # "that Hero": the attacker
    act(game.combat, other, "attack_hero", target=hero.id)
    assert (hero.exhaustion, other.exhaustion) == (1, 1)


@pytest.mark.parametrize("canonical", [
    "Every time you encounter a travel hazard, gain 2 gold.",
    "Every time another Hero encounters a travel hazard, that Hero takes 1 exhaustion.",
    "Every time any Hero encounters a travel hazard, gain 1 gold.",
    "Every time you buy experience, gain 1 gold.",
    "Every time another Hero buys experience, gain 1 gold.",
    "Every time any Hero buys experience, take 1 exhaustion.",
    "Every time another Hero attacks you, that Hero takes 1 exhaustion.",
    "Every time any Hero attacks you, gain 1 gold.",
    "Every time you attack another Hero, gain 1 gold.",
    "Every time another Hero attacks another Hero, gain 1 gold.",
    "Every time any Hero attacks another Hero, gain 1 gold.",
    "Every time you hire this Ally, gain 2 gold.",
])
def test_the_acts_render_in_five_locales(canonical):
    ability = parse_ability(canonical)
    texts = {locale: render_ability(ability, locale) for locale in LOCALES}
    for locale, text in texts.items():
        assert text and "{" not in text and "event." not in text, (locale, text)
    assert texts["en"] == canonical
    assert len(set(texts.values())) == len(LOCALES)


@pytest.mark.parametrize("text, canonical", [
    ("When resting, gain 1 gold.", "Every time you rest, gain 1 gold."),
    ("After hiring an Ally, take 1 exhaustion.", "Every time you hire an Ally, take 1 exhaustion."),
    ("Whenever defeating a challenge, gain 1 gold.",
     "Every time you defeat a challenge, gain 1 gold."),
    ("When failing a Spirit test, take 1 exhaustion.",
     "Every time you fail a Spirit test, take 1 exhaustion."),
    ("When buying an Item, gain 1 gold.", "Every time you buy an Item, gain 1 gold."),
])
def test_an_ing_form_after_a_connective_is_the_act_of_you(text, canonical):
    ctx = CardContext("hero", None, None)
    assert compile_ability(text, ctx)[0] == compile_ability(canonical, ctx)[0]


def test_an_allys_own_hire_sets_off_its_trigger_and_a_later_hire_does_not():
    game, (hero, _other) = _game()
    town = game.board.space(game.state.positions[hero.id]).town
    game.state.market_stacks.setdefault(town, []).extend(["toll-road-guide", "hedge-mage"])
    hero.gold = 20
    price = game.price(hero, "toll-road-guide")
    game.market_action(hero, town, "hire:toll-road-guide")  # "The Hero who hires this Ally"
    assert hero.gold == 20 - price + 2
    gold, price = hero.gold, game.price(hero, "hedge-mage")
    game.market_action(hero, town, "hire:hedge-mage")  # another Ally: not this one
    assert hero.gold == gold - price


@pytest.mark.parametrize("kind", ["item", "hero", "event"])
def test_hiring_this_ally_is_refused_off_an_allys_card(kind):
    ir, found = compile_ability("When you hire this Ally, gain 2 gold.", CardContext(kind))
    assert ir is None and [f.code for f in found if f.severity == "error"] == ["RF541"]


def test_a_relative_clause_on_an_act_runs_for_the_hero_who_acted():
    game, (hero, other) = _game()
    hero.items.append("innkeepers-tally")  # Any Hero who rests gains 1 gold.
    gold = (hero.gold, other.gold)
    game.rest(other, 1)
    assert (hero.gold, other.gold) == (gold[0], gold[1] + 1)
    game.rest(hero, 1)
    assert (hero.gold, other.gold) == (gold[0] + 1, gold[1] + 1)


@pytest.mark.parametrize("text, canonical", [
    ("Each Hero who defeats a challenge gains 1 gold.",
     "Every time any Hero defeats a challenge, that Hero gains 1 gold."),
    ("A Hero who encounters a travel hazard takes 1 wound.",
     "Every time any Hero encounters a travel hazard, that Hero takes 1 wound."),
    ("Every player who fails a Spirit test takes 1 exhaustion.",
     "Every time any Hero fails a Spirit test, that Hero takes 1 exhaustion."),
    ("While this event is in play, each Hero that buys an Item gains 1 gold.",
     "While this event is in play, every time any Hero buys an Item, that Hero gains 1 gold."),
])
def test_a_relative_clause_on_an_act_is_a_trigger_of_any_hero(text, canonical):
    ctx = CardContext("event", None, None)
    ir, found = compile_ability(text, ctx)
    assert [f.code for f in found if f.severity == "error"] == []
    assert ir == compile_ability(canonical, ctx)[0]
