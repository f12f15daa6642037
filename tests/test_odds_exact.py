"""Exact combat odds (engine/runebound/analysis/odds_exact.py), issue 9 item 1.

The checks here do not reuse the solver's code: the 2d10 table, the rules of a combat round,
the policy evaluation and the Monte Carlo are written again below, plainly.
"""

from __future__ import annotations

import itertools
import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runeforge.engine.runebound.analysis.odds_exact import OddsResult, exact_odds

PH = ("ranged", "melee", "magic")
ATT = ("mind", "body", "spirit")


def card(name, mind, body, spirit, rd, md, gd, life):
    return {"name": name, "mind": mind, "body": body, "spirit": spirit, "ranged_damage": rd,
            "melee_damage": md, "magic_damage": gd, "life": life}


def p2d10(bonus, target):
    """P(2d10 + bonus >= target), dice 1..10 (a 0 counts as 10), by enumeration."""
    return sum(1 for a in range(1, 11) for b in range(1, 11) if a + b + bonus >= target) / 100


# --------------------------------------------------------------------------------------
# A plain restatement of the rules, used by the brute force and the Monte Carlo
# --------------------------------------------------------------------------------------
class Rules:
    """Situations are (phase, attacked frozenset, (hero wounds, challenge wounds, ally wounds));
    attackers are "H" or an ally index; actions "H", ally index, or "D" (hero defends)."""

    def __init__(self, hero, chal, allies=(), mods=None):
        mods = mods or {}
        self.hb = [hero[a] + mods.get(a, 0) + mods.get(p + "_roll", 0) for a, p in zip(ATT, PH, strict=True)]
        self.hd = [max(0, hero[p + "_damage"] + mods.get(p + "_damage", 0)) for p in PH]
        self.hl = hero["life"] + mods.get("life", 0)
        self.ct = [chal[a] for a in ATT]
        self.cd = [chal[p + "_damage"] for p in PH]
        self.cl = chal["life"]
        self.ab = [[a[x] for x in ATT] for a in allies]
        self.ad = [[a[p + "_damage"] for p in PH] for a in allies]
        self.al = [a["life"] for a in allies]
        self._cache = {}

    def alive(self, aw, i):
        return aw[i] < self.al[i]

    def actions(self, k, att, s):
        acts = [] if "H" in att else ["H"]
        acts += [i for i in range(len(self.al)) if i not in att and self.alive(s[2], i)]
        return acts + ["D"]

    def outcomes(self, k, att, s, act):
        """[(prob, next state)] for one phase; the caller advances the phase."""
        key = (k, s, act)
        if key not in self._cache:
            self._cache[key] = self._outcomes(k, s, act)
        return self._cache[key]

    def _outcomes(self, k, s, act):
        h, c, aw = s
        if act == "D":
            if self.cd[k] == 0:
                return [(1.0, s)]
            p = p2d10(self.hb[k], self.ct[k])
            return [(p, s), (1 - p, (h + self.cd[k], c, aw))]
        if act == "H":
            p = p2d10(self.hb[k], self.ct[k])
            return [(p, (h, c + self.hd[k], aw)), (1 - p, (h + self.cd[k], c, aw))]
        p = p2d10(self.ab[act][k], self.ct[k])
        aw2 = list(aw)
        aw2[act] = min(aw2[act] + self.cd[k], self.al[act])
        return [(p, (h, c + self.ad[act][k], aw)), (1 - p, (h, c, tuple(aw2)))]

    def over(self, s):
        return "win" if s[1] >= self.cl else "loss" if s[0] >= self.hl else None

    def situations(self, s0):
        """Every situation reachable from the start under some policy."""
        start = (0, frozenset(), s0)
        seen, todo = {start}, [start]
        while todo:
            k, att, s = todo.pop()
            for act in self.actions(k, att, s):
                for p, s2 in self.outcomes(k, att, s, act):
                    if p <= 0 or self.over(s2):
                        continue
                    nxt = (k + 1, att | {act} if act != "D" else att, s2)
                    if k == 2:
                        nxt = (0, frozenset(), s2)
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
        return seen

    def policy_win(self, policy, s0):
        """Exact win probability of a stationary policy {situation: action}."""
        memo = {}

        def round_value(st):
            if st in memo:
                return memo[st]

            def sit(k, att, cur):  # -> (r, p): value = r + p * round_value(st)
                if k == 3:
                    return (0.0, 1.0) if cur == st else (round_value(cur), 0.0)
                act = policy[(k, att, cur)]
                r = p = 0.0
                for q, s2 in self.outcomes(k, att, cur, act):
                    if q <= 0:
                        continue
                    end = self.over(s2)
                    if end:
                        r += q * (end == "win")
                        continue
                    a2 = att | {act} if act != "D" else att
                    sr, sp = sit(k + 1, a2, s2)
                    r, p = r + q * sr, p + q * sp
                return r, p

            r, p = sit(0, frozenset(), st)
            memo[st] = r / (1 - p) if p < 1 - 1e-15 else 0.0
            return memo[st]

        return round_value(s0)


