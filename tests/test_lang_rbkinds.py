"""Branch rbkinds (issue 32, part III): constructions challenges, events and encounters are
written with.

* what a Hero has, counted as English counts it: "at least 2 Allies", "at least one wound",
  "one or more Items", "any exhaustion" (at least one) are "2 or more Allies", "1 or more ...";
* a test's outcomes as labels "Pass: ..." / "Fail: ..." and "Otherwise take 1 wound." with no
  comma;
* a semicolon that ends a sentence: "...; otherwise ..." after "If ...", "...; if you fail, ...";
* an event's lasting rules said of its own card: "while this card is in play", "until another
  event replaces this one", "until it is replaced";
* a challenge's own wounds taken away: "remove 1 wound from this challenge", "heal 1 wound on
  this challenge";
* a card discarded said by its count: "discard one item", "discard 1 Ally" (more than one is
  refused at its words);
* "more" of a verb's amount is "additional" ("gain 2 more gold", "roll 1 more movement die"),
  "during this combat" is "in this combat";
* a subject denied with "no": "No Hero may attack another Hero." is "Heroes cannot attack
  another Hero.".

Each wording parses to the node of its canonical form, which fmt prints, renders in every locale
and the engine runs (the scenarios of tests/data/lang-rbkinds); off its card it is refused at its
words (RF450, tests/data/corpus/runebound.yaml).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from tests.lang_wordings import assert_one_node_printed_one_way, assert_renders_in_every_locale

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbkinds"
LOCALES = ("en", "fi", "pl", "el", "ru")


def _ctx(kind):
    return CardContext(kind, None, None, frozenset({"Climb"}))


# (card kind, the wordings an author may write, the canonical wording fmt prints)
SAME = [
    ("encounter", ["If you have at least 2 Allies, gain 4 gold.",
                   "If your Hero has at least two Allies, gain 4 gold."],
     "If you have 2 or more Allies, gain 4 gold."),
    ("encounter", ["If you have at least one Item, gain 1 gold.",
                   "If you have one or more Items, gain 1 gold.",
                   "If your Hero has any Items, gain 1 gold."],
     "If you have 1 or more Items, gain 1 gold."),
    ("encounter", ["If you have at least 3 gold, lose 3 gold.",
                   "If your Hero has at least 3 gold, lose 3 gold."],
     "If you have 3 or more gold, lose 3 gold."),
    ("challenge", ["Before Combat: If your Hero has any wounds, this challenge receives +3 Body.",
                   "Before Combat: If you have at least 1 wound, this challenge receives +3 Body."],
     "Before Combat: If you have 1 or more wounds, this challenge receives +3 Body."),
    ("challenge", ["Melee: If your Hero has any exhaustion, take 1 wound."],
     "Melee: If you have 1 or more exhaustion, take 1 wound."),
    ("encounter", ["Test Body Climb (13). Pass: gain 3 gold. Fail: take 1 wound.",
                   "Test Body Climb (13); if you pass, gain 3 gold; if you fail, take 1 wound.",
                   "Test Body Climb (13). Pass: gain 3 gold. Otherwise take 1 wound."],
     "Test Body Climb (13). If you succeed, gain 3 gold. If you fail, take 1 wound."),
    ("challenge", ["Before Combat: If you have 3 or more gold, lose 3 gold; otherwise take 1 "
                   "wound.",
                   "Before Combat: If you have at least 3 gold, lose 3 gold. Otherwise take 1 "
                   "wound."],
     "Before Combat: If you have 3 or more gold, lose 3 gold. Otherwise, take 1 wound."),
    ("event", ["Heroes cannot rest while this card is in play.",
               "Until another event replaces this one, Heroes may not rest.",
               "Heroes cannot rest until the next event replaces it.",
               "Heroes cannot rest until it is replaced.",
               "As long as this card remains in play, Heroes cannot rest."],
     "While this event is in play, Heroes cannot rest."),
    ("challenge", ["At the start of each combat round, remove 1 wound from this challenge.",
                   "At the start of each combat round, heal 1 wound on this challenge.",
                   "At the start of each combat round, heal 1 wound from this challenge."],
     "At the start of each combat round, discard 1 wound from this challenge."),
    ("encounter", ["Discard one item to gain 4 gold.", "Discard 1 Item to gain 4 gold.",
                   "You may discard one item. If you do, gain 4 gold."],
     "Discard an Item to gain 4 gold."),
    ("encounter", ["Discard one Ally.", "Discard 1 ally."], "Discard one of your Allies."),
    ("challenge", ["Reward: 4 gold. If your Hero took no wounds during this combat, gain 2 more "
                   "gold.",
                   "Reward: 4 gold. If you took no wounds during the combat, gain 2 extra gold."],
     "When you defeat a challenge, gain 4 gold. If you took no wounds in this combat, gain 2 "
     "gold."),
    ("encounter", ["Take 1 more wound.", "Take one more wound."], "Take 1 wound."),
    ("hero", ["Before moving, roll 1 more movement die."],
     "Before moving, roll 1 additional movement die."),
    ("event", ["No Hero may attack another Hero.", "No Heroes can attack another Hero."],
     "Heroes cannot attack other Heroes."),
    ("event", ["No Hero may attack another Hero while this event is in play.",
               "While this event is in play, no Hero can attack another Hero."],
     "While this event is in play, Heroes cannot attack other Heroes."),
    ("event", ["While this event is in play, no Allies can be hired."],
     "While this event is in play, Heroes cannot buy Allies."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[2][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(kind, written, canonical):
    assert_one_node_printed_one_way(kind, written, canonical, _ctx(kind))


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[2][:50] for s in SAME])
def test_the_canonical_wordings_render_in_every_locale(kind, written, canonical):
    assert_renders_in_every_locale(canonical, english_is_itself=False)


def test_a_die_tables_row_keeps_its_semicolon_otherwise():
    """'; otherwise' ends a sentence only after 'If ...': a die table's row says its own."""
    row = parse_ability("Roll a die. On 1-3, take 2 wounds; otherwise, gain 1 gold.")
    assert print_ability(row) == "Roll a die. On 1–3, take 2 wounds. Otherwise, gain 1 gold."
    assert len(row.sentences) == 1


