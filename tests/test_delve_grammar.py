"""Delve's grammar of sentences (issue 32, part III): the LALR table has only the conflicts
we know and chose, the limits are Runebound's (issue 37), the verb agrees with its subject,
and a hint proposes a whole sentence that parses, never the word that failed."""

from __future__ import annotations

import io
import logging

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, logger

from benchmarks.corpus_delve import compile_one
from runeforge.diagnostics import CODES
from runeforge.dsl.delve import limits
from runeforge.dsl.delve.errors import AbilitySyntaxError
from runeforge.dsl.delve.lexer import DelveLexer
from runeforge.dsl.delve.parser import _grammar, _shared_dir, parse_ability
from runeforge.dsl.runebound import limits as rb_limits
from runeforge.dsl.runebound.lexer import MAX_NUMBER as RB_MAX_NUMBER
from runeforge.engine.delve.ir import validate_ability

# Lark resolves a shift/reduce conflict by shifting. These are the ones the grammar has, and
# shifting is the reading we want: "deal 1 additional damage to this adversary" (not a
# sentence "… to <another clause>"), "after it attacks each hero …" (its object).
KNOWN_CONFLICTS = {("TO", "predicate : DEAL count ADDITIONAL DAMAGE"),
                   ("TO", "predicate : DO count ADDITIONAL DAMAGE"),
                   ("TO", "predicate : _dealverb PLUS count DAMAGE"),
                   ("EACH", "event : actor ATTACK"), ("EVERY", "event : actor ATTACK"),
                   # issue 32 (session lang): shift wins, as it should: "deal 1 less damage
                   # to this adversary", "you slay ... with a missile attack", "attacks this
                   # hero" (a duration "this round" never follows a trigger's event)
                   ("TO", "predicate : DEAL count LESS DAMAGE"),
                   ("TO", "predicate : DO count LESS DAMAGE"),
                   ("TO", "predicate : _dealverb DASH count DAMAGE"),  # "have -1 Damage"
                   ("WITH", "event : YOU SLAY who"), ("THIS", "event : actor ATTACK"),
                   # issue 32 (session delve10): "a hero misses this adversary with an attack"
                   # (shift: the event's own words)
                   ("WITH", "event : actor MISS who"),
                   # issue 32 (sessions delve10 and delve11 merged): "must spend a 4+ die to move
                   # instead of a 1+ die" (shift: the toll's own words; "... to move instead of
                   # moving" says nothing)
                   ("INSTEAD", "predicate : SPEND A face DIE _toll_was TO _toll_act"),
                   ("INSTEAD", "predicate : SPEND A face HERO DIE _toll_was TO _toll_act"),
                   ("INSTEAD", "predicate : SPEND A face HERO DIE TO _toll_act"),
                   ("INSTEAD", "predicate : SPEND A face DIE TO _toll_act"),
                   # issue 32 (branch delve12): "… attacks the first time …" (a trigger after
                   # the event) against "attacks the hero with the most wounds" (its object):
                   # shift, the object, as for EACH, EVERY and THIS
                   ("THE", "event : actor ATTACK"),
                   # issue 32 (branch delveseven): "… cannot attack you | each other hero |
                   # this hero | the hero who slew it" (its object) against a tail or a
                   # trigger after "cannot attack" ("each round", "every time", "the first
                   # time", "this …"): shift, the object, as for the event "attacks"
                   *(((w, "predicate : CANNOT ATTACK") for w in ("YOU", "EACH", "THIS",
                                                                  "EVERY", "THE"))),
                   # issue 32 (branch delvelang): "Attack an adjacent adversary: Combat, Hit
                   # 4+, Damage 1" (the attack's own colon) against Hit and Damage after a
                   # colon ("Make a missile attack: Hit 4+, Damage 1"): shift, the range
                   # after "attack <who>:" as before
                   ("COLON", "predicate : ATTACK who"),
                   # branch dadv: "a hero attacks this adversary with a combat attack and
                   # misses" (shift: the event's own words, as "misses … with an attack");
                   # "roll a die for each hero in its chamber" (shift: each of them rolls; a
                   # count after a roll was refused, RF972)
                   ("WITH", "event : actor ATTACK who"), ("FOR", "predicate : ROLL A DIE")}


def test_the_lalr_table_has_only_the_known_conflicts():
    buf = io.StringIO()
    handler = logging.StreamHandler(buf)
    logger.addHandler(handler)
    old = logger.level
    logger.setLevel(logging.DEBUG)
    try:
        Lark(_grammar(), parser="lalr", lexer=DelveLexer, start="ability",
             import_paths=[_shared_dir()], debug=True)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old)
    lines = buf.getvalue().splitlines()
    found = set()
    for i, line in enumerate(lines):
        if line.startswith("Shift/Reduce conflict for terminal"):
            terminal = line.split("terminal ")[1].split(":")[0]
            rule = lines[i + 1].strip(" *<>") if i + 1 < len(lines) else ""
            if rule.startswith(("predicate", "event")):
                found.add((terminal, rule))
    assert found == KNOWN_CONFLICTS
    assert not any("Reduce/Reduce" in line for line in lines)


