"""Delve constructions of issue 32 (branch delvelang), run in the engine or refused: "this
hero" on a hero's card (its own hero, in the third person: "every adversary adjacent to this
hero takes 1 wound"), "take" before wounds as "suffer", "1 more wound", "next to" as "adjacent
to", "subtract 1 from the roll". The corpus (tests/data/corpus/delve-forms.yaml, its delvelang
block) holds their variants and the texts that must fail."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)

RING = "Crackling Ring (5+): Every adversary next to this hero takes 1 wound."


def test_this_hero_and_takes_wound_the_adversaries_next_to_the_hero(base):  # noqa: F811
    g, me = play(base, [RING], [5, 1, 1, 1],
                 [{"action": "ability", "ability": "Crackling Ring"}, None],
                 foes=[("bone-sentry", (1, 2))])
    foe = g.state.figure("bone-sentry-1")
    assert foe.wounds == 0
    g.hero_turn(me)
    assert foe.wounds == 1


def test_this_hero_heals_the_hero_whose_card_it_is(base):  # noqa: F811
    g, me = play(base, ["Bind (2+): This hero heals 2 wounds."], [2, 1, 1, 1],
                 [{"action": "ability", "ability": "Bind"}, None], wounds={CASTER: 3})
    g.hero_turn(me)
    assert me.wounds == 1


def test_this_hero_takes_a_wound_as_its_price(base):  # noqa: F811
    text = "Reckless (2+): Gain 1 renown. This hero takes 1 wound."
    g, me = play(base, [text], [2, 1, 1, 1],
                 [{"action": "ability", "ability": "Reckless"}, None],
                 wounds={CASTER: 0})
    g.hero_turn(me)
    assert me.wounds == 1


@pytest.mark.parametrize("said, canonical", [
    (RING, "Crackling Ring (5+): Each adversary adjacent to you suffers 1 wound."),
    ("Granite Ward (4+): Until the start of your next turn, ignore the first wound this hero "
     "would take.", "Granite Ward (4+): Until the start of your next turn, prevent the first "
                    "wound you would suffer."),
    ("When this adversary is slain, every hero adjacent to it takes 1 wound.",
     "When this adversary is slain, each hero adjacent to it suffers 1 wound."),
    ("Ignore the first wound this adversary takes each turn.",
     "Ignore the first wound this adversary suffers each turn."),
])
def test_the_new_words_print_the_canonical_wording(said, canonical):
    ability = parse_ability(said)
    assert print_ability(ability) == canonical
    assert parse_ability(canonical) == ability


@pytest.mark.parametrize("text, owner, code", [
    ("When this adversary is slain, this hero takes 1 wound.", "adversary", "RF913"),
    ("When this adversary is slain, yourself suffers 1 wound.", "adversary", "RF913"),
    ("Bind (5+): This hero makes a combat attack.", "hero", "RF301"),
])
def test_this_hero_where_no_hero_is_meant_is_refused_located(text, owner, code):
    ir, diags = compile_one(text, owner)
    errors = [d for d in diags if d.severity == "error"]
    assert ir is None and errors[0].code == code
    said = text[errors[0].col - 1:errors[0].col - 1 + errors[0].length].lower()
    assert said in ("this hero", "yourself") or code == "RF301" and said == "makes"


@pytest.mark.parametrize("said, canonical", [
    ("Thornshot (3+): Missile. Hit 3+, Damage 1. If the target is slain, gain 1 extra renown.",
     "Thornshot (3+): Missile, Hit 3+, Damage 1. If this attack slays the target, gain 1 "
     "renown."),
    ("Hook (4+): Missile. Hit 4+, Damage 1. On a hit, push the target 1 space.",
     "Hook (4+): Missile, Hit 4+, Damage 1. If it hits, push the target 1 space."),
    ("This adversary cannot be targeted by Area attacks.",
     "This adversary is immune to area attacks."),
    ("Haste (2+): Until the end of the turn, add 1 to your Move.",
     "Haste (2+): Until the end of your turn, add 1 to your Move."),
])
def test_outcomes_agents_and_short_durations_print_the_canonical_wording(said, canonical):
    ability = parse_ability(said)
    assert parse_ability(print_ability(ability)) == ability
    assert compile_one(said, "adversary" if said.startswith("This adversary") else "hero")[0] \
        == compile_one(canonical, "adversary" if said.startswith("This adversary") else "hero")[0]


def test_on_a_hit_runs_only_when_the_attack_hits(base):  # noqa: F811
    """The rider after "On a hit," pushes the target on a hit (a 6) and not on a miss (a 1)."""
    from runeforge.engine.delve.rules.effects import distance
    text = "Hook (1+): Combat, Hit 4+, Damage 1. On a hit, push the target 1 space."
    moved = {}
    for roll in (6, 1):
        g, me = play(base, [text], [1, 1, 1, 1, roll],
                     [{"action": "ability", "ability": "Hook"}, None],
                     foes=[("bone-sentry", (1, 2))])
        foe = g.state.figure("bone-sentry-1")
        before = distance(me.cell, foe.cell)
        g.hero_turn(me)
        moved[roll] = distance(me.cell, foe.cell) - before
    assert moved == {6: 1, 1: 0}
