"""An active event's trigger is every Hero's rule (its text is read for each Hero), so a
trigger set off by one Hero's act fires once in each Hero's copy. What the copy runs decides who
gains: "gain 1 gold" is each Hero's (every copy runs for its own Hero), "that Hero gains 1 gold"
is the acting Hero's once, never once per copy (``runs_for: actor``)."""

from __future__ import annotations

import pytest

from tests.test_game_scenarios import of_kind, take
from tests.test_lang_rbsubj import _game_with_rule


@pytest.mark.parametrize("text, kind, gains", [
    ("Whenever any Hero buys an Item, that Hero gains 1 gold.", "item_buy", [1, 0]),
    ("Whenever a Hero defeats a challenge, that Hero gains 2 gold.", "defeat_challenge", [2, 0]),
    ("Whenever any Hero buys an Item, gain 1 gold.", "item_buy", [1, 1]),
    ("Whenever another Hero buys an Item, gain 1 gold.", "item_buy", [0, 1]),
])
def test_an_active_events_trigger_runs_once_per_reading(text, kind, gains):
    game, heroes, numbered = _game_with_rule(text)
    game.play_event(heroes[0], take(game, numbered[2]))
    before = [h.gold for h in heroes]
    game.combat.fire({"kind": kind, "hero": heroes[0].id, "card": of_kind(game, "item")[0]})
    assert [h.gold - b for h, b in zip(heroes, before, strict=True)] == gains
