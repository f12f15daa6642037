"""Test support for the engine: the bundle compiled from the bundled YAML cards.

The engine tests get their IR from ``runeforge.pipeline`` (the real ability compiler) and
``runeforge.backends.bundle.build_bundle`` - the same path as ``runeforge build``.
"""

from __future__ import annotations

import copy
import functools

from runeforge.engine.runebound.core.catalog import Catalog


@functools.lru_cache(maxsize=8)
def _bundle(dirs: tuple[str, ...]) -> dict:
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle

    result = pipeline.check(list(dirs))
    errors = [d for d in result.diagnostics if d.is_error]
    assert not errors, "bundled content does not compile: " + "; ".join(
        f"{d.path}:{d.line}: {d.message}" for d in errors[:5])
    out = build_bundle(result.content, result.compiled)
    for card in out["cards"]:  # every ability a text holds has its compiled IR
        assert len(card["abilities"]) == _held(card), card["id"]
    return out


def _held(card: dict) -> int:
    """How many abilities the card's texts hold: a Runebound text may hold several one after
    another ("Before Combat: ... Reward: 3 gold.", dsl/runebound/sequence.py)."""
    if card.get("game", "runebound-2e") != "runebound-2e":
        return len(card["text"])
    from runeforge.games.runebound.abilities import parts_cached

    return sum(len(parts_cached(text)) for text in card["text"])


def folder_scenarios(result, folder) -> tuple[list, list[str]]:
    """The scenario results of the scenario files in ``folder`` (of a checked ``result``), and
    the failure lines of those that failed."""
    from pathlib import Path

    from runeforge.games.runebound.scenarios import run
    from runeforge.scenarios import report

    docs = [d for d in result.content.documents.get("scenarios", [])
            if Path(d.path).resolve().parent == Path(folder).resolve()]
    results = run(result.content, result.compiled, docs)
    return results, [line for r in results if not r.passed for line in report.failure_lines(r)]


def bundle(*dirs) -> dict:
    return copy.deepcopy(_bundle(tuple(str(d) for d in dirs)))


def catalog(*dirs) -> Catalog:
    return Catalog(bundle(*dirs))


def fight(cat, hero, challenge_id, dice, answers, ruleset=None, extra_heroes=()):
    """Run one scripted combat; returns (result, combat, state)."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    state = State(heroes=[hero, *extra_heroes])
    combat = Combat(cat, state, ScriptedDice(dice), {hero.id: ScriptedPlayer(answers)},
                    ruleset or BASE)
    result = combat.fight_challenge(hero, cat.new_challenge(challenge_id))
    return result, combat, state