def dp_policy(res: OddsResult, rules: Rules, sits, names):
    out = {}
    for k, att, s in sits:
        d = res.decision(s[0], s[1], s[2], k, [("hero" if a == "H" else names[a]) for a in att])
        out[(k, att, s)] = ("D" if d == "hero defends" else "H" if d == "hero attacks"
                            else names.index(d.removesuffix(" attacks")))
    return out


# --------------------------------------------------------------------------------------
# Hand-computable cases
# --------------------------------------------------------------------------------------
@pytest.mark.parametrize("body,target", [(4, 11), (0, 15), (7, 9), (2, 22), (9, 3)])
def test_one_roll_decides(body, target):
    # Only melee matters: one wound each side, the challenge only hurts in melee, the Hero
    # only hurts in melee. Best play: attack in melee; that single roll decides the combat.
    hero = card("H", 3, body, 3, 0, 1, 0, 1)
    chal = card("C", 10, target, 10, 0, 1, 0, 1)
    res = exact_odds(hero, chal)
    p = p2d10(body, target)
    assert res.win == pytest.approx(p, abs=1e-12)
    assert res.loss == pytest.approx(1 - p, abs=1e-12)
    assert res.stalemate == 0.0
    assert res.expected_hero_wounds == pytest.approx(1 - p, abs=1e-12)
    if 0 < p < 1:
        assert res.decision(0, 0, (), "melee") == "hero attacks"


def test_geometric_series_round_can_change_nothing():
    # Attacking in melee: success wins, failure changes nothing (challenge melee damage 0);
    # then the Hero must defend in magic (damage 1): success -> same state next round.
    # Attacking in magic instead wins with the same p but never loops. Exact value:
    # V = p + (1-p) q V  =>  V = p / (1 - (1-p) q), better than p.
    hero = card("H", 0, 5, 5, 0, 1, 1, 1)
    chal = card("C", 30, 14, 14, 0, 0, 1, 1)
    p = p2d10(5, 14)
    q = p2d10(5, 14)
    res = exact_odds(hero, chal)
    assert res.win == pytest.approx(p / (1 - (1 - p) * q), abs=1e-12)
    assert res.win > p + 0.05  # the loop is worth something: truncation-free
    assert res.loss == pytest.approx(1 - res.win, abs=1e-12)
    assert res.decision(0, 0, (), "melee") == "hero attacks"
    assert res.decision(0, 0, (), "magic", ["hero"]) == "hero defends"


