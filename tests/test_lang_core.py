"""The compositional core of the ability language (issue 32, part III) in the engine: the
scenarios of tests/data/core_content (each new form does what its text says), and the game
ending a turn, refusing to sell Items and moving as if through plains when a card says so."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "core_content"


@functools.lru_cache(maxsize=1)
def _scenarios():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok
    return [r for r in scenarios.run(result.content, result.compiled)
            if "core_content" in str(r.path)]


def test_the_scenarios_of_the_core_pass_and_run_its_ops():
    from runeforge.scenarios import report

    results = _scenarios()
    assert len(results) == 15
    for r in results:
        assert r.passed, "\n".join(report.failure_lines(r))
    ops = set().union(*(r.ops for r in results))
    assert {"each_hero", "repeat", "lose_gold", "end_turn", "discard_ally", "pay_to",
            "keep_trophy"} <= ops


def _game():
    from tests.test_game_scenarios import make

    return make(players=2)


def test_end_your_turn_ends_the_turn_after_the_text():
    from runeforge.engine.runebound.game.turn import TurnOver

    game, (hero, _) = _game()
    game.combat.grants.append({"hero": hero.id, "source": "test", "op": "end_turn"})
    with pytest.raises(TurnOver):
        game.after_effects(hero)


def test_no_grant_no_turn_over():
    game, (hero, _) = _game()
    game.after_effects(hero)  # nothing raised: the turn goes on


def test_heroes_cannot_buy_items_while_the_rule_holds():
    game, (hero, _) = _game()
    town = next(iter(game.state.market_stacks))
    hero.gold = 99
    before = game.market_options(hero, town)
    assert any(o.startswith("buy:") for o in before)
    game.state.effects.append(_active(hero, "next_event",
                                      [{"op": "restrict", "action": "buy_items"}]))
    after = game.market_options(hero, town)
    assert not any(o.startswith("buy:") for o in after)
    assert [o for o in before if o.startswith("hire:")] == \
        [o for o in after if o.startswith("hire:")]


def test_heroes_cannot_buy_allies_while_the_rule_holds():
    """"Heroes cannot buy Allies." (issue 32, session lang4): no hire offered while the rule
    holds; Items are bought as before."""
    game, (hero, _) = _game()
    hero.gold = 99
    towns = [t for t, stack in game.state.market_stacks.items()
             if any(game.card(c).kind == "ally" for c in stack)]
    if not towns:  # an Ally in some market, so the rule has something to forbid
        town = next(iter(game.state.market_stacks))
        ally = next(c for c in game.state.market_deck if game.card(c).kind == "ally")
        game.state.market_stacks[town].append(ally)
        towns = [town]
    before = game.market_options(hero, towns[0])
    assert any(o.startswith("hire:") for o in before)
    game.state.effects.append(_active(hero, "next_event",
                                      [{"op": "restrict", "action": "buy_allies"}]))
    after = game.market_options(hero, towns[0])
    assert not any(o.startswith("hire:") for o in after)
    assert [o for o in before if o.startswith("buy:")] == \
        [o for o in after if o.startswith("buy:")]


def _active(hero, until, effects):
    from runeforge.engine.runebound.core.state import ActiveEffect

    return ActiveEffect(hero.id, "test-card", until, effects, None)


def test_a_terrain_rule_without_a_skill_is_every_heros():
    from runeforge.engine.runebound.game.place import with_terrain_rules

    game, (hero, _) = _game()
    hero.skills = []
    game.state.effects.append(_active(hero, "end_of_turn", [
        {"op": "terrain_rule", "skill": None, "terrain": "forest", "like": "plains"}]))
    rolled = (frozenset({"plains"}), frozenset({"road"}))
    out = with_terrain_rules(game, hero, rolled)
    assert "forest" in out[0] and "forest" not in out[1]


# ---- docs/language.md "The compositional core": every example is true ------------------

def _doc_blocks(fence: str):
    import re

    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = text[text.index("## The compositional core"):]
    out = []
    for m in re.finditer(rf"^```{fence} (\w+)\n(.*?)^```", section, flags=re.M | re.S):
        out += [(m.group(1), line) for line in m.group(2).splitlines() if line.strip()]
    return out


CORE = _doc_blocks("core")
CORE_VARIANTS = _doc_blocks("core-variant")


def _ctx(kind):
    from runeforge.games.runebound.checks import CardContext

    usage = "constant" if kind == "item" else None
    return CardContext(kind, usage, None, frozenset({"Swim", "Climb", "Diplomacy"}))


@pytest.mark.parametrize("kind, text", CORE)
def test_core_doc_example_compiles_prints_and_renders(kind, text):
    """A doc example is a card text: one ability, or several one after another."""
    from runeforge.games.runebound.abilities import canonical_text, compile_abilities, parts_cached
    from runeforge.games.runebound.text.render import render_ability

    abilities = [ability for _offset, _part, ability in parts_cached(text)]
    assert canonical_text(text) == text
    irs, findings = compile_abilities(text, _ctx(kind))
    assert [(f.code, f.message) for f in findings] == []
    assert irs is not None and len(irs) == len(abilities)
    for locale in ("en", "fi", "pl", "el", "ru"):
        for ability in abilities:
            rendered = render_ability(ability, locale)
            assert rendered and "{" not in rendered
    assert " ".join(render_ability(a, "en") for a in abilities) == text


@pytest.mark.parametrize("kind, line", CORE_VARIANTS)
def test_core_doc_variant_prints_as_its_canonical_text(kind, line):
    from runeforge.games.runebound.abilities import canonical_text, compile_abilities

    variant, canonical = (part.strip() for part in line.split("=>"))
    assert canonical_text(variant) == canonical
    irs, findings = compile_abilities(variant, _ctx(kind))
    assert [f.code for f in findings if f.severity == "error"] == []
    assert irs == compile_abilities(canonical, _ctx(kind))[0]


def test_the_core_doc_shows_every_selector_verb_and_modifier():
    from runeforge.dsl.runebound import nodes as n
    from runeforge.dsl.runebound.sequence import parse_text

    seen_nodes, selectors = set(), set()
    for _kind, text in CORE:
        for s in (s for _offset, ability in parse_text(text) for s in ability.sentences):
            for node in n.walk(s):
                seen_nodes.add(type(node).__name__)
                if isinstance(node, n.Selector):
                    selectors.add(node.who)
                    selectors |= {k for k in ("place", "within", "having", "measure")
                                  if getattr(node, k) is not None}
                if isinstance(node, (n.Suffer, n.Inflict)):
                    selectors.add(node.target or "you")
                if isinstance(node, (n.Modifier, n.Immune, n.CannotBeWounded)):
                    selectors.add(node.subject)
    assert {"each", "each_other", "most", "fewest", "place", "within", "having", "measure",
            "each_ally", "this_challenge", "enemy", "you", "hero"} <= selectors
    assert {"GainGold", "LoseGold", "DrawMarket", "Suffer", "Heal", "GainExperience",
            "EndTurn", "DiscardAlly", "Nothing", "PayTo", "Move", "MovementDice",
            "DoomTokens", "Restrict", "CannotBeWounded", "Immune", "TerrainRule", "WoundCap",
            "Modifier"} <= seen_nodes
    assert {"During", "IfState", "WhileState", "ForEach", "Each", "Trigger"} <= seen_nodes


def test_when_this_ally_is_defeated_runs_as_it_falls():
    """The Oath Keeper's rule ("When this Ally is defeated, gain 2 gold.") runs when it is
    killed, for the Hero who held it, and not when another Ally falls."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.resolver import Resolver
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = _hero(cat)
    keeper, other = cat.new_ally("oath-keeper"), cat.new_ally("tin-shield-bearer")
    hero.allies = [keeper, other]
    engine = Resolver(cat, State(heroes=[hero]), ScriptedDice([]),
                      {hero.id: ScriptedPlayer({})}, BASE)
    other.wounds = other.life
    engine.check_defeat(other)
    assert hero.gold == 0 and keeper in hero.allies and other not in hero.allies
    keeper.wounds = keeper.life
    engine.check_defeat(keeper)
    assert hero.gold == 2 and keeper not in hero.allies


