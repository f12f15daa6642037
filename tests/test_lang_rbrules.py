"""Prohibitions and prices as English says them (issue 32, session rbrules), in the engine.

"Heroes cannot rest." / "You may not rest." bar the rest of a move; "... attack other Heroes"
the attack on a Hero in the space; "... be healed in towns" the healing bought in a market;
"Items cannot be sold." the selling; "Allies cannot be hired." the hiring. The rule of every
Hero bars every Hero; "you" bars the Hero who holds the card. "Items cost you 3 less gold (to
a minimum of 1 gold)." lowers a price no further than 1 (nor raises a cheaper one)."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from tests.test_lang_rbsubj import _game_with_rule, _ir


def _held_rule(text: str, kind: str = "item", skills: frozenset = frozenset()):
    """A game whose first Hero holds a card of ``kind`` whose only ability is ``text`` (checked
    with the game's ``skills`` declared)."""
    from runeforge.engine.runebound.core.catalog import Ability, Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.test_game_props import content
    from tests.test_game_scenarios import make_bot, of_kind

    bundle, _ = content()
    game = new_game(bundle, catalog=Catalog(bundle), players=2, seed=0, doom=False,
                    packs="adventure", make_bot=make_bot)
    ir, findings = compile_ability(text, CardContext(kind, None, None, skills))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    card_id = of_kind(game, kind)[0]
    card = game.catalog.card(card_id)
    card.abilities[:] = [Ability.from_ir(card.id, 0, ir)]
    for name in ("modifiers", "standing_effects"):
        card.__dict__.pop(name, None)
    game.catalog.refresh()
    hero, other = (game.hero(h) for h in game.state.seats)
    hero.items.append(card_id)
    game.combat.modifiers_changed()
    return game, hero, other


def _rests(game, hero) -> bool:
    hero.exhaustion = 2
    game.rest(hero, 1)
    return hero.exhaustion == 1


def _options(game, hero, town=None) -> list[str]:
    hero.gold = 99
    town = town or sorted(game.state.market_stacks)[0]
    return game.market_options(hero, town)


@pytest.mark.parametrize("text", ["Heroes cannot rest.", "Each Hero may not rest.",
                                  "Heroes can't rest until this event is replaced."])
def test_an_events_rule_bars_every_hero_from_resting_until_it_is_replaced(text):
    from tests.test_game_scenarios import take

    game, (hero, other), numbered = _game_with_rule(text)
    assert _rests(game, hero)
    game.play_event(hero, take(game, numbered[2]))
    assert not _rests(game, hero) and not _rests(game, other)
    game.play_event(hero, take(game, numbered[3]))
    assert _rests(game, hero) and _rests(game, other)


@pytest.mark.parametrize("text", ["You cannot rest.", "Your Hero may not rest."])
def test_your_rule_bars_only_the_holder(text):
    game, hero, other = _held_rule(text)
    assert not _rests(game, hero)
    assert _rests(game, other)


def _attack_options(game, hero, other) -> list[str]:
    s = game.state
    space = s.positions[other.id]
    s.positions[hero.id] = space
    s.board_counters.pop(space, None)
    seen = []

    def ask(hero_id, kind, options, **info):
        seen.extend(options)
        return "pass"

    game.ask = ask
    game.adventure_step(hero)
    return seen


@pytest.mark.parametrize("text, holder_only", [("You cannot attack other Heroes.", True),
                                                ("Heroes may not attack each other.", False)])
def test_attacking_a_hero_is_not_offered(text, holder_only):
    game, hero, other = _held_rule(text)
    offered = _attack_options(game, hero, other)
    assert f"trade:{other.id}" in offered and f"attack:{other.id}" not in offered
    assert (f"attack:{hero.id}" in _attack_options(game, other, hero)) is holder_only


def test_without_the_rule_a_hero_may_be_attacked():
    game, hero, other = _held_rule("Heroes cannot buy Items.")
    assert f"attack:{other.id}" in _attack_options(game, hero, other)


@pytest.mark.parametrize("text, healed_other", [("Heroes cannot be healed in towns.", False),
                                                ("You may not be healed in a town.", True)])
def test_healing_in_a_market_is_barred(text, healed_other):
    game, hero, other = _held_rule(text)
    hero.wounds = other.wounds = 1
    assert f"heal_wound:{hero.id}" not in _options(game, hero)
    assert (f"heal_wound:{other.id}" in _options(game, other)) is healed_other


def test_items_cannot_be_sold():
    game, hero, other = _held_rule("Items cannot be sold.")
    other.items.append(hero.items[0])
    assert not [o for o in _options(game, hero) + _options(game, other) if o.startswith("sell:")]
    game2, hero2, _ = _held_rule("Items cannot be bought.")  # the same rule as buying them
    assert [o for o in _options(game2, hero2) if o.startswith("sell:")]


def test_you_cannot_sell_items_bars_only_the_holder():
    from tests.test_game_scenarios import of_kind

    game, hero, other = _held_rule("Your Hero may not sell Items.")
    other.items.append(of_kind(game, "item")[1])  # not the card with the rule
    assert not [o for o in _options(game, hero) if o.startswith("sell:")]
    assert [o for o in _options(game, other) if o.startswith("sell:")]


def test_allies_cannot_be_hired():
    from tests.test_game_scenarios import of_kind

    game, hero, _ = _held_rule("Allies cannot be hired.")
    town = sorted(game.state.market_stacks)[0]
    game.state.market_stacks[town].append(of_kind(game, "ally")[0])
    assert not [o for o in _options(game, hero, town) if o.startswith("hire:")]


@pytest.mark.parametrize("text", ["Items cost you 3 less gold (to a minimum of 1 gold).",
                                  "Items you buy cost 3 gold less, to a minimum of 1.",
                                  "Items cost 3 less gold in every town (minimum 1)."])
def test_a_price_floor(text):
    from tests.test_game_scenarios import of_kind

    game, hero, _ = _held_rule(text)
    cards = {game.card(c).cost: c for c in of_kind(game, "item")}
    for cost, card in cards.items():
        assert game.price(hero, card) == (cost if cost <= 1 else max(1, cost - 3)), cost
    assert any(cost > 1 and cost - 3 < 1 for cost in cards)  # the floor is met
    game2, hero2, _ = _held_rule("Items cost you 3 less gold.")
    assert any(game2.price(hero2, c) < game.price(hero, c) for c in cards.values())


@pytest.mark.parametrize("variants", [
    ("Heroes cannot rest.", "Each Hero may not rest.", "Every Hero can't rest."),
    ("You cannot rest.", "Your Hero may not rest.", "You can not rest."),
    ("Heroes cannot attack other Heroes.", "Heroes may not attack each other.",
     "Each Hero cannot attack another Hero."),
    ("Heroes cannot buy Allies.", "Allies cannot be hired.", "Heroes may not hire Allies."),
    ("Heroes cannot buy Items.", "Items may not be bought."),
    ("Items cannot be sold.", "Heroes cannot sell Items.", "Each Hero may not sell Items."),
    ("You cannot sell Items.", "Your Hero can't sell items."),
    ("Heroes cannot be healed in towns.", "Heroes cannot heal in towns.",
     "Each Hero may not heal wounds in a town."),
    ("While this event is in play, Heroes cannot rest.", "For as long as this event is in "
     "play, Heroes cannot rest.", "Heroes cannot rest until this event is discarded.",
     "Heroes may not rest for as long as this event remains active."),
    ("You cannot be healed in towns.", "Your Hero may not be healed in a town."),
    ("Allies cost you 1 less gold.", "Allies cost you 1 less gold to hire.",
     "Allies cost 1 gold less everywhere."),
    ("Items cost you 2 less gold (to a minimum of 1 gold).", "Items cost 2 gold less, to a "
     "minimum of 1.", "Items you buy cost 2 less gold to buy them (minimum 1)."),
    ("While this event is in play, Items cannot be sold.", "Items may not be sold while this "
     "event is active.", "As long as this event remains in effect, Items can't be sold."),
])
def test_variants_are_one_node_printed_canonically(variants):
    nodes = {parse_ability(v) for v in variants}
    assert len(nodes) == 1, variants
    canonical = print_ability(nodes.pop())
    assert canonical == variants[0]
    assert print_ability(parse_ability(canonical)) == canonical


@pytest.mark.parametrize("text, kind", [
    ("Heroes cannot be healed.", "event"),
    ("Allies cannot be activated during this combat.", "challenge"),
    ("This Ally cannot be activated.", "ally"),
    ("Each other Hero cannot rest.", "event"),
    ("Your Allies cannot sell Items.", "event"),
    ("Your Allies cannot be healed in towns.", "ally"),
    ("Allies cannot be sold.", "event"),
    ("Items cost you 1 less gold to hire.", "event"),
    ("Items cost you 1 more gold (to a minimum of 1 gold).", "event"),
    ("Gain 1 gold (to a minimum of 1 gold).", "item"),
])
def test_what_the_engine_cannot_bar_is_refused_at_its_words(text, kind):
    ir, findings = compile_ability(text, CardContext(kind, None, None, frozenset()))
    errors = [f for f in findings if f.severity == "error"]
    assert ir is None and [f.code for f in errors] == ["RF472"], findings
    assert errors[0].span[1] > errors[0].span[0] and errors[0].hint


def test_a_rule_outside_combat_is_reported_ignored_by_the_odds_model():
    from runeforge.commands._combatcontent import _inert_static

    assert _inert_static(_ir("You cannot rest.")) == "a rule outside combat (no effect on " \
                                                    "the odds)"
    assert _inert_static(_ir("Items cost you 1 less gold (to a minimum of 1 gold).")) \
        == "a price rule (no effect on the odds)"


WRAITH = """kind: challenge
cards:
  - name: Rust Wraith
    origin: original
    colour: green
    mind: 5
    body: 5
    spirit: 5
    ranged_damage: 1
    melee_damage: 1
    magic_damage: 1
    life: 3
    reward: {gold: 1}
    abilities: [%s]
"""


@pytest.mark.parametrize("rule, knives", [("", True),
                                          ('"Items cannot be activated during this combat."',
                                           False),
                                          ('"Items may not be activated."', False),
                                          ('"Allies cannot attack this challenge."', True)])
def test_a_challenge_bars_its_heros_items_in_runeforge_fight(tmp_path, rule, knives):
    """The fight (the combat kernel) offers the Throwing Knives' "Ranged: Activate to make a
    ranged attack with +1." only where no rule bars activating Items."""
    from click.testing import CliRunner

    from runeforge.cli import main

    (tmp_path / "wraith").mkdir()
    (tmp_path / "wraith" / "challenges.yaml").write_text(WRAITH % rule, encoding="utf-8")
    log = tmp_path / "fight.jsonl"
    result = CliRunner().invoke(main, ["fight", "--hero", "varikas-the-dead", "--challenge",
                                       "rust-wraith", "--item", "throwing-knives", "--seed",
                                       "1", "--log", str(log), str(tmp_path / "wraith")])
    assert result.exit_code == 0, result.output
    assert ("throwing-knives" in log.read_text(encoding="utf-8")) is knives


@pytest.mark.parametrize("text, out_of_combat", [
    ("Items cannot be activated.", True),
    ("Items cannot be activated during this combat.", False),
])
def test_the_resolver_refuses_an_items_activation(text, out_of_combat):
    """Resolver.refusal (the game's engine): an active event's rule bars every Item whose cost
    is activating it; '... during this combat' only in a combat."""
    from runeforge.engine.runebound.core.activation import activation_bar
    from runeforge.engine.runebound.core.windows import moment_at
    from tests.test_game_scenarios import take

    game, (hero, _other), numbered = _game_with_rule(text)
    game.play_event(hero, take(game, numbered[2]))
    hero.items.append("runed-warhammer")  # "Melee: Activate. Until the end of this round, ..."
    engine = game.combat
    ability = engine.catalog.card("runed-warhammer").abilities[0]
    engine.moment = moment_at("melee", "melee", 1, 1, 1)
    assert "Items cannot be activated" in (engine.refusal(hero, ability) or "")
    engine.moment = moment_at("before_moving", None, 0, 0, 1)
    assert (activation_bar(engine, "item", ability) is not None) is out_of_combat
    assert activation_bar(engine, "ally", ability) is None  # an Item's activation only
    game.play_event(hero, take(game, numbered[3]))  # replaced: the rule is gone
    engine.moment = moment_at("melee", "melee", 1, 1, 1)
    assert "Items cannot be activated" not in (engine.refusal(hero, ability) or "")


def test_the_combat_kernel_bars_the_items_as_the_engine_does():
    """The compiled combat kernel (the odds' fast path) is held to the engine by the
    differential test: with the Rust Wraith's "Items cannot be activated during this combat."
    it offers the Throwing Knives no more than the engine does."""
    from pathlib import Path

    from runeforge.engine.runebound.analysis.kernel_check import differential
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from tests.engine_bundle import catalog

    cat = catalog(Path(__file__).resolve().parent / "data" / "rbrules_content")
    kernel = compile_kernel(cat, "varikas-the-dead", "rust-wraith", items=("throwing-knives",))
    assert kernel.fn is not None, kernel.fallback
    for mode in ("bot", "ask"):
        assert differential(cat, "varikas-the-dead", "rust-wraith", ("throwing-knives",),
                            seeds=range(25), mode=mode) is None, mode