def test_geometric_series_with_two_wounds():
    # Two wounds on the challenge, the Hero's only attack is melee, the challenge hits only on
    # a failed magic defence (life 1). Per round: win chance p, stay chance (1-p) q ... twice.
    hero = card("H", 0, 6, 3, 0, 1, 0, 1)
    chal = card("C", 30, 15, 12, 0, 0, 2, 2)
    p, q = p2d10(6, 15), p2d10(3, 12)
    # from c=1: round: success (p) wins, else defend magic: q stay. Same formula from c=0, but
    # a success moves to c=1 — and the magic defence still has to be survived that round.
    v1 = p / (1 - (1 - p) * q)
    v0 = (p * q * v1) / (1 - (1 - p) * q)
    res = exact_odds(hero, chal)
    assert res.win == pytest.approx(v0, abs=1e-12)


def test_stalemate_when_nothing_can_change():
    hero = card("H", 5, 5, 5, 0, 0, 0, 3)
    chal = card("C", 10, 10, 10, 0, 0, 0, 3)
    res = exact_odds(hero, chal)
    assert (res.win, res.loss, res.stalemate) == (0.0, 0.0, 1.0)
    assert res.expected_hero_wounds == 0.0


def test_hopeless_hero_loses_for_sure():
    hero = card("H", 5, 5, 5, 0, 0, 0, 3)  # deals no damage at all
    chal = card("C", 10, 10, 10, 1, 1, 1, 3)
    res = exact_odds(hero, chal)
    assert res.win == 0.0
    assert res.loss == pytest.approx(1.0, abs=1e-12)
    assert res.expected_hero_wounds == pytest.approx(3.0, abs=1e-9)


def test_starting_wounds_and_ally_death():
    hero = card("H", 2, 4, 2, 1, 1, 1, 4)
    chal = card("C", 14, 12, 14, 1, 2, 1, 3)
    fresh = exact_odds(hero, chal).win
    hurt = exact_odds(hero, chal, hero_wounds=2).win
    assert hurt < fresh
    with pytest.raises(ValueError, match="knocked out"):
        exact_odds(hero, chal, hero_wounds=4)
    ally = card("Squire", 1, 3, 1, 1, 1, 1, 1)
    with_ally = exact_odds(hero, chal, [ally])
    assert with_ally.win > fresh
    # a situation with the ally dead: it can no longer be chosen
    assert with_ally.decision(0, 0, (1,), "ranged") in ("hero attacks", "hero defends")


# --------------------------------------------------------------------------------------
# Optimality: brute force every stationary deterministic policy
# --------------------------------------------------------------------------------------
BRUTE = [  # small enough to enumerate every stationary deterministic policy
    (card("H", 3, 5, 4, 1, 1, 1, 1), card("C", 12, 12, 13, 1, 1, 1, 1), ()),
    (card("H", 6, 2, 4, 1, 2, 1, 2), card("C", 14, 11, 13, 1, 1, 2, 2), ()),
    (card("H", 1, 6, 2, 0, 2, 1, 2), card("C", 15, 12, 11, 0, 1, 1, 2), ()),
    (card("H", 4, 4, 4, 1, 1, 1, 3), card("C", 13, 13, 13, 1, 0, 1, 1), ()),
    (card("H", 3, 5, 4, 1, 1, 1, 1), card("C", 12, 12, 13, 1, 1, 1, 1),
     (card("A", 5, 1, 2, 1, 1, 1, 1),)),
    (card("H", 3, 4, 4, 1, 1, 1, 2), card("C", 13, 12, 13, 2, 2, 2, 1),
     (card("A", 4, 2, 3, 1, 1, 1, 1),)),
    (card("H", 3, 4, 4, 1, 1, 1, 1), card("C", 13, 12, 13, 1, 2, 1, 1),
     (card("A", 4, 2, 3, 1, 1, 1, 2),)),
    (card("H", 2, 6, 3, 1, 1, 1, 1), card("C", 12, 14, 12, 1, 1, 1, 1),
     (card("A", 5, 1, 5, 1, 1, 1, 2),)),
]
DEVIATE = [  # too many policies to enumerate: check every one-situation deviation instead
    (card("H", 2, 3, 6, 1, 1, 2, 2), card("C", 13, 14, 12, 1, 1, 1, 1),
     (card("A", 6, 2, 1, 1, 0, 1, 1),)),
    (card("H", 4, 3, 2, 1, 1, 1, 1), card("C", 12, 14, 15, 0, 1, 1, 2),
     (card("A", 2, 6, 2, 1, 1, 1, 2),)),
    (card("H", 3, 4, 3, 1, 1, 1, 3), card("C", 13, 14, 13, 1, 1, 1, 2),
     (card("A", 6, 1, 1, 1, 0, 0, 1), card("B", 1, 1, 6, 0, 0, 2, 1))),
]


