"""The log's secrets kept apart (issue 34), as the sheet's are (engine/campaign/sheet/sealed.py).

A log line records a command with all its arguments, so that it can be replayed. Three
arguments are the overlord's secrets: the seed of `new` (every shuffle follows from it), the
cards `setup` sets aside (R23: in secret) and the cards the overlord buys with XP. They are
written to a sealed log beside the log (``camp.log.jsonl`` -> ``camp.sealed.log.jsonl``), one
line per log line, tied to it by the line's ``sha256``. The log line keeps, under ``sealed``,
how many cards each secret list held (the table sees the overlord set two cards aside, not
which) and ``null`` for the seed. So the log itself can be handed to the heroes.

Replaying, undoing and repairing need the sealed log (the overlord's machine); the heroes'
summary of the log (`campaign log --as heroes`) reads the log alone. A log written before the
sealed log existed holds its secrets inline and is read as it is.
"""

from __future__ import annotations

import json
from pathlib import Path


class SecretsMissing(Exception):
    """Line ``line`` (1-based) needs the sealed log, which is missing or does not match."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line


def sealed_log_path(log_path) -> Path:
    """``camp.sealed.log.jsonl`` for ``camp.log.jsonl``."""
    path = Path(log_path)
    name = path.name
    stem = name[: -len(".log.jsonl")] if name.endswith(".log.jsonl") else path.stem
    return path.with_name(stem + ".sealed.log.jsonl")


def secret_keys(row: dict, lord: str | None) -> tuple[str, ...]:
    """The arguments of ``row`` that only the overlord may read."""
    command = row.get("command")
    if command == "new":
        return ("seed",)
    if command == "setup":
        return ("set_aside",)
    if command == "xp" and lord is not None and row.get("player") == lord:
        return ("buy",)
    return ()


def split(row: dict, lord: str | None) -> tuple[dict, dict]:
    """(the log line anyone may read, the sealed line) of a whole log ``row``."""
    keys = [k for k in secret_keys(row, lord) if k in row]
    public = {k: v for k, v in row.items() if k not in keys}
    if keys:
        public["sealed"] = {k: len(row[k]) if isinstance(row[k], list) else None for k in keys}
    secret = {"sha256": row.get("sha256"), **{k: row[k] for k in keys}}
    return public, secret


def dumps(row: dict) -> str:
    return json.dumps(row, sort_keys=True, ensure_ascii=False) + "\n"


def merge(public: list, secrets: list | None) -> list:
    """The whole rows of a log from its lines (parsed) and its sealed lines (parsed; None when
    there is no sealed log); :class:`SecretsMissing` at the first line that needs a sealed line
    that is missing or belongs to another line."""
    out = []
    for number, row in enumerate(public, 1):
        wanted = row.get("sealed") if isinstance(row, dict) else None
        if not isinstance(wanted, dict):
            out.append(row)
            continue
        if secrets is None:
            raise SecretsMissing(number, "this line's secret arguments are in the overlord's "
                                         "sealed log (SHEET.sealed.log.jsonl, beside the log), "
                                         "which is missing")
        secret = secrets[number - 1] if number <= len(secrets) else None
        if not isinstance(secret, dict) or secret.get("sha256") != row.get("sha256") or \
                not all(k in secret for k in wanted):
            raise SecretsMissing(number, f"line {number} of the sealed log is not this line's "
                                         "(another step's, or edited)")
        whole = {k: v for k, v in row.items() if k != "sealed"}
        whole.update({k: secret[k] for k in wanted})
        out.append(whole)
    return out


def for_heroes(row: dict) -> dict:
    """A log line as the heroes may read it: each secret list as its count, no seed."""
    out = {k: v for k, v in row.items() if k not in ("sealed", "sha256")}
    for key, count in (row.get("sealed") or {}).items():
        if count is not None:
            out[key] = count
    return out
