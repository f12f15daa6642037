"""The event log: every roll, decision, effect and state change as a structured record.

Records are plain dicts with a sequence number and a type, written as JSON lines with sorted
keys, so the same seed and the same decisions give byte-identical logs.
"""

from __future__ import annotations

import json
import os


class EventLog:
    """Records are built when someone reads them (``records``, ``of_type``, ``to_jsonl``,
    ``write``): a game that nobody logs does not pay for building them. ``emit`` keeps the
    type and the fields it was given; a record read later is the same dict that building it
    at once would have made (``seq`` is its place in the log)."""

    def __init__(self):
        self._records: list[dict] = []
        self._pending: list[tuple[str, dict]] = []  # emitted, not yet built

    @property
    def records(self) -> list[dict]:
        if self._pending:
            built, start = self._records, len(self._records)
            built.extend({"seq": start + i, "type": type_, **fields}
                         for i, (type_, fields) in enumerate(self._pending))
            self._pending = []
        return self._records

    @records.setter
    def records(self, value: list[dict]) -> None:
        self._records, self._pending = value, []

    def emit(self, type_: str, **fields) -> None:
        self._pending.append((type_, fields))

    def of_type(self, type_: str) -> list[dict]:
        return [r for r in self.records if r["type"] == type_]

    def to_jsonl(self) -> str:
        return "".join(
            json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in self.records
        )

    def write(self, path: str) -> None:
        """Write the log atomically (temp file in the same directory, then os.replace)."""
        import tempfile  # here: a log is rarely written to a file (issue 38)

        directory = os.path.dirname(os.path.abspath(path))
        # the compiler's naming (.NAME.XXXXXXXX.tmp), which its commands clean up after a kill
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=f".{os.path.basename(path)}.",
                                   suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(self.to_jsonl())
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
