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
])
def test_this_hero_where_no_hero_is_meant_is_refused_located(text, owner, code):
    """Refused at the words: "this hero" as a subject is read as "you" with its clause
    (branch delveheroes: "This hero makes a combat attack." is "Make a combat attack."), so
    the error spans the clause it opens."""
    ir, diags = compile_one(text, owner)
    errors = [d for d in diags if d.severity == "error"]
    assert ir is None and errors[0].code == code
    said = text[errors[0].col - 1:errors[0].col - 1 + errors[0].length].lower()
    assert said.startswith(("this hero", "yourself")) and said.endswith("wound")


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


def _warden(base, text: str):  # noqa: F811
    """A game with a warden next to the caster whose card holds every ability of ``text``."""
    import dataclasses

    from benchmarks.corpus_delve import TextCard
    from runeforge.games.delve.abilities import compile_texts
    from tests.test_delve_abilities import SEFA, game
    from tests.test_delve_forms import hero_with

    compiled, diags = compile_texts(TextCard(text, "adversary"), [(("abilities", 0), text)])
    assert compiled, [str(d) for d in diags]
    warden = {**base.adversaries["tunnel-brute"], "abilities": [ir for _, ir in compiled]}
    records = dataclasses.replace(hero_with(base),
                                  adversaries={**base.adversaries, "test-warden": warden})
    g = game(records, [CASTER, SEFA], [], [], foes=[("test-warden", (1, 2))])
    return g, g.state.figure(CASTER), len(compiled)


@pytest.mark.parametrize("text, renown", [
    ("Killing it earns 3 renown instead of 1.", 3),
    ("The hero who slays this adversary gains 2 renown instead of 1.", 2),
    ("This adversary cannot be pushed. Slaying this adversary gains 2 renown instead of 1.", 2),
    ("This adversary cannot be pushed.", 1),
])
def test_the_slayer_gains_the_renown_the_adversary_is_worth(base, text, renown):  # noqa: F811
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game import ops
    from runeforge.engine.delve.rules.attacks import Weapon

    g, me, _ = _warden(base, text)
    warden = g.state.adversaries()[0]
    g.dice = ScriptedDice([6])
    before = me.renown
    ops.after_attack(g, me, [ops.roll_at(g, me, Weapon("Test", 1, "combat", 4, 20), warden.id)])
    assert g.state.figure(warden.id) is None
    assert me.renown - before == renown


def test_a_text_of_a_rule_and_a_trigger_is_two_abilities_both_run(base):  # noqa: F811
    """The rule holds (a push leaves the adversary where it is) and the trigger fires."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game import ops
    from runeforge.engine.delve.rules.attacks import Weapon

    text = ("This adversary cannot be pushed. When this adversary is slain, each hero adjacent "
            "to it suffers 1 wound.")
    g, me, count = _warden(base, text)
    assert count == 2
    warden = g.state.adversaries()[0]
    cell = warden.cell
    ops.apply(g, me, "test", [{"op": "shift", "targets": {"quantity": "each", "side": "adversary"},
                               "spaces": 1, "direction": "away"}], None)
    assert warden.cell == cell
    g.dice = ScriptedDice([6])
    wounds = me.wounds
    ops.after_attack(g, me, [ops.roll_at(g, me, Weapon("Test", 1, "combat", 4, 20), warden.id)])
    assert me.wounds == wounds + 1


@pytest.mark.parametrize("text, owner, canonical", [
    ("Wounds from this adversary's attacks cannot be prevented or reduced. Killing it earns 2 "
     "renown instead of 1.", "adversary",
     "Wounds from this adversary's attacks cannot be prevented or reduced. When this adversary "
     "is slain, the hero who slew it gains 1 renown."),
    ("You are never pinned. Dash (2+): Move up to 2 spaces.", "hero",
     "You are never pinned. Dash (2+): Move up to 2 spaces."),
])
def test_a_sequence_prints_each_ability_and_reads_back(text, owner, canonical):
    from runeforge.dsl.delve.sequence import abilities_of
    from runeforge.games.delve.abilities import canonical_text
    from runeforge.games.delve.text import render_card

    assert len(abilities_of(text, owner)) == 2
    printed = canonical_text(text)
    assert printed == canonical and canonical_text(printed) == printed

    class Card:
        kind = owner
        data = {"abilities": [text]}

    for loc in ("en", "fi", "pl", "el", "ru"):
        ((index, said),) = render_card(Card(), loc)
        assert index == 0 and said.count(".") >= 2


@pytest.mark.parametrize("said, same, kind", [
    ("Thornlash (3+): Range Combat. Hit 4, Damage 1.",
     "Thornlash (3+): Combat, Hit 4+, Damage 1.", "hero"),
    ("Thornlash (3+): Missile: Hit 3+, Damage 2.",
     "Thornlash (3+): Missile, Hit 3+, Damage 2.", "hero"),
    ("Bolt (3+): Make a missile attack: Hit 4+, Damage 1.",
     "Bolt (3+): Make a missile attack, Hit 4+, Damage 1.", "hero"),
    ("In the adversary phase, this adversary heals 1 wound.",
     "When activated, this adversary heals 1 wound.", "adversary"),
])
def test_weapon_lines_and_the_adversary_phase_are_the_existing_forms(said, same, kind):
    ir, diags = compile_one(said, kind)
    assert ir is not None, [str(d) for d in diags]
    assert ir == compile_one(same, kind)[0]
    ability = parse_ability(said)
    assert parse_ability(print_ability(ability)) == ability


def test_in_the_adversary_phase_runs_on_the_adversarys_turn(base):  # noqa: F811
    from runeforge.engine.delve.game.adversaries import adversary_phase

    g, me, _ = _warden(base, "In the adversary phase, every hero adjacent to this adversary "
                             "suffers 1 wound.")
    from runeforge.engine.common.dice import ScriptedDice
    g.dice = ScriptedDice([1] * 12)   # its own attacks miss
    wounds = me.wounds
    adversary_phase(g)
    assert me.wounds == wounds + 1
