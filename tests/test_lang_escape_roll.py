"""A bonus to the escape roll (issue 32, session sequence): "+2 on escape attempts", "+1 to your
escape rolls", "Your Hero gets +3 on escape attempts." (stat ``escape_roll``, printed "You
receive +2 to escape rolls.").

The escape roll is 2d10 + Mind against the enemy's Mind; the bonus is added to it in the
engine and in the compiled combat kernel alike (the differential test holds them together).
Only a Hero escapes: the bonus on another figure is RF410."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.games.runebound.abilities import canonical_text, compile_abilities
from runeforge.games.runebound.checks import CardContext

ROOT = Path(__file__).resolve().parent.parent
SEQUENCE = ROOT / "tests" / "data" / "card_sequence"


@pytest.mark.parametrize("text, canonical", [
    ("+2 on escape attempts.", "You receive +2 to escape rolls."),
    ("+2 to all your escape rolls.", "You receive +2 to escape rolls."),
    ("You receive +1 on your escape attempts.", "You receive +1 to escape rolls."),
    ("Your Hero gets +3 on escape attempts.", "Your Hero receives +3 to escape rolls."),
])
def test_every_wording_is_a_modifier_of_the_escape_roll(text, canonical):
    irs, findings = compile_abilities(text, CardContext("item", "constant", None, frozenset()))
    assert not findings
    [effect] = irs[0]["effects"]
    assert (effect["op"], effect["stat"]) == ("modify", "escape_roll")
    assert canonical_text(text) == canonical


def test_only_a_hero_escapes():
    irs, findings = compile_abilities("Your enemy receives +1 to escape rolls.",
                                      CardContext("item", "constant", None, frozenset()))
    assert irs is None and [f.code for f in findings] == ["RF410"]


def _catalog():
    from tests.engine_bundle import catalog

    return catalog(SEQUENCE)


def test_the_engine_adds_the_bonus_to_the_escape_roll():
    """On the same die, 6 + Mind 5 against Mind 12 fails without the Smoke Cloak and
    succeeds with it."""
    from runeforge.engine.common.decisions import ScriptExhausted
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import Hero, State

    cat = _catalog()
    outcomes = {}
    for items in ((), ("smoke-cloak",)):
        hero = Hero.from_card(cat.card("varikas-the-dead").data)
        hero.items = list(items)
        combat = Combat(cat, State(heroes=[hero]), ScriptedDice([6]),
                        {hero.id: ScriptedPlayer([("escape", True)])}, BASE)
        try:  # the first escape roll is all this test reads
            combat.fight_challenge(hero, cat.new_challenge("watchful-heron"))
        except ScriptExhausted:
            pass
        rolls = [r for r in combat.log.records
                 if r["type"] == "roll" and r["purpose"] == "escape"]
        outcomes[items] = (rolls[0]["bonus"], rolls[0]["total"], rolls[0]["success"])
    assert outcomes == {(): (0, 11, False), ("smoke-cloak",): (3, 14, True)}


@pytest.mark.parametrize("mode", ["bot", "ask"])
def test_the_compiled_kernel_agrees_with_the_engine(mode):
    from runeforge.engine.runebound.analysis.kernel_check import differential
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    cat = _catalog()
    kernel = compile_kernel(cat, "varikas-the-dead", "watchful-heron", items=("smoke-cloak",))
    assert kernel.fn is not None, kernel.fallback
    for chal in ("watchful-heron", "orc-raiders", "hill-ogre", "blood-of-the-bloodmother"):
        assert differential(cat, "varikas-the-dead", chal, ("smoke-cloak",), seeds=range(30),
                            mode=mode) is None, chal