def _hero(cat):
    from runeforge.engine.runebound.core.state import Hero

    return Hero.from_card(cat.card("varikas-the-dead").data)


def _engine(cat, hero, enemy=None):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    engine = Combat(cat, State(heroes=[hero]), ScriptedDice([]),
                    {hero.id: ScriptedPlayer({})}, BASE)
    if enemy is not None:
        engine.enemies[hero.id] = enemy
    return engine


def test_this_challenge_is_immune_to_magic_attacks_and_only_those():
    from runeforge.engine.runebound.core.effects_combat import immune_to
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = _hero(cat)
    wight = cat.new_challenge("warded-wight")
    engine = _engine(cat, hero, wight)
    assert immune_to(engine, wight, "magic") == "warded-wight"
    assert immune_to(engine, wight, "melee") is None
    assert immune_to(engine, hero, "magic") is None  # the rule is the challenge's, not the Hero's


def test_your_allies_cannot_be_wounded_in_a_combat_phase():
    from runeforge.engine.runebound.core.effects_combat import capped_wounds
    from runeforge.engine.runebound.core.windows import moment_at
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = _hero(cat)
    bearer, keeper = cat.new_ally("tin-shield-bearer"), cat.new_ally("oath-keeper")
    hero.allies = [bearer, keeper]
    engine = _engine(cat, hero, cat.new_challenge("warded-wight"))
    engine.moment = moment_at("melee", "melee", 1, 1, 1)  # a melee step of round 1
    assert capped_wounds(engine, keeper, 2) == 0
    assert capped_wounds(engine, bearer, 1) == 0
    assert capped_wounds(engine, hero, 2) == 2  # "your Allies", not your Hero


