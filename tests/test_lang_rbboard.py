"""Issue 32 (branch rbboard): the board's adventure counters said as English builds them (a verb,
its object with a colour adjective, a place phrase). Every form parses to one node whatever its
wording, prints one canonical text, lowers to valid IR and renders in every locale with each
colour agreeing with its noun; the checks refuse what cannot be (RF421, RF422, RF492) at its
words; whole games place and remove the counters (tests/data/lang-rbboard)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.nodes_board import GemSpaces, PlaceCounter, RemoveCounter
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import IRError, validate_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.lower import lower
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "data" / "lang-rbboard"
LOCALES = ("en", "fi", "pl", "el", "ru")
COLOURS = ("green", "yellow", "blue", "red")

# (text, node, IR effect) of every form; each colour of the two phrases is an adjective
FORMS = [
    ("Place a blue adventure counter on each empty blue gem space.",
     PlaceCounter("blue", GemSpaces("blue", True)),
     {"op": "place_counter", "colour": "blue", "gem": "blue", "each": True, "within": None}),
    ("Place a green adventure counter on an empty green gem space within 4 spaces of your Hero.",
     PlaceCounter("green", GemSpaces("green", False, 4)),
     {"op": "place_counter", "colour": "green", "gem": "green", "each": False, "within": 4}),
    ("Place a yellow adventure counter on each empty yellow gem space within 1 space of your "
     "Hero.", PlaceCounter("yellow", GemSpaces("yellow", True, 1)),
     {"op": "place_counter", "colour": "yellow", "gem": "yellow", "each": True, "within": 1}),
    ("Remove the adventure counter from your space.", RemoveCounter(None),
     {"op": "remove_counter", "colour": None}),
    ("Remove the red adventure counter from your space.", RemoveCounter("red"),
     {"op": "remove_counter", "colour": "red"}),
]


def assert_form(text: str, node, effect: dict) -> None:
    """``text`` parses to the one sentence ``node``, prints back as itself, lowers to the one
    effect ``effect`` the IR schema accepts, and renders in every locale (itself in English)."""
    ability = parse_ability(text)
    assert ability.sentences == (node,)
    assert print_ability(ability) == text
    ir = lower(ability)
    validate_ability(ir)
    assert ir["effects"] == [effect]
    for locale in LOCALES:
        rendered = render_ability(ability, locale)
        assert rendered and "{" not in rendered
    assert render_ability(ability, "en") == text


@pytest.mark.parametrize("text, node, effect", FORMS)
def test_each_form_parses_prints_lowers_and_renders(text, node, effect):
    assert_form(text, node, effect)


@pytest.mark.parametrize("colour", COLOURS)
def test_the_colour_is_an_adjective_of_either_noun(colour):
    """Every colour in either phrase, the pair unrelated to any wording: the counter's colour
    and the gem's are read separately (a mismatch is refused by the checks, not the parser)."""
    other = COLOURS[(COLOURS.index(colour) + 1) % 4]
    text = f"Place a {colour} adventure counter on an empty {other} gem space."
    assert parse_ability(text).sentences == (PlaceCounter(colour, GemSpaces(other, False)),)
    assert f"{colour} adventure counter" in render_ability(parse_ability(text), "en")


@pytest.mark.parametrize("variant, canonical", [
    ("Place one green adventure counter on every empty green gem space.",
     "Place a green adventure counter on each empty green gem space."),
    ("Place an red adventure counter on any empty red gem space within 2 spaces of you.",
     "Place a red adventure counter on an empty red gem space within 2 spaces of your Hero."),
    ("Place a blue adventure counter on one empty blue gem space.",
     "Place a blue adventure counter on an empty blue gem space."),
    ("Remove the yellow adventure counter from your Hero's space.",
     "Remove the yellow adventure counter from your space."),
])
def test_variants_are_the_same_node_and_print_canonically(variant, canonical):
    assert parse_ability(variant) == parse_ability(canonical)
    assert print_ability(parse_ability(variant)) == canonical


# the adjective agrees with its noun: the counter's colour and the gem's take different forms
AGREEMENT = {
    "fi": ("sininen seikkailumerkki", "siniseen jalokiviruutuun"),
    "pl": ("niebieski znacznik Przygody", "z niebieskim klejnotem"),
    "ru": ("синий жетон приключения", "с синим самоцветом"),
    "el": ("έναν μπλε δείκτη περιπέτειας", "με μπλε πετράδι"),
}


