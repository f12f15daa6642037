"""The rules data (board, rulesets) is checked by `runeforge check`, not only by the unit
tests of the board and ruleset checks: a broken board or ruleset in a user's folder gives
a located diagnostic through the pipeline, once per problem."""

from pathlib import Path

from runeforge import pipeline

RULES = Path(__file__).resolve().parents[1] / "cards" / "rules"


def test_bundled_rules_data_is_clean():
    result = pipeline.check([])
    # (six bundled challenges warn RF441 on 'your enemy': pinned in tests/test_card_windows.py)
    assert not [d for d in result.diagnostics if d.path.startswith("cards")
                and d.code != "RF441"], [d.render() for d in result.diagnostics]


def test_unknown_neighbour_is_reported_at_its_place(tmp_path):
    text = (RULES / "board.yaml").read_text(encoding="utf-8")
    line_no, line = next((i, s) for i, s in enumerate(text.splitlines(), 1)
                         if "neighbours: [" in s)
    bad = line.replace("neighbours: [", "neighbours: [Q99, ")
    (tmp_path / "board.yaml").write_text(text.replace(line, bad, 1), encoding="utf-8")
    diags = [d for d in pipeline.check([tmp_path]).diagnostics if d.is_error]
    assert [(d.code, d.line, d.col) for d in diags] == [("RF803", line_no,
                                                         bad.index("Q99") + 1)]


def test_schema_error_is_not_reported_twice(tmp_path):
    text = (RULES / "board.yaml").read_text(encoding="utf-8")
    (tmp_path / "board.yaml").write_text(text.replace("terrain: swamp", "terrain: swamq", 1),
                                         encoding="utf-8")
    diags = [d for d in pipeline.check([tmp_path]).diagnostics if d.is_error]
    assert [d.code for d in diags] == ["RF204"]
    assert diags[0].hint == "did you mean 'swamp'?"


def test_ruleset_doom_track_town_is_checked_against_the_board(tmp_path):
    text = (RULES / "base.yaml").read_text(encoding="utf-8")
    assert "first_card_beside: Vynelvale" in text
    (tmp_path / "base.yaml").write_text(
        text.replace("first_card_beside: Vynelvale", "first_card_beside: Vynelvail"),
        encoding="utf-8")
    diags = [d for d in pipeline.check([tmp_path]).diagnostics if d.is_error]
    assert [d.code for d in diags] == ["RF810"]
    assert diags[0].hint == "did you mean 'Vynelvale'?"