def test_an_encounter_kept_as_a_trophy_is_not_discarded(monkeypatch):
    """"Keep it as a trophy." (issue 32): the encounter stays with the Hero as a trophy and
    does not go back under its deck; without the text it is discarded as usual."""
    from runeforge.engine.runebound.game import adventure
    from runeforge.games.runebound.abilities import compile_ability
    from runeforge.games.runebound.checks import CardContext
    from tests.test_game_scenarios import of_kind, take

    ir, findings = compile_ability("Keep it as a trophy.",
                                   CardContext("encounter", None, None, frozenset()))
    assert ir is not None and not findings
    from runeforge.engine.runebound.core.catalog import Ability

    game, (hero, _) = _game()
    first, second = of_kind(game, "encounter")[:2]
    for card in (first, second):
        take(game, card)
    s = game.state

    def piles(card):
        return sum(p.count(card) for p in [*s.adventure_decks.values(), s.doom_track,
                                           s.removed])

    game.play_encounter(hero, second)  # its own text: discarded as usual
    assert second not in hero.trophies and piles(second) == 1
    monkeypatch.setattr(adventure, "drawn_text", lambda cdef: [Ability.from_ir(first, 0, ir)])
    game.play_encounter(hero, first)
    assert first in hero.trophies and piles(first) == 0


@pytest.mark.parametrize("kind", ["item", "ally", "hero", "challenge", "event"])
def test_keep_it_as_a_trophy_is_an_encounters_words_only(kind):
    from runeforge.games.runebound.abilities import compile_ability

    text = "Test Body (6). If you succeed, keep it as a trophy."
    _ir, findings = compile_ability(text, _ctx(kind))
    assert "RF453" in [f.code for f in findings if f.severity == "error"]


def test_if_you_were_defeated_is_refused_at_its_words_with_the_knock_out_hint():
    """Seed 000: a knocked-out Hero's turn ends at once, so After combat never runs for a
    defeated Hero; the refusal points at the words and names the window that does run."""
    from runeforge.dsl.errors import AbilitySyntaxError
    from runeforge.dsl.runebound.parser import parse_ability

    text = "Before combat: gain 1 gold. If you were defeated, take 1 wound."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF454"
    assert text[err.value.start:err.value.end] == "If you were defeated"
    assert "When your Hero is knocked out" in err.value.hint


@pytest.mark.parametrize("what, held, needed, holds_", [
    ("item", 3, 3, True), ("item", 2, 3, False), ("ally", 2, 2, True),
    ("trophy", 1, 2, False), ("trophy", 2, 2, True), ("gold", 4, 3, True)])
