"""Delve constructions of issue 32 (branch delve12), run in the engine or refused: adversaries
held back from attacking for a while ("Until the end of the round, each adversary adjacent to
you cannot attack."), "even if you are pinned" after its move, "gain +N Move", and agreement
with a subject said with "all". The corpus (tests/data/corpus/delve-forms.yaml, its delve12
block) holds their variants and the texts that must fail; docs/delve.md's ``delve12-variants``
block is checked here."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.game.adversaries import adversary_phase
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import events, game
from tests.test_delve_forms import CASTER, base, hero_with, play  # noqa: F401  (base: a fixture)

DAZE = "Daze (3+): Until the end of the adversary phase, each adversary adjacent to you cannot " \
       "attack."
REST = "Brag (3+): Gain 1 renown."


# ---------------------------------------------------------------- adversaries held back
@pytest.mark.parametrize("text, wounds", [(DAZE, 0), (REST, 1)])
def test_an_adversary_held_back_makes_no_attack_in_the_adversary_phase(base, text, wounds):  # noqa: F811
    """The rat next to the hero bites (a 6) unless the hero's ability held it back; once the
    duration ends (the engine's end of the phase) it bites again."""
    from runeforge.engine.delve.rules import effects as fx

    name = text.split(" (")[0]
    g, me = play(base, [text], [3, 1, 1, 1, 6, 6], [{"action": "ability", "ability": name}, None],
                 foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    g.hero_turn(me)
    held = [e for e in g.state.lasting if e["op"] == "disarm"]
    assert [e["figure"] for e in held] == (["gloom-rat-1"] if text == DAZE else [])
    adversary_phase(g)
    assert me.wounds == wounds
    g.state.lasting = fx.expire(g.state.lasting, None, "end_of_phase")
    adversary_phase(g)
    assert me.wounds == wounds + 1


def test_an_adversary_held_back_makes_no_attack_by_its_own_ability(base):  # noqa: F811
    """Its rule "When this adversary is activated, it makes a combat attack …" does nothing
    while it is held back."""
    from runeforge.engine.delve.game import foes

    g, me = play(base, [DAZE], [3, 1, 1, 1, 6, 6], [{"action": "ability", "ability": "Daze"},
                                                    None], foes=[("gloom-rat", (1, 2))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    rat = g.state.figure("gloom-rat-1")
    out = foes.strike(g, rat, {"op": "strike", "range": "combat"}, {}, lambda *a, **k: None)
    assert out.get("held") is True and out["results"] == [] and me.wounds == 0


@pytest.mark.parametrize("text", [
    DAZE,
    "Stagger (4+): Choose a visible adversary. Until the end of the adversary phase, it cannot "
    "attack.",
    "When this adversary is slain, until the end of the round, each adversary adjacent to it "
    "cannot attack.",
])
def test_it_prints_one_wording_and_every_locale_renders_it(text):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.dsl.delve.printer import print_ability
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert render_ability(ability, "en") == text
    texts = {loc: render_ability(ability, loc) for loc in ("fi", "pl", "el", "ru")}
    assert all(t and "cannot attack" not in t for t in texts.values()), texts


@pytest.mark.parametrize("text, owner, code", [
    ("Daze (3+): Each adversary adjacent to you cannot attack.", "hero", "RF915"),
    ("Cower (2+): Until the end of the round, each hero adjacent to you cannot attack.", "hero",
     "RF970"),
    ("Cower (2+): You cannot attack until the end of your turn.", "hero", "RF970"),
    ("Each adversary adjacent to this adversary cannot attack.", "adversary", "RF971"),
    ("This adversary cannot attack.", "adversary", "RF971"),
])
def test_what_the_engine_cannot_run_is_refused_located(text, owner, code):
    compiled, diags = compile_one(text, owner)
    mine = [d for d in diags if d.code == code]
    assert compiled is None and mine, [str(d) for d in diags]
    assert all(d.hint and d.col > 1 or d.code == "RF971" for d in mine)
    assert all(d.hint for d in mine)


def test_the_odds_model_names_it_as_ignored():
    from runeforge.engine.delve.analysis.odds import ignored
    left = ignored({"abilities": [compile_one(DAZE)[0]]})
    assert [x["ops"] for x in left] == [["until"]] and left[0]["why"]


def test_the_ir_is_valid_and_carries_the_selector():
    from runeforge.engine.delve.ir import validate_ability
    compiled = compile_one(DAZE)[0]
    validate_ability(compiled)
    (until,) = compiled["effects"]
    assert until["duration"] == "end_of_phase"
    assert until["effects"] == [{"op": "disarm", "targets": {
        "quantity": "each", "side": "adversary", "filters": [{"kind": "adjacent"}]}}]


# ---------------------------------------------------------------- a bonus to Move, pinning
def test_gain_plus_move_runs_as_the_bonus_it_means(base):  # noqa: F811
    said = "Stride (2+): Gain +2 Move until the end of your turn."
    canonical = "Stride (2+): Until the end of your turn, add 2 to your Move."
    assert compile_one(said)[0] == compile_one(canonical)[0]
    g, me = play(base, [said], [2, 1, 1, 1], [{"action": "ability", "ability": "Stride"}, None],
                 heroes=(CASTER,))
    g.hero_turn(me)
    (used,) = events(g, "ability")
    (until,) = used["effects"]
    assert [(e["op"], e["stat"], e["amount"]) for e in until["lasting"]] == [("boost", "move", 2)]


# ---------------------------------------------------------------- agreement with "all"
def test_all_takes_the_plural_and_the_same_ir_as_each(base):  # noqa: F811
    said = "Quake (5+): All adversaries adjacent to you suffer 1 wound."
    each = "Quake (5+): Each adversary adjacent to you suffers 1 wound."
    assert compile_one(said)[0] == compile_one(each)[0] is not None
    g = game(hero_with(base, said), [CASTER], [5, 1, 1, 1], [
        {"action": "ability", "ability": "Quake"}, None], foes=[("tunnel-brute", (1, 2))])
    g.hero_turn(g.state.figure(CASTER))
    assert g.state.figure("tunnel-brute-1").wounds == 1


def test_all_with_the_singular_verb_is_rf924_with_the_mended_sentence():
    _, diags = compile_one("Quake (5+): All adversaries adjacent to you suffers 1 wound.")
    (bad,) = [d for d in diags if d.code == "RF924"]
    assert "suffer 1 wound" in bad.hint and "suffers" not in bad.hint


# ---------------------------------------------------------------- docs/delve.md's block
def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("delve12-variants")


def test_the_doc_block_has_variants_and_refusals():
    lines = _doc_lines()
    assert sum(a.startswith("RF") for *_, a in lines) >= 4
    assert sum(not a.startswith("RF") for *_, a in lines) >= 6


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    check_variant_line(kind, said, after)


# ---------------------------------------------------------------- the breadth measure
def test_the_construction_space_is_seeded_and_reports_its_slots():
    from benchmarks.construction_space_delve import measure
    a, b = measure(60, 3), measure(60, 3)
    assert (a["parsed"], a["compiled"]) == (b["parsed"], b["compiled"])
    assert 0 < a["compiled"] <= a["parsed"] <= 60
    assert {name for name, _ in a["total"]} == {"header", "opener", "subject", "verb",
                                                "target", "modifier"}


# ---------------------------------------------------------------- an amount per figure
TALLY = "Tally (2+): Gain 1 renown for each adversary adjacent to you."


@pytest.mark.parametrize("foes, gained", [
    ([("gloom-rat", (1, 2)), ("gloom-rat", (2, 1))], 2),   # two next to the hero
    ([("gloom-rat", (1, 2)), ("gloom-rat", (3, 3))], 1),   # one next to it, one away
    ([("gloom-rat", (3, 3))], 0),                          # none: nothing happens
])
def test_an_amount_is_counted_per_figure_when_it_happens(base, foes, gained):  # noqa: F811
    g, me = play(base, [TALLY], [2, 1, 1, 1], [{"action": "ability", "ability": "Tally"}, None],
                 foes=foes, heroes=(CASTER,))
    before = me.renown
    g.hero_turn(me)
    assert me.renown - before == gained
    (used,) = events(g, "ability")
    assert used["effects"][0]["for_each"] == gained


def test_wounds_dealt_per_figure_to_each_target(base):  # noqa: F811
    """Each adversary adjacent to the hero suffers 1 wound for each other hero in this chamber:
    the count (one other hero) is taken once, every target takes it."""
    text = ("Rally Strike (4+): Each adversary adjacent to you suffers 1 wound for each other "
            "hero in this chamber.")
    g, me = play(base, [text], [4, 1, 1, 1], [{"action": "ability", "ability": "Rally Strike"},
                                              None], foes=[("tunnel-brute", (1, 2))])
    others = [f for f in g.state.figures if f.side == "hero" and f is not me]
    g.hero_turn(me)
    assert g.state.figure("tunnel-brute-1").wounds == len(others) == 1


@pytest.mark.parametrize("text", [
    TALLY,
    "Mend (3+): Heal 1 wound on another hero adjacent to you for each adversary adjacent to "
    "you.",
    "When this adversary is slain, each hero adjacent to it suffers 1 wound for each other "
    "adversary in this chamber.",
])
def test_a_count_prints_one_wording_and_every_locale_renders_it(text):
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.dsl.delve.printer import print_ability
    ability = parse_ability(text)
    assert print_ability(ability) == text and render_ability(ability, "en") == text
    texts = {loc: render_ability(ability, loc) for loc in ("fi", "pl", "el", "ru")}
    assert all(t and " for each " not in t for t in texts.values()), texts


@pytest.mark.parametrize("text, code", [
    ("Dash (3+): Move 1 space for each adversary adjacent to you.", "RF972"),
    ("Mend (3+): Heal 1 wound for a visible adversary.", "RF973"),
    ("Quake (4+): Each adversary in this chamber suffers 1 wound for each hero adjacent to it.",
     "RF973"),
])
def test_a_count_the_engine_cannot_run_is_refused_located(text, code):
    compiled, diags = compile_one(text)
    mine = [d for d in diags if d.code == code]
    assert compiled is None and mine and all(d.hint for d in mine), [str(d) for d in diags]
    assert all(text[d.col - 1:].startswith("for") or text[d.col - 1:].startswith(("a ", "each"))
               for d in mine)


def test_the_ir_of_a_count_is_valid():
    from runeforge.engine.delve.ir import validate_ability
    compiled = compile_one(TALLY)[0]
    validate_ability(compiled)
    assert compiled["effects"] == [{"op": "renown", "amount": 1, "for_each": {
        "quantity": "each", "side": "adversary", "filters": [{"kind": "adjacent"}]}}]


# ---------------------------------------------------------------- "the first time …"
def test_the_first_time_each_turn_fires_once_in_the_turn(base):  # noqa: F811
    """Two slays in one turn: the rule said with "the first time … each turn" gains 1 renown,
    as its canonical form does (the limit), where "every time" alone gains 2."""
    said = "The first time you slay an adversary each turn, gain 1 renown."
    assert compile_one(said)[0] == compile_one(
        "Every time you slay an adversary, gain 1 renown. Only once per turn.")[0]
    from runeforge.engine.delve.game import events as ev
    from runeforge.engine.delve.game.ops import apply
    from runeforge.engine.delve.rules.costs import HeroTurn
    g, me = play(base, [said], [], [], foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    g.state.turns[me.id] = HeroTurn(me.id, [])          # the hero's turn: the limit's span
    for text, gained in ((said, 1), ("Every time you slay an adversary, gain 1 renown.", 2)):
        before = me.renown
        for _ in range(2):
            ev.run(g, me, "slay", [(f"{text[:5]}:0", compile_one(text)[0])], {}, apply)
        assert me.renown - before == gained


@pytest.mark.parametrize("text, owner, code", [
    ("The first time this adversary suffers a wound, it heals 1 wound. Only once per round.",
     "adversary", "RF974"),   # once a game (no period) and once a round (branch dadv2)
    ("When this adversary is slain, the hero who slew it loses 1 renown.", "adversary",
     "RF975"),
    ("Gamble (2+): Lose 1 renown and heal 2 wounds.", "hero", "RF975"),
])
def test_first_time_and_lost_renown_refused_located(text, owner, code):
    compiled, diags = compile_one(text, owner)
    mine = [d for d in diags if d.code == code]
    assert compiled is None and mine and all(d.hint for d in mine), [str(d) for d in diags]
    if code == "RF975":
        assert all(text[d.col - 1:].lower().startswith(("lose", "loses")) for d in mine)
