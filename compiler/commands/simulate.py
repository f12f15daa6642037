"""`runeforge simulate`: many whole games with bots; win rates by hero and by adventure.

The game of the adventures (``--adventure``, else ``--game``, else Runebound) plays them:
Runebound with its own engine, another game through its ``simulate`` and ``summarize`` engine
entries (``compiler/games/``), on the same runner (one process, ``--workers``, Dask)."""

from __future__ import annotations

import json

import click
from rich.markup import escape
from rich.table import Table

from runeforge import pipeline
from runeforge.console import console, content_dirs_argument, finish, print_diagnostics, progress

from ._pergame import game_option, require

EPILOG = """\b
Examples:
  runeforge simulate --games 200                       # 4 players, base rules, one process
  runeforge simulate --games 1000 --workers 2 --players 2-6 --ruleset base --ruleset advanced
  runeforge simulate --games 500 --adventure sceptre-of-kyros --format json
  runeforge simulate --games 5000 --scheduler tcp://10.0.0.5:8786   # on a Dask cluster
  runeforge simulate --adventure first-descent --players 3 --games 20   # a Delve trial
  runeforge simulate --games 40 --bots ismcts,heuristic,heuristic,heuristic --budget 8
"""


def _players(ctx, param, value: str) -> tuple[int, ...]:
    try:
        if "-" in value:
            low, high = (int(x) for x in value.split("-", 1))
            counts = tuple(range(low, high + 1))
        else:
            counts = (int(value),)
    except ValueError:
        raise click.BadParameter(f"'{value}' is not a player count or a range such as 2-6") \
            from None
    if not counts or not all(1 <= n <= 6 for n in counts):
        raise click.BadParameter("player counts are 1 to 6")
    return counts


def _need_dask(address: str) -> None:
    """--scheduler without the optional extra, or with an address Dask cannot parse, is a
    usage error, found before any work."""
    try:
        from distributed.comm.addressing import parse_address, parse_host_port
        from distributed.comm.registry import get_backend
    except ImportError:
        raise click.UsageError("--scheduler needs Dask, which is not installed: pip install "
                               "'runeforge[distributed]' (or leave out --scheduler to play "
                               "the games here, --workers N for N processes)") from None
    try:
        scheme, location = parse_address(address)
        get_backend(scheme)
        if scheme in ("tcp", "tls", "ws", "wss"):
            parse_host_port(location)
    except ValueError as exc:
        raise click.BadParameter(f"{exc} (an address is like tcp://10.0.0.5:8786)",
                                 param_hint="--scheduler") from None


BOTS = ("heuristic", "random", "ismcts")


def _bots(ctx, param, value: str) -> str:
    names = [n.strip() for n in value.split(",")]
    for name in names:
        if name not in BOTS:
            raise click.BadParameter(f"'{name}' is not a bot; choose {', '.join(BOTS)}, for "
                                     "every seat or one per seat (ismcts,heuristic)")
    return ",".join(names)


def _ismcts_usable(sim, bundle: dict, other_game: bool, adventures) -> None:
    """The searching bot plays only what it can determinise (engine/runebound/analysis/
    determinise.py): a usage error before any game, not a failure in the middle of one."""
    if other_game:
        raise click.UsageError("the ismcts bot plays Runebound only")
    from runeforge.engine.common.errors import EngineError

    for adv in dict.fromkeys(adventures or (sim.DEFAULT_ADVENTURE,)):
        try:
            sim.start_game(bundle, {"adventure": adv, "players": 2, "seed": 0,
                                    "bots": "ismcts,heuristic"})
        except EngineError as exc:
            raise click.UsageError(str(exc)) from None


def _ci(ci) -> str:
    """A 95 % interval as the tables print it."""
    return f"{ci[0]:.1%}–{ci[1]:.1%}"


def _rate_table(rows: list[dict], names: dict, wins: str = "wins") -> Table:
    """Rows ``{id, games, wins, rate, ci95}`` (engine/common/sweep.py ``rates``), the best
    rate first."""
    table = Table("hero", "games", wins, "win rate", "95 % CI")
    for row in sorted(rows, key=lambda r: -r["rate"]):
        table.add_row(escape(names.get(row["id"], row["id"])), str(row["games"]),
                      str(row["wins"]), f"{row['rate']:.1%}", _ci(row["ci95"]))
    return table


