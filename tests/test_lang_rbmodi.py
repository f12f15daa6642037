"""Branch rbmodi: the modifiers of a clause, after it or before it, in either order.

A duration, a count ("for each ...") and a condition ("if ...", "against <colour> challenges")
nest in one order whatever order they are written in (condition > count > duration), so `fmt`
prints one wording and the engine runs what the sentence says: a count outside a duration puts
that many lasting bonuses in force, a condition is checked when the effect resolves, a duration
ends when it says. What cannot run is refused where it is written (RF530, RF531).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbmodi"
LOCALES = ("en", "fi", "pl", "el", "ru")

# (card kind, the wordings an author may write, the canonical wording fmt prints)
SAME = [
    ("encounter", ["For each Ally you have, gain 1 gold.", "For every Ally you have, gain 1 gold.",
                   "Gain 1 gold for each Ally you have."],
     "Gain 1 gold for each Ally you have."),
    ("encounter", ["For each trophy you have (maximum 3), gain 2 gold.",
                   "Gain 2 gold for each trophy you have, to a maximum of 3."],
     "Gain 2 gold for each trophy you have, to a maximum of 3."),
    ("encounter", ["For every card on the doom track, gain 1 gold.",
                   "Gain 1 gold for each card on the doom track."],
     "Gain 1 gold for each card on the doom track."),
    # a count and a duration, in either order, the count outside
    ("item", ["Activate to receive +1 Body for each Ally you have until the end of this combat.",
              "Activate to receive +1 Body until the end of this combat for each Ally you have.",
              "Activate to receive +1 Body during this combat for each Ally you have."],
     "Activate to receive +1 Body until the end of this combat for each Ally you have."),
    ("encounter", ["For each Ally you have, receive +1 Mind until the end of your turn.",
                   "Until the end of your turn, receive +1 Mind for each Ally you have.",
                   "Receive +1 Mind this turn for each Ally you have."],
     "Until the end of this turn, you receive +1 Mind for each Ally you have."),
    # a condition and a count, in either order, the condition outside
    ("encounter", ["Gain 1 gold for each Ally you have if you have 2 or more wounds.",
                   "Gain 1 gold if you have 2 or more wounds for each Ally you have.",
                   "For each Ally you have, gain 1 gold if you have 2 or more wounds.",
                   "If you have 2 or more wounds, gain 1 gold for each Ally you have."],
     "If you have 2 or more wounds, gain 1 gold for each Ally you have."),
    # a condition and a duration, in either order, the condition outside
    ("item", ["Activate to receive +1 Body if you have 2 or more wounds until the end of this "
              "combat.",
              "Activate to receive +1 Body until the end of this combat if you have 2 or more "
              "wounds."],
     "Activate to receive +1 Body until the end of this combat if you have 2 or more wounds."),
    ("encounter", ["Until the end of your turn, receive +2 Spirit if you have no gold.",
                   "If you have no gold, receive +2 Spirit until the end of your turn."],
     "If you have no gold, until the end of this turn, you receive +2 Spirit."),
    # "against <colour> challenges" before a duration (it was read as a rule in force, RF416)
    ("item", ["Activate to receive +1 Body against red challenges until the end of this combat.",
              "Activate to receive +1 Body until the end of this combat against red challenges."],
     "Activate to receive +1 Body until the end of this combat if your enemy is a red "
     "challenge."),
]
CASES = [(kind, said, canonical) for kind, saids, canonical in SAME for said in saids]


def _ctx(kind: str, text: str) -> CardContext:
    return CardContext(kind, "activated" if "ctivate" in text else None, None, frozenset())


@pytest.mark.parametrize("kind, written, canonical", CASES, ids=[c[1][:60] for c in CASES])
def test_each_order_is_one_node_printed_one_way(kind, written, canonical):
    ast = parse_ability(written)
    assert print_ability(ast) == canonical
    assert parse_ability(canonical) == ast
    ir, found = compile_ability(written, _ctx(kind, written))
    assert ir is not None and [f.code for f in found] == [], [(f.code, f.message) for f in found]
    again, _ = compile_ability(canonical, _ctx(kind, canonical))
    assert {k: v for k, v in ir.items() if k != "source"} == \
        {k: v for k, v in again.items() if k != "source"}


def test_the_nesting_is_condition_then_count_then_duration():
    s = parse_ability("Activate to receive +1 Body until the end of this combat for each Ally "
                      "you have if you have 2 or more wounds.").sentences[0]
    assert type(s) is n.IfState and type(s.effect) is n.ForEach
    assert type(s.effect.effect) is n.During and type(s.effect.effect.effect) is n.Modifier


@pytest.mark.parametrize("kind, written, canonical", CASES[:: 3], ids=[c[1][:40] for c in CASES[:: 3]])
def test_the_canonical_wordings_render_in_every_locale(kind, written, canonical):
    ast = parse_ability(canonical)
    for locale in LOCALES:
        said = render_ability(ast, locale)
        assert said and "{" not in said, (locale, said)


# ---- the engine runs what the sentence says ---------------------------------------------------

def _combat(allies=("acolyte-of-flame", "hired-crossbowman"), **given):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from tests.engine_bundle import catalog

    cat = catalog(str(CONTENT))
    hero = cat.new_hero("varikas-the-dead", allies=list(allies), **given)
    state = State(heroes=[hero])
    combat = Combat(cat, state, ScriptedDice([]), {hero.id: ScriptedPlayer([])}, BASE)
    return cat, combat, hero


def _play(cat, combat, hero, card_id):
    from runeforge.engine.runebound.core.cardwindows import drawn_text
    from runeforge.engine.runebound.core.windows import Moment

    card = cat.card(card_id)
    combat.moment = Moment("none", turn=combat.state.turn)
    combat.run_card_text(hero, card.id, drawn_text(card), hostile=True)


@pytest.mark.parametrize("card, stat", [("shield-wall-of-friends", "body"),
                                        ("chorus-of-resolve", "mind")])
@pytest.mark.parametrize("allies", [(), ("acolyte-of-flame",),
                                    ("acolyte-of-flame", "hired-crossbowman")])
def test_a_count_over_a_duration_puts_one_bonus_per_thing_counted_until_it_ends(card, stat,
                                                                                allies):
    cat, combat, hero = _combat(allies)
    before = combat.stat(hero, stat)
    _play(cat, combat, hero, card)
    assert combat.stat(hero, stat) == before + len(allies)  # counted when it resolves
    combat.expire("end_of_combat")  # not its end: the bonus stays
    assert combat.stat(hero, stat) == before + len(allies)
    combat.expire("end_of_turn")  # "until the end of your turn": it ends
    assert combat.stat(hero, stat) == before


@pytest.mark.parametrize("gold, bonus", [(0, 2), (3, 0)])
def test_a_condition_over_a_duration_is_checked_when_it_resolves(gold, bonus):
    cat, combat, hero = _combat(gold=gold)
    before = combat.stat(hero, "spirit")
    _play(cat, combat, hero, "quiet-before-the-storm")
    assert combat.stat(hero, "spirit") == before + bonus


def test_the_scenarios_run_each_form():
    from runeforge import pipeline
    from tests.engine_bundle import folder_scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine, failed = folder_scenarios(result, CONTENT)
    assert len(mine) == 3 and not failed, failed


# ---- what cannot run is refused (or warned) at its words --------------------------------------

REFUSED = [
    ("item", "Activate to end your turn for each Ally you have.", "RF531",
     "for each Ally you have"),
    ("item", "Activate to make a magic attack for each Item you have.", "RF531",
     "for each Item you have"),
    ("encounter", "For each Ally you have, end your turn.", "RF531", "For each Ally you have,"),
    # "against <colour> challenges" after an attack: whom it attacks, not a condition
    ("item", "Activate to make a magic attack against yellow challenges.", "RF532",
     "against yellow challenges"),
    # "against" where no challenge is fought (the existing check, at the modifier's words)
    ("item", "At the start of your turn, gain 2 gold against yellow challenges.", "RF415",
     "against yellow challenges"),
    # a count on an always-on price (the existing check): the count would never change
    ("item", "Items cost you 1 less gold for each Ally you have.", "RF451",
     "for each Ally you have"),
]


@pytest.mark.parametrize("kind, text, code, words", REFUSED, ids=[r[1][:50] for r in REFUSED])
def test_what_cannot_run_is_refused_at_the_modifier(kind, text, code, words):
    ir, found = compile_ability(text, _ctx(kind, text))
    hit = [f for f in found if f.code == code and f.severity == "error"]
    assert ir is None and hit, [(f.code, f.message) for f in found]
    start, end = hit[0].span
    assert words in text[start:end], (text[start:end], words)
    assert hit[0].hint


@pytest.mark.parametrize("text, words, bare", [
    ("Activate to gain 2 gold until the end of your turn.", "until the end of your turn",
     "Activate to gain 2 gold."),
    ("Activate to heal 1 wound this turn.", "this turn",
     "Activate to discard 1 wound from your Hero."),
    ("Before Combat: until the end of this combat, take 1 wound.", "until the end of this combat",
     "Before Combat: Take 1 wound."),
])
def test_a_duration_over_what_happens_once_is_refused_with_the_text_without_it(text, words,
                                                                              bare):
    """An error since issue 32 ("what compiles runs"): the engine never ran the gain."""
    ir, found = compile_ability(text, _ctx("item", text))
    hit = [f for f in found if f.code == "RF530"]
    assert ir is None and hit and hit[0].severity == "error", \
        [(f.code, f.message) for f in found]
    start, end = hit[0].span
    assert words in text[start:end].lower()
    assert f"'{bare}'" in hit[0].hint, hit[0].hint
    assert compile_ability(bare, _ctx("item", bare))[0] is not None  # what it proposes compiles


def test_a_one_off_effect_beside_a_bonus_under_a_duration_is_told_to_stand_apart():
    text = "Activate to gain 1 gold and receive +1 Body until the end of this turn."
    ir, found = compile_ability(text, _ctx("item", text))
    hit = [f for f in found if f.code == "RF530"]
    assert ir is None and hit and "outside" in hit[0].hint and "receive +1 Body" in hit[0].hint


def test_a_count_in_a_trigger_is_taken_when_it_fires_not_refused_as_a_constant():
    text = "When this Ally is defeated, take 1 exhaustion to receive +2 Mind for each Item you have."
    ir, found = compile_ability(text, _ctx("ally", text))
    assert ir is not None and not [f for f in found if f.severity == "error"], found


def test_a_duration_over_extra_movement_dice_is_the_lasting_bonus():
    text = "Before moving, take 1 exhaustion to roll 1 additional movement die this turn."
    ir, found = compile_ability(text, _ctx("hero", text))
    assert ir is not None and not found, found
    lasting = next(e for e in ir["effects"] if e["op"] == "for_duration")
    assert lasting["effects"] == [{"op": "modify", "target": "hero", "stat": "movement_dice",
                                   "value": 1}]


# ---- the construction space of the modifier slot ----------------------------------------------

def test_no_modifier_in_the_space_is_a_syntax_error_where_its_clause_compiles():
    from benchmarks.modifier_space import measure

    result = measure(n=60, seed=random.Random(3).randrange(1000))
    assert result["syntax"] == [], result["syntax"][:3]
    assert result["silent"] == [], result["silent"][:3]


def _refused_in_the_docs():
    from tests.test_lang_rbdice import refused_lines

    return refused_lines("rbmodi-refused")


REFUSED_DOC = _refused_in_the_docs()


def test_the_docs_show_what_is_refused():
    assert {code for _k, _t, code in REFUSED_DOC} >= {"RF530", "RF531", "RF532"}


@pytest.mark.parametrize("kind, text, code", REFUSED_DOC, ids=[r[1][:50] for r in REFUSED_DOC])
def test_each_refusal_in_the_docs_is_true(kind, text, code):
    _ir, found = compile_ability(text, _ctx(kind, text))
    assert code in [f.code for f in found], [(f.code, f.message) for f in found]
