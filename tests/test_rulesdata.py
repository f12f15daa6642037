"""Rulesets as data (cards/rules/base.yaml, advanced.yaml): schema, values from docs/rules-map.md,
and agreement with the combat engine's Ruleset (engine/runebound/core/ruleset.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from runeforge.engine.runebound.core.rulesdata import (
    PlayerTable,
    RulesData,
    RulesDataError,
    bundled_document,
    load_ruleset,
)
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE, Ruleset

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "compiler" / "schemas" / "ruleset.schema.json").read_text())


@pytest.fixture(scope="module")
def base():
    return load_ruleset("base")


@pytest.fixture(scope="module")
def adv():
    return load_ruleset("advanced")


@pytest.mark.parametrize("name", ["base", "advanced"])
def test_bundled_rulesets_pass_schema(name):
    doc = bundled_document(name)
    jsonschema.validate(doc, SCHEMA)
    assert doc["kind"] == "ruleset" and doc["id"] == name


def test_schema_rejects_unknown_field_and_bad_value():
    doc = bundled_document("base")
    doc["movement"]["extra"] = 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, SCHEMA)
    doc = bundled_document("base")
    doc["market"]["sell"]["rounding"] = "nearest"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(doc, SCHEMA)


# Every row of the rules-notes table, as (value in base, value in advanced).
def _differences(r):
    return {
        "dice": r.movement.dice,
        "reduce markers": r.movement.reduce_markers,
        "reduce outside town only": r.movement.reduce_only_outside_town,
        "first turn 4p": tuple(r.movement.first_turn_count(4, s) for s in range(1, 5)),
        "free step when resting": r.movement.free_step_when_resting,
        "travel hazards": r.travel_hazards,
        "event discard": r.adventure.event_discard,
        "defeated challenge": r.adventure.defeated_challenge,
        "encounter": r.adventure.encounter_after_play,
        "experience purchase": r.experience.purchase,
        "experience cost 4p": r.experience.cost(4),
        "sell 3-gold item": r.market.sell_price(3),
        "sell 1-gold item": r.market.sell_price(1),
        "defeat at wounds == life": r.combat.is_defeated(4, 4),
        "knock-out loses counters": "adventure-counters" in r.knock_out.loses,
        "new hero after knock-out": r.knock_out.may_change_hero,
        "hero vs hero spoils": r.hero_vs_hero.spoils,
        "doom track": r.doom_track.mode,
    }


def test_rules_notes_differences(base, adv):
    assert _differences(base) == {
        "dice": 5,
        "reduce markers": frozenset({"wound", "exhaustion"}),
        "reduce outside town only": False,
        "first turn 4p": (5, 5, 5, 5),
        "free step when resting": False,
        "travel hazards": False,
        "event discard": "deck-bottom",
        "defeated challenge": "deck-bottom",
        "encounter": "removed",
        "experience purchase": "single",
        "experience cost 4p": 4,
        "sell 3-gold item": 1,
        "sell 1-gold item": None,
        "defeat at wounds == life": True,
        "knock-out loses counters": False,
        "new hero after knock-out": False,
        "hero vs hero spoils": ("item", "ally", "gold", "adventure-card"),
        "doom track": "variant",
    }
    assert _differences(adv) == {
        "dice": 5,
        "reduce markers": frozenset({"exhaustion"}),
        "reduce outside town only": True,
        "first turn 4p": (2, 3, 4, 5),
        "free step when resting": False,
        "travel hazards": True,
        "event discard": "doom-track",
        "defeated challenge": "doom-track",
        "encounter": "doom-track",
        "experience purchase": "pairs",
        "experience cost 4p": 5,
        "sell 3-gold item": 2,
        "sell 1-gold item": 1,
        "defeat at wounds == life": False,
        "knock-out loses counters": True,
        "new hero after knock-out": True,
        "hero vs hero spoils": ("item", "ally"),
        "doom track": "always",
    }


@pytest.mark.parametrize("players, cost", [(2, 6), (3, 5), (4, 5), (5, 4), (6, 3)])
def test_advanced_pair_cost(adv, players, cost):
    assert adv.experience.cost(players) == cost
    assert adv.experience.tokens_per_purchase == 2 and adv.experience.distinct_in_purchase


@pytest.mark.parametrize("players, cards", [(2, 4), (3, 6), (4, 8), (5, 8), (6, 8)])
def test_doom_cards_per_token(base, adv, players, cards):
    assert base.doom_track.cards_per_token(players) == cards
    assert adv.doom_track.cards_per_token(players) == cards
    assert base.doom_track.tokens == adv.doom_track.tokens == 8


def test_shared_values(base, adv):
    for r in (base, adv):
        assert [t for t, _ in r.experience.tokens] == ["mind", "body", "spirit", "stamina",
                                                       "life"]
        assert r.experience.bonus("mind") == 2 and r.experience.bonus("life") == 1
        assert r.experience.barred_colours(0) == ()
        assert r.experience.barred_colours(2) == ("green", "yellow")
        assert r.experience.barred_colours(5) == ("green", "yellow", "blue")  # at most +3
        m = r.market
        assert (m.weapon_limit, m.armor_limit, m.ally_limit) == (2, 1, 2)
        assert (m.wound_price, m.exhaustion_price, m.exhaustion_per) == (1, 1, "figure")
        assert r.adventure.event_replaces(2, 2) and not r.adventure.event_replaces(1, 2)
        assert r.adventure.event_replaces(1, None)
        assert r.endgame.deck == "red" and not r.endgame.may_escape
        assert r.endgame.all_eliminated_ranking == ("red-challenges", "level", "gold")
        assert r.knock_out.move_to == "nearest-town"
    assert base.endgame.hero_level(3) == 4 and adv.endgame.hero_level(3) == 3
    assert base.doom_track.first_card_beside == "Vynelvale"
    assert adv.doom_track.first_card_beside == "Tamalir"
    assert adv.market.sell_price(5) == 3 and base.market.sell_price(5) == 2


def test_same_values_as_the_combat_ruleset(base, adv):
    assert Ruleset.from_data(base) == BASE
    assert Ruleset.from_data(adv) == ADVANCED


def test_values_not_names_drive_behaviour():
    doc = bundled_document("base")
    doc["id"] = "house"
    doc["market"]["sell"]["rounding"] = "up"
    doc["combat"]["defeat_when"] = ">"
    house = RulesData.from_dict(doc)
    assert house.market.sell_price(3) == 2 and not house.combat.is_defeated(4, 4)


def test_inconsistent_data_is_refused():
    doc = bundled_document("advanced")
    bad = copy.deepcopy(doc)
    bad["experience"]["cost"].append({"min_players": 4, "max_players": 5, "value": 1})
    with pytest.raises(RulesDataError, match="appear twice"):
        RulesData.from_dict(bad)
    bad = copy.deepcopy(doc)
    bad["movement"]["reduced_dice"] = 7
    with pytest.raises(RulesDataError, match="reduced_dice"):
        RulesData.from_dict(bad)
    bad = copy.deepcopy(doc)
    del bad["market"]
    with pytest.raises(RulesDataError, match="malformed"):
        RulesData.from_dict(bad)
    with pytest.raises(RulesDataError, match="unknown ruleset"):
        load_ruleset("expert")
    with pytest.raises(RulesDataError, match="no value for 7 players"):
        PlayerTable.from_list(doc["experience"]["cost"])(7)


# -- compiler-side semantic check of ruleset documents (runeforge.games.runebound.checks.ruleset) -----------------
def _positions(text):
    import io

    from ruamel.yaml import YAML

    doc = YAML().load(io.StringIO(text))

    def pos(*keys):
        node = doc
        for key in keys[:-1]:
            node = node[key]
        if not keys:
            return 1, 1
        key = keys[-1]
        line, col = node.lc.item(key) if isinstance(key, int) else node.lc.value(key)
        return line + 1, col + 1

    return doc, pos


RULES_DIR = ROOT / "cards" / "rules"
BOARD_TOWNS = ["Vynelvale", "Riverwatch", "Dawnsmoor", "Tamalir", "Forge", "Nerekhall",
               "Greyhaven", "Frostgate"]


@pytest.mark.parametrize("name", ["base", "advanced"])
def test_rulescheck_bundled_clean(name):
    from runeforge.games.runebound.checks.ruleset import check_ruleset

    text = (RULES_DIR / f"{name}.yaml").read_text(encoding="utf-8")
    doc, pos = _positions(text)
    assert check_ruleset(doc, pos, name, text.splitlines(), towns=BOARD_TOWNS) == []


@pytest.mark.parametrize("old, new, needle, fragment", [
    ("{min_players: 3, max_players: 4, value: 5}", "{min_players: 2, max_players: 4, value: 5}",
     "2, max_players: 4", "already has a value"),
    ("{min_players: 6, max_players: 6, value: 3}", "{min_players: 6, max_players: 5, value: 3}",
     "5, value: 3", "is empty"),
    ("  reduced_dice: 4\n", "  reduced_dice: 6\n", "6\n", "more than dice"),
    ("seats: [2, 3, 4, 5]", "seats: [2, 3, 4, 7]", "7]", "first-turn dice 7"),
    ("first_card_beside: Tamalir", "first_card_beside: Tamalyr", "Tamalyr", "not a town"),
])
def test_rulescheck_located(old, new, needle, fragment):
    from runeforge.games.runebound.checks.ruleset import check_ruleset

    text = (RULES_DIR / "advanced.yaml").read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    doc, pos = _positions(text)
    diags = check_ruleset(doc, pos, "advanced.yaml", text.splitlines(), towns=BOARD_TOWNS)
    hit = [d for d in diags if fragment in d.message]
    assert hit and all(d.code == "RF810" for d in diags), [d.render() for d in diags]
    start = text.index(needle)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    assert (hit[0].line, hit[0].col) == (line, col)


def test_rulescheck_gap_in_a_table():
    from runeforge.games.runebound.checks.ruleset import check_ruleset

    doc = bundled_document("base")
    doc["experience"]["cost"] = doc["experience"]["cost"][1:]
    diags = check_ruleset(doc, lambda *k: (3, 1), "base.yaml")
    assert [d.code for d in diags] == ["RF810"] and "1, 2 player(s)" in diags[0].message