@pytest.mark.parametrize("hero,chal,allies", BRUTE)
def test_no_fixed_policy_beats_the_dp(hero, chal, allies):
    rules = Rules(hero, chal, allies)
    s0 = (0, 0, (0,) * len(allies))
    sits = sorted(rules.situations(s0), key=repr)
    choices = [rules.actions(k, att, s) for k, att, s in sits]
    n_policies = math.prod(len(c) for c in choices)
    assert 8 <= n_policies <= 100_000, n_policies  # keep the enumeration exhaustive and quick
    res = exact_odds(hero, chal, list(allies))
    names = [a["name"] for a in allies]
    mine = rules.policy_win(dp_policy(res, rules, sits, names), s0)
    assert mine == pytest.approx(res.win, abs=1e-12)  # the reported policy achieves the value
    best = 0.0
    for combo in itertools.product(*choices):
        best = max(best, rules.policy_win(dict(zip(sits, combo, strict=True)), s0))
    assert best <= res.win + 1e-12
    assert best == pytest.approx(res.win, abs=1e-12)


@pytest.mark.parametrize("hero,chal,allies", DEVIATE)
def test_no_single_deviation_improves_the_dp_policy(hero, chal, allies):
    rules = Rules(hero, chal, allies)
    s0 = (0, 0, (0,) * len(allies))
    sits = sorted(rules.situations(s0), key=repr)
    res = exact_odds(hero, chal, list(allies))
    names = [a["name"] for a in allies]
    pol = dp_policy(res, rules, sits, names)
    assert rules.policy_win(pol, s0) == pytest.approx(res.win, abs=1e-12)
    tried = 0
    for x in sits:
        for act in rules.actions(*x):
            if act != pol[x]:
                tried += 1
                assert rules.policy_win(dict(pol, **{}) | {x: act}, s0) <= res.win + 1e-12
    assert tried > 20


# --------------------------------------------------------------------------------------
# Monte Carlo following the DP's policy
# --------------------------------------------------------------------------------------
def simulate(rules: Rules, res: OddsResult, names, s0, rng, memo):
    h, c, aw = s0
    rand = rng.random
    while True:
        att = set()
        for k in range(3):
            labels = frozenset("hero" if a == "H" else names[a] for a in att)
            key = (h, c, aw, k, labels)
            d = memo.get(key)
            if d is None:
                d = memo[key] = res.decision(h, c, aw, k, labels)
            roll = 2 + int(rand() * 10) + int(rand() * 10)  # two d10, faces 1..10
            if d == "hero defends":
                if rules.cd[k] and roll + rules.hb[k] < rules.ct[k]:
                    h += rules.cd[k]
            elif d == "hero attacks":
                att.add("H")
                if roll + rules.hb[k] >= rules.ct[k]:
                    c += rules.hd[k]
                else:
                    h += rules.cd[k]
            else:
                i = names.index(d.removesuffix(" attacks"))
                att.add(i)
                if roll + rules.ab[i][k] >= rules.ct[k]:
                    c += rules.ad[i][k]
                else:
                    aw = tuple(min(w + rules.cd[k], rules.al[i]) if j == i else w
                               for j, w in enumerate(aw))
            if c >= rules.cl:
                return True, h - s0[0]
            if h >= rules.hl:
                return False, h - s0[0]


