"""`runeforge simulate`: many whole games with bots; win rates by hero and by adventure."""

from __future__ import annotations

import json

import click
from rich.markup import escape
from rich.table import Table

from runeforge import pipeline
from runeforge.console import console, content_dirs_argument, finish, print_diagnostics, progress

EPILOG = """\b
Examples:
  runeforge simulate --games 200                       # 4 players, base rules, one process
  runeforge simulate --games 1000 --workers 2 --players 2-6 --ruleset base --ruleset advanced
  runeforge simulate --games 500 --adventure sceptre-of-kyros --format json
  runeforge simulate --games 5000 --scheduler tcp://10.0.0.5:8786   # on a Dask cluster
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
              help="Adventure id (repeatable; default rise-of-the-dragon-lords).")
@click.option("--bots", type=click.Choice(["heuristic", "random"]), default="heuristic",
              show_default=True)
@click.option("--seed", type=int, default=1, show_default=True,
              help="Game i uses seed SEED+i, so any game can be replayed with `play`.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def command(dirs, games, workers, scheduler, players, rulesets, adventures, bots, seed, fmt):
    """Play many whole games with bots and report win rates with 95 % intervals.

    The same seeds give the same per-game results in one process, in a process pool
    (--workers) or on Dask (--scheduler).
    """
    from runeforge import games as registry
    from runeforge.backends.bundle import build_bundle
    from runeforge.diagnostics import did_you_mean

    (sim,) = registry.get().entries("simulation")
    if scheduler is not None:
        if not scheduler.strip():
            raise click.BadParameter("an empty address", param_hint="--scheduler")
        _need_dask(scheduler)
    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    bundle = build_bundle(result.content, result.compiled)
    from runeforge.commands.play import adventure_games

    # simulate plays Runebound's engine: its own adventures only
    known = sorted(a for a, g in adventure_games(bundle).items() if g == registry.DEFAULT_GAME)
    for adv in adventures:
        if adv not in known:
            hint = did_you_mean(adv, known) or "known: " + ", ".join(known)
            raise click.BadParameter(f"unknown adventure '{adv}' ({hint})",
                                     param_hint="--adventure")
    todo = sim.specs(games, seed, players, rulesets or ("base",),
                     adventures or (sim.DEFAULT_ADVENTURE,), bots)
    with progress() as bar:
        task = bar.add_task("games", total=len(todo))

        def done(n, total):
            bar.update(task, completed=n)

        if scheduler:
            try:
                results = sim.run_dask(bundle, todo, scheduler, progress=done)
            except (OSError, TimeoutError) as exc:  # no scheduler there, or it went away
                raise click.ClickException(f"the Dask scheduler {scheduler!r} cannot be used: "
                                           f"{type(exc).__name__}: {exc}") from None
        else:
            results = sim.run_local(bundle, todo, workers, progress=done)
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
    for adv in summary["adventures"]:
        low, high = adv["ci95"]
        out.print(f"\n{adv['id']}: {adv['decided']}/{adv['games']} games ended with a winner "
                  f"({adv['decided_rate']:.1%}, 95 % CI {low:.1%}–{high:.1%})", markup=False)
        table = Table("hero", "games", "wins", "win rate", "95 % CI")
        for row in sorted(adv["heroes"], key=lambda r: -r["rate"]):
            table.add_row(escape(names.get(row["id"], row["id"])), str(row["games"]),
                          str(row["wins"]),
                          f"{row['rate']:.1%}", f"{row['ci95'][0]:.1%}–{row['ci95'][1]:.1%}")
        out.print(table)
