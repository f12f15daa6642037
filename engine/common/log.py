"""The event log: every roll, decision, effect and state change as a structured record.

Records are plain dicts with a sequence number and a type, written as JSON lines with sorted
keys, so the same seed and the same decisions give byte-identical logs.
"""

from __future__ import annotations

import json
import os
import tempfile


class EventLog:
    def __init__(self):
        self.records: list[dict] = []

    def emit(self, type_: str, **fields) -> dict:
        record = {"seq": len(self.records), "type": type_, **fields}
        self.records.append(record)
        return record

    def of_type(self, type_: str) -> list[dict]:
        return [r for r in self.records if r["type"] == type_]

    def to_jsonl(self) -> str:
        return "".join(
            json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in self.records
        )

    def write(self, path: str) -> None:
        """Write the log atomically (temp file in the same directory, then os.replace)."""
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
