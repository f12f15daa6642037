"""`runeforge replay FILE`: re-run a logged game and check that it ends the same way.

How: the log's first record holds the game's options (adventure, ruleset, players, seed,
bots, doom track); the game is played again from them (every die comes from the seed, every
decision from the bots, which are deterministic), and the new log is compared with the file
record by record, then the end state's SHA-256 with the one logged. Any difference is
reported with the first record that differs (exit 1).
"""

from __future__ import annotations

import json

import click
from rich.text import Text

from runeforge import games
from runeforge.console import console, content_dirs_argument
from runeforge.diagnostics import did_you_mean

from ._replaylog import read_log
from .play import adventure_games, load_bundle, play_game, summary

__all__ = ["command", "read_log"]


@click.command("replay")
@click.argument("log_file", type=click.Path(dir_okay=False, path_type=str))
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(log_file, dirs) -> None:
    """Replay the game logged in LOG_FILE and check it reaches the same end state.

    The game is re-run from the logged seed and options (with the same content DIRS it was
    played with) and compared record by record. Exit status: 0 same, 1 different.
    """
    logged = read_log(log_file)
    options = {k: v for k, v in logged[0].items() if k not in ("seq", "type")}
    bundle = load_bundle(dirs)
    known = adventure_games(bundle)
    adventure = options["adventure"]
    if known.get(adventure) != games.DEFAULT_GAME:
        hint = ("it is an adventure of another game, whose logs cannot be replayed"
                if adventure in known else
                did_you_mean(adventure, sorted(known)) or "is the content DIRS the same?")
        raise click.ClickException(f"{log_file}:1: the logged adventure {adventure!r} is not "
                                   f"a Runebound adventure of this content; {hint}")
    game = play_game(bundle, options)
    again = json.loads(json.dumps(game.log.records, ensure_ascii=False))
    out = console()
    for old, new in zip(logged, again, strict=False):
        if old != new:
            raise click.ClickException(
                f"the replay differs at record {old.get('seq')}: logged {json.dumps(old)[:300]}"
                f" but replayed {json.dumps(new)[:300]}")
    if len(logged) != len(again):
        raise click.ClickException(f"the replay has {len(again)} records, the log "
                                   f"{len(logged)}")
    summary(game, out)
    end = again[-1]
    out.print(Text(f"Replayed {len(again)} records: same end state (sha256 "
                   f"{end['sha256'][:16]}…)", style="bold green"))
