"""A condition on a skill reads the skills a held card gives (issue 32, branch runs2): "If you
have the Lore skill, gain 2 gold." read the skills printed on the Hero's card only, so a Hero
holding Sage's Primer ("You have the Lore skill.", tests/data/lang-runs2) got nothing, while
a test of Lore counted the Primer's skill."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from runeforge.games.runebound.abilities import compile_text

CONTENT = Path(__file__).resolve().parent / "data" / "lang-runs2"


def _gold(items, text="If you have the Lore skill, gain 2 gold.") -> int:
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT))
    hero = cat.new_hero("varikas-the-dead", items=list(items), gold=0)
    assert "Lore" not in (cat.card(hero.id).data.get("skills") or [])
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]), {hero.id: ScriptedPlayer([])},
                    BASE)
    ir = compile_text(text, "encounter", skills=("Swim", "Climb", "Diplomacy", "Lore"))
    run_all(build_effects(ir["effects"]),
            Context(combat, hero, "test-encounter"))
    return hero.gold


@pytest.mark.parametrize("items, gold", [((), 0), (("sages-primer",), 2)])
def test_a_skill_given_by_a_held_card_meets_a_condition_on_it(items, gold):
    assert _gold(items) == gold  # was 0 with the Primer


def test_the_otherwise_branch_follows_the_same_skills():
    text = "If you have the Lore skill, gain 2 gold. Otherwise, gain 1 gold."
    assert (_gold((), text), _gold(("sages-primer",), text)) == (1, 2)


def test_a_fresh_process_builds_a_catalog_with_a_granted_skill():
    """The catalog registers ``grant_skill`` itself: in a process that never imported
    core/skills.py, a card saying "You have the Lore skill." failed with "unknown effect op
    'grant_skill'" (found by branch runs2, whose tests imported the module first)."""
    code = ("from tests.engine_bundle import catalog\n"
            f"cat = catalog({str(CONTENT)!r})\n"
            "hero = cat.new_hero('varikas-the-dead', items=['sages-primer'], gold=0)\n"
            "print(hero.items)\n")
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-800:]
    assert "sages-primer" in done.stdout
