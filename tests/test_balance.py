"""`runeforge balance` (compiler/commands/balance.py), issue 9 item 4: the report files exist,
parse (csv, HTML, pypdf), are deterministic, and flag a deliberately out-of-order challenge."""

from __future__ import annotations

import csv
import io
import json

import pytest
from pypdf import PdfReader

from runeforge.engine.runebound.analysis.odds_exact import exact_odds
from runeforge.engine.runebound.core.rulesdata import load_ruleset
from tests.odds_support import PLAIN_CHALLENGES, write_plain_pack

# the plain pack plus a green that is really a red, and a name that needs escaping
CHALLENGES = dict(PLAIN_CHALLENGES)
CHALLENGES["Plain Menace"] = ("green", 16, 16, 16, 2, 2, 2, 5)
CHALLENGES["Rats & Bats"] = ("green", 12, 12, 12, 1, 1, 0, 3)


@pytest.fixture(scope="module")
def report_dir(tmp_path_factory):
    root = tmp_path_factory.mktemp("balance")
    pack = write_plain_pack(root / "plain-pack", CHALLENGES)
    return root, pack


@pytest.fixture(scope="module")
def written(report_dir):
    from click.testing import CliRunner

    from runeforge.cli import main

    root, pack = report_dir
    runner = CliRunner(env={"NO_COLOR": "1", "RUNEFORGE_CACHE_DIR": str(root / "cache")})
    outs = []
    for name in ("a", "b"):
        res = runner.invoke(main, ["balance", "--adventure", "plain-pack", "--out",
                                   str(root / name), str(pack)], catch_exceptions=False)
        assert res.exit_code == 0, res.output
        outs.append(res)
    return root / "a", root / "b", outs[0].stdout


def rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_files_exist_and_are_deterministic(written):
    a, b, _ = written
    names = ["balance.csv", "balance-summary.csv", "balance.html", "balance.pdf"]
    for name in names:
        assert (a / name).stat().st_size > 0
        assert (a / name).read_bytes() == (b / name).read_bytes(), name
    assert not [p for p in a.iterdir() if p.name not in names]  # no temp files left


def test_csv_has_every_cell_with_the_exact_odds(written):
    a, _, _ = written
    data = rows(a / "balance.csv")
    heroes = {r["hero"] for r in data}
    chals = {r["challenge"] for r in data}
    assert chals == {n.lower().replace(" & ", "-").replace(" ", "-") for n in CHALLENGES}
    assert {"plain-seer", "varikas-the-dead"} <= heroes  # user heroes and bundled heroes
    assert len(data) == len(heroes) * len(chals) * 4
    assert {r["tokens"] for r in data} == {"0", "2", "4", "6"}
    cell = next(r for r in data if r["hero"] == "plain-seer" and r["challenge"] == "plain-ogre"
                and r["tokens"] == "0")
    want = exact_odds({"name": "h", "mind": 3, "body": 3, "spirit": 6, "ranged_damage": 1,
                       "melee_damage": 1, "magic_damage": 2, "life": 5},
                      {"name": "c", "mind": 15, "body": 14, "spirit": 15, "ranged_damage": 1,
                       "melee_damage": 2, "magic_damage": 1, "life": 4})
    assert float(cell["win"]) == pytest.approx(want.win, abs=1e-6)
    # tokens never lower the odds, and the stated rule is what was bought
    by = {(r["hero"], r["challenge"], int(r["tokens"])): r for r in data}
    for (h, c, t), r in by.items():
        if t:
            assert float(r["win"]) >= float(by[(h, c, t - 2)]["win"]) - 1e-9
    seer6 = by[("plain-seer", "plain-ogre", 6)]
    assert seer6["modifiers"] == "life+3;spirit+6"
    # each Life token bars the easiest colour left (base rules): 3 bar green, yellow, blue
    assert seer6["barred"] == "1" and by[("plain-seer", "plain-wyrm", 6)]["barred"] == "0"
    assert by[("plain-seer", "plain-goblin", 2)]["barred"] == "1"
    assert by[("plain-seer", "plain-ghoul", 2)]["barred"] == "0"
    assert all(r["barred"] == "0" for r in data if r["tokens"] == "0")


def test_out_of_order_challenge_is_flagged(written):
    a, _, stdout = written
    data = rows(a / "balance.csv")
    flagged = {r["challenge"] for r in data if r["out_of_order"] == "1"}
    assert "plain-menace" in flagged
    assert "plain-goblin" not in flagged and "rats-bats" not in flagged
    assert "out of order: Plain Menace (green): harder than the median" in stdout
    html = (a / "balance.html").read_text("utf-8")
    section = html.split("<h2>Out of order</h2>")[1].split("<h2>")[0]
    assert "Plain Menace" in section and "Plain Goblin" not in section


