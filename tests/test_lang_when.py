"""Triggers, windows, frequencies and durations in more of English's words (issue 32, session
when): "When you test Mind, ... add 3 to the result" runs in the engine before the test's roll;
the variants of windows, limits and durations parse to the AST of their canonical form."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from tests.test_lang_core import _active, _ctx, _game


def _compiled(text: str, kind: str = "hero") -> dict:
    from runeforge.games.runebound.abilities import compile_ability

    ir, findings = compile_ability(text, _ctx(kind))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    return ir


def _test_roll(rule_text: str | None, attribute: str, skill: str | None, natural: int,
               target: int):
    """Run one test of ``attribute`` (and ``skill``) with the 2d10 showing ``natural``, with the
    compiled ``rule_text`` in force (or none): (success, dice left, gold gained)."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.core.effects import Context, Test

    game, (hero, _) = _game()
    if rule_text is not None:
        trigger = _compiled(rule_text)["effects"][0]
        game.state.effects.append(_active(hero, "end_of_turn", [trigger]))
    game.combat.dice = ScriptedDice([natural])
    gold = hero.gold
    ctx = Context(game.combat, hero, "test-card")
    Test(attribute, skill, target).run(ctx)
    return ctx.outcome == "success", game.combat.dice.remaining, hero.gold - gold


def test_add_to_the_result_turns_a_failed_test_into_a_success():
    """Without the rule the roll is 2 short; "add 3 to the result" makes it pass (and only a
    Mind test sets it off: a Body test with the same roll still fails)."""
    game, (hero, _) = _game()
    mind = game.combat.stat(hero, "mind")
    natural, target = 10, 10 + mind + 2
    assert _test_roll(None, "mind", None, natural, target)[0] is False
    rule = "When you test Mind, add 3 to the result."
    assert _test_roll(rule, "mind", None, natural, target)[0] is True
    body = game.combat.stat(hero, "body")
    assert _test_roll(rule, "body", None, natural, 10 + body + 2)[0] is False


def test_a_test_trigger_with_a_skill_fires_only_for_that_skill():
    rule = "Whenever your Hero tests Mind Diplomacy, gain 1 gold."
    assert _test_roll(rule, "mind", "Diplomacy", 10, 2)[2] == 1
    assert _test_roll(rule, "mind", "diplomacy", 10, 2)[2] == 1
    assert _test_roll(rule, "mind", None, 10, 2)[2] == 0
    assert _test_roll(rule, "mind", "Swim", 10, 2)[2] == 0
    assert _test_roll("Each time you test Mind, gain 2 gold.", "mind", "Swim", 10, 2)[2] == 2


def test_a_test_bonus_with_no_test_under_way_is_an_engine_error():
    from runeforge.engine.common.errors import IllegalAction
    from runeforge.engine.runebound.core.effects import Amount, Context
    from runeforge.engine.runebound.core.effects_when import TestBonus

    game, (hero, _) = _game()
    with pytest.raises(IllegalAction):
        TestBonus(Amount("fixed", 2)).run(Context(game.combat, hero, "test-card"))


@pytest.mark.parametrize("text, code", [
    ("Before moving, add 2 to the result.", "RF455"),
    ("Every time you buy an Item, add 1 to the result.", "RF455"),
])
def test_a_result_bonus_away_from_a_test_is_refused(text, code):
    from runeforge.games.runebound.abilities import compile_ability

    ir, findings = compile_ability(text, _ctx("hero"))
    assert ir is None and code in [f.code for f in findings]


def test_a_test_trigger_on_a_challenge_is_refused():
    from runeforge.games.runebound.abilities import compile_ability

    ir, findings = compile_ability("When you test Body, take 1 wound.", _ctx("challenge"))
    assert ir is None and "RF450" in [f.code for f in findings]


def test_the_test_trigger_lowers_to_the_test_event():
    ir = _compiled("When you test Spirit, you may take 1 exhaustion to add 2 to the result.")
    trigger = ir["effects"][0]
    assert ir["static"] and trigger["event"] == {"kind": "test", "attribute": "spirit",
                                                 "skill": None}
    assert trigger["effects"][0]["effects"] == [{"op": "test_bonus",
                                                 "amount": {"kind": "fixed", "value": 2}}]


