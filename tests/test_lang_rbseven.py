"""Branch rbseven (issue 32, part III): constructions that recur across the held-out sets, each
compiled, run by the engine, printed and parsed back.

* A counted stat bonus stays live: "You receive +1 Mind for each Item you have." is an
  always-on rule the engine counts whenever the stat is read (engine/runebound/core/counted.py).
* An attack's result said by its subject ("If the attack succeeds,", "If this Ally attacks and
  succeeds,", "your attack misses") with no attack before it is the trigger on that attack's
  result; under a combat phase's tag, for this combat round (dsl/runebound/parser_rbseven.py).
* "Instead of rolling movement dice, <effect>." is the window before moving, each move of the
  effect replacing the roll; "this weapon" (an Item's class after "this") is "this Item".
  The scenarios of tests/data/lang-rbseven run them."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
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


CONTENT = Path(__file__).resolve().parent / "data" / "lang-rbseven"
ATTACK_RESULTS = [
    ("Melee: Activate to add +3 to your combat roll. If the attack succeeds, inflict 1 "
     "additional wound.", "item", "hero", True, True),
    ("Ranged: If your attack succeeds, your enemy takes 1 extra wound.", "item", "hero", True,
     True),
    ("Melee: If this Ally attacks and succeeds, your Hero gains 1 gold.", "ally", "this_ally",
     True, True),
    ("Magic: If the attack misses, take 1 wound.", "item", "hero", False, True),
    ("If your attack fails, take 1 exhaustion.", "hero", "hero", False, False),
    ("Whenever your attack hits, gain 1 gold.", "hero", "hero", True, False),
]


@pytest.mark.parametrize("text, kind, who, success, round_", ATTACK_RESULTS)
def test_an_attacks_result_with_no_attack_before_it_is_a_trigger(text, kind, who, success,
                                                                 round_):
    ability = parse_ability(text)
    (trigger,) = [s for s in n.ability_nodes(ability) if type(s) is n.Trigger]
    assert trigger.event == n.AttackResult(who, success)
    assert any(type(s) is n.During and s.until == "end_of_round"
               for s in ability.sentences) is round_
    printed = print_ability(ability)
    assert parse_ability(printed) == ability  # fmt prints a form that parses back
    usage = ("activated" if "Activate" in text else "constant") if kind == "item" else None
    ir, findings = compile_ability(text, CardContext(kind, usage, None, frozenset()))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings


def test_after_an_attack_it_is_that_attacks_outcome():
    ability = parse_ability("Melee: Make a melee attack. If the attack succeeds, inflict 1 "
                            "additional wound.")
    assert [type(s) for s in ability.sentences] == [n.Attack, n.Outcome]
    assert ability.sentences[1].effect == n.InflictAdditional(
        n.Amount("fixed", (1,)), "enemy")


def test_after_a_test_it_is_refused_at_its_words():
    text = "Test Body (10). If the attack succeeds, gain 1 gold."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.start == len("Test Body (10). ") and err.value.hint


def test_the_scenarios_run_each_attack_result():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine = [r for r in scenarios.run(result.content, result.compiled)
            if "lang-rbseven" in r.path]
    assert len(mine) == 5 and not [(r.name, r.error) for r in mine if not r.passed]


SAME = [
    ("hero", "Instead of rolling movement dice, you may take 1 exhaustion to move up to 2 "
     "spaces in any direction.", "Before moving, take 1 exhaustion to move up to 2 spaces in "
     "any direction instead of rolling movement dice."),
    ("hero", "Once per turn, instead of rolling movement dice, move 3 spaces.",
     "Once per turn, before moving, move 3 spaces instead of rolling movement dice."),
    ("item", "This weapon cannot be sold.", "This Item cannot be sold."),
    ("ally", "When this Ally dies, gain 2 gold.", "Every time this Ally is defeated, gain 2 "
     "gold."),
    ("item", "Activate to heal 2 wounds at no cost.", "Activate to discard 2 wounds from your "
     "Hero."),
    ("item", "When you sell this armor, gain 2 gold.", "Every time you sell this card, gain 2 "
     "gold."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME)
def test_a_wording_is_its_canonical_form(kind, written, canonical):
    from runeforge.games.runebound.abilities import canonical_text

    assert canonical_text(written) == canonical
    assert parse_ability(written) == parse_ability(canonical)
    usage = ("activated" if "Activate" in written else "constant") if kind == "item" else None
    ctx = CardContext(kind, usage, None, frozenset())
    ir, findings = compile_ability(written, ctx)
    assert ir is not None and not findings, findings
    assert ir == compile_ability(canonical, ctx)[0]


def test_instead_of_rolling_with_no_move_is_refused_at_its_words():
    text = "Instead of rolling movement dice, gain 1 gold."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert (err.value.start, err.value.end) == (0, len("Instead of rolling movement dice,"))
    assert "move" in err.value.hint


def test_a_weapon_off_this_is_not_the_card():
    with pytest.raises(AbilitySyntaxError):
        parse_ability("Weapons cannot be sold.")


# ---- "this phase": a duration that ends as the combat's next step begins ----------------------

def test_this_phase_lasts_until_the_next_step_begins():
    from tests.engine_bundle import catalog, fight

    cat = catalog(CONTENT)
    hero = cat.new_hero("varikas-the-dead", items=["stone-ward"])
    # ranged: defend (20); melee: use the ward, defend with a 2 (2 + Body 4 + 10 >= 12); magic:
    # attack (20); the boar (life 2) survives one wound; round 2: ranged attack (20) defeats it
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("use_ability", "stone-ward#0"), ("phase_action", "defend"),
               ("phase_action", "attack"), ("escape", False), ("phase_action", "attack")]
    _result, combat, _state = fight(cat, hero, "tusk-boar", [20, 2, 20, 20], answers)
    records = combat.log.records
    kinds = [(r["type"], r.get("until") or r.get("window")) for r in records]
    begun = kinds.index(("duration", "end_of_phase"))
    ended = kinds.index(("expired", "end_of_phase"))
    assert kinds.index(("window", "melee")) < begun < ended < kinds.index(("window", "magic"))
    assert hero.wounds == 0  # the melee defence held with the ward's +10 Body
    assert all(e.until != "end_of_phase" for e in combat.state.effects)


def test_this_phase_with_no_phase_tag_is_refused():
    text = "You receive +2 Body this phase."
    ir, findings = compile_ability(text, CardContext("item", "constant", None, frozenset()))
    assert ir is None and findings[0].code == "RF565" and findings[0].hint


# ---- "Test Mind." with no target number -------------------------------------------------------

@pytest.mark.parametrize("text, said", [
    ("Test Mind. If you pass, gain 2 gold. If you fail, take 1 exhaustion.", "Test Mind"),
    ("Test Spirit. If you succeed, heal 2 wounds. Otherwise, take 1 exhaustion.",
     "Test Spirit"),
    ("Test Body Swim. If you fail, take 1 wound.", "Test Body Swim"),
])
def test_a_test_with_no_target_number_is_refused_at_its_words(text, said):
    ability = parse_ability(text)
    assert parse_ability(print_ability(ability)) == ability  # fmt keeps it as written
    ir, findings = compile_ability(text, CardContext("encounter", None, None,
                                                     frozenset({"Swim"})))
    assert ir is None and [f.code for f in findings] == ["RF566"]
    start, end = findings[0].span
    assert text[start:end] == said and f"'{said} (12)." in findings[0].hint
    numbered = text.replace(said, f"{said} (12)", 1)
    ir, findings = compile_ability(numbered, CardContext("encounter", None, None,
                                                         frozenset({"Swim"})))
    assert ir is not None and not findings and ir["effects"][0]["target_number"] == 12
