"""`runeforge campaign` on the bundled campaign: the tutorial's hand-kept sheet (new, setup,
travel, record, xp, shop, choose, status), refusals that leave the sheet and its log as they
were, bad sheets as located errors, and a whole bot campaign with its replay. The bundle is
compiled once for the module (each command would otherwise check the content again)."""

from __future__ import annotations

import json

import pytest

from tests.campaign_cli import CAMPAIGN, ok, one_bundle, rf, whole  # noqa: F401 (one_bundle: autouse)


def status(sheet) -> dict:
    result = rf("status", sheet, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.fixture
def sheet(tmp_path):
    path = tmp_path / "camp.json"
    result = rf("new", "--campaign", CAMPAIGN, "--seed", 3, "--hero",
                "Ann=garrick-stoneward:warrior", "--hero", "Bo=sefa-quillmark:healer",
                "--overlord", "Zed", "-o", path)
    assert result.exit_code == 0, result.output
    return path


def travel(sheet):
    for choices in ([], ["--choice", 0], ["--choice", 0, "--choice", 0],
                    ["--choice", 0] * 3):
        result = rf("travel", sheet, *choices)
        if result.exit_code == 0:
            return result
        assert "R43" in result.output, result.output
    raise AssertionError(result.output)


def test_tutorial_flow_and_status_keys(sheet):
    info = status(sheet)
    for key in ("act", "step", "gold", "players", "available", "played", "interlude_side",
                "finale_side", "winner"):
        assert key in info
    assert info["step"] == "setup" and info["act"] == "introduction"
    first = info["next_adventure"]
    assert rf("setup", sheet).exit_code == 0
    travel(sheet)
    assert status(sheet)["step"] == "adventure"
    gold = status(sheet)["gold"]
    result = rf("record", sheet, "--adventure", first, "--winner", "heroes", "--search",
                "tarnished-coins")
    assert result.exit_code == 0, result.output
    info = status(sheet)
    assert info["step"] == "xp" and info["act"] == "act1"
    assert info["played"] == [{"adventure": first, "act": "introduction", "winner": "heroes"}]
    ann = next(p for p in info["players"] if p["name"] == "Ann")
    assert ann["xp"] == 2 and ann["can_buy"]  # R6: 1 for everyone, 1 for the winners
    assert info["gold"] > gold
    skill = ann["can_buy"][0]
    assert rf("xp", sheet, "--player", "Ann", "--buy", skill).exit_code == 0
    assert skill in next(p for p in status(sheet)["players"] if p["name"] == "Ann")["skills"]
    result = rf("shop", sheet)
    assert result.exit_code == 0 and "Revealed:" in result.output
    market = status(sheet)["market"]
    assert len(market) == 3  # R26: two heroes + 1
    choice = status(sheet)["available"][0]
    assert rf("choose", sheet, "--adventure", choice).exit_code == 0
    info = status(sheet)
    assert info["next_adventure"] == choice and info["step"] == "setup"
    assert info["market"] == []  # R28: unbought cards back into the deck
    log = (sheet.parent / "camp.log.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(x)["command"] for x in log] == ["new", "setup", "travel", "record", "xp",
                                                      "shop", "choose"]
    log_file = sheet.parent / "camp.log.jsonl"
    result = rf("replay", log_file)  # a sheet's own log: every command again
    assert result.exit_code == 0 and "the same sheet" in result.output, result.output
    rows = [json.loads(x) for x in log]
    rows[3]["winner"] = "overlord"  # the record line, edited
    log_file.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = rf("replay", log_file)
    assert result.exit_code == 1 and "error[RF964]" in result.output
    assert "line 4" in result.output


def test_refused_action_changes_nothing(sheet):
    before = sheet.read_bytes()
    log = sheet.parent / "camp.log.jsonl"
    log_before = log.read_bytes()
    result = rf("record", sheet, "--adventure", status(sheet)["next_adventure"], "--winner",
                "heroes")
    assert result.exit_code == 2 and "R3" in result.output
    result = rf("choose", sheet, "--adventure", "the-silent-mill")
    assert result.exit_code == 2 and "R3" in result.output
    assert sheet.read_bytes() == before and log.read_bytes() == log_before


def test_unknown_ids_get_did_you_mean(sheet):
    result = rf("record", sheet, "--adventure", "the-silent-mil", "--winner", "heroes")
    assert result.exit_code == 2 and "did you mean 'the-silent-mill'" in result.output
    result = rf("xp", sheet, "--player", "Anne", "--buy", "x")
    assert result.exit_code == 2 and "did you mean 'Ann'" in result.output


@pytest.mark.parametrize("edit,code", [
    (lambda t: t[: len(t) // 3], "RF961"),
    (lambda t: t.replace('"version": 1', '"version": 2'), "RF962"),
    (lambda t: t.replace('"gold": 0', '"gold": -50'), "RF963"),
    (lambda t: t.replace('"box": []', '"box": [\n      "sudden-chill"\n    ]', 1), "RF963"),
    (lambda t: t.replace('"side": "overlord"', '"side": "heroes"'), "RF963"),
    (lambda t: t.replace('"next_adventure": "', '"next_adventure": "x', 1), "RF963"),
])
def test_bad_sheets_are_located_errors_and_never_applied(sheet, edit, code):
    text = sheet.read_text(encoding="utf-8")
    bad = edit(text)
    assert bad != text
    sheet.write_text(bad, encoding="utf-8")
    log = sheet.parent / "camp.log.jsonl"
    log_before = log.read_bytes()
    for args in (("status", sheet), ("setup", sheet)):
        result = rf(*args)
        assert result.exit_code == 1, result.output
        assert f"error[{code}]" in result.output and f"{sheet.name}:" in result.output
    assert sheet.read_text(encoding="utf-8") == bad and log.read_bytes() == log_before


def test_new_refuses_bad_players(tmp_path):
    out = tmp_path / "x.json"
    result = rf("new", "--campaign", CAMPAIGN, "--hero", "Ann=garrick-stoneward:warior",
                "--overlord", "Zed", "-o", out)
    assert result.exit_code == 2 and "did you mean 'warrior'" in result.output
    result = rf("new", "--campaign", "saltmarsh", "--hero", "Ann=garrick-stoneward:warrior",
                "--overlord", "Zed", "-o", out)
    assert result.exit_code == 2 and CAMPAIGN in result.output
    assert not out.exists()


def test_play_a_whole_campaign_and_replay_it(tmp_path):
    log = tmp_path / "c.jsonl"
    result = rf("play", "--campaign", CAMPAIGN, "--players", 4, "--seed", 1, "--log", log,
                "-o", tmp_path / "end.json")
    assert result.exit_code == 0, result.output
    assert "Winner of the campaign: " in result.output
    rows = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert sum(1 for r in rows if r["type"] == "adventure") == 9
    assert rows[-1]["winner"] in ("heroes", "overlord")
    end = json.loads((tmp_path / "end.json").read_text(encoding="utf-8"))
    assert end["winner"] == rows[-1]["winner"] and len(end["played"]) == 9
    result = rf("replay", log)
    assert result.exit_code == 0 and "the same campaign" in result.output
    rows[-1]["winner"] = "overlord" if rows[-1]["winner"] == "heroes" else "heroes"
    log.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = rf("replay", log)
    assert result.exit_code == 1 and "error[RF964]" in result.output


def test_bundled_campaign_with_delve_bots_keeps_every_invariant(one_bundle):  # noqa: F811 (fixture)
    from runeforge.games.campaign.commands.botplay import run

    winners = []
    for seed, players in ((2, 4), (3, 2), (4, 3)):
        options = {"campaign": CAMPAIGN, "players": players, "seed": seed, "bots": "random"}
        _, game, runner = run(one_bundle, options, debug=True)  # invariants after every step
        assert [g["trial"] for g in runner.games] == [
            game.data.adventure(p["adventure"])["trial"] for p in game.sheet["played"]]
        assert len(game.sheet["played"]) == 9
        winners.append(game.sheet["winner"])
    assert set(winners) <= {"heroes", "overlord"} and None not in winners


def test_the_readme_tutorial_runs_as_written(tmp_path, monkeypatch):
    import shlex
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    part = readme[readme.index("## Campaign tutorial"):readme.index("## Commands")]
    part = part.replace("\\\n", " ")
    commands = [line.split("#")[0].strip() for line in part.splitlines()
                if line.strip().startswith("runeforge campaign ")]
    assert len(commands) >= 9
    monkeypatch.chdir(tmp_path)
    for line in commands:
        args = shlex.split(line)[2:]
        result = rf(*args)
        assert result.exit_code == 0, f"{line}\n{result.output}"
    assert status(tmp_path / "camp.json")["next_adventure"] == "the-silent-mill"


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_status_in_a_locale_shows_the_sheets_labels_and_names(sheet, one_bundle, locale):  # noqa: F811 (fixture)
    """`status --locale L` says what the printed sheet says in L: its labels and the names of
    the campaign, the heroes' cards and the overlord's deck, and none of the English ones."""
    from runeforge.games.campaign.sheetmodel import sheet_model

    travel_to = rf("setup", sheet)
    assert travel_to.exit_code == 0, travel_to.output
    result = rf("status", sheet, "--locale", locale)
    assert result.exit_code == 0, result.output
    model = sheet_model(whole(sheet), one_bundle, locale)
    english = sheet_model(whole(sheet), one_bundle, "en")
    shown = [model["campaign"], model["act"], model["step"], model["next"],
             *(model["labels"][k] for k in ("purse", "heroes", "skills", "items", "deck")),
             *(n for h in model["heroes"] for n in (h["hero"], *h["items"], *h["skills"]))]
    for text in shown:
        assert text in result.output, (text, result.output)
    for key in ("purse", "heroes", "skills", "items", "deck", "next"):
        assert english["labels"][key] not in result.output       # translated, not English
    assert english["campaign"] not in result.output


def test_status_locale_refusals(sheet):
    for args in (["--locale", "xx"], ["--locale", "fi", "--format", "json"]):
        result = rf("status", sheet, *args)
        assert result.exit_code == 2 and "--locale" in result.output, result.output


def test_b13_one_hero_campaigns_are_refused(tmp_path):
    """B13 (min_heroes: 2 in the campaign document): `new` with one hero is refused with the
    reading's number and writes nothing; `play --players 1` is a usage error."""
    sheet = tmp_path / "camp.json"
    result = rf("new", "--campaign", CAMPAIGN, "--hero", "Ann=garrick-stoneward:warrior",
                "--overlord", "Zed", "-o", sheet)
    assert result.exit_code == 2 and "B13: " in result.output and "at least 2" in result.output
    assert not sheet.exists() and not list(tmp_path.iterdir())
    result = rf("play", "--campaign", CAMPAIGN, "--players", 1, "--seed", 1)
    assert result.exit_code == 2 and "B13: " in result.output
    ok("new", "--campaign", CAMPAIGN, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", sheet)
