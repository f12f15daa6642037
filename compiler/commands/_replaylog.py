"""Reading a game log for `runeforge replay`: a log is data from outside, checked before use.

Every line must be UTF-8 text holding one JSON object no deeper than ``MAX_DEPTH``; every
record is checked against ``RECORD`` (a sequence number equal to its line's place and a
type), the first against ``OPTIONS`` (the values `runeforge play` accepts on its command
line, nothing else; another game's log against that game's ``log_options`` schema) and the
last against ``END_STATE``. Any failure is a located diagnostic (exit 1), never a
traceback: RF965 a file or line that cannot be read as a log's JSON line, RF966 a record that
is not what the log must hold (its schema, its place, the options of no adventure here).
The replay's own differences are RF967 (``replay.py``).
"""

from __future__ import annotations

import json
import os
import stat

from jsonschema import Draft202012Validator, validators

from runeforge import games
from runeforge.diagnostics import Diagnostic, DiagnosticError

ADVENTURE_EXPANSIONS, MARKET_EXPANSIONS, HOUSE_RULES = games.get().entries(
    "adventure_expansions", "market_expansions", "house_rules")

MAX_BYTES = 256 * 1024 * 1024  # a 10,000-turn game's log is a few MB
MAX_DEPTH = 32  # the engine's records nest a few levels (lists of lists of faces)
EXPANSIONS = [*MARKET_EXPANSIONS, *ADVENTURE_EXPANSIONS]

RECORD = {
    "type": "object",
    "required": ["seq", "type"],
    "properties": {"seq": {"type": "integer", "minimum": 0},
                   "type": {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}},
}
# as `runeforge play` validates its options (click.IntRange(1, 6), click.Choice, ...)
OPTIONS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["seq", "type", "adventure", "ruleset", "players", "seed", "bots", "doom"],
    "properties": {
        "seq": {"const": 0},
        "type": {"const": "options"},
        "adventure": {"type": "string", "minLength": 1, "maxLength": 200},
        "ruleset": {"enum": ["base", "advanced"]},
        "players": {"type": "integer", "minimum": 1, "maximum": 6},
        "seed": {"type": "integer", "minimum": -(2 ** 63), "maximum": 2 ** 63 - 1},
        "bots": {"enum": ["heuristic", "random"]},
        "doom": {"enum": [None, False]},  # `play` writes null, or false for --no-doom
        "debug": {"type": "boolean"},
        "expansions": {"type": "array", "uniqueItems": True,
                       "items": {"enum": EXPANSIONS}},
        "expansion_mode": {"enum": ["first", "shuffle"]},
        "house_rules": {"type": "array", "uniqueItems": True, "minItems": 1,
                        "items": {"enum": sorted(HOUSE_RULES)}},
        # the seats (0-based) a person played at `runeforge table`: a replay reads their
        # answers from the log's decision records
        "humans": {"type": "array", "uniqueItems": True, "minItems": 1, "maxItems": 6,
                   "items": {"type": "integer", "minimum": 0, "maximum": 5}},
    },
    "dependentRequired": {"expansions": ["expansion_mode"],
                          "expansion_mode": ["expansions"]},
}
END_STATE = {
    "type": "object",
    "required": ["seq", "type", "sha256"],
    "properties": {"type": {"const": "end_state"},
                   "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"}},
}
# JSON Schema counts 2.0 as an integer; the command line does not
_Strict = validators.extend(Draft202012Validator, type_checker=Draft202012Validator.TYPE_CHECKER
                            .redefine("integer", lambda _checker, value: type(value) is int))
_VALIDATORS = {name: _Strict(schema)
               for name, schema in (("record", RECORD), ("options", OPTIONS),
                                    ("end_state", END_STATE))}


HINT_READ = "the log was damaged or is not one `runeforge play --log` wrote; play the game again"


class LogRecords(list):
    """The records of a log, with ``lines``: the file's ``(line number, bytes)`` of each."""

    lines: list[tuple[int, bytes]]


def log_error(code: str, path: str, message: str, line: int = 0, raw: bytes | None = None,
              hint: str | None = None, col: int = 1) -> DiagnosticError:
    """The located error of a game log: ``path:line:col``, ``code``, the line's text."""
    source = raw.decode("utf-8", errors="replace") if raw is not None else None
    return DiagnosticError(Diagnostic(code, message, str(path), line, col if line else 0,
                                      hint=hint, source_line=source))


def _validator(kind: str, schema=None):
    return _VALIDATORS[kind] if schema is None else _Strict(schema)