def test_summary_per_colour(written):
    a, _, _ = written
    data = rows(a / "balance-summary.csv")
    assert {r["colour"] for r in data} == {"green", "yellow", "blue", "red"}
    for r in data:
        assert float(r["min"]) <= float(r["median"]) <= float(r["max"])
    green0 = next(r for r in data if r["colour"] == "green" and r["tokens"] == "0")
    assert green0["challenges"] == "3"
    red = [float(r["median"]) for r in data if r["colour"] == "red"]
    assert red == sorted(red)  # more tokens, better odds


def test_html_lists_every_challenge_escaped(written):
    a, _, _ = written
    html = (a / "balance.html").read_text("utf-8")
    for name in CHALLENGES:
        assert name.replace("&", "&amp;") in html
    assert "Rats & Bats" not in html
    assert "<script" not in html
    assert "alternating between the Hero's best combat attribute" in html.replace("&#39;", "'")


def test_pdf_has_pages_charts_and_text(written):
    a, _, _ = written
    reader = PdfReader(io.BytesIO((a / "balance.pdf").read_bytes()))
    assert len(reader.pages) >= 5  # summary + one page per colour
    text = "\n".join(p.extract_text() for p in reader.pages)
    assert "Balance: " in text and "Median win probability per colour" in text
    for name in ("Plain Menace", "Plain Ogre", "Plain Wyrm"):
        assert name in text
    assert "0 tokens" in text and "6 tokens" in text  # chart legends
    fonts = json.dumps(sorted({str(f) for p in reader.pages
                               for f in (p["/Resources"].get("/Font") or {}).values()}))
    assert fonts  # text is set in embedded fonts


def test_token_rule():
    from runeforge.commands._balance import best_attribute, token_modifiers

    exp = load_ruleset("base").experience
    hero = {"mind": 3, "body": 6, "spirit": 2, "ranged_damage": 1, "melee_damage": 2,
            "magic_damage": 1, "life": 5}
    assert best_attribute(hero) == "body"
    assert token_modifiers(hero, 0, exp) == {}
    assert token_modifiers(hero, 2, exp) == {"body": 2, "life": 1}
    assert token_modifiers(hero, 6, exp) == {"body": 6, "life": 3}
    assert token_modifiers(hero, 8, exp) == {"body": 10, "life": 3}  # Life capped at 3
    tie = dict(hero, mind=6, ranged_damage=2)
    assert best_attribute(tie) == "mind"  # equal value and damage: ranged first


def test_unknown_adventure_is_a_usage_error(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(tmp_path / "cache"))
    res = cli("balance", "--adventure", "plain-pak", "--out", tmp_path / "o",
              write_plain_pack(tmp_path / "plain-pack"))
    assert res.exit_code == 2
    assert "did you mean 'plain-pack'?" in res.output and "Traceback" not in res.output
    assert not (tmp_path / "o").exists()


def test_default_report_is_the_base_adventure(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(tmp_path / "cache"))
    res = cli("balance", "--out", tmp_path / "o")
    assert res.exit_code == 0, res.output
    data = rows(tmp_path / "o" / "balance.csv")
    chals = {r["challenge"] for r in data}
    assert {"blood-of-the-bloodmother", "hungry-wolves", "high-lord-margath"} <= chals
    assert {r["pack"] for r in data} == {"core"}


def test_monte_carlo_report_runs_the_engine(report_dir, written, cli, monkeypatch):
    root, pack = report_dir
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(root / "cache"))
    res = cli("balance", "--adventure", "plain-pack", "--trials", "10", "--seed", "5",
              "--out", root / "mc", pack)
    assert res.exit_code == 0, res.output
    data = rows(root / "mc" / "balance.csv")
    exact = {(r["hero"], r["challenge"], r["tokens"]): r for r in rows(root / "a" / "balance.csv")}
    assert len(data) == len(exact)
    for r in data:
        lo, win, hi = float(r["win_ci_low"]), float(r["win"]), float(r["win_ci_high"])
        assert lo <= win <= hi and hi - lo > 0  # an interval, not a point
        assert float(r["win"]) * 10 == pytest.approx(round(float(r["win"]) * 10))
    assert "plain-menace" in {r["challenge"] for r in data if r["out_of_order"] == "1"}
    html = (root / "mc" / "balance.html").read_text("utf-8")
    assert "Monte Carlo with the engine (10 trials a cell, seed 5" in html