# variant -> the canonical text fmt prints (the same AST)
VARIANTS = [
    ("After you move, gain 1 gold.", "After moving, gain 1 gold."),
    ("After your Hero moves, heal 1 wound.", "After moving, discard 1 wound from your Hero."),
    ("Before you move, you may take 1 exhaustion to move 1 additional space.",
     "Before moving, take 1 exhaustion to move 1 space."),
    ("At the end of combat, gain 2 gold.", "After combat, gain 2 gold."),
    ("At the end of each combat, heal 1 wound.",
     "After combat, discard 1 wound from your Hero."),
    ("After each combat, draw 1 market card.", "After combat, draw 1 market card."),
    ("When you are knocked out, gain 3 gold.", "When your Hero is knocked out, gain 3 gold."),
    ("When your Hero is defeated, lose 1 gold.",
     "When your Hero is knocked out, lose 1 gold."),
    ("After you sell an Item, gain 1 gold.", "Every time you sell an Item, gain 1 gold."),
    ("After your Hero enters a town, heal 1 wound.",
     "Every time your Hero enters a town, discard 1 wound from your Hero."),
    ("Before moving, activate to roll 1 extra movement die this turn.",
     "Before moving, activate to roll 1 additional movement die until the end of this turn."),
    ("This combat, you receive +1 Body.", "Until the end of this combat, you receive +1 Body."),
    ("You receive +2 Spirit for the rest of this turn.",
     "Until the end of this turn, you receive +2 Spirit."),
    ("Melee: Activate to receive +1 melee damage this round.",
     "Melee: Activate to receive +1 melee damage until the end of this combat round."),
    ("Ranged: Activate to receive +1 Mind during this combat.",
     "Ranged: Activate to receive +1 Mind until the end of this combat."),
    ("Once each turn, you may discard 1 exhaustion.",
     "Once per turn, you may discard 1 exhaustion from your Hero."),
    ("Magic: You may reroll your combat roll once.",
     "Magic: Once per turn, you may reroll your combat roll."),
    ("Melee: You may reroll your combat roll once each combat.",
     "Melee: Once per combat, you may reroll your combat roll."),
    ("Any Phase: Once in each combat round, take 1 exhaustion to receive +1 Body.",
     "Any Phase: Once per combat round, take 1 exhaustion to receive +1 Body."),
    ("Magic: Take 1 exhaustion to add +3 to your magic attack.",
     "Magic: Take 1 exhaustion to receive +3 to magic combat rolls."),
    ("Ranged: Activate to add 2 to your ranged combat roll.",
     "Ranged: Activate to receive +2 to ranged combat rolls."),
    ("Each time your Hero tests Body Swim, add +2 to the result.",
     "Every time you test Body Swim, add 2 to the result."),
    ("Gain 1 gold whenever you test Spirit.", "Gain 1 gold every time you test Spirit."),
]


@pytest.mark.parametrize("variant, canonical", VARIANTS)
def test_a_variant_is_its_canonical_form(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)
    assert print_ability(parse_ability(canonical)) == canonical


@pytest.mark.parametrize("text", [
    "When your Hero would be knocked out, discard this card instead.",
    "When you would be knocked out, heal 2 wounds.",
])
def test_would_be_knocked_out_is_refused_at_its_words(text):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert "knocked out" in err.value.message and err.value.start == 0
    assert "When your Hero is knocked out" in err.value.hint


@pytest.mark.parametrize("text", ["Add X to the result.", "Add -1 to the result."])
def test_a_result_bonus_is_a_positive_number(text):
    with pytest.raises(AbilitySyntaxError):
        parse_ability(text)


