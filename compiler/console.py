"""Terminal output shared by the CLI commands: diagnostics, summaries, progress.

rich decides about colour: none when NO_COLOR is set or the stream is not a terminal.
Text from content (card names, ability text, source lines) is never sent to the terminal
raw: :class:`~.console_rich.SafeConsole` shows every control character as a visible symbol
(ESC as ␛), so a card name cannot move the cursor, retitle the window or hide text.
"""

from __future__ import annotations

import builtins
import os
import sys
from typing import TYPE_CHECKING

import click

from .atomic import output_problem
from .diagnostics import Diagnostic, render_all, sort_key
from .neutral import neutralise as neutralise  # (where callers have always found it)
from .pipeline import exit_code

if TYPE_CHECKING:  # rich is imported where something is rendered with it (console_rich):
    from rich.console import Console  # a check with nothing to report, written to a pipe
    from rich.progress import Progress  # or a file, prints its summary without it (issue 38)


def console(stderr: bool = False) -> Console:
    # made per call: click's CliRunner swaps sys.stdout/sys.stderr for each invocation
    from .console_rich import SafeConsole

    return SafeConsole(file=sys.stderr if stderr else sys.stdout, highlight=False,
                       soft_wrap=True)


def print_diagnostics(diagnostics: list[Diagnostic], fmt: str = "text") -> None:
    if fmt == "json":
        click.echo(render_all(diagnostics, "json"))
        return
    if not diagnostics:
        return  # nothing to print: no console made (rich is not imported for it)
    from rich.text import Text

    out = console()
    for d in sorted(diagnostics, key=sort_key):
        text = Text(d.render())
        text.highlight_regex(r"error\[RF\d+\]", "bold red")
        text.highlight_regex(r"warning\[RF\d+\]", "bold yellow")
        text.highlight_regex(r"(?m)^ +\| +\^+$", "red")
        text.highlight_regex(r"(?m)= hint: .*$", "cyan")
        out.print(text)


def summary(diagnostics: list[Diagnostic], what: str) -> str:
    errors = sum(1 for d in diagnostics if d.is_error)
    warnings = len(diagnostics) - errors
    return (f"{what}: {errors} error{'s' * (errors != 1)}, "
            f"{warnings} warning{'s' * (warnings != 1)}")


def print_summary(diagnostics: list[Diagnostic], what: str) -> None:
    text = summary(diagnostics, what)
    if plain_stream(sys.stderr) and text.isascii() and text.isprintable():
        # what rich writes for it there (no colour, no wrapping, nothing to neutralise),
        # without importing rich: ~20 ms of a cold check (issue 38)
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
        return
    from rich.text import Text

    style = "red" if any(d.is_error for d in diagnostics) else "green"
    console(stderr=True).print(Text(text, style=style))


def plain_stream(stream) -> bool:
    """Whether a :func:`console` on ``stream`` writes plain text: rich's own test of a
    terminal (``Console.is_terminal``: TTY_COMPATIBLE, FORCE_COLOR, then ``isatty``) says no,
    and no IPython shell is about (rich renders there through it instead; left to rich)."""
    if hasattr(builtins, "get_ipython"):
        return False
    tty_compatible = os.environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "0"
    force_color = os.environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color == ""
    isatty = getattr(stream, "isatty", None)
    try:
        return isatty is None or not isatty()
    except ValueError:  # a closed stream: rich takes it for no terminal
        return True


def finish(diagnostics: list[Diagnostic]) -> None:
    """Exit with 0 (clean), 1 (content errors) or 2 (usage errors)."""
    code = exit_code(diagnostics)
    if code:
        raise SystemExit(code)


def progress() -> Progress:
    from rich.progress import BarColumn, Progress, TextColumn

    err = console(stderr=True)
    return Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}"
                    "/{task.total}"), console=err, transient=True, disable=not err.is_terminal)


def log_path_option(ctx: click.Context, param: click.Parameter, value):
    """A click callback for an output file such as ``--log``: a path that cannot be written
    is a usage error (exit 2) before the command's work starts, not after it."""
    if value is not None:
        problem = output_problem(value, directory=False, parents=False)
        if problem:
            raise click.BadParameter(f"cannot write {value}: {problem}")
    return value


def output_dir_diagnostic(out_dir) -> Diagnostic | None:
    """RF003 for an output folder that cannot be written, found before the work starts."""
    problem = output_problem(out_dir, directory=True)
    if problem is None:
        return None
    return Diagnostic("RF003", f"cannot write output: {problem}", str(out_dir),
                      hint="check --out and its permissions")


def content_dirs_argument(ctx: click.Context, param: click.Parameter, value):
    """A click callback for the DIRS argument: an empty path is a usage error (exit 2), not
    the current folder (``check ""`` would load whatever is there)."""
    for path in value or ():
        if not str(path).strip():
            raise click.BadParameter("an empty path names no folder (write . for the current "
                                     "folder)")
    return value


def content_dirs_or_archives(ctx: click.Context, param: click.Parameter, value):
    """:func:`content_dirs_argument`, and a pack archive (``runeforge pack``) is opened into
    a temporary folder that stands in for it (RF005 for an archive it refuses)."""
    dirs = content_dirs_argument(ctx, param, value) or ()
    if not dirs:  # the bundled content only: no archive to open, no zipfile to import
        return ()
    from .packarchive import expand_dirs

    return expand_dirs(dirs)
