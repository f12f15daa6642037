"""Delve adversaries (issue 32, part III, branch dadv2): spawning, sight, targeting and
prohibitions, and an activation rule under a condition that fails."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from tests.test_delve_abilities import events
from tests.test_delve_delveg import FAR, _with_warden
from tests.test_delve_forms import base  # noqa: F401  (base: a fixture)


def _phase(g, roll: int) -> None:
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.adversaries import adversary_phase
    g.dice = ScriptedDice([roll] * 6)
    adversary_phase(g)


CONDITIONAL = [
    ("In the adversary phase, if this adversary is wounded, it attacks the nearest hero.",
     ["attack"]),
    ("When activated, if this adversary has 1 or more wounds, this adversary moves towards "
     "the nearest hero, then attacks it.", ["move", "attack"]),
]


@pytest.mark.parametrize("rule, parts", CONDITIONAL)
@pytest.mark.parametrize("wounded", [False, True])
def test_a_conditional_turn_falls_back_to_its_behaviour_when_the_condition_fails(
        base, rule, parts, wounded):  # noqa: F811
    """The card reader's reading: "if …, it attacks …" is what it does when the condition
    holds; when it fails, the adversary moves and attacks by its behaviour, once each."""
    ir = compile_one(rule, "adversary")[0]
    assert ir["replaces"] == parts
    g, _ = _with_warden(base, rule, FAR)
    (foe,) = g.state.adversaries()
    foe.wounds = 1 if wounded else 0
    _phase(g, 6)
    (fired,) = [r for r in events(g, "trigger") if r["event"] == "activated"]
    (cond,) = [e for e in fired["effects"] if e["op"] == "if"]
    assert cond["met"] is wounded
    attacks = events(g, "adversary_attack")
    assert len(attacks) == 1                  # one attack either way, never none, never two
    assert bool(events(g, "adversary_move")) is (not wounded or "move" not in parts)
