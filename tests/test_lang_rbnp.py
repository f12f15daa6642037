"""Issue 32 (branch rbnp): noun phrases and objects as English builds them.

Each wording is the AST of the form it says, printed one canonical way (parse∘print = id on the
canonical text), compiled to the same IR; what the engine cannot run is refused where it is
written with its code and a hint (the docs' ``rbnp-refused`` block is checked too).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("en", "fi", "pl", "el", "ru")


def _ctx(kind):
    return CardContext(kind, None, None, frozenset())


# (kind, as an author writes it, the canonical wording it prints as)
SAME = [
    ("encounter", "Roll a single die. On a 4 or higher, gain 1 gold. Otherwise, nothing happens.",
     "Roll a die. On 4 or more, gain 1 gold. Otherwise, nothing happens."),
    ("encounter", "Roll one single die. On 1–5, take 1 wound. On 6–10, gain 1 gold.",
     "Roll a die. On 1–5, take 1 wound. On 6–10, gain 1 gold."),
    ("encounter", "Take a single wound and an exhaustion.",
     "Take 1 wound and take 1 exhaustion."),
    ("ally", "At the end of your turn, heal one single wound from this Ally.",
     "At the end of your turn, discard 1 wound from this Ally."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[1][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(kind, written, canonical):
    ast = parse_ability(written)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    ir, found = compile_ability(written, _ctx(kind))
    assert ir is not None and [f.code for f in found] == [], found
    again, _ = compile_ability(canonical, _ctx(kind))
    assert {k: v for k, v in ir.items() if k != "source"} == \
        {k: v for k, v in again.items() if k != "source"}
    for locale in LOCALES:
        out = render_ability(ast, locale)
        assert out and "{" not in out, (locale, out)


@pytest.mark.parametrize("text, code, at", [
    ("Each time this Ally takes a wound, roll a die. On a 6, cancel that wound.", "RF481",
     "roll a die"),
    ("Whenever your Hero enters a town, roll a single die. On 8 or more, gain 1 gold.",
     "RF481", "roll a single die"),
    ("Pay 1 gold to roll one die.", "RF481", "roll one die"),
])
def test_what_cannot_be_run_is_refused_where_it_is_written(text, code, at):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == code, (e.code, str(e))
    assert text[e.start:e.end] == at, text[e.start:e.end]
    assert e.hint and "Roll a die. On" in e.hint


def _refused_in_the_docs():
    from tests.test_lang_rbdice import refused_lines

    return refused_lines("rbnp-refused")


REFUSED_DOC = _refused_in_the_docs()


def test_the_docs_show_what_is_refused():
    assert len(REFUSED_DOC) >= 2


@pytest.mark.parametrize("kind, text, code", REFUSED_DOC)
def test_each_refusal_in_the_docs_is_true(kind, text, code):
    _ir, found = compile_ability(text, _ctx(kind))
    assert code in [f.code for f in found], [(f.code, f.message) for f in found]


# ---- recipients coordinated in one noun phrase ----------------------------------------------

RECIPIENTS = [
    ("ally", "Take 1 exhaustion on this Ally to heal 1 wound from your Hero or another Ally.",
     "Place 1 exhaustion on this Ally to discard 1 wound from your Hero or another Ally."),
    ("ally", "Each time your Hero enters a town, you may heal 1 wound from your Hero or from "
     "this Ally.",
     "Every time your Hero enters a town, you may discard 1 wound from your Hero or this Ally."),
    ("ally", "At the end of your turn, remove 2 exhaustion from your Hero or one of your other "
     "Allies.",
     "At the end of your turn, discard 2 exhaustion from your Hero or another Ally."),
    ("ally", "Exhaust this Ally to heal 1 exhaustion from your Hero or this Ally.",
     "Place 1 exhaustion on this Ally to discard 1 exhaustion from your Hero or this Ally."),
    ("hero", "Before moving, heal 1 wound from your Hero or an Ally.",
     "Before moving, discard 1 wound from your Hero or one of your Allies."),
    ("hero", "Before moving, heal 1 wound from your Hero or from one of your Allies.",
     "Before moving, discard 1 wound from your Hero or one of your Allies."),
    ("encounter", "Pay 2 gold to heal all wounds and exhaustion from your Hero and Allies.",
     "Pay 2 gold to discard all wounds and exhaustion from your Hero and discard all wounds "
     "and exhaustion from each of your Allies."),
]


@pytest.mark.parametrize("kind, written, canonical", RECIPIENTS,
                         ids=[s[1][:50] for s in RECIPIENTS])
def test_each_coordination_is_one_node_printed_one_way(kind, written, canonical):
    test_each_wording_is_one_node_printed_one_way(kind, written, canonical)


def _run_heal(text, allies, answer, source_index=0):
    """Run ``text``'s effects for a Hero holding ``allies`` (each with 2 wounds and 2
    exhaustion), the ability on the Ally at ``source_index``; the player answers the target
    decision with ``answer`` (an index into ``allies``, or None: the Hero)."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from tests.engine_bundle import catalog

    cat = catalog()
    hero = cat.new_hero("varikas-the-dead", allies=allies, wounds=2, exhaustion=2)
    for ally in hero.allies:
        ally.wounds, ally.exhaustion = 2, 2
    pick = hero.id if answer is None else hero.allies[answer].id
    player = ScriptedPlayer([("target", pick)])
    engine = Combat(cat, State(heroes=[hero]), ScriptedDice([]), {hero.id: player}, BASE)
    engine.enemies = {hero.id: None}
    ir, found = compile_ability(text, _ctx("ally"))
    assert ir is not None and not found, found
    run_all(build_effects(ir["effects"]), Context(engine, hero, allies[source_index]))
    asked = [d for d in engine.log.of_type("decision") if d["kind"] == "target"]
    return hero, asked


