"""Exact odds with Before Combat (issue 19 item 5): engine/runebound/analysis/before_model.py,
odds_before.py and the Before Combat decisions of optimal_player.py.

The probabilities here are computed by hand (a 2d10 table counted again below) around a stub
round loop (``leaf``) whose value is a plain function of the start, so every number checks
one piece: the test, the skill bonus, the exhaustion, the attack, the costs, the choices. The
IR comes from the bundled cards, compiled by the real pipeline.
"""

from __future__ import annotations

import pytest

from runeforge.engine.runebound.analysis.before_model import before_model
from runeforge.engine.runebound.analysis.odds_before import (
    Rules,
    decide_before_combat,
    exact_combat_odds,
    solve_before,
)
from runeforge.engine.runebound.analysis.odds_exact import exact_odds
from runeforge.engine.runebound.analysis.optimal_player import (
    OptimalPlayer,
    decide_cancel,
    decide_phase,
)
from tests.engine_bundle import bundle

BASE = Rules(skill_bonus=2, skill_bonus_per_exhaustion=0, activations_before_combat=1)
ADVANCED = Rules(skill_bonus=0, skill_bonus_per_exhaustion=1, activations_before_combat=1)


def p2d10(need):
    """P(2d10 >= need), dice 1..10, counted."""
    return sum(1 for a in range(1, 11) for b in range(1, 11) if a + b >= need) / 100


@pytest.fixture(scope="module")
def cards():
    return {c["id"]: c for c in bundle()["cards"]}


def model(cards, *ids):
    """BeforeModel of these cards; the role is the card's kind."""
    return before_model([(i, n, cards[i]["kind"], ir) for i in ids
                         for n, ir in enumerate(cards[i]["abilities"])])


def hero(**kw):
    h = {"mind": 5, "body": 5, "spirit": 4, "ranged_roll": 0, "melee_roll": 0,
         "magic_roll": 0, "ranged_damage": 1, "melee_damage": 1, "magic_damage": 1,
         "life": 10, "stamina": 6}
    h.update(kw)
    return h


def chal(**kw):
    c = {"mind": 15, "body": 11, "spirit": 14, "ranged_damage": 0, "melee_damage": 1,
         "magic_damage": 2, "life": 3}
    c.update(kw)
    return c


def starts(sol):
    """The start distribution by (hero wounds, exhaustion, enemy wounds, modifiers); no
    once-per-combat ability is spent in these tests."""
    assert all(not k[4] for k in sol.start)
    return {k[:4]: p for k, p in sol.start.items()}


def leaf_table(table, default=0.5):
    """A stub round loop: win probability from a {(h, c): p} table (others: default)."""
    seen = []

    def leaf(h, c, mods, *_):
        seen.append((h, c, mods))
        p = table.get((h, c), default)
        return (p, 1.0 - p, 0.0, float(h), p * h)
    leaf.seen = seen
    return leaf


# ------------------------------------------------------------------ the challenge's text
def test_skill_test_without_the_skill(cards):
    """Blood of the Bloodmother: Test Body Swim (14), fail: 1 wound. Body 5, no Swim:
    P(2d10 >= 9)."""
    m = model(cards, "blood-of-the-bloodmother")
    leaf = leaf_table({(0, 0): 0.8, (1, 0): 0.6})
    sol = solve_before(hero(), chal(), m, BASE, leaf)
    p = p2d10(14 - 5)
    assert p == 0.72
    assert sol.win == pytest.approx(p * 0.8 + (1 - p) * 0.6, abs=1e-12)
    assert starts(sol) == pytest.approx({(0, 0, 0, ()): p, (1, 0, 0, ()): 1 - p})
    assert sol.expected_hero_wounds == pytest.approx(1 - p)


