"""The bundled Delve content (issue 13): enough of each kind, original, schema-valid, tiles in
the shared contract's shape in bundle.json, cross-card checks located (RF903, RF906,
RF908-RF911), and the rules data holding the project's own numbers."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from runeforge.backends.bundle import build_bundle
from runeforge.pipeline import check

ROOT = Path(__file__).resolve().parent.parent
DELVE = ROOT / "cards" / "delve"
# names and terms of the game the seed translates (and its publisher): never in our content
FORBIDDEN = re.compile(r"silver tower|warhammer|games workshop|tzeentch|gaunt summoner|"
                       r"kairic|tzaangor|pink horror|blue horror|brimstone|ogroid|fate board|"
                       r"runemark|destiny dice|familiar", re.I)


@pytest.fixture(scope="module")
def result():
    return check(())


@pytest.fixture(scope="module")
def delve(result):
    return {cid: c for cid, c in result.content.cards.items() if c.game == "delve"}


def _of(delve, kind):
    return [c for c in delve.values() if c.kind == kind]


def test_the_bundled_delve_content_checks_clean(result, delve):
    bad = [str(d) for d in result.diagnostics if "delve" in d.path]
    assert bad == []
    counts = {k: len(_of(delve, k)) for k in ("hero", "adversary", "tile", "exploration",
                                             "skill", "encounter_table")}
    assert counts["hero"] >= 6 and counts["adversary"] >= 10 and counts["tile"] >= 12
    assert counts["exploration"] >= 15 and counts["skill"] >= 1
    assert counts["encounter_table"] >= 2
    assert all(c.data["origin"] == "original" for c in delve.values())


def test_no_name_or_term_from_the_seeds_source_game():
    for path in DELVE.glob("*.yaml"):
        assert not FORBIDDEN.search(path.read_text(encoding="utf-8")), path.name


def test_each_hero_has_a_weapon_action_a_unique_action_and_a_renown_rule(delve, result):
    for hero in _of(delve, "hero"):
        irs = result.compiled[hero.id]
        ops = [e["op"] for ir in irs for e in ir["effects"]]
        assert "attack" in ops, hero.id
        assert any(ir["form"] == "trigger" for ir in irs), hero.id
        assert any(ir["form"] == "action" and all(e["op"] != "attack" for e in ir["effects"])
                   or ir["form"] == "spend" for ir in irs), hero.id
        assert hero.data["move"] >= 1 and hero.data["vigour"] >= 1


def test_rules_data_is_marked_and_holds_the_numbers(result):
    (doc,) = [d for d in result.content.documents["rules"] if d.game == "delve"]
    rules = doc.data
    costs = {a["action"]: (a["need"], a["escalating"], a["origin"])
             for a in rules["basic_actions"]}
    assert costs == {"explore": (1, False, "seed-003"), "move": (1, False, "seed-003"),
                     "recuperate": (1, True, "seed-003")}
    for key in ("renown_track", "hero_dice", "round_limit", "pinned_move_need", "start_tile"):
        assert key in rules and key in rules["original"]
    assert rules["adjacency"] == 8 and rules["start_tile"] in {c.id for c in
                                                               result.content.cards.values()}


def test_tiles_in_the_bundle_follow_the_shared_contract(result):
    bundle = build_bundle(result.content, result.compiled)
    json.dumps(bundle)
    tiles = [c for c in bundle["cards"] if c["kind"] == "tile"]
    assert len(tiles) >= 12
    for tile in tiles:
        assert tile["game"] == "delve" and tile["pack"] == "delve" and tile["id"]
        width, height = tile["size"]
        void = {tuple(v) for v in tile.get("void", [])}
        for poly in tile.get("obstructions", []):
            assert len(poly) >= 3
            for x, y in poly:
                assert 0 <= Fraction(str(x)) <= width and 0 <= Fraction(str(y)) <= height
        for ex in tile["exits"]:
            assert {"id", "side", "at", "width"} <= set(ex)
            along = width if ex["side"] in ("north", "south") else height
            assert ex["at"] + ex["width"] <= along
        assert len(void) < width * height
    assert "ir_versions" in bundle and bundle["ir_versions"]["delve"] == 3


def test_exploration_cards_name_tiles_and_tables_that_exist(delve):
    tiles = {c.id for c in _of(delve, "tile")}
    tables = {c.id for c in _of(delve, "encounter_table")}
    for card in _of(delve, "exploration"):
        assert card.data["tile"] in tiles
        assert card.data["encounter"] is None or card.data["encounter"] in tables


PACK = "kind: manifest\nid: delve-extra\nname: Extra\ntype: set\norigin: original\ngame: delve\n"
BAD = {
    "RF908": ("exploration", "cards", "  - name: Lost Card\n    origin: original\n"
              "    tile: no-such-chamber\n    placement: any\n    encounter: null\n",
              "no-such-chamber"),
    "RF929": ("exploration", "cards", "  - name: Odd Card\n    origin: original\n"
              "    tile: crossroads\n    placement: north\n    encounter: null\n"
              "    portals: [east, north]\n", "portals"),
    "RF909": ("tile", "tiles", "  - name: Bent Room\n    origin: original\n    size: [3, 3]\n"
              "    exits:\n      - {id: north, side: north, at: 2, width: 2}\n", "width"),
    "RF910": ("encounter_table", "cards", "  - name: Short Table\n    origin: original\n"
              "    rows:\n      - {roll: [1, 2, 3, 4, 5], adversaries: []}\n", "roll: [1, 2"),
    "RF903": ("adversary", "cards", "  - name: Odd Beast\n    origin: original\n    vigour: 1\n"
              "    move: 1\n    behaviour: hold\n"
              "    weapons:\n      - {name: Claw, range: combat, hit: 9, damage: 1}\n", "hit"),
    "RF906": ("adversary", "cards", "  - name: Odd Beast\n    origin: original\n    vigour: 1\n"
              "    move: 1\n    behaviour: hold\n"
              "    weapons:\n      - {name: Claw, range: combat, hit: 3, damage: 0}\n",
              "damage"),
    # an attack of a range it has no weapon of would never be made (branch dfix)
    "RF932": ("adversary", "cards", "  - name: Odd Beast\n    origin: original\n    vigour: 1\n"
              "    move: 1\n    behaviour: hold\n"
              "    weapons:\n      - {name: Claw, range: combat, hit: 3, damage: 1}\n"
              "    abilities:\n      - When activated, this adversary makes a missile attack "
              "against each visible hero.\n", "missile attack"),
}


@pytest.mark.parametrize("code", sorted(BAD))
def test_content_checks_are_located(tmp_path, code):
    kind, key, body, where = BAD[code]
    (tmp_path / "manifest.yaml").write_text(PACK)
    text = f"kind: {kind}\n{key}:\n{body}"
    (tmp_path / "extra.yaml").write_text(text)
    found = [d for d in check([tmp_path]).diagnostics if d.code == code]
    assert len(found) == 1, found
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if where in ln)
    assert found[0].path.endswith("extra.yaml") and found[0].line == line
    assert found[0].col > 0


def test_rules_missing_from_delve_content_is_rf911(tmp_path):
    from runeforge.games.delve.checks import check_documents
    from runeforge.loader import load_content

    content = load_content([], include_bundled=True).of_game("delve")
    content.documents.pop("rules")
    assert [d.code for d in check_documents(content)] == ["RF911"]
    content = load_content([], include_bundled=True).of_game("delve")
    content.documents["rules"][0].data["basic_actions"].pop()
    assert [d.code for d in check_documents(content)] == ["RF911"]


def test_a_tile_file_with_an_unknown_kind_names_the_delve_kinds(tmp_path):
    (tmp_path / "manifest.yaml").write_text(PACK)
    (tmp_path / "x.yaml").write_text("kind: tiles\ntiles: []\n")
    found = [d for d in check([tmp_path]).diagnostics if d.code == "RF207"]
    assert found and "tile" in (found[0].hint or "") and "delve" in found[0].message