ALLIES = ["acolyte-of-flame", "brass-owl"]


@pytest.mark.parametrize("text, answer, options", [
    # "your Hero or this Ally": the Hero or the Ally of the card (never the other Ally)
    ("Discard 1 wound from your Hero or this Ally.", 0, [None, 0]),
    ("Discard 1 wound from your Hero or this Ally.", None, [None, 0]),
    # "your Hero or another Ally": the Hero or an Ally other than the card's
    ("Discard 1 wound from your Hero or another Ally.", 1, [None, 1]),
])
def test_or_asks_the_player_which_one_and_heals_only_that_one(text, answer, options):
    hero, asked = _run_heal(text, ALLIES, answer)
    ids = [hero.id if o is None else hero.allies[o].id for o in options]
    assert len(asked) == 1 and asked[0]["options"] == ids
    healed = hero if answer is None else hero.allies[answer]
    assert healed.wounds == 1
    others = [f for f in [hero, *hero.allies] if f is not healed]
    assert [f.wounds for f in others] == [2] * len(others)


def test_or_with_one_figure_left_asks_nothing():
    hero, asked = _run_heal("Discard 1 wound from your Hero or another Ally.", ALLIES[:1], None)
    assert asked == [] and hero.wounds == 1


def test_this_ally_or_another_ally_off_an_allys_card_is_refused_where_written():
    for text, said in [("Heal 1 wound from your Hero or this Ally.", "this Ally"),
                       ("Heal 1 wound from your Hero or another Ally.", "another Ally")]:
        _ir, found = compile_ability(text, _ctx("hero"))
        assert [f.code for f in found] == ["RF450"]
        assert said in found[0].message and found[0].hint
        assert text[found[0].span[0]:found[0].span[1]].startswith("Heal 1 wound")


@pytest.mark.parametrize("text", [
    "Melee: Exhaust this Ally to heal 1 wound from your Hero or this Ally.",
    "Any Phase: Exhaust this Ally to heal 1 wound from your Hero or another Ally.",
    "Any Phase: Exhaust this Ally to reroll a failed combat roll.",
])
def test_the_exact_odds_report_a_heal_of_either_one_as_not_modelled(text):
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.games.runebound.abilities import compile_text

    ir = compile_text(text, kind="ally")
    [(_card, _index, _source, why)] = before_model([("brass-owl", 0, "ally", ir)]).uncovered
    assert "not modelled" in why


# ---- "your combat roll": the roll of the attack the ability's phase makes -----------------------

ROLLS = [
    ("hero", "Melee: Take 1 exhaustion to add +2 to your combat roll.",
     "Melee: Take 1 exhaustion to receive +2 to melee combat rolls."),
    ("hero", "Ranged: Take 1 exhaustion to add 1 to a combat roll.",
     "Ranged: Take 1 exhaustion to receive +1 to ranged combat rolls."),
    ("ally", "Magic: +1 to your combat roll.", "Magic: You receive +1 to magic combat rolls."),
    ("hero", "Before Combat: Take 1 exhaustion to gain 1 gold. Melee: +1 to your combat roll.",
     None),  # a text of two abilities: the second's tag is its own
]


