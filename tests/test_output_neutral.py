"""Output other programs cannot misread (issue 22, item 10): control characters from content
never reach the terminal raw, and a CSV cell never starts a spreadsheet formula."""

from __future__ import annotations

import csv
import io

import pytest
from rich.table import Table
from rich.text import Text

from runeforge.commands._balance import Cell, Report
from runeforge.commands._balancereport import cells_csv, safe_cell
from runeforge.console import console, neutralise

EVIL = "Pups\x1b]0;pwned\x07\x1b[2J\x9b31m\u202e"

CHALLENGE = """\
kind: challenge
cards:
  - name: "Hungry \\e]0;pwned\\a Pups\\e[2J"
    origin: original
    colour: green
    mind: 8
    body: 11
    spirit: 9
    ranged_damage: 0
    melee_damage: 2
    magic_damage: 0
    life: 3
    reward: {gold: 2}
"""


def test_neutralise_keeps_length_and_shows_every_control():
    shown = neutralise(EVIL)
    assert len(shown) == len(EVIL)
    assert "\x1b" not in shown and "\x07" not in shown and "\x9b" not in shown
    assert "\u202e" not in shown and "␛]0;pwned␇␛[2J" in shown
    assert neutralise("Zażółć\tok\n") == "Zażółć\tok\n"  # tab, newline and letters stay


@pytest.mark.parametrize("stderr", [False, True])
def test_console_neutralises_str_text_and_table_cells(capsys, stderr):
    out = console(stderr=stderr)
    out.print(f"plain {EVIL}")
    out.print(Text(f"styled {EVIL}", style="bold red"))
    out.print(f"markup-free {EVIL}", markup=False)
    table = Table("name")
    table.add_row(EVIL)
    table.add_row(Text(EVIL))
    out.print(table)
    captured = capsys.readouterr()
    written = captured.err if stderr else captured.out
    assert "\x1b" not in written and "\x9b" not in written and "\u202e" not in written
    assert written.count("␛]0;pwned") == 5


def test_fight_shows_a_card_names_escape_sequences_as_symbols(cli, content_dir):
    content_dir.write("c.yaml", CHALLENGE)
    res = cli("fight", "--hero", "varikas-the-dead", "--challenge", "hungry-0-pwned-pups-2j",
              content_dir.root)
    assert res.exit_code == 0, res.output
    assert "\x1b" not in res.output
    assert "vs Hungry ␛]0;pwned Pups␛[2J" in res.stdout


@pytest.mark.parametrize("value, expect", [
    ('=HYPERLINK("http://evil","x")', '\'=HYPERLINK("http://evil","x")'),
    ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1)", "'@SUM(A1)"),
    ("\tTAB", "'\tTAB"),
    ("\rCR", "'\rCR"),
    ("-1", "-1"), ("-0.500000", "-0.500000"), ("+3", "+3"), ("1e-3", "1e-3"),
    ("body+2;life+2", "body+2;life+2"), ("", ""), (-1, -1), (0.25, 0.25),
])
def test_safe_cell(value, expect):
    assert safe_cell(value) == expect


def test_balance_csv_cells_never_start_a_formula():
    report = Report("adv", "Adventure", "base", heroes=[("@hero", "At Hero")],
                    challenges=[{"id": "=evil", "name": '=HYPERLINK("http://x","click")',
                                 "colour": "green", "pack": "+pack", "count": 1,
                                 "ignored": False}])
    report.cells = [Cell("@hero", "=evil", t, {"body": -2} if t else {}, 0.5, 0.25, 0.25,
                         1.5, False) for t in (0, 2, 4, 6)]
    report.index()
    rows = list(csv.DictReader(io.StringIO(cells_csv(report).decode("utf-8"))))
    assert len(rows) == 4
    for row in rows:
        assert row["challenge"] == "'=evil" and row["hero"] == "'@hero"
        assert row["challenge_name"] == '\'=HYPERLINK("http://x","click")'
        assert row["pack"] == "'+pack" and row["win"] == "0.500000"
    assert {r["modifiers"] for r in rows} == {"", "body-2"}


def test_brackets_from_content_never_crash_the_console(capsys):
    table = Table("name")
    table.add_row("[/x] Pups")
    out = console()
    out.print(table)
    out.print("[/oops] text")
    written = capsys.readouterr().out
    assert "[/x] Pups" in written and "[/oops] text" in written
