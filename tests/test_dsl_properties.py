"""Property tests of the ability language (Hypothesis).

- Any AST the grammar can express prints to text that parses back to the same AST, and
  that text is a fixed point of the printer.
- Random text and mutated valid abilities never raise anything but a syntax error in
  the parser, and never anything but a diagnostic in the compiler.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runeforge.diagnostics import DiagnosticError
from runeforge.dsl import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound import parse_ability, print_ability
from runeforge.games.runebound.abilities import compile_text
from runeforge.games.runebound.lower import lower

from .strategies import ability

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(ability())
def test_random_ast_prints_and_reparses_to_itself(ast):
    text = print_ability(ast)
    again = parse_ability(text)
    assert again == ast, text
    assert print_ability(again) == text


@SETTINGS
@given(ability())
def test_every_expressible_ast_lowers_to_valid_ir(ast):
    from runeforge.engine.runebound.core.ir import validate_ability

    validate_ability(lower(ast))


# durations before a subject: the parser puts each on every Hero's predicate (Each(During(
# During(...)))); the printer once wrote only the outermost before the subject and the others
# after it ("each Hero in a road space until the end of this combat, you receive ..."), which
# does not parse (found by tests/fuzz/test_fuzz_language.py::test_fuzz_ability_strings)
DURATIONS_AND_A_SUBJECT = [
    "Before Combat: Once per turn and once per combat round, before moving, until the end of "
    "this combat, until the end of this combat, each Hero in a road space receives +0 Mind.",
    "Before Combat: Once per turn, before moving, until the end of this combat, each Hero in a "
    "road space receives +0 Mind.",
    "Until the end of this turn, until the end of this combat, each other Hero within 2 spaces "
    "receives +1 Body.",
]


@pytest.mark.parametrize("text", DURATIONS_AND_A_SUBJECT)
def test_durations_before_a_subject_print_and_reparse_to_the_same_ast(text):
    ast = parse_ability(text)
    assert isinstance(ast.sentences[0], n.Each)  # the durations are under the subject
    printed = print_ability(ast)
    assert parse_ability(printed) == ast, printed
    assert printed == text


# found by the fuzzer too: a bonus to every attack ("your attacks get +2") is one clause per
# phase, joined by "and"; inside a choice's option it was an And within an And, printed with the
# same "and" and read back as one flat list. "You may A, or B" printed as "You may choose one:
# A; or B", which did not parse.
CHOICES_FOUND = [
    ("choose one : your attacks gains -9 then all your hero's attacks gets -7 .",
     "Choose one: you receive -9 to ranged combat rolls and you receive -9 to melee combat rolls"
     " and you receive -9 to magic combat rolls and you receive -7 to ranged combat rolls and "
     "you receive -7 to melee combat rolls and you receive -7 to magic combat rolls."),
    ("You may gain 1 gold, or gain 1 experience.",
     "You may choose one: gain 1 gold; or gain 1 experience."),
    ("Every time you defeat a challenge, you may gain 1 gold or gain 2 gold.",
     "Every time you defeat a challenge, you may choose one: gain 1 gold; or gain 2 gold."),
]


@pytest.mark.parametrize("text, canonical", CHOICES_FOUND)
def test_choices_print_as_text_that_reads_back_the_same(text, canonical):
    ast = parse_ability(text)
    printed = print_ability(ast)
    assert printed == canonical
    assert parse_ability(printed) == ast


SEEDS = [
    "Before Combat: Activate and take X exhaustion to make a magic attack. If you succeed, "
    "inflict X wounds on your enemy.",
    "Any Phase: Once during 'Before Combat' and once per combat round, you may cancel 1 wound "
    "being inflicted on your Hero.",
    "Before moving, activate to move up to 4 spaces in any direction instead of rolling "
    "movement dice.",
    "Until the end of this combat, your enemy takes 1 wound every time your Hero takes 1 or "
    "more wounds as the result of a magic combat roll.",
    "Test Body Swim (14). If you fail, take 1 wound.",
    "Items and Allies cost twice as much.",
]
ALPHABET = "abcdefghijklmnopqrstuvwxyzXHB0123456789 :,.()'{}+-\u2019\t\u00e9\u0416"


def _mutate(text: str, rnd: random.Random, steps: int) -> str:
    chars = list(text)
    for _ in range(steps):
        op = rnd.randrange(5)
        i = rnd.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rnd.choice(ALPHABET))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rnd.choice(ALPHABET)
        elif op == 3:  # swap two words
            words = "".join(chars).split(" ")
            a, b = rnd.randrange(len(words)), rnd.randrange(len(words))
            words[a], words[b] = words[b], words[a]
            chars = list(" ".join(words))
        else:  # drop a word
            words = "".join(chars).split(" ")
            if len(words) > 1:
                del words[rnd.randrange(len(words))]
            chars = list(" ".join(words))
    return "".join(chars)


def _only_diagnostics(text: str) -> None:
    try:
        parse_ability(text)
    except AbilitySyntaxError as err:
        assert 0 <= err.start <= len(text) and err.end > err.start
        # syntax, unknown word, too short; too deep, a number over 999, over 10,000 characters
        assert err.code in ("RF301", "RF302", "RF303", "RF304", "RF305", "RF108")
    try:
        compile_text(text, kind="item", usage="activated")
    except DiagnosticError as err:
        assert err.diagnostics


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(SEEDS), st.integers(0, 2**32 - 1), st.integers(1, 4))
def test_mutated_abilities_give_only_diagnostics(seed, rnd_seed, steps):
    _only_diagnostics(_mutate(seed, random.Random(rnd_seed), steps))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_random_text_gives_only_diagnostics(text):
    _only_diagnostics(text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(sorted(set(
    "before combat activate take x exhaustion to make a magic attack if you succeed inflict "
    "wounds on your enemy . , : ( ) 1 2 once per turn and you may cancel being inflicted hero "
    "test body swim every time until the end of this".split()))), max_size=25))
def test_random_word_salad_gives_only_diagnostics(words):
    _only_diagnostics(" ".join(words))


@settings(max_examples=300, deadline=None)
@given(ability(), ability())
def test_two_abilities_glued_together_give_an_ability_or_a_diagnostic(a, b):
    # costs, tags and windows of the second land mid-ability: never a crash
    _only_diagnostics(print_ability(a) + " " + print_ability(b))


@pytest.mark.parametrize("text, each_counts", [
    ("Each other Hero takes 1 wound for each trophy they have.", True),
    ("Each Hero takes 1 exhaustion for each Ally they have, to a maximum of 2.", True),
    ("Each other Hero takes 1 wound for each trophy you have.", False),
    ("Each Hero receives +1 Mind for each wound they have.", True),
    ("You receive +1 Mind for each wound you have.", False),
])
def test_for_each_they_have_counts_each_heros_own(text, each_counts):
    """"... for each trophy they have" after part II's "each other Hero takes ..." counts each
    Hero's own trophies (the count under the subject); "you have" counts the card owner's."""
    ast = parse_ability(text)
    top = ast.sentences[0]
    assert isinstance(top, n.Each) is each_counts
    assert isinstance(top.effect if each_counts else top, n.ForEach)
    assert print_ability(ast) == text
    assert parse_ability(print_ability(ast)) == ast