@pytest.mark.parametrize("kind, written, canonical", ROLLS, ids=[s[1][:50] for s in ROLLS])
def test_your_combat_roll_is_the_roll_of_the_tags_phase(kind, written, canonical):
    from runeforge.games.runebound.abilities import canonical_text, compile_abilities

    if canonical is not None:
        test_each_wording_is_one_node_printed_one_way(kind, written, canonical)
        return
    irs, found = compile_abilities(written, _ctx(kind))
    assert irs is not None and not [f for f in found if f.severity == "error"], found
    assert irs[1]["effects"] == [{"op": "modify", "target": "hero", "stat": "melee_roll",
                                  "value": 1}]
    assert canonical_text(written).endswith("Melee: You receive +1 to melee combat rolls.")


@pytest.mark.parametrize("text, said", [
    ("Any Phase: Take 1 exhaustion to add +2 to your combat roll.", "the tag 'any phase'"),
    ("Before Combat: Take 1 exhaustion to add +2 to a combat roll.", "the tag 'before combat'"),
    ("Take 1 exhaustion to add 2 to your combat roll.", "no timing tag"),
])
def test_your_combat_roll_with_no_phase_is_refused_where_it_is_written(text, said):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == "RF482" and said in e.message
    assert text[e.start:e.end].startswith("to") or text[e.start:e.end].startswith("add")
    assert "combat roll" in text[e.start:e.end] and "Melee:" in e.hint
    # a parse after it does not see the tag of the one before
    with pytest.raises(AbilitySyntaxError):
        parse_ability("Melee: Take 1 exhaustion to gain 1 gold.")
        parse_ability("Take 1 exhaustion to add 2 to your combat roll.")


# ---- "reroll a failed combat roll": offered after a failed roll only -----------------------------

KNUCKLE = "knucklebone-of-second-chances"


def _reroll_fight(dice, answers, failed_only):
    """The combat log of Varikas with the Knucklebone (its reroll made "a failed combat roll"
    when ``failed_only``, as compiled from the text) against the Hungry Wolves."""
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.games.runebound.abilities import compile_text
    from tests.engine_bundle import bundle, fight

    data = bundle(ROOT / "tests" / "lang_combat")
    card = next(c for c in data["cards"] if c["id"] == KNUCKLE)
    if failed_only:
        text = "Once per combat, take 1 exhaustion to reroll a failed combat roll."
        card["abilities"] = [compile_text(text, kind="item")]
    cat = Catalog(data)
    hero = cat.new_hero("varikas-the-dead", items=[KNUCKLE])
    _, combat, _ = fight(cat, hero, "hungry-wolves", dice, answers)
    offers = [r for r in combat.log.records if r["type"] == "decision"
              and r["kind"] == "use_ability" and f"{KNUCKLE}#0" in r["options"]]
    return hero, combat.log.records, offers


def test_a_failed_combat_roll_is_the_only_one_rerolled():
    # a melee defence roll of 20 succeeds: the plain reroll is offered after it, the failed-only
    # reroll is not
    answers = [("escape", False), ("phase_action", "defend"), ("phase_action", "defend"),
               ("phase_action", "defend"), ("escape", True)]
    assert len(_reroll_fight([20, 20], answers, False)[2]) == 1
    assert _reroll_fight([20, 20], answers, True)[2] == []
    # a melee attack of 6 + Body 4 fails: offered, used, rerolled (7 + 4 = 11 succeeds)
    answers = [("escape", False), ("phase_action", "defend"), ("phase_action", "attack"),
               ("use_ability", f"{KNUCKLE}#0"), ("phase_action", "defend"), ("escape", True)]
    hero, log, offers = _reroll_fight([6, 7, 20], answers, True)
    assert len(offers) == 1 and hero.exhaustion == 1
    assert [r["success"] for r in log if r["type"] == "roll" and r.get("phase") == "melee"
            and r.get("purpose") == "attack"] == [False, True]
    assert any(r["type"] == "reroll" for r in log)


