"""Delve's exact odds (engine/delve/analysis/odds.py, `runeforge odds` for Delve cards): the
DP against a hand-worked case, against a brute-force search over every plan for every roll,
against a Monte Carlo that plays the engine's own rules with the DP's policy, and the CLI."""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import random
from fractions import Fraction

import pytest

from runeforge.engine.common.dice import Dice
from runeforge.engine.common.errors import EngineError
from runeforge.engine.delve.analysis.odds import (
    REACH,
    Action,
    Problem,
    Solver,
    odds_exact,
    problem,
    rolls,
    solve,
)
from runeforge.engine.delve.board.placement import start_board
from runeforge.engine.delve.game.state import Records
from runeforge.engine.delve.rules import abilities, actions
from runeforge.engine.delve.rules.attacks import Figure
from runeforge.engine.delve.rules.costs import HeroTurn, roll_hero_dice
from tests.delve_boards import tile


@pytest.fixture(scope="module")
def records(bundle):
    return Records.from_bundle(bundle)


def weapon(need, rng="combat", hit=4, damage=1, escalating=False, name="W", form="action"):
    return Action(name, need, escalating, "attack", form, rng, hit, damage)


# ---------------------------------------------------------------------- hand-worked
def test_one_die_one_weapon_by_hand():
    # Hit 4+ Damage 2 against Vigour 2, one die paying (3+): P = 4/6 (the die pays) * 3/6
    p = Problem((weapon(3, hit=4, damage=2),), vigour=2, dice=1)
    assert Fraction(solve(p)["probability"]) == Fraction(4, 6) * Fraction(3, 6)


def test_two_dice_one_weapon_by_hand():
    # each die pays with 4/6 and then kills with 1/2: P = 1 - (2/6 + 4/6 * 1/2)^2 = 5/9
    p = Problem((weapon(3, hit=4, damage=2),), vigour=2, dice=2)
    assert Fraction(solve(p)["probability"]) == Fraction(5, 9)


def test_range_and_position_by_hand():
    # a missile weapon from adjacent: Move (2+, pinned) with one die, shoot (2+) with the
    # other: P(both dice >= 2) * P(hit 4+) = (5/6)^2 * 1/2; apart it is 1 - (1 - 5/6*1/2)^2
    p = Problem((weapon(2, "missile"),), vigour=1, dice=2, move=1, pinned_move=2)
    assert Fraction(solve(p, "adjacent")["probability"]) == Fraction(25, 36) / 2
    assert Fraction(solve(p, "apart")["probability"]) == 1 - (1 - Fraction(5, 12)) ** 2


def test_escalating_cost_rises_per_use():
    # (5+*): the first use needs 5+, the second 6+; Hit 1+ (always), Damage 1, Vigour 2
    p = Problem((weapon(5, hit=1, escalating=True),), vigour=2, dice=2)
    # both dice >= 5 and at least one is a 6: 2*(1/6)(1/6) + (1/6)^2 = 3/36
    assert Fraction(solve(p)["probability"]) == Fraction(3, 36)


def test_area_reaches_from_both_positions_and_nothing_helps_gives_stop():
    p = Problem((weapon(1, "area", hit=1, damage=1),), vigour=1, dice=1)
    assert solve(p, "adjacent")["probability"] == solve(p, "apart")["probability"] == "1"
    hopeless = solve(Problem((weapon(1, hit=1),), vigour=3, dice=2))
    assert hopeless["probability"] == "0" and hopeless["by_face"] == []
    assert {row["first"] for row in hopeless["first"]} == {"stop"}


def test_rolls_sum_to_one_and_count_multisets():
    found = list(rolls(4, 6))
    assert len(found) == math.comb(9, 4) and sum(p for _, p in found) == 1


