"""Objects and noun phrases of the Runebound ability language (issue 32, session np): each
construction says what an existing form says, so it parses to the form's AST, lowers to the
form's IR (what the engine runs) and `fmt` prints the form; objects the engine cannot act on are
refused at their words (RF470)."""

from __future__ import annotations

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext

SKILLS = frozenset({"Swim", "Climb"})


def _ir(text: str, kind: str = "encounter"):
    usage = "one-use" if kind == "item" and "iscard this card" in text else None
    ir, findings = compile_ability(text, CardContext(kind, usage, None, SKILLS))
    assert [f.code for f in findings if f.severity == "error"] == [], (text, findings)
    return ir


SAME = [
    # determiners: "a" / "an" is 1, with any noun that counts
    ("Take a wound to gain 2 gold.", "Take 1 wound to gain 2 gold."),
    ("Lose a gold.", "Lose 1 gold."),
    ("Each other Hero discards an exhaustion.", "Each other Hero discards 1 exhaustion."),
    ("Move an additional space.", "Move 1 space."),
    ("Melee: Inflict a wound on your enemy.", "Melee: Inflict 1 wound on your enemy."),
    ("Heal an exhaustion.", "Discard 1 exhaustion from your Hero."),
    ("Before moving, roll an additional movement die.",
     "Before moving, roll 1 additional movement die."),
    # the top card(s) of the market deck are market cards
    ("Each other Hero draws the top card of the market deck.",
     "Each other Hero draws 1 market card."),
    ("Draw the top 3 cards of the market deck and keep one.",
     "Draw 3 market cards and keep one."),
    ("Draw 2 market cards from the top of the market deck.", "Draw 2 market cards."),
    ("Draw a card from the market deck and keep it.", "Draw 1 market card and keep one."),
    # a list of actions with commas
    ("Gain 1 experience, lose 2 gold and take an exhaustion.",
     "Gain 1 experience and lose 2 gold and take 1 exhaustion."),
    ("Melee: +2 melee damage, +1 Body, and take 1 exhaustion.",
     "Melee: You receive +2 melee damage and you receive +1 Body and take 1 exhaustion."),
    # options: "or", ", or", ";", and a list ending in "or"
    ("Choose one: lose 1 gold, or take a wound.", "Choose one: lose 1 gold; or take 1 wound."),
    ("Choose one: draw a market card or gain 1 experience.",
     "Choose one: draw 1 market card; or gain 1 experience."),
    ("Choose one: gain 3 gold; take 2 exhaustion.",
     "Choose one: gain 3 gold; or take 2 exhaustion."),
    ("Lose 2 gold, discard an Item or take 2 wounds.",
     "Choose one: lose 2 gold; or discard an Item; or take 2 wounds."),
    ("Choose one: gain 2 gold and take a wound, or draw 2 market cards.",
     "Choose one: gain 2 gold and take 1 wound; or draw 2 market cards."),
    # an object after "and" shares the verb before it (and a target after the last object)
    ("Take 2 wounds and 1 exhaustion.", "Take 2 wounds and take 1 exhaustion."),
    ("Heal 2 wounds and an exhaustion from one of your Allies.",
     "Discard 2 wounds from one of your Allies and discard 1 exhaustion from one of your "
     "Allies."),
    ("Discard 1 exhaustion and 2 wounds from your Hero.",
     "Discard 1 exhaustion from your Hero and discard 2 wounds from your Hero."),
    ("Heal all wounds and exhaustion.", "Discard all wounds and exhaustion from your Hero."),
    ("Discard 1 wound from your Hero and each of your Allies.",
     "Discard 1 wound from your Hero and discard 1 wound from each of your Allies."),
    ("Heal 1 exhaustion from your Hero and your Allies.",
     "Discard 1 exhaustion from your Hero and discard 1 exhaustion from each of your Allies."),
    ("Discard all of your exhaustion.", "Discard all exhaustion from your Hero."),
    ("Heal all your wounds and exhaustion.", "Discard all wounds and exhaustion from your Hero."),
    ("Gain 2 gold and 1 experience.", "Gain 2 gold and gain 1 experience."),
    ("Each Hero gains 1 experience and 2 gold.",
     "Each Hero gains 1 experience and each Hero gains 2 gold."),
    ("Heroes in your space take 1 wound and an exhaustion.",
     "Each Hero in your space takes 1 wound and each Hero in your space takes 1 exhaustion."),
    # two faces next to each other are a range of a die table's row
    ("Roll a die. On a 1 or 2, take 2 wounds. On 3–10, gain 1 gold.",
     "Roll a die. On 1–2, take 2 wounds. On 3–10, gain 1 gold."),
    ("Either draw 2 market cards or gain 1 experience.",
     "Choose one: draw 2 market cards; or gain 1 experience."),
    ("Either lose 1 gold, or take a wound and an exhaustion.",
     "Choose one: lose 1 gold; or take 1 wound and take 1 exhaustion."),
    ("Discard 1 wound from all of your Allies.", "Discard 1 wound from each of your Allies."),
    ("Draw a blue card and resolve it.", "Draw a blue adventure card and resolve it."),
    # an attack is its combat roll; "add" says a bonus; the market card drawn goes to the town
    ("+1 to all your melee attacks.", "You receive +1 to melee combat rolls."),
    ("Magic: Take 1 exhaustion to add +2 to your magic attack.",
     "Magic: Take 1 exhaustion to receive +2 to magic combat rolls."),
    ("Discard this card to draw the top card of the market deck and place it in the market "
     "stack of the town you are in.", "Discard this card to draw 1 market card."),
    ("Draw a market card and place it in the market of your town. Gain 1 gold.",
     "Draw 1 market card. Gain 1 gold."),
    # "Then ..." starts a sentence that follows the one before
    ("Test Mind (7). Then, gain 1 gold.", "Test Mind (7). Gain 1 gold."),
    ("Take 2 wounds. Then you may move 3 spaces.", "Take 2 wounds. You may move 3 spaces."),
]


