"""The combat family of the ability language (issue 21, family 7): every example of
docs/language.md "Family 7: combat" parses, prints back, lowers to valid IR and renders in
the five locales; the engine plays the forms in the scenarios of tests/lang_combat/; the
checks RF425-RF429; the kernels fall back and the exact odds say what they ignore."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.checks import CardContext, check_ability
from runeforge.games.runebound.lower import lower
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "lang_combat"
LOCALES = ("en", "fi", "pl", "el", "ru")


def examples() -> list[str]:
    doc = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = doc.split("\n## Family 7: combat\n", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```text\n(.*?)```", section, re.S)
    return [line for b in blocks for line in b.splitlines() if line.strip()]


def test_the_docs_section_has_examples():
    assert len(examples()) >= 6


@pytest.mark.parametrize("text", examples())
def test_every_documented_example_round_trips_lowers_and_renders(text):
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert parse_ability(print_ability(ability)) == ability
    ir = lower(ability)
    validate_ability(ir)
    assert json.loads(json.dumps(ir)) == ir
    assert render_ability(ability, "en") == text
    for locale in LOCALES[1:]:
        out = render_ability(ability, locale)
        assert out and "{" not in out and out != text, (locale, out)


# ---- additional wounds ------------------------------------------------------------------

def test_additional_wounds_lower_to_their_ops():
    ir = lower(parse_ability("Your melee attacks inflict 2 additional wounds."))
    assert ir["static"] is True
    assert ir["effects"] == [{"op": "extra_wounds", "phase": "melee", "value": 2}]
    ir = lower(parse_ability("Your attacks inflict 1 additional wound."))
    assert ir["effects"] == [{"op": "extra_wounds", "phase": None, "value": 1}]
    ir = lower(parse_ability("Magic: Activate to make a magic attack. If you succeed, inflict "
                             "1 additional wound on your enemy."))
    attack, branch = ir["effects"]
    assert attack["damage"] == "normal"  # the attack keeps its own damage
    assert branch["effects"] == [{"op": "inflict_additional", "target": "enemy",
                                  "amount": {"kind": "fixed", "value": 1}}]


@pytest.mark.parametrize("text, where", [
    ("Activate to inflict 1 additional wound on your enemy.", "inflict 1 additional wound"),
    ("Magic: Activate to make a magic attack. If you fail, inflict 1 additional wound on your "
     "enemy.", "inflict 1 additional wound"),
    ("Magic: Activate to make a magic attack. If you succeed, inflict 1 additional wound on "
     "your Hero.", "inflict 1 additional wound on your Hero"),
])
def test_rf425_additional_wounds_need_a_successful_attack_on_the_enemy(text, where):
    found = list(check_ability(parse_ability(text), CardContext("item", "activated")))
    assert [f.code for f in found] == ["RF425"]
    start, end = found[0].span
    assert text[start:end].startswith(where)


def test_rf425_is_not_raised_on_the_canonical_forms():
    for text in ("Magic: Activate to make a magic attack. If you succeed, inflict 1 "
                 "additional wound on your enemy.",
                 "Your attacks inflict 1 additional wound."):
        found = [f.code for f in check_ability(parse_ability(text),
                                               CardContext("item", "activated"))]
        assert "RF425" not in found


def test_a_located_error_for_a_misplaced_additional_wound(content_dir, cli):
    content_dir.write("items.yaml", """\
        kind: item
        cards:
          - name: Hollow Wand
            origin: original
            cost: 2
            class: artifact
            type: wand
            usage: activated
            abilities:
              - "Activate to inflict 1 additional wound on your enemy."
        """)
    res = cli("check", content_dir)
    assert res.exit_code == 1
    assert "items.yaml:10:" in res.output and "error[RF425]" in res.output


# ---- the engine: scenarios --------------------------------------------------------------

def test_the_family_scenarios_pass_in_the_engine(cli):
    res = cli("test", "--format", "json", CONTENT)
    data = json.loads(res.stdout)
    mine = [s for s in data["scenarios"] if "lang_combat" in s["path"]]
    assert len(mine) >= 4
    assert all(s["passed"] for s in mine), [s for s in mine if not s["passed"]]
    assert res.exit_code == 0


def _catalog():
    from tests.engine_bundle import catalog

    return catalog(CONTENT)


def test_an_allys_attack_gets_no_additional_wounds():
    from runeforge.engine.runebound.core.state import State  # noqa: F401
    from tests.engine_bundle import fight

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=["blade-of-the-second-cut"],
                        allies=["village-archer"])
    answers = [("escape", False), ("phase_action", "defend"),
               ("phase_action", "ally:village-archer"), ("phase_action", "defend"),
               ("escape", True)]
    _, combat, _ = fight(cat, hero, "hungry-wolves", [20, 20, 20], answers)
    hits = [r for r in combat.log.records if r["type"] == "wounds_inflicted"
            and r["figure"] == "hungry-wolves"]
    assert hits and all(r["amount"] == 1 for r in hits), hits


# ---- rerolls ------------------------------------------------------------------------------

def test_a_reroll_is_a_reaction_to_a_combat_roll():
    ir = lower(parse_ability("Once per combat, take 1 exhaustion to reroll your combat roll."))
    assert ir["reaction"] == "combat_roll" and ir["effects"] == [{"op": "reroll"}]
    assert ir["limits"] == ["combat"]


@pytest.mark.parametrize("text, kind, usage", [
    ("After combat, reroll your combat roll.", "item", "constant"),
    ("Once per combat, take 1 exhaustion to reroll your combat roll.", "challenge", None),
    ("Make a melee attack. If you fail, reroll your combat roll.", "item", "constant"),
    ("Activate to reroll your combat roll and cancel 1 wound being inflicted on your Hero.",
     "item", "activated"),
])
def test_rf426_a_reroll_where_no_combat_roll_has_just_been_made(text, kind, usage):
    found = [f for f in check_ability(parse_ability(text), CardContext(kind, usage))
             if f.code == "RF426"]
    assert found, text
    start, end = found[0].span
    assert text[start:end] == "reroll your combat roll"


def test_rf426_is_not_raised_on_the_canonical_form():
    text = "Once per combat, take 1 exhaustion to reroll your combat roll."
    codes = [f.code for f in check_ability(parse_ability(text), CardContext("item", "constant"))]
    assert "RF426" not in codes


def _knucklebone_fight(dice, answers):
    from tests.engine_bundle import fight

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=["knucklebone-of-second-chances"])
    _, combat, _ = fight(cat, hero, "hungry-wolves", dice, answers)
    return hero, combat.log.records


def test_a_reroll_is_offered_right_after_the_roll_and_only_once_per_combat():
    ref = "knucklebone-of-second-chances#0"
    answers = [("escape", False), ("phase_action", "defend"), ("phase_action", "attack"),
               ("use_ability", ref), ("phase_action", "defend"), ("escape", False),
               ("phase_action", "defend"), ("phase_action", "attack"),
               ("phase_action", "defend"), ("escape", True)]
    hero, log = _knucklebone_fight([3, 4, 3, 20], answers)
    rolls = [i for i, r in enumerate(log) if r["type"] == "roll" and r.get("phase") == "melee"]
    assert len(rolls) == 3  # round 1: the roll and its reroll; round 2: one roll
    asked = [r for r in log if r["type"] == "decision" and r["kind"] == "use_ability"]
    after_first = next(r for r in log[rolls[0]:] if r["type"] == "decision")
    assert after_first["kind"] == "use_ability" and ref in after_first["options"]
    after_last = next(r for r in log[rolls[2]:] if r["type"] == "decision")
    assert after_last["kind"] == "use_ability" and after_last["options"] == [None]
    assert all(ref not in r["options"] for r in asked if r is not after_first)
    assert hero.exhaustion == 1 and hero.wounds == 4  # both melee misses cost 2 wounds


def test_a_reroll_is_offered_in_no_other_window():
    ref = "knucklebone-of-second-chances#0"
    _, log = _knucklebone_fight([20, 20], [("escape", False), ("phase_action", "defend"),
                                           ("phase_action", "defend"),
                                           ("phase_action", "defend"), ("escape", True)])
    offers = [r for r in log if r["type"] == "decision" and r["kind"] == "use_ability"
              and ref in r["options"]]
    # offered only after the melee defence roll (the one combat roll of the fight)
    assert len(offers) == 1
    roll = next(i for i, r in enumerate(log) if r["type"] == "roll")
    assert log.index(offers[0]) > roll


def test_a_reroll_cannot_be_used_in_a_phase_window():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.common.errors import IllegalAction
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=["knucklebone-of-second-chances"])
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([20]),
                    {hero.id: ScriptedPlayer([])}, BASE)
    combat._begin({hero.id: cat.new_challenge("hungry-wolves")})
    combat._step("melee", 1)
    with pytest.raises(IllegalAction, match="right after your combat roll"):
        combat.use_ability(hero, "knucklebone-of-second-chances#0")


# ---- a cap on wounds per phase, immunity ----------------------------------------------------

def test_caps_and_immunity_are_standing_rules():
    ir = lower(parse_ability("Your Hero takes no more than 2 wounds in each combat phase."))
    assert ir["static"] and ir["effects"] == [{"op": "wound_cap", "target": "hero",
                                               "value": 2}]
    ir = lower(parse_ability("Your Hero is immune to melee attacks."))
    assert ir["static"] and ir["effects"] == [{"op": "immune", "target": "hero",
                                               "phase": "melee"}]


@pytest.mark.parametrize("text, code, where", [
    ("Each of your Allies takes no more than 1 wound in each combat phase.", "RF427",
     "Each of your Allies takes no more than 1 wound in each combat phase"),
    ("Your enemy takes no more than 1 wound in each combat phase.", "RF427",
     "Your enemy takes no more than 1 wound in each combat phase"),
    ("Your Hero takes no more than 0 wounds in each combat phase.", "RF428",
     "Your Hero takes no more than 0 wounds in each combat phase"),
])
def test_rf427_rf428_caps(text, code, where):
    found = [f for f in check_ability(parse_ability(text), CardContext("item", "constant"))
             if f.code in ("RF427", "RF428")]
    assert [f.code for f in found] == [code]
    assert text[slice(*found[0].span)] == where
    assert found[0].severity == ("warning" if code == "RF428" else "error")



@pytest.mark.parametrize("who", ["Each other Hero in a town", "Each Hero in a town",
                                 "Each other Hero in a forest space",
                                 "Each other Hero within 2 spaces",
                                 "The Hero with the most gold"])
def test_a_cap_said_of_a_selector_prints_renders_and_is_refused(who):
    """Issue 32's selectors parse as the cap's subject: fmt and the checks print it (they
    raised KeyError), every locale renders it, and check refuses it (RF427), so it never
    lowers."""
    text = f"{who} takes no more than 2 wounds in each combat phase."
    ast = parse_ability(text)
    assert print_ability(ast) == text
    for locale in LOCALES:
        assert render_ability(ast, locale)
    choice = parse_ability(f"Choose one: {text[0].lower()}{text[1:-1]}; or gain 1 gold.")
    codes = [f.code for f in check_ability(choice, CardContext("item", "constant"))]
    assert "RF427" in codes, codes

def test_a_cap_counts_every_batch_of_one_phase():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=["steadfast-buckler"])
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]),
                    {hero.id: ScriptedPlayer([])}, BASE)
    combat._begin({hero.id: cat.new_challenge("hungry-wolves")})
    combat.moment = Moment("melee", "melee", combat.state.combat_no, 1)
    assert combat.inflict(hero, 1, source="x", phase=None) == 1
    assert combat.inflict(hero, 2, source="y", phase="melee") == 0
    combat.moment = Moment("magic", "magic", combat.state.combat_no, 1)
    assert combat.inflict(hero, 3, source="z", phase="magic") == 1
    combat.moment = Moment("before_combat", "before_combat", combat.state.combat_no, 0)
    assert combat.inflict(hero, 2, source="w", phase=None) == 2  # no cap in Before Combat
    assert hero.wounds == 4


# ---- attacks against another Hero's enemy ------------------------------------------------------

LONGBOW = "longbow-of-the-watch"


def test_an_attack_against_another_heros_enemy_lowers_to_an_assist():
    ir = lower(parse_ability("Ranged: Activate to make a ranged attack against another Hero's "
                             "enemy."))
    assert ir["reaction"] == "assist"
    assert ir["effects"] == [{"op": "attack_other", "phase": "ranged"}]
    # the typographic apostrophe is the same word
    assert parse_ability("Ranged: Activate to make a ranged attack against another Hero\u2019s "
                         "enemy.") == parse_ability(ir["source"])


@pytest.mark.parametrize("text, kind, usage", [
    ("Activate to make a ranged attack against another Hero's enemy.", "item", "activated"),
    ("Melee: Activate to make a ranged attack against another Hero's enemy.", "item",
     "activated"),
    ("Ranged: Make a ranged attack against another Hero's enemy.", "challenge", None),
])
def test_rf429_an_attack_against_another_heros_enemy_out_of_its_phase(text, kind, usage):
    found = [f for f in check_ability(parse_ability(text), CardContext(kind, usage))
             if f.code == "RF429"]
    assert found, text
    assert text[slice(*found[0].span)] == \
        text[text.index("ake a") - 1:].rstrip(".")


def test_rf429_is_not_raised_on_the_canonical_form():
    text = "Ranged: Activate to make a ranged attack against another Hero's enemy."
    codes = [f.code for f in check_ability(parse_ability(text),
                                           CardContext("item", "activated"))]
    assert "RF429" not in codes


def _two_heroes(items=(), companion_items=(LONGBOW,), positions=None, answers=(), dice=()):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=list(items))
    other = cat.new_hero("tessa-brightwater", items=list(companion_items))
    state = State(heroes=[hero, other])
    if positions is not None:
        state.positions = positions
    player = ScriptedPlayer(list(answers))
    combat = Combat(cat, state, ScriptedDice(list(dice)), {hero.id: player, other.id: player},
                    BASE)
    return combat, hero, other, cat


def test_a_hero_in_another_space_is_not_offered_the_attack():
    answers = [("escape", False), ("phase_action", "defend"), ("phase_action", "defend"),
               ("phase_action", "defend"), ("escape", True)]
    combat, hero, other, cat = _two_heroes(positions={"varikas-the-dead": "a1",
                                                      "tessa-brightwater": "b2"},
                                           answers=answers, dice=[20, 20])
    combat.fight_challenge(hero, cat.new_challenge("hungry-wolves"))
    assert not [r for r in combat.log.records if r["type"] == "decision"
                and r["hero"] == other.id]
    combat, hero, other, cat = _two_heroes(positions={"varikas-the-dead": "a1",
                                                      "tessa-brightwater": "a1"},
                                           answers=answers, dice=[20, 20])
    combat.fight_challenge(hero, cat.new_challenge("hungry-wolves"))
    offers = [r for r in combat.log.records if r["type"] == "decision"
              and r["hero"] == other.id]
    assert offers and all(r["kind"] == "use_ability" for r in offers)
    assert f"{LONGBOW}#0" in offers[0]["options"]


def test_the_fighting_hero_cannot_use_it_in_his_own_fight():
    from runeforge.engine.common.errors import IllegalAction

    combat, hero, _other, cat = _two_heroes(items=(LONGBOW,), companion_items=())
    combat._begin({hero.id: cat.new_challenge("hungry-wolves")})
    combat._step("ranged", 1)
    with pytest.raises(IllegalAction, match="another Hero fights"):
        combat.use_ability(hero, f"{LONGBOW}#0")


def test_a_bystander_defeated_by_his_miss_is_knocked_out_and_the_fight_goes_on():
    answers = [("escape", False), ("use_ability", f"{LONGBOW}#0"),
               ("phase_action", "defend"), ("phase_action", "defend"),
               ("phase_action", "defend"), ("escape", True)]
    combat, hero, other, cat = _two_heroes(answers=answers, dice=[2, 20, 20, 20, 20])
    other.wounds = 7  # Life 8: the raiders' 2 ranged wounds defeat her
    result = combat.fight_challenge(hero, cat.new_challenge("orc-raiders"))
    assert result.outcome == "escaped" and result.loser == hero.id
    assert any(r["type"] == "knocked_out" and r["hero"] == other.id
               for r in combat.log.records)
    assert other.wounds == 0 and hero.wounds == 0



def test_the_heuristic_bot_rerolls_a_failed_combat_roll_only():
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.bots.combat_bot import HeuristicBot
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=["knucklebone-of-second-chances"])
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([20, 3, 20] + [20] * 30),
                    {hero.id: HeuristicBot()}, BASE)
    combat.fight_challenge(hero, cat.new_challenge("orc-raiders"))
    rerolls = [r for r in combat.log.records if r["type"] == "reroll"]
    assert len(rerolls) == 1  # the one failed roll (3), once per combat
    rolls = [r for r in combat.log.records if r["type"] == "roll"]
    failed = next(i for i, r in enumerate(rolls) if not r["success"])
    assert rolls[failed + 1]["natural"] == 20 and rolls[failed + 1]["success"]
