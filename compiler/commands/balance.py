"""`runeforge balance`: exact odds of every Hero against every challenge of an adventure, at
0, 2, 4 and 6 experience tokens, with per-colour summaries and out-of-order flags."""

from __future__ import annotations

from pathlib import Path

import click
from rich.table import Table
from rich.text import Text

from runeforge.console import console, content_dirs_argument

from . import _combatcontent as cc

EPILOG = """\b
Examples:
  runeforge balance
  runeforge balance --adventure sceptre-of-kyros --ruleset advanced --out reports/
  runeforge balance my-cards/
"""


@click.command("balance", epilog=EPILOG)
@click.option("--adventure", metavar="ID", default=None,
              help="Adventure id (an adventure.yaml) or pack id; default: "
                   "rise-of-the-dragon-lords, or every challenge if it is not loaded.")
@click.option("--ruleset", type=click.Choice(["base", "advanced"]), default="base",
              show_default=True, help="Base (seed 000) or advanced (seed 002) rules.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output/balance"), show_default=True,
              help="Folder for balance.csv, balance-summary.csv, balance.html, balance.pdf.")
@click.option("--trials", type=click.IntRange(1, 1_000_000), default=None, metavar="N",
              help="Monte Carlo with the engine (every ability) instead of the exact odds: "
                   "N combats a cell; slow (heroes x challenges x 4 x N combats).")
@click.option("--seed", type=click.IntRange(0), default=0, show_default=True,
              help="Dice seed of the Monte Carlo.")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(adventure, ruleset, out_dir, trials, seed, dirs) -> None:
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
    content = cc.load(dirs)
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
