"""Issue 21, family 8: the durations "until the next event", "until the end of your next
turn" and "until this card is discarded". The docs' examples through the whole pipeline, the
checks RF423/RF424, and whole games that span turns to see each end at its moment."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.engine.runebound.core.windows import BEFORE_MOVING, START_OF_TURN, Moment
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.lower import lower
from runeforge.games.runebound.text.render import render_ability
from tests.test_lang_place import CONTENT, LOCALES
from tests.test_lang_place_games import _game, _play, _records

ROOT = Path(__file__).resolve().parent.parent


def doc_examples() -> list[str]:
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = text.split("## Family 8: Durations", 1)[1].split("\n## ", 1)[0]
    return [line for block in re.findall(r"```text\n(.*?)```", section, re.S)
            for line in block.splitlines() if line.strip()]


EXAMPLES = doc_examples()


def test_the_docs_show_each_duration():
    untils = {lower(parse_ability(t))["effects"][0]["until"] for t in EXAMPLES}
    assert untils == {"next_event", "end_of_next_turn", "while_held"}


@pytest.mark.parametrize("text", EXAMPLES)
def test_doc_example_parses_prints_lowers_and_renders(text):
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert parse_ability(text) == ability
    validate_ability(lower(ability))
    for locale in LOCALES:
        rendered = render_ability(ability, locale)
        assert rendered and "{" not in rendered
    assert render_ability(ability, "en") == text


def test_translations_by_hand():
    held = parse_ability("Until this card is discarded, your Hero receives +1 Spirit.")
    assert render_ability(held, "fi") == "Kunnes tämä kortti hylätään, sankarisi saa +1\u00a0Henkeen."
    assert render_ability(held, "ru").startswith("Пока эта карта не будет сброшена, ваш герой")
    nxt = parse_ability("Until the next event, Items cost you 1 less gold.")
    assert render_ability(nxt, "pl").startswith("Do następnego Wydarzenia ")
    assert render_ability(parse_ability(EXAMPLES[1]), "el").endswith(
        "Μέχρι το τέλος της επόμενης σειράς σας, λαμβάνετε +1\u00a0στο Σώμα.")


def _findings(text, kind, usage=None):
    return [(f.code, text[f.span[0]:f.span[1]]) for f in
            compile_ability(text, CardContext(kind, usage))[1]]


def test_while_held_on_a_card_no_hero_holds_is_rf423():
    text = "Until this card is discarded, you receive +1 Body."
    assert _findings(text, "encounter") == [("RF423", "Until this card is discarded")]
    assert _findings(text, "item", "constant") == []


def test_while_held_after_discarding_the_card_is_rf424():
    text = "Discard this card. Until this card is discarded, you receive +1 Body."
    assert _findings(text, "item", "one-use") == [("RF424", "Until this card is discarded")]


def test_kernel_and_odds_leave_these_durations_to_the_engine():
    from runeforge.engine.runebound.analysis.before_model import step_refusal
    from runeforge.engine.runebound.combat import kernel as K
    from runeforge.engine.runebound.core.catalog import Catalog
    from tests.engine_bundle import bundle

    b = bundle()
    for card in b["cards"]:
        if card["id"] == "healing-draught":
            ability = copy.deepcopy(card["abilities"][0])
            ability["timing"]["tag"] = "any_phase"
            ability["effects"] = [{"op": "for_duration", "until": "while_held", "effects": [
                {"op": "modify", "target": "hero", "stat": "body", "value": 1}]}]
            ability["source"] = "Any Phase: Until this card is discarded, you receive +1 Body."
            card["abilities"], card["text"] = [ability], [ability["source"]]
            ir = ability
    kernel = K.compile_kernel(Catalog(b), "orrin-stonehand", "marsh-goblins",
                              items=("healing-draught",))
    assert kernel.fn is None and "while_held" in kernel.fallback
    ir = {**ir, "timing": {"tag": "before_combat", "window": None}, "costs": []}
    assert "a duration other than" in step_refusal(ir, "item")


# ---------------------------------------------------------------------------------- games
@pytest.fixture(scope="module")
def lang_bundle():
    from tests.engine_bundle import bundle

    return bundle(str(CONTENT))


def _use(game, hero, ref, window):
    game.combat.moment = Moment(window, turn=game.state.turn)
    game.combat.use_ability(hero, ref)
    game.combat.moment = Moment("none", turn=game.state.turn)


def _in_force(game, until):
    return [e for e in game.state.effects if e.until == until]


def test_until_the_end_of_your_next_turn_outlasts_this_turn_and_ends_after_the_next(
        lang_bundle):
    game, hero = _game(lang_bundle, use_ability=[None] * 20)
    other = game.hero(game.state.seats[1])
    hero.items.append("travellers-charm")
    body = game.combat.stat(hero, "body")
    _use(game, hero, "travellers-charm#0", BEFORE_MOVING)
    assert game.combat.stat(hero, "body") == body + 1
    game.end_turn(hero)  # the turn it began in: it goes on
    game.end_turn(other)  # another Hero's turn: it goes on
    assert _in_force(game, "end_of_next_turn") and game.combat.stat(hero, "body") == body + 1
    game.refresh(hero)  # the owner's next turn begins: it ends at the end of this one
    assert _records(game, "duration_now")[-1]["was"] == "end_of_next_turn"
    assert game.combat.stat(hero, "body") == body + 1
    game.end_turn(hero)
    assert not game.state.effects and game.combat.stat(hero, "body") == body
    assert _records(game, "expired")[-1]["source"] == "travellers-charm"


def test_until_the_next_event_ends_when_an_event_is_drawn(lang_bundle):
    from tests.test_game_scenarios import of_kind, take

    game, hero = _game(lang_bundle, doom=False)
    price = game.combat.price_of(hero, "pilgrims-staff")
    _play(game, hero, "merchant-caravan")
    assert game.combat.price_of(hero, "pilgrims-staff") == price - 1
    game.end_turn(hero)  # not a turn's end ...
    assert _in_force(game, "next_event")
    low = min(of_kind(game, "event"), key=lambda e: game.card(e).data["event_number"])
    game.play_event(hero, take(game, low))  # ... the next event drawn
    assert not _in_force(game, "next_event")
    assert game.combat.price_of(hero, "pilgrims-staff") == price
    assert {"type": "expired", "until": "next_event"}.items() <= _records(
        game, "expired")[-1].items()


def test_until_this_card_is_discarded_lasts_while_the_hero_holds_it(lang_bundle):
    game, hero = _game(lang_bundle, use_ability=[None] * 20)
    hero.items.append("heartstone-amulet")
    spirit = game.combat.stat(hero, "spirit")
    _use(game, hero, "heartstone-amulet#0", START_OF_TURN)
    for _ in range(2):  # turns go by: it stays
        game.end_turn(hero)
        game.refresh(hero)
    assert _in_force(game, "while_held") and game.combat.stat(hero, "spirit") == spirit + 1
    game.discard_card(hero, "heartstone-amulet", why="player")
    assert not _in_force(game, "while_held")
    assert game.combat.stat(hero, "spirit") == spirit
    assert _records(game, "expired")[-1]["until"] == "while_held"
