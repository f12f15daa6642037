"""A card's own subject (issue 32, session self): the rules a challenge's or an Ally's card says
of itself run on that card's figure in the engine. "This challenge cannot take more than 1 wound
per combat round." caps the challenge's wounds (not the Hero's); "Immune to ranged and melee
attacks." makes the challenge immune to both and to nothing else; "This Ally cannot take more
than 1 wound each combat round." caps that Ally only. The content is tests/data/self_content."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "self_content"


def _setup(challenge_id: str):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import Hero, State
    from tests.engine_bundle import catalog

    cat = catalog(CONTENT)
    hero = Hero.from_card(cat.card("varikas-the-dead").data)
    porter = cat.new_ally("stubborn-porter")
    hero.allies = [porter]
    enemy = cat.new_challenge(challenge_id)
    engine = Combat(cat, State(heroes=[hero]), ScriptedDice([]),
                    {hero.id: ScriptedPlayer({})}, BASE)
    engine.enemies[hero.id] = enemy
    return engine, hero, porter, enemy


def _at(engine, step: str, round_: int) -> None:
    from runeforge.engine.runebound.core.windows import moment_at

    engine.moment = moment_at(step, step, 1, round_, 1)


def test_this_challenge_takes_no_more_than_one_wound_in_each_combat_round():
    from runeforge.engine.runebound.core.effects_combat import capped_wounds

    engine, hero, _porter, golem = _setup("glass-golem")
    _at(engine, "melee", 1)
    assert capped_wounds(engine, golem, 3) == 1
    _at(engine, "magic", 1)  # the same round: the cap is spent
    assert capped_wounds(engine, golem, 2) == 0
    _at(engine, "ranged", 2)  # a new round
    assert capped_wounds(engine, golem, 4) == 1
    assert capped_wounds(engine, hero, 3) == 3  # the challenge's rule, not the Hero's


def test_this_challenge_takes_no_more_than_two_wounds_in_each_combat_phase():
    from runeforge.engine.runebound.core.effects_combat import capped_wounds

    engine, hero, _porter, lurker = _setup("mire-lurker")
    _at(engine, "melee", 1)
    assert capped_wounds(engine, lurker, 5) == 2
    _at(engine, "magic", 1)  # each phase has its own cap
    assert capped_wounds(engine, lurker, 3) == 2
    assert capped_wounds(engine, hero, 3) == 3


def test_this_ally_takes_no_more_than_one_wound_in_each_combat_round():
    from runeforge.engine.runebound.core.effects_combat import capped_wounds

    engine, hero, porter, _golem = _setup("mire-lurker")
    _at(engine, "ranged", 1)
    assert capped_wounds(engine, porter, 3) == 1
    _at(engine, "melee", 1)
    assert capped_wounds(engine, porter, 1) == 0
    assert capped_wounds(engine, hero, 2) == 2  # "this Ally", not the Hero


@pytest.mark.parametrize("phase,immune", [("ranged", True), ("melee", True), ("magic", False)])
def test_immune_to_ranged_and_melee_attacks_is_the_challenges_own(phase, immune):
    from runeforge.engine.runebound.core.effects_combat import immune_to

    engine, hero, _porter, golem = _setup("glass-golem")
    assert (immune_to(engine, golem, phase) == "glass-golem") is immune
    assert immune_to(engine, hero, phase) is None


def test_immune_to_several_phases_is_one_always_on_rule_per_phase():
    from runeforge.games.runebound.abilities import compile_ability
    from runeforge.games.runebound.checks import CardContext

    ir, findings = compile_ability("Immune to ranged and magic attacks.",
                                   CardContext("challenge", None, None, frozenset()))
    assert [f.code for f in findings] == []  # no RF441: the subject left out is the challenge
    assert ir["static"] and [(e["op"], e["target"], e["phase"]) for e in ir["effects"]] == [
        ("immune", "enemy", "ranged"), ("immune", "enemy", "magic")]


@pytest.mark.parametrize("kind,text", [
    ("item", "Your ranged attacks against this challenge get +1."),
    ("ally", "Ranged: This challenge deals 1 wound to your Hero."),
    ("hero", "Immune to magic attacks."),
])
def test_this_challenge_off_a_challenges_card_is_refused_where_it_is_written(kind, text):
    from runeforge.games.runebound.abilities import compile_ability
    from runeforge.games.runebound.checks import CardContext

    ir, findings = compile_ability(text, CardContext(kind, None, None, frozenset()))
    errors = [f for f in findings if f.severity == "error"]
    assert ir is None and [f.code for f in errors] == ["RF450"]
    start, end = errors[0].span
    assert text[start:end].lower() in text.lower() and end > start


def test_allies_barred_in_the_magic_phase_only():
    """"Your Allies cannot attack this challenge during the Magic phase." is the challenge's
    magic step barring them to the end of the round (magic is a round's last phase): in the
    ranged and melee steps the Hero's Allies may attack, in the magic step they may not, and in
    the next round's ranged step they may again."""
    from runeforge.engine.runebound.core.windows import MAGIC, MELEE, RANGED

    engine, hero, _porter, _wisp = _setup("spiteful-wisp")
    for step in (RANGED, MELEE):
        _at(engine, step, 1)
        engine.open_window(hero, step)
        assert engine.restricted("ally_attack") is None, step
    _at(engine, MAGIC, 1)
    engine.open_window(hero, MAGIC)
    assert engine.restricted("ally_attack") == "spiteful-wisp"
    engine.expire("end_of_round")
    _at(engine, RANGED, 2)
    engine.open_window(hero, RANGED)
    assert engine.restricted("ally_attack") is None


@pytest.mark.parametrize("phase", ["Ranged", "Melee"])
def test_allies_barred_in_another_phase_alone_is_the_bar_of_that_phase(phase):
    """Refused (the engine barred Allies to the end of a round or combat only) until branch
    rbsubj gave the engine the bar of a phase: the Allies of the Hero facing the challenge."""
    from runeforge.dsl.runebound import parse_ability
    from runeforge.games.runebound.lower import lower

    text = f"Your Allies cannot attack this challenge during the {phase} phase."
    assert lower(parse_ability(text))["effects"] == [
        {"op": "restrict", "action": f"own_ally_attack_{phase.lower()}"}]
