"""The bundled board (cards/rules/board.yaml): schema, semantic checks, and the engine Board."""

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from ruamel.yaml import YAML

from runeforge.engine.runebound.game.board import Board, BoardError
from runeforge.games.runebound.checks.board import TOWNS, check_board

ROOT = Path(__file__).resolve().parents[1]
BOARD_FILE = ROOT / "cards" / "rules" / "board.yaml"
SCHEMA = json.loads((ROOT / "compiler" / "schemas" / "board.schema.json").read_text())


def load_with_positions(text: str):
    """Round-trip load; returns (doc, pos) where pos(*keys) is a 1-based (line, col)."""
    doc = YAML().load(io.StringIO(text))

    def pos(*keys):
        if not keys:
            return 1, 1
        node = doc
        for key in keys[:-1]:
            node = node[key]
        key = keys[-1]
        line, col = node.lc.item(key) if isinstance(key, int) else node.lc.value(key)
        return line + 1, col + 1

    return doc, pos


def check_text(text: str, path: str = "board.yaml"):
    doc, pos = load_with_positions(text)
    return check_board(doc, pos, path, text.splitlines())


def plain(text: str) -> dict:
    return YAML(typ="safe", pure=True).load(text)


# -- a small valid board: 8 towns in a row with plains between, r = 0 ---------------------
def small_board_text() -> str:
    ids = []
    rows = []
    q = 0
    for n, town in enumerate(TOWNS):
        for kind in (("town", town), ("plains", None)):
            if kind[0] == "plains" and n == len(TOWNS) - 1:
                break
            ids.append((f"S{q}", q, kind))
            q += 1
    for i, (sid, q, (terrain, town)) in enumerate(ids):
        nbs = [ids[j][0] for j in (i - 1, i + 1) if 0 <= j < len(ids)]
        extra = f", town: {town}" if town else ""
        gem = ", gem: green, sun: true" if terrain == "plains" and q == 1 else ""
        rows.append(f"  - {{id: {sid}, at: [{q}, 0], terrain: {terrain}{extra}{gem}, "
                    f"neighbours: [{', '.join(nbs)}]}}")
    column = "\n".join(f"  - town: {t}" for t in TOWNS)
    return (
        "kind: board\nid: small\nname: Small\norigin: original\nstart: Tamalir\n"
        f"market_column:\n{column}\nundefeated_track:\n  slots: 6\nspaces:\n"
        + "\n".join(rows) + "\n"
    )


