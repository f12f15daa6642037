"""Branch rblang (issue 32, part III): the openers, counts and outcome labels authors write for
the windows, conditions and durations the language has (dsl/runebound/ability.lark, "branch
rblang"; dsl/runebound/lexer_rblang.py). Each wording compiles to the IR of its canonical form
and prints as it; the engine runs the form (the tests below fail if its effect is not applied).
"""

from __future__ import annotations

import pytest

from runeforge.dsl.runebound import parse_ability
from runeforge.games.runebound.abilities import canonical_text, compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext

SAME = [
    # the turn's steps
    ("hero", "During your Refresh step, gain 1 gold.", "At the start of your turn, gain 1 gold."),
    ("ally", "Refresh: Discard 1 wound from your Hero.",
     "At the start of your turn, discard 1 wound from your Hero."),
    ("hero", "In the refresh step, gain 1 gold.", "At the start of your turn, gain 1 gold."),
    ("item", "During the Market step, gain 1 gold.", "During your market step, gain 1 gold."),
    ("hero", "At the start of each market step, gain 1 gold.",
     "During your market step, gain 1 gold."),
    # the knock-out and the defeat of this challenge in more connectives
    ("hero", "If your Hero is knocked out, lose 2 gold.",
     "When your Hero is knocked out, lose 2 gold."),
    ("hero", "After you are knocked out, lose 2 gold.",
     "When your Hero is knocked out, lose 2 gold."),
    ("challenge", "After you defeat this challenge, gain 3 gold.",
     "When you defeat a challenge, gain 3 gold."),
    # "as long as" is "while"
    ("hero", "As long as you have 2 or more Allies, you receive +1 Body.",
     "While you have 2 or more Allies, you receive +1 Body."),
    ("hero", "You receive +1 Body as long as your Hero is in a forest space.",
     "While your Hero is in a forest space, you receive +1 Body."),
    # counts with "at least" and "any"
    ("encounter", "If you have at least 2 wounds, discard 1 wound from your Hero.",
     "If you have 2 or more wounds, discard 1 wound from your Hero."),
    ("encounter", "If your Hero has at least one Ally, gain 1 gold.",
     "If you have 1 or more Allies, gain 1 gold."),
    ("challenge", "While your Hero has any wounds, this challenge receives +3 Body.",
     "While you have 1 or more wounds, this challenge receives +3 Body."),
    ("event", "Every Hero with at least 3 gold loses 1 gold.",
     "Each Hero with 3 or more gold loses 1 gold."),
    # an event said "this card", and the next event said as what it does
    ("event", "While this card is in play, Heroes cannot rest.",
     "While this event is in play, Heroes cannot rest."),
    ("event", "Until another event replaces this one, Heroes cannot rest.",
     "While this event is in play, Heroes cannot rest."),
    # a test's outcomes as labels
    ("encounter", "Test Spirit (8). Pass: gain 2 gold. Fail: take 1 wound.",
     "Test Spirit (8). If you succeed, gain 2 gold. If you fail, take 1 wound."),
    # noun phrases in other words (lexer_rblang.noun_phrases)
    ("hero", "This Hero receives +1 Body.", "Your Hero receives +1 Body."),
    ("hero", "This Hero's melee attacks deal 1 additional wound.",
     "Your melee attacks inflict 1 additional wound."),
    ("hero", "Melee: Take 1 exhaustion to add 3 to your Hero's combat roll.",
     "Melee: Take 1 exhaustion to receive +3 to melee combat rolls."),
    ("encounter", "If your Hero is on a town, gain 1 gold.",
     "If your Hero is in a town, gain 1 gold."),
    ("ally", "While your Hero is on any forest space, this Ally receives +1 Melee.",
     "While your Hero is in a forest space, this Ally receives +1 melee damage."),
    ("hero", "You receive +2 on all Escape tests.", "You receive +2 to escape rolls."),
    ("item", "Melee: If your melee attack succeeds, inflict 2 additional wounds.",
     "Melee: Until the end of this combat round, every time you attack and succeed, inflict 2 "
     "additional wounds on your enemy."),
    ("hero", "Ranged: If the ranged attack hits, gain 1 gold.",
     "Ranged: Until the end of this combat round, every time you attack and succeed, gain 1 "
     "gold."),
    ("encounter", "Discard one item to gain 4 gold.", "Discard an Item to gain 4 gold."),
    # the defence said as its roll
    ("challenge", "Melee: Whenever your Hero fails a defence roll, take 1 exhaustion.",
     "Melee: Every time you fail to defend, take 1 exhaustion."),
    ("hero", "Every time you succeed at a defense roll, gain 1 gold.",
     "Every time you defend successfully, gain 1 gold."),
    # signs and stops between clauses (lexer_rblang.clauses)
    ("item", "If your Hero has no exhaustion, your Hero's melee attacks deal +1 wound.",
     "If you have no exhaustion, your melee attacks inflict 1 additional wound."),
    ("challenge", "Melee: This challenge deals +1 wound.",
     "Melee: This challenge receives +1 melee damage."),
    ("hero", "Magic: Take 1 exhaustion for +3 to your combat roll.",
     "Magic: Take 1 exhaustion to receive +3 to magic combat rolls."),
    ("encounter", "If you have 3 or more gold, lose 3 gold; otherwise take 1 wound.",
     "If you have 3 or more gold, lose 3 gold. Otherwise, take 1 wound."),
    ("encounter", "If you have 2 or more Allies, gain 4 gold. Otherwise test Spirit (14); if you "
     "fail, take 2 exhaustion.", "If you have 2 or more Allies, gain 4 gold. Otherwise, test "
     "Spirit (14). If you fail, take 2 exhaustion."),
]


