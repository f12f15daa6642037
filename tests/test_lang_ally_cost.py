"""An Ally pays for its own ability with its own exhaustion (issue 32, session sequence):
"Place 1 exhaustion on this Ally to ...", "Take 1 exhaustion on this Ally to ...", "This Ally
takes 1 exhaustion to ...", "Exhaust this Ally to ..." (IR cost ``ally_exhaustion``).

The Ally takes it, never beyond its Stamina (a player never chooses exhaustion that turns into
wounds); only an Ally's own text can say it (RF450). The scenarios of
tests/data/card_sequence show it run in a combat."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.games.runebound.abilities import canonical_text, compile_abilities
from runeforge.games.runebound.checks import CardContext

ROOT = Path(__file__).resolve().parent.parent
SEQUENCE = ROOT / "tests" / "data" / "card_sequence"
CANONICAL = "Before Combat: Place 1 exhaustion on this Ally to inflict 1 wound on your enemy."


def _ctx(kind: str) -> CardContext:
    return CardContext(kind, None, None, frozenset({"Swim"}))


@pytest.mark.parametrize("text", [
    CANONICAL,
    "Before Combat: Take 1 exhaustion on this Ally to inflict 1 wound on your enemy.",
    "Before Combat: This Ally takes 1 exhaustion to inflict 1 wound on your enemy.",
    "Before Combat: Exhaust this Ally to inflict 1 wound on your enemy.",
])
def test_every_wording_is_the_allys_own_exhaustion_as_a_cost(text):
    irs, findings = compile_abilities(text, _ctx("ally"))
    assert not findings
    assert irs[0]["costs"] == [{"op": "ally_exhaustion",
                                "amount": {"kind": "fixed", "value": 1}}]
    assert canonical_text(text) == CANONICAL


def test_off_an_allys_card_it_names_no_card():
    irs, findings = compile_abilities(CANONICAL, _ctx("item"))
    assert irs is None and [f.code for f in findings] == ["RF450"]
    assert CANONICAL[slice(*findings[0].span)] == "Place 1 exhaustion on this Ally"


def test_said_as_an_effect_it_stays_an_effect():
    irs, _ = compile_abilities("Exhaust this Ally.", _ctx("ally"))
    assert irs[0]["costs"] == [] and irs[0]["effects"] == [
        {"op": "suffer", "amount": {"kind": "fixed", "value": 1}, "token": "exhaustion",
         "target": "this_ally"}]


@pytest.mark.parametrize("stamina, paid", [(2, 2), (1, 1), (0, 0)])
def test_the_ally_pays_up_to_its_stamina_and_never_beyond(stamina, paid):
    """Each payment puts 1 exhaustion on the Ally; a payment that would pass its Stamina is
    refused before anything is paid (its exhaustion never turns into a wound)."""
    from runeforge.engine.common.errors import IllegalAction
    from runeforge.engine.runebound.core.costs import build_cost
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.engine.runebound.core.state import Hero
    from tests.engine_bundle import catalog
    from tests.test_lang_core import _engine

    cat = catalog(SEQUENCE)
    hero = Hero.from_card(cat.card("varikas-the-dead").data)
    squire = cat.new_ally("ember-squire")
    squire.stamina = stamina
    hero.allies = [squire]
    engine = _engine(cat, hero)
    ctx = Context(engine, hero, squire.id, actor=squire)
    cost = build_cost({"op": "ally_exhaustion", "amount": {"kind": "fixed", "value": 1}})
    for _ in range(paid):
        cost.check(ctx)
        cost.pay(ctx)
    assert (squire.exhaustion, squire.wounds, hero.exhaustion) == (paid, 0, 0)
    with pytest.raises(IllegalAction, match="never choose"):
        cost.check(ctx)
    hero.allies = []
    with pytest.raises(IllegalAction, match="no such Ally"):
        cost.check(ctx)  # an Ally that left its Hero pays nothing


def test_the_ember_squires_scenarios_pass():
    from runeforge import pipeline
    from runeforge.scenarios import report
    from tests.engine_bundle import folder_scenarios

    results, _failed = folder_scenarios(pipeline.check([str(SEQUENCE)]), SEQUENCE)
    ours = [r for r in results if {"ember-squire", "weary-porter"} & set(r.covers)]
    assert len(ours) == 2
    failed = [line for r in ours if not r.passed for line in report.failure_lines(r)]
    assert not failed, "\n".join(failed)
