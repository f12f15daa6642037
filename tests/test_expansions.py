"""Card expansions of seed 001: market expansions shuffled in or dealt first, familiars above
the ally limit, Into the Tomb and Dark Forest mixed into the adventure decks by colour or
drawn first."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from runeforge.engine.runebound.adventures import expansions as ex
from runeforge.engine.runebound.adventures.adventure_rules import (
    build_decks,
    card_index,
    get_adventure,
)
from tests.engine_bundle import bundle


@pytest.fixture(scope="module")
def b():
    return bundle()


@pytest.fixture(scope="module")
def cards(b):
    return card_index(b)


def test_every_expansion_pack_is_bundled(b):
    packs = {c["pack"] for c in b["cards"]}
    assert set(ex.MARKET_EXPANSIONS) | set(ex.ADVENTURE_EXPANSIONS) <= packs
    for pack in ex.MARKET_EXPANSIONS:
        assert {c["kind"] for c in b["cards"] if c["pack"] == pack} <= set(ex.MARKET_KINDS)
    for pack in ex.ADVENTURE_EXPANSIONS:
        own = [c for c in b["cards"] if c["pack"] == pack]
        assert {c["kind"] for c in own} <= set(ex.ADVENTURE_KINDS)
        assert {c["colour"] for c in own} == {"green", "yellow", "blue", "red"}


def test_market_expansions_shuffled_in(b, cards):
    deck = ex.market_deck(b, ["core"], ex.MARKET_EXPANSIONS, random.Random(2))
    new = [c for c in deck if cards[c]["pack"] in ex.MARKET_EXPANSIONS]
    copies = lambda packs: sum(int(c.get("count", 1)) for c in b["cards"]  # noqa: E731
                               if c["pack"] in packs and c["kind"] in ex.MARKET_KINDS)
    assert len(new) == copies(ex.MARKET_EXPANSIONS)
    assert len(deck) == len(new) + copies(["core"])
    first = {cards[c]["pack"] for c in deck[: len(new)]}
    assert "core" in first  # mixed, not on top


def test_market_expansions_dealt_first(b, cards):
    deck = ex.market_deck(b, ["core"], ["legendary-relics"], random.Random(2), mode="first")
    n = sum(1 for c in b["cards"] if c["pack"] == "legendary-relics")
    assert {cards[c]["pack"] for c in deck[:n]} == {"legendary-relics"}
    assert {cards[c]["pack"] for c in deck[n:]} == {"core"}
    with pytest.raises(ValueError, match="unknown expansion mode"):
        ex.market_deck(b, ["core"], [], random.Random(1), mode="last")


def test_one_familiar_above_the_ally_limit(cards):
    owl, serpent = cards["brass-owl"], cards["jade-serpent"]
    duelist, bowman = cards["wandering-duelist"], cards["hired-crossbowman"]
    assert ex.is_familiar(owl) and not ex.is_familiar(duelist)
    assert ex.ally_room([duelist], bowman)
    assert not ex.ally_room([duelist, bowman], cards["old-shieldbearer"])
    assert ex.ally_room([duelist, bowman], owl)  # one familiar above the limit
    assert not ex.ally_room([duelist, bowman, owl], serpent)  # not two
    assert ex.ally_room([owl], serpent)  # a second familiar may take a normal place


@pytest.mark.parametrize("mode", ex.MODES)
def test_adventure_expansions_by_colour(b, cards, mode):
    spec = get_adventure(b, "rise-of-the-dragon-lords")
    plain = build_decks(b, spec, random.Random(7))
    mixed = build_decks(b, spec, random.Random(7), ex.ADVENTURE_EXPANSIONS, mode)
    for colour, deck in mixed.base.items():
        assert all(cards[c]["colour"] == colour for c in deck)
        added = [c for c in deck if cards[c]["pack"] in ex.ADVENTURE_EXPANSIONS]
        assert Counter(deck) - Counter(added) == Counter(plain.base[colour])
        if mode == "first" and added:
            assert deck[: len(added)] == added  # drawn first, until exhausted
    tomb_red = [c["id"] for c in b["cards"] if c["pack"] == "into-the-tomb"
                and c["colour"] == "red"]
    assert set(tomb_red) <= set(mixed.base["red"])


def test_expansions_respect_set_aside_colours(b, cards):
    spec = get_adventure(b, "sceptre-of-kyros")
    decks = build_decks(b, spec, random.Random(7), ex.ADVENTURE_EXPANSIONS, "shuffle")
    assert decks.base["red"] == []
    assert all(cards[c]["pack"] == "sceptre-of-kyros" for c in decks.base["blue"])
