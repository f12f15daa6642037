"""The language families 1-3 of issue 21: conditions ("If your Hero is in a swamp space, ...",
"While ..."), choices ("Choose one: ...; or ...") and random tables ("Roll a die. On 1–3,
..."), through every step: parse, canonical print, checks (RF414-RF419), IR, engine
(scenarios, the standing cache, the bots, the dice), five locales, the exact odds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability, renderer
from runeforge.games.runebound.text.terms import category, load_terms

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-branching"
LOCALES = ("en", "fi", "pl", "el", "ru")
SKILLS = frozenset({"Swim", "Climb", "Diplomacy", "Lore"})


def doc_examples() -> list[str]:
    """Every line of a ```text fence in the Family 1-3 sections of docs/language.md."""
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    start = text.index("## Family 1: Conditions")
    others = [m.start() for m in re.finditer(r"^## Family (\d+)", text, re.M)
              if m.start() > start and m.group(1) not in ("1", "2", "3")]
    section = text[start:min(others, default=len(text))]
    out = []
    for fence in re.findall(r"```text\n(.*?)```", section, re.S):
        out.extend(line for line in fence.splitlines() if line.strip())
    return out


def test_the_docs_have_examples_of_each_family():
    examples = doc_examples()
    assert len(examples) >= 15
    kinds = {type(s).__name__ for e in examples for s in parse_ability(e).sentences}
    assert {"IfState", "WhileState", "Choice", "DieTable"} <= kinds


@pytest.mark.parametrize("text", doc_examples())
def test_docs_example_parses_prints_lowers_and_renders(text):
    ast = parse_ability(text)
    assert print_ability(ast) == text
    assert parse_ability(print_ability(ast)) == ast
    ir = compile_text(text, kind="item", skills=SKILLS)
    validate_ability(ir)
    for locale in LOCALES:
        out = render_ability(ast, locale)
        assert out and "{" not in out and "}" not in out, (locale, out)
    assert render_ability(ast, "en") == text


# ------------------------------------------------------------------ words and shapes
@pytest.mark.parametrize("written", ["Roll a die. On 1-3, take 1 wound. On 4-10, gain 2 gold.",
                                     "Roll a die. On 1 - 3, take 1 wound. On 4 – 10, gain 2 gold.",
                                     "roll a DIE. on 1–3, take 1 wound. on 4–10, gain 2 gold."])
def test_ranges_accept_both_dashes_and_print_one_form(written):
    assert print_ability(parse_ability(written)) == \
        "Roll a die. On 1–3, take 1 wound. On 4–10, gain 2 gold."


def test_a_minus_sign_is_still_a_penalty():
    ast = parse_ability("While you have 3 or more wounds, you receive -1 Body.")
    assert ast.sentences[0].effect == n.Modifier("you", "body", -1)


def test_ir_of_each_form():
    ir = compile_text("If your Hero is in a swamp space, gain 2 gold.")
    assert ir["effects"] == [{"op": "if_state", "condition": {"kind": "terrain",
                                                              "terrain": "swamp"},
                              "effects": [{"op": "gain_gold",
                                           "amount": {"kind": "fixed", "value": 2}}],
                              "else": []}]
    ir = compile_text("While you have an Ally, you receive +1 Body.")
    assert ir["static"] and ir["limits"] == [] and ir["effects"][0]["op"] == "while"
    ir = compile_text("Choose one: gain 2 gold; or take 1 wound.")
    assert [len(o) for o in ir["effects"][0]["options"]] == [1, 1]
    ir = compile_text("Roll a die. On 1–9, gain 1 gold. On 10, take 1 wound.")
    assert [(r["low"], r["high"]) for r in ir["effects"][0]["rows"]] == [(1, 9), (10, 10)]


def test_otherwise_joins_the_if_before_it():
    ast = parse_ability("If you have no wounds, gain 1 gold. Otherwise, take 1 exhaustion.")
    [sentence] = ast.sentences
    assert sentence.otherwise == n.Suffer(n.Amount("fixed", (1,)), "exhaustion")
    ir = compile_text(print_ability(ast))
    assert ir["effects"][0]["else"][0]["op"] == "suffer"
    assert compile_text("If you have an Ally, gain 1 gold.")["effects"][0]["else"] == []
    for bad, at in [("Otherwise, gain 1 gold.", 0),
                    ("Gain 1 gold. Otherwise, gain 1 gold.", 13),
                    ("If you have an Ally, gain 1 gold. Otherwise, gain 1 gold. "
                     "Otherwise, gain 2 gold.", 58)]:
        with pytest.raises(AbilitySyntaxError, match="'Otherwise' must follow") as err:
            parse_ability(bad)
        assert err.value.start == at


def test_a_cost_inside_a_condition_is_a_payment_and_a_later_cost_sentence_is_refused():
    # branch rbcost (issue 32): a cost after an opener is paid at the opener's moment (PayTo);
    # this test said "costs can only start the ability" before. A cost that starts a later
    # sentence of its own is still refused.
    ability = parse_ability("If you have an Ally, activate to gain 1 gold.")
    assert not ability.costs
    paid = ability.sentences[0].effect
    assert type(paid).__name__ == "PayTo" and type(paid.costs[0]).__name__ == "Activate"
    with pytest.raises(AbilitySyntaxError, match="costs? can only start the ability"):
        parse_ability("Gain 1 gold. Activate to gain 1 gold.")


# ------------------------------------------------------------------ checks RF414-RF419
def findings(text, kind="item", usage="constant"):
    _ir, found = compile_ability(text, CardContext(kind, usage, None, SKILLS))
    return [(f.code, f.severity, text[f.span[0]:f.span[1]] if f.span else None, f.hint)
            for f in found]


@pytest.mark.parametrize("text, near", [
    ("If your Hero is in a swamps space, gain 2 gold.", "swamp"),
    ("If your Hero is in Tamalr, gain 1 gold.", "Tamalir"),
    ("If your Hero is in tamalir, gain 1 gold.", "Tamalir"),
    ("If you have a wepon, gain 1 gold.", "weapon"),
])
def test_rf414_a_state_the_game_does_not_have(text, near):
    [(code, severity, _span, hint)] = findings(text)
    assert (code, severity) == ("RF414", "error") and f"'{near}'" in hint


def test_an_unknown_colour_is_an_unknown_word_with_a_suggestion():
    # the four colours are words of the language (family 5 draws by colour too)
    with pytest.raises(AbilitySyntaxError) as caught:
        parse_ability("Melee: If your enemy is a rde challenge, make a melee attack.")
    # issue 32: the nearest word, and the whole sentence with it in place
    assert caught.value.code == "RF302" and caught.value.hint == (
        "did you mean 'red'? ('Melee: If your enemy is a red challenge, make a melee attack.')")


def test_rf408_an_unknown_skill_in_a_condition():
    [(code, _s, span, hint)] = findings("If you have the Clim skill, gain 1 gold.")
    assert code == "RF408" and "Climb" in hint and "Clim" in span


def test_rf415_the_enemys_colour_outside_combat():
    [(code, *_)] = findings("During your market step, if your enemy is a red challenge, "
                            "gain 1 gold.")
    assert code == "RF415"
    [(code, *_)] = findings("If your enemy is a red challenge, gain 1 gold.", kind="event")
    assert code == "RF415"
    assert findings("Before Combat: if your enemy is a red challenge, gain 1 gold.") == []
    assert findings("Before Combat: If your enemy is a red challenge, take 1 wound.",
                    kind="challenge") == []  # (untimed, a challenge's text never runs: RF440)


def test_rf416_while_only_as_a_constant_rule_of_modifiers():
    [(code, _s, span, _h)] = findings("While you have an Ally, gain 1 gold.")
    assert code == "RF416" and span == "gain 1 gold"
    found = findings("Before moving, while you have an Ally, you receive +1 Body.")
    assert [f[0] for f in found] == ["RF416"]
    found = findings("If you succeed, while you have an Ally, you receive +1 Body.")
    assert "RF416" in [f[0] for f in found]
    assert findings("While you have no wounds, you receive +1 Body and you receive +1 Mind.") \
        == []
    assert findings("While your Hero is in a town, Items cost you 1 less gold.") == []
    assert findings("While you have an Ally, you cannot escape from this combat.") == []


def test_rf417_two_to_four_options():
    [(code, _s, _span, hint)] = findings("Choose one: gain 2 gold.")
    assert code == "RF417" and "; or" in hint
    five = "Choose one: " + "; or ".join(f"gain {i} gold" for i in range(1, 6)) + "."
    assert [f[0] for f in findings(five)] == ["RF417"]
    assert findings("Choose one: gain 1 gold; or gain 2 gold; or gain 3 gold; or gain 4 gold.") \
        == []


def test_rf418_the_same_option_twice_is_a_warning_and_keeps_the_ir():
    text = "Choose one: gain 1 gold; or take 1 wound; or gain 1 gold."
    [(code, severity, span, _h)] = findings(text)
    assert (code, severity) == ("RF418", "warning") and span == "gain 1 gold"
    assert text.index("gain 1 gold", 20) == text.rindex("gain 1 gold")
    ir, _ = compile_ability(text, CardContext("item", None, None, SKILLS))
    assert ir is not None


# issue 32 (session rbdice): a face no row names is a warning (RF480), no longer an error: nothing
# happens on it, as after an "If" with no "Otherwise" (tests/test_lang_rbdice.py); the gaps of
# this test moved to test_rf480_faces_no_row_names_warn below, at the same rows
@pytest.mark.parametrize("text, span, words", [
    ("Roll a die. On 1–3, take 1 wound. On 3–10, gain 2 gold.", "On 3–10, gain 2 gold.",
     "face 3 is already covered"),
    ("Roll a die. On 1–3, take 1 wound. On 4–11, gain 2 gold.", "On 4–11, gain 2 gold.",
     "1 to 10"),
    ("Roll a die. On 3–1, take 1 wound. On 4–10, gain 2 gold.", "On 3–1, take 1 wound.",
     "backwards"),
])
def test_rf419_rows_cover_the_die_exactly(text, span, words):
    found = [f for f in findings(text) if f[0] == "RF419"]
    assert found and found[0][2] == span and words in " ".join(
        str(x) for x in _messages(text)), found


@pytest.mark.parametrize("text, span, words", [
    ("Roll a die. On 1–3, take 1 wound. On 5–10, gain 2 gold.", "On 5–10, gain 2 gold.",
     "nothing happens on 4:"),
    ("Roll a die. On 1–9, take 1 wound.", "On 1–9, take 1 wound.", "nothing happens on 10:"),
])
def test_rf480_faces_no_row_names_warn(text, span, words):
    found = [f for f in findings(text) if f[0] in ("RF419", "RF480")]
    assert [(f[0], f[1], f[2]) for f in found] == [("RF480", "warning", span)]
    assert words in " ".join(_messages(text))
    assert compile_ability(text, CardContext("item", None, None, SKILLS))[0] is not None


def _messages(text):
    _ir, found = compile_ability(text, CardContext("item", None, None, SKILLS))
    return [f.message for f in found]


def test_the_die_size_is_the_rules_data():
    from runeforge.engine.runebound.core.rulesdata import load_ruleset
    from runeforge.engine.runebound.core.ruleset import get_ruleset
    from runeforge.games.runebound.checks.branching import die_faces

    assert die_faces() == load_ruleset("base").combat.die_faces == 10
    assert get_ruleset("advanced").die_faces == load_ruleset("advanced").combat.die_faces


# ------------------------------------------------------------------ engine
def test_the_scenarios_of_the_test_content_pass():
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine = [r for r in scenarios.run(result.content, result.compiled)
            if "lang-branching" in r.path]
    assert len(mine) == 25 and not [r.name for r in mine if not r.passed]
    assert {"if_state", "while", "choose", "roll_table"} <= set().union(*(r.ops for r in mine))
    names = {r.name for r in mine}
    for card in ("Wayfarer's Cloak", "Marsh Lantern", "Pilgrim's Badge", "Hunter's Token",
                 "Hermit's Riddle", "Weary Traveller", "Forked Trail", "Fortune Stone",
                 "Wayside Well"):
        assert any(name.startswith(card) for name in names), card


def _game_with(*texts):
    """A two-player game whose first Hero holds an item with ``texts`` (cache on, checked)."""
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.game.setup import new_game
    from tests.engine_bundle import bundle

    b = bundle()
    b["cards"].append({"id": "test-charm", "kind": "item", "name": "Test Charm", "cost": 1,
                       "class": "artifact", "usage": "constant", "pack": "core",
                       "game": "runebound-2e", "text": list(texts),
                       "abilities": [compile_text(t, skills=SKILLS) for t in texts]})
    game = new_game(b, catalog=Catalog(b), players=2, packs="adventure", make_bot=make_bot,
                    debug=True)
    hero = game.hero(game.state.seats[0])
    hero.items.append("test-charm")
    game.combat.modifiers_changed()
    return game, hero


def _space(game, terrain):
    return next(s.id for s in game.board.spaces.values() if s.terrain == terrain)


def test_a_while_rule_follows_the_state_through_the_standing_cache():
    game, hero = _game_with("While your Hero is in a forest space, you receive +1 Body.",
                            "While you have 2 or more wounds, you receive +2 Mind.")
    combat = game.combat
    assert combat._stat_cache is not None and combat.verify_cache  # cache on, and checked
    body, mind = hero.body, hero.mind
    game.state.positions[hero.id] = _space(game, "plains")
    assert combat.stat(hero, "body") == body
    game.state.positions[hero.id] = _space(game, "forest")  # no modifiers_changed() call
    assert combat.stat(hero, "body") == body + 1
    game.state.positions[hero.id] = _space(game, "swamp")
    assert combat.stat(hero, "body") == body
    assert combat.stat(hero, "mind") == mind
    combat.set_tokens(hero, "wounds", 2, source=None)
    assert combat.stat(hero, "mind") == mind + 2
    hero.wounds = 0  # even behind the engine's back: the rule is never cached
    assert combat.stat(hero, "mind") == mind


def test_while_rules_on_prices_and_escape_follow_the_state():
    game, hero = _game_with("While your Hero is in a town, Items cost you 1 less gold.",
                            "While your enemy is a red challenge, you cannot escape from "
                            "this combat.")
    combat = game.combat
    game.state.positions[hero.id] = game.board.town_space("Forge")
    assert combat.price_of(hero, "iron-mace") == 3
    game.state.positions[hero.id] = _space(game, "plains")
    assert combat.price_of(hero, "iron-mace") == 4
    assert combat.restricted("escape") is None
    red = next(c for c in sorted(game.catalog.cards) if game.card(c).kind == "challenge"
               and game.card(c).data.get("colour") == "red")
    combat.enemies[hero.id] = game.catalog.new_challenge(red)
    assert combat.restricted("escape") == "test-charm"
    combat.enemies.clear()
    assert combat.restricted("escape") is None


def test_the_game_gives_the_heros_space_to_conditions():
    game, hero = _game_with("If your Hero is in a town, gain 1 gold.")
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.engine.runebound.core.effects_branching import holds

    ctx = Context(game.combat, hero, "test-charm")
    game.state.positions[hero.id] = game.board.town_space("Tamalir")
    assert game.combat.hero_place(hero) == ("town", "Tamalir")
    assert holds({"kind": "town"}, ctx) and holds({"kind": "named_town", "town": "Tamalir"}, ctx)
    assert not holds({"kind": "named_town", "town": "Forge"}, ctx)
    game.state.positions[hero.id] = _space(game, "hills")
    assert holds({"kind": "terrain", "terrain": "hills"}, ctx)
    assert not holds({"kind": "town"}, ctx)


def test_without_a_board_a_condition_on_the_space_does_not_hold():
    from runeforge.engine.runebound.core.effects import Context
    from runeforge.engine.runebound.core.effects_branching import holds

    class Bare:  # an engine without hero_place (a lone combat)
        pass

    hero = type("H", (), {"id": "h"})()
    assert not holds({"kind": "terrain", "terrain": "forest"}, Context(Bare(), hero, "x"))


def test_the_bots_weigh_the_options():
    from runeforge.engine.common.decisions import Decision
    from runeforge.engine.runebound.bots import choices

    game, hero = _game_with("If your Hero is in a town, gain 1 gold.")
    gold = [{"op": "gain_gold", "amount": {"kind": "fixed", "value": 1}}]
    heal = [{"op": "heal", "amount": {"kind": "fixed", "value": 2}, "tokens": ["wound"],
             "target": "hero"}]
    wound = [{"op": "suffer", "amount": {"kind": "fixed", "value": 1}, "token": "wound",
              "target": "hero"}]
    ask = Decision("choice", hero.id, [0, 1, 2], "x", {"effects": [wound, gold, heal]})
    hero.wounds = 0
    assert choices.answer(ask, game.combat) == 1  # nothing to heal: the gold
    hero.wounds = 3
    assert choices.answer(ask, game.combat) == 2  # wounded: healing 2 is worth more


def test_scripted_and_seeded_dice_give_one_die():
    from runeforge.engine.common.dice import Dice, ScriptedDice
    from runeforge.engine.common.errors import EngineError

    a, b = Dice(7), Dice(7)
    assert [a.die(10) for _ in range(50)] == [b.d10() for _ in range(50)]
    dice = ScriptedDice([1, 10, 12])
    assert dice.die(10) == 1 and dice.die(10) == 10
    with pytest.raises(EngineError, match="one die"):
        dice.die(10)
    with pytest.raises(EngineError, match="2d10"):
        ScriptedDice([1]).roll_2d10()


def test_the_kernel_leaves_these_forms_to_the_engine():
    from runeforge.engine.runebound.combat.kernel_plan import COMBAT_OPS, Plan, Unsupported
    from tests.engine_bundle import catalog

    assert not {"if_state", "while", "choose", "roll_table"} & COMBAT_OPS
    cat = catalog(str(CONTENT))
    for item, op in (("wayfarers-cloak", "while"), ("hunters-token", "if_state")):
        with pytest.raises(Unsupported, match=op):  # the engine fights it instead
            Plan.build(cat, "varikas-the-dead", "restless-scarecrow", items=[item])
    Plan.build(cat, "varikas-the-dead", "restless-scarecrow")  # without them: a kernel


# ------------------------------------------------------------------ exact odds
@pytest.mark.parametrize("text, words", [
    ("Before Combat: if your enemy is a red challenge, take 1 wound.", "condition"),
    ("Before Combat: choose one: take 1 exhaustion; or take 1 wound.", "choice"),
    ("Before Combat: roll a die. On 1–5, take 1 wound. On 6–10, take 1 exhaustion.",
     "random table"),
    ("While you have 2 or more wounds, you receive +1 Body.", "While"),
    ("Melee: Once per combat, if you have an Ally, inflict 1 wound on your enemy.",
     "not modelled"),
])
def test_the_exact_odds_report_these_forms_as_not_modelled(text, words):
    from runeforge.engine.runebound.analysis.before_model import before_model

    ir = compile_text(text, skills=SKILLS)
    model = before_model([("charm", 0, "item", ir)])
    assert not model.steps and not model.rounds
    [(_card, _i, _source, why)] = model.uncovered
    assert words in why and "not modelled" in why
    assert not model.complete


def test_the_monte_carlo_odds_say_a_lone_combat_has_no_board(cli):
    out = cli("odds", "--hero", "varikas-the-dead", "--challenge", "bone-dice-gambler",
              "--item", "wayfarers-cloak", "--trials", "50", str(CONTENT))
    assert out.exit_code == 0, out.output
    assert "no board" in out.output and "Wayfarer's Cloak" in out.output
    out = cli("odds", "--hero", "varikas-the-dead", "--challenge", "bone-dice-gambler",
              "--item", "hunters-token", "--trials", "50", str(CONTENT))
    assert out.exit_code == 0 and "no board" not in out.output


# ------------------------------------------------------------------ five locales
NUMBERS = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111]


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
@pytest.mark.parametrize("token", ["wound", "exhaustion", "gold"])
def test_a_threshold_counts_its_noun_by_the_cldr_category(locale, token):
    r = renderer(locale)
    template = r.msg("condition.at_least")
    form = re.search(r"\{noun(?:\.([a-z.]+))?\}", template).group(1)
    term = load_terms(locale).get("terms", token)
    for v in NUMBERS:
        out = r.condition(n.Condition("at_least", token, v))
        space = " " if locale == "en" else "\u00a0"  # number and noun held together
        assert f"{v}{space}{term.form(form, category(locale, v))}" in out, (locale, v, out)


def test_spot_checks_by_hand():
    def say(text, locale):
        return render_ability(parse_ability(text), locale)

    assert say("If you have 1 or more wounds, gain 1 gold.", "fi") == \
        "Jos sinulla on vähintään 1\u00a0haava, ota 1\u00a0kultaraha."
    assert say("If you have 5 or more wounds, gain 1 gold.", "pl").startswith(
        "Jeśli masz co najmniej 5\u00a0ran,")
    assert say("If you have 2 or more wounds, gain 1 gold.", "pl").startswith(
        "Jeśli masz co najmniej 2\u00a0rany,")
    assert say("Choose one: gain 1 gold; or take 1 wound.", "el") == \
        "Επιλέξτε ένα: κερδίστε 1\u00a0χρυσό· ή δεχτείτε 1\u00a0πλήγμα."
    assert say("Roll a die. On 1–3, take 1 wound. On 4–10, gain 2 gold.", "ru") == \
        "Бросьте кубик. Результат 1–3: получите 1\u00a0урон. Результат 4–10: получите 2\u00a0золотых."


@pytest.mark.parametrize("locale, clause", [("en", ", if your Hero"), ("fi", ", jos "),
                                            ("pl", ", jeśli "), ("el", ", αν "),
                                            ("ru", ", если ")])
def test_a_window_before_a_condition_is_set_off_by_a_comma(locale, clause):
    """"At the start of your turn, if ..., take ...": the conditional clause after a window
    has its comma in every language (fi, pl, ru join a window and a plain sentence without)."""
    ast = parse_ability("At the start of your turn, if your Hero is in a town, take 1 exhaustion.")
    assert clause in render_ability(ast, locale)
    plain = render_ability(parse_ability("At the start of your turn, take 1 exhaustion."), locale)
    assert (", " in plain) == (locale in ("en", "el"))
