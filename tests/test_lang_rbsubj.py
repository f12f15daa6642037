"""A card's lasting rules said of the card (issue 32, session rbsubj), in the engine.

"While this event is in play, Heroes cannot buy Items." (and "Until replaced, ...", "As long as
this event remains in effect, ...") is the event's always-on rule: it holds from the moment the
event becomes the active one until another event replaces it, and an event drawn with a lower
number (ignored, seed 002) does not end it, where "Until the next event" ends there."""

from __future__ import annotations

import pytest

from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext


def _ir(text: str) -> dict:
    ir, findings = compile_ability(text, CardContext("event", None, None, frozenset()))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    return ir


def _game_with_rule(text: str):
    """A game whose event numbered 2 has ``text`` as its only ability, and events 1, 2, 3."""
    from runeforge.engine.runebound.core.catalog import Ability, Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.test_game_props import content
    from tests.test_game_scenarios import make_bot, of_kind

    bundle, _ = content()
    game = new_game(bundle, catalog=Catalog(bundle), players=2, seed=0, doom=False,
                    packs="adventure", make_bot=make_bot)  # a catalog of its own
    numbered = {game.card(e).data["event_number"]: e for e in of_kind(game, "event")}
    card = game.catalog.card(numbered[2])
    card.abilities[:] = [Ability.from_ir(card.id, 0, _ir(text))]
    for name in ("modifiers", "standing_effects"):
        card.__dict__.pop(name, None)
    game.catalog.refresh()
    return game, [game.hero(h) for h in game.state.seats], numbered


def _can_buy(game, hero) -> bool:
    hero.gold = 99
    return any(o.startswith("buy:")
               for town in game.state.market_stacks for o in game.market_options(hero, town))


@pytest.mark.parametrize("text", ["While this event is in play, Heroes cannot buy Items.",
                                  "Until replaced, Heroes may not buy Items.",
                                  "Heroes cannot buy Items as long as this event remains in "
                                  "effect."])
def test_the_events_rule_holds_until_another_event_replaces_it(text):
    from tests.test_game_scenarios import take

    game, (hero, other), numbered = _game_with_rule(text)
    assert _can_buy(game, hero)
    game.play_event(hero, take(game, numbered[2]))
    assert not _can_buy(game, hero) and not _can_buy(game, other)  # every Hero's rule
    game.play_event(hero, take(game, numbered[1]))  # a lower number: ignored, 2 stays
    assert game.state.active_event == numbered[2]
    assert not _can_buy(game, hero)
    game.play_event(hero, take(game, numbered[3]))  # replaced
    assert _can_buy(game, hero) and _can_buy(game, other)


def test_the_ir_is_the_events_always_on_rule():
    assert _ir("Until this event is replaced, Heroes cannot buy Items.")["effects"] == \
        _ir("Heroes cannot buy Items.")["effects"]
    assert _ir("Until replaced, Heroes cannot buy Items.")["static"] is True


@pytest.mark.parametrize("text", ["Each Hero with no Allies gains 2 gold.",
                                  "Every player who has no Allies gains 2 gold."])
def test_heroes_with_no_allies_are_the_ones_without_any(text):
    """"with no Allies" picks the Heroes whose count is 0 (an event's text, run when drawn)."""
    from tests.test_game_scenarios import of_kind, take

    game, (hero, other), numbered = _game_with_rule(text)
    hero.allies = [game.catalog.new_ally(of_kind(game, "ally")[0])]
    other.allies = []
    gold = hero.gold, other.gold
    game.play_event(hero, take(game, numbered[2]))
    assert (hero.gold, other.gold) == (gold[0], gold[1] + 2)


def test_with_two_or_more_said_with_who_has():
    from tests.test_game_scenarios import of_kind, take

    game, (hero, other), numbered = _game_with_rule(
        "Each player who has 2 or more Allies loses 1 gold.")
    ally = of_kind(game, "ally")[0]
    hero.allies = [game.catalog.new_ally(ally), game.catalog.new_ally(ally)]
    other.allies = [game.catalog.new_ally(ally)]
    hero.gold = other.gold = 3
    game.play_event(hero, take(game, numbered[2]))
    assert (hero.gold, other.gold) == (2, 3)


@pytest.mark.parametrize("text, kind, code", [
    ("While this event is in play, each Hero gains 1 gold.", "event", "RF458"),
    ("Take 1 wound. Until replaced, you receive -1 Body.", "event", "RF458"),
    ("While this event is in play, you receive +1 Body.", "hero", "RF450"),
])
def test_a_lasting_rule_over_what_happens_once_or_off_its_card_is_refused(text, kind, code):
    """The event's duration holds only an always-on rule (RF458), and names only an event
    (RF450): refused at check, located on the card's words."""
    ir, findings = compile_ability(text, CardContext(kind, None, None, frozenset()))
    errors = [f for f in findings if f.severity == "error"]
    assert [f.code for f in errors] == [code], findings
    assert errors[0].span is not None and errors[0].span[1] > errors[0].span[0]
