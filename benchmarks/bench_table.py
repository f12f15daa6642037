"""`runeforge table` (issue 33): a decision's round trip, from the click to the new state.

A real server (`runeforge table`, in its own process, on 127.0.0.1) and an HTTP client that
does what the page does on a click: POST the chosen option's index to
``/api/seat/<n>/answer`` and read the answer, which is the seat's new view once the engine
has played on (the bots' turns included) to the person's next question or the end. Every
round trip is timed; the person picks a seeded random option. Printed: median, 95th
percentile and worst, and whether the 100 ms target is met (by how much) or missed.

    python benchmarks/bench_table.py [--decisions N] [--seed S]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import time

TARGET_MS = 100.0
GAMES = {
    "runebound": ["--adventure", "rise-of-the-dragon-lords", "--seat", "human", "--seat",
                  "bot", "--seat", "bot"],
    "delve": ["--adventure", "first-descent", "--seat", "human", "--seat", "bot"],
}


def serve(args, log):
    proc = subprocess.Popen(
        [sys.executable, "-c", "from runeforge.cli import main; main()", "table",
         "--no-browser", "--log", log, *args], stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, env={**os.environ, "NO_COLOR": "1"})
    for line in proc.stdout:
        found = re.search(r"(http://127\.0\.0\.1:\d+)/seat/(\d+)/\?token=(\S+)", line)
        if found:
            return proc, found.group(1), int(found.group(2)), found.group(3)
    raise SystemExit("the table did not start")


def measure(name: str, args, decisions: int, seed: int, log: str) -> list[float]:
    import httpx

    proc, base, seat, token = serve([*args, "--seed", str(seed)], log)
    times: list[float] = []
    rng = random.Random(seed)
    try:
        # as a browser: no Nagle delay between a request's head and its body
        transport = httpx.HTTPTransport(
            socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
        with httpx.Client(base_url=base, headers={"X-Table-Token": token, "Origin": base},
                          timeout=600, transport=transport) as client:
            view = client.get(f"/api/seat/{seat}/state").json()
            while len(times) < decisions and not view["over"]:
                if view["pending"] is None:
                    view = client.get(f"/api/seat/{seat}/state",
                                      params={"after": f"{view['generation']}:"
                                                       f"{view['serial']}"}).json()
                    continue
                options = view["pending"]["options"]
                body = {"serial": view["pending"]["serial"],
                        "index": rng.randrange(len(options))}
                start = time.perf_counter()
                answer = client.post(f"/api/seat/{seat}/answer", json=body)
                view = answer.json()
                times.append((time.perf_counter() - start) * 1000)
                answer.raise_for_status()
    finally:
        proc.terminate()
        proc.wait(timeout=60)
    return times


def report(name: str, times: list[float]) -> None:
    times = sorted(times)
    median = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    verdict = (f"met by {TARGET_MS - p95:.1f} ms" if p95 <= TARGET_MS
               else f"missed by {p95 - TARGET_MS:.1f} ms")
    print(f"{name:10s} {len(times):4d} round trips: median {median:6.1f} ms, p95 "
          f"{p95:6.1f} ms, worst {times[-1]:6.1f} ms; target {TARGET_MS:.0f} ms (p95) "
          f"{verdict}")


def main() -> None:
    import tempfile

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int,
                        default=20 if os.environ.get("RUNEFORGE_BENCH_TINY") else 150)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name, game in GAMES.items():
            report(name, measure(name, game, args.decisions, args.seed,
                                 os.path.join(tmp, f"{name}.jsonl")))


if __name__ == "__main__":
    main()
