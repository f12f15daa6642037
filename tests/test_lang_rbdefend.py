"""Issue 32 (session rbdefend): the Hero's defence roll as a trigger event.

"you fail to defend" / "you defend successfully" (and "you defend and fail", "your Hero fails
to defend", "If you fail to defend, ...") print as one canonical text, lower to the IR event
``defend_result``, and run in the engine: a challenge's "Melee: If you fail to defend, take 1
exhaustion." costs the Hero 1 exhaustion after each failed melee defence of the fight and never
after a ranged or magic one (the lowering binds the event to the tag's phase); an encounter,
which has no fight, refuses it at check; five locales render it; the compiled combat kernel
leaves such a fight to the engine.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.text.render import render_ability
from tests.test_lang_rbtrig import LOCALES, _errors

CONTENT = Path(__file__).resolve().parent / "data" / "lang-rbdefend"

# (as an author writes it, the canonical text, the card kind, the IR event)
VARIANTS = [
    ("Melee: If you fail to defend, take 1 exhaustion.",
     "Melee: Every time you fail to defend, take 1 exhaustion.", "challenge",
     {"kind": "defend_result", "success": False, "phase": "melee"}),
    ("Magic: If your Hero fails to defend, take 1 wound.",
     "Magic: Every time you fail to defend, take 1 wound.", "challenge",
     {"kind": "defend_result", "success": False, "phase": "magic"}),
    ("Whenever you defend and fail, take 1 exhaustion.",
     "Every time you fail to defend, take 1 exhaustion.", "challenge",
     {"kind": "defend_result", "success": False, "phase": None}),
    ("When your Hero defends successfully, gain 1 gold.",
     "Every time you defend successfully, gain 1 gold.", "item",
     {"kind": "defend_result", "success": True, "phase": None}),
    ("If you defend and succeed, gain 1 gold.",
     "Every time you defend successfully, gain 1 gold.", "hero",
     {"kind": "defend_result", "success": True, "phase": None}),
]


@pytest.mark.parametrize("variant, canonical, kind, event", VARIANTS)
def test_a_variant_is_its_canonical_form_and_lowers_to_its_event(variant, canonical, kind,
                                                                  event):
    assert print_ability(parse_ability(variant)) == canonical
    assert parse_ability(canonical) == parse_ability(variant)
    ir, errors = _errors(variant, kind)
    assert errors == [] and ir["effects"][0]["op"] == "trigger"
    assert ir["effects"][0]["event"] == event


@pytest.mark.parametrize("variant, canonical, kind, event", VARIANTS)
def test_every_canonical_form_renders_in_five_locales(variant, canonical, kind, event):
    ability = parse_ability(canonical)
    texts = {locale: render_ability(ability, locale) for locale in LOCALES}
    assert texts["en"] == canonical
    for locale, text in texts.items():
        assert text and "{" not in text and "event." not in text, (locale, text)
    assert len(set(texts.values())) == len(LOCALES)  # each locale has its own words


def test_an_encounter_has_no_fight_to_defend_in():
    _, errors = _errors("Every time you fail to defend, gain 1 gold.", "encounter")
    assert [f.code for f in errors] == ["RF440"]


def test_the_scenarios_run_the_defence_triggers_phase_by_phase():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine = [r for r in scenarios.run(result.content, result.compiled)
            if "lang-rbdefend" in r.path]
    assert len(mine) == 2 and not [(r.name, r.error) for r in mine if not r.passed]


def test_the_kernel_leaves_a_defence_trigger_to_the_engine():
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from tests.engine_bundle import catalog

    kernel = compile_kernel(catalog(CONTENT), "varikas-the-dead", "thorn-warden")
    assert kernel.fn is None and "defend_result" in kernel.fallback
