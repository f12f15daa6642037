"""Benchmark: combat odds. Exact odds ms per pair; Monte Carlo combats per second with the
engine and with a bare loop of the same plain rules; full-game simulation (when available).

Run:  python benchmarks/bench_odds.py [--repeat N] [--trials N]

Exact odds (runeforge.engine.runebound.analysis.odds_exact):

Pairs: every bundled core hero against one challenge of each colour (20 pairs), plus the
worst case the target speaks of (Life 10 against Life 10), a Belt of Strength modifier, and
one or two bundled allies. Each time is the best of N solves from scratch (no cache between
calls); "+table" also builds the readable policy table. Target: <= 5 ms per pair for
Life <= 10 without allies.

Monte Carlo (runeforge.engine.runebound.analysis.odds_mc): the bundled core heroes against one
challenge of each colour with their abilities stripped (plain combat), the heuristic bot
deciding. The engine runs every combat through Combat.fight_challenge; the bare loop below
restates the same plain rules and the same bot decisions (escape when the next round could
knock the Hero out, attack where chance x damage is best) in a few lines of Python. Both fight
the same pairs with the same number of trials; the win rates must agree within noise (printed),
and the ratio of the time per combat is the figure the target (engine <= 3x the bare loop) is
about. Monte Carlo times are CPU times of this process (time.process_time), so other load on a
shared machine does not distort the ratio.

Simulation: 4-player games per second of the whole-game engine, and the speed-up of
`runeforge simulate` (runeforge.engine.runebound.analysis.simulate) from 1 to 2 local workers
on the same seeds (the results must not change).
"""

from __future__ import annotations

import argparse
import importlib.resources
import os
import random
import statistics
import time

from ruamel.yaml import YAML

from runeforge.engine.runebound.analysis.odds_exact import exact_odds

TARGET_MS = 5.0
TRIALS_CAP = 10**9  # trials of the bundled-card kernel figure; RUNEFORGE_BENCH_TINY lowers it
COLOURS = ("green", "yellow", "blue", "red")


def load(kind_file: str) -> list[dict]:
    text = (importlib.resources.files("runeforge.cards") / "core" / kind_file).read_text("utf-8")
    return list(YAML(typ="safe").load(text)["cards"])