def test_skill_bonus_and_exhaustion_for_the_test(cards):
    m = model(cards, "blood-of-the-bloodmother")
    leaf = leaf_table({(0, 0): 0.8, (1, 0): 0.6})
    # base rules: the skill gives +2, no exhaustion to buy: P(2d10 >= 7)
    sol = solve_before(hero(), chal(), m, BASE, leaf, skills=["swim"])
    assert starts(sol)[(0, 0, 0, ())] == pytest.approx(p2d10(7))
    # advanced: +1 per exhaustion, up to the Stamina (3); exhaustion costs nothing later here,
    # so the best is all 3: P(2d10 >= 14 - 5 - 3)
    sol = solve_before(hero(stamina=3), chal(), m, ADVANCED, leaf, skills=["Swim"])
    assert decide_before_combat(sol, "skill_exhaustion", "blood-of-the-bloodmother",
                                0, 0, 0) == 3
    assert starts(sol) == pytest.approx({(0, 3, 0, ()): p2d10(6), (1, 3, 0, ()): 1 - p2d10(6)})
    # without the skill there is nothing to buy
    sol = solve_before(hero(stamina=3), chal(), m, ADVANCED, leaf)
    assert starts(sol)[(0, 0, 0, ())] == pytest.approx(p2d10(9))
    assert not [k for k in sol.decisions if k[0] == "skill_exhaustion"]


def test_exhaustion_past_stamina_becomes_wounds_and_can_knock_out(cards):
    """Keeper of the Regalia: Test Spirit Lore (14), fail: take 2 exhaustion."""
    m = model(cards, "keeper-of-the-regalia")
    p = p2d10(14 - 4)
    sol = solve_before(hero(stamina=1), chal(), m, BASE, leaf_table({}))
    assert starts(sol) == pytest.approx({(0, 0, 0, ()): p, (1, 1, 0, ()): 1 - p})
    sol = solve_before(hero(stamina=1, life=1), chal(), m, BASE, leaf_table({}, 1.0))
    assert sol.lost_before == pytest.approx(1 - p)
    assert sol.loss == pytest.approx(1 - p) and sol.win == pytest.approx(p)


def test_plain_wounds_and_enemy_wounds(cards):
    duke = solve_before(hero(), chal(), model(cards, "duke-of-hate"), BASE, leaf_table({}))
    assert starts(duke) == {(1, 0, 0, ()): 1.0}  # "Each Hero takes 1 wound."
    hag = solve_before(hero(), chal(), model(cards, "mire-hag"), BASE, leaf_table({}))
    assert starts(hag) == {(0, 1, 0, ()): 1.0}  # "Your Hero takes 1 exhaustion."
    # Herald of the Old Crown: Test Spirit Lore (12); success: your enemy takes 1 wound
    herald = model(cards, "herald-of-the-old-crown")
    p = p2d10(12 - 4)
    sol = solve_before(hero(), chal(), herald, BASE, leaf_table({}))
    assert starts(sol) == pytest.approx({(0, 0, 1, ()): p, (0, 0, 0, ()): 1 - p})
    sol = solve_before(hero(), chal(life=1), herald, BASE, leaf_table({}, 0.0))
    assert sol.won_before == pytest.approx(p) and sol.win == pytest.approx(p)