@pytest.mark.parametrize("variant, form", SAME, ids=[v for v, _ in SAME])
def test_a_noun_phrase_means_what_its_form_means(variant, form):
    assert print_ability(parse_ability(form)) == form, "the form is canonical"
    assert parse_ability(variant) == parse_ability(form)
    assert print_ability(parse_ability(variant)) == form
    kind = "item" if any(w in form for w in ("Melee", "Magic", "Before moving", "this card",
                                             "combat rolls")) else "encounter"
    assert _ir(variant, kind) == _ir(form, kind)


def test_objects_sharing_a_verb_are_one_act_each_in_the_ir():
    ability = parse_ability("Heal all wounds and exhaustion from your Hero and your Allies.")
    acts = ability.sentences[0].items
    assert [(type(a), a.amount.kind, a.tokens, a.target) for a in acts] == [
        (n.Heal, "all", ("wound", "exhaustion"), "hero"),
        (n.Heal, "all", ("wound", "exhaustion"), "each_ally")]
    take = parse_ability("Your Hero takes 2 wounds and an exhaustion.").sentences[0]
    assert [(a.amount.values, a.token, a.target) for a in take.items] == [
        ((2,), "wound", "hero"), ((1,), "exhaustion", "hero")]


def test_a_list_ending_in_or_offers_each_item():
    choice = parse_ability("Gain 2 gold, heal 1 wound, or draw 1 market card.").sentences[0]
    assert len(choice.options) == 3
    pair = parse_ability("Gain 2 gold, then heal 1 wound, or draw 1 market card.").sentences[0]
    assert [type(o).__name__ for o in pair.options] == ["And", "DrawMarket"]


@pytest.mark.parametrize("text, words", [
    # a skill given is a held card's always-on rule since session skills; said otherwise it
    # is refused at check (tests/test_lang_skills.py)
    # a space of a terrain to move to is an effect since branch rbmove (tests/test_lang_rbmove.py)
    ("Gain the top Item of the market deck.", "Gain the top Item of the market deck"),
    ("Draw a red challenge card and resolve it.", "Draw a red challenge card"),
])
def test_an_object_the_engine_cannot_act_on_is_refused_at_its_words(text, words):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF470"
    assert text[err.value.start:err.value.end] == words
    assert err.value.hint


@pytest.mark.parametrize("text, words", [
    ("Draw 2 market cards and keep it.", "keep it"),
    ("2 wounds and 1 exhaustion.", "2"),
    ("Gain 2 gold and 1 exhaustion.", "1 exhaustion"),
    ("Heal 1 wound and your Allies.", "your Allies"),
    ("Heal all wounds and wounds.", "wounds"),
    ("Lose 1 gold and 1 experience.", "1 experience"),
    ("Draw 3 market cards and place it in the market of your town.",
     "place it in the market of your town"),
    ("Take 1 wound and 2 gold.", "2 gold"),
    ("Either gain 2 gold and heal 1 wound.", "Either gain 2 gold and heal 1 wound"),
    ("Roll a die. On 1–4, take 1 wound. On a 5 or 7, gain 1 gold. On 6, gain 1 gold. On 8–10, "
     "gain 2 gold.", "5 or 7"),
])
def test_an_object_with_no_verb_or_a_wrong_it_is_a_located_error(text, words):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF301"
    assert text[err.value.start:err.value.end] == words


def test_the_determiner_keeps_a_trigger_of_one_or_more_wounds():
    """'takes a wound' in a trigger is 1 or more wounds, as before the determiner was an
    amount; as an effect it is 1 wound."""
    trigger = parse_ability("Every time your Hero takes a wound, gain 1 gold.").sentences[0]
    assert (trigger.event.amount.kind, trigger.event.amount.values) == ("at_least", (1,))
    effect = parse_ability("Your Hero takes a wound.").sentences[0]
    assert (effect.amount.kind, effect.amount.values) == ("fixed", (1,))


def test_keep_it_of_several_cards_proposes_keep_one():
    text = "Pay 1 gold to draw the top 2 cards of the market deck and keep it."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.hint == ("did you mean: 'Pay 1 gold to draw the top 2 cards of the market "
                              "deck and keep one.'?")
