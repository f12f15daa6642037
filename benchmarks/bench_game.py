"""Benchmark (not a test): whole games of the bundled adventure played by bots.

Prints, for 4-player games with heuristic bots (base and advanced rules), the median time of
a game and the games per second of three versions measured in the same run, game by game in
turn: *before* (the engine at the commit before issue 19's work on game speed, checked out
from git into a temporary directory), *caches off* (this checkout with
RUNEFORGE_NO_GAME_CACHES=1) and *after* (this checkout); the speed-up after/before against
the target of x10, and how many games' event logs were byte-identical to the *after* one
in each other version (*before* plays the cards of its own commit: since issue 21 changed the
cards, only *caches off* can match; that is the engine's check). Then, as before, the cost of debug mode (invariants and cache checks after every step) as a ratio.
Times are CPU times of the worker processes (the machine may be shared); wall times are
printed too.

Run: python benchmarks/bench_game.py [--games N] [--before REV | --before none]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
# the last commit before the work on issue 19 item 4 (whole games ten times faster)
BEFORE = "5c1ab7c08b9a0f5e979f9643b69e93724d140dde"
TARGET = 10.0
# setuptools package-dir of pyproject.toml: runeforge <- compiler/, runeforge.X <- X/
MAPPED = ("dsl", "engine", "cards", "locales")


class Worker:
    def __init__(self, name: str, env: dict):
        self.name = name
        self.proc = subprocess.Popen([sys.executable, str(HERE / "_game_worker.py")],
                                     cwd=str(ROOT), env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ready(self) -> None:
        """Wait until the worker has compiled the content (the workers do so at once)."""
        if self.proc.stdout.readline().strip() != "ready":
            raise RuntimeError(f"the {self.name} worker did not start")

    def play(self, **job) -> dict:
        self.proc.stdin.write(json.dumps(job) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} worker stopped")
        return json.loads(line)

    def close(self) -> None:
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=60)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def checkout(rev: str, into: Path) -> Path | None:
    """The package tree of ``rev`` (``runeforge`` as setuptools maps it) under ``into``, or
    None when git or the commit is not available."""
    src = into / "src"
    src.mkdir()
    try:
        archive = subprocess.run(["git", "archive", rev, "compiler", *MAPPED], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    pkg = into / "pkg" / "runeforge"
    pkg.mkdir(parents=True)
    for entry in (src / "compiler").iterdir():
        (pkg / entry.name).symlink_to(entry)
    for name in MAPPED:
        (pkg / name).symlink_to(src / name)
    return into / "pkg"


def env_for(pythonpath: Path | None = None, no_caches: bool = False) -> dict:
    env = dict(os.environ)
    env.pop("RUNEFORGE_NO_GAME_CACHES", None)
    if no_caches:
        env["RUNEFORGE_NO_GAME_CACHES"] = "1"
    if pythonpath is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(pythonpath), env.get("PYTHONPATH", "")])
    return env


def paired(slow: list[float], fast: list[float]) -> float:
    """The median over the games of slow / fast (the same game in two versions)."""
    return statistics.median(a / b for a, b in zip(slow, fast, strict=True))


def per_second(times: list[float]) -> float:
    return len(times) / sum(times) if sum(times) else float("inf")


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1 if tiny else 30,
                    help="games per ruleset (seeds 1..N)")
    ap.add_argument("--before", default=BEFORE,
                    help="git revision measured as 'before' ('none' to skip)")
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="bench-game-"))
    workers = {}
    try:
        if args.before != "none":
            tree = checkout(args.before, tmp)
            if tree is None:
                print(f"before: not measured (no git checkout of {args.before}); issue 19 "
                      "recorded 129 ms a game (7 games/s) before this work, on its machine")
            else:
                workers["before"] = Worker("before", env_for(tree))
        workers["caches off"] = Worker("caches off", env_for(no_caches=True))
        workers["after"] = Worker("after", env_for())
        for worker in workers.values():
            worker.ready()
        for ruleset in ("base", "advanced"):
            report(ruleset, args.games, workers, args.before)
    finally:
        for worker in workers.values():
            worker.close()
        shutil.rmtree(tmp, ignore_errors=True)


def report(ruleset: str, games: int, workers: dict, rev: str) -> None:
    cpu = {name: [] for name in workers}
    wall = {name: [] for name in workers}
    same = dict.fromkeys(workers, 0)  # games whose log equals the log of 'after'
    for seed in range(1, games + 1):
        order = list(workers) if seed % 2 else list(reversed(workers))  # no side goes first
        digests = {}
        for name in order:
            got = workers[name].play(ruleset=ruleset, seed=seed, players=4)
            cpu[name].append(got["cpu"])
            wall[name].append(got["wall"])
            digests[name] = got["digest"]
        for name in workers:
            same[name] += digests[name] == digests["after"]
    print(f"{ruleset}: 4 players, heuristic bots, {games} game{'s' * (games != 1)} "
          f"(seeds 1-{games}); event logs byte-identical to 'after': "
          + ", ".join(f"{name} {same[name]}/{games}" for name in workers if name != "after"))
    if "before" in workers and same["before"] < games and rev == BEFORE:
        print("  (the cards changed since 5c1ab7c: issue 21, acb2cd9, rewrote the stored log "
              "digests with the caches off; the engine's own check is 'caches off')")
    for name in workers:
        label = f"{name} ({rev[:7]})" if name == "before" else name
        print(f"  {label:18s} median {statistics.median(cpu[name]) * 1000:6.1f} ms a game "
              f"(CPU), {per_second(cpu[name]):5.1f} games/s (wall {per_second(wall[name]):.1f})")
    if "before" in workers:
        # the speed-up of each game (its three versions run one after the other, so a
        # change of the machine's load between games does not tilt it), then the median
        ratio = paired(cpu["before"], cpu["after"])
        verdict = "met" if ratio >= TARGET else f"missed by x{TARGET / ratio:.1f}"
        print(f"  games/s after / before: x{ratio:.2f} (median of the games' ratios; "
              f"x{sum(cpu['before']) / sum(cpu['after']):.2f} over all games) "
              f"(target x{TARGET:.0f}: {verdict}); caches alone (after / caches off): "
              f"x{paired(cpu['caches off'], cpu['after']):.2f}")
    ratios = []  # the same seed with and without debug
    for seed in range(1, max(3, games // 5) + 1):
        # each from a cold start (no solvers shared from the games before): otherwise the
        # second of the two replays a game whose fights the first just solved, and debug mode
        # read as cheaper than none (x0.7-0.8, branch gamespeed)
        plain = workers["after"].play(ruleset=ruleset, seed=seed, players=4, cold=True)["cpu"]
        debug = workers["after"].play(ruleset=ruleset, seed=seed, players=4, debug=True,
                                      cold=True)["cpu"]
        ratios.append(debug / plain)
    print(f"  debug mode (invariants and cache checks after every step) "
          f"x{statistics.median(ratios):.2f} the time of the same game")


if __name__ == "__main__":
    main()
