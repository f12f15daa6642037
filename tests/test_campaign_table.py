"""Issue 34's smaller items at a table: a relic held on the sheet is traded; `--relic-to` is
refused when the adventure gives no relic; `--choice` values no event asks for are refused;
travel with a choice event runs once (`--ask`); selling for 0 gold warns; the log says what
happened (gold, XP, relics, stops, the rules); `status` shows fatigue and conditions, whole
ids and "The overlord chooses"."""

from __future__ import annotations

import json

from click.testing import CliRunner

from runeforge.cli import main
from tests.campaign_cli import CAMPAIGN, one_bundle, whole  # noqa: F401 (one_bundle: autouse)


def rf(*args, input=None):
    result = CliRunner().invoke(main, ["campaign", *map(str, args)], input=input)
    assert "Traceback" not in result.output
    return result


def ok(*args, input=None) -> str:
    result = rf(*args, input=input)
    assert result.exit_code == 0, result.output
    return result.output


def new(path, seed=3):
    ok("new", "--campaign", CAMPAIGN, "--seed", seed, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", path)
    return path


def log_rows(sheet) -> list[dict]:
    text = sheet.with_name(sheet.stem + ".log.jsonl").read_text(encoding="utf-8")
    return [json.loads(x) for x in text.splitlines()]


def travel(sheet):
    for n in range(4):
        if rf("travel", sheet, "--no-ask", *["--choice", 0] * n).exit_code == 0:
            return
    raise AssertionError("travel needs more choices")


def to_act1(sheet, winner="heroes"):
    ok("setup", sheet)
    travel(sheet)
    ok("record", sheet, "--adventure", "smoke-over-quillhaven", "--winner", winner)


def status(sheet) -> dict:
    return json.loads(ok("status", sheet, "--format", "json"))


def test_relic_to_is_refused_when_the_adventure_gives_no_relic(tmp_path):
    sheet = new(tmp_path / "camp.json")
    ok("setup", sheet)
    travel(sheet)
    before = sheet.read_bytes()
    result = rf("record", sheet, "--adventure", "smoke-over-quillhaven", "--winner", "heroes",
                "--relic-to", "Bo")
    assert result.exit_code == 2 and "R46" in result.output and "no relic" in result.output
    assert sheet.read_bytes() == before


def test_a_relic_won_is_logged_and_can_be_traded(tmp_path):
    sheet = new(tmp_path / "camp.json")
    to_act1(sheet)
    ok("choose", sheet, "--adventure", "the-silent-mill")
    ok("setup", sheet)
    travel(sheet)
    ok("record", sheet, "--adventure", "the-silent-mill", "--winner", "heroes",
       "--relic-to", "Bo")
    record = log_rows(sheet)[-1]
    assert record["facts"]["relics"] == [{"relic": "saltglass-lantern", "side": "heroes",
                                          "holder": "Bo"}]
    assert "R46" in record["facts"]["rules"] and record["facts"]["gold"] > 0
    assert record["facts"]["xp"] == {"Ann": 2, "Bo": 2, "Zed": 1}
    result = rf("trade", sheet, "--item", "saltglass-lantern", "--from", "Ann", "--to", "Bo")
    assert result.exit_code == 2 and "R33" in result.output  # Bo holds it, not Ann
    ok("trade", sheet, "--item", "saltglass-lantern", "--from", "Bo", "--to", "Ann")
    relics = status(sheet)["relics"]
    assert relics == [{"id": "saltglass-lantern", "side": "heroes", "holder": "Ann"}]
    assert "the same sheet" in ok("replay", sheet.with_name("camp.log.jsonl"))


def first_choice_seed(tmp_path) -> "tuple":
    """A seed whose first travel meets a choice event."""
    for seed in range(1, 40):
        (tmp_path / f"s{seed}").mkdir()
        sheet = new(tmp_path / f"s{seed}" / "camp.json", seed)
        ok("setup", sheet)
        result = rf("travel", sheet, "--no-ask")
        if result.exit_code == 2 and "R43" in result.output:
            return sheet, result.output
    raise AssertionError("no seed with a choice on the first journey")


def test_travel_with_a_choice_runs_once_and_unused_choices_are_refused(tmp_path):
    sheet, refusal = first_choice_seed(tmp_path)
    assert "--ask" in refusal
    before = sheet.read_bytes()
    result = rf("travel", sheet, "--no-ask", *["--choice", 0] * 5)
    assert result.exit_code == 2 and "were not asked for" in result.output, result.output
    assert sheet.read_bytes() == before
    out = ok("travel", sheet, "--ask", input="1\n1\n1\n")
    assert "the heroes choose together" in out
    row = log_rows(sheet)[-1]
    assert row["command"] == "travel" and row["choices"] and set(row["choices"]) == {1}
    assert "R43" in row["facts"]["rules"] and row["facts"]["hand"] == 2
    assert all("card" in s for s in row["facts"]["stops"])
    assert "the same sheet" in ok("replay", sheet.with_name("camp.log.jsonl"))


def test_selling_for_no_gold_warns(tmp_path):
    from runeforge.engine.campaign.sheet.state import dumps

    sheet = new(tmp_path / "camp.json")
    to_act1(sheet)
    data = whole(sheet)  # Ann got the 25-gold lamp
    pile = next(k for k in ("deck", "act2") if "tallow-lamp" in data["shop"][k])
    data["shop"][pile].remove("tallow-lamp")
    data["players"][0]["items"].append("tallow-lamp")
    sheet.write_text(dumps(data), encoding="utf-8")
    sheet.with_name("camp.log.jsonl").unlink()  # an edited sheet: its log no longer fits
    out = ok("sell", sheet, "--hero", "Ann", "--item", "tallow-lamp")
    assert "warning: tallow-lamp sold for 0 gold" in out
    out = ok("sell", sheet, "--hero", "Ann", "--item", status(sheet)["players"][0]["items"][0])
    assert "warning" not in out


def test_status_shows_fatigue_conditions_whole_ids_and_who_chooses(tmp_path):
    sheet = new(tmp_path / "camp.json")
    to_act1(sheet, winner="overlord")
    data = whole(sheet)
    result = CliRunner().invoke(main, ["campaign", "status", str(sheet)],
                                env={"COLUMNS": "40"})
    out = result.output
    assert "The overlord chooses the next adventure" in out
    for p in data["players"]:
        if p["side"] == "heroes":
            assert f"fatigue {p['fatigue']}" in out
            assert "conditions:" in out
            for card in p["items"] + p["skills"]:
                assert card in out  # never cut at the terminal's width


def test_a_card_out_of_place_is_reported_at_its_line_not_at_1_1(tmp_path):
    import re

    sheet = new(tmp_path / "camp.json")
    text = sheet.read_text(encoding="utf-8")
    bad = text.replace('"box": []', '"box": [\n      "no-such-card"\n    ]', 1)  # the shop's
    sheet.write_text(bad, encoding="utf-8")
    result = rf("status", sheet)
    assert result.exit_code == 1 and "error[RF963]" in result.output
    line = int(re.search(r"camp\.json:(\d+):\d+", result.output).group(1))
    assert '"no-such-card"' in bad.splitlines()[line - 1]