def test_you_have_n_or_more_items_allies_or_trophies_counts_what_the_hero_holds(
        what, held, needed, holds_):
    """Issue 32: "while you have 3 or more Items" tests the Hero's cards (an Item kept as a
    trophy counts as a trophy, not an Item), as "... or more wounds" tests tokens."""
    from types import SimpleNamespace

    from runeforge.engine.runebound.core.effects_branching import holds

    cards = [f"c{i}" for i in range(held)]
    hero = SimpleNamespace(items=cards if what in ("item", "trophy") else [],
                           trophies=cards if what == "trophy" else [],
                           allies=cards if what == "ally" else [],
                           gold=held if what == "gold" else 0, wounds=0, exhaustion=0)
    ctx = SimpleNamespace(engine=None, owner=hero)
    assert holds({"kind": "at_least", "token": what, "count": needed}, ctx) is holds_


def test_each_hero_in_a_town_picks_the_heroes_whose_space_has_a_town():
    """Issue 32: "Each Hero in a town gains 1 gold." selects by the town of each Hero's
    space (not by its terrain); "each other Hero in a town" leaves the Hero out."""
    from types import SimpleNamespace

    from runeforge.dsl.runebound.parser import parse_ability
    from runeforge.engine.runebound.core.effects_core import select
    from runeforge.engine.runebound.core.state import Hero
    from runeforge.games.runebound.lower.core import selector

    a, b, c = (Hero(id=x, name=x, kind="hero") for x in "abc")
    places = {"a": ("plains", "Tamalir"), "b": ("forest", None), "c": ("hills", "Riverwatch")}
    engine = SimpleNamespace(state=SimpleNamespace(heroes=[a, b, c]),
                             hero_place=lambda h: places[h.id])
    for text, want in (("Each Hero in a town gains 1 gold.", ["a", "c"]),
                       ("Every other Hero in a town gains 1 gold.", ["c"])):
        sel = parse_ability(text).sentences[0].selector
        assert sel.place == "town"
        got = select(engine, SimpleNamespace(owner=a), selector(sel))
        assert [h.id for h in got] == want


@pytest.mark.parametrize("verb", ["buy", "sell"])
def test_when_you_buy_or_sell_this_card_runs_as_the_market_trades_it(verb):
    """Issue 32: an Item's "When you buy / sell this card, gain 2 gold." runs once, when the
    Hero trades that card at the market (a sale's trigger while the Hero still holds it), and
    not when another card is traded."""
    from runeforge.engine.runebound.core.catalog import Ability, CardDef
    from runeforge.games.runebound.abilities import compile_ability

    game, (hero, _) = _game()
    town = next(t for t, stack in game.state.market_stacks.items()
                if any(game.card(c).kind == "item" for c in stack))
    stack = game.state.market_stacks[town]
    card, other = [c for c in stack if game.card(c).kind == "item"][:1] + [None]
    ir, findings = compile_ability(f"When you {verb} this card, gain 2 gold.", _ctx("item"))
    assert ir is not None and not findings
    old = game.catalog.cards[card]
    game.catalog.cards[card] = CardDef(card, "item", old.name, old.data,
                                       [Ability.from_ir(card, 0, ir)])
    game.catalog.refresh()
    hero.gold = 50
    if verb == "sell":
        stack.remove(card)
        hero.items.append(card)
        game.combat.modifiers_changed()
    price = game.price(hero, card) if verb == "buy" else game.sell_price(card)
    game.market_action(hero, town, f"{verb}:{card}")
    assert hero.gold == 50 + 2 + (-price if verb == "buy" else price)
    gold = hero.gold
    if verb == "buy":  # a later sale of the same card does not run the buy rule
        game.market_action(hero, town, f"sell:{card}")
        assert hero.gold == gold + game.sell_price(card)


def test_this_ally_is_the_ally_whose_card_says_it():
    """Issue 32: "This Ally cannot be wounded." / "... discard 1 wound from this Ally." name
    the Ally of the card's own text, not the Hero's other Allies."""
    from runeforge.engine.runebound.core.effects import Context

    game, (hero, _) = _game()
    allies = [c for c in sorted(game.catalog.cards) if game.card(c).kind == "ally"][:2]
    hero.allies.extend(game.catalog.new_ally(c) for c in allies)
    for card in allies:
        got = game.combat.targets(Context(game.combat, hero, card), "this_ally", choose=False)
        assert [a.id for a in got] == [card]
    assert game.combat.targets(Context(game.combat, hero, "some-item"), "this_ally") == []


