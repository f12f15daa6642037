"""Delve adversary rules of issue 32, part III (branch dadv), run in the engine: a rule on a
hero's miss by an attack of one range fires for that range only; the variants of the corpus
(tests/data/corpus/delve-forms.yaml, its dadv block) print as the forms they mean."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import events
from tests.test_delve_delveseven import _foe_with
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)

AXE = "Axe (1+): Combat, Hit 4, Damage 1."


@pytest.mark.parametrize("rng, fires", [("Combat", True), ("Missile", False), ("", True)])
def test_a_miss_rule_with_a_range_fires_only_for_that_range(base, rng, fires):  # noqa: F811
    """The hero misses the adjacent adversary with its axe (a combat attack, a roll of 1): a
    rule on combat misses (or on any miss) wounds it; one on missile misses does not."""
    with_range = f" with a {rng} attack" if rng else ""
    rule = f"Whenever a hero misses this adversary{with_range}, that hero takes 1 wound."
    g, me = play(_foe_with(base, rule), [AXE], [3, 5, 6, 2, 1],
                 [{"action": "weapon", "weapon": "Axe", "die": 0}, None],
                 foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    before = me.wounds
    g.hero_turn(me)
    seen = [t for t in events(g, "trigger") if t["event"] == "missed"]
    assert bool(seen) is fires
    assert me.wounds == before + (1 if fires else 0)


@pytest.mark.parametrize("text", [
    "When a hero attacks this adversary with a combat attack and misses, that hero suffers 1 "
    "wound.",
    "When a hero attacks this adversary with an area attack and misses, that hero suffers 1 "
    "wound.",
])
def test_the_missed_range_form_prints_itself_and_renders_in_every_locale(text):
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert render_ability(ability, "en") == text
    texts = {loc: render_ability(ability, loc) for loc in ("fi", "pl", "el", "ru")}
    assert all(t and "{" not in t and "misses" not in t for t in texts.values()), texts


def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("dadv-variants")


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    refused = check_variant_line(kind, said, after)
    if refused is not None:
        assert all(d.hint for d in refused)
        return
    assert parse_ability(print_ability(parse_ability(after))) == parse_ability(after)
    for locale in ("en", "fi", "pl", "el", "ru"):
        out = render_ability(parse_ability(said), locale)
        assert out and "{" not in out and out == render_ability(parse_ability(after), locale)


# ---------------------------------------------------------------- a prohibition said of no one
@pytest.mark.parametrize("rule, held_far", [
    ("No hero may explore.", True),
    ("No hero adjacent to this adversary can explore.", False),
])
def test_no_hero_may_forbids_the_heroes_it_names(base, rule, held_far):  # noqa: F811
    from runeforge.engine.delve.game import traits
    from tests.test_delve_delveg import NEAR, _with_warden
    g, me = _with_warden(base, rule, NEAR)
    assert traits.forbidden(g, me, "explore") and not g.can_explore(me)
    far, _ = _with_warden(base, rule, (9, 9))
    assert traits.forbidden(far, far.state.figure(CASTER), "explore") is held_far


@pytest.mark.parametrize("text, canonical", [
    ("No hero may explore.", "Each hero cannot explore."),
    ("No heroes in the same chamber as this adversary may recuperate.",
     "Each hero in this adversary's chamber cannot recuperate."),
    ("If no hero is adjacent to this adversary, this adversary is immune to missile attacks.",
     None),   # "no hero" in a condition stays a condition
])
def test_no_hero_may_prints_as_each_hero_cannot(text, canonical):
    from runeforge.games.delve.abilities import canonical_text
    ir, diags = compile_one(text, "adversary")
    assert ir is not None, [str(d) for d in diags]
    if canonical is not None:
        assert canonical_text(text) == canonical
    else:
        assert ir["effects"][0]["op"] == "if" and ir["effects"][0]["cond"] == "none"


# ---------------------------------------------------------------- its own attack, no range
@pytest.mark.parametrize("roll, wounded", [(6, 1), (1, 0)])
def test_an_adversarys_attack_with_its_numbers_and_no_range_reaches_its_chamber(base, roll,  # noqa: F811
                                                                              wounded):
    """"… attacks each hero in its chamber: Hit 5+, Damage 1": both heroes, the one next to it
    (by combat) and the one across the chamber (missile, area), are rolled at; a 6 hits."""
    from runeforge.engine.delve.game import ops
    from tests.test_delve_abilities import SEFA, game
    text = "When activated, this adversary attacks each hero in its chamber: Hit 5+, Damage 1."
    ir, diags = compile_one(text, "adversary")
    assert ir is not None, [str(d) for d in diags]
    assert ir["effects"][0]["hit"] == 5 and "range" not in ir["effects"][0]
    from tests.test_delve_forms import hero_with
    g = game(hero_with(base), [CASTER, SEFA], [roll, roll], [], foes=[("tunnel-brute", (1, 2))])
    (foe,) = g.state.adversaries()
    heroes = [g.state.figure(h) for h in (CASTER, SEFA)]
    assert [h.wounds for h in heroes] == [0, 0]
    ops.apply(g, foe, "test", ir["effects"], None)
    attacks = events(g, "adversary_attack")
    assert sorted(a["target"] for a in attacks) == sorted([CASTER, SEFA])
    assert [h.wounds for h in heroes] == [wounded, wounded]


def test_a_heros_attack_with_numbers_still_names_its_range():
    # (adversaries adjacent to the hero say it: combat, branch ddice's reach_ddice.py)
    ir, diags = compile_one("Swipe (3+): Attack a visible adversary: Hit 4+, Damage 1.")
    assert ir is None and "RF907" in {d.code for d in diags}


# ---------------------------------------------------------------- a die rolled for each hero
@pytest.mark.parametrize("roll, wounded", [(5, 1), (4, 0)])
def test_a_die_rolled_for_each_hero_in_its_chamber_wounds_on_its_faces(base, roll, wounded):  # noqa: F811
    from runeforge.engine.delve.game import ops
    from tests.test_delve_abilities import SEFA, game
    from tests.test_delve_forms import hero_with
    text = "In the adversary phase, roll a die for every hero in its chamber: on 5 or 6, that " \
           "hero takes 1 wound."
    ir, diags = compile_one(text, "adversary")
    assert ir is not None, [str(d) for d in diags]
    g = game(hero_with(base), [CASTER, SEFA], [roll, roll], [], foes=[("tunnel-brute", (1, 2))])
    (foe,) = g.state.adversaries()
    heroes = [g.state.figure(h) for h in (CASTER, SEFA)]
    ops.apply(g, foe, "test", ir["effects"], None)
    assert [h.wounds for h in heroes] == [wounded, wounded]


# ---------------------------------------------------------------- the hero that moves near it
@pytest.mark.parametrize("rule", ["Any hero that moves adjacent to this adversary suffers 1 "
                                  "wound.",
                                  "Heroes that move next to this adversary take 1 wound."])
@pytest.mark.parametrize("to, wounds", [([2, 2], 1), ([0, 1], 0)])
def test_a_hero_that_moves_adjacent_to_it_is_the_subject_of_the_rule(base, rule, to, wounds):  # noqa: F811
    g, me = play(_foe_with(base, rule, "bone-sentry"), [], [1, 1, 1, 1],
                 [{"action": "move", "to": to}, None], foes=[("bone-sentry", (3, 3))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    assert me.cell == tuple(to) and me.wounds == wounds