MC_CASES = [
    (card("Varikas", 5, 4, 4, 1, 1, 1, 10), card("Bloodmother", 15, 11, 14, 0, 1, 2, 3), (), {}, 0),
    (card("Tessa", 6, 3, 4, 2, 1, 1, 8), card("Ogre", 13, 15, 12, 1, 3, 1, 7), (), {}, 2),
    (card("Brute", 2, 5, 2, 1, 2, 1, 6), card("Wyrm", 16, 15, 16, 2, 2, 2, 6), (), {"body": 3}, 0),
    (card("Seer", 3, 3, 5, 1, 1, 2, 5), card("Hag", 14, 12, 15, 1, 1, 2, 4),
     (card("Acolyte", 2, 2, 5, 0, 1, 1, 2),), {}, 0),
    (card("Knight", 2, 6, 2, 1, 2, 1, 7), card("Troll", 15, 14, 15, 1, 2, 1, 6),
     (card("Archer", 6, 2, 2, 2, 1, 0, 2), card("Adept", 1, 2, 6, 0, 1, 2, 2)), {}, 0),
]


def bundled_pairs():
    """Every bundled core hero against the first challenge of each colour (real YAML)."""
    from importlib.resources import files

    from ruamel.yaml import YAML

    core = files("runeforge.cards") / "core"
    load = YAML(typ="safe").load
    heroes = load((core / "heroes.yaml").read_text("utf-8"))["cards"]
    chals = load((core / "challenges.yaml").read_text("utf-8"))["cards"]
    picked = [next(c for c in chals if c["colour"] == col)
              for col in ("green", "yellow", "blue", "red") if any(c["colour"] == col
                                                                   for c in chals)]
    return [(h, c, (), {}, 0) for h in heroes for c in picked]


@pytest.mark.parametrize("hero,chal,allies,mods,wounds", MC_CASES + bundled_pairs(),
                         ids=lambda x: x.get("name") if isinstance(x, dict) else None)
def test_monte_carlo_agrees_within_three_sigma(hero, chal, allies, mods, wounds):
    res = exact_odds(hero, chal, list(allies), mods, hero_wounds=wounds)
    rules = Rules(hero, chal, allies, mods)
    names = [a["name"] for a in allies]
    rng = random.Random(20261130)
    n = 20_000
    wins = 0
    total = sq = 0.0
    won_wounds = []
    memo = {}
    s0 = (wounds, 0, (0,) * len(allies))
    for _ in range(n):
        won, taken = simulate(rules, res, names, s0, rng, memo)
        wins += won
        total += taken
        sq += taken * taken
        if won:
            won_wounds.append(taken)
    p = res.win
    sigma = math.sqrt(max(p * (1 - p), 1e-9) / n)
    assert abs(wins / n - p) <= 3 * sigma, (wins / n, p, sigma)
    mean = total / n
    sd = math.sqrt(max(sq / n - mean * mean, 1e-9) / n)
    assert abs(mean - res.expected_hero_wounds) <= 3 * sd, (mean, res.expected_hero_wounds, sd)
    if len(won_wounds) > 100:
        m = sum(won_wounds) / len(won_wounds)
        var = sum((x - m) ** 2 for x in won_wounds) / len(won_wounds)
        sd = math.sqrt(max(var, 1e-9) / len(won_wounds))
        assert abs(m - res.expected_hero_wounds_if_win) <= 3 * sd + 1e-9, (m, sd)


# --------------------------------------------------------------------------------------
# Modifiers, bounds, output
# --------------------------------------------------------------------------------------
MELEE_HERO = card("Brute", 1, 4, 1, 0, 3, 0, 6)
MELEE_CHAL = card("Troll", 14, 15, 14, 1, 2, 1, 7)  # 3 hits of 3, or 2 of 4


@pytest.mark.parametrize("mods", [{"body": 3}, {"melee_roll": 2}, {"melee_damage": 1},
                                  {"life": 2}, {"mind": 4}])
