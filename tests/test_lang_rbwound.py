"""Branch rbwound (issue 32, part III): the first wounds of each combat (round) cancelled, and
the core's cancel said "on you", "dealt to", "this phase", "prevent", "ignore".

The engine runs the rule (the scenarios of tests/lang_rbwound/: the armour's first wound of each
round, the pendant's first of the combat, a challenge's own first wound), the compiled kernel
leaves it to the engine and the exact odds list it as not modelled; the checks refuse it where
it would not run (RF575-RF578). The corpus is tests/data/corpus/rbwound.yaml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.checks import CardContext, check_ability
from runeforge.games.runebound.lower import lower
from runeforge.games.runebound.text.render import render_ability
from tests.lang_common import assert_refused_at, assert_round_trips_and_renders

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "lang_rbwound"
LOCALES = ("en", "fi", "pl", "el", "ru")


@pytest.mark.parametrize("text, ir", [
    ("This armor cancels the first wound inflicted on your Hero in each combat round.",
     {"op": "cancel_first", "target": "hero", "value": 1, "per": "round"}),
    ("Prevent the first 2 wounds you take during every combat.",
     {"op": "cancel_first", "target": "hero", "value": 2, "per": "combat"}),
    ("Ignore the first wound dealt to this Ally per combat round.",
     {"op": "cancel_first", "target": "this_ally", "value": 1, "per": "round"}),
    ("Cancel the first wound each of your Allies takes in each combat.",
     {"op": "cancel_first", "target": "each_ally", "value": 1, "per": "combat"}),
])
def test_the_rule_lowers_to_cancel_first_always_on(text, ir):
    out = lower(parse_ability(text))
    validate_ability(out)
    assert out["static"] is True and out["effects"] == [ir]


@pytest.mark.parametrize("text", [
    "Cancel the first wound inflicted on your Hero in each combat.",
    "Cancel the first 3 wounds inflicted on each of your Allies in each combat round.",
])
def test_the_canonical_form_round_trips_and_renders_in_five_locales(text):
    assert_round_trips_and_renders(text)


@pytest.mark.parametrize("text, printed", [
    ("Melee: You may exhaust this card to deal 1 additional wound to your enemy.",
     "Melee: Activate to inflict 1 additional wound on your enemy."),
    ("Ranged: Take 1 exhaustion to inflict 2 additional wounds.",
     "Ranged: Take 1 exhaustion to inflict 2 additional wounds on your enemy."),
])
def test_a_priced_additional_wound_of_a_phase_is_that_phases_rule(text, printed):
    """The wounds go on top of the Hero's attacks of the tagged phase until it ends (RF425 no
    longer refuses it: the phase's attack is the one they are added to)."""
    ability = parse_ability(text)
    assert print_ability(ability) == printed and parse_ability(printed) == ability
    ir = lower(ability)
    validate_ability(ir)
    phase, value = ability.tag, ability.sentences[0].amount.values[0]
    assert ir["source"] == printed and ir["effects"] == [
        {"op": "for_duration", "until": "end_of_phase",
         "effects": [{"op": "extra_wounds", "phase": phase, "value": value}]}]
    assert not [f for f in check_ability(ability, CardContext("item", "activated"))
                if f.severity == "error"]
    for locale in LOCALES:
        out = render_ability(ability, locale)
        assert out and "{" not in out, (locale, out)


def test_additional_wounds_with_no_phase_or_on_the_hero_are_still_refused():
    for text in ("Activate to deal 1 additional wound to your enemy.",
                 "Melee: Activate to inflict 1 additional wound on your Hero."):
        codes = [f.code for f in check_ability(parse_ability(text), CardContext("item",
                                                                                 "activated"))]
        assert "RF425" in codes, text


def test_a_challenges_own_additional_wound_is_its_phase_damage():
    """"Melee: Inflict 1 additional wound on your Hero." on a challenge lowers as "Melee: This
    challenge receives +1 melee damage." (the scenario shows the Hero taking 2 of a damage 1);
    on an Item it names no attack and stays RF425."""
    text = "Melee: Inflict 1 additional wound on your Hero."
    ability = parse_ability(text)
    want = lower(parse_ability("Melee: This challenge receives +1 melee damage."))
    assert lower(ability)["effects"] == want["effects"] and lower(ability)["source"] == text
    assert not [f for f in check_ability(ability, CardContext("challenge", None))
                if f.severity == "error"]
    assert "RF425" in [f.code for f in check_ability(ability, CardContext("item", "constant"))]


