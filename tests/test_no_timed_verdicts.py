"""No test's verdict depends on the machine's speed or load (issue 30): no test module reads a
clock to time the code under test. Speed is measured in benchmarks/, which print ratios.

The fuzz tally (tests/fuzz/conftest.py) reads the clocks to interrupt a hang after 30 s and to
count slow cases as a figure; nothing else in tests/ may.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = {"perf_counter", "perf_counter_ns", "process_time", "process_time_ns", "monotonic",
          "monotonic_ns", "thread_time"}
ALLOWED = {TESTS / "fuzz" / "conftest.py"}


def clock_reads(source: str) -> list[int]:
    """The lines of ``source`` that call one of the clocks (``time.perf_counter()``, or the
    name imported from ``time``)."""
    tree = ast.parse(source)
    imported = {alias.asname or alias.name for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and node.module == "time"
                for alias in node.names if alias.name in CLOCKS}
    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if (isinstance(func, ast.Attribute) and func.attr in CLOCKS) or (
                isinstance(func, ast.Name) and func.id in imported):
            lines.append(node.lineno)
    return lines


def test_no_test_module_times_the_code_it_tests():
    found = [f"{path.relative_to(TESTS)}:{line}" for path in sorted(TESTS.rglob("*.py"))
             if path not in ALLOWED and path != Path(__file__).resolve()
             for line in clock_reads(path.read_text(encoding="utf-8"))]
    assert not found, f"a timed verdict (move it to benchmarks/): {found}"


def test_the_scan_sees_a_clock():
    assert clock_reads("import time\nstart = time.perf_counter()\n") == [2]
    assert clock_reads("from time import monotonic as m\nx = m()\n") == [2]
    assert clock_reads("import time\ntime.sleep(0)\n") == []
