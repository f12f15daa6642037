"""Delve adversaries (issue 32, part III, branch dadv2): spawning, sight, targeting and
prohibitions, and an activation rule under a condition that fails."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from tests.test_delve_abilities import events
from tests.test_delve_delveg import FAR, _with_warden
from tests.test_delve_forms import base  # noqa: F401  (base: a fixture)


def _phase(g, roll: int) -> None:
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.adversaries import adversary_phase
    g.dice = ScriptedDice([roll] * 6)
    adversary_phase(g)


CONDITIONAL = [
    ("In the adversary phase, if this adversary is wounded, it attacks the nearest hero.",
     ["attack"]),
    ("When activated, if this adversary has 1 or more wounds, this adversary moves towards "
     "the nearest hero, then attacks it.", ["move", "attack"]),
]


@pytest.mark.parametrize("rule, parts", CONDITIONAL)
@pytest.mark.parametrize("wounded", [False, True])
def test_a_conditional_turn_falls_back_to_its_behaviour_when_the_condition_fails(
        base, rule, parts, wounded):  # noqa: F811
    """The card reader's reading: "if …, it attacks …" is what it does when the condition
    holds; when it fails, the adversary moves and attacks by its behaviour, once each."""
    ir = compile_one(rule, "adversary")[0]
    assert ir["replaces"] == parts
    g, _ = _with_warden(base, rule, FAR)
    (foe,) = g.state.adversaries()
    foe.wounds = 1 if wounded else 0
    _phase(g, 6)
    (fired,) = [r for r in events(g, "trigger") if r["event"] == "activated"]
    (cond,) = [e for e in fired["effects"] if e["op"] == "if"]
    assert cond["met"] is wounded
    attacks = events(g, "adversary_attack")
    assert len(attacks) == 1                  # one attack either way, never none, never two
    assert bool(events(g, "adversary_move")) is (not wounded or "move" not in parts)


# ---- adversaries of its own kind placed by its rule (IR spawn), once a game (limit game)

SPAWN = [
    ("When this adversary is slain, place two adversaries with Vigour 1 in empty spaces next "
     "to where it fell.", {"op": "spawn", "count": 2, "where": "adjacent", "vigour": 1}),
    ("The first time this adversary suffers a wound, place another adversary of the same type "
     "in an empty space adjacent to it.", {"op": "spawn", "count": 1, "where": "adjacent"}),
    ("The first time this adversary is wounded, place a copy of it with Vigour 1 in an "
     "adjacent empty space.", {"op": "spawn", "count": 1, "where": "adjacent", "vigour": 1}),
    ("When slain, place a new adversary of the same kind in the centre of the chamber, with "
     "Vigour 1.", {"op": "spawn", "count": 1, "where": "centre", "vigour": 1}),
    ("Whenever this adversary suffers a wound, place 2 copies of it adjacent to it. Only once "
     "per game.", {"op": "spawn", "count": 2, "where": "adjacent"}),
]


@pytest.mark.parametrize("text, effect", SPAWN)
def test_spawning_compiles_to_one_effect_and_prints_back(text, effect):
    from runeforge.games.delve.abilities import canonical_text
    ir = compile_one(text, "adversary")[0]
    assert ir is not None and ir["effects"] == [effect]
    assert (ir.get("limit") == "game") is ("first time" in text.lower() or "per game" in text)
    canonical = canonical_text(text)
    assert canonical_text(canonical) == canonical and compile_one(canonical, "adversary")[0] == ir


def _spawned(g, kind="test-warden"):
    return [f for f in g.state.adversaries() if g.state.kinds[f.id] == kind]


def test_a_slain_adversary_places_two_of_its_kind_next_to_where_it_fell(base):  # noqa: F811
    from runeforge.engine.delve.game.ops import drop_adversary
    g, _ = _with_warden(base, SPAWN[0][0], FAR)
    (foe,) = g.state.adversaries()
    drop_adversary(g, foe)
    new = _spawned(g)
    assert len(new) == 2 and foe not in g.state.figures
    assert all(f.vigour == 1 and f.wounds == 0 for f in new)
    assert all(g.state.board.adjacent(foe.cell, f.cell) for f in new)
    assert len({f.cell for f in new} | {h.cell for h in g.state.heroes_up()}) == \
        2 + len(g.state.heroes_up())                    # empty spaces: no figure shares one


@pytest.mark.parametrize("text, once", [(SPAWN[1][0], True), (SPAWN[4][0], True),
                                        ("Whenever this adversary suffers a wound, place a "
                                         "copy of it adjacent to it.", False)])
def test_the_first_time_fires_once_a_game(base, text, once):  # noqa: F811
    from runeforge.engine.delve.game.ops import hurt
    g, _ = _with_warden(base, text, FAR)
    (foe,) = g.state.adversaries()
    count = 2 if "2 copies" in text else 1
    hurt(g, foe, 1)
    g.state.round += 1                                  # a later round: still once a game
    hurt(g, foe, 1)
    record = base.adversaries["tunnel-brute"]
    new = [f for f in _spawned(g) if f is not foe]
    assert len(new) == (count if once else 2 * count)
    assert all(f.vigour == record["vigour"] for f in new)   # its record's Vigour


def test_a_slain_adversary_places_one_in_the_centre_of_its_chamber(base):  # noqa: F811
    from runeforge.engine.delve.board.placement import centre_cells
    from runeforge.engine.delve.game.ops import drop_adversary
    g, _ = _with_warden(base, SPAWN[3][0], FAR)
    (foe,) = g.state.adversaries()
    room = g.state.board.chambers[g.state.board.owner[foe.cell]]
    expect = centre_cells(g.state.board, room, 1, g.occupied(foe))
    drop_adversary(g, foe)
    (new,) = _spawned(g)
    assert [new.cell] == expect and new.vigour == 1


@pytest.mark.parametrize("text, owner, code", [
    ("When you slay an adversary, place an adversary adjacent to it.", "hero", "RF925"),
    ("When slain, place 0 adversaries adjacent to it.", "adversary", "RF938"),
    ("When slain, place an adversary with Vigour 0 adjacent to it.", "adversary", "RF938"),
    ("When slain, each hero suffers 1 wound, with Vigour 1.", "adversary", "RF938"),
    ("Mend (3+): Heal 1 wound. Only once per game.", "hero", "RF938"),
    ("The first time you slay an adversary, gain 1 renown. Only once per turn.", "hero",
     "RF974"),
])
def test_spawning_and_once_a_game_refused_where_they_mean_nothing(text, owner, code):
    ir, diags = compile_one(text, owner)
    mine = [d for d in diags if d.code == code]
    assert ir is None and mine and all(d.hint for d in mine), [str(d) for d in diags]


def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("dadv2-variants")


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    refused = check_variant_line(kind, said, after)
    if refused is not None:
        assert all(d.hint for d in refused)


@pytest.mark.parametrize("text", [t for t, _ in SPAWN])
def test_every_locale_renders_spawning_and_once_a_game(text):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.dsl.delve.printer import print_ability
    from runeforge.games.delve.text_forms import render_ability
    ability = parse_ability(text)
    assert render_ability(ability, "en") == print_ability(ability)
    texts = {loc: render_ability(ability, loc) for loc in ("fi", "pl", "el", "ru")}
    assert all(t and "{" not in t and "adversary" not in t and "game" not in t
               for t in texts.values()), texts


# ---- prohibitions said with the adversary's presence (prohibit_dadv2.py): the existing rules

PRESENCE = [
    ("Heroes cannot Explore while this adversary is in their chamber.",
     "Heroes in this adversary's chamber cannot explore."),
    ("While this adversary is in a chamber, heroes in that chamber cannot Recuperate.",
     "Heroes in this adversary's chamber cannot recuperate."),
    ("Until this adversary is slain, no hero may Explore.", "No hero may explore."),
    ("Heroes cannot recuperate while this adversary is adjacent to them.",
     "Heroes adjacent to this adversary cannot recuperate."),
    ("Heroes must spend a 3+ die to move while this adversary is next to them.",
     "Heroes adjacent to this adversary must spend a 3+ die to move."),
    ("Until this adversary is slain, heroes in its chamber must spend a 4+ die to explore.",
     "Heroes in this adversary's chamber must spend a 4+ die to explore."),
]


@pytest.mark.parametrize("text, same", PRESENCE)
def test_a_prohibition_said_with_its_presence_is_the_rule_on_the_heroes_near_it(text, same):
    ir = compile_one(text, "adversary")[0]
    assert ir is not None and ir == compile_one(same, "adversary")[0]


@pytest.mark.parametrize("cell, held", [((1, 2), True), (FAR, False)])
def test_the_narrowed_prohibition_holds_only_next_to_it_in_the_engine(base, cell, held):  # noqa: F811
    from tests.test_delve_delveg import _kinds
    g, me = _with_warden(base, PRESENCE[3][0], cell)
    assert ("recuperate" in _kinds(g, me)) != held


@pytest.mark.parametrize("text, owner, code", [
    ("Until this adversary is slain, add 1 to your attack rolls.", "hero", "RF939"),
    ("When this adversary is slain, until this adversary is slain, heroes cannot explore.",
     "adversary", "RF939"),
    ("Each hero suffers 1 wound while this adversary is in their chamber.", "adversary",
     "RF939"),
    ("Until this adversary is slain, no hero may explore.", "hero", "RF925"),
])
def test_its_presence_before_anything_but_its_rule_on_heroes_is_refused(text, owner, code):
    ir, diags = compile_one(text, owner)
    mine = [d for d in diags if d.code == code]
    assert ir is None and mine and all(d.hint for d in mine), [str(d) for d in diags]