@pytest.mark.parametrize("locale", sorted(AGREEMENT))
def test_each_colour_takes_the_form_its_noun_asks_for(locale):
    text = "Place a blue adventure counter on each empty blue gem space."
    rendered = render_ability(parse_ability(text), locale)
    for phrase in AGREEMENT[locale]:
        assert phrase in rendered, rendered
    # the challenge's agreeing form is unchanged ("a blue or red challenge")
    listed = render_ability(parse_ability(
        "While your enemy is a blue or red challenge, you receive +1 Body."), locale)
    assert "{" not in listed


@pytest.mark.parametrize("locale", ("fi", "pl", "el", "ru"))
def test_the_moods_render_distinct_verb_forms(locale):
    imp = render_ability(parse_ability("Remove the green adventure counter from your space."),
                         locale)
    may = render_ability(parse_ability(
        "You may remove the green adventure counter from your space."), locale)
    assert imp.split()[0].lower() not in may.lower().split()


def _codes(text, kind="encounter"):
    return [(f.code, text[f.span[0]:f.span[1]]) for f in
            compile_ability(text, CardContext(kind, "activated" if kind == "item" else None))[1]]


def test_a_counter_on_a_gem_of_another_colour_is_rf490_at_the_gems_colour():
    text = "Place a blue adventure counter on each empty red gem space."
    findings = compile_ability(text, CardContext("encounter"))[1]
    (finding,) = findings
    assert finding.code == "RF492" and text[finding.span[0]:finding.span[1]] == "red"
    assert "blue gem space" in finding.hint and compile_ability(text, CardContext("event"))[0] \
        is None


@pytest.mark.parametrize("text", [
    "Before Combat: Place a red adventure counter on each empty red gem space.",
    "Any Phase: Activate to remove the adventure counter from your space.",
])
def test_counters_in_a_combat_ability_are_rf421(text):
    assert [c for c, _ in _codes(text, "item")] == ["RF421"]


@pytest.mark.parametrize("within", [0, 10])
def test_within_out_of_range_is_rf422_at_the_place_phrase(within):
    text = (f"Place a red adventure counter on an empty red gem space within {within} spaces "
            "of your Hero.")
    assert _codes(text) == [("RF422", f"an empty red gem space within {within} spaces of your "
                                      "Hero")]


def test_the_ir_schema_refuses_a_counter_of_no_colour_and_a_distance_off_the_board():
    ir = lower(parse_ability(FORMS[1][0]))
    for bad in ({"colour": "purple"}, {"within": 0}, {"each": "yes"}):
        with pytest.raises(IRError):
            validate_ability({**ir, "effects": [{**ir["effects"][0], **bad}]})


@pytest.mark.parametrize("text, where", [
    ("Place a adventure counter on each empty blue gem space.", "adventure"),
    ("Place a blue adventure counter on each blue gem space.", "blue"),
    ("Place a blue adventure counter on each empty blue gem.", "."),
    ("Remove an adventure counter from your space.", "adventure"),
    ("Place a blue adventure counter on each empty blue gem space within 2 spaces.", "."),
])
def test_a_broken_form_is_a_located_syntax_error(text, where):
    with pytest.raises(AbilitySyntaxError) as caught:
        parse_ability(text)
    assert caught.value.code in ("RF301", "RF302")
    assert text[caught.value.start:].startswith(where)


# ----------------------------------------------------------------------------------- engine
def test_the_scenarios_of_the_test_content_pass(cli):
    res = cli("test", "--coverage", CONTENT)
    assert res.exit_code == 0, res.output
    for name in ("Scattered Waystones", "The Poacher's Map", "The Trampled Trail"):
        assert f"pass {name}" in res.output


def test_exact_odds_and_the_kernel_leave_the_counters_to_the_game():
    from runeforge.engine.runebound.analysis.before_model import step_refusal
    from runeforge.engine.runebound.combat.kernel_plan import COMBAT_OPS

    for _text, _node, op in FORMS:
        ir = {"timing": {"tag": "before_combat", "window": None}, "costs": [],
              "reaction": None, "effects": [op]}
        assert step_refusal(ir, "item") == f"the effect '{op['op']}' (not modelled)"
        assert op["op"] not in COMBAT_OPS


def test_the_engine_refuses_a_counter_in_a_combat():
    from runeforge.engine.common.errors import IllegalAction
    from runeforge.engine.runebound.core.effects import Context, build_effect
    from runeforge.engine.runebound.core.windows import Moment

    class Engine:
        moment = Moment("none", "melee", 1, 1, 1)
        grants: list = []

    class Owner:
        id = "varikas-the-dead"

    with pytest.raises(IllegalAction, match="not in a combat"):
        build_effect(FORMS[3][2]).run(Context(Engine(), Owner(), "trampled-trail"))