# ---------------------------------------------------------------------- brute force
def brute(p: Problem, start: str) -> Fraction:
    """Every ordered roll; for each, the best of EVERY plan tree (a plan is stop, or a die
    and an action followed by a plan per outcome), each plan evaluated on its own."""
    def cost(a: Action, uses: dict, index):
        return a.need + p.step * uses.get(index, 0) if a.escalating else a.need

    def plans(dice, pos, uses):
        yield None
        for d, face in enumerate(dice):
            rest = dice[:d] + dice[d + 1:]
            for i, a in enumerate(p.attacks):
                need = cost(a, uses, i)
                if pos in REACH[a.range] and need <= p.faces and face >= need:
                    more = {**uses, i: uses.get(i, 0) + 1}
                    for hit_plan in plans(rest, pos, more):
                        for miss_plan in plans(rest, pos, more):
                            yield ("attack", a, hit_plan, miss_plan)
            need = p.pinned_move if pos == "adjacent" else p.move
            other = "apart" if pos == "adjacent" else "adjacent"
            if face >= need:
                for then in plans(rest, other, uses):
                    yield ("move", None, then, None)
            for j, m in enumerate(p.moves):           # move abilities: any position
                key = ("m", j)
                need = cost(m, uses, key)
                if need <= p.faces and face >= need:
                    for then in plans(rest, other, {**uses, key: uses.get(key, 0) + 1}):
                        yield ("move", None, then, None)

    def value(plan, wounds):
        if wounds >= p.vigour:
            return Fraction(1)
        if plan is None:
            return Fraction(0)
        kind, a, first, second = plan
        if kind == "move":
            return value(first, wounds)
        hit = Fraction(p.faces - a.hit + 1, p.faces)
        return hit * value(first, wounds + a.damage) + (1 - hit) * value(second, wounds)

    total = Fraction(0)
    for roll in itertools.product(range(1, p.faces + 1), repeat=p.dice):
        total += max(value(plan, 0) for plan in plans(list(roll), start, {}))
    return total / p.faces ** p.dice


def random_problem(rng: random.Random, dice: int, most: int) -> Problem:
    attacks = tuple(weapon(rng.randint(1, 6), rng.choice(["combat", "missile", "area"]),
                           rng.randint(2, 6), rng.randint(1, 2), rng.random() < 0.3,
                           name=f"W{i}", form=rng.choice(["action", "spend"]))
                    for i in range(rng.randint(1, most)))
    moves = tuple(Action(f"M{i}", rng.randint(1, 6), rng.random() < 0.3, "move")
                  for i in range(rng.choice([0, 0, 1, 2])))
    return Problem(attacks, rng.randint(1, 3), dice, move=rng.randint(1, 3),
                   pinned_move=rng.randint(1, 4), moves=moves)


@pytest.mark.parametrize("seed", range(12))
def test_dp_equals_brute_force_over_all_plans(seed):
    rng = random.Random(seed)
    p = random_problem(rng, 2, 3) if seed < 9 else random_problem(rng, 3, 1)
    for start in ("adjacent", "apart"):
        assert Fraction(solve(p, start)["probability"]) == brute(p, start), (p, start)


def test_more_dice_never_lower_the_odds():
    rng = random.Random(5)
    for _ in range(10):
        p = random_problem(rng, 1, 3)
        values = [Fraction(solve(Problem(p.attacks, p.vigour, n, move=p.move,
                                         pinned_move=p.pinned_move))["probability"])
                  for n in range(4)]
        assert values == sorted(values)


def test_bad_start_is_an_engine_error():
    with pytest.raises(EngineError, match="adjacent, apart"):
        solve(Problem((weapon(1),), 1, 1), "behind")


# ---------------------------------------------------------------------- Monte Carlo
HERE, NEAR, FAR = (2, 1), (1, 1), (0, 1)     # the adversary; adjacent and apart cells
BOARD = tile(size=(6, 4), exits=[{"id": "e", "side": "east", "at": 1, "width": 2}])


