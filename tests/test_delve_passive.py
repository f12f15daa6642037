"""A hero's standing bonus held while the board is in a state (issue 32, part III, branch
delvepassive): "While you are wounded, your combat attacks deal +1 Damage." holds exactly
while its condition does, before or after the rule, with "while", "if" or "as long as"."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.rules.effects import distance
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)


@pytest.mark.parametrize("text", [
    "While you are wounded, your combat attacks deal +1 Damage.",
    "Your combat attacks deal +1 Damage while you are wounded.",
    "If you are wounded, your combat attacks deal +1 Damage.",
])
def test_a_bonus_while_wounded_counts_only_while_the_hero_is_wounded(base, text):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, [text], [], [], foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    me.wounds = 0
    assert traits.bonus(g, CASTER, "damage", "combat") == 0
    me.wounds = 1
    assert traits.bonus(g, CASTER, "damage", "combat") == 1
    assert traits.bonus(g, CASTER, "damage", "missile") == 0


@pytest.mark.parametrize("text, near", [
    ("While an adversary is adjacent to you, add 1 to your attack rolls.", True),
    ("While no adversary is adjacent to you, add 1 to your attack rolls.", False),
])
def test_a_bonus_held_by_who_stands_next_to_the_hero(base, text, near):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, [text], [], [], foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    crawler = g.state.adversaries()[0]
    assert distance(me.cell, crawler.cell) == 1
    assert traits.bonus(g, CASTER, "roll", "combat") == (1 if near else 0)
    crawler.cell = (3, 3)                      # two spaces away: no longer adjacent
    assert distance(me.cell, crawler.cell) > 1
    assert traits.bonus(g, CASTER, "roll", "combat") == (0 if near else 1)


def test_a_held_bonus_is_the_ir_of_its_rule_under_the_condition():
    held, _ = compile_one("While you are wounded, your combat attacks deal +1 Damage.", "hero")
    plain, _ = compile_one("Your combat attacks deal +1 Damage.", "hero")
    assert held["form"] == "constant" and held["effects"][0]["op"] == "if"
    assert held["effects"][0]["effects"] == plain["effects"]


def test_a_held_effect_that_happens_once_is_still_refused():
    ir, diags = compile_one("While you are wounded, heal 1 wound.", "hero")
    assert ir is None and any(d.code == "RF918" for d in diags)


@pytest.mark.parametrize("said, canonical", [
    ("Whenever you slay an adversary with a Combat weapon, you may move 1 space.",
     "Whenever you slay an adversary with a combat attack, you may move 1 space."),
    ("While you are adjacent to another hero, your Combat weapons gain +1 Damage.",
     "While you are adjacent to another hero, your combat attacks deal +1 Damage."),
    ("As long as you are wounded, add 1 to your Move value.",
     "While you are wounded, add 1 to your Move."),
    ("Your attacks add 1 to their rolls as long as an adversary is adjacent to you.",
     "Your attacks add 1 to their rolls while an adversary is adjacent to you."),
])
def test_weapons_as_long_as_and_move_value_are_the_existing_words(said, canonical):
    ir, _ = compile_one(said, "hero")
    assert ir is not None and ir == compile_one(canonical, "hero")[0]


def test_as_long_as_held_bonus_runs(base):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, ["As long as you are wounded, add 1 to your Move value."], [], [],
                 foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    me.wounds = 0
    assert traits.bonus(g, CASTER, "move") == 0
    me.wounds = 1
    assert traits.bonus(g, CASTER, "move") == 1
