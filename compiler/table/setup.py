"""Opening a table from the command line's options, or from a saved log (resume)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from runeforge import games
from runeforge.diagnostics import did_you_mean


def load(dirs):
    """The bundle and content of the bundled cards plus DIRS (content errors end it)."""
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle
    from runeforge.console import finish, print_diagnostics

    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    return build_bundle(result.content, result.compiled), result.content


def game_of(bundle: dict, adventure: str) -> str:
    from runeforge.commands.play import adventure_games

    known = adventure_games(bundle)
    if adventure not in known:
        hint = did_you_mean(adventure, known) or f"adventures: {', '.join(sorted(known))}"
        raise click.BadParameter(f"unknown adventure {adventure!r}; {hint}",
                                 param_hint="--adventure")
    return known[adventure]


def options_for(bundle, game_id: str, adventure: str, seats, bots: str, seed: int,
                ruleset: str, expansions=(), new_cards_first: bool = False) -> dict:
    """The logged options of the game (as `runeforge play` logs them, plus ``humans``)."""
    humans = [i for i, s in enumerate(seats) if s == "human"]
    if not humans:
        raise click.UsageError("no --seat human: bots alone play with `runeforge play`")
    players = len(seats)
    if game_id == games.DEFAULT_GAME:
        if not 1 <= players <= 6:
            raise click.UsageError(f"a Runebound game seats 1 to 6 players, not {players}")
        options = {"adventure": adventure, "ruleset": ruleset, "players": players,
                   "seed": seed, "bots": bots, "doom": None, "debug": False}
        known = [*games.get().entry("market_expansions"),
                 *games.get().entry("adventure_expansions")]
        for expansion in expansions:
            if expansion not in known:
                hint = did_you_mean(expansion, known) or f"expansions: {', '.join(known)}"
                raise click.BadParameter(f"unknown expansion {expansion!r}; {hint}",
                                         param_hint="--expansion")
        if expansions or new_cards_first:  # as `play` logs them
            options["expansions"] = list(dict.fromkeys(expansions))
            options["expansion_mode"] = "first" if new_cards_first else "shuffle"
        return {**options, "humans": humans}
    game = games.get(game_id)
    if ruleset != "base" or expansions or new_cards_first:
        raise click.UsageError(f"--ruleset and --expansion are options of "
                               f"{games.get().name}, not of {game.name}")
    room = game.entry("seats")(bundle, {"adventure": adventure}) \
        if game.engine.get("seats") else None
    if room is not None and players > room["most"]:
        raise click.UsageError(f"the {game.name} adventure '{adventure}' seats 1 to "
                               f"{room['most']} players, not {players} ({room['why']})")
    if game.engine.get("begin") is None:
        raise click.UsageError(f"{game.name} cannot be played at the table")
    return {"adventure": adventure, "players": players, "seed": seed, "bots": bots,
            "humans": humans}


def read_save(path: str) -> list[dict]:
    """The records of a saved game (a last line cut by a crash is left out)."""
    from runeforge.commands._replaylog import log_error

    lines = Path(path).read_bytes().split(b"\n")
    records = []
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            record = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError):
            if n == len(lines):  # the line being written when the server stopped
                break
            raise log_error("RF965", path, "not a JSON line of a game log", n, raw,
                            "the save was damaged; start the game again") from None
        if not isinstance(record, dict) or record.get("seq") != len(records):
            raise log_error("RF966", path, "not a record of this log in its place", n, raw,
                            "the save was edited; start the game again")
        records.append(record)
    if not records or records[0].get("type") != "options" or \
            not records[0].get("humans"):
        raise log_error("RF966", path, "not a log of a game played at the table (its "
                        "first record lists no 'humans' seats)", 1,
                        hint="watch it with `runeforge table --replay LOG` instead")
    return records


def open_table(dirs, adventure, seats, bots, seed, ruleset, log_path, resume, expansions=(),
               new_cards_first=False):
    from runeforge.engine.common.errors import EngineError

    from .session import Table
    from .views import catalog

    bundle, content = load(dirs)
    catalog()
    if resume:
        records = read_save(resume)
        game_id = game_of(bundle, records[0]["adventure"])
        try:
            table = Table.resume(bundle, game_id, records, resume)
        except EngineError as exc:
            raise click.ClickException(f"{resume}: cannot resume: {exc}") from None
        return table, content
    game_id = game_of(bundle, adventure)
    table = Table(bundle, game_id, options_for(bundle, game_id, adventure, seats, bots, seed,
                                               ruleset, expansions, new_cards_first), log_path)
    table.start()
    return table, content


def open_replay(path: str, dirs):
    from runeforge.engine.common.errors import EngineError

    from .replay import Replay

    bundle, content = load(dirs)
    records = read_any(path, bundle)
    try:
        return Replay(bundle, content, game_of(bundle, records[0].get("adventure", "")),
                      records)
    except EngineError as exc:
        raise click.ClickException(f"{path}: cannot replay: {exc}") from None


def read_any(path: str, bundle: dict) -> list[dict]:
    """The records of any log `runeforge replay` reads (a bot game's or a table's)."""
    from runeforge.commands._replaylog import OPTIONS, read_log

    def schema(first):
        game_id = game_of(bundle, first.get("adventure", ""))
        if game_id == games.DEFAULT_GAME:
            return OPTIONS
        return games.get(game_id).entry("log_options")

    return read_log(path, schema)