def game_of(bundle: dict, adventures, game):
    """The game whose adventures these are (``--game`` when none is given, else the default
    game); a usage error for an unknown adventure or adventures of two games."""
    from runeforge import games as registry
    from runeforge.commands.play import adventure_games
    from runeforge.diagnostics import did_you_mean

    known = adventure_games(bundle)
    for adv in adventures:
        if adv not in known:
            mine = sorted(a for a, g in known.items() if game is None or g == game.id)
            hint = did_you_mean(adv, mine) or "known: " + ", ".join(mine)
            raise click.BadParameter(f"unknown adventure '{adv}' ({hint})",
                                     param_hint="--adventure")
    found = sorted({known[a] for a in adventures})
    if len(found) > 1:
        raise click.UsageError("--adventure: one game per run, not " + ", ".join(
            f"{registry.get(g).name} ({', '.join(a for a in adventures if known[a] == g)})"
            for g in found))
    if found and game is not None and found[0] != game.id:
        raise click.UsageError(f"--adventure {adventures[0]} is an adventure of "
                               f"{registry.get(found[0]).name}, not of --game {game.id}")
    return registry.get(found[0]) if found else (game or registry.get())


@click.command("simulate", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--workers", type=click.IntRange(1), default=1, show_default=True,
              help="Local worker processes.")
@click.option("--scheduler", metavar="ADDRESS", default=None,
              help="Run on a Dask distributed cluster (pip install 'runeforge[distributed]').")
@click.option("--players", default="4", show_default=True, callback=_players,
              help="Players per game, or a range such as 2-6 (games cycle through it).")
@click.option("--ruleset", "rulesets", multiple=True, type=click.Choice(["base", "advanced"]),
              help="Ruleset (repeatable; default base).")
@click.option("--adventure", "adventures", multiple=True, metavar="ID",
              help="Adventure id (repeatable; default rise-of-the-dragon-lords). The "
                   "adventures' game plays them (a Delve trial: Delve).")
@click.option("--bots", default="heuristic", show_default=True, callback=_bots,
              help="heuristic, random or ismcts for every seat, or one per seat in turn "
                   "order: ismcts,heuristic,heuristic,heuristic (ismcts: the searching bot, "
                   "Runebound's base adventure only).")
@click.option("--budget", type=click.IntRange(1), default=None,
              help="The ismcts bot's playouts per decision (default 8); the same seed and "
                   "budget give the same games on any machine.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Game i uses seed SEED+i, so any game can be replayed with `play`.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@game_option("The game of the adventures (default: theirs, else runebound-2e); without "
             "--adventure, another game lists its adventures.")
def command(dirs, games, workers, scheduler, players, rulesets, adventures, bots, budget, seed,
            fmt, game):
    """Play many whole games with bots and report win rates with 95 % intervals.

    The same seeds give the same per-game results in one process, in a process pool
    (--workers) or on Dask (--scheduler). The adventures' game plays them: for a Delve trial
    the heroes' win rate, how the games ended and the mean rounds.
    """
    from runeforge import games as registry
    from runeforge.backends.bundle import build_bundle

    (sim,) = registry.get().entries("simulation")
    if game is not None and not adventures:  # before the content is loaded
        require(game, "simulate")
    if scheduler is not None:
        if not scheduler.strip():
            raise click.BadParameter("an empty address", param_hint="--scheduler")
        _need_dask(scheduler)
    seats = bots.split(",")
    if len(seats) > 1 and any(n != len(seats) for n in players):
        raise click.BadParameter(f"{len(seats)} bots, one per seat, for games of "
                                 f"{', '.join(map(str, players))} players", param_hint="--bots")
    if budget is not None and "ismcts" not in seats:
        raise click.UsageError("--budget is the ismcts bot's: name it in --bots")
    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    bundle = build_bundle(result.content, result.compiled)

    played = game_of(bundle, adventures, game)
    if "ismcts" in seats:
        _ismcts_usable(sim, bundle, played.id != registry.DEFAULT_GAME, adventures)
    if played.id != registry.DEFAULT_GAME:
        _other_game(played, bundle, games, workers, scheduler, players, rulesets, adventures,
                    bots, seed, fmt)
        return
    todo = sim.specs(games, seed, players, rulesets or ("base",),
                     adventures or (sim.DEFAULT_ADVENTURE,), bots, budget or 0)
    results = _sweep(bundle, todo, workers, scheduler, sim.run_one)
    summary = sim.summarize(results)
    if fmt == "json":
        click.echo(json.dumps({"summary": summary, "games": results}, ensure_ascii=False,
                              indent=1, sort_keys=True))
        return
    out = console()
    (own_cards,) = registry.get().entries("own_cards")

    names = {c["id"]: c.get("name", c["id"]) for c in own_cards(bundle)}
    out.print(f"{summary['games']} games, seeds {seed}..{seed + games - 1}, bots: {bots}",
              markup=False)
    if summary.get("bots"):  # seats with different bots: each bot's share of the wins
        table = Table("bot", "seats played", "wins", "win rate", "95 % CI", "fair share")
        for row in summary["bots"]:
            fair = 1 / max(players) if len(players) == 1 else None
            table.add_row(row["id"], str(row["games"]), str(row["wins"]), f"{row['rate']:.1%}",
                          _ci(row["ci95"]), f"{fair:.1%}" if fair else "-")
        out.print(table)
    for adv in summary["adventures"]:
        out.print(f"\n{adv['id']}: {adv['decided']}/{adv['games']} games ended with a winner "
                  f"({adv['decided_rate']:.1%}, 95 % CI {_ci(adv['ci95'])})", markup=False)
        out.print(_rate_table(adv["heroes"], names))
    print_figures(out, summary["figures"], names)