# ------------------------------------------------------------------ the Hero's window
def test_before_combat_attack_used_only_when_it_pays(cards):
    """Varikas: take 1 exhaustion to make a magic attack: Spirit 4 v 14 hits 64 %, inflicts
    his 1 magic damage; a miss takes the challenge's 2."""
    m = model(cards, "varikas-the-dead")
    p = p2d10(14 - 4)
    assert p == 0.64
    good = leaf_table({(0, 0): 0.5, (0, 1): 0.9, (2, 0): 0.3})
    sol = solve_before(hero(), chal(), m, BASE, good)
    assert sol.win == pytest.approx(p * 0.9 + (1 - p) * 0.3)
    assert decide_before_combat(sol, "use_ability", None, 0, 0, 0) == "varikas-the-dead#0"
    assert starts(sol) == pytest.approx({(0, 1, 1, ()): p, (2, 1, 0, ()): 1 - p})
    bad = leaf_table({(0, 0): 0.8, (0, 1): 0.9, (2, 0): 0.3})
    sol = solve_before(hero(), chal(), m, BASE, bad)
    assert sol.win == pytest.approx(0.8)
    assert decide_before_combat(sol, "use_ability", None, 0, 0, 0) is None
    # a hit that defeats the challenge ends the combat before the rounds
    sol = solve_before(hero(), chal(life=1), m, BASE, leaf_table({}, 0.1))
    assert sol.won_before == pytest.approx(p) and sol.win == pytest.approx(p + (1 - p) * 0.1)
    # no exhaustion left to pay with: the ability cannot be used
    sol = solve_before(hero(stamina=0), chal(life=1), m, BASE, leaf_table({}, 0.1))
    assert sol.win == pytest.approx(0.1)


def test_x_exhaustion_is_chosen(cards):
    """Touch of Death: take X exhaustion, a magic attack; success inflicts X wounds."""
    m = model(cards, "touch-of-death")
    p = p2d10(14 - 4)
    sol = solve_before(hero(stamina=3), chal(life=2), m, BASE,
                       leaf_table({(0, 0): 0.2, (0, 1): 0.5}, 0.0))
    assert decide_before_combat(sol, "x", "touch-of-death", 0, 0, 0) == 2  # enough to kill
    assert sol.won_before == pytest.approx(p)
    assert starts(sol) == pytest.approx({(2, 2, 0, ()): 1 - p})  # the miss: 2 magic damage


def test_costs_activation_allowance_discard_and_wounds(cards):
    # Banner (activate: ranged +2) and Bone Reliquary (activate and 1 wound: magic +3): one
    # activation in Before Combat
    m = model(cards, "banner-of-dawnsmoor", "bone-reliquary")
    leaf = leaf_table({}, 0.0)
    sol = solve_before(hero(), chal(life=9), m, BASE, leaf)
    for used in (["banner-of-dawnsmoor#0"], ["bone-reliquary#0"]):
        keys = [k for k in sol.decisions if k[0] == "use" and k[4] == frozenset(used)]
        assert keys and all(sol.decisions[k] is None for k in keys)
    two = solve_before(hero(), chal(life=9), m, Rules(2, 0, 2), leaf)
    assert any(len(k[4]) == 2 for k in two.decisions if k[0] == "use")
    # the wound cost is paid first: Life 1 and the reliquary's wound knock the Hero out
    bone = model(cards, "bone-reliquary")
    sol = solve_before(hero(life=1), chal(), bone, BASE, leaf_table({}, 0.5))
    assert decide_before_combat(sol, "use_ability", None, 0, 0, 0) is None
    # Scroll of Lightning: discard, magic attack +2, success inflicts 2 (not the damage)
    scroll = model(cards, "scroll-of-lightning")
    p = p2d10(14 - 4 - 2)
    sol = solve_before(hero(), chal(), scroll, BASE, leaf_table({(0, 0): 0.0}, 1.0))
    assert starts(sol) == pytest.approx({(0, 0, 2, ()): p, (2, 0, 0, ()): 1 - p})


def test_lasting_modifier_reaches_the_rounds(cards):
    """Pact Stone: activate and take 1 exhaustion; +2 magic rolls until the end of combat."""
    m = model(cards, "pact-stone")
    leaf = leaf_table({}, 0.5)

    def better(h, c, mods, *_):
        v = leaf(h, c, mods)
        return (0.9, 0.1, 0.0, v[3], 0.9 * h) if mods else v
    sol = solve_before(hero(), chal(), m, BASE, better)
    assert starts(sol) == {(0, 1, 0, (("magic_roll", 2),)): 1.0} and sol.win == 0.9
    # and the whole combat with the real round loop: the stone only helps
    plain = exact_combat_odds(hero(), chal(), (), before_model([]), BASE)
    stone = exact_combat_odds(hero(), chal(), (), m, BASE)
    assert stone.win > plain.win
    rolls = {"magic_roll": 2}
    assert stone.win == pytest.approx(exact_odds(_card(hero()), _card(chal()), (), rolls).win)


