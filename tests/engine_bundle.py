"""Test support for the engine: the bundle compiled from the bundled YAML cards.

The engine tests get their IR from ``runeforge.pipeline`` (the real ability compiler) and
``runeforge.backends.bundle.build_bundle`` - the same path as ``runeforge build``.
"""

from __future__ import annotations

import copy
import functools

from runeforge.engine.catalog import Catalog


@functools.lru_cache(maxsize=8)
def _bundle(dirs: tuple[str, ...]) -> dict:
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle

    result = pipeline.check(list(dirs))
    errors = [d for d in result.diagnostics if d.is_error]
    assert not errors, "bundled content does not compile: " + "; ".join(
        f"{d.path}:{d.line}: {d.message}" for d in errors[:5])
    out = build_bundle(result.content, result.compiled)
    for card in out["cards"]:  # PROVISIONAL until the real compiler lands
        if card["text"] and not card["abilities"] and card["id"] in PROVISIONAL_IR:
            card["abilities"] = PROVISIONAL_IR[card["id"]]
    return out


def bundle(*dirs) -> dict:
    return copy.deepcopy(_bundle(tuple(str(d) for d in dirs)))


def catalog(*dirs) -> Catalog:
    return Catalog(bundle(*dirs))


# ---------------------------------------------------------------------------------------------
# PROVISIONAL: hand-written IR (per docs/effect-ir.md) used only for a card whose compiled
# ability list is empty, i.e. while compiler/abilities.py is still the provisional stub.
# The Catalog validates it with validate_ability, so it cannot drift from the contract.
def _fixed(n):
    return {"kind": "fixed", "value": n}


def _ab(source, effects, tag=None, window=None, limits=("turn",), costs=(), static=False,
        reaction=None):
    return {"source": source, "timing": {"tag": tag, "window": window},
            "limits": [] if static else list(limits), "costs": list(costs), "static": static,
            "reaction": reaction, "effects": effects}


_ACT = {"op": "activate"}
_CANCEL_1 = {"op": "cancel", "amount": _fixed(1), "target": "hero"}
PROVISIONAL_IR = {
    "varikas-the-dead": [_ab(
        "Before Combat: Take 1 exhaustion to make a magic attack.",
        [{"op": "attack", "phase": "magic", "bonus": 0}], tag="before_combat",
        costs=[{"op": "exhaustion", "amount": _fixed(1)}])],
    "blood-of-the-bloodmother": [_ab(
        "Before Combat: Test Body Swim (14). If you fail, take 1 wound.",
        [{"op": "test", "attribute": "body", "skill": "Swim", "target_number": 14},
         {"op": "if", "outcome": "failure", "effects": [
             {"op": "suffer", "amount": _fixed(1), "token": "wound", "target": "hero"}]}],
        tag="before_combat")],
    "padded-leather-armor": [_ab(
        "Activate to cancel 1 wound being inflicted on your Hero.", [_CANCEL_1],
        costs=[_ACT], reaction="wounds_inflicted")],
    "dwarven-fire-bomb": [_ab(
        "Before Combat: Discard to make a ranged attack. If you succeed, inflict 2 wounds on "
        "your enemy.",
        [{"op": "attack", "phase": "ranged", "bonus": 0},
         {"op": "if", "outcome": "success", "effects": [
             {"op": "inflict", "amount": _fixed(2), "target": "enemy"}]}],
        tag="before_combat", costs=[{"op": "discard"}])],
    "mirror-of-shael": [_ab(
        "Before Combat: Activate and take 1 exhaustion. Until the end of this combat, your "
        "enemy takes 1 wound every time your Hero takes 1 or more wounds as the result of a "
        "magic combat roll.",
        [{"op": "for_duration", "until": "end_of_combat", "effects": [
            {"op": "trigger",
             "event": {"kind": "takes_wounds", "target": "hero",
                       "amount": {"kind": "at_least", "value": 1}, "phase": "magic"},
             "effects": [{"op": "suffer", "amount": _fixed(1), "token": "wound",
                          "target": "enemy"}]}]}],
        tag="before_combat", costs=[_ACT, {"op": "exhaustion", "amount": _fixed(1)}])],
    "rune-plate": [_ab(
        "Any Phase: Once during 'Before Combat' and once per combat round, you may cancel 1 "
        "wound being inflicted on your Hero.",
        [{"op": "optional", "effects": [_CANCEL_1]}], tag="any_phase",
        limits=("before_combat", "round"), reaction="wounds_inflicted")],
    "shield-of-light": [_ab(
        "Activate to cancel 1 or 2 wounds being inflicted on your Hero and inflict 1 wound on "
        "your enemy.",
        [{"op": "cancel", "amount": {"kind": "choice", "values": [1, 2]}, "target": "hero"},
         {"op": "inflict", "amount": _fixed(1), "target": "enemy"}],
        costs=[_ACT], reaction="wounds_inflicted")],
    "staff-of-light": [_ab(
        "Before moving, activate to discard all wounds and exhaustion from your Hero or one of "
        "your Allies.",
        [{"op": "heal", "amount": {"kind": "all"}, "tokens": ["wound", "exhaustion"],
          "target": "hero_or_ally"}], window="before_moving", costs=[_ACT])],
    "touch-of-death": [_ab(
        "Before Combat: Activate and take X exhaustion to make a magic attack. If you succeed, "
        "inflict X wounds on your enemy.",
        [{"op": "attack", "phase": "magic", "bonus": 0},
         {"op": "if", "outcome": "success", "effects": [
             {"op": "inflict", "amount": {"kind": "x"}, "target": "enemy"}]}],
        tag="before_combat", costs=[_ACT, {"op": "exhaustion", "amount": {"kind": "x"}}])],
    "wings-of-regiroth": [_ab(
        "Before moving, activate to move up to 4 spaces in any direction instead of rolling "
        "movement dice.",
        [{"op": "move", "amount": {"kind": "up_to", "value": 4}, "any_direction": True,
          "instead_of_rolling": True}], window="before_moving", costs=[_ACT])],
    "belt-of-strength": [_ab("You receive +3 Body.",
                             [{"op": "modify", "target": "hero", "stat": "body", "value": 3}],
                             static=True)],
    "soul-burn": [_ab(
        "Magic: Activate and take 1 exhaustion. Until the end of this combat round, you receive "
        "+3 to magic combat rolls.",
        [{"op": "for_duration", "until": "end_of_round", "effects": [
            {"op": "modify", "target": "you", "stat": "magic_roll", "value": 3}]}],
        tag="magic", costs=[_ACT, {"op": "exhaustion", "amount": _fixed(1)}])],
    "stormcaller-rod": [_ab("Magic: Activate to make a magic attack with +2.",
                            [{"op": "attack", "phase": "magic", "bonus": 2}], tag="magic",
                            costs=[_ACT])],
}


def fight(cat, hero, challenge_id, dice, answers, ruleset=None, extra_heroes=()):
    """Run one scripted combat; returns (result, combat, state)."""
    from runeforge.engine.combat import Combat
    from runeforge.engine.dice import ScriptedDice
    from runeforge.engine.players import ScriptedPlayer
    from runeforge.engine.ruleset import BASE
    from runeforge.engine.state import State

    state = State(heroes=[hero, *extra_heroes])
    combat = Combat(cat, state, ScriptedDice(dice), {hero.id: ScriptedPlayer(answers)},
                    ruleset or BASE)
    result = combat.fight_challenge(hero, cat.new_challenge(challenge_id))
    return result, combat, state