def test_took_no_wounds_reads_the_wounds_of_the_heros_combat():
    """"After combat, if you took no wounds, gain 1 gold." holds only when no wound landed on
    the Hero since its combat began (a wound on another figure does not count)."""
    from runeforge.engine.runebound.core.effects import Context, build_effects
    from runeforge.engine.runebound.core.effects_branching import IfState

    ir = _compiled("After combat, if you took no wounds, gain 1 gold.")
    assert ir["timing"]["window"] == "after_combat"
    (op,) = ir["effects"]
    assert op["condition"] == {"kind": "unwounded"}
    game, (hero, other) = _game()
    rule = IfState(op["condition"], build_effects(op["effects"]), [])

    def gold_after() -> int:
        before = hero.gold
        rule.run(Context(game.combat, hero, "test-card"))
        return hero.gold - before

    game.combat._begin({})
    game.combat.inflict(other, 1, source="test", phase=None)
    assert gold_after() == 1
    game.combat.inflict(hero, 3, source="test", phase=None)  # (the Hero may cancel one)
    assert hero.wounds > 0 and gold_after() == 0
    game.combat._begin({})  # the next combat starts unwounded
    assert gold_after() == 1


def test_no_allies_items_or_gold_are_conditions_on_what_the_hero_holds():
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.engine.runebound.core.effects_branching import holds

    ir = _compiled("While you have no Allies, you receive +1 Body.", "ally")
    assert ir["effects"][0]["condition"] == {"kind": "none", "token": "ally"}
    game, (hero, _) = _game()
    ctx = Context(game.combat, hero, "test-card")
    hero.allies = []
    assert holds({"kind": "none", "token": "ally"}, ctx)
    hero.gold = 0
    assert holds({"kind": "none", "token": "gold"}, ctx)
    hero.gold = 2
    assert not holds({"kind": "none", "token": "gold"}, ctx)
    hero.items, hero.trophies = ["a-card"], []
    assert not holds({"kind": "none", "token": "item"}, ctx)
    hero.trophies = ["a-card"]  # a trophy kept as an item is no Item
    assert holds({"kind": "none", "token": "item"}, ctx)
    assert not holds({"kind": "none", "token": "trophy"}, ctx)


@pytest.mark.parametrize("text", [
    "At the start of your turn, if you took no wounds, gain 1 gold.",
    "After combat, while you took no wounds, you receive +1 Body.",
    "If you were not wounded, gain 1 gold.",
])
def test_took_no_wounds_away_from_a_combat_is_refused(text):
    from runeforge.games.runebound.abilities import compile_ability

    ir, findings = compile_ability(text, _ctx("hero"))
    assert ir is None and "RF457" in [f.code for f in findings]


CONDITION_VARIANTS = [
    ("After combat, if you did not take any wounds, gain 1 gold.",
     "After combat, if you took no wounds in this combat, gain 1 gold."),
    ("After combat, if your Hero didn't take any wounds in the combat, gain 1 gold.",
     "After combat, if you took no wounds in this combat, gain 1 gold."),
    ("When you defeat a challenge, if you were not wounded, gain 2 gold.",
     "When you defeat a challenge, if you took no wounds in this combat, gain 2 gold."),
    ("You receive +1 Spirit while your Hero has no Allies.",
     "While you have no Allies, you receive +1 Spirit."),
    ("If you have no Items, draw 1 market card.", "If you have no Items, draw 1 market card."),
    ("Gain 2 gold if your Hero has no trophies.", "If you have no trophies, gain 2 gold."),
]


@pytest.mark.parametrize("variant, canonical", CONDITION_VARIANTS)
def test_a_condition_variant_is_its_canonical_form(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)


OUTCOME_VARIANTS = [
    ("Before Combat: Make a ranged attack. If it hits, your enemy takes 2 wounds.",
     "Before Combat: Make a ranged attack. If you succeed, your enemy takes 2 wounds."),
    ("Melee: Make a melee attack. If you miss, take 1 wound.",
     "Melee: Make a melee attack. If you fail, take 1 wound."),
    ("After combat, if you defeat this challenge, gain 3 gold.",
     "When you defeat a challenge, gain 3 gold."),
    ("After combat, if you win the combat, discard 1 exhaustion.",
     "When you defeat a challenge, discard 1 exhaustion from your Hero."),
    ("After combat, if you lose, gain 1 gold.", "When your Hero is knocked out, gain 1 gold."),
]