def _card(numbers):
    return {k: numbers[k] for k in ("mind", "body", "spirit", "ranged_damage", "melee_damage",
                                    "magic_damage", "life")}


def test_no_before_combat_is_the_round_loop():
    sol = exact_combat_odds(hero(), chal(), (), before_model([]), BASE)
    want = exact_odds(_card(hero()), _card(chal()))
    assert sol.win == pytest.approx(want.win, abs=1e-12)
    assert sol.expected_hero_wounds == pytest.approx(want.expected_hero_wounds, abs=1e-9)
    assert starts(sol) == {(0, 0, 0, ()): 1.0}


# ------------------------------------------------------------------ what is covered
def test_before_model_sorts_abilities(cards):
    m = model(cards, "ilse-of-the-ninth-bell", "orrin-stonehand", "stamina-tonic",
              "pact-stone", "blood-of-the-bloodmother", "mirela-of-the-salt-marsh")
    assert {s.card for s in m.steps} == {"pact-stone", "blood-of-the-bloodmother"}
    assert [c for c, *_ in m.inert] == ["ilse-of-the-ninth-bell"]  # after combat
    # once per combat: Orrin's cancel (any step, Before Combat included), Mirela's strike
    rounds = {a.ref: a for a in m.rounds}
    assert set(rounds) == {"orrin-stonehand#0", "mirela-of-the-salt-marsh#0"}
    orrin, mirela = rounds["orrin-stonehand#0"], rounds["mirela-of-the-salt-marsh#0"]
    assert (orrin.kind, orrin.phases, orrin.amount) == ("cancel", (-1, 0, 1, 2), 1)
    assert (mirela.kind, mirela.phases, mirela.amount, mirela.cost) == ("strike", (2,), 1, 1)
    why = {c: r for c, _i, _t, r in m.uncovered}
    assert set(why) == {"stamina-tonic"} and "every step" in why["stamina-tonic"]
    assert not m.complete and not m.complete_before
    # a cancel that also wounds the enemy (usable in Before Combat too), an activated attack
    m = model(cards, "shield-of-light", "throwing-knives")
    why = {c: r for c, _i, _t, r in m.uncovered}
    assert "reaction" in why["shield-of-light"] and "combat-phase" in why["throwing-knives"]
    assert [c for c, *_ in m.uncovered_before] == ["shield-of-light"]
    # an activated card is face down for the rest of the combat: once per combat
    tower = model(cards, "tower-shield").rounds
    assert [(a.kind, a.phases, a.amount, a.activate) for a in tower] == [
        ("cancel", (-1, 0, 1, 2), 2, True)]
    amulet = model(cards, "amulet-of-warding").rounds  # "cancel 1 or 2": the most
    assert [(a.phases, a.amount) for a in amulet] == [((2,), 2)]
    # two activated cards share one activation a round: not modelled
    m = model(cards, "tower-shield", "padded-leather-armor")
    assert not m.rounds and len(m.uncovered) == 2 and len(m.uncovered_before) == 2
    assert model(cards, "varikas-the-dead", "blood-of-the-bloodmother").complete


def test_decide_phase_on_plain_numbers():
    h, c = _card(hero()), _card(chal())
    res = exact_odds(h, c)
    for e in res.policy[:20]:
        assert decide_phase(res, e.hero_wounds, e.challenge_wounds, e.ally_wounds, e.phase,
                            e.attacked) == e.decision
    # a start the solve never reached (Before Combat put 2 wounds on the challenge) is solved
    assert decide_phase(res, 3, 2, (), "melee", ()) in ("hero attacks", "hero defends")
    with pytest.raises(KeyError):
        decide_phase(res, 0, 3, (), "melee", ())  # the challenge is already defeated


