"""A sheet checked without its log (issue 34): tampered sheets are refused with a located
error (RF963 at the key's line) and the rule's number; sheets the rules made pass, by hand
and played by bots."""

from __future__ import annotations

import json
import re

import pytest

from tests.campaign_cli import CAMPAIGN, ok, one_bundle, rf  # noqa: F401 (one_bundle: autouse)


@pytest.fixture(scope="module")
def after_intro(tmp_path_factory) -> str:
    """The sheet's text after the Introduction, won by the heroes (Act I, step xp)."""
    sheet = tmp_path_factory.mktemp("intro") / "camp.json"
    ok("new", "--campaign", CAMPAIGN, "--seed", 3, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", sheet)
    ok("setup", sheet)
    for n in range(4):
        if rf("travel", sheet, *["--choice", 0] * n).exit_code == 0:
            break
    ok("record", sheet, "--adventure", "smoke-over-quillhaven", "--winner", "heroes")
    return sheet.read_text(encoding="utf-8")


def finale(s):
    s.update(act="finale", step="setup", next_adventure="dawn-over-skyrest",
             interlude_side="heroes", finale_side="heroes")


def interlude(s):
    s["played"].append({"adventure": "vigil-at-lowbell", "act": "interlude",
                        "winner": "heroes", "search": []})
    s.update(act="act2", interlude_side="heroes")


def relic(s):
    s["relics"].append({"id": "crown-of-nowhere", "side": "heroes", "holder": "Ann"})


def relic_not_won(s):
    s["relics"].append({"id": "kilnheart-ember", "side": "heroes", "holder": "Ann"})


def gold(s):
    s["gold"] = 10 ** 30


def xp(s):
    s["players"][0]["xp"] = 10 ** 12


@pytest.mark.parametrize("tamper,rule,key", [
    (finale, "R37", '"act"'),
    (interlude, "R35", '"adventure": "vigil-at-lowbell"'),
    (relic, "R46", '"id": "crown-of-nowhere"'),
    (relic_not_won, "R46", '"id": "kilnheart-ember"'),
    (gold, "R6", '"gold"'),
    (xp, "R6", '"xp": 1000000000000'),
])
def test_a_tampered_sheet_without_its_log_is_refused_at_its_line(
        tmp_path, after_intro, tamper, rule, key):
    from runeforge.engine.campaign.sheet.state import dumps

    sheet = tmp_path / "camp.json"  # no log beside it: the sheet is checked on its own
    data = json.loads(after_intro)
    tamper(data)
    text = dumps(data)
    sheet.write_text(text, encoding="utf-8")
    for args in (("status", sheet), ("shop", sheet)):
        result = rf(*args)
        assert result.exit_code == 1, result.output
        assert "error[RF963]" in result.output and f"{rule}:" in result.output, result.output
        line = int(re.search(r"camp\.json:(\d+):\d+", result.output).group(1))
        assert key in text.splitlines()[line - 1], (line, result.output)
    assert sheet.read_text(encoding="utf-8") == text


def test_the_untampered_sheet_without_its_log_passes(tmp_path, after_intro):
    sheet = tmp_path / "camp.json"
    sheet.write_text(after_intro, encoding="utf-8")
    ok("status", sheet)


def test_sheets_of_whole_bot_campaigns_are_within_the_rules(one_bundle):  # noqa: F811 (fixture)
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.rules.bounds import problems
    from runeforge.games.campaign.commands.botplay import run

    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 1)):
        options = {"campaign": CAMPAIGN, "players": players, "seed": seed, "bots": "heuristic"}
        _, game, _ = run(one_bundle, options)
        assert problems(CampaignData(one_bundle, CAMPAIGN), game.sheet) == []
