"""The optimal player continues its solves instead of restarting them (issue 38).

The round loop is solved once per set of stats (lives full); a later round or a later combat
on the same stats asks the states it reaches in that solve, with wounds and spent abilities in
the state. Before, every round start was solved as a new combat whose lives were the lives
left. These tests check that the decisions are the same as those fresh solves, and that the
solves are shared."""

from __future__ import annotations

import itertools

import pytest

from runeforge.engine.common.dice import Dice
from runeforge.engine.runebound.analysis.odds_exact import exact_odds, exact_solver
from runeforge.engine.runebound.analysis.odds_mc import OptimalPlayer, fight_once
from runeforge.engine.runebound.analysis.optimal_player import _spent
from tests.engine_bundle import catalog
from tests.odds_support import plain_catalog, write_plain_pack

HERO = {"name": "h", "mind": 4, "body": 3, "spirit": 5, "ranged_damage": 1,
        "melee_damage": 2, "magic_damage": 1, "life": 6}
CHAL = {"name": "c", "mind": 14, "body": 13, "spirit": 15, "ranged_damage": 1,
        "melee_damage": 2, "magic_damage": 1, "life": 5}
ALLY = {"name": "a", "mind": 4, "body": 4, "spirit": 2, "ranged_damage": 1,
        "melee_damage": 1, "magic_damage": 0, "life": 2}


@pytest.fixture(scope="module")
def plain(tmp_path_factory):
    root = write_plain_pack(tmp_path_factory.mktemp("restart") / "plain-pack")
    return plain_catalog(root)


@pytest.mark.parametrize("allies", [(), (ALLY,)])
def test_a_continued_solve_decides_as_a_fresh_solve_with_the_lives_left(allies):
    """Every round start (hero, enemy and ally wounds) and every situation of its first phase:
    the one solver asked at that state decides as exact_odds of a combat whose lives are the
    lives left (the player's solve before)."""
    solver = exact_solver(HERO, CHAL, allies)
    names = ("hero",) + solver.ally_names
    compared = 0
    for hw, cw, *aw in itertools.product(range(HERO["life"]), range(CHAL["life"]),
                                         *(range(a["life"]) for a in allies)):
        state = (hw, cw, tuple(aw), (solver.all_flags, 0))
        solver._value(3, 0, state)
        fresh = exact_odds(HERO, dict(CHAL, life=CHAL["life"] - cw),
                           [dict(a, life=a["life"] - w) for a, w in zip(allies, aw, strict=True)],
                           hero_wounds=hw)
        assert solver.start[state][:3] == pytest.approx((fresh.win, fresh.loss,
                                                         fresh.stalemate), abs=1e-12)
        for k, attacked in itertools.product(range(3), itertools.chain.from_iterable(
                itertools.combinations(names, n) for n in range(len(names)))):
            if len(attacked) > k:
                continue
            assert solver.decision(hw, cw, tuple(aw), k, attacked, (0, 0)) == \
                fresh.decision(hw, 0, (0,) * len(aw), k, attacked), (hw, cw, aw, k, attacked)
            compared += 1
    assert compared >= 90


class _Restarting(OptimalPlayer):
    """The player as it was: each round start solved as a new combat with the lives left."""

    def _solve(self, hero, enemy, engine):
        h, c, ally_dicts, allies = self._current_stats(hero, enemy, engine)
        c = dict(c, life=c["life"] - enemy.wounds)
        ally_dicts = [dict(d, life=d["life"] - a.wounds)
                      for d, a in zip(ally_dicts, allies, strict=True)]
        if h["life"] <= hero.wounds or c["life"] < 1 or any(a["life"] < 1 for a in ally_dicts):
            return None, 0, (), (), (), ()
        bucket = f"@combat:{engine.state.combat_no}"
        held = {a.id for a in hero.allies}
        rounds = tuple(a for a in self._model(hero, enemy, engine).rounds
                       if not _spent(hero, a, bucket) and (a.holder is None or a.holder in held))
        stamina = engine.stat(hero, "stamina")
        self.solves = getattr(self, "solves", 0)
        res = exact_odds(h, c, ally_dicts, hero_wounds=hero.wounds, abilities=rounds,
                         stamina=stamina, exhaustion=hero.exhaustion,
                         ally_ids=tuple(a.id for a in allies))
        self.solves += 1
        return (res, enemy.wounds, tuple(a.wounds for a in allies),
                tuple(a["life"] for a in ally_dicts), tuple(a.id for a in allies), rounds)


class _Counting(OptimalPlayer):
    def _solve(self, hero, enemy, engine):
        before = sum(len(r._solver.start) for r in self.cache.values())
        out = super()._solve(hero, enemy, engine)
        self.states += sum(len(r._solver.start) for r in self.cache.values()) - before
        return out


def _fights(cat, hero, chal, player, n, allies=()):
    dice = Dice(5)
    out = []
    for _ in range(n):
        res, combat = fight_once(cat, hero, chal, allies=allies, player=player, dice=dice)
        fighter = combat.state.heroes[0]
        out.append((res.outcome, res.rounds, fighter.wounds, fighter.exhaustion,
                    [a.wounds for a in fighter.allies]))
    out.append(dice.d10())  # the same rolls were made
    return out


@pytest.mark.parametrize("hero,chal,allies", [
    ("plain-seer", "plain-ogre", ()),
    ("plain-brute", "plain-ghoul", ("plain-squire",)),
])
def test_fights_go_as_with_the_restarting_player_and_share_one_solve(plain, hero, chal,
                                                                      allies):
    old, new = _Restarting(), _Counting()
    old.solves = new.states = 0
    assert _fights(plain, hero, chal, old, 60, allies) == \
        _fights(plain, hero, chal, new, 60, allies)
    # one set of stats, one solve for every round of every fight (and one without the Ally
    # once it has fallen)
    assert len(new.cache) == 1 + len(allies)
    assert old.solves > 60  # the old player solved every round start anew
    assert new.states > 0


def test_bundled_fights_with_abilities_go_as_with_the_restarting_player():
    """Heroes with once-per-combat strikes and cancels (flags and exhaustion in the state)."""
    cat = catalog()
    kinds = set()
    for hero in ("mirela-of-the-salt-marsh", "orrin-stonehand", *cat.ids("hero")[:2]):
        for chal in ("blood-of-the-bloodmother", "ironbound-ogre"):
            new = OptimalPlayer()
            assert _fights(cat, hero, chal, _Restarting(), 25) == \
                _fights(cat, hero, chal, new, 25), (hero, chal)
            kinds |= {ability.kind for key in new.cache for ability in key[3]}
    assert kinds == {"strike", "cancel"}  # both kinds of round ability were in the solves
