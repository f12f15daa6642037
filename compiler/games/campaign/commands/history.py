"""A hand-kept campaign's history: its log (SHEET.log.jsonl) applied again from `new` on
(redo.py), and the commands built on it: `campaign undo` (the sheet of the log's line before
the last, byte for byte, and the log without its last line, as one commit), `campaign repair`
(a sheet damaged or out of step with its log rebuilt from the log) and the comparison of a
log's replay with the sheet on disk (`campaign replay SHEET.log.jsonl`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from runeforge.console import console, content_dirs_argument
from runeforge.diagnostics import Diagnostic, DiagnosticError

from . import sheetio as io

DIRS = click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                      callback=content_dirs_argument)


class Broken(Exception):
    """Line ``line`` (1-based) of a log cannot be read or applied again."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def parse(lines: list[str]) -> list:
    rows = []
    for number, line in enumerate(lines, 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise Broken(number, f"the log is not JSON lines: {exc.msg}") from None
        except (ValueError, RecursionError) as exc:  # a number over 4,300 digits; nesting
            raise Broken(number, f"not a JSON line the log can hold ({type(exc).__name__}: "
                                 f"{str(exc)[:120]})") from None
        if not isinstance(rows[-1], dict):
            raise Broken(number, "a log line is a JSON object")
    return rows


def sheets(data, rows: list) -> list[dict]:
    """The sheet after each row, every digest checked; :class:`Broken` at the first row that
    cannot be applied again or gives another sheet than the one logged."""
    from runeforge.engine.campaign.sheet.state import digest
    from runeforge.engine.common.errors import EngineError

    from .redo import redo

    out, sheet = [], None
    for i, row in enumerate(rows, 1):
        try:
            sheet = redo(data, sheet, row)
        except (EngineError, KeyError, TypeError, ValueError, AttributeError,
                IndexError) as exc:
            raise Broken(i, f"line {i} ({row.get('command')!r}) cannot be applied again: "
                            f"{exc}") from None
        if digest(sheet) != row.get("sha256"):
            raise Broken(i, f"line {i} ({row.get('command')!r}) gives another sheet than the "
                            "one logged")
        out.append(sheet)
    return out


def differences(a, b, where: str = "", most: int = 8) -> list[str]:
    """Where two sheets differ, as JSON paths with both values (short)."""
    if isinstance(a, dict) and isinstance(b, dict):
        out = []
        for key in sorted(set(a) | set(b)):
            out += differences(a.get(key), b.get(key), f"{where}/{key}", most)
        return out[:most]
    if a != b:
        if where.startswith(SEALED):  # card orders and the overlord's cards: no values
            return [f"{where}: differs"]

        def short(v):
            return json.dumps(v, sort_keys=True, ensure_ascii=False)[:60]
        return [f"{where or '/'}: {short(a)} here, {short(b)} on disk"]
    return []


# what an error message never prints the values of: deck orders and the overlord's cards
SEALED = ("/overlord", "/shop/deck", "/search", "/travel/deck", "/streams")


def sheet_beside(log: Path) -> Path | None:
    """``camp.json`` for ``camp.log.jsonl``."""
    name = log.name
    return log.with_name(name[: -len(".log.jsonl")] + ".json") \
        if name.endswith(".log.jsonl") else None


def _log_lines(sheet_path) -> tuple[list[str], list[str] | None]:
    """(the log's lines, the sealed log's lines or None when there is none) of a sheet."""
    log = io.log_path(sheet_path)
    if not log.exists():
        raise io.Refused(f"{sheet_path} has no log beside it ({log.name}); only a sheet kept "
                         "with `campaign new` and its commands can be taken back or rebuilt")
    text = io.read_utf8(log, "RF964", "the campaign log", "the log was damaged")
    return text.splitlines(keepends=True), sealed_lines(log)


def sealed_lines(log: Path) -> list[str] | None:
    """The lines of the sealed log beside ``log`` (logsecrets.py), None when there is none."""
    from .logsecrets import sealed_log_path

    path = sealed_log_path(log)
    if not path.exists():
        return None
    text = io.read_utf8(path, "RF964", "the campaign's sealed log",
                        "the sealed log was damaged; restore it from a copy")
    return text.splitlines(keepends=True)


def rows_of(lines: list[str], secret_lines: list[str] | None) -> list:
    """The whole rows of a log: its lines with their secret arguments put back from the
    sealed log's lines; :class:`Broken` at the first line that cannot be read or whose
    sealed line is missing."""
    from .logsecrets import SecretsMissing, merge

    rows = parse(lines)
    secrets = None
    if secret_lines is not None:
        try:
            secrets = parse(secret_lines)
        except Broken as exc:
            raise Broken(exc.line, f"the sealed log's line {exc.line}: {exc}") from None
    try:
        return merge(rows, secrets)
    except SecretsMissing as exc:
        raise Broken(exc.line, str(exc)) from None


def _fail(log: Path, lines: list[str], exc: Broken) -> DiagnosticError:
    return DiagnosticError(Diagnostic(
        "RF964", str(exc), str(log), exc.line, 1,
        source_line=lines[exc.line - 1].rstrip("\n") if 0 < exc.line <= len(lines) else None,
        hint="the log was edited, or the content or runeforge changed since it was written"))


@click.command("undo", epilog="\b\nExample:\n  runeforge campaign undo camp.json")
@click.argument("sheet", type=click.Path(dir_okay=False))
@DIRS
def undo_command(sheet, dirs) -> None:
    """Take back the last command: the sheet as it was before it, byte for byte."""
    from runeforge.engine.campaign.sheet.state import digest

    state, data = io.open_sheet(sheet, dirs)  # finished journal, sheet agrees with its log
    lines, secret = _log_lines(sheet)
    if len(lines) < 2:
        raise io.Refused("there is nothing to take back: the log holds only `new`")
    try:
        rows = rows_of(lines, secret)
        before = sheets(data, rows[:-1])[-1]
    except Broken as exc:
        raise _fail(io.log_path(sheet), lines, exc) from None
    kept = "".join(lines[:-1]), None if secret is None else "".join(secret[: len(lines) - 1])
    io.replace(sheet, before, lambda: kept, digest(state))
    last = rows[-1]
    console().print(f"Took back `{last.get('command')}` (log line {len(lines)}); the sheet is "
                    f"as after `{rows[-2].get('command')}`: act {before['act']}, step "
                    f"{before['step']}, gold {before['gold']}.", markup=False)


@click.command("repair", epilog="\b\nExample:\n  runeforge campaign repair camp.json")
@click.argument("sheet", type=click.Path(dir_okay=False))
@DIRS
def repair_command(sheet, dirs) -> None:
    """Finish an interrupted command, or rebuild a damaged sheet from its log."""
    from . import journal

    out = console()
    try:
        with journal.locked(sheet):
            finished = journal.recover(sheet)
    except journal.Busy as exc:
        raise click.ClickException(str(exc)) from None
    if finished:
        name = journal.journal_path(sheet).name
        out.print(f"Finished the command that was interrupted ({name}).", markup=False)
    lines, secret = _log_lines(sheet)
    try:
        rows = rows_of(lines, secret)
    except Broken as exc:  # keep the lines before the damaged one
        lines = lines[: exc.line - 1]
        secret = None if secret is None else secret[: exc.line - 1]
        rows = rows_of(lines, secret)
        out.print(f"The log is damaged at line {exc.line}: {exc}; kept the {len(rows)} "
                  "lines before it.", markup=False)
    if not rows:
        raise io.Refused("the log has no line to rebuild the sheet from")
    data = io.campaign_data(io.bundle_for(dirs), rows[0].get("campaign"))
    try:
        built = sheets(data, rows)
    except Broken as exc:
        lines = lines[: exc.line - 1]
        secret = None if secret is None else secret[: exc.line - 1]
        built = sheets(data, rows[: exc.line - 1]) if exc.line > 1 else []
        out.print(f"{exc}; kept the {len(built)} lines before it.", markup=False)
    if not built:
        raise io.Refused("not even the log's first line can be applied again")
    (text, sealed), path = io.texts(sheet, built[-1]), Path(sheet)
    old = path.read_bytes() if path.exists() else None
    kept = "".join(lines), None if secret is None else "".join(secret[: len(lines)])
    if old == text.encode("utf-8") and io.sealed_text(sheet) == sealed and \
            io.log_path(sheet).read_text(encoding="utf-8") == kept[0] and \
            (secret is None or sealed_lines(io.log_path(sheet)) == secret[: len(lines)]):
        out.print(f"Nothing to repair: {sheet} is the sheet its log describes.", markup=False)
        return
    if old is not None and old != text.encode("utf-8"):
        aside = path.with_name(path.stem + ".damaged.json")
        from runeforge.atomic import write_bytes_atomic

        write_bytes_atomic(aside, old)
        out.print(f"Kept the sheet that was on disk as {aside.name}.", markup=False)
    io.replace(sheet, built[-1], lambda: kept, io.ANY)
    out.print(f"Rebuilt {sheet} from its log ({len(built)} commands): act {built[-1]['act']}, "
              f"step {built[-1]['step']}.", markup=False)


def check_sheet_on_disk(log: Path, last: dict, lines: list[str]) -> str:
    """After a replay of a sheet's log: compare its last sheet with the sheet beside the log.
    A located RF964 naming where they differ; else what to print."""
    from runeforge.engine.campaign.sheet.state import digest

    path = sheet_beside(log)
    if path is None or not path.exists():
        return "(no sheet beside the log to compare)"
    disk = io.disk_sheet(path)  # with its sealed file
    if not isinstance(disk, dict) or digest(disk) != digest(last):
        where = differences(last, disk) if isinstance(disk, dict) else \
            [f"{path.name} (or its sealed file) cannot be read as JSON"]
        raise DiagnosticError(Diagnostic(
            "RF964", f"the log's replay ends at another sheet than {path.name} on disk: "
                     + "; ".join(where), str(log), len(lines), 1,
            source_line=lines[-1].rstrip("\n") if lines else None,
            hint=f"the log was shortened or the sheet edited; `runeforge campaign repair "
                 f"{path}` rebuilds the sheet from the log"))
    return f"and it is {path.name} on disk"
