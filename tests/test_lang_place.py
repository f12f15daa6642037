"""Issue 21, families 4 (movement and place) and 9 (game-level effects): every example of
their sections of docs/language.md goes through the whole pipeline; the checks RF420-RF422
are located; the test content's scenarios pass; whole games apply the grants."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.lower import lower
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "data" / "lang-place"
LOCALES = ("en", "fi", "pl", "el", "ru")
FAMILIES = ("## Family 4: Movement and place", "## Family 9: Game-level effects")


def doc_examples() -> list[str]:
    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    out = []
    for head in FAMILIES:
        assert head in text, head
        section = text.split(head, 1)[1].split("\n## ", 1)[0]
        for block in re.findall(r"```text\n(.*?)```", section, re.S):
            out += [line for line in block.splitlines() if line.strip()]
    return out


EXAMPLES = doc_examples()


def test_the_docs_have_examples_of_every_form():
    kinds = {type(node).__name__ for t in EXAMPLES for s in parse_ability(t).sentences
             for node in n.walk(s)}
    assert {"MoveTo", "DoomTokens", "DiscardEvent", "Move", "EntersSpace",
            "TerrainRule", "DiscardUndefeated"} <= kinds
    targets = {getattr(s, "target", None) for t in EXAMPLES for s in parse_ability(t).sentences}
    assert {"each_hero_in_space", "each_hero_within_2"} <= targets
    towns = [parse_ability(t).sentences[0] for t in EXAMPLES if "Tamalir" in t]
    assert towns and towns[0].town == "Tamalir"


@pytest.mark.parametrize("text", EXAMPLES)
def test_doc_example_parses_prints_lowers_and_renders(text):
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert parse_ability(print_ability(ability)) == ability
    ir = lower(ability)
    validate_ability(ir)
    for locale in LOCALES:
        rendered = render_ability(ability, locale)
        assert rendered and "{" not in rendered, (locale, rendered)
    assert render_ability(ability, "en") == text


@pytest.mark.parametrize("text, effects", [
    ("Move your Hero to the nearest town.", [{"op": "move_to", "town": None}]),
    ("Move your Hero to Greyhaven.", [{"op": "move_to", "town": "Greyhaven"}]),
    ("Place 1 doom token on the doom track.",
     [{"op": "doom_tokens", "action": "place", "count": 1}]),
    ("Remove 3 doom tokens from the doom track.",
     [{"op": "doom_tokens", "action": "remove", "count": 3}]),
    ("Discard the event in play.", [{"op": "discard_event"}]),
])
def test_ir_of_each_form(text, effects):
    ir, findings = compile_ability(text, CardContext("encounter"))
    assert findings == []
    assert ir["effects"] == effects


def test_translations_by_hand():
    move = parse_ability("Pay 1 gold to move your Hero to Tamalir.")
    assert render_ability(move, "fi") == \
        "Maksa 1\u00a0kultaraha siirtääksesi sankarisi kaupunkiin Tamalir."
    assert render_ability(move, "ru").endswith("переместить вашего героя в город Тамалир.")
    doom = parse_ability("Place 2 doom tokens on the doom track.")
    assert render_ability(doom, "fi") == "Laita 2\u00a0Kohtalomerkkiä Kohtalon polulle."
    assert render_ability(doom, "pl") == "Połóż 2\u00a0żetony Zagłady na torze Zagłady."
    assert render_ability(parse_ability("Remove 5 doom tokens from the doom track."),
                          "ru") == "Уберите 5\u00a0жетонов рока со шкалы рока."
    assert render_ability(parse_ability("You may discard the event in play."), "fi") == \
        "Voit hylätä pelissä olevan Tapahtuman."


# ---------------------------------------------------------------------------------- checks
def _codes(text, kind="encounter"):
    return [(f.code, text[f.span[0]:f.span[1]], f.hint) for f in
            compile_ability(text, CardContext(kind, "activated" if kind == "item" else None))[1]]


def test_unknown_town_is_rf420_at_the_name_with_did_you_mean():
    assert _codes("Move your Hero to Tamalyr.") == \
        [("RF420", "Tamalyr", "did you mean 'Tamalir'?")]
    (code, where, hint), = _codes("Move your Hero to Atlantis.")
    assert (code, where) == ("RF420", "Atlantis") and "Tamalir" in hint


@pytest.mark.parametrize("text", [
    "Before Combat: Place 1 doom token on the doom track.",
    "Any Phase: Activate to move your Hero to the nearest town.",
    "Melee: Activate to discard the event in play.",
])
def test_game_level_effects_in_a_combat_ability_are_rf421(text):
    assert [c for c, *_ in _codes(text, "item")] == ["RF421"]


def test_zero_doom_tokens_is_rf422():
    assert [c for c, *_ in _codes("Remove 0 doom tokens from the doom track.")] == ["RF422"]


def test_rf420_is_located_in_the_card_file(content_dir, cli):
    content_dir.write("enc.yaml", """\
        kind: encounter
        cards:
          - name: Misread Map
            origin: original
            colour: green
            abilities:
              - "Move your Hero to Forje."
        """)
    res = cli("check", content_dir)
    assert res.exit_code == 1
    assert re.search(r"enc\.yaml:7:\d+: error\[RF420\]: unknown town 'Forje'", res.output), \
        res.output
    assert "did you mean 'Forge'?" in res.output


# ---------------------------------------------------------------------------------- scenarios
def test_the_scenarios_of_the_test_content_pass(cli):
    res = cli("test", "--coverage", CONTENT)
    assert res.exit_code == 0, res.output
    for name in ("Lost Waymarker", "Ferryman's Chart", "Omen of Ruin", "Pilgrim's Staff"):
        assert f"pass The {name}" in res.output
    assert "effect ops the content uses that a passing scenario ran" in res.output
    assert "(100.0 %)" in res.output.split("effect ops")[1].splitlines()[0]


def test_the_engine_refuses_a_game_level_effect_in_a_combat():
    from runeforge.engine.common.errors import IllegalAction
    from runeforge.engine.runebound.core.effects import Context, build_effect
    from runeforge.engine.runebound.core.windows import Moment

    class Engine:
        moment = Moment("none", "melee", 1, 1, 1)
        grants: list = []

    class Owner:
        id = "varikas-the-dead"

    effect = build_effect({"op": "move_to", "town": None})
    with pytest.raises(IllegalAction, match="not in a combat"):
        effect.run(Context(Engine(), Owner(), "lost-waymarker"))


def test_exact_odds_report_a_game_level_effect_ignored():
    from runeforge.engine.runebound.analysis.before_model import step_refusal

    for op in ({"op": "move_to", "town": None}, {"op": "discard_event"},
               {"op": "doom_tokens", "action": "place", "count": 1}):
        ir = {"timing": {"tag": "before_combat", "window": None}, "costs": [],
              "reaction": None, "effects": [op]}
        assert step_refusal(ir, "item") == f"the effect '{op['op']}' (not modelled)"


def test_the_kernel_leaves_a_game_level_effect_to_the_engine():
    from runeforge.engine.runebound.combat.kernel_plan import COMBAT_OPS

    assert not {"move_to", "doom_tokens", "discard_event"} & COMBAT_OPS


def test_an_unknown_terrain_is_rf420_at_the_word_with_did_you_mean():
    (code, where, hint), = _codes("Every time your Hero enters a swampp space, gain 1 gold.",
                                  "item")
    assert (code, where, hint) == ("RF420", "swampp", "did you mean 'swamp'?")


def test_within_out_of_range_is_rf422():
    assert [c for c, *_ in _codes("Each Hero within 10 spaces takes 1 wound.")] == ["RF422"]
    assert [c for c, *_ in _codes("Each Hero within 9 spaces takes 1 wound.")] == []


def test_kernel_and_odds_leave_targets_by_the_board_to_the_engine():
    import copy

    from runeforge.engine.runebound.analysis.before_model import step_refusal
    from runeforge.engine.runebound.combat import kernel as K
    from runeforge.engine.runebound.core.catalog import Catalog
    from tests.engine_bundle import bundle

    b = bundle()
    for card in b["cards"]:
        if card["id"] == "healing-draught":
            ability = copy.deepcopy(card["abilities"][0])
            ability["timing"]["tag"] = "any_phase"
            ability["effects"] = [{"op": "inflict", "amount": {"kind": "fixed", "value": 1},
                                   "target": "each_hero_in_space"}]
            ability["source"] = "Any Phase: Inflict 1 wound on each Hero in your space."
            card["abilities"], card["text"] = [ability], [ability["source"]]
            ir = ability
    kernel = K.compile_kernel(Catalog(b), "orrin-stonehand", "marsh-goblins",
                              items=("healing-draught",))
    assert kernel.fn is None and "by the board" in kernel.fallback
    ir = {**ir, "timing": {"tag": "before_combat", "window": None}, "costs": []}
    assert step_refusal(ir, "item") == "'each_hero_in_space' as a target (not modelled)"


def test_a_movement_rule_names_a_known_skill_and_terrains():
    def codes(text):
        return [(f.code, f.hint) for f in compile_ability(
            text, CardContext("event", skills=frozenset({"Climb", "Swim"})))[1]]

    text = "Heroes with the Climbing skill may move through mountains as if they were plains."
    assert codes(text) == [("RF408", "did you mean 'Climb'?")]
    text = "Heroes with the Climb skill may move through mountins as if they were plains."
    assert codes(text) == [("RF420", "did you mean 'mountains'?")]
    text = "Heroes with the Climb skill may move through mountains as if they were plains."
    assert codes(text) == []
    assert codes("Melee: " + text)[0][0] == "RF421"


@pytest.mark.parametrize("text, message", [
    ("Move your Hero to.", "expected 'a', 'adjacent', 'any', 'the' or a town after 'to'"),
    ("Every time your Hero enters a space, gain 1 gold.", "expected 'town' or a terrain after 'a'"),
    ("Place doom token on the doom track.",
     "expected a number, 'X', 'up to', 'all', 'a', 'it', 'one' or 'this' after 'Place'"),
    ("Discard 1 challenge from the undefeated.", "expected 'track' after 'undefeated'"),
])
def test_a_broken_form_is_a_located_error_in_words(text, message):
    from runeforge.dsl.errors import AbilitySyntaxError

    with pytest.raises(AbilitySyntaxError) as caught:
        parse_ability(text)
    assert message in caught.value.message and caught.value.code in ("RF301", "RF302")
    assert 0 <= caught.value.start < len(text)


@pytest.mark.parametrize("text", [
    "Every time your Hero enters a swampp space, gain 1 gold.",
    "Heroes with the Climb skill may move through mountins as if they were plainz.",
    "Move your Hero to Atlantis.",
    "Each Hero within 12 spaces takes 1 wound.",
])
def test_text_with_an_error_of_the_checks_still_renders_in_every_locale(text):
    """`runeforge text` and the fuzz targets render what parses, errors of the checks or not
    (an unknown terrain or town is written as the card writes it)."""
    ability = parse_ability(text)
    for locale in LOCALES:
        assert render_ability(ability, locale)
    assert render_ability(ability, "en") == text