def test_a_cancel_on_you_or_this_phase_is_the_cores_cancel():
    want = lower(parse_ability("Any Phase: Take 1 exhaustion to cancel 1 wound being "
                               "inflicted on your Hero."))
    for text in ("Any Phase: Take 1 exhaustion to cancel 1 wound being inflicted on you.",
                 "Any Phase: Take 1 exhaustion to prevent 1 wound dealt to your Hero.",
                 "Any Phase: Take 1 exhaustion to ignore 1 wound being inflicted on your Hero "
                 "this phase."):
        got = lower(parse_ability(text))
        assert got["effects"] == want["effects"] and got["reaction"] == "wounds_inflicted"


@pytest.mark.parametrize("text, kind, code, words", [
    ("Melee: Cancel the first wound inflicted on your Hero in each combat.", "item", "RF576",
     "Cancel the first wound inflicted on your Hero in each combat"),
    ("Once per combat, prevent the first wound you take in each combat.", "hero", "RF576",
     "prevent the first wound you take in each combat"),
    ("Ignore the first wound you take in each combat.", "event", "RF577",
     "Ignore the first wound you take in each combat"),
    ("Cancel the first wound inflicted on this Ally in each combat.", "hero", "RF578",
     "Cancel the first wound inflicted on this Ally in each combat"),
    ("Cancel the first wound inflicted on your Hero in each combat.", "challenge", "RF578",
     "Cancel the first wound inflicted on your Hero in each combat"),
])
def test_the_rule_is_refused_where_it_would_not_run(text, kind, code, words):
    assert_refused_at(text, kind, code, words)


def test_the_first_zero_wounds_is_refused_at_its_words():
    text = "Cancel the first 0 wounds inflicted on your Hero in each combat."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF575" and err.value.hint
    assert text[err.value.start:err.value.end] == text[:-1]


def test_the_scenarios_pass_in_the_engine(cli):
    res = cli("test", "--format", "json", CONTENT)
    data = json.loads(res.stdout)
    mine = [s for s in data["scenarios"] if "lang_rbwound" in s["path"]]
    assert len(mine) == 6
    assert all(s["passed"] for s in mine), [s for s in mine if not s["passed"]]


def _catalog():
    from tests.engine_bundle import catalog

    return catalog(CONTENT)


def test_the_engine_counts_each_round_and_each_combat():
    """Two rounds of 2 wounds each: the armour (each round) lets 1 + 1 through, the pendant
    (each combat) 1 + 2; without a rule all 4 are taken."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment

    cat = _catalog()
    taken = {}
    for items in ((), ("warding-mail",), ("lucky-pendant",)):
        hero = cat.new_hero("varikas-the-dead", items=list(items))
        combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]),
                        {hero.id: ScriptedPlayer([])}, BASE)
        combat._begin({hero.id: cat.new_challenge("hungry-wolves")})
        got = []
        for rnd in (1, 2):
            combat.moment = Moment("melee", "melee", combat.state.combat_no, rnd)
            got.append(combat.inflict(hero, 2, source="hungry-wolves", phase="melee"))
        combat.moment = Moment("market_step", None, 0, 0)  # outside a combat: nothing cancelled
        got.append(combat.inflict(hero, 1, source="x", phase=None))
        taken[items] = got
    assert taken == {(): [2, 2, 1], ("warding-mail",): [1, 1, 1], ("lucky-pendant",): [1, 2, 1]}


def test_the_kernel_leaves_the_rule_to_the_engine_and_the_odds_report_it():
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.engine.runebound.combat.kernel_plan import Plan, Unsupported

    cat = _catalog()
    with pytest.raises(Unsupported, match="first wounds of each combat"):
        Plan.build(cat, "varikas-the-dead", "hungry-wolves", items=["warding-mail"])
    ir = lower(parse_ability("Cancel the first wound inflicted on your Hero in each combat."))
    model = before_model([("lucky-pendant", 0, "item", ir)])
    assert [why for *_x, why in model.uncovered] == [
        "the first wounds of each combat (round) cancelled (not modelled)"]
