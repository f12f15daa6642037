"""Delve's hero-phase rules, one test (or more) per engine-level rule of docs/delve-rules.md, with
scripted d6 (runeforge.engine.common.dice.ScriptedDice) for the worked examples."""

from __future__ import annotations

import json

import pytest

from runeforge.engine.common.dice import Dice, ScriptedDice
from runeforge.engine.common.errors import EngineError, IllegalAction
from runeforge.engine.delve.board.placement import start_board
from runeforge.engine.delve.board.tiles import Tile
from runeforge.engine.delve.rules import actions
from runeforge.engine.delve.rules.attacks import Figure, Weapon, attack, gain_renown, wound
from runeforge.engine.delve.rules.costs import HeroTurn, check_payment, roll_hero_dice
from runeforge.engine.delve.rules.data import RulesData
from tests.delve_boards import RULES, tile

R = RulesData.from_record(RULES)
EXITS = [{"id": "e", "side": "east", "at": 1, "width": 2}]


def board(**fields):
    return start_board(tile(size=(6, 4), exits=EXITS, **fields))


def turn(*faces) -> HeroTurn:
    return HeroTurn("Warden", list(faces))


# ---------------------------------------------------------------------- actions and dice
def test_r1_a_hero_acts_by_spending_a_die_and_rolls_fresh_dice():
    dealt = roll_hero_dice(Dice(7), 3, R)
    assert len(dealt) == 3 and all(1 <= f <= 6 for f in dealt)
    assert roll_hero_dice(Dice(7), 3, R) == dealt                  # seeded
    assert roll_hero_dice(ScriptedDice([6, 1, 3]), 3, R) == [6, 1, 3]


@pytest.mark.parametrize("face", [3, 4, 5, 6])
def test_r2_a_3_plus_action_is_paid_by_3_4_5_or_6(face):
    t = turn(face)
    assert t.begin("Shield Wall", 3, 0, R) == face


@pytest.mark.parametrize("face", [1, 2])
def test_r2_a_3_plus_action_is_refused_by_1_or_2_naming_the_rule(face):
    t = turn(face)
    with pytest.raises(IllegalAction) as err:
        t.begin("Shield Wall", 3, 0, R)
    assert str(err.value) == f"R2: (3+) needs a die showing 3 or more; this die shows {face}"
    assert t.dice == [face] and t.spent == []                     # nothing was paid


def test_r2_a3_a_7_plus_cost_can_never_be_paid():
    with pytest.raises(IllegalAction, match=r"R2: Grand Rite costs \(7\+\), which no die"):
        check_payment(7, 6, 6, "Grand Rite")


def test_r3_each_action_finishes_before_the_next():
    t = turn(4, 4)
    t.begin("Move", 1, 0, R)
    with pytest.raises(IllegalAction, match="R3: finish Move before starting Move"):
        t.begin("Move", 1, 0, R)
    t.finish()
    t.begin("Move", 1, 0, R)                                      # the same action again
    assert t.spent == [4, 4]


def test_r4_a_spent_die_leaves_the_hero():
    t = turn(2, 5, 1)
    t.begin("Move", 1, 1, R)
    assert t.dice == [2, 1] and t.spent == [5]
    t.finish()
    with pytest.raises(IllegalAction, match="R4: Warden has no die #3 left"):
        t.begin("Move", 1, 2, R)


def test_r5_a2_the_turn_ends_and_unused_dice_are_set_aside():
    t = turn(1, 1, 6)
    assert t.possible(3, R) and not turn(1, 2).possible(3, R)     # a 6 pays (3+)
    t.end(R, voluntary=True)
    assert t.dice == [] and t.set_aside == [1, 1, 6] and t.dealt == 3
    with pytest.raises(IllegalAction, match="R5: Warden's turn has ended"):
        t.begin("Move", 1, 0, R)
    strict = RulesData.from_record({**RULES, "voluntary_end": False})
    with pytest.raises(IllegalAction, match="A2"):
        turn(2).end(strict, voluntary=True)