def print_figures(out, rows: list[dict], names: dict) -> None:
    """The designer's figures of issue 35 (engine/common/figures.py) per (adventure, ruleset,
    players): the endings' shares, each hero's win share against a fair share (0.5x-1.5x) and
    each seat's wins against its 99 % interval, each marked met or missed by how much."""
    from runeforge.engine.common.figures import BOUNDS

    def mark(ok: bool, by: str = "") -> str:
        return "met" if ok else f"missed by {by}"

    def pts(x: float) -> str:
        return f"{x * 100:.1f} points"

    for row in rows:
        n, sh, ch = row["games"], row["shares"], row["checks"]
        title = " ".join(str(x) for x in (row["adventure"], row["ruleset"]) if x)
        out.print(f"\nfigures: {title}, {row['players']} players, {n} games", markup=False)
        own_min, elim_max = BOUNDS["own_at_least"], BOUNDS["all_eliminated_at_most"]
        out.print(f"  won by the adventure's own victory: {row['endings']['own']} "
                  f"({sh['own']:.1%}, 95 % CI {_ci(row['own_ci95'])}; target >= "
                  f"{own_min:.0%}) {mark(ch['own'], pts(own_min - sh['own']))}", markup=False)
        out.print(f"  decided by every Hero eliminated: {row['endings']['all-eliminated']} "
                  f"({sh['all-eliminated']:.1%}; target <= {elim_max:.0%}) "
                  f"{mark(ch['all_eliminated'], pts(sh['all-eliminated'] - elim_max))}",
                  markup=False)
        capped = row["endings"]["turn-cap"]
        out.print(f"  turn cap: {capped} (target 0) "
                  f"{mark(ch['turn_cap'], f'{capped} games')}; other endings: "
                  f"{row['endings']['other']} ({sh['other']:.1%})", markup=False)
        low, high = BOUNDS["hero_ratio"]
        table = Table("hero", "games", "wins", "win share", "fair share", "x fair",
                      f"{low}x-{high}x")
        for h in sorted(row["heroes"], key=lambda h: -h["ratio"]):
            off = max(low - h["ratio"], h["ratio"] - high)
            table.add_row(escape(names.get(h["id"], h["id"])), str(h["games"]), str(h["wins"]),
                          f"{h['share']:.1%}", f"{h['fair']:.1%}", f"{h['ratio']:.2f}",
                          mark(h["ok"], f"{off:.2f}x"))
        out.print(table)
        if row["seats"] is not None:
            seats = Table("seat", "wins", "expected", "99 % interval", "")
            for s in row["seats"]:
                off = max(s["low"] - s["wins"], s["wins"] - s["high"])
                seats.add_row(str(s["seat"]), str(s["wins"]), f"{s['expected']:.1f}",
                              f"{s['low']:.1f}–{s['high']:.1f}",
                              mark(s["ok"], f"{off:.1f} wins"))
            out.print(seats)
        out.print(f"  all bounds: {'met' if row['ok'] else 'missed'}", markup=False)