@pytest.mark.parametrize("variant, canonical", OUTCOME_VARIANTS)
def test_an_outcome_variant_is_its_canonical_form(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)


def test_hits_after_a_test_is_refused_where_it_is_written():
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability("Test Body (6). If it hits, gain 1 gold.")
    assert err.value.start == len("Test Body (6). ")


def test_defeating_another_hero_fires_for_the_winner_of_a_duel():
    """"When you defeat another Hero, gain 2 gold." on both Heroes of a duel: whoever wins,
    the two hold exactly 2 gold more than after the same duel (same dice) without the rule."""
    from runeforge.engine.common.dice import Dice

    trigger = _compiled("When you defeat another Hero in combat, gain 2 gold.")["effects"][0]
    assert trigger["event"] == {"kind": "defeat_hero"}
    totals = []
    for with_rule in (False, True):
        game, (hero, other) = _game()
        hero.wounds, other.wounds = 0, 0
        game.state.effects.append(_active(hero, "end_of_turn", [  # a duel fought to its end
            {"op": "restrict", "action": "escape"}]))
        if with_rule:
            for h in (hero, other):
                game.state.effects.append(_active(h, "end_of_turn", [trigger]))
        game.combat.dice = Dice(7)
        before = hero.gold + other.gold
        result = game.combat.fight_heroes(hero, other)
        assert result.outcome == "won"
        totals.append(hero.gold + other.gold - before)
    assert totals[1] == totals[0] + 2


MORE_VARIANTS = [
    ("At the start of combat, take 1 exhaustion to receive +1 Body.",
     "Before Combat: Take 1 exhaustion to receive +1 Body."),
    ("When combat begins, make a ranged attack.", "Before Combat: Make a ranged attack."),
    ("At the start of each round, gain 1 gold.",
     "At the start of each combat round, gain 1 gold."),
    ("At the end of every combat round, take 1 exhaustion.",
     "At the end of each combat round, take 1 exhaustion."),
    ("Discard 1 wound before moving.", "Before moving, discard 1 wound from your Hero."),
    ("You may draw 1 market card after moving.", "After moving, you may draw 1 market card."),
    ("Only once per turn, you may gain 1 gold.", "Once per turn, you may gain 1 gold."),
    ("You may heal 1 wound at most once per combat.",
     "Once per combat, you may discard 1 wound from your Hero."),
    ("Until the end of the current turn, you receive +1 Mind.",
     "Until the end of this turn, you receive +1 Mind."),
    ("You receive +2 Body until the end of the current combat.",
     "Until the end of this combat, you receive +2 Body."),
]


@pytest.mark.parametrize("variant, canonical", MORE_VARIANTS)
def test_more_variants_are_their_canonical_forms(variant, canonical):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)


def test_a_window_after_the_effect_of_a_second_sentence_is_refused():
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability("Gain 1 gold. Discard 1 wound before moving.")
    assert "Before moving" in err.value.hint


def test_one_of_your_allies_defeated_fires_when_any_ally_of_the_hero_falls():
    """"When one of your Allies is defeated, gain 2 gold.": an Ally killed by wounds gives its
    Hero exactly 2 gold more than the same wounds without the rule."""
    from tests.test_game_scenarios import of_kind

    trigger = _compiled("When one of your Allies is defeated, gain 2 gold.")["effects"][0]
    assert trigger["event"] == {"kind": "ally_lost"}
    gained = []
    for with_rule in (False, True):
        game, (hero, _) = _game()
        ally = game.combat.catalog.new_ally(of_kind(game, "ally")[0])
        hero.allies.append(ally)
        game.combat.modifiers_changed()
        if with_rule:
            game.state.effects.append(_active(hero, "end_of_turn", [trigger]))
        before = hero.gold
        life = game.combat.stat(ally, "life")
        game.combat.set_tokens(ally, "wounds", life, source="test", cause="wounds")
        assert ally not in hero.allies
        gained.append(hero.gold - before)
    assert gained[1] == gained[0] + 2
