"""The six card rulings of seed 002 (and Belt of Strength), each behaving as its ruling says.

IR comes from the bundled YAML cards via the pipeline (tests/engine_bundle.py)."""

from __future__ import annotations

import pytest

from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.runebound.combat.combat import Combat
from runeforge.engine.runebound.combat.duel import Duel
from runeforge.engine.runebound.core.decisions import ScriptedPlayer
from runeforge.engine.runebound.core.ruleset import BASE
from runeforge.engine.runebound.core.state import State
from runeforge.engine.runebound.core.windows import Moment
from tests.engine_bundle import catalog, fight

VARIKAS, BLOOD, WOLVES = "varikas-the-dead", "blood-of-the-bloodmother", "hungry-wolves"
MIRROR = "mirror-of-shael"


@pytest.fixture(scope="module")
def cat():
    return catalog()


def wounds_of(combat, figure):
    return [(r["old"], r["new"]) for r in combat.log.of_type("state")
            if r["figure"] == figure and r["field"] == "wounds"]


# --------------------------------------------------------------------------- Mirror of Shael
def test_mirror_failed_magic_defence_wounds_the_enemy(cat):
    hero = cat.new_hero(VARIKAS, items=[MIRROR])
    # swim 20 (passes), round 1: ranged no roll, melee attack 12+4 >= 11, magic defence 2+4 < 14
    result, combat, state = fight(cat, hero, BLOOD, [20, 12, 2, 20], [
        ("use_ability", f"{MIRROR}#0"), ("use_ability", None),
        ("escape", False), ("phase_action", "defend"), ("phase_action", "attack"),
        ("phase_action", "defend"), ("escape", True)], )
    assert hero.exhaustion == 1 and MIRROR in hero.activated
    # the failed magic defence: 2 magic wounds on Varikas, then the Mirror: 1 on the enemy
    assert wounds_of(combat, VARIKAS) == [(0, 2)]
    assert wounds_of(combat, BLOOD)[:2] == [(0, 1), (1, 2)]
    trigger = combat.log.of_type("trigger")
    assert len(trigger) == 1 and trigger[0]["source"] == MIRROR
    assert trigger[0]["event"]["phase"] == "magic"


def test_mirror_ignores_wounds_from_other_phases_and_ends_with_the_combat(cat):
    # swim passes; round 1: melee defence fails (1 wound, not magic), magic defence ok
    hero = cat.new_hero(VARIKAS, items=[MIRROR])
    result, combat, state = fight(cat, hero, BLOOD, [20, 2, 20, 20], [
        ("use_ability", f"{MIRROR}#0"), ("use_ability", None), ("escape", False),
        ("phase_action", "defend"), ("phase_action", "defend"), ("phase_action", "defend"),
        ("escape", True)])
    assert result.outcome == "escaped"
    assert combat.log.of_type("trigger") == []
    assert wounds_of(combat, VARIKAS) == [(0, 1)]
    assert state.effects == []  # "until the end of this combat": expired
    assert combat.log.of_type("expired")[0]["until"] == "end_of_combat"


def test_mirror_before_combat_magic_attack(cat):
    """Varikas activates the Mirror, then his own Before Combat magic attack fails: he takes
    the enemy's magic damage as the result of a magic combat roll, so the enemy takes 1."""
    hero = cat.new_hero(VARIKAS, items=[MIRROR])
    result, combat, state = fight(cat, hero, BLOOD, [20, 3, 20, 20], [
        ("use_ability", f"{MIRROR}#0"), ("use_ability", f"{VARIKAS}#0"),
        ("escape", True)])
    assert hero.exhaustion == 2
    attack = [r for r in combat.log.of_type("roll") if r.get("source") == VARIKAS][0]
    assert attack["success"] is False and attack["total"] == 7
    assert wounds_of(combat, VARIKAS) == [(0, 2)]
    assert wounds_of(combat, BLOOD)[0] == (0, 1)  # the Mirror's wound (reset on escape later)
    assert combat.log.of_type("trigger")[0]["event"] == {
        "kind": "takes_wounds", "figure": VARIKAS, "amount": 2, "phase": "magic"}


def test_mirror_hit_by_a_magic_attack_in_before_combat_hero_vs_hero(cat):
    """Hero vs hero: the defender uses Before Combat first and activates the Mirror; then the
    attacker's Before Combat magic attack hits him: the attacker takes 1 wound."""
    defender = cat.new_hero("tessa-brightwater", items=[MIRROR])
    attacker = cat.new_hero(VARIKAS)
    state = State(heroes=[attacker, defender])
    players = {
        defender.id: ScriptedPlayer([("use_ability", f"{MIRROR}#0")]),
        attacker.id: ScriptedPlayer([("use_ability", f"{VARIKAS}#0"), ("escape", True)]),
    }
    # the defender's magic roll 5 (+4 = 9) is the target; Varikas 10 + 4 = 14 >= 9 hits
    duel = Duel(cat, state, ScriptedDice([5, 10, 20]), players, BASE)
    result = duel.fight_heroes(attacker, defender)
    target, attack = duel.log.of_type("roll")[:2]
    assert (target["figure"], target["purpose"], target["total"]) == (defender.id, "target", 9)
    assert (attack["figure"], attack["total"], attack["target"], attack["success"]) == \
        (VARIKAS, 14, 9, True)
    assert wounds_of(duel, defender.id) == [(0, 1)]
    assert wounds_of(duel, VARIKAS) == [(0, 1)]  # the Mirror's wound
    assert result.outcome == "escaped"


