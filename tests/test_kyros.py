"""Sceptre of Kyros (seed 001): the Giant Lords, Yanesh the Bloodthirsty at Nerekhall (the
seed's worked example), the invasion order, the draw examples of Bartek and Arek, fame."""

from __future__ import annotations

import random

import pytest

from runeforge.engine.runebound.adventures import kyros
from runeforge.engine.runebound.adventures.adventure_rules import (
    AdventureDecks,
    draw_chain,
    get_adventure,
)
from runeforge.engine.runebound.adventures.rule_modules import load_rules
from runeforge.engine.runebound.core.rulesdata import bundled_document
from runeforge.engine.runebound.game.board import Board
from tests.engine_bundle import bundle

ADVENTURE = "sceptre-of-kyros"
YANESH = "yanesh-the-bloodthirsty"
# Nerekhall's market stack in the seed: an Ally, Blade of Wrath, Eyes of Avra, Mirror of Shael
NEREKHALL = ["hired-crossbowman", "blade-of-wrath", "eyes-of-avra", "mirror-of-shael"]


@pytest.fixture(scope="module")
def cards():
    return {c["id"]: c for c in bundle()["cards"]}


@pytest.fixture(scope="module")
def spec():
    return get_adventure(bundle(), ADVENTURE)


def test_eighteen_giant_lords_named_after_the_seed(spec, cards):
    lords = spec.cards_with("giant_lord")
    assert len(lords) == 18
    assert {YANESH, "relishi-the-wrathful", "grimgrief-the-twisted"} <= set(lords)
    assert all(cards[c]["colour"] == "blue" and cards[c]["pack"] == ADVENTURE for c in lords)
    assert all(cards[c]["reward"].get("keep") for c in lords)  # the Hero takes the card


def test_kyros_pack_has_thirty_cards_in_the_seeds_colours(cards):
    own = [c for c in cards.values() if c["pack"] == ADVENTURE]
    by_colour = {col: sum(1 for c in own if c["colour"] == col) for col in
                 ("green", "yellow", "blue", "red")}
    assert by_colour == {"green": 6, "yellow": 6, "blue": 18, "red": 0}
    assert all(not c.get("renew", True) for c in own if c["kind"] == "event")  # no sun icon


def test_yanesh_at_nerekhall_has_the_seeds_stats(cards):
    # Janek (on Dawid's left) counts four cards and gives +1 Life, +2 Stamina, +2 Mind, +2 Body
    janek = lambda n, kinds: ["life", "stamina", "mind", "body"]  # noqa: E731
    tokens = kyros.choose_tokens(len(NEREKHALL), janek)
    lord = kyros.giant_lord(cards[YANESH], tokens)
    assert kyros.stat_line(lord) == "@16/3 %19/5 <13/1 life 5 stamina 2"
    assert (lord.life, lord.stamina) == (5, 2)
    assert lord.mind + lord.test_modifier == 6  # tests at attribute - 10 (LordCombat.roll)


def test_yanesh_uses_the_blade_and_the_mirror(cards):
    lord = kyros.giant_lord(cards[YANESH], ["life", "stamina", "mind", "body"])
    usable = kyros.usable_items(NEREKHALL, cards)
    assert usable == ["blade-of-wrath", "mirror-of-shael"]  # not the Ally, not the Eyes
    # the Mirror's exhaustion cost is paid from the +2 Stamina token (base Stamina 0): the
    # engine's own cost rules decide (tests/test_kyros_lords.py fights with it)
    assert (lord.stamina, kyros.giant_lord(cards[YANESH], ["life", "mind", "body"]).stamina) == (2, 0)
    # the Blade of Wrath: +2 melee wounds, "7 wounds in all"
    assert lord.melee_damage + kyros.static_bonus(usable, cards, "melee_damage") == 7


def test_tokens_at_most_one_of_each_kind():
    assert kyros.token_count(9) == 5
    assert kyros.choose_tokens(9) == list(kyros.TOKEN_PREFERENCE)
    assert kyros.choose_tokens(0) == []
    with pytest.raises(ValueError, match="different"):
        kyros.choose_tokens(2, lambda n, kinds: ["mind", "mind"])
    with pytest.raises(ValueError, match="at most 2"):
        kyros.choose_tokens(2, lambda n, kinds: ["mind", "body", "life"])
    # seed 001 "może ... obdarzyć": the player on the left *may* give fewer
    assert kyros.choose_tokens(2, lambda n, kinds: ["mind"]) == ["mind"]


