"""Delve constructions of issue 32 (session delve7), run in the engine: the other words for
healing ("recover 2 wounds", "remove 1 wound from yourself or from an adjacent hero"), a push
"away" with no one named (away from you), "up to" on a push, and an attack "with +N Damage"
(the extra wounds of a hit, as "If it hits, deal N extra damage"). The corpus
(tests/data/corpus/delve-forms.yaml) holds their variants, which compile to one IR."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.rules.effects import distance
from runeforge.engine.delve.game import ops
from tests.test_delve_abilities import SEFA
from tests.test_delve_forms import AXE, CASTER, base, play  # noqa: F401  (base: a fixture)


@pytest.mark.parametrize("text, mine, theirs", [
    ("(1+): Recover 2 wounds.", 0, 2),
    ("(1+): Remove 1 wound from yourself.", 1, 2),
    ("(1+): Remove a wound from another hero in this chamber.", 2, 1),
    ("(1+): Another hero in this chamber removes 2 wounds.", 2, 0),
])
def test_the_other_words_for_healing_heal(base, text, mine, theirs):  # noqa: F811
    g, me = play(base, [text], [], [], wounds={CASTER: 2, SEFA: 2})
    effects = compile_one(text)[0]["effects"]
    ops.apply(g, me, "test", effects, None)
    assert (me.wounds, g.state.figure(SEFA).wounds) == (mine, theirs)


def test_remove_a_wound_from_yourself_or_from_an_adjacent_hero_is_a_heal_on_either():
    said = compile_one("(2+): Remove 1 wound from yourself or from an adjacent hero.")[0]
    canonical = compile_one("(2+): Heal 1 wound on yourself or on a hero adjacent to you.")[0]
    assert said == canonical


@pytest.mark.parametrize("face, wounds", [(5, 2), (2, 0)])
def test_an_attack_with_plus_damage_deals_it_when_it_hits(base, face, wounds):  # noqa: F811
    g, me = play(base, ["Smite (3+): Make a combat attack against an adjacent adversary with "
                        "+1 Damage.", AXE], [3, 1, 1, 1, face],
                 [{"action": "ability", "ability": "Smite"}, None],
                 foes=[("mire-crawler", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("mire-crawler-1").wounds == wounds   # Damage 1 of the axe, + 1


def test_a_push_away_names_no_one_and_is_away_from_you(base):  # noqa: F811
    g, me = play(base, ["Shove (2+): Push an adjacent adversary 1 space away."],
                 [2, 1, 1, 1], [{"action": "ability", "ability": "Shove"}, None],
                 foes=[("bone-sentry", (1, 2))])
    foe = g.state.figure("bone-sentry-1")
    before = distance(me.cell, foe.cell)
    g.hero_turn(me)
    assert distance(me.cell, foe.cell) == before + 1


@pytest.mark.parametrize("text, kind, code", [
    ("Lunge (2+): Move 2 spaces with +1 Damage.", "hero", "RF301"),
    ("Rest (2+): Recover 0 wounds.", "hero", "RF912"),
    ("When this adversary is slain, each adversary in this chamber recover 1 wound.",
     "adversary", "RF924"),
])
def test_what_the_new_words_cannot_say_is_refused_located(text, kind, code):
    compiled, diags = compile_one(text, kind)
    assert compiled is None
    errors = [d for d in diags if d.severity == "error"]
    assert [d.code for d in errors][:1] == [code] and errors[0].hint
