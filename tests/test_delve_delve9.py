"""Delve constructions of issue 32 (session delve9), run in the engine: a move with no number
("Move towards the nearest adversary", "it moves toward the nearest hero", "each adversary
adjacent to you moves away from you": as far as the figure's Move allows, towards someone
until adjacent), an adversary held to a course for a while ("It must move toward you during
the adversary phase"), and a die spent as an event ("Each time you spend a 6, gain 1
renown"). The corpus (tests/data/corpus/delve-forms.yaml) holds their variants and the texts
that must fail."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.engine.delve.game.adversaries import adversary_phase
from runeforge.engine.delve.rules.effects import distance
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import SEFA, events, game
from tests.test_delve_forms import CASTER, base, hero_with, play  # noqa: F401  (base: a fixture)


def _foe_with(base, kind: str, text: str):  # noqa: F811
    compiled, diags = compile_one(text, "adversary")
    assert compiled is not None, [str(d) for d in diags]
    return {**base.adversaries[kind], "abilities": [compiled]}


# ---------------------------------------------------------------- a move with no number
def test_a_hero_moves_towards_the_nearest_adversary_as_far_as_its_move_allows(base):  # noqa: F811
    g, me = play(base, ["Charge (3+): Move towards the nearest adversary."], [3, 1, 1, 1],
                 [{"action": "ability", "ability": "Charge"}, None],
                 foes=[("bone-sentry", (3, 3))])
    start = me.cell
    g.hero_turn(me)
    foe = g.state.figure("bone-sentry-1")
    assert me.cell != start and g.state.board.adjacent(me.cell, foe.cell)
    used = events(g, "ability")[0]["effects"][0]
    assert used["op"] == "approach" and used["moved"][CASTER]


def test_each_adjacent_adversary_moves_away_as_far_as_its_move_allows(base):  # noqa: F811
    g, me = play(base, ["Scatter (4+): Each adversary adjacent to you moves away from you."],
                 [4, 1, 1, 1], [{"action": "ability", "ability": "Scatter"}, None],
                 foes=[("bone-sentry", (1, 2))])
    g.hero_turn(me)
    foe = g.state.figure("bone-sentry-1")
    assert distance(me.cell, foe.cell) == 2     # the farthest a 4x4 chamber allows


def test_a_holding_adversary_moves_towards_the_nearest_hero_when_activated(base):  # noqa: F811
    rule = "When this adversary is activated, it moves toward the nearest hero."
    records = dataclasses.replace(hero_with(base), adversaries={
        **base.adversaries, "rust-golem": _foe_with(base, "rust-golem", rule)})
    g = game(records, [CASTER, SEFA], [1] * 8, [], foes=[("rust-golem", (3, 3))])
    golem = g.state.figure("rust-golem-1")
    adversary_phase(g)
    assert golem.cell != (3, 3)                   # its behaviour (hold) never moves it
    assert any(g.state.board.adjacent(golem.cell, g.state.figure(h).cell)
               for h in (CASTER, SEFA))


def _taunt(base, text, foe_cell=(3, 3)):  # noqa: F811
    g, me = play(base, [text], [2, 1, 1, 1] + [1] * 8,
                 [{"action": "ability", "ability": "Taunt"}, None],
                 foes=[("gloom-rat", foe_cell)])
    me.cell = (0, 0)
    g.state.figure(SEFA).cell = (3, 1)          # nearer the rat than the taunting hero
    return g, me, g.state.figure("gloom-rat-1")


@pytest.mark.parametrize("text", [
    "Taunt (2+): Choose an adversary in this chamber. It must move toward you during the "
    "adversary phase.",
    "Taunt (2+): Choose an adversary in this chamber. Until the end of the round, it moves "
    "towards you.",
])
def test_a_taunted_adversary_advances_on_the_taunting_hero_not_the_nearest(base, text):  # noqa: F811
    g, me, rat = _taunt(base, text)
    g.hero_turn(me)
    assert [e["op"] for e in g.state.lasting] == ["approach"]
    adversary_phase(g)
    assert g.state.board.adjacent(rat.cell, me.cell)
    assert not g.state.board.adjacent(rat.cell, g.state.figure(SEFA).cell)


def test_without_a_taunt_the_rat_advances_on_the_nearest_hero(base):  # noqa: F811
    g, me, rat = _taunt(base, "Taunt (2+): Heal 1 wound.")
    adversary_phase(g)
    assert g.state.board.adjacent(rat.cell, g.state.figure(SEFA).cell)
    assert not g.state.board.adjacent(rat.cell, me.cell)


@pytest.mark.parametrize("text, canonical", [
    ("Charge (3+): Move toward the nearest adversary.",
     "Charge (3+): Move towards the nearest adversary."),
    ("Taunt (2+): Choose an adversary in this chamber. It must move toward you during the "
     "adversary phase.", "Taunt (2+): Choose an adversary in this chamber. Until the end of "
     "the adversary phase, it moves towards you."),
    ("When activated, it moves toward the nearest hero.",
     "When this adversary is activated, it moves towards the nearest hero."),
])
def test_fmt_prints_one_canonical_wording_that_reads_back(text, canonical):
    assert print_ability(parse_ability(text)) == canonical
    assert parse_ability(canonical) == parse_ability(text)
    assert print_ability(parse_ability(canonical)) == canonical


@pytest.mark.parametrize("text, owner, code", [
    ("(3+): Move towards you.", "hero", "RF927"),
    ("(3+): Until the end of the round, move towards the nearest adversary.", "hero", "RF916"),
    ("Taunt (2+): Choose an adversary. Until the end of your turn, it moves towards you.",
     "hero", "RF916"),
    ("The nearest hero moves toward this adversary.", "adversary", "RF918"),   # dsight: its own
    # move ("This adversary moves toward the nearest hero.") is its move of the turn now
])
def test_what_the_engine_cannot_do_is_refused_with_its_code(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and [d.code for d in diags] == [code] and diags[0].hint


@pytest.mark.parametrize("locale", ["en", "fi", "pl", "el", "ru"])
def test_the_move_with_no_number_renders_in_every_locale(locale):
    for text in ("Charge (3+): Move towards the nearest adversary.",
                 "Scatter (4+): Each adversary adjacent to you moves away from you.",
                 "When this adversary is activated, it moves towards the nearest hero."):
        out = render_ability(parse_ability(text), locale)
        assert out and "{" not in out
        if locale == "en":
            assert out == text


# ---------------------------------------------------------------- docs/delve.md's block
def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("delve9-variants")


def test_the_doc_block_has_variants_and_refusals():
    lines = _doc_lines()
    assert sum(a.startswith("RF") for *_, a in lines) >= 4
    assert sum(not a.startswith("RF") for *_, a in lines) >= 5


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    check_variant_line(kind, said, after)


def test_the_odds_model_names_a_move_with_no_number_as_ignored():
    from runeforge.engine.delve.analysis.odds import ignored
    hero = {"abilities": [compile_one("Charge (3+): Move towards the nearest adversary.")[0]]}
    assert [i["ops"] for i in ignored(hero)] == [["approach"]]


# ---------------------------------------------------------------- Hypothesis round trip
from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from runeforge.dsl.delve import nodes as n  # noqa: E402
from runeforge.dsl.delve.approach import Approach, is_me  # noqa: E402
from tests.test_delve_sentences import refs, who  # noqa: E402

approaches = st.builds(Approach, who, st.booleans(), ref=st.none() | refs).filter(
    lambda a: not (is_me(a.target) and a.ref is None))


@settings(max_examples=150, deadline=None)
@given(approaches)
def test_parse_of_print_is_the_identity_on_moves_with_no_number(effect):
    ability = n.Action("Go", n.Cost(3), (effect,))
    text = print_ability(ability)
    assert parse_ability(text) == ability, text
    assert print_ability(parse_ability(text)) == text


# ---------------------------------------------------------------- a die spent as an event
def _spend_turn(base, rule, faces, spend):  # noqa: F811
    """The caster moves once with each die index of ``spend`` (basic Move), then stops."""
    g, me = play(base, [rule], list(faces),
                 [{"action": "move", "die": d} for d in spend] + [None])
    g.hero_turn(me)
    return g, me


def test_each_time_you_spend_a_6_you_gain_renown_and_not_for_a_3(base):  # noqa: F811
    g, me = _spend_turn(base, "Each time you spend a 6, gain 1 renown.", [6, 3, 1, 1], [0, 0])
    assert [m["die"] for m in events(g, "move")] == [6, 3]
    assert me.renown == 1
    assert [t["event"] for t in events(g, "trigger")] == ["spent"]


def test_a_rule_on_any_die_fires_for_each_spent_once_per_turn_when_limited(base):  # noqa: F811
    g, me = _spend_turn(base, "Once per round, when you spend a die showing 5 or more, gain 1 "
                        "renown.", [6, 5, 1, 1], [0, 0])
    assert me.renown == 1                       # 6 and 5 both qualify; once per turn
    g, me = _spend_turn(base, "Every time you spend a die, gain 1 renown.", [2, 1, 1, 1],
                        [0, 0])
    assert me.renown == 2


def test_a_die_paid_for_an_ability_fires_it_too(base):  # noqa: F811
    g, me = play(base, ["Each time you spend a 6, gain 1 renown.", "(6+): Heal 1 wound."],
                 [6, 1, 1, 1], [{"action": "ability", "ability": f"{CASTER}:1"}, None],
                 wounds={CASTER: 1})
    g.hero_turn(me)
    assert me.wounds == 0 and me.renown == 1


@pytest.mark.parametrize("text, canonical", [
    ("Each time you spend a 6, gain 1 renown.", "Every time you spend a 6, gain 1 renown."),
    ("Once per round, when you spend a die showing 6, heal 1 wound.",
     "Every time you spend a 6, heal 1 wound. Only once per turn."),
    ("Whenever you spend a hero die showing 5 or higher, gain 1 renown.",
     "Every time you spend a 5 or higher, gain 1 renown."),
    ("When you spend a die, heal 1 wound.", "Every time you spend a die, heal 1 wound."),
])
def test_fmt_prints_the_spent_event_one_way(text, canonical):
    assert print_ability(parse_ability(text)) == canonical
    assert parse_ability(canonical) == parse_ability(text)


@pytest.mark.parametrize("text, owner, code", [
    ("Each time you spend a 7, gain 1 renown.", "hero", "RF917"),
    ("Each time you spend a 6, gain 1 renown.", "adversary", "RF925"),
    ("Renown (2+): Each time you spend a 6, gain 1 renown.", "hero", "RF926"),
])
def test_the_spent_event_refusals(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in [d.code for d in diags]


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_the_spent_event_renders_in_every_locale(locale):
    for text in ("Every time you spend a 6, gain 1 renown.",
                 "Every time you spend a 5 or higher, gain 1 renown.",
                 "Every time you spend a die, heal 1 wound."):
        out = render_ability(parse_ability(text), locale)
        assert "{" not in out and "spend" not in out


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([(6,), (1,), (4,), (5, 6), (2, 3, 4, 5, 6), ()]),
       st.sampled_from([None, "turn"]), st.integers(1, 3))
def test_parse_of_print_is_the_identity_on_the_spent_event(faces, limit, amount):
    ability = n.Trigger("spent", (n.Renown(amount),), limit=limit, faces=faces)
    text = print_ability(ability)
    assert parse_ability(text) == ability, text


# ---------------------------------------------------------------- fewer wounds of one attack
SOAK = "Each time you suffer 2 or more wounds from a single attack, prevent 1 of them."


@pytest.mark.parametrize("rule, taken", [(SOAK, 2), ("Sure-footed: Add 1 to your Move.", 3)])
def test_an_attack_of_3_wounds_deals_2_to_a_hero_with_the_rule(base, rule, taken):  # noqa: F811
    records = hero_with(base, rule, vigour=9)
    g = game(records, [CASTER, SEFA], [6] * 8, [], foes=[("tunnel-brute", (1, 2))])
    g.state.figure(SEFA).cell = (3, 3)              # only the caster in reach
    adversary_phase(g)
    me = g.state.figure(CASTER)
    assert [a["wounds"] for a in events(g, "adversary_attack")] == [taken]
    assert me.wounds == taken


def test_a_single_wound_is_not_reduced_and_an_ability_s_wounds_are_no_attack(base):  # noqa: F811
    g = game(hero_with(base, SOAK), [CASTER, SEFA], [6] * 8, [],
             foes=[("bone-sentry", (1, 2))])
    g.state.figure(SEFA).cell = (3, 3)
    adversary_phase(g)                              # Damage 1: under the rule's 2
    assert g.state.figure(CASTER).wounds == 1
    from runeforge.engine.delve.game import ops
    ops.apply(g, g.state.figure(CASTER), "test", [{"op": "suffer", "wounds": 2,
                                                   "targets": {"quantity": "self"}}], None)
    assert g.state.figure(CASTER).wounds == 3


def test_an_adversary_s_rule_takes_a_wound_off_a_hero_s_attack(base):  # noqa: F811
    rule = "Every time this adversary suffers 2 or more wounds from a single attack, prevent " \
        "1 of them."
    records = dataclasses.replace(
        hero_with(base, "Maul (1+): Combat, Hit 2, Damage 3."),
        adversaries={**base.adversaries, "rust-golem": _foe_with(base, "rust-golem", rule)})
    g = game(records, [CASTER, SEFA], [1, 1, 1, 1, 6], [
        {"action": "weapon", "weapon": "Maul"}, None], foes=[("rust-golem", (1, 2))])
    g.hero_turn(g.state.figure(CASTER))
    assert g.state.figure("rust-golem-1").wounds == 2


@pytest.mark.parametrize("text, owner, code", [
    ("Each time you suffer 2 or more wounds from a single attack, prevent 3 of them.", "hero",
     "RF912"),
    ("Each time you suffer 2 or more wounds from a single attack, prevent 1 of them.",
     "adversary", "RF925"),
    ("Guard (3+): Each time you suffer 2 or more wounds from a single attack, prevent 1 of "
     "them.", "hero", "RF928"),
])
def test_the_soak_refusals(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in [d.code for d in diags]


@pytest.mark.parametrize("text", [
    "Whenever you would suffer at least 2 wounds from one attack, prevent 1 wound.",
    "When you suffer two or more wounds from a single attack, prevent one of them.",
])
def test_soak_variants_print_one_way(text):
    assert print_ability(parse_ability(text)) == print_ability(parse_ability(SOAK)) == \
        "Every time you suffer 2 or more wounds from a single attack, prevent 1 of them."
    assert compile_one(text)[0] == compile_one(SOAK)[0] == {
        "form": "constant", "effects": [{"op": "soak", "at_least": 2, "amount": 1}]}


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 9), st.integers(1, 9), st.booleans())
def test_parse_of_print_is_the_identity_on_fewer_wounds_of_one_attack(least, amount, mine):
    from runeforge.dsl.delve.soak import Soak
    on = None if mine else n.Selector("self", "adversary")
    ability = n.Constant((Soak(least, amount, on=on),))
    text = print_ability(ability)
    assert parse_ability(text) == ability, text


# ---------------------------------------------------------------- rolling twice
TWICE = " Roll two dice and use the higher result."


@pytest.mark.parametrize("rider, hit", [(TWICE, True), ("", False)])
def test_a_weapon_rolls_two_dice_and_uses_the_higher(base, rider, hit):  # noqa: F811
    text = "Longbow (1+): Attack a visible adversary: missile, Hit 5+, Damage 1." + rider
    g, me = play(base, [text], [1, 1, 1, 1, 2, 6], [
        {"action": "weapon", "weapon": "Longbow"}, None], foes=[("bone-sentry", (3, 3))])
    g.hero_turn(me)
    result = events(g, "attack")[0]["results"][0]
    assert result["hit"] is hit and result["roll"] == (6 if hit else 2)
    assert result.get("rolled", [2]) == ([2, 6] if hit else [2])


def test_a_strike_rolls_two_dice_and_uses_the_higher(base):  # noqa: F811
    text = "Aimed Blow (1+): Make a combat attack against an adjacent adversary, Hit 5+, " \
        "Damage 1." + TWICE
    g, me = play(base, [text], [1, 1, 1, 1, 3, 5], [
        {"action": "ability", "ability": "Aimed Blow"}, None], foes=[("bone-sentry", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("bone-sentry-1").wounds == 1


def test_a_reroll_rolls_two_dice_and_keeps_the_higher(base):  # noqa: F811
    text = "Second Wind (1+): Roll one of your spent dice again. Roll two dice and keep the " \
        "higher."
    g, me = play(base, [text], [1, 1, 1, 1, 2, 6], [
        {"action": "move", "die": 0}, {"action": "ability", "ability": "Second Wind"}, None])
    g.hero_turn(me)
    used = events(g, "ability")[0]["effects"][0]
    assert used == {"op": "reroll", "face": 6}


@pytest.mark.parametrize("text, code", [
    ("Hope (2+): Heal 1 wound. Roll two dice and use the higher result.", "RF914"),
    ("Aim (3+): Make a missile attack against a visible adversary. Roll 1 die and use the "
     "higher result.", "RF912"),
])
def test_rolling_twice_refusals(text, code):
    compiled, diags = compile_one(text)
    assert compiled is None and [d.code for d in diags] == [code] and diags[0].hint


def test_the_odds_model_names_rolling_twice_as_ignored():
    from runeforge.engine.delve.analysis.odds import hero_attacks, ignored
    hero = {"abilities": [compile_one("Longbow (1+): Attack a visible adversary: missile, "
                                      "Hit 5+, Damage 1." + TWICE)[0]]}
    assert hero_attacks(hero) == [] and "higher result" in ignored(hero)[0]["why"]


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_rolling_twice_renders_in_every_locale(locale):
    text = "Aimed Shot (3+): Make a missile attack against a visible adversary. Roll 2 dice " \
        "and use the higher result."
    assert print_ability(parse_ability(text)) == text
    out = render_ability(parse_ability(text), locale)
    assert "{" not in out and "Roll" not in out and "2" in out


@settings(max_examples=80, deadline=None)
@given(st.sampled_from(n.RANGES), st.integers(2, 6), st.booleans(), who)
def test_parse_of_print_is_the_identity_on_rolling_twice(rng, dice, stats, target):
    hit, damage = (4, 1) if stats else (None, None)
    effect = n.Strike(rng, target if target.side == "adversary" else None, hit, damage,
                      best_of=dice)
    ability = n.Action("Aim", n.Cost(3), (effect,))
    text = print_ability(ability)
    assert parse_ability(text) == ability, text


# ---------------------------------------------------------------- movement and rolling rules
def test_moving_away_from_adjacent_adversaries_freely_is_never_being_pinned(base):  # noqa: F811
    text = "You may move away from adjacent adversaries freely."
    assert compile_one(text)[0] == compile_one("You are never pinned.")[0]
    assert print_ability(parse_ability(text)) == "You are never pinned."
    g, me = play(base, [text], [1, 1, 1, 1], [], foes=[("bone-sentry", (1, 2))])
    assert g.pinned(me) is False            # next to the sentry, a Move still costs (1+)
    g, me = play(base, [], [1, 1, 1, 1], [], foes=[("bone-sentry", (1, 2))])
    assert g.pinned(me) is True


@pytest.mark.parametrize("text, owner, code", [
    ("Volley (5+): Make a missile attack against 2 visible adversaries. Roll separately for "
     "each target.", "hero", "RF931"),
    ("You may move through obstacles.", "hero", "RF931"),
    ("This adversary ignores obstacles.", "adversary", "RF931"),
    ("You may move through other figures.", "adversary", "RF941"),   # a hero's rule (dmove)
    ("Inspire (3+): Another hero may reroll one of their unspent hero dice.", "hero", "RF925"),
    ("You may move away from adjacent heroes freely.", "hero", "RF925"),
])
def test_rules_the_engine_already_follows_or_cannot_are_refused_at_their_words(
        text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and [d.code for d in diags] == [code] and diags[0].hint
    assert diags[0].col > 1 or "obstacles" not in text


# ---------------------------------------------------------------- a basic action by name
def test_a_slay_rule_takes_a_free_move_action_up_to_the_hero_s_move(base):  # noqa: F811
    rule = "Every time you slay an adversary, you may take a Move action without spending " \
        "a die."
    g, me = play(base, [rule, "Axe (1+): Combat, Hit 2, Damage 1."], [1, 1, 1, 1, 6],
                 [{"action": "weapon", "weapon": "Axe"}, {"to": [3, 3]}, None],
                 foes=[("gloom-rat", (1, 2))])
    me.cell = (0, 0)
    g.state.figure("gloom-rat-1").cell = (0, 1)
    g.hero_turn(me)
    assert g.state.figure("gloom-rat-1") is None
    assert me.cell == (3, 3)                    # 3 steps: the caster's Move, no die spent
    done = events(g, "trigger")[0]["effects"][0]
    assert done["op"] == "basic" and len(done["path"]) == 3


def test_a_recuperate_action_by_name_heals_and_fires_the_recuperate_rules(base):  # noqa: F811
    texts = ["Respite (2+): Take the Recover action.",
             "Every time you recuperate, gain 1 renown."]
    g, me = play(base, texts, [2, 1, 1, 1], [{"action": "ability", "ability": "Respite"},
                                            None], wounds={CASTER: 2})
    g.hero_turn(me)
    assert me.wounds == 1 and me.renown == 1


def test_cannot_take_the_recover_action_is_the_adversary_s_forbid(base):  # noqa: F811
    said = "Heroes adjacent to this adversary cannot take the Recover action."
    assert compile_one(said, "adversary")[0] == compile_one(
        "Each hero adjacent to this adversary cannot recuperate.", "adversary")[0]


@pytest.mark.parametrize("text, owner, code", [
    ("You may take a Move action without spending a die.", "hero", "RF918"),
    ("When this adversary is activated, take a Move action.", "adversary", "RF925"),
])
def test_a_basic_action_by_name_refusals(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in [d.code for d in diags]


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_a_basic_action_by_name_renders_in_every_locale(locale):
    for text in ("Every time you slay an adversary, take a Move action.",
                 "Respite (2+): Take a Recuperate action."):
        out = render_ability(parse_ability(text), locale)
        assert "{" not in out and "take" not in out.lower()


# ---------------------------------------------------------------- relative clauses joined by "and"
@pytest.mark.parametrize("sefa_wounds, healed", [(2, True), (1, False)])
def test_two_relative_clauses_joined_by_and_both_filter(base, sefa_wounds, healed):  # noqa: F811
    text = "Succour (3+): Heal 1 wound on each hero that is adjacent to you and has 2 or " \
        "more wounds."
    g, me = play(base, [text], [3, 1, 1, 1], [{"action": "ability", "ability": "Succour"},
                                             None], wounds={SEFA: sefa_wounds, CASTER: 2})
    from runeforge.engine.delve.rules.costs import HeroTurn
    offered = {o.get("ability") for o in g.options(me, HeroTurn(CASTER, [3, 1, 1, 1]))}
    assert ("Succour" in offered) is healed     # a heal that helps no one is not offered
    if healed:
        g.hero_turn(me)
        assert g.state.figure(SEFA).wounds == sefa_wounds - 1
        assert me.wounds == 2                   # not adjacent to itself


@pytest.mark.parametrize("text, canonical", [
    ("Succour (3+): Heal 1 wound on a hero that is adjacent to you and has 2 or more wounds.",
     "Succour (3+): Heal 1 wound on a hero adjacent to you with 2 or more wounds."),
    ("Cull (3+): Each adversary who is within 2 spaces of you and is wounded suffers 1 wound.",
     "Cull (3+): Each wounded adversary within 2 spaces of you suffers 1 wound."),
    ("Cull (3+): Each adversary that is in this chamber and that is visible suffers 1 wound.",
     "Cull (3+): Each visible adversary in this chamber suffers 1 wound."),
    # the "and" that joins two parts stays a join
    ("Mend (2+): Heal 1 wound on a hero that is adjacent to you and gain 1 renown.",
     "Mend (2+): Heal 1 wound on a hero adjacent to you and gain 1 renown."),
])
def test_relative_clauses_joined_by_and_print_as_their_filters(text, canonical):
    assert print_ability(parse_ability(text)) == canonical
    assert compile_one(text)[0] == compile_one(canonical)[0]


# ---------------------------------------------------------------- a chamber named by what it holds
@pytest.mark.parametrize("foes, healed", [((), True), ((("gloom-rat", (3, 3)),), False)])
def test_a_chamber_that_contains_no_adversaries(base, foes, healed):  # noqa: F811
    text = "Quiet Moment (2+): If you are in a chamber that contains no adversaries, heal 1 " \
        "wound."
    g, me = play(base, [text], [2, 1, 1, 1], [{"action": "ability", "ability": "Quiet Moment"},
                                             None], foes=list(foes), wounds={CASTER: 2})
    g.hero_turn(me)
    assert me.wounds == 2 - healed


@pytest.mark.parametrize("text, owner, canonical", [
    ("Quiet Moment (2+): If your chamber contains no adversaries, heal 2 wounds.", "hero",
     "Quiet Moment (2+): If there are no adversaries in this chamber, heal 2 wounds."),
    ("Beset (2+): If this chamber contains 2 or more adversaries, gain 1 renown.", "hero",
     "Beset (2+): If there are 2 or more adversaries in this chamber, gain 1 renown."),
    ("At the end of each round, if this adversary is in a chamber that contains no heroes, "
     "heal 1 wound on it.", "adversary", "At the end of each round, if there are no heroes in "
     "this adversary's chamber, heal 1 wound on it."),
])
def test_a_chamber_that_contains_prints_as_the_count(text, owner, canonical):
    assert print_ability(parse_ability(text)) == canonical
    assert compile_one(text, owner)[0] == compile_one(canonical, owner)[0] is not None


def test_a_chamber_counted_from_another_figure_is_refused():
    compiled, diags = compile_one("Calm (2+): If another hero is in a chamber that contains no "
                                  "adversaries, heal 1 wound.")
    assert compiled is None and diags[0].hint


def test_a_move_towards_someone_already_adjacent_is_not_offered(base):  # noqa: F811
    from runeforge.engine.delve.rules.costs import HeroTurn
    text = "Charge (3+): Move towards the nearest adversary."
    for cell, offered in (((1, 2), False), ((3, 3), True)):
        g, me = play(base, [text], [3, 1, 1, 1], [], foes=[("bone-sentry", cell)])
        options = g.options(me, HeroTurn(CASTER, [3, 1, 1, 1]))
        assert any(o.get("ability") == "Charge" for o in options) is offered
