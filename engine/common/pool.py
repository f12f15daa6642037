"""The local process pool of a sweep (engine/common/sweep.py: ``run_local`` with workers > 1).

Whole games differ in length by a factor of a hundred (64 seeded 4-player games with
heuristic bots: 4 ms to 2.9 s of CPU), and nothing in a spec says in advance which games
will be long (measured for issue 38: the median game of 2 to 6 players takes 0.09 to 0.16 s,
and within one player count games still range from a few milliseconds to seconds), so there
is no longest-first order to give them. What a pool can do about it:

- the workers take work as they free up (a shared queue, not a share fixed in advance), in
  chunks that shrink towards the end of the sweep (guided scheduling: a chunk is a quarter
  of a worker's share of the games not yet handed out, at most ``sweep.chunk_size``, and the
  last ones are single games), so a worker waits for the other at most about one game at
  the end, while a sweep of thousands of games still goes out in few messages;
- the workers fork from this process with its heap frozen (below), so the bundle and the
  catalogs and caches this process has warmed are theirs without a copy and without
  pickling or compiling anything (where processes are spawned instead of forked, the
  bundle is pickled once per worker).

Results come back in spec order whatever the order of play: every game is determined by its
spec alone.
"""

from __future__ import annotations

import gc
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

from runeforge.engine.common.framestack import call_with_room

_WORK: tuple | None = None   # (run_one, bundle) of a pool worker
TAIL_SHARE = 4  # a chunk: at most 1/TAIL_SHARE of a worker's share of the games left


def _init_worker(run_one, bundle: dict) -> None:
    global _WORK
    _WORK = (run_one, bundle)


def _run_chunk(specs: list) -> list[dict]:
    run_one, bundle = _WORK
    return [call_with_room(run_one, bundle, spec) for spec in specs]


def guided_chunks(games: int, workers: int, largest: int) -> list[int]:
    """The sizes of the chunks, in the order they go out: a quarter of a worker's share of
    what is left, between 1 and ``largest``."""
    sizes = []
    left = games
    while left:
        size = max(1, min(largest, left // (TAIL_SHARE * workers)))
        sizes.append(size)
        left -= size
    return sizes


def run_pool(run_one, bundle: dict, specs: list, workers: int, largest: int,
             progress=None) -> list[dict]:
    """``run_one(bundle, spec)`` for every spec on ``workers`` processes; results in spec
    order. ``progress(done, total)`` after each game that comes back."""
    chunks, at = [], 0
    for size in guided_chunks(len(specs), workers, largest):
        chunks.append(range(at, at + size))
        at += size
    out: list = [None] * len(specs)
    done = 0
    # The workers fork from this process: what is here (the bundle, the catalogs, the warm
    # caches) is theirs without a copy, unless they write to it. The collector writes to
    # every object it examines, so a full collection in a worker would copy every page of
    # the parent's heap into it; frozen, those objects are never examined (issue 38).
    gc.freeze()
    try:
        with ProcessPoolExecutor(max_workers=workers, initializer=_init_worker,
                                 initargs=(run_one, bundle)) as pool:
            pending = {pool.submit(_run_chunk, [specs[i] for i in chunk]): chunk
                       for chunk in chunks}
            try:
                while pending:
                    finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        for i, result in zip(pending.pop(future), future.result(),
                                             strict=True):
                            out[i] = result
                            done += 1
                            if progress:
                                progress(done, len(specs))
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
    finally:
        gc.unfreeze()
    return out
