"""Branch rbdamage: how the wounds of an attack are counted - multipliers ("Double your melee
damage this phase", "this Ally inflicts double damage against blue and red challenges",
"Double all wounds this challenge inflicts during the Melee phase") and caps on one attack
("This challenge takes only 1 wound from any successful attack", "Your Hero takes no wounds
from a failed defence roll this phase"), one rule record (IR damage_rule) the engine reads where
a combat roll's wounds are counted (engine/runebound/core/damage_rbdamage.py).

The engine applies each rule in the attack it names (the tests below fail without the rule:
the plain damage lands), the compiled kernel leaves it to the engine and the exact odds list it
as not modelled; the checks refuse it where it would not run (RF553-RF556). The corpus is
tests/data/corpus/rbdamage.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.lower import lower
from tests.lang_common import assert_refused_at, assert_round_trips_and_renders

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "lang_rbdamage"
LOCALES = ("en", "fi", "pl", "el", "ru")


def _rule(mode, value, target, side="deals", phase=None, **more):
    return {"op": "damage_rule", "mode": mode, "value": value, "target": target,
            "side": side, "phase": phase, **more}


@pytest.mark.parametrize("text, effects", [
    ("Double your melee damage.", [_rule("multiply", 2, "hero", phase="melee")]),
    ("Your magic attacks inflict triple damage.", [_rule("multiply", 3, "hero", phase="magic")]),
    ("Against yellow challenges, this Ally deals double damage in the ranged phase.",
     [_rule("multiply", 2, "this_ally", phase="ranged", colours=["yellow"])]),
    ("This challenge inflicts double damage in the magic phase.",
     [_rule("multiply", 2, "enemy", phase="magic")]),
    ("Each of your Allies cannot suffer more than 2 wounds from a single attack.",
     [_rule("cap", 2, "each_ally", "takes")]),
    ("Your enemy takes only one wound from each attack in the melee phase.",
     [_rule("cap", 1, "enemy", "takes", "melee")]),
    ("This Ally takes no wounds from a failed attack roll.",
     [_rule("cap", 0, "this_ally", "takes", roll="attack")]),
    ("Magic: If your magic attack succeeds by 5 or more, inflict 1 additional wound.",
     [_rule("add", 1, "hero", phase="magic", margin=5)]),
    ("Melee: This challenge takes no more than 1 wound from a single attack.",
     [_rule("cap", 1, "enemy", "takes", "melee")]),
    ("Every time this challenge takes 2 or more wounds from one attack, gain 1 gold.",
     [{"op": "trigger", "event": {"kind": "takes_wounds", "target": "enemy", "phase": None,
                                  "amount": {"kind": "at_least", "value": 2}, "attack": True},
       "effects": [{"op": "gain_gold", "amount": {"kind": "fixed", "value": 1}}]}]),
    ("Magic: Activate to triple your magic damage this phase.",
     [{"op": "for_duration", "until": "end_of_phase",
       "effects": [_rule("multiply", 3, "hero", phase="magic")]}]),
])
def test_the_rule_lowers_to_one_damage_record(text, effects):
    out = lower(parse_ability(text))
    validate_ability(out)
    assert out["effects"] == effects


@pytest.mark.parametrize("text", [
    "Melee: Double your melee damage this phase and take 1 exhaustion.",
    "This Ally inflicts double damage against blue or red challenges.",
    "This challenge inflicts triple damage in the melee phase.",
    "Your Hero takes no more than 2 wounds from a single attack in the magic phase.",
    "Ranged: Activate. Until the end of this phase, your Hero takes no wounds from a failed "
    "defence roll.",
    "Magic: Activate to double your damage until the end of this phase.",
    "Melee: You may double your melee damage this phase.",
    "Triple your ranged damage against green challenges.",
    "Magic: If your attack succeeds by 5 or more, inflict 1 additional wound.",
    "If your attack succeeds by 4 or more, inflict 2 additional wounds.",
    "Every time your enemy takes 2 or more wounds from a single attack, gain 1 gold.",
])
def test_the_canonical_form_round_trips_and_renders_in_five_locales(text):
    assert_round_trips_and_renders(text)


@pytest.mark.parametrize("text, kind, code, words", [
    ("This Ally inflicts double damage.", "item", "RF554", "This Ally inflicts double damage"),
    ("This challenge takes only 1 wound from any attack.", "hero", "RF554",
     "This challenge takes only 1 wound from any attack"),
    ("This challenge deals double damage against red challenges.", "challenge", "RF555",
     "This challenge deals double damage against red challenges"),
    ("Your Hero takes no more than 1 wound from a single attack.", "event", "RF556",
     "Your Hero takes no more than 1 wound from a single attack"),
])
def test_the_rule_is_refused_where_it_would_not_run(text, kind, code, words):
    assert_refused_at(text, kind, code, words)


def test_a_figure_the_rule_cannot_name_is_refused_at_its_words():
    text = "Each Hero takes no more than 1 wound from a single attack."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF553" and "Your Hero" in err.value.hint


# ---- the engine ---------------------------------------------------------------------------

def _catalog():
    from tests.engine_bundle import catalog

    return catalog(CONTENT)


def _combat(items=(), allies=(), enemy="hungry-wolves", dice=()):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=list(items))
    hero.allies = [cat.new_ally(a) for a in allies]
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice(list(dice)),
                    {hero.id: ScriptedPlayer([])}, BASE)
    foe = cat.new_challenge(enemy)
    combat._begin({hero.id: foe})
    return combat, hero, foe


def _at(combat, phase, rnd=1):
    from runeforge.engine.runebound.core.windows import Moment

    combat.moment = Moment(phase, phase, combat.state.combat_no, rnd)


def _counted(combat):
    return [(r["mode"], r["old"], r["new"], r["source"])
            for r in combat.log.records if r["type"] == "wounds_counted"]


def test_a_multiplier_doubles_the_attack_it_names_and_no_other():
    """The Longbow doubles Varikas's ranged attack (damage 2) on a red challenge: 4 wounds;
    on a green one, and in the melee phase, the plain damage lands."""
    got = {}
    for enemy in ("frenzied-ogre", "hungry-wolves"):
        for phase in ("ranged", "melee"):
            combat, hero, foe = _combat(items=["huntsmans-longbow"], enemy=enemy, dice=[20])
            _at(combat, phase)
            combat.combat_attack(hero, foe, phase, 0, source=hero.id)
            got[enemy, phase] = foe.wounds
    assert got == {("frenzied-ogre", "ranged"): 4, ("frenzied-ogre", "melee"): 1,
                   ("hungry-wolves", "ranged"): 2, ("hungry-wolves", "melee"): 1}


def test_a_challenges_multiplier_doubles_its_wounds_in_its_phase():
    """The Frenzied Ogre (melee damage 2) doubles its melee wounds: a failed defence costs 4,
    a failed attack 4; its ranged damage is 0 and stays 0."""
    combat, hero, foe = _combat(enemy="frenzied-ogre", dice=[2, 2])
    _at(combat, "melee")
    combat.combat_defend(hero, foe, "melee")
    assert hero.wounds == 4
    combat.combat_attack(hero, foe, "melee", 0, source=hero.id)
    assert hero.wounds == 8
    assert _counted(combat) == [("multiply", 2, 4, "frenzied-ogre")] * 2


def test_a_cap_lets_one_wound_of_each_attack_through():
    """The Stone Sentinel takes 1 wound of the Longbow-free ranged attack of damage 2; two
    hits, two wounds."""
    combat, hero, foe = _combat(enemy="stone-sentinel", dice=[20, 20])
    _at(combat, "ranged")
    combat.combat_attack(hero, foe, "ranged", 0, source=hero.id)
    _at(combat, "ranged", 2)
    combat.combat_attack(hero, foe, "ranged", 0, source=hero.id)
    assert foe.wounds == 2
    assert _counted(combat) == [("cap", 2, 1, "stone-sentinel")] * 2


def test_the_multiplier_comes_before_the_cap():
    """The Rift Hound (melee damage 2, double against blue) hits the blue Stone Sentinel: 4,
    capped to 1."""
    combat, hero, foe = _combat(allies=["rift-hound"], enemy="stone-sentinel", dice=[20])
    hound = hero.allies[0]
    _at(combat, "melee")
    combat.combat_attack(hound, foe, "melee", 0, source=hound.id)
    assert foe.wounds == 1
    assert _counted(combat) == [("multiply", 2, 4, "rift-hound"), ("cap", 4, 1, "stone-sentinel")]


def test_a_duration_of_the_phase_holds_in_that_phase_only():
    """The Cleaving Maul, used in the melee phase, doubles Varikas's melee hit (1 -> 2); the
    next phase begins and the rule has ended. The Bracing Shield keeps a failed defence's
    wounds off in its phase only (the Ogre's 4 melee wounds: none, then 4 in a later round)."""
    from runeforge.engine.runebound.core.effects import Context, run_all

    combat, hero, foe = _combat(items=["cleaving-maul", "bracing-shield"],
                                enemy="frenzied-ogre", dice=[20, 20, 2, 2])
    combat._step("melee", 1)
    maul = combat.catalog.card("cleaving-maul").abilities[0]
    run_all(maul.effects, Context(combat, hero, "cleaving-maul"))
    combat.combat_attack(hero, foe, "melee", 0, source=hero.id)
    assert foe.wounds == 2 and hero.exhaustion == 1
    combat._step("magic", 1)
    combat.combat_attack(hero, foe, "magic", 0, source=hero.id)
    assert foe.wounds == 3  # magic damage 1, not doubled: the duration ended with the phase
    combat._step("melee", 2)
    shield = combat.catalog.card("bracing-shield").abilities[0]
    run_all(shield.effects, Context(combat, hero, "bracing-shield"))
    combat.combat_defend(hero, foe, "melee")
    assert hero.wounds == 0  # the Ogre's wounds kept off by the shield this phase
    combat._step("magic", 2)
    combat._step("melee", 3)
    combat.combat_defend(hero, foe, "melee")
    assert hero.wounds == 4


def test_a_threshold_adds_wounds_to_a_hit_that_beat_its_target_by_enough():
    """The Seeker's Wand: Varikas's magic attack (Spirit 4, damage 1) against the wolves
    (Spirit 9) hits by 5 with a 10 (1 + 1 wounds), by 4 with a 9 (1 wound); a melee hit by 9
    gets none (the rule is the magic phase's)."""
    got = []
    for roll, phase in ((10, "magic"), (9, "magic"), (16, "melee")):
        combat, hero, foe = _combat(items=["seekers-wand"], enemy="frenzied-ogre", dice=[roll])
        _at(combat, phase)
        combat.combat_attack(hero, foe, phase, 0, source=hero.id)
        got.append(foe.wounds)
    assert got == [2, 1, 1]


def test_a_threshold_with_any_other_effect_is_refused_at_its_words():
    text = "Melee: If your attack succeeds by 3 or more, gain 1 gold."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF557" and "additional wound" in err.value.hint
    assert text[err.value.start:err.value.end] == text[len("Melee: "):-1]


def test_a_trigger_on_one_attacks_wounds_fires_for_an_attack_only():
    """The Tally Stone: Varikas's ranged hit (damage 2) on the Ogre gives 1 gold; 2 wounds an
    effect inflicts (no attack) give none, nor does a melee hit of 1."""
    combat, hero, foe = _combat(items=["tally-stone"], enemy="frenzied-ogre", dice=[20, 20])
    _at(combat, "ranged")
    combat.combat_attack(hero, foe, "ranged", 0, source=hero.id)
    assert hero.gold == 1
    combat.inflict(foe, 2, source="x", phase=None)
    _at(combat, "melee")
    combat.combat_attack(hero, foe, "melee", 0, source=hero.id)
    assert foe.wounds == 5 and hero.gold == 1


def test_wounds_an_ability_inflicts_are_not_an_attacks_damage():
    combat, hero, foe = _combat(items=["huntsmans-longbow"], enemy="frenzied-ogre")
    _at(combat, "ranged")
    combat.inflict(foe, 2, source="x", phase="ranged")
    assert foe.wounds == 2 and not _counted(combat)


def test_the_kernel_leaves_the_rule_to_the_engine_and_the_odds_report_it():
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.engine.runebound.combat.kernel_plan import Plan, Unsupported

    cat = _catalog()
    with pytest.raises(Unsupported, match="multiplied or capped"):
        Plan.build(cat, "varikas-the-dead", "hungry-wolves", items=["huntsmans-longbow"])
    with pytest.raises(Unsupported, match="multiplied or capped"):
        Plan.build(cat, "varikas-the-dead", "stone-sentinel")
    with pytest.raises(Unsupported, match="wounds of one attack"):
        Plan.build(cat, "varikas-the-dead", "hungry-wolves", items=["tally-stone"])
    ir = lower(parse_ability("Double your melee damage."))
    model = before_model([("huntsmans-longbow", 0, "item", ir)])
    assert [why for *_x, why in model.uncovered] == [
        "the wounds of an attack multiplied or capped (not modelled)"]


def test_the_scenarios_pass_in_the_engine(cli):
    import json

    res = cli("test", "--format", "json", CONTENT)
    data = json.loads(res.stdout)
    mine = [s for s in data["scenarios"] if "lang_rbdamage" in s["path"]]
    assert len(mine) == 2
    assert all(s["passed"] for s in mine), [s for s in mine if not s["passed"]]


def test_no_wounds_from_a_failed_attack_is_the_wounded_figures_own_roll():
    """"Your Hero takes no wounds from a failed attack roll.": the wounds of the Hero's own
    missed attack, not those of another Hero's hit in a duel (a roll the wounded Hero did not
    make), nor those of a failed defence."""
    from runeforge.engine.runebound.core.damage_rbdamage import DamageRule

    rule = DamageRule("cap", 0, "hero", "takes", roll="attack")
    assert rule.applies("melee", None, "attack", None)
    assert not rule.applies("melee", None, "hit", 3)
    assert not rule.applies("melee", None, "defend", None)