def test_at_the_start_and_end_of_each_combat_round_run_in_every_round_of_a_fight():
    """Issue 32 (session lang3): "At the start / end of each combat round, ..." on a card the
    Hero holds runs once at the start of every round of the Hero's combat and once at the end
    of every round the combat finishes (the round cut short by a defeat has no end)."""
    from runeforge.engine.common.dice import Dice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.catalog import Ability, CardDef
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.games.runebound.abilities import compile_ability
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    item = next(c for c, d in cat.cards.items() if d.kind == "item")
    abilities = []
    for i, text in enumerate(("At the start of each combat round, gain 10 gold.",
                              "At the end of each combat round, gain 1 gold.")):
        ir, findings = compile_ability(text, _ctx("item"))
        assert ir is not None and not findings, findings
        abilities.append(Ability.from_ir(item, i, ir))
    old = cat.cards[item]
    cat.cards[item] = CardDef(item, "item", old.name, old.data, abilities)
    cat.refresh()
    seen = set()
    for seed in range(12):
        hero = _hero(cat)
        hero.items.append(item)
        combat = Combat(cat, State(heroes=[hero]), Dice(seed), {hero.id: _FirstOption()}, BASE)
        wight = cat.new_challenge("warded-wight")  # deals no damage; more Life: more rounds
        wight.life = 6
        combat.fight_challenge(hero, wight, escape=False)
        rounds = [r for r in combat.log.records if r["type"] == "window"
                  and r.get("window") == "ranged"]
        fired = [r["event"]["kind"] for r in combat.log.records if r["type"] == "trigger"
                 and r.get("source") == item]
        starts, ends = fired.count("round_start"), fired.count("round_end")
        assert starts == len(rounds) >= 1 and len(rounds) - 1 <= ends <= len(rounds)
        assert fired == ["round_start", "round_end"] * ends + ["round_start"] * (starts - ends)
        seen.add(ends)
    assert max(seen) >= 1  # some fights last more than one round


class _FirstOption:
    """A player who attacks (the first option) and declines every optional ability."""

    def decide(self, decision, engine):
        return None if decision.kind in ("ability", "optional", "use") else decision.options[0]


def test_this_challenge_heals_at_the_end_of_each_combat_round():
    """Issue 32 (session lang3): a challenge's "At the end of each combat round, this challenge
    heals 1 wound." runs for the Hero facing it: the challenge loses a wound after each round
    it finishes, so it stands longer than the same challenge without the rule."""
    from runeforge.engine.common.dice import Dice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.catalog import Ability, CardDef
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.games.runebound.abilities import compile_ability
    from tests.engine_bundle import catalog

    def healed(with_rule: bool) -> list[int]:
        cat = catalog(CONTENT)
        if with_rule:
            ir, findings = compile_ability(
                "At the end of each combat round, this challenge heals 1 wound.", _ctx("challenge"))
            assert ir is not None and not findings, findings
            old = cat.cards["warded-wight"]
            rule = Ability.from_ir("warded-wight", len(old.abilities), ir)
            cat.cards["warded-wight"] = CardDef("warded-wight", "challenge", old.name, old.data,
                                                [*old.abilities, rule])
            cat.refresh()
        out = []
        for seed in range(12):
            hero = _hero(cat)
            combat = Combat(cat, State(heroes=[hero]), Dice(seed), {hero.id: _FirstOption()},
                            BASE)
            wight = cat.new_challenge("warded-wight")
            wight.life = 5
            combat.fight_challenge(hero, wight, escape=False)
            out.append(sum(1 for r in combat.log.records if r["type"] == "window"
                           and r.get("window") == "ranged"))
        return out

    plain, healing = healed(False), healed(True)
    assert sum(healing) > sum(plain)  # more rounds to defeat a challenge that heals


