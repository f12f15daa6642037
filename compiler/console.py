"""Terminal output shared by the CLI commands: diagnostics, summaries, progress.

rich decides about colour: none when NO_COLOR is set or the stream is not a terminal.
Text from content (card names, ability text, source lines) is never sent to the terminal
raw: :class:`SafeConsole` shows every control character as a visible symbol (ESC as ␛), so a
card name cannot move the cursor, retitle the window or hide text.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.errors import MarkupError
from rich.segment import Segment
from rich.text import Text

from .atomic import output_problem
from .diagnostics import Diagnostic, render_all, sort_key
from .pipeline import exit_code

if TYPE_CHECKING:  # imported by progress(): rich.progress brings rich.table, a cold check's
    from rich.progress import Progress  # 30-40 ms that only `simulate` uses (issue 38)

# C0 controls but tab and newline, DEL, C1 controls (0x9b is a one-byte CSI) and the bidi
# overrides and isolates that reorder what a terminal shows
UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def _visible(match: re.Match) -> str:
    code = ord(match.group())
    if code < 0x20:
        return chr(0x2400 + code)  # the Control Pictures block: ESC -> ␛
    return "\u2421" if code == 0x7F else "\ufffd"


def neutralise(text: str) -> str:
    """``text`` with every control character replaced by one visible character (so columns
    and caret positions stay where they were)."""
    return UNSAFE.sub(_visible, text)


class SafeConsole(Console):
    """A rich Console whose rendered text never carries control characters of its own: rich
    adds its colours from segment styles afterwards, so they still work. Strings and Text are
    neutralised before layout (so widths are right), every segment once more after it."""

    def render_str(self, text: str, **kwargs) -> Text:
        text = neutralise(text)
        try:
            return super().render_str(text, **kwargs)
        except MarkupError:  # brackets from content ("[/x]") are text, never a crash
            return super().render_str(text, **{**kwargs, "markup": False})

    def print(self, *objects, **kwargs) -> None:
        safe = []
        for obj in objects:
            if isinstance(obj, Text) and UNSAFE.search(obj.plain):
                obj = obj.copy()
                obj.plain = neutralise(obj.plain)  # same length: the styles keep their spans
            safe.append(obj)
        super().print(*safe, **kwargs)

    def render(self, renderable, options=None):
        for segment in super().render(renderable, options):
            if segment.control is None and UNSAFE.search(segment.text):
                segment = Segment(neutralise(segment.text), segment.style)
            yield segment


def console(stderr: bool = False) -> Console:
    # made per call: click's CliRunner swaps sys.stdout/sys.stderr for each invocation
    return SafeConsole(file=sys.stderr if stderr else sys.stdout, highlight=False,
                       soft_wrap=True)


def print_diagnostics(diagnostics: list[Diagnostic], fmt: str = "text") -> None:
    if fmt == "json":
        click.echo(render_all(diagnostics, "json"))
        return
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
    style = "red" if any(d.is_error for d in diagnostics) else "green"
    console(stderr=True).print(Text(summary(diagnostics, what), style=style))


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
