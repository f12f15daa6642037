"""A limited trigger's firings are counted per instance (issue 32, branch runs2): two copies
of one card, or two durations with the same rule, each fire once per turn. The count was
keyed by the card id and the trigger's IR, so the first copy's firing spent the second's
("Once per turn, every time your Hero takes 1 or more wounds, gain 1 gold." on two Tally
Charms gave 1 gold, not 2)."""

from __future__ import annotations

from pathlib import Path

from runeforge.engine.runebound.core.state import ActiveEffect
from runeforge.engine.runebound.core.windows import Moment
from runeforge.games.runebound.abilities import compile_text

CONTENT = Path(__file__).resolve().parent / "data" / "lang-runs"
TEXT = "Once per turn, every time your Hero takes 1 or more wounds, gain 1 gold."


def _combat(items=()):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT))
    hero = cat.new_hero("varikas-the-dead", items=list(items), gold=0)
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]), {hero.id: ScriptedPlayer([])},
                    BASE)
    return combat, hero


def _wounds(combat, hero, turns=(1, 1)) -> None:
    for i, turn in enumerate(turns):
        combat.moment = Moment("phase", "melee", combat=1, round=i + 1, turn=turn)
        combat.fire({"kind": "takes_wounds", "figure": hero.id, "amount": 1, "phase": "melee"})


def test_two_copies_of_a_card_each_fire_once_per_turn():
    combat, hero = _combat(["tally-charm", "tally-charm"])
    _wounds(combat, hero)
    assert hero.gold == 2  # was 1: the first copy's firing spent the second's
    _wounds(combat, hero, turns=(2,))
    assert hero.gold == 4


def test_one_copy_still_fires_once_per_turn():
    combat, hero = _combat(["tally-charm"])
    _wounds(combat, hero, turns=(1, 1, 1))
    assert hero.gold == 1


def test_two_equal_durations_each_fire_once_per_turn():
    combat, hero = _combat()
    effects = compile_text(TEXT, "item", "constant")["effects"]
    for _ in range(2):
        combat.state.effects.append(ActiveEffect(hero.id, "tally-charm", "end_of_turn",
                                                 list(effects)))
    _wounds(combat, hero)
    assert hero.gold == 2


def test_the_same_text_on_two_cards_counts_apart():
    from runeforge.engine.runebound.core.effects import build_effects

    combat, hero = _combat()
    effects = compile_text(TEXT, "item", "constant")["effects"]
    (a,), (b,) = build_effects(effects), build_effects(effects)
    combat.standing_triggers = lambda: [(hero, "charm-a", a, None), (hero, "charm-b", b, None)]
    _wounds(combat, hero)
    assert hero.gold == 2


def test_a_copy_held_with_a_copy_of_a_duration_counts_apart():
    """A held card's trigger and a duration from that card with the same rule are two
    instances."""
    combat, hero = _combat(["tally-charm"])
    effects = compile_text(TEXT, "item", "constant")["effects"]
    combat.state.effects.append(ActiveEffect(hero.id, "tally-charm", "end_of_turn",
                                             list(effects)))
    _wounds(combat, hero)
    assert hero.gold == 2