def play_turn(solver: Solver, p: Problem, hero_rec, start, rules, dice) -> bool:
    """One hero turn with the engine's rules (HeroTurn, actions.move, abilities.use_weapon)
    on a plain chamber, deciding with the DP's policy; True when the adversary is slain."""
    board = start_board(BOARD)
    hero = Figure("hero", "hero", NEAR if start == "adjacent" else FAR, hero_rec["vigour"])
    foe = Figure("foe", "adversary", HERE, p.vigour)
    figures = [hero, foe]
    turn = HeroTurn("hero", roll_hero_dice(dice, p.dice, rules))
    weapons = [a for a in abilities.abilities_of(hero_rec, "hero") if a.weapon]
    moving = [a for a in abilities.abilities_of(hero_rec, "hero") if a.ops() == ["move"]]
    assert [(m.name, m.need) for m in moving] == [(a.name, a.need) for a in p.moves]
    assert [(w.name, w.need, w.escalating) for w in weapons] == [
        (a.name, a.need, a.escalating) for a in p.attacks]
    pos, uses = start, (0,) * len(solver.escalating)
    while True:
        _, choice = solver.value(tuple(sorted(turn.dice)), foe.wounds, pos, uses)
        if choice is None:
            return foe.slain
        what, face = choice
        die = turn.dice.index(face)
        goal = FAR if pos == "adjacent" else NEAR
        if what == "move":
            actions.move(turn, board, hero, die, [goal], figures, hero_rec["move"], rules)
            pos = "apart" if pos == "adjacent" else "adjacent"
            continue
        if solver.actions[what].kind == "move":   # a move ability: its own cost, not pinned
            ability = moving[what - len(p.attacks)]
            assert abilities.cost(turn, ability, rules) == solver.cost(what, uses)
            abilities.pay(turn, ability, die, rules)
            abilities.step_to(board, hero, [goal], figures, ability.effects[0]["up_to"])
            turn.finish()
            if ability.escalating:
                k = solver.escalating.index(what)
                uses = uses[:k] + (uses[k] + 1,) + uses[k + 1:]
            pos = "apart" if pos == "adjacent" else "adjacent"
            continue
        a = p.attacks[what]
        # the engine's own path for every weapon ability (header, spend, escalating): it
        # computes and checks the cost itself from the turn's uses
        assert abilities.cost(turn, weapons[what], rules) == solver.cost(what, uses)
        abilities.use_weapon(turn, board, hero, weapons[what], die, ["foe"], figures, dice,
                             rules)
        if a.escalating:
            k = solver.escalating.index(what)
            uses = uses[:k] + (uses[k] + 1,) + uses[k + 1:]
        if foe.slain:
            return True


@pytest.mark.parametrize("hero,adversary,start", [
    ("garrick-stoneward", "bone-sentry", "adjacent"),
    ("sefa-quillmark", "mire-crawler", "adjacent"),     # Move (2+, pinned) then shoot
    ("vesna-kolt", "fen-witch", "apart"),                # Javelin, or Move then Spear
    ("hollis-dunmere", "hollow-archer", "apart"),        # area from apart, Staff after a Move
])
def test_dp_matches_monte_carlo_with_the_engine_rules(records, hero, adversary, start):
    rules = records.rules
    p = problem(records.heroes[hero], records.adversaries[adversary], rules,
                records.rules_doc)
    solver = Solver(p)
    exact = float(Fraction(solve(p, start)["probability"]))
    n, dice = 2500, Dice(len(hero) * 101 + len(adversary))
    wins = sum(play_turn(solver, p, records.heroes[hero], start, rules, dice)
               for _ in range(n))
    sigma = math.sqrt(max(exact * (1 - exact), 1e-9) / n)
    assert abs(wins / n - exact) <= 3 * sigma + 1e-9, (wins / n, exact)
    assert 0 < exact < 1


ESCALATING_HERO = {  # an escalating weapon header and a spend attack, as the dialect's IR
    "id": "test-hero", "move": 3, "vigour": 4, "abilities": [
        {"form": "action", "name": "Rising Blow", "cost": {"need": 3, "escalating": True},
         "effects": [{"op": "attack", "target": "adjacent", "range": "combat", "hit": 3,
                      "damage": 1}]},
        {"form": "spend", "cost": {"need": 5, "escalating": False},
         "effects": [{"op": "attack", "target": "visible", "range": "missile", "hit": 4,
                      "damage": 1}]}]}


@pytest.mark.parametrize("start", ["adjacent", "apart"])
def test_dp_matches_monte_carlo_with_an_escalating_weapon(records, start):
    rules = records.rules
    p = problem(ESCALATING_HERO, {"vigour": 3}, rules, records.rules_doc)
    assert [a.escalating for a in p.attacks] == [True, False]
    solver = Solver(p)
    exact = float(Fraction(solve(p, start)["probability"]))
    n, dice = 2500, Dice(7 + len(start))
    wins = sum(play_turn(solver, p, ESCALATING_HERO, start, rules, dice) for _ in range(n))
    sigma = math.sqrt(max(exact * (1 - exact), 1e-9) / n)
    assert abs(wins / n - exact) <= 3 * sigma + 1e-9, (wins / n, exact)
    assert 0 < exact < 1