# --------------------------------------------------------------------------- Rune Plate
def test_rune_plate_once_in_before_combat_and_once_per_round(cat):
    plate = "rune-plate"
    hero = cat.new_hero(VARIKAS, items=[plate])
    answers = [
        ("use_ability", f"{plate}#0"), ("optional", True),  # swim wound cancelled (BC use)
        ("use_ability", f"{VARIKAS}#0"),  # fails: 2 magic wounds, Rune Plate already used
        ("escape", False), ("phase_action", "defend"),
        ("phase_action", "defend"),  # melee defence fails: 1 wound
        ("use_ability", f"{plate}#0"), ("optional", True),  # round 1's use
        ("phase_action", "defend"),  # magic defence fails: 2 wounds, no second use
        ("escape", True),
    ]
    result, combat, state = fight(cat, hero, BLOOD, [6, 3, 2, 2, 20], answers)
    cancelled = combat.log.of_type("wounds_cancelled")
    assert [(c["source"], c["amount"]) for c in cancelled] == [(plate, 1), (plate, 1)]
    assert wounds_of(combat, VARIKAS) == [(0, 2), (2, 4)]
    offers = [d for d in combat.log.of_type("decision") if d["kind"] == "use_ability"]
    # after each use, Rune Plate is not offered again in the same step
    assert all(f"{plate}#0" not in d["options"] for d in offers[1:2])


def test_rune_plate_second_use_in_a_round_is_refused(cat):
    hero = cat.new_hero(VARIKAS, items=["rune-plate"])
    answers = [
        ("use_ability", None), ("escape", False), ("phase_action", "defend"),
        ("phase_action", "defend"), ("use_ability", "rune-plate#0"), ("optional", True),
        ("phase_action", "defend"), ("use_ability", "rune-plate#0"),
    ]
    with pytest.raises(IllegalAction, match=r"Rune Plate: already used \(once per round\)"):
        fight(cat, hero, BLOOD, [20, 2, 2], answers)


# --------------------------------------------------------------------------- Shield of Light
def test_shield_of_light_cancels_two_and_wounds_the_enemy(cat):
    hero = cat.new_hero(VARIKAS, items=["shield-of-light"])
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "defend"), ("phase_action", "defend"),
               ("use_ability", "shield-of-light#0"), ("amount", 2), ("escape", True)]
    result, combat, state = fight(cat, hero, BLOOD, [20, 20, 2, 20], answers)
    assert wounds_of(combat, VARIKAS) == []
    assert combat.log.of_type("wounds_cancelled")[0]["amount"] == 2
    assert wounds_of(combat, BLOOD)[0] == (0, 1)
    decision = [d for d in combat.log.of_type("decision") if d["kind"] == "amount"][0]
    assert decision["options"] == [1, 2]


# --------------------------------------------------------------------------- Staff of Light
def test_staff_of_light_before_moving_heals_hero_or_ally(cat):
    hero = cat.new_hero(VARIKAS, items=["staff-of-light"], allies=["acolyte-of-flame"],
                        wounds=3, exhaustion=2)
    hero.allies[0].wounds = 1
    state = State(heroes=[hero])
    player = ScriptedPlayer([("use_ability", "staff-of-light#0"), ("target", "acolyte-of-flame")])
    engine = Combat(cat, state, ScriptedDice([]), {hero.id: player}, BASE)
    engine.enemies = {hero.id: None}
    engine.moment = Moment("before_moving")
    engine.open_window(hero, "before_moving")
    assert hero.allies[0].wounds == 0 and hero.wounds == 3 and hero.exhaustion == 2
    assert "staff-of-light" in hero.activated
    # not in combat: it is a "before moving" ability
    engine.moment = Moment("before_combat", "before_combat", 1)
    why = engine.refusal(hero, engine.ability("staff-of-light#0"))
    assert "before moving" in why


# --------------------------------------------------------------------------- Touch of Death
def test_touch_of_death_x_exhaustion_and_x_wounds(cat):
    hero = cat.new_hero(VARIKAS, items=["touch-of-death"], exhaustion=2)
    answers = [("use_ability", "touch-of-death#0"), ("x", 3), ("use_ability", None),
               ("escape", True)]
    result, combat, state = fight(cat, hero, BLOOD, [20, 15, 20], answers)
    x_decision = [d for d in combat.log.of_type("decision") if d["kind"] == "x"][0]
    assert x_decision["options"] == [1, 2, 3, 4]  # Stamina 6, 2 taken: never into wounds
    assert hero.exhaustion == 5
    # success: the attack's magic damage (1) and then X = 3 wounds
    assert wounds_of(combat, BLOOD)[:2] == [(0, 1), (1, 4)] or result.outcome == "defeated"
    assert result.outcome == "defeated"


