"""What the `runeforge campaign` commands share: reading a sheet with located errors (RF961 to
RF963), the campaign's data from the bundle, applying one action on a copy of the sheet (a
refused action changes nothing), writing the sheet atomically and appending the campaign log
beside it (JSON lines)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from runeforge.diagnostics import Diagnostic, DiagnosticError, did_you_mean

ROLE = click.option(
    "--as", "role", type=click.Choice(["heroes", "overlord"]), default="heroes",
    show_default=True, help="Whose view: the heroes' never shows the overlord's hand, the "
                            "cards he set aside or any of his cards (issue 34).")
CODE_OF = {"json": "RF961", "version": "RF962", "schema": "RF963", "content": "RF963",
           "sealed": "RF968"}


class Refused(click.ClickException):
    """A campaign rule refused the action (exit status 2, like a usage error); the sheet is
    unchanged."""

    exit_code = 2

    def format_message(self) -> str:
        return f"refused: {self.message}\n  = hint: the sheet is unchanged; see `runeforge " \
               "campaign status SHEET` for what is possible now"


def sheet_error(path, exc) -> DiagnosticError:
    lines = None
    try:
        lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        pass
    source = lines[exc.line - 1] if lines and 0 < exc.line <= len(lines) else None
    return DiagnosticError(Diagnostic(CODE_OF[exc.kind], str(exc), str(path), exc.line, exc.col,
                                      hint=exc.hint or None, source_line=source))


def read_utf8(path, code: str, what: str, hint: str) -> str:
    """The text of ``path``; bytes that are not UTF-8 are a located error ``code`` at the
    first bad byte (line:col), never a UnicodeDecodeError."""
    raw = Path(path).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        start = raw.rfind(b"\n", 0, exc.start) + 1
        line = raw.count(b"\n", 0, exc.start) + 1
        source = raw[start:raw.find(b"\n", start) if b"\n" in raw[start:] else len(raw)]
        raise DiagnosticError(Diagnostic(
            code, f"{what} is not UTF-8 text (byte 0x{raw[exc.start]:02x})", str(path), line,
            exc.start - start + 1, hint=hint,
            source_line=source.decode("utf-8", errors="replace"))) from None


def recovered(path) -> None:
    """Finish a command that was killed after writing its journal (journal.py), under the
    sheet's lock; every command calls this before it reads the sheet."""
    from . import journal

    if not journal.pending(path):  # nothing to finish: no lock, so a read-only folder reads
        return
    try:
        with journal.locked(path):
            journal.recover(path)
    except journal.Busy as exc:
        raise click.ClickException(str(exc)) from None


def read_sheet(path) -> dict:
    """The sheet at ``path``, checked (JSON, version, schema); a located error otherwise."""
    from runeforge.engine.campaign.sheet.state import SheetError, load_text

    recovered(path)
    try:
        text = read_utf8(path, "RF961", "the campaign sheet",
                         "restore the sheet from the campaign log or a copy")
    except FileNotFoundError:
        raise click.BadParameter(f"no campaign sheet at {path} (make one with `runeforge "
                                 "campaign new`)", param_hint="SHEET") from None
    except OSError as exc:
        raise click.BadParameter(f"cannot read {path}: {exc}", param_hint="SHEET") from None
    try:
        return load_text(text, lambda: sealed_text(path))
    except SheetError as exc:
        raise sheet_error(path, exc) from None


def sealed_path(sheet_path) -> Path:
    """``camp.sealed.json`` beside ``camp.json``: the overlord's secrets (sheet/sealed.py)."""
    path = Path(sheet_path)
    return path.with_name(path.stem + ".sealed.json")


def sealed_text(sheet_path) -> str | None:
    try:
        return Path(sealed_path(sheet_path)).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def texts(path, sheet: dict) -> tuple[str, str]:
    """(the sheet file's text, the sealed file's text) of a whole sheet: the secrets go to
    the sealed file only (sheet/sealed.py)."""
    from runeforge.engine.campaign.sheet.sealed import split
    from runeforge.engine.campaign.sheet.state import dumps

    public, sealed = split(sheet, sealed_path(path).name)
    return dumps(public), sealed


def disk_sheet(path) -> dict | None:
    """The whole sheet on disk (with its sealed part), or None when it cannot be read."""
    from runeforge.engine.campaign.sheet.sealed import SealedError, merge

    try:
        sheet = json.loads(Path(path).read_text(encoding="utf-8"))
        if isinstance(sheet, dict) and "sealed" in sheet:
            sheet = merge(sheet, sealed_text(path))
    except (ValueError, RecursionError, OSError, SealedError):
        return None
    return sheet if isinstance(sheet, dict) else None


def bundle_for(dirs) -> dict:
    from runeforge.commands.play import load_bundle

    return load_bundle(dirs)


