"""Issue 32 (lists): coordination inside a noun phrase. A selector, condition or trigger that
names a colour or a terrain names one or several ("a blue or red challenge", "a forest, hills
or mountain space"); the AST holds a str or a tuple in the game's order, the IR a string or a
list of two or more, the engine matches any of them, and every locale renders the list."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import IRError, validate_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability
from tests.test_lang_branching import _game_with, _space

SKILLS = frozenset({"Swim", "Climb"})


def _ctx(kind="event", usage=None):
    return CardContext(kind, usage, None, SKILLS)


def _conditions(text):
    return [x for s in parse_ability(text).sentences for x in n.walk(s)
            if isinstance(x, n.Condition)]


# ---------------------------------------------------------------- parsing and printing
@pytest.mark.parametrize("variant, canonical", [
    ("When you defeat a red or blue challenge, gain 2 gold.",
     "When you defeat a challenge, if your enemy is a blue or red challenge, gain 2 gold."),
    ("When you defeat a blue and red challenge, gain 2 gold.",
     "When you defeat a challenge, if your enemy is a blue or red challenge, gain 2 gold."),
    ("If your enemy is a red, green, or yellow challenge, gain 1 gold.",
     "If your enemy is a green, yellow or red challenge, gain 1 gold."),
    ("+1 Body against red and green challenges.",
     "While your enemy is a green or red challenge, you receive +1 Body."),
    ("Each Hero in a swamp or forest space takes 1 wound.",
     "Each Hero in a forest or swamp space takes 1 wound."),
    ("Every other Hero in a mountains, hill or road space loses 1 gold.",
     "Each other Hero in a road, hill or mountain space loses 1 gold."),
    ("If you are in a mountain, forest, or hills space, heal 1 wound.",
     "If your Hero is in a hill, forest or mountain space, discard 1 wound from your Hero."),
    ("When you enter a river or plains space, gain 1 gold.",
     "Every time your Hero enters a river or plains space, gain 1 gold."),
])
def test_a_list_prints_once_in_the_games_order_and_reads_back(variant, canonical):
    ability = parse_ability(variant)
    assert print_ability(ability) == canonical
    assert parse_ability(canonical) == ability
    assert print_ability(parse_ability(canonical)) == canonical


def test_one_value_keeps_its_old_shape():
    (c,) = _conditions("If your enemy is a red challenge, gain 1 gold.")
    assert c.value == "red" and isinstance(c.value, str)
    (c,) = _conditions("If your enemy is a red or blue challenge, gain 1 gold.")
    assert c.value == ("blue", "red")


def test_a_comma_after_a_terrain_still_ends_the_condition():
    """The lexer makes a comma LISTCOMMA only inside 'A, B or C': "If you are in a swamp,
    ..." keeps its comma."""
    (c,) = _conditions("If you are in a swamp, gain 1 gold.")
    assert c.value == "swamp"
    (c,) = _conditions("If you are in a swamp or forest, gain 1 gold.")
    assert c.value == ("forest", "swamp")


@pytest.mark.parametrize("text, word", [
    ("When you defeat a blue or blue challenge, gain 2 gold.", "blue"),
    ("Each Hero in a swamp, forest or swamp space takes 1 wound.", "swamp"),
])
def test_a_value_named_twice_is_refused_at_its_second_mention(text, word):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert text[err.value.start:err.value.end] == word
    assert err.value.start == text.rindex(word)


@pytest.mark.parametrize("text, code, word, wanted", [
    ("When you defeat a blue or swamp challenge, gain 2 gold.", "RF302", "swamp",
     "expected 'blue', 'green', 'red' or 'yellow' after 'or'"),
    ("Each Hero in a swamp or red space takes 1 wound.", "RF301", "red",
     "expected a terrain after 'or'"),
])
def test_a_colour_and_a_terrain_in_one_list_is_refused_at_the_stray_word(text, code, word,
                                                                          wanted):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == code
    assert text[err.value.start:err.value.end] == word
    assert wanted in err.value.message


@pytest.mark.parametrize("text, code, word", [
    ("Each Hero in a swamp or forrest space takes 1 wound.", "RF420", "forrest"),
    ("Every time your Hero enters a river or plians space, gain 1 gold.", "RF420", "plians"),
    ("If your Hero is in a swamp or lava space, gain 1 gold.", "RF414", "lava"),
])
def test_an_unknown_terrain_in_a_list_is_refused_at_its_word(text, code, word):
    _, findings = compile_ability(text, _ctx())
    [(got, where)] = [(f.code, text[f.span[0]:f.span[1]]) for f in findings
                      if f.severity == "error"]
    assert (got, where) == (code, word)