def _depth(value) -> int:
    """The nesting depth of a JSON value, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return deepest


def _check(kind: str, record: dict, path: str, line: int, raw: bytes | None,
           schema=None) -> None:
    errors = sorted(_validator(kind, schema).iter_errors(record), key=lambda e: list(e.path))
    if errors:
        error = errors[0]
        field = ".".join(str(p) for p in error.path)
        name = kind.replace("_", " ")
        what = (f"'{field}' of this {name} record" if field else
                ("this record" if kind == "record" else f"this {name} record"))
        message = error.message if len(error.message) <= 200 else error.message[:200] + "…"
        raise log_error("RF966", path, f"{what} is not valid: {message}", line, raw,
                        "a record was edited or cut; play the game again to get a whole log")


def _read_bytes(path: str) -> bytes:
    """The file's bytes: a regular file only (a FIFO would block, a device never end)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise log_error("RF965", path, f"cannot read the game log: {exc.strerror}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise log_error("RF965", path, "cannot read the game log: not a regular file")
        if info.st_size > MAX_BYTES:
            raise log_error("RF965", path, "cannot read the game log: larger than "
                            f"{MAX_BYTES // 2 ** 20} MiB")
        with os.fdopen(os.dup(fd), "rb") as fh:
            return fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise log_error("RF965", path, f"cannot read the game log: {exc.strerror}") from None
    finally:
        os.close(fd)


def _parse_line(raw: bytes, path: str, n: int):
    def bad(message: str, col: int = 1):
        return log_error("RF965", path, message, n, raw, HINT_READ, col)

    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise bad(f"not UTF-8 text (byte {exc.start + 1} is 0x{raw[exc.start]:02x})",
                  exc.start + 1) from None
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise bad(f"not a JSON line ({exc.msg})", exc.colno) from None
    except (ValueError, RecursionError) as exc:  # a number over 4,300 digits; deep nesting
        raise bad("not a JSON line the log can hold "
                  f"({type(exc).__name__}: {str(exc)[:120]})") from None
    if not isinstance(record, dict):
        raise bad("a record must be a JSON object, not "
                  f"{type(record).__name__ if record is not None else 'null'}")
    if _depth(record) > MAX_DEPTH:
        raise bad(f"the record nests deeper than {MAX_DEPTH} levels")
    return record


def read_log(path: str, options_schema=None) -> list[dict]:
    """The records of the log at ``path``, each checked (see the module's doc).

    ``options_schema``: the JSON Schema of the first record (default :data:`OPTIONS`, the
    Runebound options), or a function of the first record that returns it (called once the
    other records are checked)."""
    data = _read_bytes(path)
    records = LogRecords()
    records.lines = lines = []
    for n, raw in enumerate(data.split(b"\n"), 1):
        if not raw.strip():
            continue
        record = _parse_line(raw, path, n)
        _check("record", record, path, n, raw)
        if record["seq"] != len(records):
            raise log_error("RF966", path, f"record {record['seq']} where record "
                            f"{len(records)} was expected", n, raw,
                            "records were removed, added or reordered; play the game again")
        records.append(record)
        lines.append((n, raw))
    last_line = data.count(b"\n") + (not data.endswith(b"\n"))
    if not records:
        raise log_error("RF966", path, "the game log is empty: it has no record", max(1,
                        last_line), b"", hint="a log is written by `runeforge play --log "
                        "FILE`; one that was never written to, or was emptied, cannot be "
                        "replayed")
    if records[0]["type"] != "options":
        raise log_error("RF966", path, "not a game log of `runeforge play --log`: its first "
                        f"record is {records[0]['type']!r}, not 'options'", *lines[0],
                        hint="a log starts with the options of the game it logs")
    if records[-1]["type"] != "end_state":
        n, raw = lines[-1]
        raise log_error("RF966", path, f"the log is cut: it ends at line {n} with record "
                        f"{records[-1]['seq']} ({records[-1]['type']}), without the "
                        "'end_state' record a whole log ends with", n, raw,
                        hint="the game was stopped, or the file cut, before its end; play "
                             "the game again to get a whole log")
    try:
        schema = options_schema(records[0]) if callable(options_schema) else options_schema
    except DiagnosticError as err:  # about the options record: at its line
        first = err.diagnostics[0]
        raise log_error(first.code, path, first.message, *lines[0], first.hint) from None
    _check("options", records[0], path, *lines[0], schema)
    _check("end_state", records[-1], path, *lines[-1])
    return records
