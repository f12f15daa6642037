"""`runeforge test`: run the card scenarios of the bundled content and DIRS.

Each game's scenarios are run by that game's runner (``Game.scenarios``): Runebound's scripted
combats, Delve's hero turns. A path that is a scenarios file runs that file's scenarios only
(its pack's folder is loaded with it unless it is bundled)."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.text import Text

from runeforge import pipeline
from runeforge.atomic import output_problem, write_bytes_atomic
from runeforge.console import console, content_dirs_argument, finish, print_diagnostics

from ._pergame import game_option, require

EPILOG = """\b
Examples:
  runeforge test                        # the bundled scenarios
  runeforge test my-cards/              # plus the scenarios of my-cards/
  runeforge test --coverage             # which cards and effect ops they reach
  runeforge test --format json --junit report.xml
  runeforge test --game delve           # the Delve scenarios only
  runeforge test cards/delve/heroes.scenarios.yaml   # one file's scenarios
"""


def _pack_root(path: Path) -> Path | None:
    """The nearest folder at or above ``path``'s folder that holds a manifest."""
    from runeforge.loader import MANIFEST_NAMES

    for folder in (path.parent, *path.parent.parents):
        if any((folder / name).is_file() for name in MANIFEST_NAMES):
            return folder
    return None


def split_paths(paths) -> tuple[list[str], set[Path]]:
    """(content folders to load, scenario files to run alone): a file stands for its pack's
    folder (nothing more when the pack is bundled: it is loaded anyway)."""
    from runeforge.loader import bundled_dir

    bundled = bundled_dir().resolve()
    dirs: list[str] = []
    files: set[Path] = set()
    for given in paths:
        path = Path(given)
        if not path.is_file():
            dirs.append(given)
            continue
        files.add(path.resolve())
        root = _pack_root(path.resolve()) or path.resolve().parent
        if root != bundled and bundled not in root.parents:
            dirs.append(str(root))
    return list(dict.fromkeys(dirs)), files


@click.command("test", epilog=EPILOG)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print the results.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE", help="Also write JUnit XML (for CI) to FILE.")
@click.option("--coverage", is_flag=True,
              help="List the cards no passing scenario covers and the effect ops none ran.")
@game_option("Run the scenarios of this game only (e.g. delve).")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(fmt, junit_path, coverage, game, dirs) -> None:
    """Run the card scenarios (documents of kind `scenarios`, `*.scenarios.yaml`).

    A scenario states what cards do, in the game of its pack. Runebound: a scripted combat,
    given a Hero, its items and Allies and an enemy, scripted dice and decisions, then the
    values expected. Delve: one hero turn, given a hero (wounds, renown, skills) and the
    adversaries in its chamber, the hero dice rolled, the later dice and the actions taken
    (`use: Maul Swing`), then the state expected (docs/delve.md). Each failure is shown at
    its place in the scenario file, with the expected and the actual value. DIRS are content
    folders, or scenario files (only their scenarios run).
    Exit status: 0 all passed, 1 a scenario failed or the content has errors, 2 usage errors.
    """
    from runeforge import scenarios
    from runeforge.scenarios import report

    if junit_path is not None:
        problem = output_problem(junit_path, directory=False)
        if problem:
            raise click.BadParameter(problem, param_hint="--junit")
    if game is not None:  # before the content is loaded
        require(game, "test")
    dirs, files = split_paths(dirs)
    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    results = scenarios.run(result.content, result.compiled, game.id if game else None)
    if files:
        results = [r for r in results if Path(r.path).resolve() in files]
        missing = sorted(files - {Path(r.path).resolve() for r in results})
        if missing:
            raise click.BadParameter(f"{missing[0]} holds no scenarios of a pack (a `kind: "
                                     "scenarios` document)" + (f" of {game.id}" if game else ""),
                                     param_hint="DIRS")
    cov = scenarios.coverage(result.content, result.compiled, results,
                             game.id if game else None) if coverage else None
    if junit_path is not None:
        write_bytes_atomic(junit_path, report.junit(results))
    out = console()
    if fmt == "json":
        click.echo(json.dumps(report.as_json(results, cov), ensure_ascii=False, indent=2))
    else:
        for r in results:
            mark = Text("pass ", style="green") if r.passed else Text("FAIL ", style="bold red")
            out.print(mark + Text(f"{r.name}  ({r.path}:{r.line})"))
            for line in report.failure_lines(r):
                out.print(Text(f"    {line}", style="red"))
        failed = sum(not r.passed for r in results)
        out.print(Text(f"{len(results)} scenarios: {len(results) - failed} passed, "
                       f"{failed} failed", style="bold red" if failed else "bold green"))
        for line in report.coverage_lines(cov) if cov else []:
            out.print(line, markup=False)
    if any(not r.passed for r in results):
        raise SystemExit(1)