def campaign_data(bundle: dict, campaign_id: str | None):
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.common.errors import BundleError

    ids = [d.get("id") for d in bundle.get("documents", {}).get("campaign", [])]
    if campaign_id is not None and campaign_id not in ids:
        hint = did_you_mean(campaign_id, ids) or f"campaigns: {', '.join(map(str, ids))}"
        raise click.BadParameter(f"unknown campaign {campaign_id!r}; {hint}",
                                 param_hint="--campaign")
    try:
        return CampaignData(bundle, campaign_id)
    except BundleError as exc:
        raise click.UsageError(str(exc)) from None


def open_sheet(path, dirs):
    """(sheet, campaign data) for a command on the sheet at ``path``; a sheet whose cards do
    not add up for its campaign (edited by hand, a copy in two places) is refused (RF963)."""
    sheet, data, _ = open_sheet_and_bundle(path, dirs)
    return sheet, data


def open_sheet_and_bundle(path, dirs):
    """:func:`open_sheet` and the compiled bundle it checked the sheet against (for the
    commands that print names: the sheet PDF, ``status --locale``)."""
    from runeforge.engine.campaign.rules.invariants import problems
    from runeforge.engine.campaign.sheet.state import SheetError

    sheet = read_sheet(path)
    bundle = bundle_for(dirs)
    data = campaign_data(bundle, sheet["campaign"])
    found = problems(data, sheet)
    if found:
        line, col = _first_named(path, found[0])
        raise sheet_error(path, SheetError(
            "the campaign sheet does not add up for campaign "
            f"{sheet['campaign']!r}: " + "; ".join(found), "content", line, col,
            hint="the sheet was edited by hand or damaged; restore it from a copy"))
    _within_rules(path, data, sheet)
    _same_as_log(path, sheet)  # every view too: a damaged campaign is never shown as fine
    return sheet, data, bundle


def _first_named(path, problem: str) -> tuple[int, int]:
    """Where the first card or name a problem of the invariants names stands in the sheet
    (its first quoted occurrence after the key it is about), else 1:1."""
    import re

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    for word in re.findall(r"[A-Za-z0-9][A-Za-z0-9_-]*", problem.partition(":")[2] or problem):
        at = text.find(json.dumps(word))
        if at >= 0 and not text.startswith(json.dumps(word) + ":", at):
            line = text.count("\n", 0, at) + 1
            return line, at - (text.rfind("\n", 0, at) + 1) + 1
    return 1, 1


def _within_rules(path, data, sheet: dict) -> None:
    """RF963 with the rule's number when the sheet holds what no play of the rules can give
    (checked with or without its log: engine/campaign/rules/bounds.py)."""
    from runeforge.engine.campaign.rules.bounds import problems
    from runeforge.engine.campaign.sheet.state import SheetError, locate

    found = problems(data, sheet)
    if not found:
        return
    rule, message, where = found[0]
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    line, col = locate(text, where)
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    raise sheet_error(path, SheetError(
        f"{rule}: the campaign sheet holds what the rules cannot give: {message}{more}",
        "content", line, col, hint="the sheet was edited by hand; `runeforge campaign "
        "repair SHEET` rebuilds it from its log, if there is one"))


def known(value: str, candidates, what: str, param: str) -> str:
    """``value`` if it is one of ``candidates``; else a usage error naming ``what`` (a noun)
    with a did-you-mean hint or the list of what is known."""
    pool = list(dict.fromkeys(candidates))
    if value not in pool:
        hint = did_you_mean(value, pool) or (f"known: {', '.join(pool)}" if pool
                                             else "there is none now")
        raise click.BadParameter(f"unknown {what} {value!r}; {hint}", param_hint=param)
    return value


def pairs(values, param: str) -> list[tuple[str, str]]:
    out = []
    for value in values:
        left, sep, right = value.partition("=")
        if not sep or not left or not right:
            raise click.BadParameter(f"{value!r} is not LEFT=RIGHT", param_hint=param)
        out.append((left, right))
    return out


def log_path(sheet_path) -> Path:
    from .journal import log_path as beside

    return beside(sheet_path)


def log_lines(sheet: dict, entry: dict) -> tuple[str, str]:
    """(the log's line, the sealed log's line) of one command (logsecrets.py)."""
    from runeforge.engine.campaign.sheet.state import digest

    from .logsecrets import dumps, split

    record = {**entry, "step": sheet["step"], "act": sheet["act"], "sha256": digest(sheet)}
    lord = next((p["name"] for p in sheet["players"] if p["side"] == "overlord"), None)
    public, secret = split(record, lord)
    return dumps(public), dumps(secret)


def sealed_log_path(sheet_path) -> Path:
    from .journal import sealed_log_path as beside

    return beside(sheet_path)


ANY = object()  # `replace(..., before=ANY)`: whatever sheet is on disk (repair)


