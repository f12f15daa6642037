"""Delve (issue 32, part III, branch dtarget): whom an adversary's attack targets, its attack
line said in prose (the attack of its activation), and how many wounds one attack deals.

Its corpus, tests/data/corpus/dtarget.yaml, is run by tests/test_corpus_delve_branches.py."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.games.delve.abilities import canonical_text
from tests.test_delve_abilities import events
from tests.test_delve_delveg import FAR, NEAR, _with_warden
from tests.test_delve_docs import variant_lines
from tests.test_delve_forms import CASTER, SEFA, base  # noqa: F401  (base: a fixture)


def _phase(g, rolls) -> None:
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.adversaries import adversary_phase
    g.dice = ScriptedDice(list(rolls))
    adversary_phase(g)


# ---- an attack line with its own Hit and Damage is the attack of its activation

LINES = [
    "Attacks every hero in its chamber: Hit 5+, Damage 1.",
    "This adversary attacks each hero in its chamber. Hit 5+, Damage 1.",
    "Makes an attack against every hero in this adversary's chamber, Hit 5+, Damage 1.",
]


@pytest.mark.parametrize("line", LINES)
def test_an_attack_line_is_the_attack_of_its_turn_with_its_own_numbers(base, line):  # noqa: F811
    """Far from both heroes, the Brute's club (combat) would reach no one: the line's attack
    (any range that reaches, Hit 5+, Damage 1) strikes every hero in its chamber, once each,
    in its turn of the adversary phase, and its behaviour makes no attack of its own."""
    ir = compile_one(line, "adversary")[0]
    assert ir["form"] == "trigger" and ir["event"] == "activated"
    assert ir["replaces"] == ["attack"]
    g, me = _with_warden(base, line, FAR)
    _phase(g, [5] * 12)
    attacks = events(g, "adversary_attack")
    assert sorted(a["target"] for a in attacks) == sorted([CASTER, SEFA])
    assert all(a["hit"] and a["wounds"] == 1 for a in attacks)      # Damage 1, not the club's 3
    assert me.wounds == 3 and g.state.figure(SEFA).wounds == 3


def test_an_attack_line_misses_below_its_own_hit(base):  # noqa: F811
    g, me = _with_warden(base, LINES[0], FAR)
    _phase(g, [4] * 12)
    attacks = events(g, "adversary_attack")
    assert len(attacks) == 2 and not any(a["hit"] for a in attacks)
    assert me.wounds == 2


@pytest.mark.parametrize("sefa, target", [(1, CASTER), (3, SEFA)])
def test_the_most_wounded_hero_it_can_see_is_the_one_it_attacks(base, sefa, target):  # noqa: F811
    line = "Attacks the most wounded hero it can see. Hit 2+, Damage 1."
    g, _ = _with_warden(base, line, NEAR)
    g.state.figure(SEFA).wounds = sefa          # the caster has 2
    _phase(g, [6] * 12)
    (attack,) = events(g, "adversary_attack")
    assert attack["target"] == target and attack["wounds"] == 1


def test_when_it_attacks_it_targets_is_the_rule_for_whom_it_attacks():
    said = compile_one("When this adversary attacks, it always targets the hero with the most "
                       "wounds that it can reach.", "adversary")[0]
    rule = compile_one("This adversary attacks the hero with the most wounds.", "adversary")[0]
    assert said == rule and said["form"] == "constant"


def test_a_hero_imperative_keeps_its_meaning():
    ir = compile_one("Strike (3+): Attack the nearest adversary.", "hero")[0]
    assert ir["effects"][0] == {"op": "strike", "targets": {"quantity": "nearest",
                                                           "side": "adversary"}}


# ---- how many wounds one attack deals (IR soak with a cap or a size; game/soak.py)

def _hero_attack(g, me, damage: int) -> dict:
    from runeforge.engine.delve.game.ops import roll_at
    from runeforge.engine.delve.rules.attacks import Weapon
    foe = next(f for f in g.state.adversaries() if g.state.kinds[f.id] == "test-warden")
    foe.vigour = 9          # room for every wound the attack could deal
    from runeforge.engine.common.dice import ScriptedDice
    g.dice = ScriptedDice([6])
    return roll_at(g, me, Weapon("test", 1, "combat", 2, damage), foe.id)


@pytest.mark.parametrize("rule, damage, taken", [
    ("This adversary cannot suffer more than 1 wound from a single attack.", 3, 1),
    ("This adversary cannot suffer more than 1 wound from a single attack.", 1, 1),
    ("It never takes more than 2 wounds from any attack.", 5, 2),
    ("Ignores wounds from attacks that deal only 1 Damage.", 1, 0),
    ("Ignores wounds from attacks that deal only 1 Damage.", 2, 2),
    ("This adversary ignores wounds from attacks that deal 2 Damage or less.", 2, 0),
    ("This adversary ignores wounds from attacks that deal 2 Damage or less.", 3, 3),
])
def test_an_adversarys_rule_counts_the_wounds_of_each_hero_attack(base, rule, damage,  # noqa: F811
                                                                   taken):
    g, me = _with_warden(base, rule, NEAR)
    assert _hero_attack(g, me, damage)["wounds"] == taken


@pytest.mark.parametrize("adjacent, taken", [(True, 1), (False, 3)])
def test_a_cap_under_while_holds_only_while_the_board_does(base, adjacent, taken):  # noqa: F811
    rule = ("While another adversary is adjacent to it, this adversary cannot suffer more "
            "than 1 wound from a single attack.")
    g, me = _with_warden(base, rule, NEAR)
    if adjacent:
        from runeforge.engine.delve.rules.attacks import Figure
        (foe,) = g.state.adversaries()
        occupied = frozenset(f.cell for f in g.state.figures)
        cell = next(iter(g.state.board.steps(foe.cell, occupied)))
        g.state.figures.append(Figure("gloom-rat-9", "adversary", cell, 1))
        g.state.kinds["gloom-rat-9"] = "gloom-rat"
    assert _hero_attack(g, me, 3)["wounds"] == taken


@pytest.mark.parametrize("text, taken", [
    ("You cannot suffer more than 1 wound from a single attack.", 1),
    ("Ignore wounds from attacks that deal 2 Damage or less.", 3),   # the club deals 3
    ("This hero ignores wounds from attacks that deal 3 Damage or less.", 0),
])
def test_a_heros_rule_counts_the_wounds_of_an_adversarys_attack(base, text, taken):  # noqa: F811
    """The Brute's Stone Club (Hit 3+, Damage 3) in the adversary phase."""
    g, me = _with_warden(base, "It always targets the hero with the most wounds.", NEAR, text)
    g.state.figure(SEFA).wounds = 0     # the caster has 2: the one it attacks
    _phase(g, [6] * 12)
    hits = [a for a in events(g, "adversary_attack") if a["target"] == CASTER]
    assert hits and hits[0]["hit"] and hits[0]["wounds"] == taken