def test_r6_the_basic_actions_cost_what_the_rules_data_says():
    assert (R.explore, R.move, R.recuperate) == (1, 1, 1)
    assert turn().move_cost(R, pinned=False) == 1 and turn().recuperate_cost(R) == 1
    with pytest.raises(EngineError, match="no 'pinned_move_need'"):
        RulesData.from_record({k: v for k, v in RULES.items() if k != "pinned_move_need"})
    with pytest.raises(EngineError, match=r"basic_actions has no 'move' \(R6\)"):
        RulesData.from_record({**RULES, "basic_actions": RULES["basic_actions"][::2]})
    with pytest.raises(EngineError, match="'adjacency: 8'"):
        RulesData.from_record({**RULES, "adjacency": 4})


# ---------------------------------------------------------------------- move, pinned
def test_r11_r12_a_move_goes_up_to_move_spaces_through_neighbours():
    b = board()
    hero = Figure("warden", "hero", (0, 0), 5)
    t = turn(1, 1)
    actions.move(t, b, hero, 0, [(1, 1), (2, 2)], [hero], 3, R)
    assert hero.cell == (2, 2) and t.spent == [1]
    with pytest.raises(IllegalAction, match="R11: a Move goes 1 to 3 spaces, not 4"):
        actions.move(t, b, hero, 0, [(3, 2), (4, 2), (5, 2), (5, 3)], [hero], 3, R)
    with pytest.raises(IllegalAction, match="R12/A4"):
        actions.move(t, b, hero, 0, [(4, 2)], [hero], 3, R)


def test_r13_a5_a_pinned_hero_moves_for_2_plus():
    b = board()
    hero = Figure("warden", "hero", (1, 1), 5)
    foe = Figure("gnawer", "adversary", (2, 2), 2)
    assert actions.is_pinned(b, hero, [hero, foe])
    t = turn(1, 2)
    with pytest.raises(IllegalAction, match=r"R2: \(2\+\) needs a die showing 2 or more"):
        actions.move(t, b, hero, 0, [(0, 1)], [hero, foe], 3, R)
    actions.move(t, b, hero, 1, [(0, 1)], [hero, foe], 3, R)
    assert hero.cell == (0, 1) and t.dice == [1]
    walled = board(walls=[[[2, 0], [2, 4]]])                      # a wall between: not pinned
    assert not actions.is_pinned(walled, Figure("w", "hero", (1, 1), 5), [foe])


# ---------------------------------------------------------------------- recuperate
def test_r14_recuperate_three_times_costs_1_2_3_and_a_1_cannot_pay_the_second():
    hero = Figure("warden", "hero", (0, 0), 6, wounds=4)
    t = turn(1, 1, 2, 3)
    assert actions.recuperate(t, hero, 0, R) == 1                 # (1+) paid with a 1
    with pytest.raises(IllegalAction, match=r"R2: \(2\+\) needs a die showing 2 or more; "
                                            r"this die shows 1"):
        actions.recuperate(t, hero, 0, R)                         # the second with a 1
    actions.recuperate(t, hero, 1, R)                             # (2+) paid with a 2
    assert t.recuperate_cost(R) == 3
    actions.recuperate(t, hero, 1, R)                             # (3+) paid with a 3
    assert hero.wounds == 1 and t.dice == [1]


def test_r14_a3_the_escalation_resets_each_turn_and_an_unwounded_hero_cannot_recuperate():
    hero = Figure("warden", "hero", (0, 0), 6, wounds=1)
    t = turn(6)
    actions.recuperate(t, hero, 0, R)
    assert t.recuperate_cost(R) == 2
    t.end(R)
    assert t.recuperate_cost(R) == 1
    with pytest.raises(IllegalAction, match="A3: warden is not wounded"):
        actions.recuperate(turn(6), hero, 0, R)
    flat = [{**a, "escalating": False} for a in RULES["basic_actions"]]
    never = RulesData.from_record({**RULES, "basic_actions": flat})
    t = turn(1, 1)
    actions.recuperate(t, Figure("w", "hero", (0, 0), 6, wounds=2), 0, never)
    assert t.recuperate_cost(never) == 1                          # not escalating: stays (1+)