@pytest.fixture(scope="module")
def board_bundle():
    from tests.engine_bundle import bundle

    return bundle(str(CONTENT))


def _game(board_bundle, **scripts):
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.test_game_scenarios import Script

    game = new_game(board_bundle, catalog=Catalog(board_bundle), ruleset="base", players=2,
                    make_bot=make_bot)
    hero = game.hero(game.state.seats[0])
    game.players[hero.id] = Script(**scripts)
    return game, hero


def _play(game, hero, card_id):
    card = game.catalog.card(card_id)
    game.combat.run_card_text(hero, card_id, list(card.abilities), hostile=True)
    game.after_effects(hero)


def _records(game, type_):
    return [r for r in game.log.records if r.get("type") == type_]


def _clear(game, colour):
    """Every counter of ``colour`` off the board, back to the box."""
    s = game.state
    for space in [sp for sp, c in s.board_counters.items() if c == colour]:
        del s.board_counters[space]
        s.box_counters[colour] += 1


def test_a_counter_goes_on_each_empty_gem_of_its_colour(board_bundle):
    game, hero = _game(board_bundle)
    _clear(game, "yellow")
    gems = {sp.id for sp in game.board.gems("yellow")}
    box = game.state.box_counters["yellow"]
    _play(game, hero, "scattered-waystones")
    placed = {sp for sp, c in game.state.board_counters.items() if c == "yellow"}
    assert placed == gems and game.state.box_counters["yellow"] == box - len(gems)
    assert {r["space"] for r in _records(game, "counter_placed")} == gems
    assert not [d for d in game.players[hero.id].asked if d.kind == "renew_space"]


def test_a_short_box_lets_the_player_choose_the_spaces(board_bundle):
    game, hero = _game(board_bundle)
    _clear(game, "yellow")
    gems = sorted(sp.id for sp in game.board.gems("yellow"))
    game.state.box_counters["yellow"] = 1
    game.players[hero.id].answers["renew_space"] = [gems[-1]]
    _play(game, hero, "scattered-waystones")
    assert [sp for sp, c in game.state.board_counters.items() if c == "yellow"] == [gems[-1]]
    assert game.state.box_counters["yellow"] == 0


def test_one_counter_goes_on_a_gem_near_the_hero_of_the_players_choice(board_bundle):
    game, hero = _game(board_bundle)
    _clear(game, "red")
    red = [sp.id for sp in game.board.gems("red")]

    def near(space):
        far = game.board.distances_view(space)
        return sorted(sp for sp in red if far.get(sp, 99) <= 3)

    # a space with two red gems within 3 spaces, and one with none
    at = min(sp for sp in game.board.spaces if len(near(sp)) >= 2)
    game.state.positions[hero.id] = at
    game.players[hero.id].answers["renew_space"] = [near(at)[-1]]
    _play(game, hero, "poachers-map")
    assert [sp for sp, c in game.state.board_counters.items() if c == "red"] == [near(at)[-1]]
    (asked,) = [d for d in game.players[hero.id].asked if d.kind == "renew_space"]
    assert asked.options == near(at) and asked.info["colour"] == "red"


def test_no_gem_near_enough_places_nothing_and_says_why(board_bundle):
    game, hero = _game(board_bundle)
    at = game.state.positions[hero.id]
    far = game.board.distances_from(at)
    for sp in game.board.gems("red"):
        if far.get(sp.id, 99) <= 3:
            game.state.board_counters.setdefault(sp.id, "red")  # every near gem is taken
    before = dict(game.state.board_counters)
    _play(game, hero, "poachers-map")
    assert game.state.board_counters == before
    assert _records(game, "grant_unused")[-1]["reason"] == "no empty gem space of that colour"


def test_the_counter_on_the_heros_space_goes_back_to_the_box(board_bundle):
    game, hero = _game(board_bundle)
    space, colour = sorted(game.state.board_counters.items())[0]
    game.state.positions[hero.id] = space
    box = game.state.box_counters[colour]
    _play(game, hero, "trampled-trail")
    assert space not in game.state.board_counters
    assert game.state.box_counters[colour] == box + 1
    assert _records(game, "counter_removed")[-1] == {**_records(game, "counter_removed")[-1],
                                                     "space": space, "colour": colour}
    _play(game, hero, "trampled-trail")  # none left there: nothing happens
    assert _records(game, "grant_unused")[-1]["op"] == "remove_counter"


