"""A worker of bench_game.py: plays the games it is sent and reports their times.

Reads one JSON object a line on stdin ({"ruleset", "seed", "players", "debug", "cold"}), plays that
game of the bundled adventure with heuristic bots and writes one JSON line back: the CPU
and wall time of the game and the SHA-256 of its event log (so two workers running
different versions of the engine can show that they played the same game). It imports
``runeforge`` from wherever the environment points (bench_game.py points one worker at an
older checkout); it writes "ready" once the content is compiled.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time

from _games import content, play


def forget_shared() -> None:
    """Forget what earlier games left in this process (the bots' win probabilities and
    odds_exact's shared solvers: bot_odds.forget), so a game asked for ``cold`` is timed from
    the start a first game has. Older checkouts have less or nothing to forget."""
    try:
        from runeforge.engine.runebound.analysis.bot_odds import forget
    except ImportError:
        try:
            from runeforge.engine.runebound.analysis.odds_exact import forget_shared as forget
        except ImportError:
            return
    forget()


def main() -> None:
    content()
    print("ready", flush=True)
    for line in sys.stdin:
        job = json.loads(line)
        if job.get("cold"):
            forget_shared()
        cpu, wall = time.process_time(), time.perf_counter()
        game = play(seed=job["seed"], ruleset=job["ruleset"], players=job["players"],
                    bots="heuristic", debug=job.get("debug", False))
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        digest = hashlib.sha256(game.log.to_jsonl().encode("utf-8")).hexdigest()
        print(json.dumps({"cpu": cpu, "wall": wall, "digest": digest}), flush=True)


if __name__ == "__main__":
    main()