# ---------------------------------------------------------------- IR
def test_the_ir_holds_a_string_or_a_list_of_two_or_more():
    one = compile_text("Each Hero in a swamp space takes 1 wound.")
    two = compile_text("Each Hero in a swamp or forest space takes 1 wound.")
    assert one["effects"][0]["selector"]["place"] == "swamp"
    assert two["effects"][0]["selector"]["place"] == ["forest", "swamp"]
    enters = compile_text("When you enter a plains or river space, gain 1 gold.")
    assert enters["effects"][0]["event"] == {"kind": "enters_space",
                                             "place": ["river", "plains"]}
    colours = compile_text("Melee: if your enemy is a red or yellow challenge, gain 1 gold.")
    assert colours["effects"][0]["condition"] == {"kind": "enemy_colour",
                                                  "colour": ["yellow", "red"]}
    for ir in (one, two, enters, colours):
        validate_ability(ir)


@pytest.mark.parametrize("place", [["swamp"], ["swamp", "swamp"], ["swamp", "lava"], 3])
def test_the_schema_refuses_a_list_of_one_a_repeat_or_a_stranger(place):
    ir = compile_text("Each Hero in a swamp or forest space takes 1 wound.")
    ir["effects"][0]["selector"]["place"] = place
    with pytest.raises(IRError):
        validate_ability(ir)


# ---------------------------------------------------------------- the engine
def _challenge(game, colour):
    return next(c for c in sorted(game.catalog.cards) if game.card(c).kind == "challenge"
                and game.card(c).data.get("colour") == colour)


@pytest.mark.parametrize("colour, gold", [("red", 2), ("blue", 2), ("green", 0),
                                          ("yellow", 0)])
def test_defeating_a_blue_or_red_challenge_pays_for_those_colours_only(colour, gold):
    game, hero = _game_with("When you defeat a blue or red challenge, gain 2 gold.")
    game.combat.enemies[hero.id] = game.catalog.new_challenge(_challenge(game, colour))
    before = hero.gold
    game.combat.open_window(hero, "defeat_challenge")
    assert hero.gold - before == gold


def test_a_while_rule_on_several_terrains_holds_in_each_of_them():
    game, hero = _game_with("While your Hero is in a forest or swamp space, you receive "
                            "+1 Body.")
    body = hero.body
    for terrain, bonus in (("plains", 0), ("forest", 1), ("swamp", 1), ("hills", 0)):
        game.state.positions[hero.id] = _space(game, terrain)
        assert game.combat.stat(hero, "body") == body + bonus, terrain


def test_each_hero_in_one_of_several_terrains_is_selected():
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.engine.runebound.core.effects_core import select

    game, hero = _game_with("Gain 1 gold.")
    other = game.hero(game.state.seats[1])
    ctx = Context(game.combat, hero, "test-charm")
    sel = compile_text("Each Hero in a hills or mountain space takes 1 wound.")[
        "effects"][0]["selector"]
    game.state.positions.update({hero.id: _space(game, "hills"),
                                 other.id: _space(game, "forest")})
    assert select(game.combat, ctx, sel) == [hero]
    game.state.positions[other.id] = _space(game, "mountains")
    assert select(game.combat, ctx, sel) == [hero, other]


def test_entering_one_of_several_terrains_fires_the_trigger():
    from runeforge.engine.runebound.core.effects_place import MATCHERS

    wanted = compile_text("When you enter a plains or river space, gain 1 gold.")[
        "effects"][0]["event"]
    ctx = type("Ctx", (), {"owner": type("H", (), {"id": "h1"})()})()
    fired = {t: MATCHERS["enters_space"](wanted, {"kind": "enters_space", "hero": "h1",
                                                  "terrain": t, "town": None}, ctx)
             for t in ("plains", "river", "swamp")}
    assert fired == {"plains": True, "river": True, "swamp": False}
    old = {"kind": "enters_space", "place": "swamp"}  # the one-value shape still reads
    assert MATCHERS["enters_space"](old, {"hero": "h1", "terrain": "swamp"}, ctx)


