"""The campaign sheet and its log as one commit (issue 37).

A command that changes the campaign writes its whole result, the new sheet's text and the new
log's text, into a journal beside the sheet (``camp.json`` -> ``camp.journal.json``), written
atomically and flushed to disk; only then are the sheet and the log replaced (each atomically),
and the journal is removed last. A command killed at any point so leaves:

* no journal: the sheet and the log of before the command (the journal was never complete:
  ``write_text_atomic`` renames a fully written, fsync'ed file into place), or of after it;
* a journal: the next campaign command (any of them, ``status`` too) first finishes it, so
  the sheet and the log become the new pair, never one new and one old.

The journal carries the SHA-256 of both texts; a journal that does not match them (edited)
is an error (RF964) that is never applied. A lock (``.camp.json.lock``, the build's
``runeforge.outdir.locked``) keeps two commands from committing one sheet at once.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from pathlib import Path

from runeforge.atomic import fsync_dir, remove_stale_temps, write_text_atomic
from runeforge.diagnostics import Diagnostic, DiagnosticError

VERSION = 1


def journal_path(sheet_path) -> Path:
    path = Path(sheet_path)
    return path.with_name(path.stem + ".journal.json")


def log_path(sheet_path) -> Path:
    path = Path(sheet_path)
    return path.with_name(path.stem + ".log.jsonl")


def sealed_path(sheet_path) -> Path:
    path = Path(sheet_path)
    return path.with_name(path.stem + ".sealed.json")


def sealed_log_path(sheet_path) -> Path:
    """The overlord's secret arguments of the log (logsecrets.py)."""
    from .logsecrets import sealed_log_path as beside

    return beside(log_path(sheet_path))


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Busy(Exception):
    """Another campaign command holds the sheet's lock."""


@contextlib.contextmanager
def locked(sheet_path):
    """Hold the sheet's lock (refused at once, :class:`Busy`, when another command has it)."""
    from runeforge.outdir import OutputBusy, OutputError
    from runeforge.outdir import locked as folder_lock

    try:
        with folder_lock(Path(sheet_path)):
            yield
    except OutputBusy as exc:
        raise Busy(f"another campaign command is writing {sheet_path} "
                   f"({exc.reason.partition('(')[2].rstrip(')') or 'try again'})") from None
    except OutputError as exc:
        raise Busy(f"cannot lock {sheet_path}: {exc.reason}") from None


def _bad(path: Path, why: str) -> DiagnosticError:
    return DiagnosticError(Diagnostic(
        "RF964", f"the campaign's journal cannot be finished: {why}", str(path), 1, 1,
        hint="a command was interrupted and its journal was then edited or damaged; remove "
             "the journal to keep the sheet and log of before that command"))


def _read(path: Path) -> dict:
    try:
        entry = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise _bad(path, f"it is not readable JSON ({type(exc).__name__})") from None
    if not isinstance(entry, dict) or entry.get("journal") != VERSION or not all(
            isinstance(entry.get(k), str) for k in ("sheet", "log", "sheet_sha256",
                                                    "log_sha256")):
        raise _bad(path, "it is not a campaign journal of this runeforge")
    if _sha(entry["sheet"]) != entry["sheet_sha256"] or _sha(entry["log"]) != entry["log_sha256"]:
        raise _bad(path, "its texts do not match their SHA-256")
    if "sealed" in entry and (not isinstance(entry["sealed"], str)
                              or _sha(entry["sealed"]) != entry.get("sealed_sha256")):
        raise _bad(path, "its sealed text does not match its SHA-256")
    if "sealed_log" in entry and (not isinstance(entry["sealed_log"], str)
                                  or _sha(entry["sealed_log"]) != entry.get("sealed_log_sha256")):
        raise _bad(path, "its sealed log does not match its SHA-256")
    return entry


def _apply(sheet_path: Path, entry: dict) -> None:
    if "sealed" in entry:  # the overlord's secrets first: the sheet names their SHA-256
        write_text_atomic(sealed_path(sheet_path), entry["sealed"])
    if "sealed_log" in entry:  # the log's secret arguments before the log that names them
        write_text_atomic(sealed_log_path(sheet_path), entry["sealed_log"])
    write_text_atomic(sheet_path, entry["sheet"])
    write_text_atomic(log_path(sheet_path), entry["log"])
    journal = journal_path(sheet_path)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(journal)
    fsync_dir(journal.parent)


def pending(sheet_path) -> bool:
    """Whether a killed command left a journal or a temporary file beside the sheet."""
    from runeforge.atomic import TEMP_NAME

    path = Path(sheet_path)
    if journal_path(path).exists():
        return True
    names = {path.name, log_path(path).name, journal_path(path).name, sealed_path(path).name,
             sealed_log_path(path).name}
    try:
        beside = os.listdir(path.parent if str(path.parent) else ".")
    except OSError:
        return False
    return any(TEMP_NAME.match(n) and any(n.startswith(f".{x}.") for x in names)
               for n in beside)


def recover(sheet_path) -> bool:
    """Finish a command killed after its journal was written (True), and remove the temporary
    files a killed command left beside the sheet, its log and its journal. Call it holding
    the lock."""
    path = Path(sheet_path)
    journal = journal_path(path)
    remove_stale_temps(targets=[path, log_path(path), journal, sealed_path(path),
                                sealed_log_path(path)])
    if not journal.exists():
        return False
    _apply(path, _read(journal))
    return True


def commit(sheet_path, sheet_text: str, log_text: str, sealed: str | None = None,
           sealed_log: str | None = None) -> None:
    """Replace the sheet, its sealed file (the overlord's secrets, when given), its log and
    the log's sealed lines (when given) together (see the module's doc). Hold the lock."""
    path = Path(sheet_path)
    entry = {"journal": VERSION, "sheet": sheet_text, "log": log_text,
             "sheet_sha256": _sha(sheet_text), "log_sha256": _sha(log_text)}
    if sealed is not None:
        entry.update(sealed=sealed, sealed_sha256=_sha(sealed))
    if sealed_log is not None:
        entry.update(sealed_log=sealed_log, sealed_log_sha256=_sha(sealed_log))
    journal = journal_path(path)
    write_text_atomic(journal, json.dumps(entry, ensure_ascii=False, sort_keys=True))
    fsync_dir(journal.parent)  # the journal's name is on disk before either file changes
    _apply(path, entry)
