"""A sheet checked without its log (issue 34): tampered sheets are refused with a located
error (RF963 at the key's line) and the rule's number; sheets the rules made pass, by hand
and played by bots."""

from __future__ import annotations

import json
import re

import pytest

from tests.campaign_cli import CAMPAIGN, ok, one_bundle, rf  # noqa: F401 (one_bundle: autouse)


@pytest.fixture(scope="module")
def after_intro(tmp_path_factory) -> tuple[str, str]:
    """The sheet's text after the Introduction, won by the heroes (Act I, step xp), and its
    sealed file's (the overlord's secrets, kept with him)."""
    sheet = tmp_path_factory.mktemp("intro") / "camp.json"
    ok("new", "--campaign", CAMPAIGN, "--seed", 3, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", sheet)
    ok("setup", sheet)
    for n in range(4):
        if rf("travel", sheet, *["--choice", 0] * n).exit_code == 0:
            break
    ok("record", sheet, "--adventure", "smoke-over-quillhaven", "--winner", "heroes")
    sealed = sheet.with_name("camp.sealed.json").read_text(encoding="utf-8")
    return sheet.read_text(encoding="utf-8"), sealed


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
    sheet.with_name("camp.sealed.json").write_text(after_intro[1], encoding="utf-8")
    data = json.loads(after_intro[0])
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
    sheet.write_text(after_intro[0], encoding="utf-8")
    sheet.with_name("camp.sealed.json").write_text(after_intro[1], encoding="utf-8")
    ok("status", sheet)


@pytest.mark.parametrize("sealed", [None, "another step's", "edited"])
def test_a_sheet_without_its_own_sealed_file_is_refused_rf968(tmp_path, after_intro, sealed):
    """The overlord's secrets live in camp.sealed.json (issue 34); a sheet without it, or
    with one written at another step or edited, is refused at the sheet's `sealed` key with
    RF968 and the rules that keep them secret, and nothing is written."""
    sheet = tmp_path / "camp.json"
    sheet.write_text(after_intro[0], encoding="utf-8")
    beside = sheet.with_name("camp.sealed.json")
    if sealed == "another step's":
        other = json.loads(after_intro[1])
        other["overlord"]["deck"].reverse()
        beside.write_text(json.dumps(other, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    elif sealed == "edited":
        beside.write_text(after_intro[1].replace("\n", "\n ", 1), encoding="utf-8")
    for args in (("status", sheet), ("shop", sheet), ("status", sheet, "--as", "heroes")):
        result = rf(*args)
        assert result.exit_code == 1, result.output
        assert "error[RF968]" in result.output and "R23, R41:" in result.output, result.output
        line = int(re.search(r"camp\.json:(\d+):\d+", result.output).group(1))
        assert '"sealed"' in after_intro[0].splitlines()[line - 1], result.output
    assert sheet.read_text(encoding="utf-8") == after_intro[0]


def test_the_heroes_sheet_file_holds_no_secret(after_intro, one_bundle):  # noqa: F811
    """The sheet file (the heroes') has no overlord card, no deck order and no seed: they are
    in the sealed file only, and merged back they give the whole sheet (issue 34)."""
    public, sealed = json.loads(after_intro[0]), json.loads(after_intro[1])
    lord_cards = {c["id"] for c in one_bundle["cards"] if c.get("kind") == "overlord_card"}
    assert not any(f'"{c}"' in after_intro[0] for c in lord_cards)
    assert public["overlord"] == {} and "seed" not in public
    assert "deck" not in public["shop"] and "deck" not in public["search"]
    assert "deck" not in public["travel"] and "act2" not in public["shop"]
    assert public["sealed"]["counts"]["overlord/hand"] == 0
    assert public["sealed"]["counts"]["overlord/deck"] == len(sealed["overlord"]["deck"]) > 0
    assert any(f'"{c}"' in after_intro[1] for c in lord_cards)


def test_sheets_of_whole_bot_campaigns_are_within_the_rules(one_bundle):  # noqa: F811 (fixture)
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.rules.bounds import problems
    from runeforge.games.campaign.commands.botplay import run

    for seed, players in ((1, 2), (2, 3), (3, 4)):
        options = {"campaign": CAMPAIGN, "players": players, "seed": seed, "bots": "heuristic"}
        _, game, _ = run(one_bundle, options)
        assert problems(CampaignData(one_bundle, CAMPAIGN), game.sheet) == []
