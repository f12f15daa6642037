"""Run every benchmarks/bench_*.py in sorted order and print their output.

Benchmarks print ratios measured in one run (never absolute thresholds). Run with
`tox -e bench` or `python benchmarks/run_all.py`. Exit status is non-zero if one failed.

The benchmarks: bench_delve.py (whole Delve games/s with heuristic bots, plain and debug, and
line-of-sight checks/s against brute force), bench_delve_sight.py (line of sight alone),
bench_dsl.py, bench_game.py, bench_lsp.py (the language server's didChange -> diagnostics
round trip on a 200-card file against a cold `runeforge check`), bench_movement.py,
bench_odds.py, bench_pdf.py, bench_studio.py (a studio keystroke to diagnostics, text and
face, against a cold check); tests/
test_benchmarks_run.py runs each at a tiny size.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def main() -> int:
    here = Path(__file__).resolve().parent
    failed = []
    scripts = sorted(here.glob("bench_*.py"))
    if not scripts:
        print("no benchmarks found")
        return 0
    for script in scripts:
        print(f"== {script.name}", flush=True)
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, str(script)], cwd=here.parent)
        print(f"== {script.name}: exit {proc.returncode}, {time.perf_counter() - start:.1f} s",
              flush=True)
        if proc.returncode:
            failed.append(script.name)
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