# ------------------------------------------------------------------ the engine plays it
def test_optimal_player_takes_the_exact_before_combat_decision():
    from runeforge.engine.common.log import EventLog
    from runeforge.engine.runebound.analysis.odds_mc import fight_once
    from tests.engine_bundle import catalog

    cat = catalog()
    player = OptimalPlayer()
    # Varikas v Blood of the Bloodmother: the exact model passes (the bot would attack)
    for seed in range(5):
        log = EventLog()
        fight_once(cat, "varikas-the-dead", "blood-of-the-bloodmother", seed=seed,
                   player=player, log=log)
        assert not [r for r in log.records if r["type"] == "use_ability"]
    # with Touch of Death against Hungry Wolves it uses both, X chosen by the model
    log = EventLog()
    fight_once(cat, "varikas-the-dead", "hungry-wolves", items=["touch-of-death"], seed=1,
               player=player, log=log)
    used = [r["ability"] for r in log.records if r["type"] == "use_ability"]
    assert used and set(used) <= {"varikas-the-dead#0", "touch-of-death#0"}
    # Mirela's once-per-combat strike is used in some fights, never twice in one
    strikes = []
    for seed in range(30):
        log = EventLog()
        fight_once(cat, "mirela-of-the-salt-marsh", "sverke-ashbeard", seed=seed,
                   player=player, log=log)
        strikes.append(sum(r["type"] == "use_ability" for r in log.records))
    assert max(strikes) == 1 and sum(strikes) >= 10


# ------------------------------------------------------------------ once-per-combat abilities
def _duel(spirit, target):
    """Only the magic phase matters: the Hero dies of one wound, the challenge of two; the
    ranged and melee phases can change nothing (unhittable, harmless)."""
    h = {"mind": 0, "body": 0, "spirit": spirit, "ranged_damage": 1, "melee_damage": 1,
         "magic_damage": 1, "life": 1}
    c = {"mind": 30, "body": 30, "spirit": target, "ranged_damage": 0, "melee_damage": 0,
         "magic_damage": 1, "life": 2}
    return h, c


def test_strike_in_its_phase():
    from runeforge.engine.runebound.analysis.odds_solver import RoundAbility

    h, c = _duel(4, 14)
    p = p2d10(10)
    strike = RoundAbility("Mirela", "m#0", "strike", (2,), 1, 1)
    assert exact_odds(h, c).win == pytest.approx(p * p)  # two hits, or a wound first
    # one wound for 1 exhaustion: one hit is enough
    assert exact_odds(h, c, abilities=[strike], stamina=1).win == pytest.approx(p)
    # no Stamina left to pay with: as without it
    assert exact_odds(h, c, abilities=[strike], stamina=1,
                      exhaustion=1).win == pytest.approx(p * p)
    # a strike of the melee phase works there too (melee is harmless here)
    melee = RoundAbility("M", "m#0", "strike", (1,), 1, 0)
    res = exact_odds(h, c, abilities=[melee])
    assert res.win == pytest.approx(p)
    assert res.decision(0, 0, (), "melee", (), (1, 0)) == "use M"


def test_cancel_when_wounds_land():
    from runeforge.engine.runebound.analysis.odds_solver import RoundAbility

    h, c = _duel(4, 14)
    p = p2d10(10)
    cancel = RoundAbility("Orrin", "o#0", "cancel", (-1, 0, 1, 2), 1)
    # two hits before two misses (the first miss is cancelled): p^2 (3 - 2p)
    res = exact_odds(h, c, abilities=[cancel])
    assert res.win == pytest.approx(p * p * (3 - 2 * p))
    assert decide_cancel(res, 0, 0, (), "magic", ["hero"], (1, 0), 1) == 0
    # a cancel of the melee phase only is no help in the magic phase
    melee = RoundAbility("Shield", "s#0", "cancel", (1,), 1)
    assert exact_odds(h, c, abilities=[melee]).win == pytest.approx(p * p)


