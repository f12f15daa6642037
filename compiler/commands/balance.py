"""`runeforge balance`: exact odds of every Hero against every challenge of an adventure, at
0, 2, 4 and 6 experience tokens, with per-colour summaries and out-of-order flags.

The game of ``--game``, else of ``--adventure`` (an adventure, a trial or a pack of that
game), else Runebound writes the report; another game through its ``balance`` engine entry
(``compiler/games/``), whose tables are written as ``<game>-<name>.csv``."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table
from rich.text import Text

from runeforge import games
from runeforge.console import console, content_dirs_argument

from . import _combatcontent as cc
from ._pergame import game_option, require

EPILOG = """\b
Examples:
  runeforge balance
  runeforge balance --adventure sceptre-of-kyros --ruleset advanced --out reports/
  runeforge balance my-cards/
  runeforge balance --game delve                  # every Delve hero x every adversary
  runeforge balance --adventure first-descent     # a Delve trial's adversaries
  runeforge balance --game delve --trials 50 --start adjacent   # whole fights instead
"""


@click.command("balance", epilog=EPILOG)
@click.option("--adventure", metavar="ID", default=None,
              help="Adventure id (an adventure.yaml) or pack id; default: "
                   "rise-of-the-dragon-lords, or every challenge if it is not loaded. A Delve "
                   "trial (or the Delve pack) selects Delve: its adversaries.")
@click.option("--ruleset", type=click.Choice(["base", "advanced"]), default="base",
              show_default=True, help="Base (seed 000) or advanced (seed 002) rules.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output/balance"), show_default=True,
              help="Folder for balance.csv, balance-summary.csv, balance.html, balance.pdf.")
@click.option("--trials", type=click.IntRange(1, 1_000_000), default=None, metavar="N",
              help="Monte Carlo with the engine (every ability) instead of the exact odds: "
                   "N combats a cell; slow (heroes x challenges x 4 x N combats). Delve: N "
                   "whole fights a cell instead of the exact one-turn odds.")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Dice seed of the Monte Carlo.")
@click.option("--start", "starts", multiple=True, type=click.Choice(["adjacent", "apart"]),
              help="Delve: where each fight starts (repeatable; default both).")
@game_option("The game to balance (default: the --adventure's, else runebound-2e), e.g. "
             "delve: every hero against every adversary.")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(adventure, ruleset, out_dir, trials, seed, starts, game, dirs) -> None:
    """Write a balance report: how hard each challenge is for each Hero.

    Exact odds (optimal play, no escape; static modifiers and Before Combat abilities
    count) of every Hero against every
    challenge of the adventure's decks, at 0, 2, 4 and 6 experience tokens bought by the rule
    stated in the report (--trials N: a Monte Carlo with the engine instead, running every
    ability). Summaries per colour (median, min, max) and challenges out of order
    for their colour. DIRS extend the bundled cards/. Exit status: 0 written, 1 content
    errors, 2 usage errors.
    """
    from runeforge.atomic import output_problem
    from runeforge.diagnostics import Diagnostic, DiagnosticError

    from . import _balance, _balancereport

    problem = output_problem(out_dir, directory=True)
    if problem:  # before the work, which can take minutes
        raise DiagnosticError([Diagnostic("RF003", f"cannot write the report: {problem}",
                                          path=str(out_dir), hint="check --out")])
    if game is not None:  # before the content is loaded
        require(game, "balance")
    whole = cc._load_all(dirs)
    chosen = game or _adventure_game(whole, adventure)
    if chosen is not None and chosen.id != games.DEFAULT_GAME:
        _other_game(chosen, whole, adventure, ruleset, out_dir, trials, seed, starts)
        return
    if starts:
        raise click.UsageError("--start is an option of Delve's balance, not of "
                               f"{games.get().name}")
    content = cc.load(dirs, whole)
    try:
        report = _balance.build(content, adventure, ruleset, trials, seed)
    except LookupError as exc:
        raise click.BadParameter(f"unknown adventure '{adventure}'; {exc.args[0]}",
                                 param_hint="--adventure") from None
    if not report.heroes or not report.challenges:
        raise click.UsageError(f"nothing to report: {len(report.heroes)} heroes, "
                               f"{len(report.challenges)} challenges in {report.adventure}")
    try:
        paths = _balancereport.write_all(report, out_dir)
    except OSError as exc:
        raise DiagnosticError([Diagnostic("RF003", f"cannot write the report: {exc.strerror}",
                                          path=str(out_dir), hint="check --out")]) from None
    out = console()
    out.print(Text(f"Balance of {report.adventure_name} ({ruleset} rules): "
                   f"{len(report.heroes)} heroes x {len(report.challenges)} challenges",
                   style="bold"))
    table = Table("colour", "tokens", "median", "min", "max", box=None)
    for r in report.summary():
        if r["tokens"] == 0:
            table.add_row(r["colour"], "0", f"{r['median']:.1%}", f"{r['min']:.1%}",
                          f"{r['max']:.1%}")
    out.print(table)
    names = {c["id"]: c for c in report.challenges}
    for cid, why in report.flags().items():
        out.print(Text(f"out of order: {names[cid]['name']} ({names[cid]['colour']}): "
                       + "; ".join(why), style="yellow"))
    for p in paths:
        out.print(Text(f"wrote {p}", style="dim"))


def _adventure_game(content, adventure: str | None):
    """The game of ``adventure``: a pack's, or the game one of whose adventure documents
    (``Game.adventure_kinds``) has that id; None when it is neither (or not given)."""
    if adventure is None:
        return None
    if adventure in content.packs:
        return games.get(content.packs[adventure].game)
    from runeforge.backends.bundle import document_record

    for game in games.all_games():
        docs = {kind: [document_record(d) for d in content.documents.get(kind, [])]
                for kind in game.adventure_kinds}
        if adventure in game.adventure_ids({"documents": docs}):
            return game
    return None


def _other_game(game, whole, adventure, ruleset, out_dir, trials, seed, starts) -> None:
    """Another game's report: its ``balance(bundle, options) -> report`` engine entry
    (options ``adventure``: one of its adventures, else None; ``pack``: the pack whose
    adversaries these are; ``starts``, ``trials``, ``seed``). The report's ``files`` tables
    are written as CSV, its ``summary`` tables printed."""
    from runeforge.atomic import write_bytes_atomic
    from runeforge.diagnostics import Diagnostic, DiagnosticError
    from runeforge.engine.common.errors import EngineError

    from . import _balancereport
    from ._gameodds import bundle

    require(game, "balance")
    if ruleset != "base":
        raise click.UsageError(f"--ruleset is an option of {games.get().name}, not of "
                               f"{game.name}")
    own = whole.of_game(game.id)
    options = {"adventure": adventure, "starts": list(starts), "trials": trials, "seed": seed}
    if adventure in own.packs:  # a pack: its adversaries
        own.cards = {k: c for k, c in own.cards.items() if c.pack == adventure
                     or c.kind != "adversary"}
        options.update(adventure=None, pack=adventure)
    try:
        report = game.entry("balance")(bundle(game, own, list(own.cards)), options)
    except EngineError as exc:
        raise click.UsageError(f"{game.name}: {exc}") from None
    paths = []
    try:
        for name, table in report["files"].items():
            path = out_dir / f"{game.id}-{name}"
            write_bytes_atomic(path, _balancereport.table_csv(table["columns"], table["rows"]))
            paths.append(path)
    except OSError as exc:
        raise DiagnosticError([Diagnostic("RF003", f"cannot write the report: {exc.strerror}",
                                          path=str(out_dir), hint="check --out")]) from None
    out = console()
    out.print(Text(f"{report['title']} ({report['method']})", style="bold"), markup=False)
    out.print(Text(report["rule"], style="dim"))
    for summary in report["summary"]:
        table = Table(*summary["columns"], title=summary.get("title"), title_justify="left",
                      box=None)
        for row in summary["rows"]:
            table.add_row(*map(str, row))
        out.print(table)
    for p in paths:
        out.print(Text(f"wrote {p}", style="dim"))
