"""Whose view (issue 34): a whole campaign kept by hand from a clean sheet, nine adventures
through `runeforge campaign`, with the overlord buying cards, setting cards aside and drawing
his hand. After every command every heroes' view (status as text, as JSON and in a locale, the
log as text and as JSON, the printed sheet's model; the PDF's text at a few points) is searched
for every card the overlord holds, by id and by name: none may be there. The overlord's view
shows his hand and his set-aside cards."""

from __future__ import annotations

import json
import shutil

import pypdfium2 as pdfium
from click.testing import CliRunner

from runeforge.cli import main
from tests.campaign_cli import CAMPAIGN, one_bundle, whole  # noqa: F401 (one_bundle: autouse)


def ok(*args) -> str:
    result = CliRunner().invoke(main, ["campaign", *map(str, args)])
    assert result.exit_code == 0 and "Traceback" not in result.output, (args, result.output)
    return result.output


def pdf_text(path) -> str:
    pdf = pdfium.PdfDocument(str(path))
    out = []
    for page in pdf:
        tp = page.get_textpage()
        out.append(tp.get_text_range(0, tp.count_chars()))
    return "\n".join(out)


def secrets(sheet_path, bundle) -> set[str]:
    """Every overlord card the sheet holds, by id and by English name, and only those
    (a name another card shares would be public through that card)."""
    sheet = whole(sheet_path)
    ids = {c for pile in sheet["overlord"].values() for c in pile}
    cards = {c["id"]: c for c in bundle["cards"]}
    public = {c.get("name") for c in bundle["cards"] if c.get("kind") != "overlord_card"}
    names = {cards[c]["name"] for c in ids if cards[c].get("name") not in public}
    return ids | names