@pytest.mark.parametrize("kind, text", [
    ("item", "While this card is in play, you receive +1 Body."),
    ("ally", "Until another event replaces this one, you receive +1 Body."),
    ("ally", "Before Combat: Remove 1 wound from this challenge."),
])
def test_off_its_card_the_form_is_refused_where_it_is_said(kind, text):
    ir, found = compile_ability(text, _ctx(kind))
    codes = [f.code for f in found if f.severity == "error"]
    assert codes == ["RF450"], [(f.code, f.message) for f in found]


def test_more_stays_a_price_and_a_count():
    """'more' after a price or in 'N or more' keeps its meaning; only a verb's amount changes."""
    assert print_ability(parse_ability("Items cost 1 more gold.")) == "Items cost you 1 more gold."
    assert print_ability(parse_ability("If you have 2 or more gold, gain 1 more gold.")) == \
        "If you have 2 or more gold, gain 1 gold."


def test_no_keeps_its_meaning_off_a_clauses_subject():
    """'no' of a condition's count is not a denied subject."""
    assert print_ability(parse_ability("If you have no Allies, gain 2 gold.")) == \
        "If you have no Allies, gain 2 gold."


def test_more_than_one_card_discarded_at_once_is_refused_at_its_words():
    ir, found = compile_ability("Discard 2 items to gain 4 gold.", _ctx("encounter"))
    errors = [f for f in found if f.severity == "error"]
    assert ir is None and [f.code for f in errors] == ["RF301"], errors
    assert "one Item is discarded at a time" in errors[0].message


def test_the_scenarios_run_each_form():
    from runeforge import pipeline
    from tests.engine_bundle import folder_scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine, failed = folder_scenarios(result, CONTENT)
    assert len(mine) == 7 and not failed, failed