def where(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """1-based (line, col) of the ``occurrence``-th ``needle`` in ``text``."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    line = text.count("\n", 0, start) + 1
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    return line, col


# -- bundled board ----------------------------------------------------------------------------
def test_bundled_board_passes_schema_and_checks():
    text = BOARD_FILE.read_text(encoding="utf-8")
    jsonschema.validate(plain(text), SCHEMA)
    assert check_text(text, str(BOARD_FILE)) == []


def test_bundled_board_shape():
    doc = plain(BOARD_FILE.read_text(encoding="utf-8"))
    assert doc["origin"] == "original"
    board = Board.from_dict(doc)
    assert set(board.towns) == set(TOWNS)
    assert board.start_town == "Tamalir"
    # Tamalir near the centre: its farthest space is no farther than any other town's.
    ecc = {t: max(board.distances_from(s).values()) for t, s in board.towns.items()}
    assert ecc["Tamalir"] == min(ecc.values())
    # every space (and so every town) reachable from Tamalir
    assert len(board.distances_from(board.start_space)) == len(board)
    counts = {c: len(board.gems(c)) for c in ("green", "yellow", "blue", "red")}
    assert counts == {"green": 12, "yellow": 9, "blue": 6, "red": 5}
    # fewer gem spaces than counters of each colour (22/16/11/9), in falling order
    assert all(counts[c] < n for c, n in zip(counts, (22, 16, 11, 9), strict=True))
    assert all(0 < len(board.gems(c, sun_only=True)) < counts[c] for c in counts)
    assert not any(sp.gem for sp in board.spaces.values() if sp.is_town)
    terrains = {sp.terrain for sp in board.spaces.values()}
    assert terrains == {"road", "river", "plains", "hills", "forest", "swamp", "mountains",
                        "town"}
    assert set(board.market_column) == set(TOWNS) and len(board.market_column) == 8
    assert board.market_column[0] == "Vynelvale" and board.market_column[-1] == "Frostgate"
    assert board.market_column[-4:] == ("Forge", "Nerekhall", "Greyhaven", "Frostgate")
    assert board.undefeated_slots == 6


def test_small_board_is_clean():
    assert check_text(small_board_text()) == []


# -- bad boards: each gives its located diagnostic ----------------------------------------------
def _one(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, [d.render() for d in diags]
    return found[0]


def test_unknown_terrain_has_location_and_hint():
    text = small_board_text().replace("terrain: plains", "terrain: plians", 1)
    d = _one(check_text(text), "RF804")
    assert (d.line, d.col) == where(text, "plians")
    assert d.hint == "did you mean 'plains'?"
    assert d.length == len("plians") and "plians" in d.source_line
    assert "board.yaml:" in d.render()


def test_duplicate_coordinates():
    text = small_board_text().replace("at: [3, 0]", "at: [1, 0]", 1)
    d = _one(check_text(text), "RF801")
    assert (d.line, d.col) == where(text, "[1, 0]", 1)


def test_duplicate_space_id():
    text = small_board_text().replace("id: S4,", "id: S3,", 1)
    d = _one(check_text(text), "RF801")
    assert (d.line, d.col) == where(text, "S3,", 1)


def test_neighbour_not_on_hex_grid():
    text = small_board_text().replace("neighbours: [S1]", "neighbours: [S1, S5]", 1)
    diags = check_text(text)
    d = _one(diags, "RF802")
    assert (d.line, d.col) == where(text, "S5]")
    assert "[5, 0]" in d.message and "[0, 0]" in d.message


def test_neighbour_missing_space():
    text = small_board_text().replace("neighbours: [S1]", "neighbours: [S1, S99]", 1)
    d = _one(check_text(text), "RF803")
    assert (d.line, d.col) == where(text, "S99")


def test_one_sided_link():
    text = small_board_text().replace("neighbours: [S1]", "neighbours: []", 1)
    d = _one(check_text(text), "RF809")
    # S1 still lists S0; the diagnostic points at that entry
    line, _ = where(text, "id: S1,")
    assert d.line == line and "'S1' lists 'S0'" in d.message


def test_missing_town():
    text = small_board_text().replace("terrain: town, town: Frostgate",
                                      "terrain: hills", 1)
    diags = check_text(text)
    d = [x for x in diags if x.code == "RF805" and "Frostgate" in x.message][0]
    assert (d.line, d.col) == (where(text, "spaces:\n")[0] + 1, 3)
    # and the market column now names a non-town
    m = _one(diags, "RF808")
    assert (m.line, m.col) == where(text, "Frostgate")


def test_unknown_town_name_did_you_mean():
    text = small_board_text().replace("town: Riverwatch,", "town: Rivrwatch,")
    d = [x for x in check_text(text) if x.code == "RF805" and "Rivrwatch" in x.message][0]
    assert d.hint == "did you mean 'Riverwatch'?"
    assert (d.line, d.col) == where(text, "Rivrwatch,")


def test_unreachable_town():
    # cut the link between S13 and S14 (Frostgate) on both sides
    text = small_board_text()
    text = text.replace("neighbours: [S13]}", "neighbours: []}")
    text = text.replace("neighbours: [S12, S14]}", "neighbours: [S12]}")
    d = _one(check_text(text), "RF806")
    assert "Frostgate" in d.message
    assert (d.line, d.col) == where(text, "Frostgate,")


def test_unknown_gem_colour():
    text = small_board_text().replace("gem: green", "gem: gren", 1)
    diags = check_text(text)
    d = _one(diags, "RF807")
    assert (d.line, d.col) == where(text, "gren")
    assert d.hint == "did you mean 'green'?"


def test_sun_ring_without_gem():
    text = small_board_text().replace("gem: green, ", "", 1)
    d = _one(check_text(text), "RF810")
    line, col = where(text, "sun: true")
    assert (d.line, d.col) == (line, col + len("sun: "))


def test_market_column_names_a_non_town():
    text = small_board_text().replace("  - town: Forge\n", "  - town: Forje\n", 1)
    diags = check_text(text)
    d = [x for x in diags if x.code == "RF808" and "Forje" in x.message][0]
    assert (d.line, d.col) == where(text, "Forje")
    assert d.hint == "did you mean 'Forge'?"
    assert any(x.code == "RF808" and "'Forge' has no place" in x.message for x in diags)


def test_town_terrain_mismatch_and_schema_rejects_extra_field():
    text = small_board_text().replace("terrain: town, town: Forge", "terrain: hills, town: Forge")
    d = [x for x in check_text(text) if x.code == "RF805" and "Forge" in x.message][0]
    assert (d.line, d.col) == where(text, "hills, town: Forge")
    bad = plain(small_board_text())
    bad["spaces"][0]["colour"] = "red"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)


def test_malformed_document_does_not_raise():
    assert check_board({"spaces": [1, {"id": 3}], "market_column": "x"},
                       lambda *k: (0, 0), "x.yaml") != []
    assert check_board([], lambda *k: (0, 0), "x.yaml") == []


# -- engine Board -----------------------------------------------------------------------------
def test_engine_board_distances_and_nearest_towns():
    board = Board.from_dict(plain(small_board_text()))
    assert board.distance("S0", "S14") == 14
    assert board.neighbours("S3") == ("S2", "S4")
    # S1 (plains) lies between Tamalir (S0) and Vynelvale (S2): both are nearest
    assert board.nearest_towns("S1") == ("Tamalir", "Vynelvale")
    assert board.nearest_towns("S2") == ("Vynelvale",)
    assert board.heraldry_index("Frostgate") == 7
    assert [sp.id for sp in board.gems("green", sun_only=True)] == ["S1"]
    with pytest.raises(BoardError):
        board.space("nowhere")


def test_engine_board_rejects_bad_dict():
    doc = plain(small_board_text())
    doc["spaces"][0]["neighbours"].append("S77")
    with pytest.raises(BoardError, match="S77"):
        Board.from_dict(doc)
    with pytest.raises(BoardError, match="malformed"):
        Board.from_dict({"spaces": [{"id": "a"}]})
