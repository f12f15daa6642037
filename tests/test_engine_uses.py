"""An ability's uses are counted per copy of its card (issue 32, branch runs3): two copies of
one Item held by a Hero each give their "Before Combat:" use (once per turn, once per combat);
the count was keyed by the card id and ability alone, so the first copy's use spent the
second's. The firings of triggers are counted per copy the same way (test_engine_firings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.runebound.core.state import Hero
from runeforge.engine.runebound.core.windows import BEFORE_COMBAT, Moment

CONTENT = Path(__file__).resolve().parent / "data" / "lang-runs"
REF = "purse-stone#0"


def _combat(items):
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
    combat.moment = Moment("step", BEFORE_COMBAT, combat=1, round=0, turn=1)
    return combat, hero


def test_two_copies_each_give_their_use():
    combat, hero = _combat(["purse-stone", "purse-stone"])
    combat.use_ability(hero, REF)
    assert combat.refusal(hero, combat.ability(REF)) is None  # was "already used"
    combat.use_ability(hero, REF)
    assert hero.gold == 2
    with pytest.raises(IllegalAction, match="already used"):
        combat.use_ability(hero, REF)


def test_one_copy_still_gives_one_use():
    combat, hero = _combat(["purse-stone"])
    combat.use_ability(hero, REF)
    with pytest.raises(IllegalAction, match="already used"):
        combat.use_ability(hero, REF)
    assert hero.gold == 1


def test_a_copy_lost_takes_its_use():
    combat, hero = _combat(["purse-stone", "purse-stone"])
    combat.use_ability(hero, REF)
    hero.items.remove("purse-stone")
    assert "already used" in combat.refusal(hero, combat.ability(REF))


def test_the_uses_survive_a_save():
    combat, hero = _combat(["purse-stone", "purse-stone"])
    combat.use_ability(hero, REF)
    again = Hero.from_dict(hero.to_dict())
    assert again.used == hero.used
    combat.state.heroes = [again]
    combat.use_ability(again, REF)
    assert "already used" in combat.refusal(again, combat.ability(REF))


def test_the_exact_odds_leave_a_second_copy_out():
    """The exact model counts a use per ref ("card#index"): a second copy's use is not
    modelled (said so), a static rule's copy needs no use."""
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.games.runebound.abilities import compile_text

    ir = compile_text("Before Combat: Gain 1 gold.", "item", "constant")
    assert not before_model([("purse-stone", 0, "item", ir)]).uncovered_before
    model = before_model([("purse-stone", 0, "item", ir)] * 2)
    [(_card, _i, _source, why)] = model.uncovered_before
    assert "second copy" in why
    bonus = compile_text("+1 to your melee attacks.", "item", "constant")
    assert not before_model([("charm", 0, "item", bonus)] * 2).uncovered


# Activation is counted per copy as the uses are (issue 32, branch runs4): "Activate" turned
# the card face down by its id, so activating one copy turned the other down too.
LAMP = "lamp-of-tolls#0"


def _next_combat(combat, number):
    combat.moment = Moment("step", BEFORE_COMBAT, combat=number, round=0, turn=1)


def test_two_copies_are_activated_one_each():
    combat, hero = _combat(["lamp-of-tolls", "lamp-of-tolls"])
    combat.use_ability(hero, LAMP)
    _next_combat(combat, 2)  # one activation a Before Combat step: the next combat's step
    assert combat.refusal(hero, combat.ability(LAMP)) is None  # was "already activated"
    combat.use_ability(hero, LAMP)
    assert hero.gold == 2 and hero.activated == ["lamp-of-tolls", "lamp-of-tolls"]
    _next_combat(combat, 3)
    with pytest.raises(IllegalAction, match="already activated"):
        combat.use_ability(hero, LAMP)


def test_one_copy_is_activated_once():
    combat, hero = _combat(["lamp-of-tolls"])
    combat.use_ability(hero, LAMP)
    _next_combat(combat, 2)
    assert "already activated" in combat.refusal(hero, combat.ability(LAMP))
    with pytest.raises(IllegalAction, match="already activated"):
        combat.check_activation(hero, "lamp-of-tolls")


def test_a_copy_lost_leaves_the_other_face_down():
    """The copy that stays keeps what was spent, its use (test_a_copy_lost_takes_its_use) and
    its face-down state; the last copy leaving takes its face-down state with it."""
    combat, hero = _combat(["lamp-of-tolls", "lamp-of-tolls"])
    combat.use_ability(hero, LAMP)
    combat.discard_item(hero, "lamp-of-tolls")
    assert hero.activated == ["lamp-of-tolls"]
    _next_combat(combat, 2)
    assert "already activated" in combat.refusal(hero, combat.ability(LAMP))
    combat.discard_item(hero, "lamp-of-tolls")
    assert hero.activated == [] and hero.items == []


def test_the_activations_survive_a_save():
    combat, hero = _combat(["lamp-of-tolls", "lamp-of-tolls"])
    combat.use_ability(hero, LAMP)
    _next_combat(combat, 2)
    combat.use_ability(hero, LAMP)
    again = Hero.from_dict(hero.to_dict())
    assert again.activated == ["lamp-of-tolls", "lamp-of-tolls"]
    combat.state.heroes = [again]
    _next_combat(combat, 3)
    assert "already activated" in combat.refusal(again, combat.ability(LAMP))


# One count of copies for uses, activations and firings (issue 32, branch mends): the firings
# of a limited trigger were keyed by each copy's index (firings.py), the uses and activations
# counted in one bucket per rule (the resolver); they are all one key per rule now, whose
# bucket holds one for each copy (state.copies_held).

def _wound(combat, hero, turn=1, rnd=1):
    combat.moment = Moment("phase", "melee", combat=9, round=rnd, turn=turn)
    combat.fire({"kind": "takes_wounds", "figure": hero.id, "amount": 1, "phase": "melee"})


def test_two_copies_each_fire_activate_and_are_used_once_across_a_save():
    combat, hero = _combat(["tally-charm", "purse-stone", "lamp-of-tolls"] * 2)
    combat.use_ability(hero, REF)
    combat.use_ability(hero, LAMP)
    _wound(combat, hero)
    assert hero.gold == 4  # a use, an activation, and both charms fired
    fired = {k: v for k, v in hero.used.items() if ":fired@" in k}
    assert fired and set(fired.values()) == {2}, fired  # was a key per copy, each 1
    assert all("/" not in k for k in fired)
    assert {v for k, v in hero.used.items() if k.startswith(f"{REF}@")} == {1}

    again = Hero.from_dict(hero.to_dict())  # saved and restored mid-turn
    assert again.used == hero.used and again.activated == ["lamp-of-tolls"]
    combat.state.heroes = [again]
    combat.modifiers_changed()
    _next_combat(combat, 2)
    combat.use_ability(again, REF)  # the second copy's use
    combat.use_ability(again, LAMP)  # the second copy's activation
    assert again.gold == 6
    _next_combat(combat, 3)
    for ref, why in ((REF, "already used"), (LAMP, "already activated")):
        assert why in combat.refusal(again, combat.ability(ref))
    _wound(combat, again, rnd=2)
    assert again.gold == 6  # both copies fired this turn
    _wound(combat, again, turn=2)
    assert again.gold == 8


def test_a_copy_bought_mid_turn_fires_once_more():
    combat, hero = _combat(["tally-charm"])
    _wound(combat, hero)
    hero.items.append("tally-charm")
    combat.modifiers_changed()
    _wound(combat, hero, rnd=2)
    _wound(combat, hero, rnd=3)
    assert hero.gold == 2
