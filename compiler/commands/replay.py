"""`runeforge replay FILE`: re-run a logged game and check that it ends the same way.

How: the log's first record holds the game's options (adventure, ruleset, players, seed,
bots, doom track); the game is played again from them (every die comes from the seed, every
decision from the bots, which are deterministic), and the new log is compared with the file
record by record, then the end state's SHA-256 with the one logged. Any difference is
reported with the first record that differs (exit 1).

The adventure of another game (a Delve trial, ...) is replayed the same way with that game's
``play`` engine entry, its logged options checked against the game's ``log_options`` schema.
"""

from __future__ import annotations

import json

import click
from rich.text import Text

from runeforge import games
from runeforge.console import console, content_dirs_argument
from runeforge.diagnostics import did_you_mean

from ._replaylog import OPTIONS, log_error, read_log
from .play import adventure_games, load_bundle, other_summary, play_game, summary

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
    loaded: dict = {}

    def options_schema(first: dict):
        """The schema of the logged options: that of the adventure's game."""
        loaded["bundle"] = bundle = load_bundle(dirs)
        loaded["known"] = known = adventure_games(bundle)
        adventure = first.get("adventure")
        game_id = known.get(adventure) if isinstance(adventure, str) else None
        if game_id is None and isinstance(adventure, str) and adventure:
            given = (f"the bundled packs and {', '.join(dirs)}" if dirs
                     else "the bundled packs only: no content folder was given")
            near = did_you_mean(adventure, sorted(known))
            raise log_error("RF966", log_file, f"the logged adventure {adventure!r} is in "
                            f"none of the content loaded ({given}); the game was played with "
                            "a content folder this replay was not given", 1,
                            hint="give the folders the game was played with after the log: "
                                 "runeforge replay LOG DIR..." + (
                                     f" (or, if the log was edited: {near})" if near else ""))
        if game_id is None or game_id == games.DEFAULT_GAME:
            return OPTIONS
        game = games.get(game_id)
        schema = game.engine.get("log_options") and game.entry("log_options")
        if not schema or game.entry("play") is None:
            raise log_error("RF966", log_file, f"the logged adventure {adventure!r} is one "
                            f"of {game.name}, whose logs cannot be replayed", 1,
                            hint="only games with a play entry have replayable logs")
        loaded["game"] = game
        return schema

    logged = read_log(log_file, options_schema)
    options = {k: v for k, v in logged[0].items() if k not in ("seq", "type")}
    bundle, known = loaded["bundle"], loaded["known"]
    adventure = options["adventure"]
    if "game" in loaded:
        replay_other_game(loaded["game"], bundle, options, logged, log_file)
        return
    if known.get(adventure) != games.DEFAULT_GAME:  # another game's, without a replay
        raise log_error("RF966", log_file, f"the logged adventure {adventure!r} is not a "
                        "Runebound adventure of this content", 1, hint="it is an adventure "
                        "of another game, whose logs cannot be replayed")
    from runeforge.engine.common.errors import EngineError

    try:
        game = play_game(bundle, options, _people(options, logged))
    except EngineError as exc:  # a person's logged answer the game no longer asks for
        raise log_error("RF967", log_file, f"the logged game cannot be played again: {exc}",
                        1, hint="the log was edited, or the content DIRS or the rules "
                                "changed since it was written") from None
    again = json.loads(json.dumps(game.log.records, ensure_ascii=False))
    compare(logged, again, log_file)
    out = console()
    summary(game, out)
    same(again, out)


def _people(options: dict, logged: list) -> dict | None:
    """The seats a person played (`runeforge table`): answered from the log's decisions."""
    if not options.get("humans"):
        return None
    from runeforge.table.seat import logged_players

    return logged_players(logged, options["humans"])


def compare(logged: list, again: list, path: str = "") -> None:
    """RF967 at the first record (its line, number and type) where the replay differs from
    the log, or at the end when the lengths differ."""
    lines = getattr(logged, "lines", None) or [(0, None)] * len(logged)
    hint = ("the log was edited, or the content DIRS, the seed's streams or the rules changed "
            "since it was written")
    for (n, raw), old, new in zip(lines, logged, again, strict=False):
        if old != new:
            raise log_error(
                "RF967", path, f"the replay differs at record {old.get('seq')} "
                f"({old.get('type')}): replayed {json.dumps(new)[:300]}", n, raw, hint)
    if len(logged) != len(again):
        raise log_error("RF967", path, f"the replay has {len(again)} records, the log "
                        f"{len(logged)}", hint=hint)


def same(again: list, out) -> None:
    out.print(Text(f"Replayed {len(again)} records: same end state (sha256 "
                   f"{again[-1]['sha256'][:16]}…)", style="bold green"))


def replay_other_game(game, bundle: dict, options: dict, logged: list, path: str = "") -> None:
    """Replay the log of another game's adventure with that game's ``play`` entry."""
    from runeforge.engine.common.errors import EngineError

    try:
        people = _people(options, logged)
        play = game.entry("play")
        result = play(bundle, options, people) if people else play(bundle, options)
    except EngineError as exc:
        raise log_error("RF967", path, f"the logged game cannot be played again: {exc}", 1,
                        hint="are the content DIRS the ones it was played with?") from None
    again = json.loads(json.dumps(result["log"], ensure_ascii=False))
    compare(logged, again, path)
    if again[-1].get("type") != "end_state":
        raise log_error("RF967", path, f"{game.name} logs no end state: nothing to compare")
    out = console()
    other_summary(game, options, result, out)
    same(again, out)
