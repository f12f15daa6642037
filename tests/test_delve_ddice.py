"""Delve constructions of issue 32, part III (branch ddice), run in the engine or refused:
a hero's own dice changed ("Change one of your hero dice to show a 6.", "Raise one of your
other unspent hero dice by 1, to a maximum of 6.", "Return one spent hero die to this hero's
card, turned to show a 3."). The corpus (tests/data/corpus/delve-forms.yaml, its ddice block)
holds their variants and the texts that must fail."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import events
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)

LOCALES = ("fi", "pl", "el", "ru")
MEND = "Mend (4+): Heal 1 wound."


def _turn_dice(g):
    return g.state.turns[CASTER]


# ---------------------------------------------------------------- the engine
def test_raise_one_unspent_die_by_one_makes_a_cost_payable(base):  # noqa: F811
    """[5, 2, 3, 1]: the 5 pays, the 3 becomes a 4, and the 4 pays Mend (4+) (no 4 without
    the raise: the scripted answer would find no option)."""
    text = "Counting Breath (5+): Raise one of your other unspent hero dice by 1, to a " \
        "maximum of 6."
    g, me = play(base, [text, MEND], [5, 2, 3, 1], [
        {"action": "ability", "ability": "Counting Breath", "die": 0}, {"die": 1},
        {"action": "ability", "ability": "Mend"}, None], wounds={CASTER: 2})
    g.hero_turn(me)
    raised = events(g, "ability")[0]["effects"][0]
    assert raised == {"op": "die", "was": 3, "face": 4}
    assert me.wounds == 1


def test_a_raise_stops_at_its_maximum_and_a_die_it_cannot_change_is_not_offered(base):  # noqa: F811
    text = "Nudge (1+): Raise one of your unspent dice by 2, to a maximum of 5."
    g, me = play(base, [text], [1, 5, 4, 6], [
        {"action": "ability", "ability": "Nudge", "die": 0}, None])
    g.hero_turn(me)
    # the 5 and the 6 cannot rise under 5: only the 4 is offered, and it stops at 5
    assert events(g, "ability")[0]["effects"][0] == {"op": "die", "was": 4, "face": 5}


def test_change_one_die_to_show_a_six(base):  # noqa: F811
    text = "Loaded (1+): Change one of your hero dice to show a 6."
    g, me = play(base, [text, "Feast (6+): Heal 3 wounds."], [1, 2, 1, 1], [
        {"action": "ability", "ability": "Loaded", "die": 0}, {"die": 0},
        {"action": "ability", "ability": "Feast"}, None], wounds={CASTER: 3})
    g.hero_turn(me)
    assert events(g, "ability")[0]["effects"][0] == {"op": "die", "was": 2, "face": 6}
    assert me.wounds == 0


def test_return_a_spent_die_to_the_card_turned_to_show_a_three(base):  # noqa: F811
    """The move's spent 1 comes back as a 3 (never the die paying for Second Wind), and the 3
    pays Mend (3+)."""
    text = "Second Wind (1+): Return one spent hero die to this hero's card, turned to show " \
        "a 3."
    g, me = play(base, [text, "Mend (3+): Heal 1 wound."], [1, 1, 2, 2], [
        {"action": "move", "die": 0}, {"to": None},
        {"action": "ability", "ability": "Second Wind", "die": 0},
        {"action": "ability", "ability": "Mend"}, None], wounds={CASTER: 1})
    g.hero_turn(me)
    assert events(g, "ability")[0]["effects"][0] == {"op": "die", "was": 1, "face": 3}
    assert me.wounds == 0


def test_a_slay_rule_changes_a_die_in_the_hero_s_turn(base):  # noqa: F811
    text = "Every time you slay an adversary, change one of your unspent dice to show a 6."
    g, me = play(base, ["Smite (1+): Make a combat attack against an adjacent adversary, Hit "
                        "2+, Damage 3.", text, "Feast (6+): Heal 3 wounds."],
                 [1, 1, 2, 2, 6], [
                     {"action": "ability", "ability": "Smite", "die": 0}, {"die": 0},
                     {"action": "ability", "ability": "Feast"}, None],
                 foes=[("gloom-rat", (1, 2))], wounds={CASTER: 3})
    g.hero_turn(me)
    assert me.wounds == 0


# ---------------------------------------------------------------- the language
@pytest.mark.parametrize("said, canonical", [
    ("Second Wind (6+): Return one spent hero die to this hero's card, turned to show a 3.",
     "Second Wind (6+): Return one of your spent dice to your hero card, turned to show a 3."),
    ("(2+): Return a spent die to your card, showing a 6.",
     "(2+): Return one of your spent dice to your hero card, turned to show a 6."),
    ("(2+): Return one of your spent dice to your hero card.", None),
    ("Counting Breath (5+): Raise one of your other unspent hero dice by 1, to a maximum of 6.",
     "Counting Breath (5+): Raise one of your unspent dice by 1."),
    ("(3+): Increase one of your unspent dice by 2, to a maximum of 5, then gain 1 renown.",
     "(3+): Raise one of your unspent dice by 2 to a maximum of 5 and gain 1 renown."),
    ("(3+): Add 1 to one of your unspent hero dice.", "(3+): Raise one of your unspent dice by 1."),
    ("(1+): Subtract 1 from one of your dice.", "(1+): Lower one of your unspent dice by 1."),
    ("(1+): Reduce one of your unspent dice by 2.", "(1+): Lower one of your unspent dice by 2."),
    ("(4+): Change one of your hero dice to a 6.",
     "(4+): Change one of your unspent dice to show a 6."),
    ("Spend a hero die (4+) to change one of your unspent dice to show a 5.", None),
    ("Every time you explore a chamber, change one of your unspent dice to show a 6.", None),
    ("Every time you slay an adversary, heal 1 wound and raise one of your unspent dice by 1.",
     None),
])
def test_the_wordings_compile_print_one_canonical_form_and_render_everywhere(said, canonical):
    compiled, diags = compile_one(said)
    assert compiled is not None, [str(d) for d in diags]
    assert any(e["op"] == "die" for e in compiled["effects"])
    canonical = canonical or said
    ability = parse_ability(said)
    assert print_ability(ability) == canonical
    assert parse_ability(canonical) == ability          # parse . print = id
    assert render_ability(ability, "en") == canonical
    for loc in LOCALES:
        text = render_ability(ability, loc)
        assert text and "dice" not in text and "{" not in text, (loc, text)


@pytest.mark.parametrize("text, kind, code", [
    ("Loaded (1+): Change one of your unspent dice to show a 7.", "hero", "RF933"),
    ("Nudge (1+): Raise one of your unspent dice by 1, to a maximum of 9.", "hero", "RF933"),
    ("Nudge (1+): Raise one of your unspent dice by 0.", "hero", "RF933"),
    ("At the end of each round, change one of your unspent dice to show a 6.", "hero",
     "RF934"),
    ("Every time you suffer a wound, raise one of your unspent dice by 1.", "hero", "RF934"),
    ("When this adversary is slain, change one of your dice to show a 6.", "adversary",
     "RF934"),
    ("Change one of your unspent dice to show a 6.", "hero", "RF918"),
    ("(2+): Each hero adjacent to you changes one of your dice to show a 6.", "hero", "RF301"),
])
def test_dice_changes_the_engine_cannot_run_are_refused_at_their_words(text, kind, code):
    compiled, diags = compile_one(text, kind)
    errors = [d for d in diags if d.severity == "error"]
    assert compiled is None and code in [d.code for d in errors], [str(d) for d in diags]
    assert all(d.hint for d in errors)


def _doc_variants():
    from tests.test_delve_docs import variant_lines
    return variant_lines("ddice-variants") + variant_lines("ddice-variants-marked") \
        + variant_lines("ddice-variants-words") + variant_lines("ddice-variants-rolls")


@pytest.mark.parametrize("kind, said, after", _doc_variants())
def test_the_doc_s_variants_print_their_canonical_form_or_are_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    refused = check_variant_line(kind, said, after)
    assert refused is None or all(d.hint for d in refused)


def test_the_odds_model_names_a_dice_change_as_not_modelled():
    from runeforge.engine.delve.analysis.odds import ignored
    hero = {"abilities": [compile_one("Loaded Die (4+): Change one of your unspent dice to "
                                      "show a 6.")[0]]}
    (left_out,) = ignored(hero)
    assert left_out["ops"] == ["die"] and "die" in left_out["why"]


# ---------------------------------------------------------------- attacks against a chosen one
GAZE = "Lantern Gaze (1+): Choose a visible adversary. Until the end of the turn, attacks " \
    "against it hit on a roll 1 lower."
BRAND = "Brand the Quarry (1+): Choose an adversary in line of sight. Attacks against it deal " \
    "+1 Damage until the end of the turn."
STAB = "Stab (1+): Make a combat attack against an adjacent adversary, Hit 5+, Damage 1."


@pytest.mark.parametrize("marked, wounds", [(True, 1), (False, 0)])
def test_attacks_against_the_chosen_adversary_hit_on_a_roll_one_lower(base, marked, wounds):  # noqa: F811
    """A 4 misses Hit 5+, but hits the adversary the gaze chose."""
    answers = ([{"action": "ability", "ability": "Lantern Gaze", "die": 0}] if marked else []) \
        + [{"action": "ability", "ability": "Stab", "die": 0}, None]
    g, me = play(base, [GAZE, STAB], [1, 1, 1, 1, 4], answers,
                 foes=[("bone-sentry", (1, 2))])
    g.hero_turn(me)
    foe = g.state.figure("bone-sentry-1")
    assert foe.wounds == wounds
    assert not g.state.lasting      # "until the end of the turn": gone when the turn ends


@pytest.mark.parametrize("marked, wounds", [(True, 2), (False, 1)])
def test_attacks_against_the_branded_adversary_deal_one_more_damage(base, marked, wounds):  # noqa: F811
    answers = ([{"action": "ability", "ability": "Brand the Quarry", "die": 0}] if marked
               else []) + [{"action": "ability", "ability": "Stab", "die": 0}, None]
    g, me = play(base, [BRAND, STAB], [1, 1, 1, 1, 6], answers,
                 foes=[("rust-golem", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("rust-golem-1").wounds == wounds
    if marked:
        (lasting,) = events(g, "ability")[0]["effects"][1]["lasting"]
        assert lasting["figure"] == "rust-golem-1" and lasting["stat"] == "damage"


@pytest.mark.parametrize("said, canonical", [
    (GAZE, "Lantern Gaze (1+): Choose a visible adversary. Until the end of your turn, "
           "attacks against it add 1 to their rolls."),
    (BRAND, "Brand the Quarry (1+): Choose a visible adversary. Until the end of your turn, "
            "attacks against it deal +1 Damage."),
    ("(2+): Choose an adversary adjacent to you. Until the end of the round, combat attacks "
     "against that adversary add 1 to their rolls.", None),
    ("(2+): Choose a visible adversary. Until the end of your turn, area attacks against it "
     "deal 1 less Damage.", None),
])
def test_a_mark_for_a_while_prints_one_canonical_form_and_renders_everywhere(said, canonical):
    compiled, diags = compile_one(said)
    assert compiled is not None, [str(d) for d in diags]
    (until,) = [e for e in compiled["effects"] if e["op"] == "until"]
    assert until["effects"][0]["op"] == "guard" and until["effects"][0]["on"]
    canonical = canonical or said
    ability = parse_ability(said)
    assert print_ability(ability) == canonical and parse_ability(canonical) == ability
    assert render_ability(ability, "en") == canonical
    assert all(render_ability(ability, loc) for loc in LOCALES)


@pytest.mark.parametrize("text, kind, code", [
    ("(2+): Until the end of the turn, attacks against adjacent adversaries deal +1 Damage.",
     "hero", "RF935"),
    ("Attacks against adjacent adversaries deal +1 Damage.", "hero", "RF925"),
    ("(2+): Choose a visible adversary. Attacks against it deal +1 Damage.", "hero", "RF925"),
    ("(2+): Until the end of the turn, attacks against it deal +1 Damage.", "hero", "RF914"),
])
def test_marks_the_engine_cannot_time_are_refused(text, kind, code):
    compiled, diags = compile_one(text, kind)
    assert compiled is None and code in [d.code for d in diags], [str(d) for d in diags]


# ---------------------------------------------------------------- wordings of existing forms
@pytest.mark.parametrize("said, same_as", [
    ("Granite Ward (4+): The next wound this hero would take before your next turn is "
     "ignored.", "Granite Ward (4+): Until the start of your next turn, prevent the first "
                 "wound you would suffer."),
    ("(4+): The first 2 wounds you would suffer before the end of the round are prevented.",
     "(4+): Until the end of the round, prevent the first 2 wounds you would suffer."),
    ("(4+): Prevent the next wound you would suffer before the end of your turn.",
     "(4+): Until the end of your turn, prevent the first wound you would suffer."),
    ("(4+): Choose an adjacent hero. The next wound that hero would suffer before your next "
     "turn is ignored.", "(4+): Choose a hero adjacent to you. Until the start of your next "
                         "turn, prevent the first wound that hero would suffer."),
    ("Scythe Turn (4+): Attack every adjacent adversary, Hit 5, Damage 1.",
     "Scythe Turn (4+): Make a combat attack against each adversary adjacent to you, Hit 5+, "
     "Damage 1."),
    ("(3+): Move up to 2 spaces, then attack each adjacent adversary: Hit 4+, Damage 1.",
     "(3+): Move up to 2 spaces and make a combat attack against each adversary adjacent to "
     "you, Hit 4+, Damage 1."),
])
def test_wordings_of_existing_forms_compile_to_the_same_ir(said, same_as):
    compiled, diags = compile_one(said)
    assert compiled is not None, [str(d) for d in diags]
    assert compiled == compile_one(same_as)[0]
    assert print_ability(parse_ability(said)) == same_as
    assert parse_ability(same_as) == parse_ability(said)


@pytest.mark.parametrize("text, code", [
    ("(4+): Attack an adversary adjacent to it, Hit 4, Damage 2.", "RF907"),
    ("(4+): Attack a visible adversary, Hit 4, Damage 2.", "RF907"),
])
def test_an_attack_whose_target_does_not_say_its_range_still_names_it(text, code):
    compiled, diags = compile_one(text)
    assert compiled is None and code in [d.code for d in diags]


def test_attack_every_adjacent_adversary_rolls_at_each_of_them(base):  # noqa: F811
    g, me = play(base, ["Scythe Turn (1+): Attack every adjacent adversary, Hit 5, Damage 1."],
                 [1, 1, 1, 1, 6, 6], [{"action": "ability", "ability": "Scythe Turn",
                                       "die": 0}, None],
                 foes=[("rust-golem", (1, 2)), ("tunnel-brute", (2, 2))])
    g.hero_turn(me)
    assert [g.state.figure(f).wounds for f in ("rust-golem-1", "tunnel-brute-2")] == [1, 1]


def test_the_next_wound_before_your_next_turn_is_ignored_in_the_engine(base):  # noqa: F811
    text = "Granite Ward (1+): The next wound this hero would take before your next turn is " \
        "ignored."
    g, me = play(base, [text, "Bleed (1+): Suffer 2 wounds."], [1, 1, 1, 1], [
        {"action": "ability", "ability": "Granite Ward", "die": 0},
        {"action": "ability", "ability": "Bleed", "die": 0}, None])
    g.hero_turn(me)
    assert me.wounds == 1     # 2 wounds, the first of them ignored


# ---------------------------------------------------------------- a roll said after its effect
def test_each_adversary_takes_a_wound_on_its_own_roll_of_four_or_more(base):  # noqa: F811
    """Two adversaries in the chamber roll a 6 and a 1: only the first is wounded."""
    text = "Kindled Floor (1+): Each adversary in your chamber takes 1 wound on a roll of 4 or " \
        "more."
    g, me = play(base, [text], [1, 1, 1, 1, 6, 1], [
        {"action": "ability", "ability": "Kindled Floor", "die": 0}, None],
        foes=[("rust-golem", (1, 2)), ("tunnel-brute", (3, 3))])
    g.hero_turn(me)
    assert sorted(g.state.figure(f).wounds for f in ("rust-golem-1", "tunnel-brute-2")) == [0, 1]


def test_a_roll_after_its_effect_is_the_roll_before_it():
    said = "(3+): Each adversary in your chamber takes 1 wound on a roll of 4 or more."
    same = "(3+): Each adversary in this chamber rolls a die. On a 4, 5 or 6, that adversary " \
        "suffers 1 wound."
    assert compile_one(said)[0] == compile_one(same)[0] is not None
    assert print_ability(parse_ability(said)) == same
    for loc in LOCALES:
        assert render_ability(parse_ability(said), loc)


def test_a_roll_after_a_move_is_refused_with_the_roll_said_first():
    compiled, diags = compile_one("Gamble (2+): Move up to 2 spaces on a roll of 5 or 6.")
    assert compiled is None and [d.code for d in diags] == ["RF936"] and diags[0].hint


def test_figures_in_it_are_in_the_chamber_named_before(base):  # noqa: F811
    """Kindled Floor heals the hero and rolls for each adversary in the same chamber."""
    text = "Kindled Floor (1+): Each hero in your chamber heals 1 wound, and each adversary " \
        "in it takes 1 wound on a roll of 4 or more."
    compiled, _ = compile_one(text)
    roll = compiled["effects"][1]
    assert roll["op"] == "roll" and roll["who"]["filters"] == [{"kind": "chamber"}]
    g, me = play(base, [text], [1, 1, 1, 1, 5], [
        {"action": "ability", "ability": "Kindled Floor", "die": 0}, None],
        foes=[("rust-golem", (1, 2))], wounds={CASTER: 1})
    g.hero_turn(me)
    assert me.wounds == 0 and g.state.figure("rust-golem-1").wounds == 1
    compiled, diags = compile_one("(3+): Each adversary in it suffers 1 wound.")
    assert compiled is None and diags     # no chamber named before: "it" is nothing
