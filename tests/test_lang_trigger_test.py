"""A trigger's test and the outcome said after it (issue 32, branch runs2): "Every time your
Hero takes 1 or more wounds, test Body Swim (14). If you fail, take 1 exhaustion." The outcome
is the trigger's: each firing tests and then acts on its result. The lowering put the outcome
beside the trigger, which made the rule an ability to use (once a turn) instead of a rule
always on, and the firing only tested (Leaky Diving Helm, tests/data/lang-runs2)."""

from __future__ import annotations

from pathlib import Path

import pytest

import runeforge.engine.runebound.analysis.kernel_check  # noqa: F401 - registers grant_skill
from runeforge.games.runebound.abilities import compile_text

CONTENT = Path(__file__).resolve().parent / "data" / "lang-runs2"
HELM = "Every time your Hero takes 1 or more wounds, test Body Swim (14). If you fail, take 1 " \
       "exhaustion."
# the Helm of the test content says "If you succeed, gain 1 gold.": the kernel leaves a
# trigger on wounds that makes a figure suffer (exhaustion too) to the engine


@pytest.mark.parametrize("text, outcomes", [
    (HELM, ["failure"]),
    ("Every time your Hero takes 1 or more wounds, test Body (14). If you fail, take 1 "
     "exhaustion. If you succeed, gain 1 gold.", ["failure", "success"]),
    ("Test Body (14) every time your Hero takes 1 or more wounds. If you fail, take 1 "
     "exhaustion.", ["failure"]),
    ("Every time you defeat a challenge, test Spirit Swim (12). If you succeed, gain 2 gold.",
     ["success"]),
])
def test_an_outcome_after_a_triggers_test_is_the_triggers(text, outcomes):
    ir = compile_text(text, "item", "constant")
    assert ir["static"] is True and ir["limits"] == []
    (trigger,) = ir["effects"]
    assert trigger["op"] == "trigger"
    assert [e["outcome"] for e in trigger["effects"] if e["op"] == "if"] == outcomes


def test_a_limit_before_it_counts_the_firings():
    ir = compile_text("Once per turn, " + HELM[0].lower() + HELM[1:], "item", "constant")
    (trigger,) = ir["effects"]
    assert trigger["limits"] == ["turn"] and trigger["effects"][-1]["op"] == "if"


def test_a_test_said_after_a_triggers_effect_is_the_triggers_too():
    """Branch runs3: the sentences after a trigger in a rule with no tag, window or cost are
    the trigger's (was: an ability to use that tested once), the outcome with them."""
    ir = compile_text("Every time your Hero takes 1 or more wounds, gain 1 gold. Test Body "
                      "(14). If you fail, take 1 exhaustion.", "item", "constant")
    (trigger,) = ir["effects"]
    assert ir["static"] is True
    assert [e["op"] for e in trigger["effects"]] == ["gain_gold", "test", "if"]


@pytest.mark.parametrize("text", [
    "Every time your Hero takes 1 or more wounds, gain 1 gold. Take 1 exhaustion.",
    "Gain 1 gold every time your Hero takes 1 or more wounds. Take 1 exhaustion.",
    "Each time you take a wound, gain 1 gold. You take 1 exhaustion.",
])
def test_an_effect_said_after_a_trigger_is_the_triggers(text):
    ir = compile_text(text, "item", "constant")
    assert ir["static"] is True and ir["limits"] == []  # was an ability to use once a turn
    (trigger,) = ir["effects"]
    assert [e["op"] for e in trigger["effects"]] == ["gain_gold", "suffer"]
    limited = compile_text("Once per turn, " + text[0].lower() + text[1:], "item", "constant")
    (trigger,) = limited["effects"]
    assert trigger["limits"] == ["turn"] and trigger["effects"][-1]["op"] == "suffer"


@pytest.mark.parametrize("text, ops", [
    ("Every time you defeat a challenge, gain 1 gold. You receive +1 Body.",
     ["trigger", "modify"]),  # always on by itself: a rule of its own
    ("Every time you defeat a challenge, gain 1 gold. Every time your Hero takes 1 or more "
     "wounds, take 1 exhaustion.", ["trigger", "trigger"]),
])
def test_a_rule_always_on_by_itself_stays_its_own(text, ops):
    ir = compile_text(text, "item", "constant")
    assert [e["op"] for e in ir["effects"]] == ops
    assert all(len(e["effects"]) == 1 for e in ir["effects"] if e["op"] == "trigger")