def test_a_failed_combat_roll_prints_lowers_and_renders():
    from runeforge.games.runebound.abilities import compile_text

    for written in ("Any Phase: Take 1 exhaustion to reroll your failed combat roll.",
                    "Any Phase: Take 1 exhaustion to reroll a failed combat roll."):
        test_each_wording_is_one_node_printed_one_way(
            "hero", written, "Any Phase: Take 1 exhaustion to reroll a failed combat roll.")
    ir = compile_text("Once per combat, take 1 exhaustion to reroll a failed combat roll.",
                      kind="item")
    assert ir["effects"] == [{"op": "reroll", "failed": True}]
    plain = compile_text("Once per combat, take 1 exhaustion to reroll your combat roll.",
                         kind="item")
    assert plain["effects"] == [{"op": "reroll"}]  # the IR of a plain reroll is as it was
    ast = parse_ability("Any Phase: Take 1 exhaustion to reroll a failed combat roll.")
    rendered = {loc: render_ability(ast, loc) for loc in LOCALES}
    assert len(set(rendered.values())) == 5
    assert all("failed" not in out for loc, out in rendered.items() if loc != "en")


# ---- "this Ally" as the subject of a condition -------------------------------------------------

ALLY_CLAUSES = [
    ("ally", "Melee: Make a melee attack. If this Ally attacks and succeeds, gain 1 gold.",
     "Melee: Make a melee attack. If you succeed, gain 1 gold."),
    ("ally", "Ranged: Make a ranged attack. If this Ally misses, take 1 exhaustion.",
     "Ranged: Make a ranged attack. If you fail, take 1 exhaustion."),
    ("ally", "Magic: Make a magic attack. If this Ally attacks and hits, inflict 1 wound on your "
     "enemy.", "Magic: Make a magic attack. If you succeed, inflict 1 wound on your enemy."),
]


@pytest.mark.parametrize("kind, written, canonical", ALLY_CLAUSES,
                         ids=[s[1][:50] for s in ALLY_CLAUSES])
def test_this_ally_attacks_and_succeeds_is_the_outcome_of_its_attack(kind, written, canonical):
    test_each_wording_is_one_node_printed_one_way(kind, written, canonical)


@pytest.mark.parametrize("text, said", [
    ("Melee: If this Ally attacks and succeeds, gain 1 gold.", "attacks and succeeds"),
    ("Melee: If this Ally fails, gain 1 gold.", "attacks and fails"),
])
def test_this_ally_attacks_with_no_attack_before_it_is_the_trigger(text, said):
    """It was RF406 with the trigger as its hint; since branch rbseven it is that trigger, for
    this combat round (tests/test_lang_rbseven.py)."""
    ir, found = compile_ability(text, _ctx("ally"))
    assert ir is not None and not found, found
    trigger = f"Melee: Until the end of this combat round, every time this Ally {said}, gain " \
        "1 gold."
    assert ir["source"] == trigger
    assert compile_ability(trigger, _ctx("ally"))[0] == ir


# ---- "the top card of the market deck" as the object of "gain" / "take" ----------------------

@pytest.mark.parametrize("written", ["Gain the top card of the market deck.",
                                     "Test Mind (5). If you succeed, gain the top card of the "
                                     "market deck."])
def test_gaining_the_top_card_of_the_market_deck_is_drawing_and_keeping_it(written):
    test_each_wording_is_one_node_printed_one_way(
        "encounter", written, written.replace("gain the top card of the market deck",
                                              "draw 1 market card and keep one").replace(
            "Gain the top card of the market deck", "Draw 1 market card and keep one"))
    ir, _ = compile_ability(written, _ctx("encounter"))
    assert {"op": "draw_market_keep", "amount": {"kind": "fixed", "value": 1}} in \
        [e for e in ir["effects"]] + [x for e in ir["effects"] for x in e.get("effects", [])]


@pytest.mark.parametrize("text, at", [
    ("Test Mind (9). If you succeed, gain the top Ally of the market deck.",
     "gain the top Ally of the market deck"),
    ("Draw the top Item of the market deck.", "Draw the top Item of the market deck"),
])
def test_the_top_card_of_a_kind_is_refused_where_it_is_written(text, at):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == "RF470" and text[e.start:e.end] == at
    assert "draw the top card of the market deck and keep it" in e.hint
    hinted = "Draw the top card of the market deck and keep it."
    assert compile_ability(hinted, _ctx("encounter"))[0] is not None