def _sweep(bundle: dict, todo: list, workers: int, scheduler, run_one) -> list[dict]:
    """The games of ``todo`` played by ``run_one`` here, in a pool or on Dask, with a
    progress bar."""
    from runeforge.engine.common import sweep

    with progress() as bar:
        task = bar.add_task("games", total=len(todo))

        def done(n, total):
            bar.update(task, completed=n)

        if scheduler:
            try:
                return sweep.run_dask(run_one, bundle, todo, scheduler, progress=done)
            except (OSError, TimeoutError) as exc:  # no scheduler there, or it went away
                raise click.ClickException(f"the Dask scheduler {scheduler!r} cannot be used: "
                                           f"{type(exc).__name__}: {exc}") from None
        return sweep.run_local(run_one, bundle, todo, workers, progress=done)


def _other_game(game, bundle: dict, count: int, workers, scheduler, players, rulesets,
                adventures, bots, seed, fmt) -> None:
    """Another game's games: its ``simulate(bundle, options) -> record`` plays each (options:
    ``adventure``, ``players``, ``seed``, ``bots``; game i has seed SEED+i and cycles through
    the adventures and player counts), its ``summarize(records) -> summary`` sums them up."""
    from runeforge import games as registry

    first = adventures[0] if adventures else None
    require(game, "simulate", f" of adventure '{first}'" if first else "")
    if rulesets:
        raise click.UsageError(f"--ruleset is an option of {registry.get().name}, not of "
                               f"{game.name}")
    if not adventures:
        ids = sorted(set(game.adventure_ids(bundle)))
        raise click.UsageError(f"name the adventures of {game.name} to simulate with "
                               "--adventure ID (repeatable): "
                               + (", ".join(ids) or "the content has none"))
    seats = game.entry("seats")
    for adv in dict.fromkeys(adventures):
        room = seats(bundle, {"adventure": adv}) if seats is not None else None
        if room is not None and max(players) > room["most"]:
            raise click.UsageError(
                f"the {game.name} adventure '{adv}' seats 1 to {room['most']} players, not "
                f"{max(players)} ({room['why']}); try --players {room['most']}")
    combos = [(a, p) for a in adventures for p in players]
    todo = [{"adventure": combos[i % len(combos)][0], "players": combos[i % len(combos)][1],
             "seed": seed + i, "bots": bots} for i in range(count)]
    results = _sweep(bundle, todo, workers, scheduler, game.entry("simulate"))
    summary = game.entry("summarize")(results)
    if fmt == "json":
        click.echo(json.dumps({"game": game.id, "summary": summary, "games": results},
                              ensure_ascii=False, indent=1, sort_keys=True))
        return
    out = console()
    names = {c["id"]: c.get("name", c["id"]) for c in bundle["cards"]
             if c.get("game") == game.id}
    side = summary.get("winners", "players")
    out.print(f"{summary['games']} games of {game.name}, seeds {seed}..{seed + count - 1}, "
              f"bots: {bots}", markup=False)
    for adv in summary["adventures"]:
        rounds = adv["rounds"]
        out.print(f"\n{adv['id']} ({', '.join(map(str, adv['players']))} players): the {side} "
                  f"won {adv['wins']}/{adv['games']} games ({adv['rate']:.1%}, 95 % CI "
                  f"{_ci(adv['ci95'])}); rounds: mean {rounds['mean']:.1f}, "
                  f"{rounds['min']}–{rounds['max']}", markup=False)
        ended = Table("winner", "how the game ended", "games", "share")
        for row in adv["ended"]:
            ended.add_row(escape(str(row["winner"])), escape(row["how"]), str(row["games"]),
                          f"{row['games'] / adv['games']:.1%}")
        out.print(ended)
        if any(h["games"] < adv["games"] for h in adv["heroes"]):  # not the same seats always
            out.print(_rate_table(adv["heroes"], names, wins=f"{side} won"))
    if "figures" in summary:
        print_figures(out, summary["figures"], names)
