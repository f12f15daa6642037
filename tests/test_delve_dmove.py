"""Branch dmove (issue 32): moves through other figures, played in the engine.

Figures block every move (A4); a move's rider ("Move up to 2 spaces through adversaries.")
or a figure's own rule ("You may move through other figures.", "This adversary moves
through adversaries.") lets it pass them, never ending on one. Each test boxes a figure into
a corner of the entry hall with other figures, so that without the words it cannot move at
all (the same test without them is the control)."""

from __future__ import annotations

import dataclasses

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.backends.bundle import build_bundle
from runeforge.engine.delve.game import passage_dmove
from runeforge.engine.delve.game.adversaries import adversary_phase
from runeforge.engine.delve.game.state import Records
from runeforge.engine.delve.ir import validate_ability
from runeforge.engine.delve.rules.attacks import Figure
from runeforge.engine.delve.rules.costs import HeroTurn
from runeforge.pipeline import check
from tests.test_delve_abilities import SEFA
from tests.test_delve_docs import check_variant_line, variant_lines
from tests.test_delve_forms import CASTER, play

CORNER, BOX = (0, 0), [(1, 0), (0, 1), (1, 1)]
HOLD = "rust-golem"     # behaviour "hold": it stays where it is put


@pytest.fixture(scope="module")
def base():
    result = check(())
    return Records.from_bundle(build_bundle(result.content, result.compiled))


def _boxed(g, me, walls=BOX, by=HOLD):
    """``me`` into the corner, the three cells next to it held by figures of ``by``."""
    me.cell = CORNER
    g.state.figure(SEFA).cell = (3, 3)
    for i, cell in enumerate(walls):
        fid = f"{by}-box{i}"
        g.state.figures.append(Figure(fid, "adversary", cell, g.records.adversaries[by]["vigour"]))
        g.state.kinds[fid] = by
    return g


def _ir(text, kind="hero"):
    ir, diags = compile_one(text, kind)
    assert ir is not None, [str(d) for d in diags]
    validate_ability(ir)
    return ir


@pytest.mark.parametrize("text", [
    "Vault (2+): Move up to 2 spaces through adversaries.",
    "Vault (2+): Move up to 2 spaces, even through spaces occupied by adversaries.",
    "Vault (2+): Move up to 2 spaces, passing over obstacles and other figures.",
    "Vault (2+): move up to two spaces, moving past other figures",
])
def test_a_moves_rider_passes_the_figures_it_names_and_ends_in_an_empty_space(base, text):
    g, me = play(base, [text], [2, 1, 1, 1],
                 [{"action": "ability", "ability": "Vault", "to": [2, 2]}, None])
    _boxed(g, me)
    g.hero_turn(me)
    assert me.cell == (2, 2)
    assert [r for r in g.log.records if r["type"] == "ability"]


def test_without_the_rider_the_boxed_hero_cannot_move(base):
    g, me = play(base, ["Vault (2+): Move up to 2 spaces."], [2, 1, 1, 1], [None])
    _boxed(g, me)
    opts = g.options(me, HeroTurn(CASTER, [2, 1, 1, 1]))
    assert not [o for o in opts if o.get("ability") == "Vault" or o["action"] == "move"]


def test_a_rider_naming_heroes_does_not_pass_adversaries(base):
    g, me = play(base, ["Vault (2+): Move up to 2 spaces through heroes."], [2, 1, 1, 1],
                 [None])
    _boxed(g, me)
    assert passage_dmove.reach(g, me, 2, "heroes") == {CORNER: 0}
    assert (2, 2) in passage_dmove.reach(g, me, 2, "adversaries")


