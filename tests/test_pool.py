"""The process pool of a sweep (engine/common/pool.py, issue 38): guided chunks, results in
spec order, progress per game, a game's error comes out."""

import pytest

from runeforge.engine.common import pool, sweep


def test_guided_chunks_shrink_to_single_games_at_the_end():
    for games, workers in ((64, 2), (1000, 2), (6400, 2), (6400, 4), (3, 2), (1, 2)):
        largest = sweep.chunk_size(games, workers)
        sizes = pool.guided_chunks(games, workers, largest)
        assert sum(sizes) == games
        assert max(sizes) <= largest
        assert sizes == sorted(sizes, reverse=True)
        assert sizes[-workers:] == [1] * min(workers, games)  # no worker waits on a batch
    assert pool.guided_chunks(64, 2, 1) == [1] * 64
    big = pool.guided_chunks(6400, 2, 100)
    assert big[0] == 100 and len(big) < 6400 // 50  # few messages for a big sweep


def _square(bundle, spec):
    if spec == "boom":
        raise ValueError("game failed")
    return {"spec": spec, "value": spec * spec + bundle["k"]}


def test_results_in_spec_order_with_progress_per_game():
    seen = []
    specs = list(range(40))
    out = sweep.run_local(_square, {"k": 1}, specs, workers=2,
                          progress=lambda done, total: seen.append((done, total)))
    assert out == [{"spec": s, "value": s * s + 1} for s in specs]
    assert seen == [(n, 40) for n in range(1, 41)]


def test_a_game_that_fails_fails_the_sweep():
    with pytest.raises(ValueError, match="game failed"):
        sweep.run_local(_square, {"k": 0}, [1, 2, "boom", 3], workers=2)
