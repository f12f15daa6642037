"""Branch rbverbs (issue 32, part III): Runebound verbs and their objects.

* gold and the bank: "take 2 gold (from the bank)", "receive 2 gold from the bank" are "gain 2
  gold"; "give / lose 1 gold to the bank" is "lose 1 gold"; "pay 1 gold to the bank" is the
  price "pay 1 gold"; "Every Hero with 3 or more gold pays 1 gold to the bank." is "... loses 1
  gold"; "take 2 gold from each other Hero" is "Each other Hero pays you 2 gold.".

Each form parses, prints one canonical wording that parses back to the same node, renders in
every locale and runs (scenarios); what cannot run is refused at its words.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability
from tests.lang_wordings import assert_one_node_printed_one_way, assert_renders_in_every_locale

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbverbs"
LOCALES = ("en", "fi", "pl", "el", "ru")


def _ctx(kind):
    return CardContext(kind, None, None, frozenset())


# (card kind, the wordings an author may write, the canonical wording fmt prints)
SAME = [
    ("encounter", ["Take 2 gold from the bank.", "Take 2 gold.", "Receive 2 gold from the bank.",
                   "Gain 2 gold from the bank.", "Your Hero takes 2 gold from the bank."],
     "Gain 2 gold."),
    ("encounter", ["Give 2 gold to the bank.", "Lose 2 gold to the bank.", "Lose 2 gold."],
     "Lose 2 gold."),
    ("event", ["Every Hero with 3 or more gold pays 1 gold to the bank.",
               "Each Hero with 3 or more gold pays 1 gold.",
               "Every Hero with 3 or more gold gives 1 gold to the bank.",
               "Each Hero with 3 or more gold loses 1 gold to the bank."],
     "Each Hero with 3 or more gold loses 1 gold."),
    ("event", ["Each Hero in a town takes 2 gold from the bank.",
               "Every Hero in a town receives 2 gold from the bank."],
     "Each Hero in a town gains 2 gold."),
    ("encounter", ["Take 2 gold from each other Hero."], "Each other Hero pays you 2 gold."),
    ("encounter", ["Take 1 gold from another Hero."], "Another Hero pays you 1 gold."),
    ("encounter", ["Pay 1 gold to the bank to heal 1 wound.",
                   "You may pay 1 gold to the bank. If you do, heal 1 wound."],
     "Pay 1 gold to discard 1 wound from your Hero."),
    ("hero", ["When you defeat a challenge, take 1 additional gold from the bank."],
     "When you defeat a challenge, gain 1 gold."),
    ("item", ["+2 to all combat rolls.", "You receive +2 to all your combat rolls.",
              "This weapon gives +2 to all combat rolls.", "You get +2 on every combat roll.",
              "Give you +2 to all of your attacks.", "You receive +2 to ranged combat rolls. "
              "You receive +2 to melee combat rolls. You receive +2 to magic combat rolls."],
     "You receive +2 to ranged combat rolls. You receive +2 to melee combat rolls. You receive "
     "+2 to magic combat rolls."),
    ("ally", ["If your Hero is in a forest space, this Ally gets +3 to all combat rolls.",
              "If your Hero is in a forest space, this Ally receives +3 to all its attacks."],
     "If your Hero is in a forest space, this Ally receives +3 to ranged combat rolls and this "
     "Ally receives +3 to melee combat rolls and this Ally receives +3 to magic combat rolls."),
    ("item", ["This weapon gives +2 to your ranged combat rolls.",
              "This item grants you +2 to your ranged combat rolls.",
              "Give you +2 to ranged combat rolls."],
     "You receive +2 to ranged combat rolls."),
    ("ally", ["This Ally gives your Hero +1 Body.", "This Ally grants your Hero +1 Body.",
              "Give your Hero +1 Body."],
     "Your Hero receives +1 Body."),
    ("event", ["Each Hero receives +1 to all combat rolls while this event is in play."],
     "While this event is in play, each Hero receives +1 to ranged combat rolls and each Hero "
     "receives +1 to melee combat rolls and each Hero receives +1 to magic combat rolls."),
    ("encounter", ["Roll the dice. 2-8: Lose all your gold. 9-15: Nothing happens. 16-20: Gain "
                   "5 gold.",
                   "Roll 2 dice. On a result of 2-8, lose all gold. On 9-15, nothing happens. "
                   "On a total of 16-20, gain 5 gold."],
     "Roll two dice. On 2–8, lose all gold. On 9–15, nothing happens. On 16–20, gain 5 gold."),
    ("encounter", ["Roll two dice. If the total is 15 or higher, gain 2 gold.",
                   "Roll 2 dice. On a result of 15 or more, gain 2 gold.",
                   "Roll the dice. On 15 or more, gain 2 gold."],
     "Roll two dice. On 15 or more, gain 2 gold."),
    ("encounter", ["Roll the die. On 1-5, take 1 wound.", "Roll one die. On 1-5, take 1 wound."],
     "Roll a die. On 1–5, take 1 wound."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[2][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(kind, written, canonical):
    assert_one_node_printed_one_way(kind, written, canonical, _ctx(kind))


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[2][:50] for s in SAME])
def test_the_canonical_wordings_render_in_every_locale(kind, written, canonical):
    assert_renders_in_every_locale(canonical)


@pytest.mark.parametrize("kind, text, code", [
    ("encounter", "Take 2 gold from each Hero.", "RF433"),  # the Hero himself pays no one
    ("encounter", "Roll 3 dice. On 15 or more, gain 2 gold.", "RF301"),  # one die or two
    ("encounter", "Roll two dice. On 1-5, take 1 wound.", "RF419"),  # two dice total 2-20
])
def test_what_cannot_run_is_refused_at_its_words(kind, text, code):
    _ir, found = compile_ability(text, _ctx(kind))
    errors = [f for f in found if f.severity == "error"]
    assert [f.code for f in errors] == [code]
    assert errors[0].span is not None and errors[0].hint


def test_two_dice_are_said_in_each_locale_not_as_one_die():
    ast = parse_ability("Roll two dice. On 15 or more, gain 2 gold.")
    one = parse_ability("Roll a die. On 5 or more, gain 2 gold.")
    for locale in LOCALES:
        two_said, one_said = render_ability(ast, locale), render_ability(one, locale)
        assert two_said.split(".")[0] != one_said.split(".")[0], locale
        assert locale == "en" or "Roll" not in two_said, (locale, two_said)


def test_the_bank_is_no_object_of_a_price_with_its_to():
    """'to the bank' is read as the bank only after gold: the 'to' of a price still leads the
    effect it pays for."""
    ast = parse_ability("Pay 1 gold to the bank to gain 1 experience.")
    assert ast == parse_ability("Pay 1 gold to gain 1 experience.")


# ---- the engine runs what the sentence says ---------------------------------------------------

def test_the_scenarios_run_each_form():
    from runeforge import pipeline
    from tests.engine_bundle import folder_scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine, failed = folder_scenarios(result, CONTENT)
    assert len(mine) == 7 and not failed, failed


@pytest.mark.parametrize("text,stats", [
    ("Melee: Your attacks get +2.", ["melee_roll"]),
    ("Magic: +2 to all combat rolls.", ["magic_roll"]),
    ("Ranged: This Ally gets +1 to all its attacks.", ["ranged_roll"]),
    ("Your attacks get +2.", ["ranged_roll", "melee_roll", "magic_roll"]),
    ("+2 to all combat rolls.", ["ranged_roll", "melee_roll", "magic_roll"]),
])
def test_every_roll_under_a_phase_tag_is_that_phases_roll(text, stats):
    """Under a phase's tag, "your attacks" / "all combat rolls" is the roll of the one attack
    that phase makes: before, "Melee: Your attacks get +2." also gave +2 to the ranged and
    magic rolls, which the melee window never uses (they carried into a later round)."""
    ir, findings = compile_ability(text, _ctx("ally"))
    assert ir is not None and not [f for f in findings if f.severity == "error"], findings
    assert [e["stat"] for e in ir["effects"]] == stats


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
@pytest.mark.parametrize("text", ["Lose all gold.", "Each other Hero loses all gold.",
                                  "Heal all wounds.", "Remove all exhaustion."])
def test_all_of_a_token_says_all_once(locale, text):
    """"all gold" is the template's "all {noun}" with the noun's counted form: the Finnish term
    table also spelled gold's form for "all" with "kaikki", so the text read "menetä kaikki
    kaikki kultarahat"."""
    import re

    said = render_ability(parse_ability(text), locale).lower()
    assert not re.search(r"\b(\w+) \1\b", said), said