def test_the_heros_rule_opens_its_move_action_too(base):
    g, me = play(base, ["You may move through other figures."], [2, 1, 1, 1],
                 [{"action": "move", "to": [2, 2]}, None])
    _boxed(g, me)
    assert any(o["action"] == "move" and o["to"] == [2, 2]
               for o in g.options(me, HeroTurn(CASTER, [2])))   # pinned: (2+)
    g.hero_turn(me)
    assert me.cell == (2, 2)
    # never onto a figure
    assert all(tuple(o["to"]) not in BOX for o in g.options(me, HeroTurn(CASTER, [2]))
               if o["action"] == "move")


def test_an_adversarys_rule_lets_it_advance_past_the_adversaries_around_it(base):
    rat = "gloom-rat"      # advances; Move 5
    rule = _ir("This adversary moves through adversaries.", "adversary")
    adv = {**base.adversaries[rat],
           "abilities": [*base.adversaries[rat].get("abilities", []), rule]}
    records = dataclasses.replace(base, adversaries={**base.adversaries, rat: adv})
    for with_rule, recs in ((False, base), (True, records)):
        g, me = play(recs, [], [1] * 20, [None])
        _boxed(g, me)                      # the golems around the corner
        me.cell = (3, 2)                   # the heroes far from it
        _spawn(g, rat, CORNER)
        adversary_phase(g)
        moved = g.state.figure(f"{rat}-x").cell
        assert (moved != CORNER) == with_rule, moved
        assert moved not in BOX and moved not in ((3, 2), (3, 3))


def _spawn(g, kind, cell):
    fid = f"{kind}-x"
    g.state.figures.append(Figure(fid, "adversary", cell, g.records.adversaries[kind]["vigour"]))
    g.state.kinds[fid] = kind


@pytest.mark.parametrize("text", ["This adversary does not move.", "Does not move.",
                                  "It never moves.", "This adversary cannot move."])
def test_an_adversary_that_does_not_move_holds_its_place_in_the_adversary_phase(base, text):
    rat = "gloom-rat"      # advances; Move 5
    adv = {**base.adversaries[rat],
           "abilities": [*base.adversaries[rat].get("abilities", []), _ir(text, "adversary")]}
    records = dataclasses.replace(base, adversaries={**base.adversaries, rat: adv})
    for rooted, recs in ((False, base), (True, records)):
        g, me = play(recs, [], [1] * 20, [None])
        me.cell, g.state.figure(SEFA).cell = (3, 3), (3, 2)
        _spawn(g, rat, CORNER)
        adversary_phase(g)
        assert (g.state.figure(f"{rat}-x").cell == CORNER) == rooted


def test_a_hero_still_pushes_an_adversary_that_does_not_move(base):
    rat = "gloom-rat"
    adv = {**base.adversaries[rat], "abilities": [_ir("Does not move.", "adversary")]}
    records = dataclasses.replace(base, adversaries={**base.adversaries, rat: adv})
    g, me = play(records, ["Shove (2+): Push an adversary adjacent to you 1 space."],
                 [2, 1, 1, 1], [{"action": "ability", "ability": "Shove"}, None])
    me.cell = (1, 1)
    g.state.figure(SEFA).cell = (3, 3)
    _spawn(g, rat, (1, 2))
    g.hero_turn(me)
    assert g.state.figure(f"{rat}-x").cell != (1, 2)


@pytest.mark.parametrize("text", [
    "Heroes that start their move adjacent to this adversary must spend a 4+ die to move.",
    "A hero who starts a Move action next to this adversary must spend a 4+ die to move.",
])
def test_where_a_hero_starts_its_move_sets_the_cost_of_that_move(base, text):
    rat = "gloom-rat"
    adv = {**base.adversaries[rat], "abilities": [_ir(text, "adversary")]}
    records = dataclasses.replace(base, adversaries={**base.adversaries, rat: adv})
    g, me = play(records, [], [1] * 4, [None])
    me.cell, g.state.figure(SEFA).cell = (1, 1), (3, 3)
    _spawn(g, rat, (0, 0))
    moves = lambda faces: [o for o in g.options(me, HeroTurn(CASTER, faces))  # noqa: E731
                           if o["action"] == "move"]
    assert not moves([3, 3]) and moves([4])
    me.cell = (3, 1)                      # not next to it: the Move costs as ever
    assert moves([1])