# ------------------------------------------------------------ the tracks counted by "for each"
from runeforge.dsl.runebound import nodes as n  # noqa: E402
from runeforge.dsl.runebound.nodes_board import ForEachOnTrack  # noqa: E402

GOLD1 = n.GainGold(n.Amount("fixed", (1,)))
TRACK_FORMS = [
    ("Gain 1 gold for each card on the doom track.", ForEachOnTrack("doom", GOLD1),
     {"op": "repeat_track", "track": "doom",
      "effects": [{"op": "gain_gold", "amount": {"kind": "fixed", "value": 1}}]}),
    ("Gain 1 gold for each card on the undefeated track, to a maximum of 2.",
     ForEachOnTrack("undefeated", GOLD1, most=2),
     {"op": "repeat_track", "track": "undefeated", "most": 2,
      "effects": [{"op": "gain_gold", "amount": {"kind": "fixed", "value": 1}}]}),
]


@pytest.mark.parametrize("text, node, effect", TRACK_FORMS)
def test_a_track_counted_parses_prints_lowers_and_renders(text, node, effect):
    assert_form(text, node, effect)


@pytest.mark.parametrize("variant, canonical", [
    ("Gain 1 gold for every card on the undefeated adventure track.",
     "Gain 1 gold for each card on the undefeated track."),
    ("Take 1 wound for each card on the undefeated challenge track (maximum 3).",
     "Take 1 wound for each card on the undefeated track, to a maximum of 3."),
])
def test_track_variants_print_canonically(variant, canonical):
    assert parse_ability(variant) == parse_ability(canonical)
    assert print_ability(parse_ability(variant)) == canonical


def test_the_count_is_the_games_so_it_wraps_each_heros_effect():
    ability = parse_ability("Each Hero gains 1 gold for each card on the doom track.")
    (node,) = ability.sentences
    assert isinstance(node, ForEachOnTrack) and isinstance(node.effect, n.Each)
    assert lower(ability)["effects"][0]["effects"][0]["op"] == "each_hero"


def test_an_always_on_bonus_per_card_is_rf451_and_timed_it_compiles():
    text = "Your Hero receives +1 Body for every card on the undefeated adventure track."
    ir, findings = compile_ability(text, CardContext("item", "constant"))
    assert ir is None and [f.code for f in findings] == ["RF451"]
    assert "Before Combat:" in findings[0].hint
    timed = compile_ability("Before Combat: " + text, CardContext("item", "constant"))
    assert timed[1] == [] and timed[0]["effects"][0]["op"] == "repeat_track"


def test_a_challenges_own_bonus_per_card_is_counted_as_its_combat_begins():
    # branch rbsix2: a challenge's stats count only in its combat, so its own bonus said with
    # no timing is the Before Combat one (not RF451)
    text = "This challenge receives +1 Life for every card on the undefeated adventure track."
    ir, findings = compile_ability(text, CardContext("challenge"))
    assert findings == [] and ir["timing"]["tag"] == "before_combat"
    assert ir["effects"][0]["op"] == "repeat_track"


def test_exact_odds_leave_a_track_count_to_the_game():
    from runeforge.engine.runebound.analysis.before_model import step_refusal
    from runeforge.engine.runebound.combat.kernel_plan import COMBAT_OPS

    ir = {"timing": {"tag": "before_combat", "window": None}, "costs": [], "reaction": None,
          "effects": [TRACK_FORMS[0][2]]}
    assert step_refusal(ir, "item") == "the effect 'repeat_track' (not modelled)"
    assert "repeat_track" not in COMBAT_OPS


def test_a_game_counts_the_cards_on_its_tracks(board_bundle):
    game, hero = _game(board_bundle)
    cards = [c for c in game.catalog.cards if game.catalog.card(c).kind == "challenge"][:5]
    game.state.doom_track[:] = cards[:4]
    gold = hero.gold
    _play(game, hero, "doomsayers-tithe")  # 4 cards, to a maximum of 3
    assert hero.gold == gold + 3
    assert _records(game, "repeat")[-1]["times"] == 3
    other = game.hero(game.state.seats[1])
    game.state.undefeated_track[:] = [{"card": cards[4], "space": "H2"},
                                      {"card": cards[3], "space": "H1"}]
    wounds = hero.wounds
    seen = len(game.log.records)
    _play(game, hero, "haunted-roadside")
    assert hero.wounds == wounds + 2
    dealt = [r["figure"] for r in game.log.records[seen:] if r.get("type") == "wounds_inflicted"]
    assert dealt.count(other.id) == 2  # (its own card may cancel one of them)
