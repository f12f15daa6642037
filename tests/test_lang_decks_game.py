"""Family 5/6 of the ability language (issue 21) in the engine: the scenarios of
tests/data/decks_content, the game applying the grants (whole games with the invariants
checked), and the combat kernels and exact odds leaving the new ops to the engine."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound.lower import lower

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "decks_content"


# ---- the scenarios of the test content ---------------------------------------------------

@functools.lru_cache(maxsize=1)
def _scenarios():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok
    return [r for r in scenarios.run(result.content, result.compiled)
            if "decks_content" in str(r.path)]


def test_the_scenarios_of_the_family_pass():
    from runeforge.scenarios import report

    results = _scenarios()
    assert len(results) == 8
    for r in results:
        assert r.passed, "\n".join(report.failure_lines(r))
    ops = set().union(*(r.ops for r in results))
    assert {"place_ally", "draw_adventure", "draw_market_keep", "return_to_deck",
            "gain_experience", "pay_you", "gain_gold_equal"} <= ops


# ---- the game applies the grants ------------------------------------------------------------

def _game():
    from tests.test_game_scenarios import make

    game, heroes = make(players=2)
    return game, heroes


def _grant(game, hero, op, **fields):
    game.combat.grants.append({"hero": hero.id, "source": "test", "op": op, **fields})
    game.apply_grants(hero)


def test_gain_experience_is_written_down():
    game, (hero, _) = _game()
    before = game.experience_points(hero)
    _grant(game, hero, "gain_experience", amount=2)
    assert game.experience_points(hero) == before + 2
    assert game.state.experience_credit[hero.id] >= 2


def test_draw_market_keep_keeps_one_and_puts_the_rest_under_the_deck():
    game, (hero, _) = _game()
    deck = game.state.market_deck
    top = deck[:3]
    want = sorted(set(top))[-1]
    game.players[hero.id].answers["keep"] = [want]
    held = len(hero.items) + len(hero.allies)
    _grant(game, hero, "draw_market_keep", amount=3)
    assert len(hero.items) + len(hero.allies) == held + 1
    rest = list(top)
    rest.remove(want)
    assert deck[-2:] == rest


def test_draw_adventure_draws_one_card_of_its_colour(monkeypatch):
    """"Draw a green adventure card and resolve it." is one card, resolved (branch runs2: it
    was a whole adventure, drawing on until a challenge was fought)."""
    game, (hero, _) = _game()
    calls = []
    monkeypatch.setattr(type(game), "resolve_card",
                        lambda self, h, card, hazard=False: calls.append((h.id, card)) or
                        self.card(card).kind)
    top = list(game.state.adventure_decks["green"][:2])
    _grant(game, hero, "draw_adventure", colour="green")
    assert calls == [(hero.id, top[0])]
    assert game.state.adventure_decks["green"][0] == top[1]


def test_return_to_deck_moves_a_played_card_under_its_deck():
    from tests.test_game_scenarios import of_kind, take

    game, (hero, _) = _game()
    card = take(game, of_kind(game, "encounter")[0])
    game.state.removed.append(card)
    _grant(game, hero, "return_to_deck", card=card)
    assert card not in game.state.removed
    assert game.state.adventure_decks[game.colour_of(card)][-1] == card


def test_each_other_hero_pays_what_he_has():
    from runeforge.engine.runebound.core.effects import Amount, Context
    from runeforge.engine.runebound.core.effects_decks import PayYou

    game, (hero, other) = _game()
    game.combat.set_tokens(hero, "gold", 0, "test")
    game.combat.set_tokens(other, "gold", 1, "test")
    bank = game.state.bank_gold
    PayYou("each_other_hero", Amount("fixed", 3)).run(Context(game.combat, hero, "test"))
    assert (hero.gold, other.gold, game.state.bank_gold) == (1, 0, bank)


def test_an_encounter_placed_as_an_ally_stays_with_the_hero():
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.engine.runebound.core.effects_decks import PlaceAlly
    from tests.test_game_scenarios import of_kind, take

    game, (hero, _) = _game()
    card = take(game, of_kind(game, "encounter")[0])
    PlaceAlly({"life": 3, "body": 2}).run(Context(game.combat, hero, card))
    game.discard_played(card, game.rules.adventure.encounter_after_play)
    ally = hero.ally(card)
    assert ally is not None and (ally.life, ally.body) == (3, 2)
    assert card in hero.trophies and card not in game.state.removed
    assert game.slot_of(card) == "ally"


# ---- kernels and exact odds leave the new ops to the engine ------------------------------------

def test_the_new_ops_are_not_kernel_ops():
    from runeforge.engine.runebound.combat.kernel_plan import COMBAT_OPS
    from runeforge.engine.runebound.core.ir_decks import EFFECT_OPS

    assert COMBAT_OPS.isdisjoint(EFFECT_OPS)


@pytest.mark.parametrize("text, why", [
    ("Before Combat: Gain 1 experience.", "gain_experience"),
    ("Before Combat: Each other Hero pays you 1 gold.", "pay_you"),
    ("Before Combat: Discard an Item to gain gold equal to its cost.", "discard_item"),
])
def test_exact_odds_report_the_new_forms_ignored(text, why):
    from runeforge.engine.runebound.analysis.before_model import before_model

    ir = lower(parse_ability(text))
    model = before_model([("some-item", 0, "item", ir)])
    assert not model.steps and not model.complete_before
    assert any(why in reason for *_, reason in model.uncovered_before)


# ---- whole games with the test cards: the card text, the grants and the invariants -----------

@functools.lru_cache(maxsize=1)
def _bundle_with_test_cards():
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle

    result = pipeline.check([str(CONTENT)])
    assert result.ok
    return build_bundle(result.content, result.compiled)


def _game_with(card: str, colour: str, **answers):
    """A 2-player base game in which ``card`` (a test encounter) is on top of its deck."""
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.test_game_scenarios import Script

    b = _bundle_with_test_cards()
    game = new_game(b, catalog=Catalog(b), players=2, seed=0, packs="adventure",
                    make_bot=make_bot, debug=True)
    heroes = [game.hero(h) for h in game.state.seats]
    for hero in heroes:
        game.players[hero.id] = Script(**answers)
    game.state.removed.remove(card)  # a test card is in no deck of the adventure: the box
    game.state.adventure_decks.setdefault(colour, []).insert(0, card)
    return game, heroes


def _play(game, hero, colour):
    from runeforge.engine.runebound.game.invariants import check_invariants
    from runeforge.engine.runebound.game.turn import TurnOver

    card = game.draw_adventure(colour)
    try:
        game.resolve_card(hero, card)
    except TurnOver:
        pass
    assert check_invariants(game) == []
    return card


def test_a_game_places_the_encounter_as_an_ally():
    from runeforge.engine.common.dice import ScriptedDice

    game, (hero, _) = _game_with("oathbound-squire", "yellow")
    game.combat.dice = ScriptedDice([10])
    _play(game, hero, "yellow")
    ally = hero.ally("oathbound-squire")
    assert ally is not None and (ally.life, ally.body) == (3, 2)
    assert "oathbound-squire" not in game.state.removed
    assert game.slot_of("oathbound-squire") == "ally"


def test_a_game_keeps_one_of_three_market_cards():
    game, (hero, _) = _game_with("peddlers-wagon", "blue")
    top = game.state.market_deck[:3]
    want = sorted(set(top))[0]
    game.players[hero.id].answers["keep"] = [want]
    _play(game, hero, "blue")
    assert want in hero.items or hero.ally(want) is not None
    assert [c for c in game.state.market_deck[-2:]] == [c for c in top if c != want][:2]


def test_a_game_writes_experience_down_and_returns_the_card_under_its_deck():
    game, (hero, _) = _game_with("restless-cairn", "red")
    before = game.experience_points(hero)
    _play(game, hero, "red")
    assert game.experience_points(hero) == before + 1
    assert game.state.adventure_decks["red"][-1] == "restless-cairn"
    assert "restless-cairn" not in game.state.removed


def test_a_game_lets_the_other_hero_pay_the_toll():
    game, (hero, other) = _game_with("toll-bridge", "green")
    game.combat.set_tokens(other, "gold", 1, "test")
    mine = hero.gold
    _play(game, hero, "green")
    assert (hero.gold, other.gold) == (mine + 1, 0)


def test_a_game_draws_on_from_the_green_deck():
    game, (hero, _) = _game_with("crossroads-omen", "green")
    _play(game, hero, "green")
    drawn = [r["card"] for r in game.log.records if r.get("type") == "adventure_card"]
    assert drawn[0] == "crossroads-omen" and len(drawn) >= 2


def test_a_killed_placed_ally_goes_where_played_encounters_go():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.game.invariants import check_invariants

    game, (hero, _) = _game_with("oathbound-squire", "yellow")
    game.combat.dice = ScriptedDice([10])
    _play(game, hero, "yellow")
    ally = hero.ally("oathbound-squire")
    game.combat.set_tokens(ally, "wounds", 3, "test")  # Life 3: killed
    game.settle()
    assert hero.ally("oathbound-squire") is None
    assert "oathbound-squire" not in hero.trophies + game.state.market_deck
    assert game.state.removed[-1] == "oathbound-squire"  # base: encounters leave the game
    assert check_invariants(game) == []


@pytest.mark.parametrize("give_up", ["old", "new"])
def test_over_the_ally_limit_the_player_gives_up_an_old_ally_or_declines_the_new(give_up):
    """Seed 000: with two Allies already, the Hero cannot take the new one unless he first
    gives up one of the old ones."""
    from runeforge.engine.common.dice import ScriptedDice

    game, (hero, _) = _game_with("oathbound-squire", "yellow")
    limit = game.rules.market.ally_limit
    allies = [c for c in game.state.market_deck if game.slot_of(c) == "ally"][:limit]
    assert len(allies) == limit
    for card in allies:
        game.state.market_deck.remove(card)
        hero.allies.append(game.catalog.new_ally(card))
    old = sorted(allies)[0]
    answer = old if give_up == "old" else "oathbound-squire"
    game.players[hero.id].answers["discard_excess"] = [answer]
    game.combat.dice = ScriptedDice([10])
    _play(game, hero, "yellow")
    asked = [d for d in game.players[hero.id].asked if d.kind == "discard_excess"]
    assert sorted(asked[0].options) == sorted([*allies, "oathbound-squire"])
    held = [a.id for a in hero.allies]
    assert len(held) == limit and answer not in held
    if give_up == "old":
        assert "oathbound-squire" in held and game.state.market_deck[-1] == old
    else:
        assert held == allies and game.state.removed[-1] == "oathbound-squire"
        assert "oathbound-squire" not in hero.trophies


@pytest.mark.parametrize("effect", [
    {"op": "gain_experience", "amount": {"kind": "fixed", "value": 1}},
    {"op": "pay_you", "payer": "each_other_hero", "amount": {"kind": "fixed", "value": 1}},
    {"op": "draw_adventure", "colour": "green"},
])
def test_a_combat_ability_with_a_new_op_falls_back_to_the_engine(effect):
    """As test_kernel's draw_market case: the kernel names the op, the engine fights."""
    import copy

    from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds
    from runeforge.engine.runebound.combat import kernel as K
    from runeforge.engine.runebound.core.catalog import Catalog
    from tests.engine_bundle import bundle

    b = copy.deepcopy(bundle())
    for card in b["cards"]:
        if card["id"] == "healing-draught":  # an untimed one-use card
            ability = copy.deepcopy(card["abilities"][0])
            ability["effects"] = [effect]
            card["abilities"] = [ability]
    odd = Catalog(b)
    kernel = K.compile_kernel(odd, "orrin-stonehand", "marsh-goblins",
                              items=("healing-draught",))
    assert kernel.fn is None and effect["op"] in kernel.fallback
    mc = monte_carlo_odds(odd, "orrin-stonehand", "marsh-goblins",
                          items=("healing-draught",), trials=20)
    assert mc.kernel == kernel.fallback


def test_the_heuristic_bot_keeps_the_dearest_market_card():
    game, (hero, _) = _game_with("peddlers-wagon", "blue")  # no "keep" scripted: the bot
    top = game.state.market_deck[:3]
    _play(game, hero, "blue")
    kept = max(set(top), key=lambda c: (game.card(c).cost, c))
    assert kept in hero.items or hero.ally(kept) is not None
