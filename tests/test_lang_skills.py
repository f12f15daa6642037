"""A skill a card gives its Hero (issue 32, session skills): "You have the Swim skill." on an
Item, an Ally or a Hero card. While the card is held the Hero has the skill in skill tests, in
the terrain rules of movement, in the combat kernel and the exact odds; said otherwise it is
refused at check (RF470), and an unknown skill is RF408."""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from tests.test_lang_rbrules import _held_rule

SKILLS = frozenset({"Swim", "Climb", "Stealth", "Diplomacy"})


def _unskilled(game, hero, skill: str) -> None:
    """Make sure ``hero``'s own card does not print ``skill`` (the test is of the given one)."""
    hero.skills = [s for s in hero.skills if s.lower() != skill.lower()]


@pytest.mark.parametrize("text, kind", [("You have the Stealth skill.", "item"),
                                        ("Your Hero gains the Stealth skill.", "ally")])
def test_the_holder_has_the_skill_while_the_card_is_held(text, kind):
    from runeforge.engine.runebound.core.skills import skills_of

    game, hero, other = _held_rule(text, kind, SKILLS)
    _unskilled(game, hero, "Stealth")
    _unskilled(game, other, "Stealth")
    assert "stealth" in skills_of(game.combat, hero)
    assert "stealth" not in skills_of(game.combat, other)  # the holder's alone
    hero.items.clear()
    game.combat.modifiers_changed()
    assert "stealth" not in skills_of(game.combat, hero)


def test_a_test_of_the_given_skill_gets_the_skill_bonus():
    from runeforge.engine.runebound.core.effects import Context

    game, hero, _ = _held_rule("You have the Stealth skill.", "item", SKILLS)
    _unskilled(game, hero, "Stealth")
    engine = game.combat
    engine.skill_test(Context(engine, hero, hero.items[0]), "mind", "Stealth", 99)
    record = [r for r in engine.log.of_type("roll") if r.get("skill") == "Stealth"][-1]
    assert record["has_skill"] is True


def test_the_kernel_plan_gives_the_held_cards_skills():
    from runeforge.engine.runebound.combat.kernel_plan import Plan

    game, hero, _ = _held_rule("You have the Stealth skill.", "item", SKILLS)
    catalog = game.catalog
    hero_id = next(c for c in catalog.ids("hero")
                   if "stealth" not in {s.lower() for s in catalog.card(c).data.get("skills")
                                        or []})
    challenge = catalog.ids("challenge")[0]
    with_card = Plan.build(catalog, hero_id, challenge, items=[hero.items[0]])
    without = Plan.build(catalog, hero_id, challenge)
    assert "Stealth" in with_card.hero.skills and "Stealth" not in without.hero.skills


@pytest.mark.parametrize("text", ["Your Hero has the Swim skill.", "You gain the Swim skill.",
                                  "You have the Swim skill.", "Your Hero gains the Swim skill."])
def test_one_canonical_sentence(text):
    printed = print_ability(parse_ability(text))
    assert printed == "You have the Swim skill."
    assert parse_ability(printed) == parse_ability(text)


@pytest.mark.parametrize("text, kind, code, words", [
    ("You have the Swim skill.", "event", "RF470", "have the Swim skill"),
    ("Each Hero has the Swim skill.", "ally", "RF470", "has the Swim skill"),
    ("Until the end of this turn, you have the Swim skill.", "item", "RF470", "have the Swim"),
    ("When you enter a town, you gain the Climb skill.", "hero", "RF470", "gain the Climb"),
    ("Each other Hero gains the Climb skill.", "item", "RF470", "gains the Climb skill"),
    ("Gain 2 gold and gain the Stealth skill.", "hero", "RF470", "gain the Stealth skill"),
    ("You have the Swimming skill.", "hero", "RF408", "have the Swimming skill"),
])
def test_refused_at_its_words(text, kind, code, words):
    _ir, findings = compile_ability(text, CardContext(kind, None, None, SKILLS))
    errors = [f for f in findings if f.severity == "error"]
    assert errors and errors[0].code == code, findings
    assert text[errors[0].span[0]:errors[0].span[1]].startswith(words) and errors[0].hint
