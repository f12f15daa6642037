"""Branch dsight (issue 32): an adversary's behaviour said in sentences with no subject.

"Moves 2 spaces towards the nearest hero.", "Moves towards the nearest hero, then attacks
it.", "Moves 1 space away from the nearest hero." on an adversary's card are its move (and
attack) of the turn in the adversary phase, as "When this adversary is activated, this
adversary moves …" (dsl/delve/behaviour_dsight.py). Each engine test plays the adversary
phase with and without the sentence (the control: its behaviour, advance, Move 5)."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.backends.bundle import build_bundle
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.engine.delve.game.adversaries import adversary_phase
from runeforge.engine.delve.game.state import Records
from runeforge.engine.delve.ir import validate_ability
from runeforge.engine.delve.rules.attacks import Figure
from runeforge.pipeline import check
from tests.test_delve_abilities import SEFA
from tests.test_delve_docs import check_variant_line, variant_lines
from tests.test_delve_forms import play

RAT = "gloom-rat"      # behaviour advance, Move 5
CORNER = (0, 0)


@pytest.fixture(scope="module")
def base():
    result = check(())
    return Records.from_bundle(build_bundle(result.content, result.compiled))


def _ir(text, kind="adversary"):
    ir, diags = compile_one(text, kind)
    assert ir is not None, [str(d) for d in diags]
    validate_ability(ir)
    return ir


def _with_rule(base, text, kind=RAT):
    adv = {**base.adversaries[kind], "abilities": [_ir(text)]}
    return dataclasses.replace(base, adversaries={**base.adversaries, kind: adv})


def _phase(recs, rat_cell):
    g, me = play(recs, [], [1] * 20, [None])
    me.cell, g.state.figure(SEFA).cell = (3, 3), (3, 2)
    fid = f"{RAT}-x"
    g.state.figures.append(Figure(fid, "adversary", rat_cell, g.records.adversaries[RAT]["vigour"]))
    g.state.kinds[fid] = RAT
    adversary_phase(g)
    return g, g.state.figure(fid).cell


def _steps(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@pytest.mark.parametrize("text", [
    "Moves 1 space towards the nearest hero.",
    "moves one space toward the nearest hero",
    "Moves 1 space towards the nearest hero, then attacks it.",
])
def test_a_subjectless_move_is_the_adversarys_move_of_the_turn(base, text):
    for rule, recs in ((False, base), (True, _with_rule(base, text))):
        g, cell = _phase(recs, CORNER)
        near = any(g.state.board.adjacent(cell, h) for h in ((3, 3), (3, 2)))
        assert near == (not rule), cell            # its Move 5 would reach them
        if rule:
            assert cell != CORNER and _steps(CORNER, cell) == 1, cell


def test_a_subjectless_move_away_steps_back_from_the_hero(base):
    start = (2, 2)                                  # next to both heroes
    for rule, recs in ((False, base),
                       (True, _with_rule(base, "Moves 1 space away from the nearest hero."))):
        g, cell = _phase(recs, start)
        near = any(g.state.board.adjacent(cell, h) for h in ((3, 3), (3, 2)))
        assert near == (not rule), cell


@pytest.mark.parametrize("said, same", [
    ("Moves 3 spaces towards the nearest hero.",
     "When activated, this adversary moves 3 spaces towards the nearest hero."),
    ("Moves towards the nearest hero, then attacks it.",
     "When activated, this adversary moves towards the nearest hero, then attacks it."),
    ("Moves 1 space away from the nearest hero.",
     "When activated, this adversary moves 1 space away from the nearest hero."),
    ("Moves 2 spaces towards the nearest hero. Then it attacks the nearest hero.",
     "When activated, this adversary moves 2 spaces towards the nearest hero. Then it "
     "attacks the nearest hero."),
])
def test_it_means_what_the_sentence_with_its_subject_means(said, same):
    assert _ir(said) == _ir(same)
    printed = print_ability(parse_ability(said))
    assert printed.startswith("When this adversary is activated, ")
    assert print_ability(parse_ability(printed)) == printed
    assert _ir(printed) == _ir(said)


@pytest.mark.parametrize("kind, text, code", [
    ("adversary", "Moves up to 6 spaces.", "RF925"),        # no destination
    ("hero", "Moves 2 spaces towards the nearest adversary.", "RF925"),
])
def test_refused_where_it_says_nothing_the_engine_does(kind, text, code):
    ir, diags = compile_one(text, kind)
    assert ir is None and code in [d.code for d in diags] and all(d.hint for d in diags)


def test_a_heros_imperative_move_keeps_its_meaning():
    ir = _ir("Dash (2+): Move 3 spaces towards the nearest adversary.", "hero")
    assert ir["form"] == "action" and ir["effects"][0]["targets"] == {"quantity": "self"}


@pytest.mark.parametrize("kind, said, after", variant_lines("dsight-variants"))
def test_each_dsight_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    found = check_variant_line(kind, said, after)
    assert found is None or all(d.hint for d in found)


def _attacks(g):
    return [r for r in g.log.records if r["type"] == "adversary_attack"]


@pytest.mark.parametrize("text", [
    "When activated, this adversary recovers 1 wound instead of attacking.",
    "In the adversary phase, it heals 2 wounds instead of attacking.",
    "When activated, each hero adjacent to this adversary suffers 1 wound instead of attacking.",
])
def test_instead_of_attacking_leaves_out_its_attack_of_the_turn(base, text):
    for rule, recs in ((False, base), (True, _with_rule(base, text))):
        g, cell = _phase(recs, (2, 2))                  # next to both heroes
        assert bool(_attacks(g)) == (not rule)


def test_a_behaviour_sentence_instead_of_attacking_moves_and_does_not_attack(base):
    text = "Moves 1 space towards the nearest hero instead of attacking."
    g, cell = _phase(_with_rule(base, "Moves 1 space towards the nearest hero."), (1, 1))
    assert _attacks(g)                                   # one step: next to a hero, it attacks
    g, cell = _phase(_with_rule(base, text), (1, 1))
    assert cell != (1, 1) and not _attacks(g)


@pytest.mark.parametrize("kind, text", [
    ("hero", "Dash (2+): Move 3 spaces towards the nearest adversary instead of attacking."),
    ("adversary", "Attacks the nearest hero instead of attacking."),
    ("adversary", "When this adversary suffers a wound, it heals 1 wound instead of attacking."),
    ("adversary", "When activated, this adversary attacks the nearest hero instead of attacking."),
])
def test_instead_of_attacking_elsewhere_is_rf945_at_the_words(kind, text):
    ir, diags = compile_one(text, kind)
    assert ir is None and [d.code for d in diags] == ["RF945"] and diags[0].hint
    assert text[diags[0].col - 1:].startswith("instead of attacking")


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
def test_the_behaviour_sentences_render_in_every_locale(locale):
    from runeforge.games.delve.text import render_ability
    for text in ("Moves 2 spaces towards the nearest hero, then attacks it.",
                 "Moves towards the nearest hero instead of attacking.",
                 "Moves 1 space away from the nearest hero."):
        out = render_ability(parse_ability(text), locale)
        assert out and "{" not in out
        if locale == "en":
            assert out == print_ability(parse_ability(text))


# ---------------------------------------------------------------- "the hero that wounded it"
GOLEM = "rust-golem"    # Vigour 5: one wound leaves it standing


def _stung(base, rule, ability):
    """The caster at (1, 1) wounds a golem at (1, 2) with ``ability``; the golem's card
    holds ``rule`` (or nothing)."""
    recs = _with_rule(base, rule, GOLEM) if rule else base
    g, me = play(recs, [ability], [2, 1, 1, 1], [{"action": "ability", "ability": "Jab"}, None])
    me.cell, g.state.figure(SEFA).cell = (1, 1), (3, 3)
    fid = f"{GOLEM}-x"
    g.state.figures.append(Figure(fid, "adversary", (1, 2),
                                  g.records.adversaries[GOLEM]["vigour"]))
    g.state.kinds[fid] = GOLEM
    g.hero_turn(me)
    return g, me, g.state.figure(fid)


@pytest.mark.parametrize("rule", [
    "Every time this adversary suffers a wound, it moves 1 space away from the hero that "
    "wounded it.",
    "Whenever this adversary is wounded, it moves 1 space away from the hero who wounded it.",
])
def test_the_wounded_adversary_steps_away_from_the_hero_that_wounded_it(base, rule):
    jab = "Jab (2+): An adversary adjacent to you suffers 1 wound."
    for with_rule in (False, True):
        g, me, rat = _stung(base, rule if with_rule else None, jab)
        assert rat.wounds == 1
        assert g.state.board.adjacent(me.cell, rat.cell) == (not with_rule), rat.cell


def test_the_hero_that_wounded_it_suffers_a_wound_back(base):
    jab = "Jab (2+): An adversary adjacent to you suffers 1 wound."
    rule = "When this adversary suffers a wound, the hero who wounded it suffers 1 wound."
    for with_rule in (False, True):
        g, me, rat = _stung(base, rule if with_rule else None, jab)
        assert rat.wounds == 1 and me.wounds == (1 if with_rule else 0)
        assert g.state.figure(SEFA).wounds == 0


@pytest.mark.parametrize("kind, text, code", [
    ("adversary", "After this adversary attacks, it moves 1 space away from the hero that "
                  "wounded it.", "RF914"),   # no wound's trigger: branch dprose's check
    ("adversary", "When activated, this adversary moves towards the hero that wounded it.",
     "RF914"),
    ("hero", "Every time you suffer a wound, the hero that wounded it suffers 1 wound.",
     "RF985"),   # a hero's wound: an adversary dealt it
])
def test_the_hero_that_wounded_it_outside_a_wound_of_an_adversary_is_refused(kind, text, code):
    ir, diags = compile_one(text, kind)
    assert ir is None and [d.code for d in diags] == [code] and diags[0].hint
    assert text[diags[0].col - 1:].startswith("the hero")


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
def test_the_hero_that_wounded_it_renders_in_every_locale(locale):
    from runeforge.games.delve.text import render_ability
    text = "Every time this adversary suffers a wound, the hero that wounded it suffers 1 wound."
    out = render_ability(parse_ability(text), locale)
    assert out and "{" not in out and "who.wounder" not in out
    if locale == "en":   # printed with "who" (branch dprose's canonical form)
        assert out == text.replace("hero that wounded", "hero who wounded")
    else:
        assert "the hero that wounded it" not in out


# ---------------------------------------------------------------- towards the most wounded
@pytest.mark.parametrize("text", [
    "Moves 1 space towards the hero with the most wounds.",
    "Moves 1 space towards the most wounded hero.",
])
def test_a_move_towards_the_most_wounded_hero_passes_the_nearer_one(base, text):
    for rule, said in ((False, "Moves 1 space towards the nearest hero."), (True, text)):
        g, me = play(_with_rule(base, said), [], [1] * 20, [None], wounds={SEFA: 2})
        me.cell, g.state.figure(SEFA).cell = (3, 3), (0, 0)
        fid = f"{RAT}-x"
        g.state.figures.append(Figure(fid, "adversary", (2, 2),
                                      g.records.adversaries[RAT]["vigour"]))
        g.state.kinds[fid] = RAT
        adversary_phase(g)
        cell = g.state.figure(fid).cell
        assert g.state.board.adjacent(cell, (0, 0)) == rule, cell
        assert g.state.board.adjacent(cell, (3, 3)) == (not rule), cell
