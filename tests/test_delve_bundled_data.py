"""The engine reads the bundled Delve content's rules document and tiles (written by the
content half of issue 13 in cards/delve/); skipped until those files are in the tree."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from runeforge.engine.delve.board.placement import placements, start_board
from runeforge.engine.delve.board.sight import sees
from runeforge.engine.delve.board.tiles import Tile
from runeforge.engine.delve.rules.data import RulesData

CARDS = Path(__file__).resolve().parents[1] / "cards" / "delve"


def _load(name: str):
    path = CARDS / name
    if not path.exists():
        pytest.skip(f"cards/delve/{name} is not in this tree yet")
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def test_the_bundled_rules_document_reads():
    rules = RulesData.from_record(_load("rules.yaml"))
    assert (rules.explore, rules.move, rules.recuperate, rules.recuperate_step) == (1, 1, 1, 1)
    assert rules.die_faces == 6 and rules.hero_dice >= 1


def test_every_bundled_tile_reads_and_every_exit_can_be_joined():
    tiles = [Tile.from_record(r) for r in _load("tiles.yaml")["tiles"]]
    assert len(tiles) >= 12
    for first in tiles:
        board = start_board(first)
        assert all(sees(board, c, c) for c in board.owner)
        for e in first.exits:
            at = board.chambers[0].exits[e.id]
            assert any(placements(board, t, at) for t in tiles), (first.id, e.id)
