"""Combat rules: illegal actions, skill tests, escape, defeat per ruleset, knock-out."""

from __future__ import annotations

import pytest

from runeforge.engine.common.dice import Dice, ScriptedDice
from runeforge.engine.common.errors import IllegalAction, ScriptExhausted
from runeforge.engine.runebound.combat.combat import Combat
from runeforge.engine.runebound.core.decisions import ScriptedPlayer
from runeforge.engine.runebound.core.resolver import Defeat
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE, get_ruleset
from runeforge.engine.runebound.core.state import State
from runeforge.engine.runebound.core.windows import Moment
from tests.engine_bundle import catalog, fight

VARIKAS, TESSA, BLOOD = "varikas-the-dead", "tessa-brightwater", "blood-of-the-bloodmother"
ROUND_1 = [("escape", False), ("phase_action", "defend"), ("phase_action", "defend"),
           ("phase_action", "defend")]


@pytest.fixture(scope="module")
def cat():
    return catalog()


# ------------------------------------------------------------------ illegal actions
def test_second_activated_card_in_a_round_is_refused(cat):
    hero = cat.new_hero(VARIKAS, items=["padded-leather-armor", "shield-of-light"])
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "defend"), ("use_ability", "padded-leather-armor#0"),
               ("phase_action", "defend"), ("use_ability", "shield-of-light#0")]
    with pytest.raises(IllegalAction, match=r"cannot activate Shield of Light: Varikas the Dead "
                                            r"has already activated 1 card\(s\) in this round"):
        fight(cat, hero, BLOOD, [20, 2, 2], answers)
    assert hero.activated == ["padded-leather-armor"]


def test_activated_card_stays_face_down_until_refresh(cat):
    hero = cat.new_hero(VARIKAS, items=["padded-leather-armor"])
    answers = [("use_ability", None), *ROUND_1[:3], ("use_ability", "padded-leather-armor#0"),
               ("phase_action", "defend"), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "defend"), ("use_ability", "padded-leather-armor#0")]
    with pytest.raises(IllegalAction, match="already activated \\(face down\\) until refreshed"):
        fight(cat, hero, BLOOD, [20, 2, 20, 2], answers)


def test_exhaustion_that_would_become_a_wound_is_refused(cat):
    hero = cat.new_hero(VARIKAS, exhaustion=6)  # Stamina 6
    with pytest.raises(IllegalAction, match="never choose to take exhaustion"):
        fight(cat, hero, BLOOD, [20], [("use_ability", f"{VARIKAS}#0")])
    assert hero.exhaustion == 6 and hero.wounds == 0


def test_melee_tagged_ability_in_before_combat_is_refused(cat):
    hero = cat.new_hero(VARIKAS, allies=["old-shieldbearer"])
    # the swim test fails in Before Combat: a wound is being inflicted, but the Shieldbearer's
    # ability is "Melee:" and can never be used in Before Combat
    with pytest.raises(IllegalAction, match="only be used in the melee phase, never in Before"):
        fight(cat, hero, BLOOD, [2], [("use_ability", "old-shieldbearer#0")])


def test_magic_tagged_item_in_before_combat_is_refused(cat):
    hero = cat.new_hero(VARIKAS, items=["soul-burn"])
    with pytest.raises(IllegalAction, match="Soul Burn: a Magic: ability .* never in Before"):
        fight(cat, hero, BLOOD, [20], [("use_ability", "soul-burn#0")])


def test_before_combat_ability_once_per_combat(cat):
    hero = cat.new_hero(VARIKAS)
    answers = [("use_ability", f"{VARIKAS}#0"), ("use_ability", f"{VARIKAS}#0")]
    with pytest.raises(IllegalAction, match="already used"):
        fight(cat, hero, BLOOD, [20, 2], answers)
    assert hero.exhaustion == 1


def test_illegal_phase_action_is_refused(cat):
    hero = cat.new_hero(VARIKAS)
    answers = [("use_ability", None), ("escape", False), ("phase_action", "attack"),
               ("phase_action", "attack")]
    with pytest.raises(IllegalAction, match="'attack' is not a legal answer"):
        fight(cat, hero, BLOOD, [20, 20, 2], answers)


def test_scripts_fail_loudly_when_they_run_out(cat):
    hero = cat.new_hero(VARIKAS)
    with pytest.raises(ScriptExhausted, match="scripted dice ran out"):
        fight(cat, hero, BLOOD, [], [])
    hero = cat.new_hero(VARIKAS)
    with pytest.raises(ScriptExhausted, match="ran out of answers: the engine asks 'escape'"):
        fight(cat, hero, BLOOD, [20], [])


# ------------------------------------------------------------------ skill tests
@pytest.mark.parametrize("ruleset,dice,answers,total,exhaustion", [
    (BASE, [9], [], 14, 0),  # 9 + Body 3 + flat skill bonus 2
    (ADVANCED, [9], [("skill_exhaustion", 2)], 14, 2),  # 9 + 3 + 2 exhaustion
    (ADVANCED, [9], [("skill_exhaustion", 0)], 12, 0),
])
def test_skill_bonus_is_ruleset_data(cat, ruleset, dice, answers, total, exhaustion):
    hero = cat.new_hero(TESSA)  # has Swim
    with pytest.raises(ScriptExhausted):
        fight(cat, hero, BLOOD, dice, answers, ruleset=ruleset)
    assert hero.exhaustion == exhaustion


