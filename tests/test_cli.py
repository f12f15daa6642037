"""The `runeforge` command line: check, build, text, schema, version, exit codes."""

from __future__ import annotations

import json

import click
import pytest

from runeforge import cli as cli_module
from runeforge import pipeline
from runeforge.cli import main
from runeforge.games.runebound import abilities


def test_version(cli):
    res = cli("--version")
    assert res.exit_code == 0 and res.stdout.strip() == "runeforge, version 0.1.0"


@pytest.mark.parametrize("name", ["check", "fmt", "build", "text", "schema"])
def test_every_command_has_help_with_an_example(cli, name):
    res = cli(name, "--help")
    assert res.exit_code == 0 and "Example" in res.stdout and f"runeforge {name}" in res.stdout


def test_commands_are_discovered_from_the_package():
    import pkgutil

    from runeforge import commands

    names = {m.name for m in pkgutil.iter_modules(commands.__path__) if not m.name.startswith("_")}
    ctx = click.Context(main)
    listed = set(main.list_commands(ctx))
    assert {"check", "fmt", "build", "text", "schema"} <= listed
    # commands are loaded on demand, but every module is listed, and every game's own
    # sub-command (Game.commands: the campaign's `runeforge campaign`)
    assert "campaign" not in names and "campaign" in cli_module.game_commands()
    assert listed == names | set(cli_module.game_commands())
    for name in listed:  # each exposes a `command` named after the module or the game's entry
        command = main.get_command(ctx, name)
        assert isinstance(command, click.Command) and command.name == name
        assert "unavailable" not in (command.help or "")


def test_a_command_module_that_fails_to_import_does_not_break_the_cli(monkeypatch):
    group = click.Group()
    real = cli_module.importlib.import_module

    def fake(name):
        if name.endswith(".schema"):
            raise ImportError("boom")
        return real(name)

    monkeypatch.setattr(cli_module.importlib, "import_module", fake)
    cli_module.register_commands(group)
    assert "check" in group.commands and "schema" in group.commands
    assert "unavailable" in group.commands["schema"].help


def test_check_clean_bundled_content(cli):
    res = cli("check")
    assert res.exit_code == 0, res.output
    assert "0 errors" in res.stderr


def test_check_json_format(cli, content_dir, item_text):
    content_dir.write("a.yaml", item_text.replace("class: artifact", "class: wepon"))
    res = cli("check", "--format", "json", content_dir.root)
    assert res.exit_code == 1
    # (six bundled challenges say 'your enemy' and warn RF441: tests/test_card_windows.py)
    (record,) = [r for r in json.loads(res.stdout) if r["code"] != "RF441"]
    assert record["code"] == "RF204" and record["line"] == 6 and record["col"] == 12
    assert record["hint"] == "did you mean 'weapon'?" and record["severity"] == "error"


def test_check_text_format_shows_source_and_caret(cli, content_dir, item_text):
    content_dir.write("a.yaml", item_text.replace("cost: 4", "cost: four"))
    res = cli("check", content_dir.root)
    lines = res.stdout.splitlines()
    head = next(i for i, ln in enumerate(lines) if "error[RF201]" in ln)
    assert lines[head].endswith("'cost' must be a whole number, not a string")
    assert lines[head + 1] == "    5 |     cost: four"
    assert lines[head + 2] == "      |           ^^^^"


def test_check_coverage(cli, monkeypatch):
    """Ability 1 of every multi-ability card fails to parse; the rest compile."""

    def compile_card(card, content):
        texts = card.data.get("abilities", [])
        diags = []
        if len(texts) > 1:
            d = card.diag("RF301", "does not parse", "abilities", 1)
            diags.append(d)
        irs = [{"source": t} for i, t in enumerate(texts) if i != 1 or len(texts) < 2]
        return irs, diags

    monkeypatch.setattr(abilities, "compile_card", compile_card)
    monkeypatch.setattr("runeforge.games.delve.abilities.compile_card", compile_card)  # the 2nd game
    monkeypatch.setattr("runeforge.games.campaign.abilities.compile_card", compile_card)  # the 3rd
    res = cli("check", "--coverage", "--format", "json")
    assert res.exit_code == 1
    cov = json.loads(res.stdout)["coverage"]
    failing = [r for r in cov["abilities"] if r["ability"] == 1]
    assert cov["total"] > 0 and failing, "the bundled content has a multi-ability card"
    assert all(not r["compiles"] and not r["parses"] for r in failing)
    assert all(r["compiles"] and r["parses"] for r in cov["abilities"] if r["ability"] != 1)
    assert cov["compiles"] == cov["total"] - len(failing)
    res = cli("check", "--coverage")
    last = res.stdout.strip().splitlines()[-1]
    done, total = cov["compiles"], cov["total"]
    assert last.endswith(f"{done}/{total} compile ({100.0 * done / total:.1f}%)")

    def lose_an_ir(card, content):  # an IR missing without an error: not counted as built
        return [], []

    monkeypatch.setattr(abilities, "compile_card", lose_an_ir)
    monkeypatch.setattr("runeforge.games.delve.abilities.compile_card", lose_an_ir)
    monkeypatch.setattr("runeforge.games.campaign.abilities.compile_card", lose_an_ir)
    cov = json.loads(cli("check", "--coverage", "--format", "json").stdout)["coverage"]
    assert cov["compiles"] == 0 and cov["parses"] == cov["total"]