def _ctx(kind: str) -> CardContext:
    return CardContext(kind, "constant" if kind == "item" else None, None, frozenset())


@pytest.mark.parametrize("kind, written, canonical", SAME)
def test_a_wording_is_its_canonical_form(kind, written, canonical):
    assert canonical_text(written) == canonical
    assert parse_ability(written) == parse_ability(canonical)
    ir, findings = compile_ability(written, _ctx(kind))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    assert ir == compile_ability(canonical, _ctx(kind))[0]


def test_at_least_keeps_its_own_reading_where_no_count_is_held():
    text = ("At the end of each combat round, if you did not inflict at least 1 wound on your "
            "enemy this round, take 1 wound.")
    assert canonical_text(text) == text


def test_another_phases_attack_under_a_tag_is_refused_at_its_word():
    from runeforge.dsl.errors import AbilitySyntaxError

    text = "Magic: If your melee attack fails, take 1 exhaustion."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert text[err.value.start:err.value.end] == "melee"


def test_any_is_a_count_only_after_have():
    assert "1 or more" not in canonical_text("Move 1 space in any direction.")


# ---- the engine runs the forms ---------------------------------------------------------------

@pytest.fixture(scope="module")
def place_bundle():
    from tests.engine_bundle import bundle
    from tests.test_lang_place import CONTENT as PLACE

    return bundle(str(PLACE))


def _run(game, hero, text: str, kind: str) -> dict:
    """Run ``text`` for ``hero`` at its window as the turn loop does; return its IR."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import moment_at

    ir = compile_text(text, kind)
    game.combat.moment = moment_at(ir["timing"]["window"] or "any", turn=game.state.turn)
    run_all(build_effects(ir["effects"]), Context(game.combat, hero, hero.id))
    game.after_effects(hero)
    return ir


def test_the_refresh_step_is_the_start_of_the_turn_in_the_engine(place_bundle):
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    gold = hero.gold
    ir = _run(game, hero, "During your Refresh step, gain 2 gold.", "hero")
    assert ir["timing"]["window"] == "start_of_turn"
    assert hero.gold == gold + 2


@pytest.mark.parametrize("town, gained", [(True, 1), (False, 0)])
def test_on_a_town_is_where_the_engine_finds_the_hero(place_bundle, town, gained):
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    game.state.positions[hero.id] = game.board.town_space("Frostgate") if town else "H2"
    gold = hero.gold
    _run(game, hero, "If your Hero is on a town, gain 1 gold.", "encounter")
    assert hero.gold == gold + gained


@pytest.mark.parametrize("gold, lost, wounded", [(4, 3, 0), (2, 0, 1)])
def test_a_semicolon_otherwise_is_the_engines_otherwise(place_bundle, gold, lost, wounded):
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.games.runebound.abilities import compile_abilities
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    hero.gold, wounds = gold, hero.wounds
    irs, _ = compile_abilities("If you have 3 or more gold, lose 3 gold; otherwise take 1 "
                               "wound.", _ctx("encounter"))
    for ir in irs:
        run_all(build_effects(ir["effects"]), Context(game.combat, hero, hero.id))
    game.after_effects(hero)
    assert (hero.gold, hero.wounds) == (gold - lost, wounds + wounded)


@pytest.mark.parametrize("wounds, healed", [(2, 1), (1, 0)])
def test_at_least_is_the_count_the_engine_checks(place_bundle, wounds, healed):
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    hero.wounds = wounds
    _run(game, hero, "If you have at least 2 wounds, discard 1 wound from your Hero.",
         "encounter")
    assert hero.wounds == wounds - healed
