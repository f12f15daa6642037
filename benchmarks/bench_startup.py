"""Benchmark (not a test): how soon commands start and finish (issue 38), as ratios measured
in one run.

* cold `runeforge check` of the bundled content (an empty cache folder each time: every file
  read, validated and compiled, the entry written) against a bare script that starts Python
  and composes the same YAML files with libyaml (PyYAML's CSafeLoader): target <= 5x;
* warm `runeforge check` (the second run, the same cache folder) against the same bare
  script: target <= 3x;
* warm `fight`, `odds --exact` and `play` against `runeforge --help`: target <= 2x each.

Every command runs in a fresh process; the two sides of a ratio run in turn (A B A B ...),
so a change in the machine's load touches both alike. The figure is the ratio of the
medians of the processes' CPU time (user + system, from the kernel's accounting of the
children: what the machine's other work changes least); the medians of wall time are
printed beside. RUNEFORGE_BENCH_TINY=1 (tests/test_benchmarks_run.py): one round each.

The processes may write their bytecode (PYTHONDONTWRITEBYTECODE is dropped from their
environment; tox sets it): an installed Runeforge has its .pyc files from pip, an editable
checkout gets them in the first, unmeasured round; without them every start compiles every
module it imports, a cost no user pays twice.

Run: python benchmarks/bench_startup.py [--rounds N]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE = """
import os, sys
import yaml
root = sys.argv[1]
for folder, dirs, files in os.walk(root):
    dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__")))
    for name in sorted(files):
        if name.endswith((".yaml", ".yml")) and not name.startswith("."):
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                yaml.compose(fh.read(), Loader=yaml.CSafeLoader)
"""
RUNEFORGE = [sys.executable, "-c", "from runeforge.cli import main; main()"]
PAIR = ("--hero", "varikas-the-dead", "--challenge", "blood-of-the-bloodmother")


def bundled() -> str:
    from importlib import resources

    return str(resources.files("runeforge.cards"))


def timed(cmd: list[str], env: dict) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one process running ``cmd``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(cmd[3:]) or cmd}: exit {proc.returncode}\n"
                         f"{proc.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def compare(name: str, a, b, rounds: int, target: float) -> str:
    """Run ``a()`` and ``b()`` (each -> (cpu, wall)) in turn; print and return the verdict
    of median CPU(a) / median CPU(b) against ``target`` (at most)."""
    cpu_a, cpu_b, wall_a, wall_b = [], [], [], []
    for _ in range(rounds):
        ca, wa = a()
        cb, wb = b()
        cpu_a.append(ca)
        cpu_b.append(cb)
        wall_a.append(wa)
        wall_b.append(wb)
    ma, mb = statistics.median(cpu_a), statistics.median(cpu_b)
    ratio = ma / mb
    verdict = "met" if ratio <= target else f"missed by x{ratio / target:.2f}"
    print(f"{name}: {ratio:.1f}x (CPU {ma * 1000:.0f} ms against {mb * 1000:.0f} ms; wall "
          f"{statistics.median(wall_a) * 1000:.0f} ms against "
          f"{statistics.median(wall_b) * 1000:.0f} ms; {rounds} rounds) target <= "
          f"{target:g}x: {verdict}", flush=True)
    return verdict


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=1 if tiny else 5)
    args = ap.parse_args()
    base = {k: v for k, v in os.environ.items()
            if k not in ("RUNEFORGE_NO_CACHE", "PYTHONDONTWRITEBYTECODE")}
    base["NO_COLOR"] = "1"
    cards = bundled()
    bare = lambda: timed([sys.executable, "-c", BARE, cards], base)  # noqa: E731
    verdicts = []
    with tempfile.TemporaryDirectory() as tmp:
        counter = iter(range(10 ** 6))

        def cold():
            env = dict(base, RUNEFORGE_CACHE_DIR=f"{tmp}/cold-{next(counter)}")
            return timed([*RUNEFORGE, "check"], env)

        warm_env = dict(base, RUNEFORGE_CACHE_DIR=f"{tmp}/warm")
        commands = {"check": ["check"], "fight": ["fight", *PAIR, "--seed", "1"],
                    "odds --exact": ["odds", *PAIR, "--exact"],
                    "play": ["play", "--seed", "1", "--players", "4"]}
        for args_ in commands.values():  # fill the warm cache (and the file system's)
            timed([*RUNEFORGE, *args_], warm_env)
        cold()  # and the bytecode of what only a cold run imports
        bare()
        print(f"start-up ({os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})")
        verdicts.append(compare("cold check / bare libyaml compose", cold, bare, args.rounds,
                                5.0))
        warm = lambda a: (lambda: timed([*RUNEFORGE, *a], warm_env))  # noqa: E731
        verdicts.append(compare("warm check / bare libyaml compose", warm(commands["check"]),
                                bare, args.rounds, 3.0))
        helped = lambda: timed([*RUNEFORGE, "--help"], base)  # noqa: E731
        for name in ("fight", "odds --exact", "play"):
            verdicts.append(compare(f"warm {name} / runeforge --help", warm(commands[name]),
                                    helped, args.rounds, 2.0))
    met = sum(v == "met" for v in verdicts)
    print(f"start-up targets: {met}/{len(verdicts)} met")


if __name__ == "__main__":
    main()