@pytest.mark.parametrize("verb", ["buy", "sell"])
def test_when_you_buy_or_sell_an_item_runs_for_any_item_traded(verb):
    """Issue 32 (session lang3): "When you buy / sell an Item, gain 2 gold." on a card the Hero
    holds runs when the Hero trades any Item at the market, not only that card."""
    from runeforge.engine.runebound.core.catalog import Ability, CardDef
    from runeforge.games.runebound.abilities import compile_ability

    game, (hero, _) = _game()
    town = next(t for t, stack in game.state.market_stacks.items()
                if any(game.card(c).kind == "item" for c in stack))
    stack = game.state.market_stacks[town]
    traded = next(c for c in stack if game.card(c).kind == "item")
    holder = next(c for c, d in game.catalog.cards.items() if d.kind == "item"
                  and c != traded and all(c not in st for st in game.state.market_stacks.values()))
    ir, findings = compile_ability(f"When you {verb} an Item, gain 2 gold.", _ctx("item"))
    assert ir is not None and not findings
    old = game.catalog.cards[holder]
    game.catalog.cards[holder] = CardDef(holder, "item", old.name, old.data,
                                         [Ability.from_ir(holder, 0, ir)])
    plain = game.catalog.cards[traded]  # the traded card's own text plays no part (the
    game.catalog.cards[traded] = CardDef(traded, "item", plain.name, plain.data, [])  # catalog
    game.catalog.refresh()  # is shared with other tests, which give cards rules of their own)
    hero.items.append(holder)
    hero.gold = 50
    if verb == "sell":
        stack.remove(traded)
        hero.items.append(traded)
    game.combat.modifiers_changed()
    price = game.price(hero, traded) if verb == "buy" else game.sell_price(traded)
    game.market_action(hero, town, f"{verb}:{traded}")
    assert hero.gold == 50 + 2 + (-price if verb == "buy" else price)


def test_discard_an_item_as_an_effect_discards_one_item_and_nothing_without_one():
    """Issue 32 (session lang3): a challenge's "Magic: Discard one of your items." is the
    effect "Discard an Item.": the Hero loses one Item (not a kept adventure card); with no
    Item nothing happens. As a cost it stays a cost ("Discard an Item to gain 3 gold.")."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.games.runebound.abilities import compile_ability

    ir, findings = compile_ability("Magic: Discard one of your items.", _ctx("challenge"))
    assert ir is not None and not findings and ir["costs"] == []
    assert ir["effects"] == [{"op": "discard_item"}]
    costed, _ = compile_ability("Discard an Item to gain 3 gold.", _ctx("item"))
    assert costed["costs"] == [{"op": "discard_item"}]
    game, (hero, _) = _game()
    items = [c for c, d in game.catalog.cards.items() if d.kind == "item"][:2]
    hero.items = list(items)
    engine = game.combat
    run_all(build_effects(ir["effects"]), Context(engine, hero, "test"))
    assert len(hero.items) == 1 and hero.items[0] in items
    assert engine.state.market_bottom[-1] in items and engine.state.market_bottom[-1] not in hero.items
    hero.items = []
    run_all(build_effects(ir["effects"]), Context(engine, hero, "test"))
    assert hero.items == []


def test_each_other_ally_is_every_ally_of_the_hero_but_the_card_that_says_it():
    """Issue 32 (session lang3): an Ally's "Each other Ally you have receives +1 Life." (also
    "Your other Allies ...") names the Hero's other Allies, never the Ally of the card."""
    from runeforge.engine.runebound.core.effects import Context

    game, (hero, _) = _game()
    allies = [c for c in sorted(game.catalog.cards) if game.card(c).kind == "ally"][:3]
    hero.allies.extend(game.catalog.new_ally(c) for c in allies)
    for card in allies:
        got = game.combat.targets(Context(game.combat, hero, card), "each_other_ally",
                                  choose=False)
        assert [a.id for a in got] == [c for c in allies if c != card]


