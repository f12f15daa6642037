"""Every benchmark runs to its end (issue 19 item 6): `tox -e bench` once stopped at a crash in
bench_dsl.py that nobody saw. Each ``benchmarks/bench_*.py`` runs here at a tiny size
(``RUNEFORGE_BENCH_TINY=1``, read at the top of each script's main) and must exit 0 and print
its summary line. The figures themselves are not checked: benchmarks print ratios, tests do
not time anything. The scripts run two at a time, so the whole module takes a few seconds
more than its slowest pair.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "benchmarks"

# the line each script prints when it got to its end (a regex, searched in stdout)
SUMMARY = {
    "bench_delve.py": r"whole games\s*:\s*[\d.]+ games/s(.|\n)*sight ratio\s*:\s*[\d.]+x",
    "bench_delve_sight.py": r"sight ratio\s*:\s*[\d.]+x",
    "bench_dsl.py": r"parse \+ checks \+ IR\s+\d+ abilities/s",
    "bench_game.py": r"advanced: 4 players(.|\n)*\n\s+after\s+median\s+[\d.]+ ms a game",
    "bench_lsp.py": r"ratio\s*:\s*[\d.]+x \(target >= 20x\)",
    "bench_movement.py": r"ratio\s*:\s*[\d.]+x",
    "bench_odds.py": r"simulate speed-up 1 -> 2 workers",
    "bench_pdf.py": r"faces/s",
    "bench_startup.py": r"start-up targets: \d+/5 met",
    "bench_studio.py": r"ratio face/cold check\s*:\s*[\d.]+x",
    "bench_table.py": r"delve\s+\d+ round trips: median\s+[\d.]+ ms",
}


@pytest.fixture(scope="module")
def runs():
    scripts = sorted(BENCH.glob("bench_*.py"))
    env = dict(os.environ, RUNEFORGE_BENCH_TINY="1")

    def run(script):
        return script.name, subprocess.run([sys.executable, str(script)], cwd=ROOT, env=env,
                                           capture_output=True, text=True, timeout=900)

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(pool.map(run, scripts))


def test_every_benchmark_has_a_summary_line():
    names = sorted(p.name for p in BENCH.glob("bench_*.py"))
    assert names, "no benchmarks found"
    assert names == sorted(SUMMARY), \
        "a benchmark was added or removed: give it a summary line in SUMMARY"


@pytest.mark.parametrize("name", sorted(SUMMARY))
def test_benchmark_runs_to_its_end(runs, name):
    proc = runs[name]
    assert proc.returncode == 0, f"{name} exited {proc.returncode}:\n{proc.stderr[-3000:]}"
    assert re.search(SUMMARY[name], proc.stdout), \
        f"{name} did not print its summary line:\n{proc.stdout[-2000:]}"


def test_run_all_runs_every_script_and_reports_failures(tmp_path):
    """run_all.py's own contract: every bench_*.py, exit 1 naming the one that failed."""
    fake = tmp_path / "benchmarks"
    fake.mkdir()
    (fake / "run_all.py").write_text((BENCH / "run_all.py").read_text(encoding="utf-8"),
                                     encoding="utf-8")
    (fake / "bench_a.py").write_text("print('a ran')\n", encoding="utf-8")
    (fake / "bench_b.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(fake / "run_all.py")], capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 1
    assert "a ran" in proc.stdout and "bench_b.py: exit 3" in proc.stdout
    assert "failed: bench_b.py" in proc.stdout
