"""Adventures as data: the adventure documents in the bundle, deck building, set-aside
cards, counters, Crown's draw redirection, data victory conditions, and located errors."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from runeforge import pipeline
from runeforge.engine.runebound.adventures import adventure_rules as ar
from runeforge.engine.runebound.adventures.rule_modules import load_rules
from runeforge.engine.runebound.core.state import Hero
from tests.engine_bundle import bundle

ADVENTURES = ("rise-of-the-dragon-lords", "crown-of-the-elder-kings", "sceptre-of-kyros")


@pytest.fixture(scope="module")
def b():
    return bundle()


@pytest.fixture(scope="module")
def cards(b):
    return ar.card_index(b)


def _colour_counts(b, pack, kinds=ar.ADVENTURE_KINDS):
    return Counter(c["colour"] for c in b["cards"] if c["pack"] == pack and c["kind"] in kinds
                   for _ in range(int(c.get("count", 1))))


def test_bundle_carries_every_adventure(b):
    assert set(ADVENTURES) <= set(ar.adventures(b))
    for adventure in ADVENTURES:
        assert isinstance(load_rules(ar.get_adventure(b, adventure)), ar.AdventureRules)


def test_rise_of_the_dragon_lords_plays_the_core_decks(b):
    spec = ar.get_adventure(b, "rise-of-the-dragon-lords")
    decks = load_rules(spec).decks(b, random.Random(3))
    core = _colour_counts(b, "core")
    assert {c: len(d) for c, d in decks.base.items() if d} == dict(core)
    assert not decks.side and not decks.aside
    assert spec.endgame["type"] == "red-challenges"


def test_crown_sets_aside_base_blue_and_puts_its_decks_beside(b, cards):
    spec = ar.get_adventure(b, "crown-of-the-elder-kings")
    decks = ar.build_decks(b, spec, random.Random(5))
    assert all(cards[c]["pack"] == "crown-of-the-elder-kings" for c in decks.base["blue"])
    assert len(decks.base["blue"]) == 16
    assert {c: len(d) for c, d in decks.side.items()} == {"green": 9, "yellow": 5}
    assert decks.aside and all(cards[c]["colour"] == "blue" and cards[c]["pack"] == "core"
                               for c in decks.aside)
    crown_counts = _colour_counts(b, "crown-of-the-elder-kings")
    assert dict(crown_counts) == {"green": 9, "yellow": 5, "blue": 16}  # 30 cards, seed 001


def test_kyros_sets_aside_blue_and_red_and_places_no_red_counters(b, cards):
    spec = ar.get_adventure(b, "sceptre-of-kyros")
    rules = load_rules(spec)
    decks = rules.decks(b, random.Random(5))
    assert decks.base["red"] == []
    assert sorted(decks.base["blue"]) == spec.cards_with("giant_lord")
    assert {cards[c]["colour"] for c in decks.aside} == {"blue", "red"}
    assert "red" not in rules.counter_colours()


def test_decks_are_shuffled_by_the_seed(b):
    spec = ar.get_adventure(b, "crown-of-the-elder-kings")
    one = ar.build_decks(b, spec, random.Random(1)).to_dict()
    assert one == ar.build_decks(b, spec, random.Random(1)).to_dict()
    assert one != ar.build_decks(b, spec, random.Random(2)).to_dict()


def test_crown_resolves_the_base_card_then_draws_the_crown_deck(b, cards):
    spec = ar.get_adventure(b, "crown-of-the-elder-kings")
    decks = ar.AdventureDecks(base={"green": ["harvest-fair", "wayside-shrine", "hungry-wolves"]},
                              side={"green": ["thornhedge-boar"]})
    steps = ar.draw_chain(decks, "green", spec, cards)
    assert [(s.card, s.deck, s.action, s.renew) for s in steps] == [
        ("harvest-fair", "base", "resolve", True),
        ("thornhedge-boar", "side", "fight", False),
    ]
    # the Crown green deck is now empty: resolve the encounter, then the base deck again
    steps = ar.draw_chain(decks, "green", spec, cards)
    assert [(s.card, s.action) for s in steps] == [("wayside-shrine", "resolve"),
                                                   ("hungry-wolves", "fight")]


def test_base_adventure_does_not_redirect(b, cards):
    spec = ar.get_adventure(b, "rise-of-the-dragon-lords")
    decks = ar.AdventureDecks(base={"green": ["harvest-fair", "hungry-wolves"]})
    steps = ar.draw_chain(decks, "green", spec, cards)
    assert [(s.card, s.action) for s in steps] == [("harvest-fair", "resolve"),
                                                   ("hungry-wolves", "fight")]


def test_dragon_lords_victory_by_margath_or_three_runes(b):
    spec = ar.get_adventure(b, "rise-of-the-dragon-lords")
    a, c = Hero("a", "A", "hero"), Hero("c", "C", "hero")
    assert ar.data_winner(spec, [a, c], {}) is None
    c.trophies = ["dragon-rune-of-ash", "dragon-rune-of-storm"]
    assert ar.data_winner(spec, [a, c], {}) is None
    c.items = ["dragon-rune-of-bone"]
    assert ar.data_winner(spec, [a, c], {}) == "c"
    assert ar.data_winner(spec, [a], {"a": ["hungry-wolves", "high-lord-margath"]}) == "a"


def test_unknown_adventure_and_rule_module_are_clear_errors(b):
    with pytest.raises(ar.AdventureError, match="did you mean 'sceptre-of-kyros'"):
        ar.get_adventure(b, "sceptre-of-kyro")
    spec = ar.get_adventure(b, "sceptre-of-kyros")
    bad = ar.AdventureSpec(**{**spec.__dict__, "rules": "kyro"})
    with pytest.raises(ar.AdventureError, match="did you mean 'kyros'"):
        load_rules(bad)


def test_adventure_naming_an_unknown_card_is_refused(b):
    doc = next(d for d in b["documents"]["adventure"] if d["id"] == "rise-of-the-dragon-lords")
    broken = {**b, "documents": {"adventure": [
        {**doc, "victory": [{"type": "defeat", "card": "high-lord-margat"}]}]}}
    with pytest.raises(ar.AdventureError, match="high-lord-margath"):
        ar.get_adventure(broken, "rise-of-the-dragon-lords")


def test_a_bad_adventure_document_gets_located_diagnostics(content_dir):
    content_dir.write("adventure.yaml", """\
        kind: adventure
        id: broken-quest
        name: Broken
        origin: original
        decks:
          - {pack: core, place: besides}
        victory:
          - {type: defeat, card: high-lord-margath}
        endgame: {type: none, trigers: x}
        """)
    result = pipeline.check([str(content_dir)])
    found = {(d.code, d.line) for d in result.errors}
    assert ("RF204", 6) in found  # place: besides
    assert ("RF202", 9) in found  # unknown field 'trigers'
