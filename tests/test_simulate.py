"""`runeforge simulate`: the same seeds give the same per-game results in one process, in a
process pool and on a Dask cluster (a LocalCluster with 2 workers); summaries are right."""

import json

import pytest
from click.testing import CliRunner

from runeforge.cli import main
from runeforge.engine.runebound.analysis import simulate as sim

from .engine_bundle import bundle as compiled_bundle


@pytest.fixture(scope="module")
def bundle():
    return compiled_bundle()


@pytest.fixture(scope="module")
def local_results(bundle):
    specs = sim.specs(6, seed=11, players=(2, 3), rulesets=("base", "advanced"))
    return specs, sim.run_local(bundle, specs, workers=1)


def test_specs_are_reproducible_and_cycle_the_options():
    a = sim.specs(8, seed=5, players=(2, 3), rulesets=("base", "advanced"))
    assert a == sim.specs(8, seed=5, players=(2, 3), rulesets=("base", "advanced"))
    assert [s.seed for s in a] == list(range(5, 13))
    assert {(s.players, s.ruleset) for s in a} == {(2, "base"), (3, "base"), (2, "advanced"),
                                                   (3, "advanced")}


def test_each_game_is_a_real_finished_game(local_results):
    specs, results = local_results
    assert [r["seed"] for r in results] == [s.seed for s in specs]
    for spec, r in zip(specs, results, strict=True):
        assert len(r["heroes"]) == spec.players and len(set(r["heroes"])) == spec.players
        assert r["winner"] is None or r["winner"] in r["heroes"]
        assert r["rounds"] > 0 and len(r["digest"]) == 64
    assert len({r["digest"] for r in results}) == len(results)  # different games


def test_process_pool_gives_the_same_results(bundle, local_results):
    specs, results = local_results
    import gc

    assert sim.run_local(bundle, specs, workers=2) == results
    assert gc.get_freeze_count() == 0  # the heap frozen for the forks is unfrozen after


def _frozen_in_worker(bundle, spec):
    import gc

    return gc.get_freeze_count()


def test_pool_workers_fork_from_a_frozen_heap_in_small_chunks():
    """issue 38: a worker's collections never examine (and so never copy) the parent's heap,
    and the games go out a few at a time so that no worker waits long for the other at the
    end (64 games on 2 workers: one at a time)."""
    import multiprocessing

    from runeforge.engine.common import sweep

    assert sweep.chunk_size(64, 2) == 1
    assert sweep.chunk_size(6400, 2) == 100
    if multiprocessing.get_start_method() != "fork":
        pytest.skip("the workers are not forked here")
    frozen = sweep.run_local(_frozen_in_worker, {}, list(range(4)), workers=2)
    assert min(frozen) > 1000  # the parent's objects, frozen before the fork


def test_dask_local_cluster_gives_the_same_results(bundle, local_results):
    distributed = pytest.importorskip("distributed", reason="the optional extra "
                                      "runeforge[distributed] is not installed")
    specs, results = local_results
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            assert sim.run_dask(bundle, specs, client) == results
        # and through the command line, by address, as a user would
        res = CliRunner().invoke(main, ["simulate", "--games", "4", "--seed", "11",
                                        "--players", "2-3", "--format", "json",
                                        "--scheduler", cluster.scheduler_address])
    assert res.exit_code == 0, res.output
    on_dask = json.loads(res.output[res.output.index("{"):])["games"]
    local = CliRunner().invoke(main, ["simulate", "--games", "4", "--seed", "11",
                                      "--players", "2-3", "--format", "json"])
    assert on_dask == json.loads(local.output[local.output.index("{"):])["games"]


def test_summary_counts_and_intervals():
    results = [
        {"adventure": "a", "heroes": ["h1", "h2"], "winner": "h1"},
        {"adventure": "a", "heroes": ["h1", "h3"], "winner": "h1"},
        {"adventure": "a", "heroes": ["h2", "h3"], "winner": None},
        {"adventure": "b", "heroes": ["h1", "h2"], "winner": "h2"},
    ]
    s = sim.summarize(results)
    heroes = {r["id"]: r for r in s["heroes"]}
    assert (heroes["h1"]["wins"], heroes["h1"]["games"]) == (2, 3)
    assert (heroes["h3"]["wins"], heroes["h3"]["games"]) == (0, 2)
    low, high = heroes["h1"]["ci95"]
    assert low < 2 / 3 < high
    adv = {a["id"]: a for a in s["adventures"]}
    assert (adv["a"]["decided"], adv["a"]["games"]) == (2, 3)
    # Wilson interval: known value for 0 of 2 and bounds inside [0, 1]
    assert sim.wilson(0, 2) == pytest.approx((0.0, 0.6576), abs=1e-4)
    assert sim.wilson(10, 10)[1] == pytest.approx(1.0)


def test_cli_errors_are_usage_errors():
    runner = CliRunner()
    assert runner.invoke(main, ["simulate", "--players", "9"]).exit_code == 2
    res = runner.invoke(main, ["simulate", "--games", "1", "--adventure", "crown-of-elder"])
    assert res.exit_code == 2 and "did you mean" in res.output
