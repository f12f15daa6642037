"""`runeforge test`: run the card scenarios of the bundled content and DIRS."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.text import Text

from runeforge import pipeline
from runeforge.atomic import output_problem, write_bytes_atomic
from runeforge.console import console, content_dirs_argument, finish, print_diagnostics

EPILOG = """\b
Examples:
  runeforge test                        # the bundled scenarios
  runeforge test my-cards/              # plus the scenarios of my-cards/
  runeforge test --coverage             # which cards and effect ops they reach
  runeforge test --format json --junit report.xml
"""


@click.command("test", epilog=EPILOG)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="How to print the results.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE", help="Also write JUnit XML (for CI) to FILE.")
@click.option("--coverage", is_flag=True,
              help="List the cards no passing scenario covers and the effect ops none ran.")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(fmt, junit_path, coverage, dirs) -> None:
    """Run the card scenarios (documents of kind `scenarios`, `*.scenarios.yaml`).

    A scenario states what cards do in a scripted combat: given a Hero, its items and Allies
    and an enemy, scripted dice and decisions, then the values expected. Each failure is
    shown at its place in the scenario file, with the expected and the actual value.
    Exit status: 0 all passed, 1 a scenario failed or the content has errors, 2 usage errors.
    """
    from runeforge import scenarios
    from runeforge.scenarios import report

    if junit_path is not None:
        problem = output_problem(junit_path, directory=False)
        if problem:
            raise click.BadParameter(problem, param_hint="--junit")
    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    results = scenarios.run(result.content, result.compiled)
    cov = scenarios.coverage(result.content, result.compiled, results) if coverage else None
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