def test_build_writes_versioned_deterministic_bundle(cli, tmp_path, content_dir, item_text):
    content_dir.write("a.yaml", item_text)
    out1, out2 = tmp_path / "o1", tmp_path / "o2"
    assert cli("build", content_dir.root, "--out", out1).exit_code == 0
    assert cli("build", content_dir.root, "--out", out2).exit_code == 0
    raw = (out1 / "bundle.json").read_bytes()
    assert raw == (out2 / "bundle.json").read_bytes() and raw.endswith(b"\n")
    bundle = json.loads(raw)
    assert bundle["format"] == "runeforge-bundle" and bundle["format_version"] == 1
    from runeforge.engine.runebound.core.ir import IR_VERSION

    assert bundle["ir_version"] == IR_VERSION
    card = next(c for c in bundle["cards"] if c["id"] == "girdle-of-testing")
    assert card["kind"] == "item" and card["pack"] == "my-cards" and card["cost"] == 4
    assert card["text"] == ["You receive +3 Body."] and isinstance(card["abilities"], list)
    text = json.loads((out1 / "text" / "en.json").read_text(encoding="utf-8"))
    assert {"card": "girdle-of-testing", "ability": 0, "text": "You receive +3 Body."} in text
    assert not [p for p in out1.rglob("*") if p.name.endswith(".tmp")]
    from runeforge.backends.bundle import TEST_KINDS
    from runeforge.loader import load_content

    kinds = set(load_content([]).documents)
    assert "scenarios" in kinds  # the card scenarios test the content; they are not part of it
    assert set(bundle["documents"]) == kinds - set(TEST_KINDS)


def test_build_writes_nothing_when_content_has_errors(cli, tmp_path, content_dir, item_text):
    content_dir.write("a.yaml", item_text.replace("cost: 4", "cost: four"))
    out = tmp_path / "out"
    res = cli("build", content_dir.root, "--out", out)
    assert res.exit_code == 1 and "error[RF201]" in res.stdout and not out.exists()


def test_build_unknown_locale_is_a_usage_error(cli, tmp_path):
    res = cli("build", "--out", tmp_path / "o", "--locale", "xx")
    assert res.exit_code == 2 and "xx" in res.output and not (tmp_path / "o").exists()


def test_build_output_not_writable(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    res = cli("build", "--out", blocker)
    assert res.exit_code == 1 and "error[RF003]" in res.stdout


def test_text_command(cli, content_dir, item_text):
    content_dir.write("a.yaml", item_text)
    res = cli("text", content_dir.root, "--locale", "en", "--card", "girdle-of-testing")
    assert res.exit_code == 0
    assert res.stdout.splitlines() == ["Girdle of Testing (girdle-of-testing)",
                                       "  You receive +3 Body."]
    res = cli("text", content_dir.root, "--card", "girdle-of-testing", "--format", "json")
    assert json.loads(res.stdout) == [{"card": "girdle-of-testing", "ability": 0,
                                       "text": "You receive +3 Body."}]


def test_text_unknown_card_is_rf004(cli, content_dir, item_text):
    content_dir.write("a.yaml", item_text)
    res = cli("text", content_dir.root, "--card", "girdle-of-testin")
    assert res.exit_code == 2 and "error[RF004]" in res.stdout
    assert "did you mean 'girdle-of-testing'?" in res.stdout


def test_text_unsupported_locale_is_a_usage_error(cli):
    res = cli("text", "--locale", "tlh")
    assert res.exit_code == 2 and "tlh" in res.output


def test_internal_error_exit_3_without_traceback(cli, monkeypatch):
    def boom(content):
        raise ZeroDivisionError("oops")

    monkeypatch.setattr(pipeline, "compile_content", boom)
    res = cli("check")
    assert res.exit_code == 3 and "internal error: ZeroDivisionError: oops" in res.stderr
    assert "Traceback" not in res.output and "report" in res.stderr
    res = cli("check", env={"RUNEFORGE_DEBUG": "1"})
    assert res.exit_code == 3 and "Traceback" in res.stderr


def test_real_subprocess(cli_process, tmp_path, content_dir, item_text):
    content_dir.write("a.yaml", item_text.replace("cost: 4", "cost: four"))
    res = cli_process("check", content_dir.root, cwd=tmp_path)
    assert res.returncode == 1 and "my-cards/a.yaml:5:11: error[RF201]" in res.stdout
    assert "\x1b[" not in res.stdout  # no colour when not a terminal
    res = cli_process("--version", cwd=tmp_path)
    assert res.returncode == 0 and "0.1.0" in res.stdout
    res = cli_process("check", tmp_path / "missing", cwd=tmp_path)
    assert res.returncode == 2 and "Traceback" not in res.stderr


def test_colour_only_when_allowed(cli, content_dir, item_text):
    content_dir.write("a.yaml", item_text.replace("cost: 4", "cost: four"))
    res = cli("check", content_dir.root, env={"NO_COLOR": None, "FORCE_COLOR": "1",
                                              "TERM": "xterm-256color"})
    assert "\x1b[" in res.stdout
    res = cli("check", content_dir.root, env={"NO_COLOR": "1", "FORCE_COLOR": None})
    assert "\x1b[" not in res.output


def test_check_coverage_of_a_folder_without_abilities_gives_no_share(cli, tmp_path):
    """A folder whose cards have no abilities (here: a file that does not load) has no share
    to print: before, it read "0/0 abilities parse (100.0%)", a figure nothing stood behind."""
    (tmp_path / "mine.yaml").write_text("- name: not a content file\n", encoding="utf-8")
    res = cli("check", "--coverage", str(tmp_path))
    assert res.exit_code == 1
    assert "100.0%" not in res.stdout and "no abilities to measure" in res.stdout
    cov = json.loads(cli("check", "--coverage", "--format", "json", str(tmp_path)).stdout)
    assert cov["coverage"]["total"] == 0 and cov["coverage"]["percent"] is None