def test_cancel_in_before_combat(cards):
    """Blood of the Bloodmother's failed test, with Orrin's cancel still there: use it now
    or keep it for the rounds, whichever wins more often."""
    m = model(cards, "blood-of-the-bloodmother", "orrin-stonehand")
    p = p2d10(14 - 5)

    def leaf(h, c, mods, e, spent):
        return {(0, False): 0.9, (0, True): 0.8, (1, False): 0.5}.get((h, bool(spent)), 0.0), \
            0.0, 0.0, float(h), 0.0

    def vec(h, c, mods, e, spent):
        w = leaf(h, c, mods, e, spent)[0]
        return (w, 1 - w, 0.0, float(h), w * h)
    sol = solve_before(hero(), chal(), m, BASE, vec)
    assert sol.win == pytest.approx(p * 0.9 + (1 - p) * 0.8)
    assert decide_before_combat(sol, "cancel", 1, 0, 0, 0) == "orrin-stonehand#0"
    assert sol.start == pytest.approx({(0, 0, 0, (), frozenset()): p,
                                       (0, 0, 0, (), frozenset({"orrin-stonehand#0"})): 1 - p})
    # when keeping it is worth more, the wound is taken
    sol = solve_before(hero(), chal(), m, BASE, lambda h, c, mods, e, spent: vec(
        h, c, mods, e, spent) if not spent else (0.1, 0.9, 0.0, float(h), 0.1 * h))
    assert decide_before_combat(sol, "cancel", 1, 0, 0, 0) is None


def test_activated_cancel_shares_the_before_combat_allowance(cards):
    """Tower Shield cancels the failed Swim test's wound by activating; then Touch of Death
    cannot be activated in the same Before Combat step (one activation)."""
    m = model(cards, "blood-of-the-bloodmother", "touch-of-death", "tower-shield")
    sol = solve_before(hero(), chal(), m, BASE, leaf_table({}, 0.5))
    shield = frozenset({"tower-shield#0"})
    after = [k for k in sol.decisions if k[0] == "use" and k[4] == shield]
    assert after and all(sol.decisions[k] is None for k in after)
    # without the shield's activation Touch of Death may be chosen
    assert any(k[0] == "x" for k in sol.decisions)


def test_an_allys_ability_lasts_while_it_lives():
    from runeforge.engine.runebound.analysis.odds_solver import RoundAbility

    h, c = _duel(4, 14)
    p = p2d10(10)
    owl = RoundAbility("Owl", "brass-owl#0", "cancel", (-1, 0, 1, 2), 1, holder="brass-owl")
    with pytest.raises(ValueError, match="ids of the Allies"):
        exact_odds(h, c, abilities=[owl])
    # an Ally that does not fight (barred) is never wounded: its cancel is always there
    assert exact_odds(h, c, abilities=[owl], ally_ids=()).win == pytest.approx(
        p * p * (3 - 2 * p))
    # with the Ally alive (it never needs to attack) the cancel is there; a round that starts
    # with the Ally dead has no cancel: two hits before one miss
    from runeforge.engine.runebound.analysis.odds_exact import exact_solver

    ally = {"name": "owl", "mind": 0, "body": 0, "spirit": 0, "ranged_damage": 0,
            "melee_damage": 0, "magic_damage": 0, "life": 1}
    solver = exact_solver(h, c, [ally], abilities=[owl], ally_ids=("brass-owl",))
    alive = solver._value(3, 0, (0, 0, (0,), (1, 0)))
    dead = solver._value(3, 0, (0, 0, (1,), (1, 0)))
    assert alive[0] == pytest.approx(p * p * (3 - 2 * p)) and dead[0] == pytest.approx(p * p)