def test_discard_this_ally_pays_with_the_ally_itself():
    """"You may discard this Ally to gain 4 gold." (issue 32, session lang4): on an Ally's card
    the cost is that Ally (it leaves the Hero for the market's bottom, as a discarded Ally
    does); anywhere else a hero or ally card is still never discarded (RF411)."""
    from runeforge.engine.runebound.core.costs import build_cost
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.games.runebound.abilities import compile_ability
    from tests.engine_bundle import catalog

    ir, findings = compile_ability("You may discard this Ally to gain 4 gold.", _ctx("ally"))
    assert ir is not None and not findings and ir["costs"] == [{"op": "discard"}]
    _ir, findings = compile_ability("Discard this card to gain 1 gold.", _ctx("hero"))
    assert "RF411" in [f.code for f in findings]
    cat = catalog(CONTENT)
    hero = _hero(cat)
    keeper, bearer = cat.new_ally("oath-keeper"), cat.new_ally("tin-shield-bearer")
    hero.allies = [keeper, bearer]
    engine = _engine(cat, hero)
    ctx = Context(engine, hero, keeper.id, actor=keeper)
    cost = build_cost(ir["costs"][0])
    cost.check(ctx)
    cost.pay(ctx)
    assert hero.allies == [bearer] and engine.state.market_bottom[-1] == keeper.id
    with pytest.raises(Exception, match="does not hold"):
        cost.check(ctx)  # gone: it cannot pay again


def test_heroes_cannot_enter_a_terrain_while_the_rule_holds():
    """"Heroes cannot enter swamps." (issue 32, session lang4): no movement die face shows the
    terrain, and a one-space step or a move of an ability ends in none of its spaces; without
    the rule both are as before."""
    from runeforge.engine.runebound.game.place import unbarred, with_terrain_rules

    game, (hero, _) = _game()
    hero.skills = []
    swamp = next(sid for sid, sp in game.board.spaces.items() if sp.terrain == "swamp")
    plains = next(sid for sid, sp in game.board.spaces.items() if sp.terrain == "plains")
    rolled = (frozenset({"swamp", "plains"}), frozenset({"swamp"}))
    assert with_terrain_rules(game, hero, rolled) == rolled
    assert unbarred(game, hero, [swamp, plains]) == [swamp, plains]
    game.state.effects.append(_active(hero, "start_of_next_turn",
                                      [{"op": "restrict", "action": "enter_swamp"}]))
    assert with_terrain_rules(game, hero, rolled) == (frozenset({"plains"}), frozenset())
    assert unbarred(game, hero, [swamp, plains]) == [plains]


@pytest.mark.parametrize("per, taken", [("round", [2, 0, 2]), ("phase", [2, 2, 2])])
def test_a_wound_cap_counts_each_combat_round_or_each_phase(monkeypatch, per, taken):
    """"Your Hero takes no more than 2 wounds in each combat round." (issue 32, session lang4):
    3 wounds in the melee step leave 2, the magic step of the same round none, the next round
    2 again; the cap of each combat phase gives 2 in every step, as before."""
    from runeforge.engine.runebound.core import effects_combat
    from runeforge.engine.runebound.core.effects_combat import WoundCap, capped_wounds
    from runeforge.engine.runebound.core.windows import moment_at
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = _hero(cat)
    engine = _engine(cat, hero, cat.new_challenge("warded-wight"))
    monkeypatch.setattr(effects_combat, "_rules",
                        lambda engine, op, fig: [("test-card", WoundCap("hero", 2, per))])
    got = []
    for step, rnd, amount in (("melee", 1, 3), ("magic", 1, 2), ("ranged", 2, 2)):
        engine.moment = moment_at(step, step, 1, rnd, 1)
        got.append(capped_wounds(engine, hero, amount))
    assert got == taken
    assert WoundCap("hero", 2, per).ir() == {"op": "wound_cap", "target": "hero", "value": 2,
                                             **({"per": "round"} if per == "round" else {})}


def test_when_you_draw_an_event_card_fires_for_the_hero_who_draws_it():
    """"When you draw an event card, gain 1 gold." (issue 32, session lang4): the adventure
    step fires ``event_draw`` for the drawing Hero, so the rule gives exactly 1 gold more than
    the same draw without it."""
    from runeforge.games.runebound.abilities import compile_ability
    from tests.test_game_scenarios import of_kind, take

    ir, findings = compile_ability("When you draw an event card, gain 1 gold.", _ctx("hero"))
    assert ir is not None and not findings
    trigger = ir["effects"][0]
    assert trigger["event"] == {"kind": "event_draw"}
    gold = []
    for with_rule in (False, True):
        game, (hero, _) = _game()
        card = of_kind(game, "event")[0]
        take(game, card)
        if with_rule:
            game.state.effects.append(_active(hero, "end_of_turn", [trigger]))
        before = hero.gold
        game.play_event(hero, card)
        gold.append(hero.gold - before)
    assert gold[1] == gold[0] + 1