def test_spirit_token_adds_magic_damage_and_stamina_none(cards):
    lord = kyros.giant_lord(cards[YANESH], ["spirit", "stamina"])
    assert (lord.spirit, lord.magic_damage, lord.stamina) == (15, 2, 2)
    assert lord.melee_damage == cards[YANESH]["melee_damage"]


def test_invasion_occupies_from_the_top_of_the_column():
    board = Board.from_dict(bundled_document("board"))
    towns = kyros.invasion_towns(board.market_column, players=3)
    assert towns == ["Frostgate", "Greyhaven", "Nerekhall", "Forge"]  # Dawid's example
    assert len(kyros.invasion_towns(board.market_column, players=6)) == 7


def test_invade_shuffles_the_undefeated_lords_back(spec):
    lords = spec.cards_with("giant_lord")
    deck, undefeated = lords[:3], [lords[5], "hungry-wolves"]
    occupied = kyros.invade(deck, undefeated, ["Forge", "Nerekhall", "Greyhaven", "Frostgate"],
                            players=2, rng=random.Random(4), is_lord=lambda c: c in lords)
    assert [o.town for o in occupied] == ["Frostgate", "Greyhaven", "Nerekhall"]
    assert undefeated == ["hungry-wolves"]
    assert sorted([o.lord for o in occupied] + deck) == sorted(lords[:3] + [lords[5]])


def test_fame_and_tie_breaks():
    E = kyros.FameEntry
    a = E("a", [("x", 2), ("y", 0)], level=3, gold=1, counters=0)  # 1+2 + 1 = 4
    b = E("b", [("z", 3)], level=2, gold=9, counters=0)  # 4
    c = E("c", [("w", 3)], level=2, gold=9, counters=2)  # 4
    d = E("d", [], level=9, gold=99, counters=9)  # 0
    assert kyros.fame(a) == 4
    assert kyros.ranking([d, b, c, a]) == ["a", "c", "b", "d"]
    assert kyros.fame(a, {"x": 2}) == 5


def test_eighth_giant_lord_starts_the_invasion(spec):
    rules = load_rules(spec)

    class Game:
        giant_lords_defeated = 0

    lords = spec.cards_with("giant_lord")
    results = [rules.on_defeat(Game, None, c) for c in lords[:8]]
    assert results == [None] * 7 + ["endgame"]
    assert rules.on_defeat(Game, None, "hungry-wolves") is None
    assert Game.giant_lords_defeated == 8


def test_bartek_discards_a_base_event_and_draws_from_kyros(spec, cards):
    # yellow base event (sun icon) -> discarded but renews -> Kyros yellow encounter
    # "Footprints" resolved -> base yellow deck again -> a challenge, fought normally
    decks = AdventureDecks(base={"yellow": ["storm-season", "barrow-wight"]},
                           side={"yellow": ["footprints", "rimeclad-sentry"]})
    steps = draw_chain(decks, "yellow", spec, cards)
    assert [(s.card, s.deck, s.action, s.renew) for s in steps] == [
        ("storm-season", "base", "discard", True),
        ("footprints", "side", "resolve", False),
        ("barrow-wight", "base", "fight", False),
    ]
    assert decks.side["yellow"] == ["rimeclad-sentry"]


def test_arek_meets_encounter_after_encounter(spec, cards):
    # green base encounter -> discarded -> Kyros "Rumbling Earth" (no sun: no renewal) ->
    # base green again: another encounter, discarded -> Kyros green again
    decks = AdventureDecks(base={"green": ["wayside-shrine", "lost-caravan", "marsh-goblins"]},
                           side={"green": ["rumbling-earth", "hill-giant-whelp"]})
    steps = draw_chain(decks, "green", spec, cards)
    assert [(s.card, s.action, s.renew) for s in steps] == [
        ("wayside-shrine", "discard", False),
        ("rumbling-earth", "resolve", False),
        ("lost-caravan", "discard", False),
        ("hill-giant-whelp", "fight", False),
    ]
    assert decks.base["green"] == ["marsh-goblins"]


def test_empty_kyros_deck_draws_the_base_deck_again(spec, cards):
    decks = AdventureDecks(base={"green": ["wayside-shrine", "marsh-goblins"]}, side={})
    steps = draw_chain(decks, "green", spec, cards)
    assert [(s.card, s.action) for s in steps] == [("wayside-shrine", "discard"),
                                                   ("marsh-goblins", "fight")]
