"""Work (not time) of whole games: the Python opcodes a 4-player heuristic game executes.

The machine the benchmarks run on is shared: a paired timing of two *identical* checkouts
moved by +-10 % in session 28, so a change worth 2 % cannot be seen in bench_game.py. The
number of opcodes the interpreter executes is the same at every run (the games are seeded),
so it shows such a change at once. It is a proxy: an opcode is not a fixed time (a call,
a dict or a C function costs more than a jump), so a time measured in one run
(bench_game.py) stays the figure of record; this says which way a change moves the work
and by how much.

Prints, per ruleset, the opcodes a game of this checkout and, with ``--before REV``, of
that git revision (checked out from git as bench_game.py does) and their ratio.

Run: python benchmarks/work_game.py [--games N] [--before REV]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def count(games: int) -> dict:
    """{ruleset: opcodes a game} of the runeforge this interpreter imports."""
    from _games import content, play

    content()
    play(seed=99, ruleset="base", players=4, bots="heuristic")  # first-game set-up
    executed = [0]

    def local(frame, event, arg):
        if event == "opcode":
            executed[0] += 1
        return local

    def start(frame, event, arg):
        frame.f_trace_opcodes = True
        return local

    out = {}
    for ruleset in ("base", "advanced"):
        executed[0] = 0
        sys.settrace(start)
        try:
            for seed in range(1, games + 1):
                play(seed=seed, ruleset=ruleset, players=4, bots="heuristic")
        finally:
            sys.settrace(None)
        out[ruleset] = executed[0] / games
    return out


def main() -> None:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1 if tiny else 4,
                    help="games per ruleset (seeds 1..N)")
    ap.add_argument("--before", default=None, help="git revision to compare with")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)  # the worker
    args = ap.parse_args()
    if args.json:
        print(json.dumps(count(args.games)))
        return
    here = count(args.games)
    before = None
    if args.before:
        from bench_game import checkout, env_for

        tmp = Path(tempfile.mkdtemp(prefix="work-game-"))
        try:
            tree = checkout(args.before, tmp)
            if tree is None:
                print(f"before: no git checkout of {args.before}")
            else:
                proc = subprocess.run([sys.executable, str(HERE / "work_game.py"), "--json",
                                       "--games", str(args.games)], cwd=str(HERE.parent),
                                      env=env_for(tree), capture_output=True, text=True,
                                      check=True)
                before = json.loads(proc.stdout.strip().splitlines()[-1])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    for ruleset, ops in here.items():
        line = f"{ruleset}: {ops / 1e6:.3f}M opcodes a game ({args.games} games)"
        if before is not None:
            line += (f"; {args.before[:12]}: {before[ruleset] / 1e6:.3f}M, before / now "
                     f"x{before[ruleset] / ops:.3f}")
        print(line)


if __name__ == "__main__":
    main()