# ---------------------------------------------------------------------- limits (issue 37)
def test_the_limits_are_runebounds():
    assert (limits.MAX_TEXT, limits.MAX_NESTING) == (rb_limits.MAX_TEXT, rb_limits.MAX_NESTING)
    assert limits.MAX_NUMBER == RB_MAX_NUMBER


def test_a_text_over_the_limit_is_refused_where_it_passes_it():
    text = "(2+): Heal 1 wound." + " Heal 1 wound." * 500_000          # about 7 MB
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF108" and err.value.start == limits.MAX_TEXT
    ir, diags = compile_one(text)
    assert ir is None and [d.code for d in diags] == ["RF108"]
    assert diags[0].col == limits.MAX_TEXT + 1 and diags[0].hint


def test_a_number_over_999_is_refused_at_its_digits():
    text = "(3+): Heal 1000 wounds."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF305" and text[err.value.start:err.value.end] == "1000"
    long = "(3+): Heal " + "9" * 5000 + " wounds."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(long)
    assert err.value.code == "RF305" and "5000 digits" in err.value.message


def test_modifiers_nest_at_most_max_nesting_deep():
    head = "Blow (3+): Attack an adjacent adversary: combat, Hit 4+, Damage 1. "
    ok = head + "If it hits, " * limits.MAX_NESTING + "heal 1 wound."
    parse_ability(ok)
    deep = head + "If it hits, " * (limits.MAX_NESTING + 1) + "heal 1 wound."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(deep)
    assert err.value.code == "RF304" and deep[err.value.start:].startswith("If")


# ---------------------------------------------------------------------- agreement
@pytest.mark.parametrize("text, fixed", [
    ("(3+): Each hero in this chamber heal 1 wound.",
     "(3+): Each hero in this chamber heals 1 wound."),
    ("(3+): Adversaries adjacent to you suffers 1 wound.",
     "(3+): Adversaries adjacent to you suffer 1 wound."),
    ("(3+): You suffers 1 wound.", "(3+): You suffer 1 wound."),
    ("(3+): Another hero may heals 1 wound.", "(3+): Another hero may heal 1 wound."),
])
def test_the_verb_agrees_with_its_subject(text, fixed):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == "RF924" and e.hint == f"did you mean: '{fixed}'?"
    parse_ability(fixed)
    assert text[e.start:e.end] in text.split()


# ---------------------------------------------------------------------- hints that help
@pytest.mark.parametrize("text, rewrite", [
    ("Cleave (3+): Attack an adjacent adversary: combat, Hit 4+, Damaje 2.",
     "Cleave (3+): Attack an adjacent adversary: combat, Hit 4+, Damage 2."),
    ("(3+): Heal 1 wound on another hero adjacent you.",
     "(3+): Heal 1 wound on another hero adjacent to you."),
    ("Every time you destroy an adversary, gain 1 renown.",  # "kill" is slay (issue 32)
     "Every time you slay an adversary, gain 1 renown."),
    ("(2+): Push an enemy adjacent to you 1 space.",
     "(2+): Push an adversary adjacent to you 1 space."),
    ("(3+): Each hero in this room heals 1 wound.",
     "(3+): Each hero in this chamber heals 1 wound."),
    ("(3+): Move up to 2 spaces then then attack an adjacent adversary: combat, Hit 4+, "
     "Damage 1.", "(3+): Move up to 2 spaces then attack an adjacent adversary: combat, Hit 4+, "
                  "Damage 1."),
])
def test_a_hint_proposes_a_whole_sentence_that_parses(text, rewrite):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.hint == f"did you mean: '{rewrite}'?"
    parse_ability(rewrite)


def test_the_hint_of_the_issue_never_proposes_the_word_that_failed():
    """Issue 32: "unexpected 'adjacent' … did you mean 'adjacent'?"."""
    text = "(3+): Make a combat attack against adjacent each adversary."
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    word = text[err.value.start:err.value.end]
    assert f"'{word.lower()}'?" not in err.value.hint.lower()
    if err.value.hint.startswith("did you mean: '"):
        parse_ability(err.value.hint[len("did you mean: '"):-2])


# ---------------------------------------------------------------------- never a crash
WORDS = ["(3+):", "Every", "time", "you", "slay", "an", "adversary", "each", "hero", "heals",
         "heal", "1", "wound", "suffers", "moves", "space", "towards", "away", "from", "the",
         "nearest", "this", "it", "is", "slain", "when", "if", "there", "are", "no", "until",
         "end", "of", "your", "turn", "cannot", "be", "pushed", "immune", "to", "area",
         "attacks", "push", "pull", "choose", "make", "a", "combat", "attack", "against",
         "adjacent", "within", "2", "spaces", "and", "then", ",", ".", "or", "another", "gains",
         "renown", "at", "start", "round", "Hit", "4+", "Damage"]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=1, max_size=16).map(" ".join),
       st.sampled_from(("hero", "adversary")))
def test_any_sentence_of_the_dialects_words_compiles_or_is_refused_at_its_place(text, kind):
    ir, diags = compile_one(text, kind)
    if ir is not None:
        validate_ability(ir)
        return
    errors = [d for d in diags if d.severity == "error"]
    assert errors and all(d.code in CODES and d.hint for d in errors), text
    assert all(1 <= d.col <= len(text) + 1 for d in errors), text