def test_bundled_attacks_include_spend_abilities(records):
    p = problem(records.heroes["tamsin-roe"], records.adversaries["bone-sentry"],
                records.rules, records.rules_doc)
    assert [(a.form, a.need, a.hit, a.damage) for a in p.attacks] == [
        ("action", 2, 4, 1), ("spend", 6, 2, 3)]
    assert p.dice == records.rules.hero_dice and p.vigour == 2


# ---------------------------------------------------------------------- entry and CLI
def test_engine_entry_of_the_game(bundle):
    from runeforge import games

    entry = games.get("delve").entry("odds_exact")
    r = entry(bundle, {"hero": "garrick-stoneward", "adversary": "bone-sentry"})
    assert r == odds_exact(bundle, {"hero": "garrick-stoneward", "adversary": "bone-sentry",
                                    "start": "adjacent"})
    with pytest.raises(EngineError, match="no Delve adversary"):
        entry(bundle, {"hero": "garrick-stoneward", "adversary": "nobody"})


def test_cli_json_and_text(cli, records):
    args = ["odds", "--hero", "sefa-quillmark", "--challenge", "mire-crawler"]
    res = cli(*args, "--format", "json", "--start", "apart")
    assert res.exit_code == 0, res.output
    r = json.loads(res.stdout)
    p = problem(records.heroes["sefa-quillmark"], records.adversaries["mire-crawler"],
                records.rules, records.rules_doc)
    assert r["probability"] == solve(p, "apart")["probability"]
    assert r["game"] == "delve" and r["dice"] == 4 and r["start"] == "apart"
    assert sum(Fraction(x["probability"]) for x in r["first"]) == 1
    text = cli(*args, "--top", "3")
    assert text.exit_code == 0, text.output
    frac = solve(p, "adjacent")["probability"]
    assert f"({frac})" in text.stdout and "Move (2+) away (apart) with a" in text.stdout
    assert "the 3 likeliest of 126 rolls" in text.stdout


def test_cli_refuses_runebound_options_and_unknown_ids(cli):
    res = cli("odds", "--hero", "garrick-stoneward", "--challenge", "bone-sentry",
              "--item", "belt-of-strength")
    assert res.exit_code == 2 and "--item" in res.output
    res = cli("odds", "--hero", "garrick-stoneward", "--challenge", "bone-sentr")
    assert res.exit_code == 2 and "did you mean 'bone-sentry'" in res.output
    res = cli("odds", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves",
              "--start", "apart", "--exact")
    assert res.exit_code == 2 and "--start is an option of Delve" in res.output


DASH_ARCHER = {  # a missile weapon and a cheap move ability, as the dialect's IR
    "id": "dash-archer", "move": 3, "vigour": 4, "abilities": [
        {"form": "action", "name": "Longshot", "cost": {"need": 3, "escalating": False},
         "effects": [{"op": "attack", "target": "visible", "range": "missile", "hit": 3,
                      "damage": 1}]},
        {"form": "action", "name": "Dash", "cost": {"need": 1, "escalating": True},
         "effects": [{"op": "move", "up_to": 2}]}]}


def test_a_move_ability_counts_and_matches_the_engine(records):
    """A pinned archer (A5: Move costs 2+) steps away with Dash (1+*) on a 1, which the basic
    Move cannot pay: the odds count it, and the engine's own Dash (pay, step_to) agrees."""
    rules = records.rules
    p = problem(DASH_ARCHER, {"vigour": 2}, rules, records.rules_doc)
    assert [(m.name, m.need, m.escalating) for m in p.moves] == [("Dash", 1, True)]
    without = dataclasses.replace(p, moves=())
    assert Fraction(solve(p)["probability"]) > Fraction(solve(without)["probability"])
    assert any(row["first"].startswith("Dash (1+*): move away") and row["roll"][0] == 1
               for row in solve(p)["first"])
    two = problem(DASH_ARCHER, {"vigour": 2}, rules, records.rules_doc, dice=2)
    assert Fraction(solve(two)["probability"]) == brute(two, "adjacent")  # every plan: 2 dice
    solver = Solver(p)
    exact = float(Fraction(solve(p, "adjacent")["probability"]))
    n, dice = 2500, Dice(11)
    wins = sum(play_turn(solver, p, DASH_ARCHER, "adjacent", rules, dice) for _ in range(n))
    sigma = math.sqrt(max(exact * (1 - exact), 1e-9) / n)
    assert abs(wins / n - exact) <= 3 * sigma + 1e-9, (wins / n, exact)


