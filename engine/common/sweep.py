"""Sweeps of many seeded games, for every game's ``simulate``: one process, a local process
pool or a Dask cluster, the same per-game results in each; and the 95 % Wilson interval of a
rate.

A sweep is a function ``run_one(bundle, spec) -> dict`` (module-level, so that a process pool
and Dask can send it by name), a compiled bundle (a dict) and a list of specs (anything
picklable that fully determines one game). Results come back in spec order.
"""

from __future__ import annotations

import math

from runeforge.engine.common.framestack import call_with_room

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % for the default ``z``)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    den = 1.0 + z2 / trials
    mid = (p + z2 / (2 * trials)) / den
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / den
    lo = 0.0 if successes == 0 else max(0.0, mid - half)
    hi = 1.0 if successes == trials else min(1.0, mid + half)
    return lo, hi


def rates(rows: dict[str, list[int]]) -> list[dict]:
    """``{key: [wins, games]}`` as rows ``{id, games, wins, rate, ci95}``, sorted by key."""
    out = []
    for key in sorted(rows):
        wins, games = rows[key]
        low, high = wilson(wins, games)
        out.append({"id": key, "games": games, "wins": wins,
                    "rate": wins / games if games else 0.0, "ci95": [low, high]})
    return out


# ---- local process pool ------------------------------------------------------------------

CHUNKS_PER_WORKER = 32


def chunk_size(games: int, workers: int) -> int:
    """The most games in one message to a pool worker: about ``CHUNKS_PER_WORKER`` chunks a
    worker (engine/common/pool.py hands out smaller ones towards the end)."""
    return max(1, games // (workers * CHUNKS_PER_WORKER))


def run_local(run_one, bundle: dict, specs: list, workers: int = 1,
              progress=None) -> list[dict]:
    """Results in spec order; ``workers`` > 1 uses a process pool (engine/common/pool.py;
    the bundle goes to each worker once). ``progress(done, total)`` is called after each game.
    Every game is played with room on the frame stack (engine/common/framestack.py), here
    and in a worker alike."""
    if workers <= 1:
        out = []
        for spec in specs:
            out.append(call_with_room(run_one, bundle, spec))
            if progress:
                progress(len(out), len(specs))
        return out
    from runeforge.engine.common.pool import run_pool

    return run_pool(run_one, bundle, specs, workers, chunk_size(len(specs), workers),
                    progress)


# ---- Dask distributed ----------------------------------------------------------------------

def run_dask(run_one, bundle: dict, specs: list, scheduler, progress=None) -> list[dict]:
    """The same results on a Dask cluster: ``scheduler`` is an address ("tcp://host:8786")
    or a ``distributed.Client``. Needs the optional extra: pip install runeforge[distributed]."""
    try:
        from distributed import Client, as_completed
    except ImportError as exc:  # pragma: no cover - depends on the optional extra
        raise RuntimeError("--scheduler needs Dask: pip install 'runeforge[distributed]'") \
            from exc
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        shared = client.scatter(bundle, broadcast=True)
        futures = client.map(run_one, [shared] * len(specs), specs, pure=False)
        index = {f.key: i for i, f in enumerate(futures)}
        out: list = [None] * len(specs)
        done = 0
        for future in as_completed(futures):
            out[index[future.key]] = future.result()
            done += 1
            if progress:
                progress(done, len(specs))
        return out
    finally:
        if client is not scheduler:
            client.close()