def test_each_hero_may_asks_each_hero_and_does_it_for_those_who_say_yes(monkeypatch):
    """"Each Hero may gain 2 gold." (issue 32, session lang4): the event's text asks every Hero
    (decision 'optional', each as the owner); the one who says yes gains, the other does not."""
    from runeforge.engine.runebound.core.catalog import Ability
    from runeforge.engine.runebound.game import adventure
    from runeforge.games.runebound.abilities import compile_ability
    from tests.test_game_scenarios import Script, of_kind, take

    ir, findings = compile_ability("Each Hero may gain 2 gold.", _ctx("event"))
    assert ir is not None and not findings
    game, (first, second) = _game()
    game.players[first.id] = Script(optional=[True])
    game.players[second.id] = Script(optional=[False])
    card = of_kind(game, "event")[0]
    take(game, card)
    monkeypatch.setattr(adventure, "drawn_text", lambda cdef: [Ability.from_ir(card, 0, ir)])
    gold = (first.gold, second.gold)
    game.play_event(first, card)
    assert (first.gold - gold[0], second.gold - gold[1]) == (2, 0)
    for hero in (first, second):
        assert [d.kind for d in game.players[hero.id].asked].count("optional") == 1


# issue 32 (session variants): variants that are an existing form in other words parse to the
# canonical form's AST and print as its text
WORDING_VARIANTS = [
    ("Your melee attacks inflict 2 extra wounds.", "Your melee attacks inflict 2 additional wounds."),
    ("Before moving, pay 2 gold to roll 1 extra movement die.",
     "Before moving, pay 2 gold to roll 1 additional movement die."),
    ("After combat, if you defeated the challenge, gain 1 gold.",
     "After combat, if you defeated your enemy, gain 1 gold."),
    ("After combat, if you defeated this challenge, gain 1 gold.",
     "After combat, if you defeated your enemy, gain 1 gold."),
    ("When you defeat the challenge, gain 3 gold.", "When you defeat a challenge, gain 3 gold."),
    ("Test Mind (6). If it succeeds, gain 2 gold. If it fails, take 1 wound.",
     "Test Mind (6). If you succeed, gain 2 gold. If you fail, take 1 wound."),
    ("Before Combat: Activate to make a ranged attack. If your attack succeeds, inflict 1 wound "
     "on your enemy. If your attack fails, take 1 exhaustion.",
     "Before Combat: Activate to make a ranged attack. If you succeed, inflict 1 wound on your "
     "enemy. If you fail, take 1 exhaustion."),
    ("Melee: This Ally inflicts 2 wounds on your enemy.",
     "Melee: This Ally deals 2 wounds to your enemy."),
]


@pytest.mark.parametrize("variant, canonical", WORDING_VARIANTS)
def test_a_wording_variant_is_the_canonical_form(variant, canonical):
    from runeforge.dsl.runebound.parser import parse_ability
    from runeforge.dsl.runebound.printer import print_ability

    assert parse_ability(variant) == parse_ability(canonical)
    assert print_ability(parse_ability(variant)) == print_ability(parse_ability(canonical))
    assert print_ability(parse_ability(print_ability(parse_ability(variant)))) == \
        print_ability(parse_ability(variant))


@pytest.mark.parametrize("text", [
    "Test Mind (6). If your attack succeeds, gain 1 gold.",
    "Make a ranged attack. Test Mind (6). If your attack fails, take 1 wound.",
])
def test_if_your_attack_succeeds_is_refused_after_a_test(text):
    from runeforge.dsl.errors import AbilitySyntaxError
    from runeforge.dsl.runebound.parser import parse_ability

    with pytest.raises(AbilitySyntaxError, match="follows a test"):
        parse_ability(text)
