"""The `runeforge` command line: a click group over the command modules.

Every module in package ``runeforge.commands`` that has a ``command`` (a click.Command) is a
sub-command named after the module; modules are found with pkgutil and imported only when
their command runs (or for --help), so `runeforge odds` does not import the PDF backend. A
game adds its own sub-commands through the registry (``Game.commands``, e.g. `runeforge
campaign`), loaded the same way.
Exit status:
0 clean, 1 content errors, 2 usage errors, 3 internal error (a bug: please report it).
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import sys

import click

from . import __version__
from . import commands as commands_pkg
from .diagnostics import DiagnosticError
from .pipeline import EXIT_INTERNAL, UsageError, exit_code

REPORT_HINT = ("this is a bug in runeforge; please report it with the command you ran and "
               "the output of RUNEFORGE_DEBUG=1")


def internal_error(exc: BaseException) -> None:
    if os.environ.get("RUNEFORGE_DEBUG"):
        import traceback  # here: 4 ms of every start that only a crash needs (issue 38)

        traceback.print_exception(type(exc), exc, exc.__traceback__)
    click.echo(f"runeforge: internal error: {type(exc).__name__}: {exc}", err=True)
    click.echo(f"  = hint: {REPORT_HINT}", err=True)
    sys.exit(EXIT_INTERNAL)


class RuneforgeGroup(click.Group):
    """Commands are the modules of runeforge.commands, loaded when first asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(command_modules())
                      | set(game_commands()))

    def get_command(self, ctx: click.Context, name: str):
        command = super().get_command(ctx, name)
        if command is None and (name in command_modules() or name in game_commands()):
            command = load_command(name)
            if command is not None:
                self.add_command(command, name)
        return command

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort, SystemExit,
                KeyboardInterrupt, BrokenPipeError):  # a closed stdout: click's main exits 1
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
    """Runeforge: compile board-game card content (YAML + ability language): Runebound
    2e first, every game a plug-in."""


def _broken(name: str, exc: BaseException) -> click.Command:
    @click.command(name=name, help=f"(unavailable: {type(exc).__name__} while loading)",
                   context_settings={"ignore_unknown_options": True})
    @click.argument("args", nargs=-1, type=click.UNPROCESSED)
    def broken(args) -> None:
        internal_error(exc)

    return broken


def command_modules() -> list[str]:
    """Names of the command modules (a leading underscore marks a helper module)."""
    return sorted(m.name for m in pkgutil.iter_modules(commands_pkg.__path__)
                  if not m.name.startswith("_"))


def game_commands() -> dict[str, str]:
    """The sub-commands the registered games add (``Game.commands``): name -> "module:attr";
    a name that is also a module of runeforge.commands is left to the module."""
    from . import games

    modules = set(command_modules())
    out: dict[str, str] = {}
    for game in games.all_games():
        for name, ref in game.commands.items():
            if name not in modules:
                out.setdefault(name, ref)
    return out


def load_command(name: str) -> click.Command | None:
    try:
        if name in command_modules():
            command = getattr(importlib.import_module(f"{commands_pkg.__name__}.{name}"),
                              "command", None)
        else:
            from . import games

            command = games.resolve(game_commands()[name])
    except Exception as exc:  # noqa: BLE001 - one broken command must not hide the rest
        return _broken(name, exc)
    return command if isinstance(command, click.Command) else None


def register_commands(group: click.Group) -> None:
    """Import and add every command now (for embedding the commands in another group)."""
    for name in [*command_modules(), *game_commands()]:
        command = load_command(name)
        if command is not None:
            group.add_command(command, name)
