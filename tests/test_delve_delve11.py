"""Delve constructions of issue 32 (session delve11), run in the engine: the cost of a basic
action as an adversary's rule ("Heroes in this chamber must spend a 3+ die to explore.", "A
hero pinned by this adversary must spend a 4+ die instead of a 1+ die to move."); the
exploration deck in a hero's ability ("Look at the top card of the exploration deck. You may
put it on the bottom."). The corpus
(tests/data/corpus/delve-forms.yaml, its delve11 block) holds their variants and the texts
that must fail."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.game import tolls
from runeforge.engine.delve.rules.costs import HeroTurn
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import SEFA, events, game
from tests.test_delve_forms import CASTER, base, hero_with, play  # noqa: F401  (base: a fixture)

NEAR, FAR = (1, 2), (3, 3)   # a cell next to the caster, and one away from it


def _with_warden(base, rule: str, cell):  # noqa: F811
    compiled, diags = compile_one(rule, "adversary")
    assert compiled is not None, [str(d) for d in diags]
    warden = {**base.adversaries["tunnel-brute"], "abilities": [compiled]}
    records = dataclasses.replace(hero_with(base),
                                  adversaries={**base.adversaries, "test-warden": warden})
    g = game(records, [CASTER, SEFA], [], [], foes=[("test-warden", cell)])
    g.state.deck.remove("dripping-steps")         # a chamber that joins the exit by (1, 0)
    g.state.deck.insert(0, "dripping-steps")
    me = g.state.figure(CASTER)
    me.cell = (1, 0) if cell == FAR else me.cell
    return g, me


def _dice(g, me, action: str, faces) -> set:
    """The faces that pay for ``action`` among ``faces`` (the engine's options)."""
    turn = HeroTurn(me.id, list(faces))
    return {turn.dice[o["die"]] for o in g.options(me, turn) if o["action"] == action}


# ---------------------------------------------------------------- the cost of an action
@pytest.mark.parametrize("rule, action, cell, paying", [
    # adjacent to it: pinned (2+), raised to 4+; far from it: the usual 1+
    ("A hero pinned by this adversary must spend a 4+ die instead of a 1+ die to move.",
     "move", NEAR, {4, 5, 6}),
    ("A hero pinned by this adversary must spend a 4+ die instead of a 1+ die to move.",
     "move", FAR, {1, 2, 3, 4, 5, 6}),
    ("Heroes within 3 spaces of this adversary must spend a 5+ die to use the Move action.",
     "move", FAR, {5, 6}),
    ("Heroes in this chamber must spend a 3+ die to explore.", "explore", FAR, {3, 4, 5, 6}),
    ("Heroes adjacent to this adversary must spend a 3+ die to explore.", "explore", FAR,
     {1, 2, 3, 4, 5, 6}),
])
def test_a_rule_raises_the_cost_of_the_heroes_it_names(base, rule, action, cell, paying):  # noqa: F811
    g, me = _with_warden(base, rule, cell)
    assert _dice(g, me, action, (1, 2, 3, 4, 5, 6)) == paying


def test_the_engine_charges_the_dearer_cost_when_the_hero_acts(base):  # noqa: F811
    g, me = _with_warden(base, "Heroes in this chamber must spend a 3+ die to explore.", FAR)
    assert tolls.rules_for(g, me).explore == 3
    assert tolls.rules_for(g, g.state.figure(SEFA)).move == g.rules.move   # move: not raised
    turn = HeroTurn(me.id, [2, 5])
    g.state.turns[me.id] = turn
    exits = [o for o in g.options(me, turn) if o["action"] == "explore"]
    assert exits and all(turn.dice[o["die"]] == 5 for o in exits)
    from runeforge.engine.common.errors import IllegalAction
    with pytest.raises(IllegalAction):           # the 2 no longer pays, even asked directly
        g.explore(me, turn, 0, 2, tolls.rules_for(g, me))


@pytest.mark.parametrize("text, canonical", [
    ("Heroes in this chamber must spend a 2+ hero die to take the Explore action instead of "
     "a 1+ die.", "Each hero in this chamber must spend a 2+ die to explore."),
    ("A hero pinned by this adversary must spend a 3+ die instead of a 1+ die to move.",
     "A hero adjacent to this adversary must spend a 3+ die to move."),
    ("Scout (1+): Look at the top card of the exploration deck; you may put it on the bottom.",
     "Scout (1+): Look at the top card of the exploration deck. You may put it on the bottom "
     "of the exploration deck."),
    ("Vanish (5+): place your figure in any empty space of your chamber or in an adjacent "
     "chamber", "Vanish (5+): Place your figure in an empty space in your chamber or an "
     "adjacent chamber."),
    ("Scout (1+): look at the top card of the deck and put that card at the bottom",
     "Scout (1+): Look at the top card of the exploration deck. Put it on the bottom of the "
     "exploration deck."),
])
def test_variants_print_one_wording_and_every_locale_renders_it(text, canonical):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.dsl.delve.printer import print_ability
    printed = print_ability(parse_ability(text))
    assert printed == canonical and print_ability(parse_ability(printed)) == printed
    ability = parse_ability(printed)
    assert render_ability(ability, "en") == printed
    texts = {loc: render_ability(ability, loc) for loc in ("fi", "pl", "el", "ru")}
    assert all(t and "must spend" not in t and "deck" not in t and "figure" not in t
               for t in texts.values()), texts


@pytest.mark.parametrize("text, owner, code", [
    ("Heroes in this chamber must spend a 3+ die to recuperate.", "adversary", "RF925"),
    ("Heroes in this chamber must spend a 7+ die to explore.", "adversary", "RF901"),
    ("Heroes in this chamber must spend a 1+ die to explore.", "adversary", "RF931"),
    ("Heroes in this chamber must spend a 2+ die instead of a 3+ die to move.", "adversary",
     "RF925"),
    ("Adversaries in this chamber must spend a 3+ die to move.", "adversary", "RF913"),
    ("Heroes adjacent to you must spend a 3+ die to explore.", "hero", "RF925"),
    ("Spend a 3+ die to explore.", "adversary", "RF913"),
    ("When this adversary is slain, heroes adjacent to it must spend a 3+ die to move.",
     "adversary", "RF928"),
])
def test_a_cost_rule_the_engine_cannot_run_is_refused_located(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in {d.code for d in diags}, [str(d) for d in diags]
    assert all(d.hint for d in diags if d.code == code)


def test_the_odds_model_names_a_cost_rule_as_ignored():
    from runeforge.engine.delve.analysis.odds import ignored_rules
    compiled = compile_one("Heroes adjacent to this adversary must spend a 4+ die to move.",
                           "adversary")[0]
    left = ignored_rules({"abilities": [compiled]})
    assert [x["ops"] for x in left] == [["toll"]] and left[0]["why"]


# ---------------------------------------------------------------- docs/delve.md's block
def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("delve11-variants")


def test_the_doc_block_has_variants_and_refusals():
    lines = _doc_lines()
    assert sum(a.startswith("RF") for *_, a in lines) >= 4
    assert sum(not a.startswith("RF") for *_, a in lines) >= 3


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    check_variant_line(kind, said, after)


# ---------------------------------------------------------------- the exploration deck
@pytest.mark.parametrize("text, answer, buried", [
    ("Scout (1+): Look at the top card of the exploration deck. You may put it on the bottom.",
     {"bury": True}, True),
    ("Scout (1+): Look at the top card of the exploration deck; you may put it on the bottom "
     "of the deck.", None, False),                     # the player keeps it on top
    ("Scout (1+): Look at the top card of the exploration deck. Put it at the bottom of the "
     "exploration deck.", "unasked", True),            # it must go: nobody is asked
    ("Scout (1+): Look at the top card of the exploration deck.", "unasked", False),
])
def test_a_hero_looks_at_the_top_card_and_may_put_it_on_the_bottom(base, text, answer,  # noqa: F811
                                                                   buried):
    answers = [{"action": "ability", "ability": "Scout"}] + (
        [] if answer == "unasked" else [answer]) + [None]
    g, me = play(base, [text], [1, 1, 1, 1], answers)
    before = list(g.state.deck)
    g.hero_turn(me)
    assert g.state.deck == (before[1:] + before[:1] if buried else before)
    done = events(g, "ability")[0]["effects"][0]
    assert done == {"op": "scout", "card": before[0], "buried": buried}
    asked = [d for d in g.players[CASTER].asked if d.kind == "delve.effect"]
    assert len(asked) == (0 if answer == "unasked" else 1)


@pytest.mark.parametrize("text, owner, code", [
    ("Tidy (1+): Put it on the bottom of the exploration deck.", "hero", "RF914"),
    ("Tidy (1+): Heal 1 wound. You may put it on the bottom.", "hero", "RF914"),
    ("When this adversary is slain, look at the top card of the exploration deck.",
     "adversary", "RF925"),
    ("Look at the top card of the exploration deck.", "hero", "RF918"),
])
def test_the_deck_outside_a_heros_look_is_refused_located(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in {d.code for d in diags}, [str(d) for d in diags]
    assert all(d.hint for d in diags if d.code == code)


def test_the_heuristic_bot_answers_the_decks_choice(base):  # noqa: F811
    from runeforge.engine.common.decisions import Decision
    from runeforge.engine.delve.game.bots import HeuristicBot
    g, me = play(base, [], [], [])
    asked = Decision("delve.effect", me.id, [{"bury": True}])
    assert HeuristicBot().decide(asked, g) == {"bury": True}   # not a cell: no KeyError


# ---------------------------------------------------------------- a bonus of the attack just made
BOLT = ("Bolt (4+): Make a combat attack against an adjacent adversary, Hit 2+, Damage 1. It "
        "deals +1 damage against adversaries with 3 or more vigour.")


@pytest.mark.parametrize("foe, wounds", [("mire-crawler", 2), ("bone-sentry", 1)])
def test_the_attacks_own_bonus_counts_at_a_target_its_filter_holds(base, foe, wounds):  # noqa: F811
    g, me = play(base, [BOLT], [4, 1, 1, 1, 6], [{"action": "ability", "ability": "Bolt"},
                                                 None], foes=[(foe, (1, 2))])
    g.hero_turn(me)
    assert events(g, "ability")[0]["effects"][0]["results"][0]["wounds"] == wounds
    assert not any(e.get("op") == "boost" for e in g.state.lasting)   # gone after the attack


@pytest.mark.parametrize("text, canonical", [
    (BOLT, "Bolt (4+): Make a combat attack against an adversary adjacent to you, Hit 2+, "
           "Damage 1. It deals +1 Damage against each adversary with 3 or more Vigour."),
    ("Spark (3+): Make a missile attack against a visible adversary; it has +2 damage against "
     "wounded adversaries", "Spark (3+): Make a missile attack against a visible adversary. "
     "It deals +2 Damage against each wounded adversary."),
    ("Spark (3+): Make a missile attack against a visible adversary. It deals +1 Damage.",
     "Spark (3+): Make a missile attack against a visible adversary. If it hits, the target "
     "suffers 1 wound."),
])
def test_the_bonus_prints_as_its_own_sentence_in_every_locale(text, canonical):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.dsl.delve.printer import print_ability
    assert print_ability(parse_ability(text)) == canonical
    ability = parse_ability(canonical)
    assert print_ability(ability) == canonical and render_ability(ability, "en") == canonical
    for loc in ("fi", "pl", "el", "ru"):
        assert "Damage" not in render_ability(ability, loc)


@pytest.mark.parametrize("text, owner, code", [
    ("Mend (2+): Heal 1 wound. It deals +1 Damage against wounded adversaries.", "hero",
     "RF914"),
    ("Bow (3+): Attack a visible adversary: missile, Hit 4+, Damage 1. It deals +1 Damage "
     "against wounded adversaries.", "hero", "RF914"),
    ("Bolt (3+): Make a missile attack against a visible adversary. It deals +1 Damage "
     "against heroes with 2 or more wounds.", "hero", "RF913"),
])
def test_a_bonus_with_no_attack_of_its_own_is_refused_located(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in {d.code for d in diags}, [str(d) for d in diags]
    assert all(d.hint for d in diags if d.code == code)


def test_the_odds_model_names_a_look_and_an_attacks_own_bonus_as_ignored():
    from runeforge.engine.delve.analysis.odds import ignored
    texts = ["Scout (1+): Look at the top card of the exploration deck.", BOLT]
    hero = {"abilities": [compile_one(t)[0] for t in texts]}
    assert [x["ops"] for x in ignored(hero)] == [["scout"], ["strike"]]


# ---------------------------------------------------------------- "always" after "and"
ALWAYS = ("This adversary moves 2 extra spaces and always attacks the hero with the most "
          "wounds.")


@pytest.mark.parametrize("wounds, struck", [({CASTER: 1, SEFA: 3}, SEFA),
                                            ({CASTER: 3, SEFA: 1}, CASTER)])
def test_rules_joined_with_always_move_farther_and_aim_in_the_adversary_phase(base, wounds,  # noqa: F811
                                                                            struck):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game import traits
    from runeforge.engine.delve.game.adversaries import adversary_phase
    from tests.test_delve_delve8 import _foe
    g, brute = _foe(base, "tunnel-brute", [ALWAYS], (1, 2), wounds)   # next to both heroes
    assert traits.extra_move(g, brute) == 2 and len(traits.aims(g, brute)) == 1
    g.dice = ScriptedDice([6] * 8)
    adversary_phase(g)
    assert [h["target"] for h in events(g, "adversary_attack")][:1] == [struck]


def test_always_after_and_prints_as_the_rules():
    from runeforge.games.delve.abilities import canonical_text
    canonical = ("This adversary moves 2 additional spaces and this adversary attacks the hero "
                 "with the most wounds.")
    assert canonical_text(ALWAYS) == canonical and canonical_text(canonical) == canonical
    assert compile_one(ALWAYS, "adversary")[0] == compile_one(canonical, "adversary")[0]
    compiled, diags = compile_one("When activated, " + ALWAYS[0].lower() + ALWAYS[1:],
                                  "adversary")
    assert compiled is None and "RF915" in {d.code for d in diags}   # a trigger still


# ---------------------------------------------------------------- upper bounds in a filter
@pytest.mark.parametrize("text, hurt", [
    ("Cull (3+): Each adversary with at most 1 Vigour suffers 1 wound.", {"gloom-rat-1"}),
    ("Cull (3+): Each adversary with fewer than 4 vigour suffers 1 wound.",
     {"gloom-rat-1", "mire-crawler-2"}),
    ("Cull (3+): Each adversary that has 3 Vigour or less suffers 1 wound.",
     {"gloom-rat-1", "mire-crawler-2"}),
    ("Cull (3+): Each adversary with at most 2 vigour suffers 1 wound.", {"gloom-rat-1"}),
])
def test_an_upper_bound_picks_only_the_figures_under_it(base, text, hurt):  # noqa: F811
    g, me = play(base, [text], [3, 1, 1, 1], [{"action": "ability", "ability": "Cull"}, None],
                 foes=[("gloom-rat", (1, 2)), ("mire-crawler", (3, 3))])
    g.hero_turn(me)
    wounded = {f.id for f in g.state.adversaries() if f.wounds} | (
        {"gloom-rat-1"} if g.state.figure("gloom-rat-1") is None else set())
    assert wounded == hurt


@pytest.mark.parametrize("wounds, gained", [({CASTER: 0, SEFA: 2}, {CASTER}),
                                            ({CASTER: 1, SEFA: 0}, {SEFA})])
def test_a_hero_with_no_wounds_is_the_unwounded_one(base, wounds, gained):  # noqa: F811
    text = "Bless (2+): Each hero with no wounds gains 1 renown."
    g, me = play(base, [text], [2, 1, 1, 1], [{"action": "ability", "ability": "Bless"}, None],
                 wounds=wounds)
    g.hero_turn(me)
    assert {h for h in (CASTER, SEFA) if g.state.figure(h).renown} == gained


@pytest.mark.parametrize("said, canonical", [
    ("Cull (3+): Each adversary with 2 or fewer wounds suffers 1 wound.",
     "Cull (3+): Each adversary with at most 2 wounds suffers 1 wound."),
    ("Cull (3+): Every adversary that has fewer than 3 Vigour suffers a wound.",
     "Cull (3+): Each adversary with at most 2 Vigour suffers 1 wound."),
    ("Calm (2+): Heal 1 wound on a hero that has fewer than 1 wound.",
     "Calm (2+): Heal 1 wound on a hero with no wounds."),
])
def test_upper_bounds_print_one_wording_in_every_locale(said, canonical):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.games.delve.abilities import canonical_text
    assert canonical_text(said) == canonical and canonical_text(canonical) == canonical
    assert compile_one(said)[0] == compile_one(canonical)[0] is not None
    for loc in ("fi", "pl", "el", "ru"):
        text = render_ability(parse_ability(canonical), loc)
        assert "at most" not in text and "no wounds" not in text, text


def test_at_most_0_vigour_is_refused_located():
    compiled, diags = compile_one("Cull (3+): Each adversary with at most 0 Vigour suffers 1 "
                                  "wound.")
    assert compiled is None and [d.code for d in diags] == ["RF912"] and diags[0].hint


# ---------------------------------------------------------------- your figure set down
def _two_chambers(base, text):  # noqa: F811
    from runeforge.engine.common.dice import ScriptedDice
    g, me = play(base, [text], [1] * 6, [])
    g.state.deck.remove("dripping-steps")
    g.state.deck.insert(0, "dripping-steps")
    me.cell = (1, 0)
    assert g.reveal(me) is not None              # a second chamber joins the exit by (1, 0)
    g.dice = ScriptedDice([3, 1, 1, 1])          # the hero's dice of the turn
    return g, me


@pytest.mark.parametrize("where, rooms", [("an adjacent chamber", {1}), ("your chamber", {0}),
                                          ("your chamber or an adjacent chamber", {0, 1})])
def test_a_hero_is_set_down_in_an_empty_space_of_the_chambers_named(base, where, rooms):  # noqa: F811
    from runeforge.engine.delve.game import placing
    g, me = _two_chambers(base, f"Blink (3+): Place your figure in an empty space in {where}.")
    ir = compile_one(f"Blink (3+): Place your figure in an empty space in {where}.")[0]
    free = placing.cells(g, me, ir["effects"][0]["where"])
    board = g.state.board
    assert {board.owner[c] for c in free} == rooms
    assert me.cell not in free and g.state.figure(SEFA).cell not in free
    goal = free[-1]
    g.players[CASTER].answers[:] = [{"action": "ability", "ability": "Blink"},
                                    {"to": list(goal)}, None]
    g.hero_turn(me)
    assert me.cell == goal


def test_placing_refused_where_the_engine_does_not_run_it():
    compiled, diags = compile_one("When this adversary is slain, place your figure in an empty "
                                  "space in your chamber.", "adversary")
    assert compiled is None and "RF925" in {d.code for d in diags}
    compiled, diags = compile_one("Place your figure in an empty space in your chamber.")
    assert compiled is None and "RF918" in {d.code for d in diags}