# ---- what an attack must roll to hit (IR hit_need; game/hit_dtarget.py)

@pytest.mark.parametrize("rule, hit, roll, hits", [
    ("This adversary can only be wounded by an attack roll of 6.", 2, 5, False),
    ("This adversary can only be wounded by an attack roll of 6.", 2, 6, True),
    ("Attacks against it hit only on a roll of 5+.", 6, 5, False),      # least: Hit 6 stays
    ("Hero attacks against this adversary must roll 5 or higher to hit, whatever the "
     "weapon's Hit value.", 6, 5, True),                                 # set: 5 replaces 6
    ("Hero attacks against this adversary must roll 5 or higher to hit, whatever the "
     "weapon's Hit value.", 2, 4, False),                                # set: 5 replaces 2
    ("Missile attacks against this adversary must roll 6 to hit.", 2, 5, True),   # combat
])
def test_a_hero_attack_needs_what_the_adversarys_rule_says(base, rule, hit, roll,  # noqa: F811
                                                         hits):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.ops import roll_at
    from runeforge.engine.delve.rules.attacks import Weapon
    g, me = _with_warden(base, rule, NEAR)
    (foe,) = g.state.adversaries()
    foe.vigour = 9
    g.dice = ScriptedDice([roll])
    assert roll_at(g, me, Weapon("test", 1, "combat", hit, 1), foe.id)["hit"] is hits


