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

_WORK: tuple | None = None   # (run_one, bundle) of a pool worker
CHUNKS_PER_WORKER = 32


def _init_worker(run_one, bundle: dict) -> None:
    global _WORK
    _WORK = (run_one, bundle)


def _run_in_worker(spec) -> dict:
    run_one, bundle = _WORK
    return call_with_room(run_one, bundle, spec)


def chunk_size(games: int, workers: int) -> int:
    """Games per message to a pool worker: about ``CHUNKS_PER_WORKER`` chunks a worker."""
    return max(1, games // (workers * CHUNKS_PER_WORKER))


def run_local(run_one, bundle: dict, specs: list, workers: int = 1,
              progress=None) -> list[dict]:
    """Results in spec order; ``workers`` > 1 uses a process pool (the bundle is sent to
    each worker once). ``progress(done, total)`` is called after each game. Every game is
    played with room on the frame stack (engine/common/framestack.py), here and in a worker
    alike."""
    if workers <= 1:
        out = []
        for spec in specs:
            out.append(call_with_room(run_one, bundle, spec))
            if progress:
                progress(len(out), len(specs))
        return out
    import gc
    from concurrent.futures import ProcessPoolExecutor

    out = []
    # Games differ in length: the last chunk of a worker is time the other one may wait, so
    # there are many small chunks; a chunk is still batched (one message per chunk) when a
    # sweep has thousands of games.
    chunk = chunk_size(len(specs), workers)
    # The workers fork from this process: what is here (the bundle, the catalogs, the warm
    # caches) is theirs without a copy, unless they write to it. The collector writes to
    # every object it examines, so a full collection in a worker would copy every page of
    # the parent's heap into it; frozen, those objects are never examined (issue 38).
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                 initargs=(run_one, bundle)) as pool:
            for result in pool.map(_run_in_worker, specs, chunksize=chunk):
                out.append(result)
                if progress:
                    progress(len(out), len(specs))
    finally:
        gc.unfreeze()
    return out


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