def test_a3_recuperate_escalates_past_the_die_and_cannot_be_paid():
    hero = Figure("warden", "hero", (0, 0), 20, wounds=10)
    t = turn(6, 6, 6, 6, 6, 6, 6)
    for _ in range(6):
        actions.recuperate(t, hero, 0, R)
    with pytest.raises(IllegalAction, match=r"costs \(7\+\), which no die can pay"):
        actions.recuperate(t, hero, 0, R)


# ---------------------------------------------------------------------- explore
def test_r8_the_first_action_of_the_game_is_explore():
    b = board()
    hero = Figure("warden", "hero", (5, 1), 5)
    t = HeroTurn("Warden", [4, 2], explore_first=True)
    with pytest.raises(IllegalAction, match="R8: the first action of the game is Explore, "
                                            "not Move"):
        actions.move(t, b, hero, 0, [(4, 1)], [hero], 3, R)
    room = Tile.from_record({"name": "Side Room", "size": [3, 3],
                             "exits": [{"id": "w", "side": "west", "at": 0, "width": 2}]})
    actions.explore(t, b, hero, 1, room, R)
    actions.move(t, b, hero, 0, [(4, 1)], [hero], 3, R)          # any action after that


def test_r9_r10_explore_pays_1_plus_and_places_the_top_chamber():
    b = board()
    hero = Figure("warden", "hero", (5, 1), 5)
    t = turn(1)
    room = Tile.from_record({"name": "Side Room", "size": [3, 3],
                             "exits": [{"id": "w", "side": "west", "at": 0, "width": 2}]})
    with pytest.raises(IllegalAction, match="A6: the exploration deck is empty"):
        actions.explore(t, b, hero, 0, None, R)
    chamber = actions.explore(t, b, hero, 0, room, R)
    assert chamber.origin == (6, 1) and t.spent == [1]
    with pytest.raises(IllegalAction, match="R9"):
        actions.explore(turn(1), b, Figure("x", "hero", (0, 0), 5), 0, room, R)


# ---------------------------------------------------------------------- weapons
SWORD = Weapon("Broad Blade", 3, "combat", 4, 2)
SLING = Weapon("Sling", 2, "missile", 3, 1)
BLAST = Weapon("Cinder Burst", 5, "area", 4, 1)


def party(b=None):
    hero = Figure("warden", "hero", (1, 1), 6)
    near = Figure("gnawer", "adversary", (2, 1), 2)
    far = Figure("stalker", "adversary", (5, 3), 3)
    return hero, near, far, [hero, near, far]


def test_r15_spend_a_die_choose_a_weapon_pick_a_target_roll():
    b = board()
    hero, near, _, figures = party()
    t = turn(3)
    results = actions.weapon_action(t, b, hero, SWORD, 0, ["gnawer"], figures,
                                    ScriptedDice([5]), R)
    assert t.spent == [3] and results[0]["roll"] == 5 and near.wounds == 2


def test_r16_ranges_combat_adjacent_missile_visible_not_adjacent_area_whole_chamber():
    from runeforge.engine.delve.rules.attacks import targets
    b = board()
    hero, near, far, figures = party()
    assert [f.id for f in targets(b, hero, SWORD, figures)] == ["gnawer"]
    assert [f.id for f in targets(b, hero, SLING, figures)] == ["stalker"]
    assert [f.id for f in targets(b, hero, BLAST, figures)] == ["gnawer", "stalker"]
    with pytest.raises(IllegalAction, match="R16: gnawer is adjacent or not visible"):
        actions.weapon_action(turn(6), b, hero, SLING, 0, ["gnawer"], figures, Dice(1), R)
    with pytest.raises(IllegalAction, match="R16: an area attack"):
        actions.weapon_action(turn(6), b, hero, BLAST, 0, ["gnawer"], figures, Dice(1), R)