def test_touch_of_death_x_that_would_become_wounds_is_refused(cat):
    hero = cat.new_hero(VARIKAS, items=["touch-of-death"], exhaustion=2)
    answers = [("use_ability", "touch-of-death#0"), ("x", 5)]
    with pytest.raises(IllegalAction, match="never choose"):
        fight(cat, hero, BLOOD, [20], answers)
    assert hero.exhaustion == 2 and "touch-of-death" not in hero.activated


# --------------------------------------------------------------------------- Wings of Regiroth
def test_wings_of_regiroth_before_moving_grants_a_move(cat):
    hero = cat.new_hero(VARIKAS, items=["wings-of-regiroth"])
    state = State(heroes=[hero])
    player = ScriptedPlayer([("use_ability", "wings-of-regiroth#0"), ("amount", 4)])
    engine = Combat(cat, state, ScriptedDice([]), {hero.id: player}, BASE)
    engine.moment = Moment("before_moving")
    engine.open_window(hero, "before_moving")
    assert engine.grants == [{"hero": VARIKAS, "source": "wings-of-regiroth", "op": "move",
                              "amount": 4, "any_direction": True, "instead_of_rolling": True}]
    assert hero.activations == {"movement:1": 1}
    engine.moment = Moment("melee", "melee", 1, 1)
    assert "before moving" in engine.refusal(hero, engine.ability("wings-of-regiroth#0"))


# --------------------------------------------------------------------------- Belt of Strength
def test_belt_of_strength_is_always_on(cat):
    hero = cat.new_hero(VARIKAS, items=["belt-of-strength"])
    answers = [("use_ability", None), ("escape", False), ("phase_action", "defend"),
               ("phase_action", "attack"), ("phase_action", "defend"), ("escape", True)]
    result, combat, state = fight(cat, hero, BLOOD, [20, 4, 20, 20], answers)
    melee = [r for r in combat.log.of_type("roll") if r.get("phase") == "melee"][0]
    assert (melee["value"], melee["total"], melee["success"]) == (7, 11, True)
    assert combat.stat(hero, "body") == 7 and hero.body == 4
    with pytest.raises(IllegalAction, match="always on"):
        combat.moment = Moment("before_combat", "before_combat", 1)
        combat.use_ability(hero, "belt-of-strength#0")


# --------------------------------------------------------------------------- a challenge's attack
PACK_MANIFEST = """\
kind: manifest
id: extra
name: "Engine test pack"
type: expansion
origin: original
skills: []
requires: [core]
removes: []
"""
PACK_ITEMS = """\
kind: item
cards:
  - name: Witch Ward
    origin: original
    cost: 3
    class: artifact
    type: charm
    usage: constant
    abilities:
      - "Every time your Hero takes 1 or more wounds as the result of a magic combat roll, gain 1 gold."
"""
PACK_CHALLENGES = """\
kind: challenge
cards:
  - name: Hexing Crone
    origin: original
    colour: green
    mind: 10
    body: 10
    spirit: 12
    ranged_damage: 0
    melee_damage: 1
    magic_damage: 2
    life: 3
    reward: {gold: 2}
    abilities:
      - "Before Combat: Make a magic attack."
"""


def test_challenge_before_combat_magic_attack_is_a_magic_combat_roll(content_dir):
    """On a challenge card, "Make a magic attack." is the challenge attacking: the Hero rolls a
    magic combat roll against it, and a failure wounds him "as the result of a magic combat
    roll" (the Mirror of Shael ruling), which sets off a standing magic-wound trigger."""
    content_dir.write("extra/manifest.yaml", PACK_MANIFEST)
    content_dir.write("extra/items.yaml", PACK_ITEMS)
    content_dir.write("extra/challenges.yaml", PACK_CHALLENGES)
    cat = catalog(content_dir)
    hero = cat.new_hero(VARIKAS, items=["witch-ward"])
    result, combat, state = fight(cat, hero, "hexing-crone", [2, 20], [
        ("use_ability", None), ("escape", True)])
    defence = combat.log.of_type("roll")[0]
    assert (defence["figure"], defence["purpose"], defence["phase"], defence["total"],
            defence["target"], defence["success"]) == (VARIKAS, "defend", "magic", 6, 12, False)
    assert wounds_of(combat, VARIKAS) == [(0, 2)]
    trigger = combat.log.of_type("trigger")[0]
    assert trigger["source"] == "witch-ward" and trigger["event"]["phase"] == "magic"
    assert hero.gold == 1
    # the Ward is always on: never offered as an ability to use
    offered = [o for d in combat.log.of_type("decision") if d["kind"] == "use_ability"
               for o in d["options"]]
    assert "witch-ward#0" not in offered