def test_the_engine_fires_the_whole_effect_every_time():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT.parent / "lang-runs"))
    assert all(a.standing for a in cat.card("toll-charm").abilities)
    hero = cat.new_hero("varikas-the-dead", items=["toll-charm"], gold=0)
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]), {hero.id: ScriptedPlayer([])},
                    BASE)
    for rnd in (1, 2):
        combat.moment = Moment("phase", "melee", combat=1, round=rnd, turn=1)
        combat.fire({"kind": "takes_wounds", "figure": hero.id, "amount": 1, "phase": "melee"})
    assert (hero.gold, hero.exhaustion) == (2, 2)  # was (0, 0): the rule was never in force


def test_under_a_phase_tag_the_effect_after_the_trigger_is_the_triggers_too():
    """Branch mends: 'Melee: Every time ..., gain 1 gold. Take 1 exhaustion.' split into a
    trigger and an exhaustion taken once, at the ability's use; it is the untagged rule bound
    to the melee phase, and the engine keeps it always on (a rule made only of triggers)."""
    text = "Every time your Hero takes 1 or more wounds, gain 1 gold. Take 1 exhaustion."
    for tag in ("Melee", "Ranged", "Magic"):
        ir = compile_text(f"{tag}: {text}", "item", "constant")
        (trigger,) = ir["effects"]
        assert [e["op"] for e in trigger["effects"]] == ["gain_gold", "suffer"]
        assert trigger["during"] == tag.lower()
    # under a window or another tag the sentence stays the use's (RF564 refuses the window
    # over a rule made only of triggers, which the engine would drop)
    ir = compile_text(f"Before Combat: {text}", "item", "constant")
    assert [e["op"] for e in ir["effects"]] == ["trigger", "suffer"]


def test_the_engine_fires_the_tagged_whole_effect_in_its_phase_only():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT.parent / "lang-runs"))
    assert all(a.standing for a in cat.card("toll-gauntlet").abilities)
    hero = cat.new_hero("varikas-the-dead", items=["toll-gauntlet"], gold=0)
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]), {hero.id: ScriptedPlayer([])},
                    BASE)
    seen = []
    for rnd in (1, 2):
        for phase in ("ranged", "melee", "magic"):
            combat.moment = Moment("phase", phase, combat=1, round=rnd, turn=1)
            if phase == "melee":  # nothing before the firing: no use took the exhaustion
                seen.append((hero.gold, hero.exhaustion))
            combat.fire({"kind": "takes_wounds", "figure": hero.id, "amount": 1,
                         "phase": phase})
            seen.append((phase, hero.gold, hero.exhaustion))
    assert seen == [("ranged", 0, 0), (0, 0), ("melee", 1, 1), ("magic", 1, 1),
                    ("ranged", 1, 1), (1, 1), ("melee", 2, 2), ("magic", 2, 2)]


def _wounded(rolls):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT))
    assert all(a.standing for a in cat.card("leaky-diving-helm").abilities)
    hero = cat.new_hero("varikas-the-dead", items=["leaky-diving-helm"], gold=0)
    dice = ScriptedDice(rolls)
    combat = Combat(cat, State(heroes=[hero]), dice, {hero.id: ScriptedPlayer([])}, BASE)
    combat.moment = Moment("phase", "melee", combat=1, round=1, turn=1)
    combat.fire({"kind": "takes_wounds", "figure": hero.id, "amount": 1, "phase": "melee"})
    return hero, dice


def test_the_engine_fires_the_test_and_its_outcome():
    hero, dice = _wounded([20])
    assert (dice.used, hero.gold) == (1, 1)  # was 0: the outcome never ran
    hero, dice = _wounded([2])  # 2 + Body: short of 14
    assert (dice.used, hero.gold) == (1, 0)


@pytest.mark.parametrize("mode", ["bot", "ask"])
def test_the_kernel_fights_it_as_the_engine(mode):
    from runeforge.engine.runebound.analysis.kernel_check import differential
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT))
    for allies in ((), ("river-guide",)):
        result = differential(cat, "varikas-the-dead", "flooded-crypt-horror",
                              ("leaky-diving-helm",), allies, seeds=range(100), mode=mode)
        assert result is None, result
