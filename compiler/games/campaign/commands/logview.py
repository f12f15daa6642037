"""`runeforge campaign log SHEET --as heroes|overlord`: the campaign's log told to one side.

The log file (SHEET.log.jsonl) records every command, so that it can be replayed; the
overlord's secret arguments (the seed, the cards he set aside, R23, and the cards he bought
with XP) are in the sealed log beside it (logsecrets.py), so the log itself names none of his
cards. The heroes' summary reads the log alone: those arguments are counts. The overlord's
summary puts them back from the sealed log. Relics given to lieutenants lie face up at the
table (R48) and are shown to both sides."""

from __future__ import annotations

import json

import click

from runeforge.console import console, content_dirs_argument

from . import sheetio as io


def public(row: dict, lord: str, role: str) -> dict:
    """The facts of one log line that ``role`` may see: for the overlord a whole row (with
    its sealed arguments), for the heroes a line of the log as it is on disk."""
    from .logsecrets import for_heroes, secret_keys

    if role == "overlord":
        return {k: v for k, v in row.items() if k != "sha256"}
    out = for_heroes(row)
    if "sealed" not in row:  # a log begun before the sealed log: its secrets are inline
        for key in secret_keys(row, lord):
            if isinstance(out.get(key), list):
                out[key] = len(out[key])
            else:
                out.pop(key, None)
    for key in ("hand", "deck"):
        out.pop(key, None)
    return out


def describe(row: dict) -> str:
    command = row.get("command")
    rest = {k: v for k, v in row.items() if k not in ("command", "step", "act")
            and v not in (None, [], {})}
    facts = ", ".join(f"{k} {v if isinstance(v, (str, int)) else json.dumps(v)}"
                      for k, v in sorted(rest.items()))
    return f"{command}: {facts or '-'} -> {row.get('act')} / {row.get('step')}"


@click.command("log", epilog="\b\nExample:\n  runeforge campaign log camp.json --as heroes")
@click.argument("sheet", type=click.Path(dir_okay=False))
@io.ROLE
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def log_command(sheet, role, fmt, dirs) -> None:
    """The campaign's log, line by line, as one side may see it."""
    from .history import Broken, parse, rows_of, sealed_lines

    state, _ = io.open_sheet(sheet, dirs)  # finished journal, sheet agrees with its log
    log = io.log_path(sheet)
    if not log.exists():
        raise io.Refused(f"{sheet} has no log beside it ({log.name})")
    lines = io.read_utf8(log, "RF964", "the campaign log", "the log was damaged").splitlines()
    try:
        # the heroes' summary needs the log alone; the overlord's its sealed log too
        rows = rows_of(lines, sealed_lines(log)) if role == "overlord" else parse(lines)
    except Broken as exc:
        raise click.ClickException(f"{log}:{exc.line}: {exc}") from None
    lord = next(p["name"] for p in state["players"] if p["side"] == "overlord")
    shown = [public(r, lord, role) for r in rows]
    if fmt == "json":
        click.echo(json.dumps(shown, indent=2, sort_keys=True, ensure_ascii=False))
        return
    out = console()
    for number, row in enumerate(shown, 1):
        out.print(f"{number:3}. {describe(row)}", markup=False)
