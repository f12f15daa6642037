"""The commands that run a game's engine (play, replay, simulate, fight, odds, balance, test):
which of them a game of the registry has, the ``--game`` option, and the one line a command
prints for a game that lacks it.

The default game (Runebound) has every one of them: the command modules were written for it.
Another game has a command when its registry entry names what the command calls: its engine
entries (:data:`NEEDS`) or, for ``test``, a scenarios runner (``Game.scenarios``).
"""

from __future__ import annotations

import sys
from typing import NoReturn

import click

from runeforge import games

PER_GAME = ("play", "replay", "simulate", "fight", "odds", "balance", "test")
# the engine entries (compiler/games/__init__.py, ``Game.engine``) each command calls
NEEDS = {"play": ("play",), "replay": ("play", "log_options"),
         "simulate": ("simulate", "summarize"), "fight": ("fight",), "odds": ("odds_exact",),
         "balance": ("balance",)}


def has(game, command: str) -> bool:
    """Whether ``game`` has ``command`` (one of :data:`PER_GAME`)."""
    if game.id == games.DEFAULT_GAME:
        return True
    if command == "test":
        return game.scenarios is not None
    return all(name in game.engine for name in NEEDS[command])


def lacks(game, command: str, what: str = "") -> NoReturn:
    """Say in one line that ``game`` has no ``command`` and what it has; exit 2 (a usage
    error: the command was given content it cannot run). ``what`` follows the game's id
    (" of adventure 'x'")."""
    others = [c for c in PER_GAME if has(game, c)]
    tail = ("it has: " + ", ".join(others)) if others else \
        "it has none of: " + ", ".join(PER_GAME)
    click.echo(f"runeforge {command}: the game '{game.id}'{what} has no {command} ({tail})",
               err=True)
    sys.exit(2)


def require(game, command: str, what: str = ""):
    """``game`` when it has ``command``; else :func:`lacks`."""
    if not has(game, command):
        lacks(game, command, what)
    return game


def _game(ctx, param, value):
    if value is None:
        return None
    if value not in games.ids():
        from runeforge.diagnostics import did_you_mean

        known = list(games.ids())
        raise click.BadParameter(f"unknown game '{value}'; "
                                 + (did_you_mean(value, known) or "games: " + ", ".join(known)),
                                 param_hint="--game")
    return games.get(value)


def game_option(help_text: str):
    """``--game ID`` (a game of the registry, as a :class:`~runeforge.games.Game`; None when
    not given)."""
    return click.option("--game", "game", metavar="ID", default=None, callback=_game,
                        help=help_text)