@pytest.mark.parametrize("roll, hits", [(5, False), (6, True)])
def test_a_heros_rule_on_what_an_adversarys_attack_needs(base, roll, hits):  # noqa: F811
    """The Brute's Stone Club hits on 3+; the hero's rule asks 6 of it."""
    g, me = _with_warden(base, "It always targets the hero with the most wounds.", NEAR,
                         "You can only be wounded by an attack roll of 6.")
    g.state.figure(SEFA).wounds = 0
    _phase(g, [roll] * 12)
    (attack,) = [a for a in events(g, "adversary_attack") if a["target"] == CASTER]
    assert attack["hit"] is hits


@pytest.mark.parametrize("text", [
    "This adversary can only be wounded by an attack roll of 6.",
    "Missile attacks against this adversary must roll 6 to hit, whatever their Hit value.",
    "This adversary cannot suffer more than 2 wounds from a single attack.",
    "Ignores wounds from attacks that deal 2 Damage or less.",
])
def test_the_rules_render_in_every_locale(text):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.games.delve.text import render_ability
    ability = parse_ability(text)
    assert render_ability(ability, "en") == canonical_text(text)
    for loc in ("fi", "pl", "el", "ru"):
        said = render_ability(ability, loc)
        assert said and "attack" not in said.lower(), (loc, said)


@pytest.mark.parametrize("kind, said, after", variant_lines("dtarget-variants"))
def test_each_doc_variant_prints_as_its_form_or_is_refused(kind, said, after):
    ir, diags = compile_one(said, kind)
    if after.startswith("RF"):
        assert ir is None and after in {d.code for d in diags}, [str(d) for d in diags]
        return
    assert ir is not None, [str(d) for d in diags]
    assert canonical_text(said) == after
    assert compile_one(after, kind)[0] == ir


# ---- the hero's next attack hits on a roll of its own (lasting next_hit; hit_dtarget.own)

TWIN = ("Twin (1+): {first} Make 2 combat attacks against an adjacent adversary, Hit 6+, "
        "Damage 1.")


@pytest.mark.parametrize("first, wounds", [
    ("Until the end of this turn, the next attack this hero makes hits on a roll of 2+.", 1),
    ("Your next combat attack this turn hits on a roll of 2+.", 1),
    ("Your next missile attack this turn hits on a roll of 2+.", 0),   # not a combat attack's
    ("Heal 1 wound.", 0),                                              # no rule: Hit 6+
])
def test_the_next_attack_hits_on_its_own_roll_once(base, first, wounds):  # noqa: F811
    from tests.test_delve_forms import play
    g, me = play(base, [TWIN.format(first=first)], [1, 1, 1, 1, 2, 2],
                 [{"action": "ability", "ability": "Twin"}, None],
                 foes=[("rust-golem", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("rust-golem-1").wounds == wounds    # the second attack missed
    assert not [e for e in g.state.lasting if e["op"] == "next_hit" and "range" not in e]


# ---- an adversary's rule when its attack wounds a hero (event wounds; wounds_dtarget.py)

@pytest.mark.parametrize("roll, healed", [(6, True), (1, False)])
def test_its_rule_runs_when_its_attack_wounds_a_hero(base, roll, healed):  # noqa: F811
    rule = "When this adversary wounds a hero, heal 1 wound on it."
    g, me = _with_warden(base, rule, NEAR)
    g.state.figure(SEFA).wounds = me.wounds = 0     # its 3 wounds take no one down
    (foe,) = g.state.adversaries()
    foe.wounds = 2
    _phase(g, [roll] * 12)      # the Stone Club hits on 3+
    fired = [r for r in events(g, "trigger") if r["event"] == "wounds"]
    assert bool(fired) is healed
    assert foe.wounds == (1 if healed else 2)


def test_a_ward_that_takes_the_wound_leaves_the_rule_unfired(base):  # noqa: F811
    rule = "When this adversary wounds a hero, heal 1 wound on it."
    g, me = _with_warden(base, rule, NEAR,
                         "Ignore wounds from attacks that deal 3 Damage or less.")
    g.state.figure(SEFA).wounds = 0
    (foe,) = g.state.adversaries()
    g.state.figures.remove(g.state.figure(SEFA))     # the caster is the one it attacks
    foe.wounds = 2
    _phase(g, [6] * 12)
    assert not [r for r in events(g, "trigger") if r["event"] == "wounds"]
    assert foe.wounds == 2 and me.wounds == 2
