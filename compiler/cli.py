"""The `runeforge` command line: a click group that registers every command module.

Every module in package ``runeforge.commands`` that has a ``command`` (a click.Command) is a
sub-command; modules are found with pkgutil and registered in name order. Exit status:
0 clean, 1 content errors, 2 usage errors, 3 internal error (a bug: please report it).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys
import traceback

import click

from . import __version__
from . import commands as commands_pkg
from .diagnostics import DiagnosticError
from .pipeline import EXIT_INTERNAL, UsageError, exit_code

REPORT_HINT = ("this is a bug in runeforge; please report it with the command you ran and "
               "the output of RUNEFORGE_DEBUG=1")


def internal_error(exc: BaseException) -> None:
    if os.environ.get("RUNEFORGE_DEBUG"):
        traceback.print_exception(type(exc), exc, exc.__traceback__)
    click.echo(f"runeforge: internal error: {type(exc).__name__}: {exc}", err=True)
    click.echo(f"  = hint: {REPORT_HINT}", err=True)
    sys.exit(EXIT_INTERNAL)


class RuneforgeGroup(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit,
                KeyboardInterrupt):
            raise
        except UsageError as exc:
            raise click.UsageError(str(exc), ctx) from None
        except DiagnosticError as exc:
            from .console import print_diagnostics

            print_diagnostics(exc.diagnostics)
            sys.exit(exit_code(exc.diagnostics) or 1)
        except Exception as exc:  # noqa: BLE001 - the last line of defence
            internal_error(exc)


@click.group(cls=RuneforgeGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog="Example: runeforge check my-cards/")
@click.version_option(__version__, prog_name="runeforge")
def main() -> None:
    """Runeforge: compile Runebound card content (YAML + ability language)."""


def _broken(name: str, exc: BaseException) -> click.Command:
    @click.command(name=name, help=f"(unavailable: {type(exc).__name__} while loading)",
                   context_settings={"ignore_unknown_options": True})
    @click.argument("args", nargs=-1, type=click.UNPROCESSED)
    def broken(args) -> None:
        internal_error(exc)

    return broken


def register_commands(group: click.Group) -> None:
    modules = sorted(pkgutil.iter_modules(commands_pkg.__path__), key=lambda m: m.name)
    for info in modules:
        if info.name.startswith("_"):
            continue
        try:
            module = importlib.import_module(f"{commands_pkg.__name__}.{info.name}")
        except Exception as exc:  # noqa: BLE001 - one broken command must not hide the rest
            group.add_command(_broken(info.name, exc))
            continue
        command = getattr(module, "command", None)
        if isinstance(command, click.Command):
            group.add_command(command)


register_commands(main)
