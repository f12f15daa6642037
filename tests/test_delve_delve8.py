"""Delve constructions of issue 32 (session delve8), run in the engine: an adversary as the
subject of a hero's verbs ("This adversary makes a missile attack against each visible
hero", "This adversary attacks the hero with the most wounds", "This adversary moves 2
additional spaces"), the selector "the hero with the most / fewest <wounds | renown |
Vigour>", and an attack with no range ("Attack an adjacent adversary": the first weapon that
reaches). The corpus (tests/data/corpus/delve-forms.yaml) holds their variants."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.delve.game import ops, traits
from runeforge.engine.delve.game.adversaries import adversary_phase
from runeforge.engine.delve.rules.effects import candidates
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import SEFA, events, game
from tests.test_delve_forms import AXE, CASTER, base, hero_with, play  # noqa: F401  (base: a fixture)


def _foe(base, kind: str, texts, cell, wounds=None, move=None):  # noqa: F811
    irs = []
    for text in texts:
        compiled, diags = compile_one(text, "adversary")
        assert compiled is not None, [str(d) for d in diags]
        irs.append(compiled)
    record = {**base.adversaries[kind], "abilities": irs}
    if move is not None:
        record["move"] = move
    records = dataclasses.replace(hero_with(base),
                                  adversaries={**base.adversaries, "test-foe": record})
    g = game(records, [CASTER, SEFA], [], [], foes=[("test-foe", cell)], wounds=wounds)
    return g, g.state.adversaries()[0]


def _run(g, figure, text: str, faces) -> None:
    g.dice = ScriptedDice(list(faces))
    ops.apply(g, figure, "test", compile_one(text, "adversary")[0]["effects"], None)


@pytest.mark.parametrize("text, wounds, struck", [
    ("At the end of each round, this adversary attacks the hero with the most wounds.",
     {CASTER: 1, SEFA: 2}, SEFA),
    ("At the end of each round, this adversary attacks the hero with the most wounds.",
     {CASTER: 2, SEFA: 1}, CASTER),
    ("At the end of each round, it attacks the hero with the fewest wounds.",
     {CASTER: 2, SEFA: 1}, SEFA),
    ("When activated, this adversary makes a combat attack against the hero with the fewest "
     "wounds.", {CASTER: 0, SEFA: 1}, CASTER),
])
def test_an_adversary_attacks_the_hero_a_ranked_selector_names(base, text, wounds, struck):  # noqa: F811
    g, brute = _foe(base, "tunnel-brute", [text], (1, 2), wounds)     # next to both heroes
    _run(g, brute, text, [6])
    hits = events(g, "adversary_attack")
    assert [h["target"] for h in hits] == [struck] and hits[0]["wounds"] >= 1
    assert g.state.figure(struck) is None or g.state.figure(struck).wounds > wounds[struck]


def test_an_adversary_makes_a_missile_attack_against_each_visible_hero(base):  # noqa: F811
    text = "When activated, this adversary makes a missile attack against every visible hero."
    g, archer = _foe(base, "hollow-archer", [text], (1, 3))       # 2 spaces from both
    _run(g, archer, text, [6, 6])
    assert sorted(h["target"] for h in events(g, "adversary_attack")) == sorted([CASTER, SEFA])
    assert g.state.figure(CASTER).wounds == 1 and g.state.figure(SEFA).wounds == 1


def test_an_adversary_attack_uses_only_a_weapon_that_reaches(base):  # noqa: F811
    """A combat attack reaches only an adjacent hero: from afar nothing happens."""
    text = "When activated, this adversary makes a combat attack against each hero."
    g, brute = _foe(base, "tunnel-brute", [text], (3, 3))
    _run(g, brute, text, [6, 6])
    assert events(g, "adversary_attack") == []


@pytest.mark.parametrize("rule, extra", [("This adversary moves 2 extra spaces.", 2),
                                         ("This adversary moves 1 additional space.", 1),
                                         ("Heroes adjacent to this adversary are pinned.", 0)])
def test_an_adversarys_extra_move_is_added_in_the_adversary_phase(base, rule, extra):  # noqa: F811
    """A crawler of Move 0, 2 spaces from the nearest hero, moves only by its rule."""
    g, crawler = _foe(base, "mire-crawler", [rule], (3, 3), move=0)
    assert traits.extra_move(g, crawler) == extra
    g.dice = ScriptedDice([1] * 6)
    adversary_phase(g)
    moved = [m for m in events(g, "adversary_move") if m["adversary"] == crawler.id]
    assert bool(moved) == (extra > 0)


@pytest.mark.parametrize("sel, wounds, picked", [
    ({"quantity": "most", "side": "hero", "rank": "wounds"}, {CASTER: 1, SEFA: 3}, {SEFA}),
    ({"quantity": "fewest", "side": "hero", "rank": "wounds"}, {CASTER: 1, SEFA: 3}, {CASTER}),
    ({"quantity": "most", "side": "hero", "rank": "wounds"}, {CASTER: 2, SEFA: 2},
     {CASTER, SEFA}),                                  # a tie: either may be picked
    ({"quantity": "most", "side": "hero", "rank": "vigour"}, None, {CASTER}),  # 5 against 4
])
def test_most_and_fewest_pick_the_figures_with_the_most_or_fewest(base, sel, wounds, picked):  # noqa: F811
    g, brute = _foe(base, "tunnel-brute", [], (1, 2), wounds)
    s = g.state
    assert {f.id for f in candidates(s.board, brute, sel, s.figures)} == picked


def test_a_hero_attack_with_no_range_uses_the_weapon_that_reaches(base):  # noqa: F811
    g, me = play(base, ["Hack (2+): Attack an adjacent adversary.", AXE], [2, 1, 1, 1, 6],
                 [{"action": "ability", "ability": "Hack"}, None],
                 foes=[("mire-crawler", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("mire-crawler-1").wounds == 1     # the axe's Damage 1


@pytest.mark.parametrize("said, canonical, kind", [
    ("When activated, it makes a missile attack against each visible hero.",
     "When this adversary is activated, this adversary makes a missile attack against each "
     "visible hero.", "adversary"),
    ("This adversary moves 2 extra spaces.", "This adversary moves 2 additional spaces.",
     "adversary"),
    ("Hack (3+): Make an attack against an adjacent adversary.",
     "Hack (3+): Attack an adversary adjacent to you.", "hero"),
    ("(2+): Heal 1 wound on the hero in this chamber with the most wounds.",
     "(2+): Heal 1 wound on the hero with the most wounds in this chamber.", "hero"),
])
def test_variants_print_one_canonical_form(said, canonical, kind):
    assert print_ability(parse_ability(said)) == canonical
    assert print_ability(parse_ability(canonical)) == canonical
    assert parse_ability(canonical) == parse_ability(said)
    assert compile_one(said, kind)[0] == compile_one(canonical, kind)[0] is not None


@pytest.mark.parametrize("text, kind, code", [
    ("When activated, make a missile attack against each visible hero.", "adversary", "RF925"),
    ("Hack (3+): This adversary attacks the nearest hero.", "hero", "RF925"),
    ("When this adversary is slain, the adversary with the most renown suffers 1 wound.",
     "adversary", "RF913"),
    ("Hack (3+): Attack a visible adversary, Hit 4+, Damage 1.", "hero", "RF907"),  # adjacent: combat (ddice)
    ("When activated, this adversary makes a combat attack against the adversary with the most "
     "wounds.", "adversary", "RF913"),
    ("Every time you slay an adversary, this adversary moves 2 extra spaces.", "hero", "RF925"),
])
def test_what_the_new_forms_cannot_run_is_refused_located(text, kind, code):
    compiled, diags = compile_one(text, kind)
    assert compiled is None
    errors = [d for d in diags if d.severity == "error"]
    assert code in [d.code for d in errors] and all(d.hint for d in errors)


@pytest.mark.parametrize("text", [
    "At the end of each round, this adversary attacks the hero with the most wounds.",
    "This adversary moves 2 additional spaces.",
    "When this adversary is activated, this adversary makes an area attack against each hero "
    "in this chamber.",
    "Hack (3+): Attack the adversary with the fewest Vigour adjacent to you.",
])
def test_the_new_forms_render_in_every_locale(text):
    ability = parse_ability(text)
    assert render_ability(ability, "en") == print_ability(ability)
    for locale in ("fi", "pl", "el", "ru"):
        rendered = render_ability(ability, locale)
        assert "{" not in rendered and " attack" not in rendered and "most" not in rendered


@pytest.mark.parametrize("rule, wounds, struck", [
    (None, {CASTER: 2, SEFA: 1}, [CASTER]),          # the adversary phase: the most wounds
    ("This adversary attacks the hero with the fewest wounds.", {CASTER: 2, SEFA: 1}, [SEFA]),
    ("This adversary always attacks the hero with the fewest wounds.", {CASTER: 1, SEFA: 2},
     [CASTER]),
    ("This adversary makes a combat attack against each hero adjacent to it.",
     {CASTER: 1, SEFA: 1}, sorted([CASTER, SEFA])),
    ("This adversary makes a missile attack against each hero adjacent to it.",  # no bow
     {CASTER: 2, SEFA: 1}, [CASTER]),
])
def test_an_adversarys_rule_says_whom_it_attacks_in_the_adversary_phase(base, rule, wounds,  # noqa: F811
                                                                        struck):
    g, brute = _foe(base, "tunnel-brute", [rule] if rule else [], (1, 2), wounds)
    g.dice = ScriptedDice([1] * 4)                  # misses: no one is down
    adversary_phase(g)
    assert sorted(h["target"] for h in events(g, "adversary_attack")) == struck


@pytest.mark.parametrize("rule, foe_wounds, hit, taken", [
    (None, 0, False, 0),                                   # Stone Club: Hit 3+, a 2 misses
    ("Its attacks add 1 to their rolls.", 0, True, 3),
    ("This adversary's combat attacks add 1 to their rolls.", 0, True, 3),
    ("This adversary's missile attacks add 1 to their rolls.", 0, False, 0),  # a club
    ("While this adversary is wounded, its attacks add 1 to their rolls.", 0, False, 0),
    ("While this adversary is wounded, its attacks add 1 to their rolls.", 1, True, 3),
])
def test_an_adversarys_rule_on_its_own_attack_rolls(base, rule, foe_wounds, hit, taken):  # noqa: F811
    g, brute = _foe(base, "tunnel-brute", [rule] if rule else [], (1, 2), {CASTER: 1, SEFA: 0})
    brute.wounds = foe_wounds
    g.dice = ScriptedDice([2] * 4)
    adversary_phase(g)
    attack = events(g, "adversary_attack")[0]
    assert attack["target"] == CASTER and (attack["hit"], attack["wounds"]) == (hit, taken)


@pytest.mark.parametrize("rule, taken", [(None, 3), ("Its attacks deal +1 Damage.", 4),
                                         ("This adversary's attacks have +1 damage.", 4)])
def test_an_adversarys_rule_on_its_own_damage(base, rule, taken):  # noqa: F811
    g, brute = _foe(base, "tunnel-brute", [rule] if rule else [], (1, 2), {CASTER: 0, SEFA: 0})
    g.dice = ScriptedDice([6] * 4)
    adversary_phase(g)
    assert events(g, "adversary_attack")[0]["wounds"] == taken


def test_in_this_adversarys_chamber_counts_from_the_adversary(base):  # noqa: F811
    text = "At the end of each round, each hero in this adversary's chamber suffers 1 wound."
    g, brute = _foe(base, "tunnel-brute", [text], (3, 3))
    _run(g, brute, text, [])
    assert g.state.figure(CASTER).wounds == 1 and g.state.figure(SEFA).wounds == 1