def test_a7_area_needs_the_same_chamber_not_sight():
    b = board(walls=[[[3, 0], [3, 4]]])
    hero, _, far, figures = party()
    from runeforge.engine.delve.rules.attacks import targets
    assert far not in targets(b, hero, SLING, figures)
    assert far in targets(b, hero, BLAST, figures)


def test_r17_a_roll_below_hit_misses():
    b = board()
    hero, near, _, figures = party()
    assert attack(b, hero, SWORD, ["gnawer"], figures, ScriptedDice([3]), R)[0]["hit"] is False
    assert near.wounds == 0
    assert attack(b, hero, SWORD, ["gnawer"], figures, ScriptedDice([4]), R)[0]["hit"] is True


def test_r18_wounds_lie_beside_the_figure_and_round_trip():
    foe = Figure("stalker", "adversary", (5, 3), 3)
    wound(foe, 1)
    again = Figure.from_dict(json.loads(json.dumps(foe.to_dict())))
    assert again == foe and again.wounds == 1


def test_r19_slain_at_vigour_removed_and_excess_wounds_ignored():
    b = board()
    hero, near, _, figures = party()
    result = attack(b, hero, Weapon("Maul", 4, "combat", 2, 5), ["gnawer"], figures,
                    ScriptedDice([6]), R)[0]
    assert result["wounds"] == 2 and result["slain"] and near not in figures
    assert near.wounds == near.vigour == 2


def test_r21_a1_a9_renown_to_the_slayer_one_per_slain_area_rolls_once_per_target():
    b = board()
    hero, near, far, figures = party()
    far.vigour = 1
    dice = ScriptedDice([2, 6, 5])
    results = attack(b, hero, BLAST, ["stalker", "gnawer"], figures, dice, R)
    assert [(r["target"], r["roll"]) for r in results] == [("stalker", 2), ("gnawer", 6)]
    assert dice.used == 2                                         # a fresh die per target
    assert far in figures and near.wounds == 1 and hero.renown == 0
    attack(b, hero, BLAST, ["stalker", "gnawer"], figures, ScriptedDice([4, 4]), R)
    assert hero.renown == 2 and figures == [hero]                 # +1 for each slain


def test_r23_r24_a10_each_full_lap_of_the_renown_track_gains_a_skill():
    hero = Figure("warden", "hero", (0, 0), 6)
    assert gain_renown(hero, 4, R) == 0 and hero.skills == 0       # track of 5 (data)
    assert gain_renown(hero, 1, R) == 1 and hero.skills == 1
    assert gain_renown(hero, 10, R) == 2 and (hero.renown, hero.skills) == (15, 3)
    with pytest.raises(EngineError, match="renown only rises"):
        gain_renown(hero, -1, R)


def test_the_hero_turn_round_trips_through_json():
    t = turn(1, 5, 6)
    t.begin("Move", 1, 1, R)
    again = HeroTurn.from_dict(json.loads(json.dumps(t.to_dict())))
    assert again == t


def test_a_hero_phase_snapshot_round_trips_through_json_and_its_invariants_hold():
    from runeforge.engine.delve.rules.state import DelveState, problems
    hall = tile(size=(6, 4), exits=EXITS)
    b = start_board(hall)
    hero, near, far, figures = party()
    state = DelveState(b, figures, {"warden": turn(3, 5)}, {"warden": 2})
    actions.weapon_action(state.turns["warden"], b, hero, SWORD, 0, ["gnawer"], figures,
                          ScriptedDice([6]), R)
    assert problems(state) == [] and near not in state.figures and hero.renown == 1
    data = json.loads(json.dumps(state.to_dict()))
    again = DelveState.from_dict(data, {hall.id: hall})
    assert again.to_dict() == state.to_dict()
    state.figure("stalker").cell = (1, 1)
    state.turns["warden"].dice.append(6)
    found = problems(state)
    assert any("share the cell [1, 1]" in p for p in found)
    assert any("!= dealt 2" in p for p in found)
