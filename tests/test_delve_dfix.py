"""Delve adversaries that state their own turn (issue 32, branch dfix): "it" / "that hero"
after "moves towards the nearest hero" is that hero, not the adversary; a rule for its
activation that moves or attacks is its move or attack of the turn (IR ``replaces``), so it
acts exactly as the text says, once."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.games.delve.activation import replaces
from tests.test_delve_abilities import events
from tests.test_delve_delveg import FAR, _with_warden
from tests.test_delve_delveseven import _foe_with
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)

OWN_TURN = [
    "In the adversary phase, this adversary moves towards the nearest hero, then attacks it.",
    "When activated, this adversary moves toward the nearest hero and attacks that hero.",
    "In the adversary phase, this adversary moves up to 4 spaces toward the nearest hero, then "
    "attacks that hero: Hit 4+, Damage 1.",
]


def _phase(g, roll: int) -> None:
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.adversaries import adversary_phase
    g.dice = ScriptedDice([roll] * 6)
    adversary_phase(g)


@pytest.mark.parametrize("rule", OWN_TURN)
def test_the_adversary_attacks_the_hero_it_went_to_once(base, rule):  # noqa: F811
    g, _ = _with_warden(base, rule, FAR)
    heroes = {h: g.state.figure(h).wounds for h in g.state.heroes}
    _phase(g, 6)
    (fired,) = [r for r in events(g, "trigger") if r["event"] == "activated"]
    strike = next(e for e in fired["effects"] if e["op"] == "strike")
    (hit,) = strike["results"]                       # the rule's own attack, at a hero
    assert hit["target"] in heroes and hit["hit"]
    attacks = events(g, "adversary_attack")
    assert [a["target"] for a in attacks] == [hit["target"]]      # and no second one
    assert not events(g, "adversary_move")           # its behaviour does not move it again
    assert hit["wounds"] > 0
    untouched = [h for h, w in heroes.items() if h != hit["target"]]
    assert all(g.state.figure(h).wounds == heroes[h] for h in untouched)


def test_a_rule_that_neither_moves_nor_attacks_it_leaves_its_turn_to_its_behaviour(base):  # noqa: F811
    rule = "When activated, heal 1 wound on it."
    assert "replaces" not in compile_one(rule, "adversary")[0]
    g, _ = _with_warden(base, rule, FAR)
    _phase(g, 6)
    assert events(g, "adversary_move") and events(g, "adversary_attack")


@pytest.mark.parametrize("effects, parts", [
    ([{"op": "approach", "targets": {"quantity": "self"}, "direction": "towards"}], ["move"]),
    ([{"op": "strike", "by": {"quantity": "self"}, "range": "missile"}], ["attack"]),
    ([{"op": "if", "cond": "none", "effects": [
        {"op": "strike", "by": {"quantity": "self"}}]}], ["attack"]),
    ([{"op": "shift", "targets": {"quantity": "each", "side": "hero"}, "spaces": 1,
       "direction": "away"}], []),                   # it pushes heroes: its own move stays
])
def test_what_an_activation_rule_replaces_is_read_from_its_effects(effects, parts):
    assert replaces({"form": "trigger", "event": "activated", "effects": effects}) == parts
    assert replaces({"form": "trigger", "event": "round_start", "effects": effects}) == []


def test_a_hero_named_by_the_trigger_is_the_one_it_attacks(base):  # noqa: F811
    rule = "When a hero moves adjacent to this adversary, this adversary attacks it."
    g, me = play(_foe_with(base, rule, "bone-sentry"), [], [1, 1, 1, 1, 6, 6],
                 [{"action": "move", "to": [2, 2]}, None], foes=[("bone-sentry", (3, 3))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    assert [a["target"] for a in events(g, "adversary_attack")] == [CASTER]


@pytest.mark.parametrize("text", [
    "When activated, this adversary attacks it.",
    "When this adversary suffers a wound, this adversary attacks that hero.",
])
def test_an_adversary_told_to_attack_itself_is_refused_where_it_says_so(text):
    ir, diags = compile_one(text, "adversary")
    (d,) = [d for d in diags if d.severity == "error"]
    assert ir is None and d.code == "RF914" and d.hint
    assert text[d.col - 1:].startswith(("it", "that hero"))


def test_its_rules_after_it_attacks_follow_the_rules_attack(base):  # noqa: F811
    """The rule's attack is its attack of the turn: "After this adversary attacks, …" runs
    once after it, as after the attack of its behaviour."""
    import dataclasses

    from tests.test_delve_abilities import SEFA, game
    from tests.test_delve_forms import hero_with
    own = compile_one(OWN_TURN[0], "adversary")[0]
    after = compile_one("After this adversary attacks, it heals 1 wound.", "adversary")[0]
    warden = {**base.adversaries["tunnel-brute"], "abilities": [own, after]}
    records = dataclasses.replace(hero_with(base),
                                  adversaries={**base.adversaries, "test-warden": warden})
    g = game(records, [CASTER, SEFA], [], [], foes=[("test-warden", FAR)])
    (foe,) = g.state.adversaries()
    foe.wounds = 2
    _phase(g, 1)                                     # its attack misses: still an attack
    assert [r["event"] for r in events(g, "trigger")] == ["activated", "attacks"]
    assert len(events(g, "adversary_attack")) == 1 and foe.wounds == 1


@pytest.mark.parametrize("rule", [
    "When activated, this adversary attacks the hero with the most wounds.",
    "In the adversary phase, this adversary attacks the nearest hero: Hit 4+, Damage 1.",
])
def test_a_rule_that_is_only_its_attack_comes_after_its_move(base, rule):  # noqa: F811
    """Its behaviour moves it next to the heroes first, then the rule is its one attack."""
    g, _ = _with_warden(base, rule, FAR)
    _phase(g, 6)
    kinds = [r["type"] for r in g.log.records]
    assert kinds.index("adversary_move") < kinds.index("trigger")
    (fired,) = events(g, "trigger")
    (strike,) = fired["effects"]
    assert len(strike["results"]) == 1 and len(events(g, "adversary_attack")) == 1


@pytest.mark.parametrize("weapon, refused", [("combat", True), ("missile", False)])
def test_an_attack_of_a_range_its_card_has_no_weapon_of_is_refused(weapon, refused):
    from benchmarks.corpus_delve import TextCard
    from runeforge.games.delve.abilities import compile_texts

    text = "When activated, this adversary makes a missile attack against each visible hero."

    class Armed(TextCard):
        @property
        def data(self):
            return {"abilities": [self.text],
                    "weapons": [{"name": "Claw", "range": weapon, "hit": 3, "damage": 1}]}

    compiled, diags = compile_texts(Armed(text, "adversary"), [(("abilities", 0), text)])
    codes = [d.code for d in diags]
    assert (codes == ["RF932"] and not compiled) if refused else (compiled and not codes)
    if refused:
        assert text[diags[0].col - 1:].startswith("this adversary makes a missile attack")
        assert diags[0].hint