def save(path, sheet: dict, entry: dict, before: str | None = None) -> None:
    """Write the sheet and append ``entry`` to the campaign log beside it (its secret
    arguments to the sealed log), as one commit (journal.py). ``before``: the digest of the
    sheet the command read; when the sheet on disk is no longer that one (another command
    committed meanwhile), nothing is written. ``None``: there must be no sheet yet (``new``)."""
    def log_texts() -> tuple[str, str]:
        log, sealed_log = log_path(path), sealed_log_path(path)
        # a log that cannot be read is an error with nothing written
        old = read_utf8(log, "RF964", "the campaign log", "the log was damaged; restore it "
                        "from a copy (the sheet is unchanged)") if log.exists() else ""
        old_sealed = read_utf8(sealed_log, "RF964", "the campaign's sealed log",
                               "the sealed log was damaged; restore it from a copy (the "
                               "sheet is unchanged)") if old and sealed_log.exists() else ""
        # a log begun before the sealed log existed: its old lines hold no sealed part
        missing = old.count("\n") - old_sealed.count("\n")
        line, sealed_line = log_lines(sheet, entry)
        return old + line, old_sealed + "{}\n" * max(missing, 0) + sealed_line

    replace(path, sheet, log_texts, before)


def replace(path, sheet: dict, log_texts, before) -> None:
    """Commit the whole ``sheet`` (the sheet file and its sealed file) and ``log_texts()`` (a
    function, called under the lock, giving the log's text and the sealed log's text, or None
    to leave the sealed log as it is) together when the sheet on disk is still the one of
    digest ``before`` (:func:`save`)."""
    from . import journal

    sheet_text, sealed = texts(path, sheet)
    try:
        with journal.locked(path):
            journal.recover(path)
            _unchanged(path, before)
            log_text, sealed_log = log_texts()
            journal.commit(path, sheet_text, log_text, sealed, sealed_log)
    except journal.Busy as exc:
        raise click.ClickException(str(exc)) from None


def _unchanged(path, before) -> None:
    from runeforge.engine.campaign.sheet.state import digest

    if before is ANY:
        return
    now = None
    if Path(path).exists():
        whole = disk_sheet(path)
        now = digest(whole) if whole is not None else "damaged"
    if now != before:
        raise click.ClickException(f"{path} was changed by another command meanwhile; "
                                   "nothing was written (run the command again)")


def _same_as_log(path, sheet: dict) -> None:
    """RF964 when the sheet is not the one its log's last line describes: a command stopped
    (Ctrl-C, a full disk) between writing the sheet and appending its log line, or one of
    them was edited. Going on would log commands no replay can reach."""
    from runeforge.engine.campaign.sheet.state import digest

    log = log_path(path)
    if not log.exists():  # `campaign play -o` writes a sheet without a log
        return
    text = read_utf8(log, "RF964", "the campaign log", "the log was damaged; restore it "
                     "from a copy (the sheet is unchanged)")
    lines = text.splitlines()
    try:
        last = json.loads(lines[-1]) if lines else {}
    except (ValueError, RecursionError):  # not JSON, a 5,000-digit number, deep nesting
        last = {}
    if not isinstance(last, dict) or last.get("sha256") != digest(sheet):
        raise DiagnosticError(Diagnostic(
            "RF964", "the sheet is not the one the last line of its log describes (a command "
                     "was interrupted between writing the sheet and its log, or one of them "
                     "was edited)", str(log), max(len(lines), 1), 1,
            source_line=lines[-1] if lines else None,
            hint=f"`runeforge campaign repair {path}` rebuilds the sheet from its log "
                 f"(`runeforge campaign replay {log}` shows where the log stops)"))


def apply(path, data, sheet: dict, command: str, args: dict, fn, *fargs, **fkwargs):
    """Run the rule ``fn`` on a copy of the sheet; save only when it is legal."""
    from runeforge.engine.campaign.rules.invariants import problems
    from runeforge.engine.campaign.sheet.state import clone
    from runeforge.engine.common.errors import EngineError

    _same_as_log(path, sheet)
    work = clone(sheet)
    try:
        result = fn(data, work, *fargs, **fkwargs)
    except EngineError as exc:
        raise Refused(str(exc)) from None
    broken = problems(data, work)
    if broken:  # a bug, never written
        raise RuntimeError("campaign invariants broken: " + "; ".join(broken))
    from runeforge.engine.campaign.sheet.state import digest

    from .logfacts import facts

    save(path, work, {"command": command, **args,
                      "facts": facts(command, sheet, work, result)}, before=digest(sheet))
    return work, result


def done(work: dict) -> None:
    """The one line every step ends with: the campaign's winner, or where it stands."""
    from runeforge.console import console

    out = console()
    if work["winner"]:
        out.print(f"The campaign is over: the {work['winner']} win.", markup=False)
    else:
        out.print(f"Act: {work['act']}   step: {work['step']}   gold: {work['gold']}",
                  markup=False)