def test_a_whole_campaign_by_hand_shows_the_heroes_no_overlord_card(tmp_path, one_bundle):  # noqa: F811 (fixture)
    from runeforge.games.campaign.sheetmodel import sheet_model, strings

    sheet = tmp_path / "camp.json"
    ok("new", "--campaign", CAMPAIGN, "--seed", 7, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", sheet)
    checked, hands, asides = 0, 0, 0

    def views_for_heroes(pdf: bool):
        out = [ok("status", sheet), ok("status", sheet, "--format", "json"),
               ok("status", sheet, "--as", "heroes", "--locale", "en"),
               ok("log", sheet), ok("log", sheet, "--format", "json")]
        model = sheet_model(whole(sheet), one_bundle, "en",
                            "heroes")
        out += strings(model)
        out.append(sheet.read_text(encoding="utf-8"))  # the heroes' sheet file itself
        log = sheet.with_name("camp.log.jsonl").read_text(encoding="utf-8")
        # the seed orders every deck: it is sealed with the log's secret arguments
        assert all("seed" not in json.loads(row) for row in log.splitlines())
        out.append(log)  # the log file itself: its secret arguments are in the sealed log
        if pdf:
            target = tmp_path / "heroes.pdf"
            ok("sheet", sheet, "--pdf", target, "--as", "heroes")
            out.append(pdf_text(target))
        return "\n".join(out)

    def check(pdf: bool = False):
        nonlocal checked
        shown = views_for_heroes(pdf)
        for secret in secrets(sheet, one_bundle):
            assert secret not in shown, (secret, shown)
        checked += 1

    def lord() -> dict:
        return json.loads(ok("status", sheet, "--as", "overlord", "--format", "json"))

    adventures, winner = 0, "heroes"
    while True:
        info = lord()
        if info["winner"]:
            break
        # step 7: the overlord sets a card aside when his deck can spare one (R23)
        pool = info["overlord"]["deck_cards"] + info["overlord"]["bought_cards"]
        aside = ["--set-aside", pool[0]] if len(pool) > 15 else []
        ok("setup", sheet, *aside)
        if aside:
            assert pool[0] in lord()["overlord"]["set_aside_cards"]
            asides += 1
        check(pdf=adventures in (0, 5))
        for n in range(4):  # step 8: as many choices as the events ask (R43)
            probe = tmp_path / "probe" / "camp.json"
            probe.parent.mkdir(exist_ok=True)
            shutil.copy(sheet, probe)
            shutil.copy(tmp_path / "camp.sealed.json", tmp_path / "probe" / "camp.sealed.json")
            shutil.copy(tmp_path / "camp.log.jsonl", tmp_path / "probe" / "camp.log.jsonl")
            try:
                ok("travel", probe, *["--choice", 0] * n)
            except AssertionError:
                continue
            ok("travel", sheet, *["--choice", 0] * n)
            break
        hand = lord()["overlord"]["hand_cards"]
        assert hand and "hand:" in ok("status", sheet, "--as", "overlord")
        for card in hand:  # the overlord sees his hand (R41)
            assert card in ok("status", sheet, "--as", "overlord")
        hands += 1
        check(pdf=adventures == 3)
        if adventures == 3:  # the overlord's printed sheet names his hand (R41)
            target = tmp_path / "overlord.pdf"
            ok("sheet", sheet, "--pdf", target, "--as", "overlord")
            text = " ".join(pdf_text(target).split())
            cards = {c["id"]: c["name"] for c in one_bundle["cards"]}
            assert "Starting hand" in text
            for card in hand:
                assert cards[card] in text, (card, text)
        ok("record", sheet, "--adventure", lord()["next_adventure"], "--winner", winner)
        adventures += 1
        winner = "overlord" if winner == "heroes" else "heroes"
        check()
        info = lord()
        if info["winner"]:
            break
        for p in info["players"]:  # step 4: each buys what is first on offer
            if p.get("can_buy"):
                ok("xp", sheet, "--player", p["name"], "--buy", p["can_buy"][0])
                check()
        ok("shop", sheet)
        check()
        ok("choose", sheet, "--adventure", lord()["available"][0])
        check()
    assert adventures == 9 and lord()["winner"] in ("heroes", "overlord")
    # R58: the Finale's set-up line of the log names the entries of the history that acted
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.rules.finale import acting

    rows = json.loads(ok("log", sheet, "--as", "heroes", "--format", "json"))
    at_finale = [r for r in rows if r["command"] == "setup" and r["act"] == "finale"]
    assert len(at_finale) == 1 and "R58" in at_finale[0]["facts"]["rules"]
    expected = acting(CampaignData(one_bundle, CAMPAIGN), whole(sheet))
    assert at_finale[0]["facts"]["finale_setup"] == expected and expected
    check(pdf=True)
    assert hands == 9 and asides >= 3 and checked >= 50
    # the overlord's own views name his cards
    info = lord()
    assert info["overlord"]["deck_cards"] and all(
        c in ok("status", sheet, "--as", "overlord") for c in info["overlord"]["deck_cards"])
    assert any(row.get("set_aside") for row in json.loads(
        ok("log", sheet, "--as", "overlord", "--format", "json")))


def test_the_log_keeps_the_overlords_arguments_in_its_sealed_log(tmp_path):
    """The log names none of the overlord's cards and not the seed: they are in the sealed log
    (camp.sealed.log.jsonl), one line per log line. The heroes' summary reads the log alone;
    the overlord's summary, `undo` and `replay` put the secrets back, and refuse at the line
    that needs them when the sealed log is missing or edited."""
    from tests.campaign_cli import rf

    sheet = tmp_path / "camp.json"
    ok("new", "--campaign", CAMPAIGN, "--seed", 11, "--hero", "Ann=garrick-stoneward:warrior",
       "--hero", "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o", sheet)
    card = json.loads(ok("status", sheet, "--as", "overlord", "--format", "json"))[
        "overlord"]["deck_cards"][0]
    ok("setup", sheet, "--set-aside", card)
    log = tmp_path / "camp.log.jsonl"
    sealed_log = tmp_path / "camp.sealed.log.jsonl"
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    secret = [json.loads(line) for line in sealed_log.read_text(encoding="utf-8").splitlines()]
    assert card not in log.read_text(encoding="utf-8") and "seed" not in rows[0]
    assert [r["sha256"] for r in rows] == [s["sha256"] for s in secret]
    assert secret[0]["seed"] == 11 and secret[1]["set_aside"] == [card]
    assert rows[1]["sealed"] == {"set_aside": 1}

    lord_rows = json.loads(ok("log", sheet, "--as", "overlord", "--format", "json"))
    assert lord_rows[0]["seed"] == 11 and lord_rows[1]["set_aside"] == [card]
    kept = sealed_log.read_bytes()
    sealed_log.unlink()  # the heroes' copy of the campaign: the log without its sealed part
    heroes = json.loads(ok("log", sheet, "--as", "heroes", "--format", "json"))
    assert heroes[1]["set_aside"] == 1 and "seed" not in heroes[0]
    for args in (("log", sheet, "--as", "overlord"), ("undo", sheet),
                 ("replay", log)):
        result = rf(*args)
        assert result.exit_code != 0 and "sealed log" in result.output, (args, result.output)
        assert "camp.log.jsonl:1:" in result.output, result.output  # `new`'s seed, line 1
    sealed_log.write_bytes(kept.replace(b"11", b"12"))  # an edited seed: another sheet
    result = rf("undo", sheet)
    assert result.exit_code != 0 and "camp.log.jsonl:1:" in result.output, result.output
    sealed_log.write_bytes(kept)
    before = (sheet.read_bytes(), log.read_bytes(), kept)
    ok("undo", sheet)
    assert log.read_text(encoding="utf-8").count("\n") == 1
    assert sealed_log.read_text(encoding="utf-8").count("\n") == 1
    ok("setup", sheet, "--set-aside", card)  # done again: the same three files, byte for byte
    assert (sheet.read_bytes(), log.read_bytes(), sealed_log.read_bytes()) == before