def test_modifiers_raise_the_odds(mods):
    base = exact_odds(MELEE_HERO, MELEE_CHAL).win
    assert exact_odds(MELEE_HERO, MELEE_CHAL, modifiers=mods).win > base + 1e-6


def test_belt_of_strength_matters_most_for_the_melee_hero():
    base = exact_odds(MELEE_HERO, MELEE_CHAL).win
    belt = exact_odds(MELEE_HERO, MELEE_CHAL, modifiers={"body": 3}).win
    worse = exact_odds(MELEE_HERO, MELEE_CHAL, modifiers={"body": -2}).win
    assert worse < base < belt
    # stats without a combat effect change nothing
    assert exact_odds(MELEE_HERO, MELEE_CHAL, modifiers={"stamina": 5}).win == base


def test_bad_input_is_reported():
    with pytest.raises(ValueError, match="unknown modifier stat 'strength'"):
        exact_odds(MELEE_HERO, MELEE_CHAL, modifiers={"strength": 3})
    bad = dict(MELEE_CHAL)
    del bad["spirit"]
    with pytest.raises(ValueError, match="missing stat"):
        exact_odds(MELEE_HERO, bad)


small = st.integers(0, 6)


@settings(max_examples=60, deadline=None)
@given(hb=st.lists(small, min_size=3, max_size=3), hd=st.lists(st.integers(0, 2), min_size=3,
       max_size=3), hl=st.integers(1, 4), ct=st.lists(st.integers(6, 18), min_size=3,
       max_size=3), cd=st.lists(st.integers(0, 2), min_size=3, max_size=3),
       cl=st.integers(1, 4), start=st.integers(0, 3))
def test_probabilities_are_consistent(hb, hd, hl, ct, cd, cl, start):
    hero = card("H", *hb, *hd, hl)
    chal = card("C", *ct, *cd, cl)
    start = min(start, hl - 1)
    res = exact_odds(hero, chal, hero_wounds=start)
    for x in (res.win, res.loss, res.stalemate):
        assert -1e-12 <= x <= 1 + 1e-12
    assert res.win + res.loss + res.stalemate == pytest.approx(1.0, abs=1e-9)
    # something can change iff some roll can succeed with damage or fail against damage
    can_change = any((hd[k] and p2d10(hb[k], ct[k]) > 0) or (cd[k] and p2d10(hb[k], ct[k]) < 1)
                     for k in range(3))
    assert res.stalemate == (0.0 if can_change else 1.0)
    assert 0.0 <= res.expected_hero_wounds <= hl - start + max(cd) + 1e-9
    # more life never hurts, starting wounds never help
    assert exact_odds(hero, chal, hero_wounds=start).win <= \
        exact_odds(dict(hero, life=hl + 1), chal, hero_wounds=start).win + 1e-12
    if start > 0:
        assert exact_odds(hero, chal, hero_wounds=start - 1).win >= res.win - 1e-12


def test_policy_table_and_dict():
    hero, chal = MC_CASES[3][0], MC_CASES[3][1]
    res = exact_odds(hero, chal, [MC_CASES[3][2][0]])
    d = json.loads(json.dumps(res.to_dict()))
    assert d["win"] == res.win and d["allies"] == ["Acolyte"]
    first = d["policy"][0]
    assert (first["hero_wounds"], first["challenge_wounds"], first["phase"]) == (0, 0, "ranged")
    assert first["decision"] in ("hero attacks", "Acolyte attacks", "hero defends")
    table = res.format_policy()
    assert table.splitlines()[0].split()[:3] == ["hero", "chal", "allies"]
    assert len(table.splitlines()) == len(res.policy) + 2
    # every entry agrees with the lookup
    for e in res.policy:
        assert res.decision(e.hero_wounds, e.challenge_wounds, e.ally_wounds, e.phase,
                            e.attacked) == e.decision