def test_bundled_move_abilities_are_read(records):
    moving = {h: [m.name for m in problem(r, {"vigour": 1}, records.rules).moves]
              for h, r in records.heroes.items()}
    assert any(moving.values()), "no bundled hero has a move ability any more"
    for h, names in moving.items():
        texts = [ir.get("name") for ir in records.heroes[h]["abilities"]
                 if ir.get("form") == "action"        # a trigger's move is not a die's
                 and [e["op"] for e in ir["effects"]] == ["move"]]
        assert names == texts, h


# ---------------------------------------------------------------------- an adversary's rules
def _rules(*texts):
    from benchmarks.corpus_delve import compile_one

    return [compile_one(t, "adversary")[0] for t in texts]


def _odds(records, hero, adversary, abilities):
    foe = {**records.adversaries[adversary], "abilities": abilities}
    p = problem(records.heroes[hero], foe, records.rules, records.rules_doc)
    return p, Fraction(solve(p)["probability"])


def test_an_immune_range_leaves_its_attacks_out(records):
    p, chance = _odds(records, "orrin-ashgrove", "gloom-rat",
                      _rules("This adversary is immune to area attacks."))
    assert p.attacks and all(a.range != "area" for a in p.attacks)
    plain = problem(records.heroes["orrin-ashgrove"], records.adversaries["gloom-rat"],
                    records.rules, records.rules_doc)
    assert any(a.range == "area" for a in plain.attacks)
    assert chance < Fraction(solve(plain)["probability"])


def test_a_guard_on_rolls_is_a_hit_one_higher_and_on_damage_one_more():
    base = Problem((weapon(2, hit=4, damage=1),), vigour=2, dice=3)
    harder = dataclasses.replace(base, attacks=(weapon(2, hit=5, damage=1),))
    stronger = dataclasses.replace(base, attacks=(weapon(2, hit=4, damage=2),))
    from runeforge.engine.delve.analysis.odds import against

    minus = _rules("Combat attacks against this adversary subtract 1 from their rolls.")
    plus = _rules("Combat attacks against this adversary deal +1 Damage.")
    rules_of = lambda irs: [e for ir in irs for e in ir["effects"]]  # noqa: E731
    assert against(base.attacks[0], rules_of(minus)) == harder.attacks[0]
    assert against(base.attacks[0], rules_of(plus)) == stronger.attacks[0]
    assert solve(dataclasses.replace(base, attacks=(against(base.attacks[0],
                                                            rules_of(minus)),)))["probability"] \
        == solve(harder)["probability"]


def test_a_ward_each_round_against_damage_1_is_one_more_vigour():
    """With Damage 1 weapons only, ignoring the first wound is exactly one more Vigour."""
    for seed in range(4):
        rng = random.Random(seed)
        attacks = tuple(weapon(rng.randint(1, 5), rng.choice(["combat", "area"]),
                               rng.randint(2, 5), 1) for _ in range(2))
        warded = Problem(attacks, vigour=2, dice=3, ward=True)
        tougher = Problem(attacks, vigour=3, dice=3)
        assert solve(warded)["probability"] == solve(tougher)["probability"]
    two = Problem((weapon(1, hit=1, damage=2),), vigour=2, dice=1, ward=True)
    assert Fraction(solve(two)["probability"]) == 0          # 2 - 1 wound: not slain


def test_the_adversarys_other_rules_are_named_as_ignored(bundle):
    from runeforge.engine.delve.analysis.odds import ignored_rules

    foe = {"abilities": _rules("When this adversary is slain, each hero adjacent to it "
                               "suffers 1 wound.", "Each hero within 2 spaces of this "
                               "adversary is pinned.", "This adversary is immune to area "
                               "attacks.")}
    out = ignored_rules(foe)
    assert [o["ops"] for o in out] == [["suffer"], ["pin"]]
    assert all(o["why"] and o["card"] == "adversary" for o in out)
