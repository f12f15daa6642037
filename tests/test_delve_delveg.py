"""Delve constructions of issue 32 (session delveg), run in the engine: an adversary's rule
that forbids the heroes it names to heal, recuperate or explore; the variants that say what an
existing form says compile to its IR (the corpus holds them; here the ones that change what
the engine does)."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.game import ops, traits
from runeforge.engine.delve.rules.costs import HeroTurn
from tests.test_delve_abilities import SEFA, game
from tests.test_delve_forms import CASTER, base, hero_with  # noqa: F401  (base: a fixture)

NEAR, FAR = (1, 2), (3, 3)   # a cell next to the caster, and one away from it


def _with_warden(base, rule: str, cell, *texts):  # noqa: F811
    compiled, diags = compile_one(rule, "adversary")
    assert compiled is not None, [str(d) for d in diags]
    warden = {**base.adversaries["tunnel-brute"], "abilities": [compiled]}
    records = dataclasses.replace(hero_with(base, *texts),
                                  adversaries={**base.adversaries, "test-warden": warden})
    g = game(records, [CASTER, SEFA], [], [], foes=[("test-warden", cell)],
             wounds={CASTER: 2, SEFA: 2})
    return g, g.state.figure(CASTER)


def _kinds(g, me, faces=(6, 6, 6, 6)) -> set:
    return {o.get("ability") or o["action"] for o in g.options(me, HeroTurn(me.id, list(faces)))}


@pytest.mark.parametrize("cell, held", [(NEAR, True), (FAR, False)])
@pytest.mark.parametrize("rule", ["Heroes adjacent to this adversary cannot heal wounds.",
                                  "Each hero adjacent to this adversary cannot be healed."])
def test_a_rule_that_forbids_healing_stops_heals_and_recuperate_near_it(base, rule, cell,  # noqa: F811
                                                                         held):
    g, me = _with_warden(base, rule, cell, "(1+): Heal 1 wound.")
    assert traits.forbidden(g, me, "heal") == held
    kinds = _kinds(g, me)
    assert ("recuperate" in kinds) != held and (f"{CASTER}:0" in kinds) != held
    heal = compile_one("(1+): Heal 1 wound.")[0]["effects"]
    ops.apply(g, me, "test", heal, None)
    assert me.wounds == (2 if held else 1)
    assert g.state.figure(SEFA).wounds == 2     # far from it: untouched either way


@pytest.mark.parametrize("cell, held", [(NEAR, True), (FAR, False)])
def test_a_rule_that_forbids_recuperate_leaves_other_heals(base, cell, held):  # noqa: F811
    g, me = _with_warden(base, "Heroes adjacent to this adversary cannot use Recover.", cell,
                         "(1+): Heal 1 wound.")
    kinds = _kinds(g, me)
    assert ("recuperate" in kinds) != held
    assert f"{CASTER}:0" in kinds        # an ability's heal is no Recuperate
    assert not traits.forbidden(g, me, "heal")


def test_a_rule_that_forbids_exploring_holds_only_the_heroes_it_names(base):  # noqa: F811
    g, me = _with_warden(base, "Heroes within 2 spaces of this adversary cannot explore.", NEAR)
    assert traits.forbidden(g, me, "explore") and not g.can_explore(me)
    far, _ = _with_warden(base, "Heroes within 2 spaces of this adversary cannot explore.",
                          (9, 9))
    assert not traits.forbidden(far, far.state.figure(CASTER), "explore")


@pytest.mark.parametrize("text, code", [
    ("This adversary cannot heal wounds.", "RF913"),
    ("When this adversary is slain, heroes adjacent to it cannot heal wounds.", "RF928"),
])
def test_a_forbidding_rule_is_an_adversarys_rule_on_heroes(text, code):
    compiled, diags = compile_one(text, "adversary")
    assert compiled is None and code in {d.code for d in diags}


def test_on_a_heros_card_it_is_refused_located():
    compiled, diags = compile_one("Heroes adjacent to you cannot heal wounds.", "hero")
    assert compiled is None and [d.code for d in diags] == ["RF925"]


@pytest.mark.parametrize("rule, shove, wounds", [
    ("Each time this adversary is pushed, it suffers 1 wound.",
     "Shove (2+): Push an adversary adjacent to you 1 space.", 1),
    ("Each time this adversary is pushed, it suffers 1 wound.",
     "Shove (2+): Pull a visible adversary 1 space towards you.", 0),
    ("Whenever this adversary is pulled, it suffers 2 wounds.",
     "Shove (2+): Pull a visible adversary 2 spaces towards you.", 2),
    ("Every time this adversary is pushed, that hero suffers 1 wound.",
     "Shove (2+): Push an adversary adjacent to you 1 space.", 0),
])
def test_an_adversarys_rule_on_its_own_push_or_pull(base, rule, shove, wounds):  # noqa: F811
    """"Each time this adversary is pushed, …" runs after a push that moved it (not after a
    pull), "that hero" is the hero who pushed it."""
    compiled, diags = compile_one(rule, "adversary")
    assert compiled is not None, [str(d) for d in diags]
    cell = NEAR if "adjacent" in shove else FAR
    brute = {**base.adversaries["tunnel-brute"], "abilities": [compiled]}
    records = dataclasses.replace(hero_with(base, shove),
                                  adversaries={**base.adversaries, "test-brute": brute})
    g = game(records, [CASTER, SEFA], [2, 1, 1, 1], [{"action": "ability", "ability": "Shove"},
                                                     None], foes=[("test-brute", cell)])
    me, foe = g.state.figure(CASTER), g.state.adversaries()[0]
    g.hero_turn(me)
    assert foe.cell != cell                      # it moved
    if "that hero" in rule:
        assert me.wounds == 1 and foe.wounds == 0
    else:
        assert foe.wounds == wounds


@pytest.mark.parametrize("rule", [None, "You are never pinned.", "You cannot be pinned.",
                                  "Light Step: You are never pinned."])
def test_a_hero_who_is_never_pinned_moves_for_the_basic_cost_next_to_an_adversary(base, rule):  # noqa: F811
    """A5: next to an adversary a Move needs (2+); a hero's rule "You are never pinned." lets
    it move for (1+), and the move is played at that cost."""
    records = hero_with(base, *([rule] if rule else []))
    g = game(records, [CASTER, SEFA], [], [], foes=[("bone-sentry", NEAR)])
    me = g.state.figure(CASTER)
    turn = HeroTurn(me.id, [1, 1, 1, 1])
    moves = [o for o in g.options(me, turn) if o["action"] == "move"]
    assert bool(moves) == (rule is not None)
    assert g.pinned(me) == (rule is None)
    if moves:
        g.do(me, turn, moves[0])
        assert me.cell == tuple(moves[0]["to"])


@pytest.mark.parametrize("text, kind, code", [
    ("This adversary is never pinned.", "adversary", "RF925"),
    ("Each adversary adjacent to you is never pinned.", "hero", "RF301"),   # heroes: dhero
    ("(2+): You are never pinned.", "hero", "RF928"),
])
def test_never_pinned_is_a_rule_of_the_heros_own_card(text, kind, code):
    compiled, diags = compile_one(text, kind)
    assert compiled is None and code in {d.code for d in diags}, [str(d) for d in diags]


@pytest.mark.parametrize("rule", [
    "This adversary cannot be the target of missile attacks while it is adjacent to a hero.",
    "While a hero is adjacent to this adversary, it is immune to missile attacks.",
    "If there is a hero adjacent to this adversary, this adversary is immune to missile attacks.",
])
def test_a_rule_holds_while_its_condition_on_the_board_does(base, rule):  # noqa: F811
    g, me = _with_warden(base, rule, NEAR)
    foe = g.state.adversaries()[0]
    assert traits.immune(g, foe, "missile") and not traits.immune(g, foe, "combat")
    me.cell = (6, 6)                                   # no hero next to it now
    others = [h for h in g.state.heroes_up() if max(abs(h.cell[0] - foe.cell[0]),
                                                     abs(h.cell[1] - foe.cell[1])) <= 1]
    assert traits.immune(g, foe, "missile") == bool(others)


def test_a_conditional_rule_on_the_heros_own_wounds(base):  # noqa: F811
    g, me = _with_warden(base, "Heroes adjacent to this adversary are pinned.", NEAR,
                         "You are never pinned while you have 3 or more wounds.")
    assert me.wounds == 2 and g.pinned(me)
    me.wounds = 3
    assert not g.pinned(me)


@pytest.mark.parametrize("text, kind", [
    ("While you have 2 or more wounds, heal 1 wound.", "hero"),   # a bonus holds (delvepassive)
    ("While this adversary is wounded, it suffers 1 wound.", "adversary"),
])
def test_only_a_rule_holds_under_a_condition_without_a_cost(text, kind):
    compiled, diags = compile_one(text, kind)
    assert compiled is None and "RF918" in {d.code for d in diags}


@pytest.mark.parametrize("rule, rng, hit", [
    (None, "combat", True),
    ("Heroes adjacent to this adversary subtract 1 from their combat attack rolls.", "combat",
     False),
    ("Heroes adjacent to this adversary subtract 1 from their combat attack rolls.", "missile",
     True),
    ("Each hero adjacent to this adversary subtracts 1 from their attack rolls.", "missile",
     False),
])
def test_an_adversarys_rule_on_the_attack_rolls_of_the_heroes_it_names(base, rule, rng, hit):  # noqa: F811
    """A roll of 4 against Hit 4 hits, unless the rule takes 1 off the hero's roll (of its
    range); the attack is at another adversary, so this is no guard of the target."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.rules.attacks import Weapon

    rules = ["Heroes adjacent to this adversary are pinned."] if rule is None else [rule]
    g, me = _with_warden(base, rules[0], NEAR)
    g.state.spawned += 1
    target = dataclasses.replace(g.state.adversaries()[0], id="bone-sentry-9", cell=(0, 2))
    g.state.figures.append(target)
    g.state.kinds[target.id] = "bone-sentry"
    g.dice = ScriptedDice([4])
    result = ops.roll_at(g, me, Weapon("Test", 1, rng, 4, 1), target.id)
    assert result["hit"] == hit
