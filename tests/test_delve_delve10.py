"""Delve constructions of issue 32 (session delve10), run in the engine or refused at their
words: a limit said as a prohibition ("You cannot use this action again this round"),
"Adversaries cannot pin you." as a rule, a free or extra basic action, "the chamber" after a
chamber was named, triggers with other verbs ("Whenever you use the Recover action while
adjacent to an adversary", "a hero misses this adversary with an attack"). The corpus
(tests/data/corpus/delve-forms.yaml, forms d10-*) holds their variants and the texts that must
fail; docs/delve.md's ``delve10-variants`` block is checked here."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import SEFA
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)


# ---------------------------------------------------------------- docs/delve.md's block
def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("delve10-variants")


def test_the_doc_block_has_variants_and_refusals():
    lines = _doc_lines()
    assert sum(a.startswith("RF") for *_, a in lines) >= 4
    assert sum(not a.startswith("RF") for *_, a in lines) >= 8


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    refused = check_variant_line(kind, said, after)
    if refused is not None:
        assert all(d.hint for d in refused)
        return
    assert parse_ability(print_ability(parse_ability(after))) == parse_ability(after)


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
def test_the_forms_render_in_every_locale(locale):
    for _kind, said, after in _doc_lines():
        if after.startswith("RF"):
            continue
        out = render_ability(parse_ability(said), locale)
        assert out and "{" not in out, (said, out)
        assert out == render_ability(parse_ability(after), locale)


# ---------------------------------------------------------------- refusals at their words
@pytest.mark.parametrize("text, owner, code, at", [
    ("Tremor (5+): Every adversary in the chamber suffers 1 wound.", "hero", "RF914",
     "the chamber"),
    ("Scout (3+): Explore a chamber. Each hero in the chamber gains 1 renown.", "hero", "RF914",
     "the chamber"),
    ("Whenever you take the Move action, gain 1 renown.", "hero", "RF925",
     "you take the Move action"),
])
def test_refusals_are_located_at_their_words(text, owner, code, at):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and diags[0].code == code and diags[0].hint
    assert diags[0].col - 1 == text.index(at)


# ---------------------------------------------------------------- run in the engine
def test_adversaries_cannot_pin_you_is_a_rule_the_move_honours(base):  # noqa: F811
    g, me = play(base, ["Slippery Hide: Adversaries do not pin you."], [1, 1, 1, 1], [],
                 foes=[("bone-sentry", (1, 2))])
    assert g.pinned(me) is False            # next to the sentry, a Move still costs (1+)


@pytest.mark.parametrize("foe_at, renown", [((1, 2), 1), ((3, 3), 0)])
def test_recovering_next_to_an_adversary_gains_renown_and_apart_does_not(base, foe_at,  # noqa: F811
                                                                          renown):
    rule = "Whenever you use the Recover action while adjacent to an adversary, gain 1 renown."
    g, me = play(base, [rule], [1, 1, 1, 1], [{"action": "recuperate"}, None],
                 foes=[("bone-sentry", foe_at)], wounds={CASTER: 2})
    me.cell = (1, 1)
    g.hero_turn(me)
    assert me.wounds == 1 and me.renown == renown


def test_the_chamber_is_the_one_named_before_it(base):  # noqa: F811
    text = ("Tremor (5+): Each adversary in your chamber suffers 1 wound. Every other hero in "
            "the chamber heals 1 wound.")
    g, me = play(base, [text], [5, 1, 1, 1], [{"action": "ability", "ability": "Tremor"}, None],
                 foes=[("bone-sentry", (3, 3))], wounds={SEFA: 2, CASTER: 2})
    g.hero_turn(me)
    assert g.state.figure(SEFA).wounds == 1 and me.wounds == 2
    assert g.state.figure("bone-sentry-1").wounds == 1


def test_you_cannot_use_this_action_again_this_round_offers_it_once(base):  # noqa: F811
    text = "Catch Breath (1+): Heal 1 wound. You cannot use this action again this round."
    g, me = play(base, [text], [1, 1, 1, 1],
                 [{"action": "ability", "ability": "Catch Breath"}, None], wounds={CASTER: 3})
    g.hero_turn(me)
    turn = g.state.turns[CASTER]
    assert me.wounds == 2 and "Catch Breath" in turn.once
    assert not [o for o in g.options(me, turn) if o.get("ability") == "Catch Breath"]


# ---------------------------------------------------------------- begins …, instead of moving
def _rat_with(base, rule, wounds):  # noqa: F811
    import dataclasses

    from tests.test_delve_abilities import game
    from tests.test_delve_forms import hero_with
    compiled, diags = compile_one(rule, "adversary")
    assert compiled is not None, [str(d) for d in diags]
    rat = {**base.adversaries["gloom-rat"], "vigour": 5, "abilities": [compiled]}
    records = dataclasses.replace(hero_with(base), adversaries={**base.adversaries,
                                                               "gloom-rat": rat})
    g = game(records, [CASTER, SEFA], [1] * 8, [], foes=[("gloom-rat", (3, 3))])
    g.state.figure(CASTER).cell, g.state.figure(SEFA).cell = (0, 0), (0, 1)
    g.state.figure("gloom-rat-1").wounds = wounds
    return g, g.state.figure("gloom-rat-1")


@pytest.mark.parametrize("wounds, stays", [(2, True), (0, False)])
def test_a_wounded_adversary_recovers_instead_of_moving_and_a_whole_one_advances(
        base, wounds, stays):  # noqa: F811
    from runeforge.engine.delve.game.adversaries import adversary_phase
    rule = ("If this adversary begins the adversary phase with 1 or more wounds, it recovers 1 "
            "wound instead of moving.")
    from runeforge.engine.delve.game import heroes as hz
    g, rat = _rat_with(base, rule, wounds)
    g.state.phase = "adversaries"
    hz.clock(g, "phase_start")              # as the round does (engine.py)
    adversary_phase(g)
    assert (rat.cell == (3, 3)) == stays
    assert rat.wounds == (1 if stays else 0)


@pytest.mark.parametrize("text, owner", [
    ("At the start of your turn, heal 1 wound instead of moving.", "hero"),
    ("At the end of each round, it recovers 1 wound instead of moving.", "adversary"),
    ("When this adversary is activated, each hero adjacent to it suffers 1 wound instead of "
     "moving.", "adversary"),
])
def test_instead_of_moving_elsewhere_is_refused_at_its_words(text, owner):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and diags[0].code == "RF925" and diags[0].hint
    assert diags[0].col - 1 == text.index("instead of moving")


# ---------------------------------------------------------------- another hero takes an action
def test_another_hero_takes_a_free_move_action_to_where_its_player_chooses(base):  # noqa: F811
    from tests.test_delve_abilities import Script
    text = "Rally (2+): Another hero in your chamber may take a Move action."
    g, me = play(base, [text], [2, 1, 1, 1],
                 [{"action": "ability", "ability": "Rally"}, None])
    me.cell, g.state.figure(SEFA).cell = (0, 0), (0, 1)
    g.players[SEFA] = Script([{"to": [2, 3]}])
    g.hero_turn(me)
    assert g.state.figure(SEFA).cell == (2, 3) and me.cell == (0, 0)
    done = [e for e in g.log.records if e["type"] == "ability"][0]["effects"][0]
    assert done["op"] == "basic" and list(done["by"]) == [SEFA]


def test_each_other_hero_takes_a_recuperate_action_and_its_own_rules_fire(base):  # noqa: F811
    text = "Rally (2+): Each other hero in this chamber takes a free Recover action."
    g, me = play(base, [text], [2, 1, 1, 1], [{"action": "ability", "ability": "Rally"}, None],
                 wounds={SEFA: 2, CASTER: 2})
    g.hero_turn(me)
    assert g.state.figure(SEFA).wounds == 1 and me.wounds == 2   # theirs, not yours


def test_the_odds_model_names_another_hero_s_action_as_ignored():
    from runeforge.engine.delve.analysis.odds import ignored
    hero = {"abilities": [compile_one("Rally (2+): Another hero in this chamber may take a Move "
                                      "action.")[0]]}
    assert [i["ops"] for i in ignored(hero)] == [["basic"]]


@pytest.mark.parametrize("act", ["move", "recuperate"])
@pytest.mark.parametrize("quantity", ["another", "each_other", "each"])
def test_parse_of_print_is_the_identity_on_heroes_taking_an_action(act, quantity):
    from runeforge.dsl.delve import nodes as n
    from runeforge.dsl.delve.basic_actions import TakeAction
    who = n.Selector(quantity, "hero", filters=(n.Filter("chamber"),))
    ability = n.Action("Rally", n.Cost(2), (TakeAction(act, who=who),))
    text = print_ability(ability)
    assert parse_ability(text) == ability, text
    for locale in ("en", "fi", "pl", "el", "ru"):
        out = render_ability(ability, locale)
        assert "{" not in out and "Rally" in out


# ---------------------------------------------------------------- a die rolled for its faces
@pytest.mark.parametrize("face, renown, wounds", [(6, 1, 0), (5, 1, 0), (1, 0, 1), (3, 0, 0)])
def test_the_row_of_the_face_rolled_happens(base, face, renown, wounds):  # noqa: F811
    text = "Gamble (3+): Roll a die. On a 5 or 6, gain 1 renown. On a 1, suffer 1 wound."
    g, me = play(base, [text], [3, 1, 1, 1, face],
                 [{"action": "ability", "ability": "Gamble"}, None])
    g.hero_turn(me)
    assert (me.renown, me.wounds) == (renown, wounds)


def test_each_hero_in_the_adversary_s_chamber_rolls_its_own_die(base):  # noqa: F811
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game import heroes as hz
    rule = ("At the end of the adversary phase, each hero in this adversary's chamber rolls a "
            "die. On a 1 or 2, that hero suffers 1 wound.")
    g, rat = _rat_with(base, rule, 0)
    g.dice = ScriptedDice([2, 5])            # the caster rolls 2, Sefa 5
    hz.clock(g, "phase_end")
    assert g.state.figure(CASTER).wounds == 1 and g.state.figure(SEFA).wounds == 0
    done = [r for r in g.log.records if r["type"] == "trigger"][-1]["effects"][0]
    assert done["op"] == "roll" and done["rolled"] == {CASTER: 2, SEFA: 5}


def test_the_odds_model_names_a_roll_as_ignored():
    from runeforge.engine.delve.analysis.odds import ignored
    hero = {"abilities": [compile_one("Gamble (3+): Roll a die. On a 6, gain 1 renown.")[0]]}
    assert [i["ops"] for i in ignored(hero)] == [["roll"]]


@pytest.mark.parametrize("rows", [((6,),), ((1, 2), (5, 6)), ((1, 2, 3), (4,))])
@pytest.mark.parametrize("who", [None, "each_other"])
def test_parse_of_print_is_the_identity_on_rolls(rows, who):
    from runeforge.dsl.delve import nodes as n
    from runeforge.dsl.delve.rolls import RollDie
    sel = None if who is None else n.Selector(who, "hero", filters=(n.Filter("chamber"),))
    inner = (n.Renown(1, on=n.Selector("them")),) if who else (n.Heal(1),)
    roll = RollDie(sel, tuple((faces, inner) for faces in rows))
    ability = n.Action("Gamble", n.Cost(3), (roll,))
    text = print_ability(ability)
    assert parse_ability(text) == ability, text
    for locale in ("fi", "pl", "el", "ru"):
        assert "{" not in render_ability(ability, locale)


# ---------------------------------------------------------------- a chamber explored empty
@pytest.mark.parametrize("foes, renown", [((), 1), ((("bone-sentry", (3, 3)),), 0)])
def test_exploring_a_chamber_with_no_adversaries_fires_the_rule(base, foes, renown):  # noqa: F811
    from runeforge.engine.delve.game import events as ev
    from runeforge.engine.delve.game.ops import apply
    rule = "Gain 1 renown whenever you explore a chamber that contains no adversaries."
    g, me = play(base, [rule], [1, 1, 1, 1], [None], foes=list(foes))
    ev.fire(g, me, "explored", apply)     # the newest chamber: the start chamber here
    assert me.renown == renown
    assert [r["event"] for r in g.log.records if r["type"] == "trigger"] == \
        ["explored_empty"] * renown


# ---------------------------------------------------------------- "if it cannot be pushed"
@pytest.mark.parametrize("foe_at, moved, wounds", [((0, 0), False, 1), ((1, 2), True, 0)])
def test_a_push_that_leaves_its_figure_in_place_wounds_it_instead(base, foe_at, moved,  # noqa: F811
                                                                  wounds):
    text = ("Ram (3+): Push an adversary adjacent to you 1 space. If it cannot be pushed, it "
            "suffers 1 wound instead.")
    g, me = play(base, [text], [3, 1, 1, 1], [{"action": "ability", "ability": "Ram"}, None],
                 foes=[("bone-sentry", foe_at)])
    me.cell = (1, 1)                          # (0, 0): in the corner, away is the wall
    g.hero_turn(me)
    foe = g.state.figure("bone-sentry-1")
    assert (foe.cell != foe_at) == moved and foe.wounds == wounds


@pytest.mark.parametrize("text", [
    "Ram (3+): Move up to 1 space. If it cannot be pushed, heal 1 wound.",
    "Hook (3+): Pull a visible adversary 2 spaces towards you. If it cannot be pushed, it "
    "suffers 1 wound.",
])
def test_cannot_be_pushed_with_no_push_before_is_refused_at_its_words(text):
    compiled, diags = compile_one(text, "hero")
    assert compiled is None and diags[0].code == "RF914" and diags[0].hint
    assert diags[0].col - 1 == text.index("If it cannot")