def test_skill_test_roll_record(cat):
    hero = cat.new_hero(TESSA)
    state = State(heroes=[hero])
    player = ScriptedPlayer([("skill_exhaustion", 2), ("escape", True)])
    combat = Combat(cat, state, ScriptedDice([9, 20]), {hero.id: player}, ADVANCED)
    combat.fight_challenge(hero, cat.new_challenge(BLOOD))
    test = combat.log.of_type("roll")[0]
    assert (test["has_skill"], test["bonus"], test["total"], test["success"]) == \
        (True, 2, 14, True)
    assert hero.wounds == 0


# ------------------------------------------------------------------ escape, defeat, knock-out
def test_escape_failure_costs_a_wound_then_try_again(cat):
    hero = cat.new_hero(VARIKAS)
    answers = [("use_ability", None), ("escape", True), ("escape", True)]
    result, combat, state = fight(cat, hero, BLOOD, [20, 3, 10], answers)
    assert result.outcome == "escaped" and hero.wounds == 1
    assert state.undefeated == [BLOOD]
    escapes = [r for r in combat.log.of_type("roll") if r["purpose"] == "escape"]
    assert [(r["total"], r["target"], r["success"]) for r in escapes] == \
        [(8, 15, False), (15, 15, True)]


def test_forbidden_escape_is_not_offered(cat):
    hero = cat.new_hero(VARIKAS, gold=5)
    state = State(heroes=[hero])
    combat = Combat(cat, state, ScriptedDice([20, 20, 20]), {hero.id: ScriptedPlayer(
        [("phase_action", "defend")] * 3)}, BASE)
    with pytest.raises(ScriptExhausted):
        combat.fight_challenge(hero, cat.new_challenge("high-lord-margath"))
    assert combat.log.of_type("escape_forbidden")[0]["source"] == "high-lord-margath"
    assert not [d for d in combat.log.of_type("decision") if d["kind"] == "escape"]


@pytest.mark.parametrize("ruleset,defeated", [(BASE, True), (ADVANCED, False)])
def test_defeat_threshold_is_ruleset_data(cat, ruleset, defeated):
    hero = cat.new_hero(VARIKAS)
    state = State(heroes=[hero])
    combat = Combat(cat, state, Dice(1), {hero.id: ScriptedPlayer([])}, ruleset)
    challenge = cat.new_challenge(BLOOD)  # Life 3
    combat.enemies = {hero.id: challenge}
    combat.moment = Moment("melee", "melee", 1, 1)
    if defeated:
        with pytest.raises(Defeat):
            combat.inflict(challenge, 3, source="test", phase="melee")
    else:
        combat.inflict(challenge, 3, source="test", phase="melee")
        with pytest.raises(Defeat):
            combat.inflict(challenge, 1, source="test", phase="melee")
    assert get_ruleset(ruleset.name) is ruleset


def test_exhaustion_above_stamina_turns_into_wounds(cat):
    hero = cat.new_hero(VARIKAS, exhaustion=5)
    state = State(heroes=[hero])
    combat = Combat(cat, state, Dice(1), {hero.id: ScriptedPlayer([])}, BASE)
    combat.add_exhaustion(hero, 3, source="test", chosen=False)  # e.g. "Take 3 exhaustion."
    assert (hero.exhaustion, hero.wounds) == (6, 2)
    assert combat.log.of_type("exhaustion_overflow")[0]["wounds"] == 2


def test_knock_out_procedure(cat):
    hero = cat.new_hero(VARIKAS, items=["belt-of-strength", "padded-leather-armor"],
                        allies=["acolyte-of-flame"], gold=4, wounds=10, exhaustion=2)  # Life 11: one wound short
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "defend")]
    result, combat, state = fight(cat, hero, BLOOD, [20, 2], answers)
    assert result.outcome == "knocked_out" and result.loser == VARIKAS
    assert (hero.wounds, hero.exhaustion, hero.gold) == (0, 0, 0)
    priciest = max(["belt-of-strength", "padded-leather-armor", "acolyte-of-flame"],
                   key=lambda c: cat.card(c).cost)
    assert priciest in state.market_bottom
    assert state.undefeated == [BLOOD]


# ------------------------------------------------------------------ phase abilities
def test_magic_tagged_item_works_in_the_magic_phase_until_end_of_round(cat):
    hero = cat.new_hero(VARIKAS, items=["soul-burn"])
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "defend"), ("use_ability", "soul-burn#0"),
               ("phase_action", "attack"), ("escape", True)]
    result, combat, state = fight(cat, hero, BLOOD, [20, 20, 7, 20], answers)
    magic = [r for r in combat.log.of_type("roll") if r.get("phase") == "magic"][0]
    assert (magic["bonus"], magic["total"], magic["success"]) == (3, 14, True)
    assert hero.exhaustion == 1 and "soul-burn" in hero.activated
    assert [e["until"] for e in combat.log.of_type("expired")] == ["end_of_round"]
    assert state.effects == []


def test_melee_tagged_ally_reaction_in_the_melee_phase(cat):
    hero = cat.new_hero(VARIKAS, allies=["old-shieldbearer"])
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "defend"), ("use_ability", "old-shieldbearer#0"),
               ("optional", True), ("phase_action", "defend"), ("escape", True)]
    result, combat, state = fight(cat, hero, BLOOD, [20, 2, 20, 20], answers)
    assert combat.log.of_type("wounds_cancelled")[0]["source"] == "old-shieldbearer"
    assert hero.wounds == 0