# ---------------------------------------------------------------- rendering, odds
RENDERED = {
    "If your enemy is a blue or red challenge, gain 1 gold.": {
        "fi": "sininen tai punainen Haaste", "pl": "niebieskim lub czerwonym Wyzwaniem",
        "el": "μπλε ή κόκκινη πρόκληση", "ru": "синее или красное испытание"},
    "If you are in a forest, hills or mountain space, gain 1 gold.": {
        "fi": "kukkularuudussa, metsäruudussa tai vuoriruudussa",
        "pl": "na polu wzgórz, lasu lub gór", "el": "σε διάστημα λόφων, δάσους ή βουνών",
        "ru": "на клетке холмов, леса или гор"},
    "Each Hero in a swamp or forest space takes 1 wound.": {
        "fi": "metsäruutu tai suoruutu", "pl": "na polu lasu lub bagien",
        "el": "σε διάστημα δάσους ή βάλτου", "ru": "на клетке леса или болота"},
    "When you enter a plains or river space, gain 1 gold.": {
        "fi": "jokiruutuun tai tasankoruutuun", "pl": "na pole rzeki lub równin",
        "el": "διάστημα ποταμού ή πεδιάδας", "ru": "на клетку реки или равнины"},
}


@pytest.mark.parametrize("text", list(RENDERED))
def test_every_locale_renders_the_list_in_its_words_and_forms(text):
    ability = parse_ability(text)
    assert render_ability(ability, "en") == print_ability(ability)
    for locale, words in RENDERED[text].items():
        assert words in render_ability(ability, locale), locale


def test_the_exact_odds_report_a_list_condition_as_not_modelled():
    from runeforge.engine.runebound.analysis.before_model import before_model

    ir = compile_text("Before Combat: if your enemy is a blue or red challenge, take 1 wound.")
    model = before_model([("charm", 0, "item", ir)])
    assert not model.steps and not model.rounds
    [(_card, _i, _source, why)] = model.uncovered
    assert "condition" in why and "not modelled" in why


# ---------------------------------------------------------------- attack types
@pytest.mark.parametrize("variant, canonical", [
    ("+1 to your melee and ranged attacks.",
     "You receive +1 to ranged combat rolls. You receive +1 to melee combat rolls."),
    ("+2 to your magic, melee or ranged combat rolls.",
     "You receive +2 to ranged combat rolls. You receive +2 to melee combat rolls. "
     "You receive +2 to magic combat rolls."),
    ("Your magic and ranged attacks deal 1 additional wound.",
     "Your ranged attacks inflict 1 additional wound. Your magic attacks inflict 1 "
     "additional wound."),
])
def test_a_bonus_or_extra_wounds_of_several_attack_types_is_one_rule_per_type(variant,
                                                                              canonical):
    ability = parse_ability(variant)
    assert print_ability(ability) == canonical
    assert parse_ability(canonical) == ability
    ir, findings = compile_ability(variant, _ctx("hero"))
    assert [f.code for f in findings if f.severity == "error"] == []
    assert ir == compile_ability(canonical, _ctx("hero"))[0]
    for locale in ("fi", "pl", "el", "ru"):
        rendered = render_ability(ability, locale)
        assert rendered and "{" not in rendered


def test_the_engine_gives_the_bonus_to_each_attack_type_named():
    game, hero = _game_with("+1 to your melee and magic attacks.")
    base = {p: game.combat.stat(hero, f"{p}_roll") - (p != "ranged")
            for p in ("ranged", "melee", "magic")}
    game2, hero2 = _game_with("Gain 1 gold.")  # the same Hero without the card
    assert base == {p: game2.combat.stat(hero2, f"{p}_roll")
                    for p in ("ranged", "melee", "magic")}


def test_the_exact_odds_read_the_bonuses_and_report_extra_wounds():
    from runeforge.engine.runebound.analysis.before_model import before_model

    bonus = compile_text("+1 to your melee and ranged attacks.")
    assert [e["op"] for e in bonus["effects"]] == ["modify", "modify"]
    assert not before_model([("charm", 0, "item", bonus)]).uncovered
    wounds = compile_text("Your magic and ranged attacks deal 1 additional wound.")
    model = before_model([("charm", 0, "item", wounds)])
    [(_card, _i, _source, why)] = model.uncovered
    assert "not modelled" in why