def best_ms(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best * 1000.0


def row(label, hero, chal, allies=(), mods=None, repeat=5):
    res = exact_odds(hero, chal, allies, mods)
    solve = best_ms(lambda: exact_odds(hero, chal, allies, mods), repeat)
    table = best_ms(lambda: exact_odds(hero, chal, allies, mods).policy, repeat)
    label = label if len(label) <= 58 else label[:55] + "..."
    print(f"{label:<58} {res.win:>7.4f} {res.expected_hero_wounds:>6.2f} "
          f"{len(res.policy):>6} {solve:>8.2f} {table:>8.2f}")
    return solve


def main() -> None:
    global TRIALS_CAP
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"  # tests/test_benchmarks_run.py
    if tiny:
        TRIALS_CAP = 50
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=1 if tiny else 5)
    ap.add_argument("--trials", type=int, default=10 if tiny else 1500,
                    help="Monte Carlo trials per pair")
    args = ap.parse_args()
    n = args.repeat
    heroes, challenges, allies = load("heroes.yaml"), load("challenges.yaml"), load("allies.yaml")
    picked = [next(c for c in challenges if c["colour"] == col) for col in COLOURS]
    print(f"{'pair':<58} {'win':>7} {'E[wd]':>6} {'policy':>6} {'ms':>8} {'+table':>8}")

    plain, plain_le10 = [], []
    for h in heroes:
        for c in picked:
            ms = row(f"{h['name']} v {c['name']} ({c['colour']})", h, c, repeat=n)
            plain.append(ms)
            if h["life"] <= 10 and c["life"] <= 10:
                plain_le10.append(ms)

    print("-- worst case for the target: Life 10 against Life 10, no allies")
    margath = next(c for c in challenges if c["life"] == 10)
    varikas = heroes[0]
    worst = [row(f"{varikas['name']} v {margath['name']}", varikas, margath, repeat=n)]
    even = dict(margath, name="Even Shade (life 10, targets 14)", mind=14, body=14, spirit=14,
                ranged_damage=1, melee_damage=1, magic_damage=1)
    worst.append(row(f"{varikas['name']} v {even['name']}", varikas, even, repeat=n))

    print("-- static modifiers (Belt of Strength: body +3)")
    orrin = next(h for h in heroes if h["name"].startswith("Orrin"))
    for c in picked:
        row(f"{orrin['name']} + belt v {c['name']}", orrin, c, mods={"body": 3}, repeat=n)

    print("-- with allies (slower: the state grows with every ally's wounds)")
    one, two = [], []
    for c in picked:
        one.append(row(f"{varikas['name']} + {allies[0]['name']} v {c['name']}",
                       varikas, c, [allies[0]], repeat=n))
    for c in picked:
        two.append(row(f"{varikas['name']} + {allies[1]['name']} + {allies[2]['name']} "
                       f"v {c['name']}", varikas, c, [allies[1], allies[2]], repeat=max(1, n // 2)))
    big = row(f"{varikas['name']} + 2 allies v Even Shade", varikas, even,
              [allies[1], allies[2]], repeat=1)

    every = plain_le10 + worst
    print()
    print(f"exact odds, no allies, {len(plain)} bundled pairs: mean "
          f"{statistics.mean(plain):.2f} ms, max {max(plain):.2f} ms per pair")
    print(f"exact odds, no allies, Life <= 10 ({len(every)} pairs incl. 10 v 10): mean "
          f"{statistics.mean(every):.2f} ms, max {max(every):.2f} ms per pair; target "
          f"<= {TARGET_MS:.0f} ms: {'met' if max(every) <= TARGET_MS else 'missed by x%.2f' % (max(every) / TARGET_MS)} "
          f"(max/target ratio {max(every) / TARGET_MS:.2f})")
    print(f"exact odds, one ally: mean {statistics.mean(one):.2f} ms, max {max(one):.2f} ms; "
          f"two allies: mean {statistics.mean(two):.2f} ms, max {max(two):.2f} ms; "
          f"two allies v Life 10: {big:.1f} ms")


    monte_carlo(heroes, picked, args.trials)
    balance(200, monte_carlo_runs=not tiny)
    simulation(2 if tiny else 64)  # 64: the workers' start-up is not most of the run


# --------------------------------------------------------------------------------------
# Monte Carlo: the engine against a bare loop of the same plain rules
# --------------------------------------------------------------------------------------
STATS = ("mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage", "life",
         "stamina")


def plain_catalog(heroes, challenges):
    """An engine catalog of the cards' printed stats only (abilities stripped)."""
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.core.ir import IR_VERSION

    def record(card, kind):
        rec = {k: card.get(k, 0) for k in STATS}
        rec.update(id=kid(card), kind=kind, name=card["name"], abilities=[])
        if kind == "challenge":
            rec.update(colour=card["colour"], reward=card.get("reward", {}))
        return rec

    cards = [record(h, "hero") for h in heroes] + [record(c, "challenge") for c in challenges]
    return Catalog({"format": "runeforge-bundle", "format_version": 1, "ir_version": IR_VERSION,
                    "cards": cards, "documents": {}})


def kid(card) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in card["name"].lower()).replace("--", "-")


def _chance(need: int) -> float:
    return sum(1 for a in range(1, 11) for b in range(1, 11) if a + b >= need) / 100


def bare_fights(hero, chal, trials: int, seed: int) -> dict:
    """The plain combat rules and the heuristic bot's decisions, restated as a bare loop."""
    rnd = random.Random(seed).random
    hb = (hero["mind"], hero["body"], hero["spirit"])
    hd = (hero["ranged_damage"], hero["melee_damage"], hero["magic_damage"])
    ct = (chal["mind"], chal["body"], chal["spirit"])
    cd = (chal["ranged_damage"], chal["melee_damage"], chal["magic_damage"])
    hl, cl = hero["life"], chal["life"]
    need = tuple(ct[k] - hb[k] for k in range(3))
    ev = [round(_chance(need[k]) * hd[k] - (1 - _chance(need[k])) * 0.25 * cd[k], 4)
          for k in range(3)]
    attack_now = tuple(ev[k] > 0 and ev[k] >= max(ev[k + 1:], default=0) for k in range(3))
    worst = sum(cd)
    out = {"defeated": 0, "knocked_out": 0, "escaped": 0, "abandoned": 0}
    for _ in range(trials):
        hw = cw = 0
        result = "abandoned"
        for _round in range(100):
            while worst >= hl - hw and cl - cw > 1:  # the bot escapes when in danger
                if int(rnd() * 10) + int(rnd() * 10) + 2 + hb[0] >= ct[0]:
                    result = "escaped"
                    break
                hw += 1
                if hw >= hl:
                    result = "knocked_out"
                    break
            if result != "abandoned":
                break
            attacked = False
            for k in range(3):
                roll = int(rnd() * 10) + int(rnd() * 10) + 2
                if not attacked and attack_now[k]:
                    attacked = True
                    if roll >= need[k]:
                        cw += hd[k]
                        if cw >= cl:
                            result = "defeated"
                            break
                        continue
                elif not cd[k] or roll >= need[k]:
                    continue
                hw += cd[k]
                if hw >= hl:
                    result = "knocked_out"
                    break
            if result != "abandoned":
                break
        out[result] += 1
    return out


def monte_carlo(heroes, challenges, trials: int) -> None:
    from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds

    cat = plain_catalog(heroes, challenges)
    pairs = [(h, c) for h in heroes[:5] for c in challenges]
    print()
    print(f"-- Monte Carlo, plain cards, bot policy: {len(pairs)} pairs x {trials} trials")
    print(f"{'pair':<46} {'kernel':>7} {'engine':>7} {'bare':>7} {'|diff|/sd':>9}")
    kernel_s = engine_s = bare_s = 0.0
    worst_z = 0.0
    for h, c in pairs:
        monte_carlo_odds(cat, kid(h), kid(c), trials=1, seed=0)  # compile the kernel first
        t = time.process_time()
        res = monte_carlo_odds(cat, kid(h), kid(c), trials=trials, seed=1, policy="bot")
        kernel_s += time.process_time() - t
        assert res.kernel == "compiled", res.kernel
        t = time.process_time()
        eng = monte_carlo_odds(cat, kid(h), kid(c), trials=trials, seed=1, policy="bot",
                               use_kernel=False)
        engine_s += time.process_time() - t
        assert eng.outcomes == res.outcomes, "the kernel and the engine disagree"
        t = time.process_time()
        bare = bare_fights(h, c, trials, seed=2)
        bare_s += time.process_time() - t
        pb = bare["defeated"] / trials
        sd = max(((res.win * (1 - res.win) + pb * (1 - pb)) / trials) ** 0.5, 1e-9)
        z = abs(res.win - pb) / sd
        worst_z = max(worst_z, z)
        label = f"{h['name']} v {c['name']}"[:46]
        print(f"{label:<46} {res.win:>7.3f} {eng.win:>7.3f} {pb:>7.3f} {z:>9.2f}")
    n = trials * len(pairs)
    opt_rate, asked_rate = optimal_rates(cat, [(kid(h), kid(c)) for h, c in pairs[:4]], trials)
    ratio = kernel_s / bare_s
    e_ratio = engine_s / bare_s
    verdict = "met" if ratio <= 3 else f"missed by x{ratio / 3:.2f}"
    print(f"Monte Carlo: kernel {n / kernel_s:,.0f} combats/s, engine {n / engine_s:,.0f} "
          f"combats/s (bot; the same counts), {opt_rate:,.0f} combats/s (optimal policy, "
          f"kernel with the policy's table; {asked_rate:,.0f} combats/s asking the "
          f"OptimalPlayer itself, {opt_rate / asked_rate:.1f}x, the same results); bare loop "
          f"{n / bare_s:,.0f} combats/s")
    print(f"kernel/bare time per combat {ratio:.2f}x (target <= 3x: {verdict}); engine/bare "
          f"{e_ratio:.1f}x; engine/kernel {engine_s / kernel_s:.1f}x; largest win-rate "
          f"difference kernel v bare {worst_z:.1f} sd")
    bundled_kernels()


def optimal_rates(cat, pairs, trials: int) -> tuple[float, float]:
    """Combats/s of the optimal policy in ask kernels: with its table (TablePlayer, what
    odds --trials and balance --trials use) and asking the OptimalPlayer at every question
    (as before the table; a quarter of the trials), on the same dice: the results of the
    shared trials must be equal."""
    from runeforge.engine.common.dice import Dice
    from runeforge.engine.runebound.analysis.optimal_player import OptimalPlayer
    from runeforge.engine.runebound.analysis.optimal_table import TablePlayer
    from runeforge.engine.runebound.combat.kernel import compile_kernel

    table_s = asked_s = 0.0
    few = max(1, trials // 4)
    for h, c in pairs:
        kernel = compile_kernel(cat, h, c, mode="ask")
        t = time.process_time()
        fast = kernel.run_stream(Dice(7), trials, player=TablePlayer())
        table_s += time.process_time() - t
        t = time.process_time()
        slow = kernel.run_stream(Dice(7), few, player=OptimalPlayer())
        asked_s += time.process_time() - t
        assert fast[:few] == slow, f"{h} v {c}: the table and the OptimalPlayer disagree"
    return trials * len(pairs) / table_s, few * len(pairs) / asked_s


def bundled_kernels(trials: int = 2000) -> None:
    """The kernel on the bundled cards with their abilities: every core hero against the
    four challenges of the worked example's set, kernel v engine on the same dice."""
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.analysis.odds_mc import monte_carlo_odds
    from runeforge.engine.runebound.core.catalog import Catalog

    result = pipeline.check(())
    cat = Catalog(build_bundle(result.content, result.compiled))
    pairs = [(h, c) for h in cat.ids("hero")[:6]
             for c in ("blood-of-the-bloodmother", "high-lord-margath", "ironbound-ogre")]
    trials = max(50, min(trials, TRIALS_CAP))
    k_s = e_s = 0.0
    for h, c in pairs:
        monte_carlo_odds(cat, h, c, trials=1)
        t = time.process_time()
        res = monte_carlo_odds(cat, h, c, trials=trials, seed=3)
        k_s += time.process_time() - t
        t = time.process_time()
        eng = monte_carlo_odds(cat, h, c, trials=trials // 4, seed=3, use_kernel=False)
        e_s += time.process_time() - t
        assert res.kernel == "compiled" and eng.trials == trials // 4
    n = trials * len(pairs)
    print(f"bundled cards with abilities ({len(pairs)} pairs): kernel {n / k_s:,.0f} "
          f"combats/s, engine {n / 4 / e_s:,.0f} combats/s, engine/kernel "
          f"{(e_s / (n / 4)) / (k_s / n):.1f}x")
    table, asked = optimal_rates(cat, pairs, trials)
    print(f"bundled cards with abilities, optimal policy ({len(pairs)} pairs): kernel with "
          f"the policy's table {table:,.0f} combats/s, kernel asking the OptimalPlayer "
          f"{asked:,.0f} combats/s: {table / asked:.1f}x, the same results")


def balance(trials: int, monte_carlo_runs: bool = True, full: int = 2000,
            limit_s: float = 600.0) -> None:
    """`runeforge balance` on the bundled core set (every Hero against every challenge at 4
    experience levels): exact, then Monte Carlo runs of ``trials`` and 2 x ``trials`` combats
    a cell with the optimal policy (kernels, the policy's table). Their difference is the
    time of ``trials`` more combats a cell once the kernels are compiled and the first
    situations solved; from that rate the time of a ``--trials full`` run is estimated (an
    upper bound still: the policy's table keeps filling, later combats cost less), and when
    the estimate is within ``limit_s`` the run is made and its measured time printed
    (otherwise only the estimate, said so). Wall times of the whole command."""
    import subprocess
    import sys
    import tempfile

    exe = [sys.executable, "-c", "from runeforge.cli import main; main()"]

    def run(*args) -> float:
        t = time.perf_counter()
        subprocess.run([*exe, "balance", *args], check=True, capture_output=True)
        return time.perf_counter() - t

    with tempfile.TemporaryDirectory() as tmp:
        exact_s = run("--out", f"{tmp}/a")
        if not monte_carlo_runs:  # RUNEFORGE_BENCH_TINY: the Monte Carlo runs take minutes
            print(f"\nbalance, bundled core set: exact {exact_s:.1f} s (tiny run: no Monte "
                  "Carlo)")
            return
        one_s = run("--trials", str(trials), "--out", f"{tmp}/b")
        two_s = run("--trials", str(2 * trials), "--out", f"{tmp}/c")
        cells = sum(1 for _ in open(f"{tmp}/c/balance.csv", encoding="utf-8")) - 1
        print()
        head = (f"balance, bundled core set ({cells} cells): exact {exact_s:.1f} s; Monte "
                f"Carlo (optimal policy, kernels, the policy's table) --trials {trials} "
                f"{one_s:.1f} s, --trials {2 * trials} {two_s:.1f} s")
        # The difference of two whole commands is the time of trials more combats a cell only
        # when it stands out of the noise of one run (start-up, compiles, load): a tenth of
        # the shorter run at least. Otherwise there is no rate to print, and no estimate.
        if two_s - one_s < max(0.1 * one_s, 0.05):
            print(f"{head}: the difference ({two_s - one_s:+.2f} s) is within the noise of "
                  f"one run, so no combats/s figure can be given from it; --trials {full} "
                  f"NOT estimated and NOT run")
            return
        per_combat = (two_s - one_s) / (cells * trials)
        estimate = two_s + per_combat * cells * (full - 2 * trials)
        print(f"{head}: {1 / per_combat:,.0f} combats/s between them; --trials {full} "
              f"estimated {estimate:.0f} s")
        if estimate > limit_s:
            print(f"balance --trials {full}: NOT run, the estimate ({estimate / 60:.0f} min) "
                  f"exceeds {limit_s / 60:.0f} min")
            return
        full_s = run("--trials", str(full), "--out", f"{tmp}/d")
    print(f"balance --trials {full}, bundled core set ({cells} cells, {cells * full:,} "
          f"combats): measured {full_s:.1f} s wall, {cells * full / full_s:,.0f} combats/s "
          f"(kernel compiles and exact solves included)")


def _timed_one(bundle: dict, spec) -> dict:
    """One game of the sweep, with the worker's id, its CPU time so far (a forked worker's
    CPU clock starts at zero) and the game's own CPU time."""
    from runeforge.engine.runebound.analysis import simulate as sim

    start = time.process_time()
    result = sim.run_one(bundle, spec)
    end = time.process_time()
    return {**result, "_pid": os.getpid(), "_cpu": end, "_game": end - start}


def simulation(games: int = 16) -> None:
    """Games/s of the whole-game engine and the speed-up of `runeforge simulate` from 1 to 2
    local workers (runeforge.engine.runebound.analysis.simulate.run_local, the same code the
    command runs: engine/common/sweep.py's pool, here with each game's result carrying its
    worker's CPU time).

    Two figures: the wall-time speed-up, which is what the target is about but which the
    machine's other work changes (on a shared machine with a load above its core count two
    workers cannot get two cores); and the CPU critical path, 1 worker's CPU time against the
    busiest worker's (or half of all CPU spent, the parent's included, when that is more):
    the speed-up two idle cores give, unless the two workers slow each other down through
    the shared memory, or the machine's other work does (a worker that is preempted often
    refills its caches each time). Both runs start with the bots' solvers and odds cold
    (bot_odds.forget), as in a fresh process. The load average is printed beside, and what
    the CPU figure is made of below it."""
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.common import sweep
    from runeforge.engine.runebound.analysis import simulate as sim
    from runeforge.engine.runebound.analysis.bot_odds import forget

    print()
    result = pipeline.check(())
    bundle = build_bundle(result.content, result.compiled)
    specs = sim.specs(games, seed=1, players=(4,))
    # Each run starts from what a fresh process has: the 2 workers fork from this process,
    # and would otherwise inherit the solvers and win probabilities the 1-worker run left
    # here (measured: they then spent 0.78 of the CPU one worker spent on the same games,
    # which flattered the figure by a third)
    forget()
    c = time.process_time()
    t = time.perf_counter()
    one = sim.run_local(bundle, specs, workers=1)
    wall1, cpu1 = time.perf_counter() - t, time.process_time() - c
    forget()
    c = time.process_time()
    t = time.perf_counter()
    two = sweep.run_local(_timed_one, bundle, specs, workers=2)
    wall2, parent = time.perf_counter() - t, time.process_time() - c
    per_worker: dict[int, float] = {}
    in_games: dict[int, float] = {}
    for r in two:
        pid, cpu, game = r.pop("_pid"), r.pop("_cpu"), r.pop("_game")
        per_worker[pid] = max(per_worker.get(pid, 0.0), cpu)
        in_games[pid] = in_games.get(pid, 0.0) + game
    assert one == two, "2 workers changed the results of the same seeds"
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"simulated 4-player games/s (heuristic bots, one process, {games} games): "
          f"{games / cpu1:.2f} per CPU second, {games / wall1:.2f} per wall second")

    def verdict(speed: float) -> str:
        return "met" if speed >= 1.8 else f"missed by x{1.8 / speed:.2f}"

    speed = wall1 / wall2
    print(f"simulate speed-up 1 -> 2 workers, wall: {speed:.2f}x (1 worker {wall1:.1f} s, "
          f"2 workers {wall2:.1f} s, same results; target >= 1.8x: {verdict(speed)}; load "
          f"average {load:.1f} on {os.cpu_count()} CPUs)")
    busiest = max(max(per_worker.values()), (sum(per_worker.values()) + parent) / 2)
    crit = cpu1 / busiest
    print(f"simulate speed-up 1 -> 2 workers, CPU critical path: {crit:.2f}x (1 worker "
          f"{cpu1:.2f} s CPU; workers "
          f"{', '.join(f'{v:.2f}' for v in sorted(per_worker.values()))} s, parent "
          f"{parent:.2f} s; target >= 1.8x: {verdict(crit)})")
    # What the critical path is made of, all from this run: the balance of the work between
    # the workers (2.00 when they are equally busy), the CPU one worker spent against what
    # the pool spent on the same games (below 1 when the two workers slow each other down,
    # or the machine's other work slows them), and each worker's CPU outside its games
    # (start-up, messages): the cost the sweep's size has to cover. Then the share of the
    # cores the runs got: below 100 % the machine's other work changed the wall figure.
    spent = sum(per_worker.values()) + parent
    outside = [per_worker[p] - in_games[p] for p in sorted(per_worker)]
    print(f"simulate speed-up 1 -> 2 workers, made of: balance {spent / busiest:.2f} of 2.00 x "
          f"CPU efficiency {cpu1 / spent:.2f} (2 workers spent {spent:.2f} s CPU on the games "
          f"1 worker played in {cpu1:.2f} s); each worker's CPU outside its games "
          f"{', '.join(f'{v:.2f}' for v in outside)} s; the runs had "
          f"{100 * cpu1 / wall1:.0f} % of a core (1 worker) and "
          f"{100 * spent / (2 * wall2):.0f} % of two (2 workers)"
          + ("" if min(cpu1 / wall1, spent / (2 * wall2)) >= 0.9 else
             ": the machine was busy, so the wall figure measures its other work as much as "
             "the runner"))


if __name__ == "__main__":
    main()
