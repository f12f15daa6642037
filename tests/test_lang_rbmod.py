"""Branch rbmod: modifiers, amounts and comparatives built as constructions.

A "for each" bound to the object it follows (a choice's option, "plus" in a gain or a reward) is
ForEach around that object alone, printed one canonical way; the engine runs each form (the
scenarios of tests/data/lang-rbmod); five locales render them; what cannot be said is refused
where it is written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbmod"
LOCALES = ("en", "fi", "pl", "el", "ru")

# (card kind, as an author writes it, the canonical wording it prints as)
SAME = [
    ("encounter", "Choose one: heal 2 wounds, or gain 1 gold for each Ally you have.",
     "Choose one: discard 2 wounds from your Hero; or gain 1 gold for each Ally you have."),
    ("encounter", "You may choose one: gain 1 experience, or gain 2 gold for every trophy you "
     "have (maximum 3).",
     "You may choose one: gain 1 experience; or gain 2 gold for each trophy you have, to a "
     "maximum of 3."),
    ("encounter", "Choose one: take 1 wound and gain 1 gold for each Item you have; or lose 1 "
     "gold.",
     "Choose one: take 1 wound and gain 1 gold for each Item you have; or lose 1 gold."),
    ("encounter", "Gain 1 gold plus 2 gold for every Ally you have.",
     "Gain 1 gold, plus 2 gold for each Ally you have."),
    ("encounter", "Choose one: gain 2 gold and gain 1 gold for each Ally you have; or take 1 "
     "exhaustion.",
     "Choose one: gain 2 gold, plus 1 gold for each Ally you have; or take 1 exhaustion."),
    ("challenge", "Reward: 3 gold, plus 1 gold for each trophy you have.",
     "When you defeat a challenge, gain 3 gold, plus 1 gold for each trophy you have."),
    ("challenge", "Reward: 2 gold for each Ally you have.",
     "When you defeat a challenge, gain 2 gold for each Ally you have."),
    ("challenge", "Reward: 1 experience plus 2 gold, plus 1 gold for each Item you have.",
     "When you defeat a challenge, gain 1 experience and gain 2 gold, plus 1 gold for each "
     "Item you have."),
    # a bonus said "instead" of an earlier one under a condition
    ("item", "+1 to your ranged attacks. Against green challenges, +3 instead.",
     "You receive +1 to ranged combat rolls. While your enemy is a green challenge, you receive "
     "+3 to ranged combat rolls instead."),
    ("item", "+1 to melee attacks; +2 instead against red and yellow challenges.",
     "You receive +1 to melee combat rolls. While your enemy is a yellow or red challenge, you "
     "receive +2 to melee combat rolls instead."),
    ("hero", "You receive +1 Body. Against blue challenges, you receive +3 Body instead.",
     "You receive +1 Body. While your enemy is a blue challenge, you receive +3 Body instead."),
    ("item", "Ranged: +2 to your ranged attacks. Against yellow challenges, +1 instead.",
     "Ranged: You receive +2 to ranged combat rolls. If your enemy is a yellow challenge, you "
     "receive +1 to ranged combat rolls instead."),
    ("hero", "+1 Mind; if you have 2 or more trophies, +2 instead.",
     "You receive +1 Mind. If you have 2 or more trophies, you receive +2 Mind instead."),
    # a count said by comparison
    ("item", "You roll one fewer movement die.", "You receive -1 movement die."),
    ("hero", "Roll 2 fewer movement dice.", "You receive -2 movement dice."),
]


@pytest.mark.parametrize("kind, written, canonical", SAME, ids=[s[1][:50] for s in SAME])
def test_each_wording_is_one_node_printed_one_way(kind, written, canonical):
    ast = parse_ability(written)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    ctx = CardContext(kind, None, None, frozenset())
    ir, found = compile_ability(written, ctx)
    assert ir is not None and [f.code for f in found] == [], [(f.code, f.message) for f in found]
    again, _ = compile_ability(canonical, ctx)
    assert {k: v for k, v in ir.items() if k != "source"} == \
        {k: v for k, v in again.items() if k != "source"}
    for locale in LOCALES:
        out = render_ability(ast, locale)
        assert out and "{" not in out and "}" not in out, (locale, out)
        if locale != "en":
            assert "for each" not in out and "you have" not in out, (locale, out)


def test_the_bound_for_each_counts_its_object_only():
    ir = compile_text("Choose one: heal 2 wounds, or gain 1 gold for each Ally you have.",
                      kind="encounter")
    [choose] = ir["effects"]
    assert [o[0]["op"] for o in choose["options"]] == ["heal", "repeat"]
    assert choose["options"][1][0]["per"] == "ally"
    ir = compile_text("Reward: 3 gold, plus 1 gold for each trophy you have (maximum 2).",
                      kind="challenge")
    first, each = ir["effects"]
    assert first == {"op": "gain_gold", "amount": {"kind": "fixed", "value": 3}}
    assert (each["op"], each["per"], each["most"]) == ("repeat", "trophy", 2)
    # after a whole effect "for each" still counts the whole effect
    ast = parse_ability("Gain 1 gold and take 1 wound for each Ally you have.")
    assert isinstance(ast.sentences[0], n.ForEach) and isinstance(ast.sentences[0].effect, n.And)


def test_the_scenarios_run_each_form():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    assert not result.diagnostics, [(d.code, d.message) for d in result.diagnostics]
    mine = [r for r in scenarios.run(result.content, result.compiled) if "lang-rbmod" in r.path]
    assert len(mine) == 7 and not [r.name for r in mine if not r.passed]
    assert {"repeat", "choose"} <= set().union(*(r.ops for r in mine))


def test_instead_lowers_to_what_it_adds_to_the_bonus_it_replaces():
    ir = compile_text("+1 to your ranged attacks. Against green challenges, +3 instead.",
                      kind="item")
    always, under = ir["effects"]
    assert (always["stat"], always["value"]) == ("ranged_roll", 1)
    assert under["op"] == "while" and under["condition"]["colour"] == "green"
    assert under["effects"] == [{"op": "modify", "target": "hero", "stat": "ranged_roll",
                                 "value": 2}]
    ir = compile_text("+3 to your melee attacks. Against red challenges, +1 instead.",
                      kind="item")
    assert ir["effects"][1]["effects"][0]["value"] == -2  # a smaller bonus takes some away


@pytest.mark.parametrize("text, at, words", [
    ("+3 instead.", "+3 instead", "needs the condition"),
    ("+1 to your ranged attacks. +3 instead.", "+3 instead", "needs the condition"),
    ("Against green challenges, +3 instead.", "+3 instead", "no earlier bonus"),
    ("+1 Body. Against red challenges, +2 to your melee attacks instead.",
     "+2 to your melee attacks instead", "no earlier bonus"),
    ("+1 to your ranged attacks. Against green challenges, +1 instead.", "+1 instead",
     "is the one it replaces"),
    ("+1 to your ranged attacks and +1 Body. Against green challenges, +3 instead.",
     "+3 instead", "any of several"),
    ("Gain 1 gold instead.", "instead", "only a bonus"),
])
def test_instead_with_nothing_to_replace_is_refused_where_it_is_written(text, at, words):
    from runeforge.dsl.errors import AbilitySyntaxError

    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == "RF484" and words in str(e), (e.code, str(e))
    assert text[e.start:e.end] == at and e.hint


@pytest.mark.parametrize("kind, text", [
    ("item", "Melee: Double the wounds your melee attack inflicts this phase."),
    ("item", "Double your ranged damage."),
    ("item", "Melee: Double your melee damage this phase, then take 1 exhaustion."),
    ("hero", "Magic: Triple the damage of your magic attack."),
    ("challenge", "Double all wounds this challenge inflicts during the Ranged phase."),
])
def test_a_multiplier_is_the_engines_damage_rule(kind, text):
    """Refused (RF483) while the engine only added wounds; branch rbdamage multiplies them
    (IR damage_rule, tests/test_lang_rbdamage.py)."""
    ir, found = compile_ability(text, CardContext(kind, None, None, frozenset()))
    assert ir is not None and not [f for f in found if f.severity == "error"], (text, found)
    assert "damage_rule" in repr(ir)
    phase = next(p for p in ("ranged", "melee", "magic") if p in text.lower())
    assert f"'phase': '{phase}'" in repr(ir)


def test_one_fewer_movement_die_is_a_standing_minus_one_the_game_applies():
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.engine_bundle import bundle
    from tests.test_game_scenarios import Script

    ast = parse_ability("You roll one fewer movement die.")
    assert ast == parse_ability("You receive -1 movement die.")
    content = bundle(str(CONTENT))
    allowed = []
    for items in ([], ["overloaded-pack"]):
        game = new_game(content, catalog=Catalog(content), ruleset="base", players=2,
                        doom=False, make_bot=make_bot)
        hero = game.hero(game.state.seats[0])
        game.players[hero.id] = Script(movement=["roll:0"])
        hero.items += items
        game.combat.modifiers_changed()
        game.movement(hero)
        ask = next(d for d in game.players[hero.id].asked if d.kind == "movement")
        allowed.append(max(int(o[5:]) for o in ask.options if o.startswith("roll:")))
    assert allowed[1] == allowed[0] - 1 and allowed[0] >= 1


@pytest.mark.parametrize("text", ["All challenges receive +2 Mind.",
                                  "Until this event is replaced, every challenge receives -1 "
                                  "melee damage."])
def test_every_challenge_receiving_a_bonus_is_refused_with_the_enemy_form(text):
    from runeforge.dsl.errors import AbilitySyntaxError

    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    e = err.value
    assert e.code == "RF470" and "challenge" in text[e.start:e.end].lower()
    said = re.search(r"'(Your enemy[^']*\.)'", e.hint).group(1)
    ir, found = compile_ability(said, CardContext("event", None, None, frozenset()))
    assert ir is not None and ir["effects"][0]["target"] == "enemy", (said, found)


def test_the_exact_odds_list_a_reward_as_outside_the_fight():
    from runeforge.engine.runebound.analysis.before_model import before_model

    ir = compile_text("Reward: 1 gold, plus 2 gold for each Ally you have.", kind="challenge")
    model = before_model([("x", 0, "challenge", ir)])
    assert not model.uncovered and "outside the fight" in model.inert[0][3]


def _refused_in_the_docs():
    from tests.test_lang_rbdice import refused_lines

    return refused_lines("rbmod-refused")


REFUSED_DOC = _refused_in_the_docs()


def test_the_docs_show_what_is_refused():
    assert {code for _k, _t, code in REFUSED_DOC} >= {"RF301", "RF484"}  # RF483: rbdamage


@pytest.mark.parametrize("kind, text, code", REFUSED_DOC)
def test_each_refusal_in_the_docs_is_true(kind, text, code):
    _ir, found = compile_ability(text, CardContext(kind, None, None, frozenset()))
    codes = [f.code for f in found if f.severity == "error"]
    assert code in codes, codes