def test_nothing_else_happens_as_a_move_starts():
    ir, diags = compile_one("A hero who starts a move next to this adversary suffers 1 wound.",
                            "adversary")
    assert ir is None and [d.code for d in diags] == ["RF942"] and diags[0].hint


@pytest.mark.parametrize("kind, said, after", variant_lines("dmove-variants"))
def test_each_dmove_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    found = check_variant_line(kind, said, after)
    assert found is None or all(d.hint for d in found)


def _with_rule(base, kind, text):
    adv = {**base.adversaries[kind], "abilities": [_ir(text, "adversary")]}
    return dataclasses.replace(base, adversaries={**base.adversaries, kind: adv})


@pytest.mark.parametrize("text", [
    "Any hero that ends a Move action next to this adversary takes 1 wound.",
    "When a hero ends its move adjacent to this adversary, that hero suffers 1 wound.",
])
def test_a_hero_that_ends_its_move_next_to_the_adversary_is_wounded(base, text):
    sentry = "bone-sentry"
    for rule, recs in ((False, base), (True, _with_rule(base, sentry, text))):
        # it starts next to the sentry and ends next to it: "moves adjacent" would not fire
        g, me = play(recs, [], [2, 1, 1, 1], [{"action": "move", "to": [2, 1]}, None])
        me.cell, g.state.figure(SEFA).cell = (0, 1), (3, 3)
        _spawn(g, sentry, (1, 0))
        g.hero_turn(me)
        assert me.cell == (2, 1) and me.wounds == (1 if rule else 0)


def test_a_move_that_ends_away_from_it_wounds_no_one(base):
    sentry = "bone-sentry"
    recs = _with_rule(base, sentry, "Any hero that ends a Move action next to this adversary "
                                    "takes 1 wound.")
    g, me = play(recs, [], [2, 1, 1, 1], [{"action": "move", "to": [3, 2]}, None])
    me.cell, g.state.figure(SEFA).cell = (0, 1), (3, 3)
    _spawn(g, sentry, (1, 0))
    g.hero_turn(me)
    assert me.cell == (3, 2) and me.wounds == 0


def test_an_adversary_that_never_moves_adjacent_to_a_hero_stops_short(base):
    rat = "gloom-rat"      # advances; Move 5
    for rule, recs in ((False, base),
                       (True, _with_rule(base, rat, "It never moves adjacent to a hero."))):
        g, me = play(recs, [], [1] * 20, [None])
        me.cell, g.state.figure(SEFA).cell = (3, 3), (3, 2)
        _spawn(g, rat, CORNER)
        adversary_phase(g)
        cell = g.state.figure(f"{rat}-x").cell
        near = any(g.state.board.adjacent(cell, h) for h in ((3, 3), (3, 2)))
        assert cell != CORNER and near == (not rule), cell


@pytest.mark.parametrize("text, kind, code", [
    ("This adversary moves through walls.", "adversary", "RF943"),
    ("Phase (3+): Move up to 3 spaces through other figures and walls.", "hero", "RF943"),
    ("You never move adjacent to an adversary.", "hero", "RF944"),
    ("Heroes never move adjacent to this adversary.", "adversary", "RF944"),
])
def test_a_move_the_engine_cannot_make_is_refused_at_its_words(text, kind, code):
    ir, diags = compile_one(text, kind)
    assert ir is None and code in [d.code for d in diags], (text, diags)


def test_obstacles_named_beside_figures_are_a_warning_and_the_move_still_runs():
    ir, diags = compile_one("This adversary may move through obstacles and other figures.",
                            "adversary")
    assert ir is not None and [d.code for d in diags] == ["RF940"], diags
