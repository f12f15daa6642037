"""`runeforge play`: a whole game played by bots to its end, with a summary and a replayable
JSON-lines log."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import click
from rich.table import Table
from rich.text import Text

from runeforge import games
from runeforge.atomic import remove_stale_temps, write_bytes_atomic
from runeforge.console import (
    console,
    content_dirs_argument,
    finish,
    log_path_option,
    print_diagnostics,
)
from runeforge.diagnostics import did_you_mean
from runeforge.engine.common.errors import EngineError

ADVENTURE_EXPANSIONS, MARKET_EXPANSIONS, HOUSE_RULES = games.get().entries(
    "adventure_expansions", "market_expansions", "house_rules")

EPILOG = """\b
Examples:
  runeforge play --players 4 --seed 1
  runeforge play --ruleset advanced --players 3 --bots random --seed 7 --log game.jsonl
  runeforge play --expansion legendary-relics --expansion dark-forest --new-cards-first
  runeforge play --adventure first-descent --players 3 --seed 1 --log delve.jsonl
  runeforge replay game.jsonl
"""

DEFAULT_ADVENTURE = "rise-of-the-dragon-lords"


def load_bundle(dirs, adventure: str | None = None) -> dict:
    """The compiled bundle of the bundled cards plus DIRS (content errors end the command).
    With ``adventure`` one of Runebound's, the bundle holds Runebound's cards and documents
    only: another game's records may compile more (the campaign's relics, their hero side),
    work a warm run from the cache would otherwise do for nothing."""
    from dataclasses import replace

    from runeforge.backends.bundle import build_bundle

    from ._contentcache import checked

    result = checked(dirs)  # pipeline.check(dirs), from the cache when warm
    if not result.ok:
        print_diagnostics(result.diagnostics)
        finish(result.diagnostics)
    content = result.content
    if adventure is not None:
        documents = build_bundle(replace(content, cards={}), {})
        if adventure_games(documents).get(adventure) == games.DEFAULT_GAME:
            content = content.of_game(games.DEFAULT_GAME)
    return build_bundle(content, result.compiled)


def adventure_games(bundle: dict) -> dict[str, str]:
    """Every adventure id of the bundle (and Runebound's built-in scenarios) -> its game: the
    documents of each game's ``adventure_kinds`` (Delve's trials, ...)."""
    (ADVENTURES,) = games.get().entries("adventures")

    found = {i: games.DEFAULT_GAME for i in ADVENTURES}
    for game in games.all_games():
        for adventure in game.adventure_ids(bundle):
            found.setdefault(adventure, game.id)
    return found


def adventures(bundle: dict) -> list[str]:
    return sorted(adventure_games(bundle))


def play_other_game(game, bundle: dict, options: dict, log_path) -> None:
    """Play an adventure of another game with that game's ``play`` engine entry point:
    ``play(bundle, options) -> {winner, how, rounds, log}``."""
    from ._pergame import require

    play = require(game, "play", f" of adventure '{options['adventure']}'").entry("play")
    try:
        result = play(bundle, options)
    except EngineError as exc:
        raise click.ClickException(f"{game.name}: {exc}") from None
    if log_path:  # before a word is printed: a closed stdout (`| head`) stops the printing
        # a log that starts with its options is written as it is (it is replayable)
        log = result["log"]
        if not (log and log[0].get("type") == "options"):
            log = [{"type": "options", **options}, *log]
        text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in log)
        remove_stale_temps(targets=[log_path])
        write_bytes_atomic(Path(log_path), text.encode("utf-8"))
    other_summary(game, options, result, console())


def other_summary(game, options: dict, result: dict, out) -> None:
    """Who won an adventure of another game, how, when, and its seats (``heroes``: dicts
    with ``name``, optionally ``wounds``, ``renown``, ``down``) when the result lists them."""
    seats = result.get("heroes") or []
    winner = result["winner"] or "nobody"
    if result["winner"] == "heroes" and seats:
        winner += " (" + ", ".join(h["name"] for h in seats) + ")"
    out.print(f"Winner: {winner}", markup=False)
    out.print(f"How: {result['how']}", markup=False)
    out.print(f"Rounds: {result['rounds']}   game: {game.id}   adventure: "
              f"{options['adventure']}   players: {options['players']}   seed: "
              f"{options['seed']}", markup=False)
    if seats:
        table = Table("seat", "Hero", "wounds", "renown", "state")
        for i, h in enumerate(seats, 1):
            table.add_row(str(i), h["name"], str(h.get("wounds", "-")),
                          str(h.get("renown", "-")), "down" if h.get("down") else "up")
        out.print(table)


def state_digest(game) -> str:
    text = json.dumps(game.state.to_dict(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def play_game(bundle: dict, options: dict, players: dict | None = None):
    """Play to the end; the log starts with the options and ends with the end state's digest.
    ``players``: seat index -> Player for the seats of ``options["humans"]`` (a person's
    answers: `runeforge table`, or a replay reading them from the log)."""
    game = start_seated(bundle, options, players)
    game.run()
    end_game(game)
    return game


def start_seated(bundle: dict, options: dict, players: dict | None = None, log=None):
    """The game of ``options`` set up, its options logged; the seats listed in
    ``options["humans"]`` are played by ``players[seat]``, the others by the bots."""
    from runeforge.engine.common.log import EventLog

    (start_game, make_bot) = games.get().entries("start_game", "make_bot")
    log = log if log is not None else EventLog()
    log.emit("options", **options)
    humans = options.get("humans") or []
    start = {k: v for k, v in options.items() if k != "humans"}
    if humans:
        if players is None or set(players) != set(humans):
            raise EngineError(f"seats {humans} are people's: their players are needed")
        if max(humans) >= options["players"]:
            raise EngineError(f"a person's seat {max(humans)} is not one of the "
                              f"{options['players']} seats")
        start["bots"] = ["human" if i in humans else options["bots"]
                         for i in range(options["players"])]
        seat = iter(range(options["players"]))

        def seated(name, seed):  # new_game asks in seat order
            i = next(seat)
            return players[i] if i in humans else make_bot(name, seed)

        start["make_bot"] = seated
    return start_game(bundle, start, log)


def end_game(game) -> None:
    game.log.emit("end_state", sha256=state_digest(game), winner=game.state.winner,
                  how=game.state.how, rounds=game.state.round, turns=game.state.turn)


def ruleset_summary(rules) -> str:
    """The readings a player should know before trusting the result."""
    c, eg = rules.combat, rules.endgame
    defeat = {">=": "wounds reaching Life",
                 ">": "wounds over Life (seed 002's literal reading)"}.get(
        c.defeat_when, c.defeat_when)
    after = {"same-hero": "a Hero who wins a confrontation goes on",
             "next-hero": "confrontations go round the table"}.get(eg.next_after_win,
                                                                    eg.next_after_win)
    return f"a figure is defeated at {defeat}; endgame: {after}"


def summary(game, out) -> None:
    s = game.state
    names = {c.id: c.name for c in game.catalog.cards.values()}
    winner = names.get(s.winner, s.winner) if s.winner else "nobody"
    out.print(Text(f"Winner: {winner}", style="bold green" if s.winner else "bold red"))
    out.print(f"How: {s.how}")
    out.print(f"Rounds: {s.round}   turns: {s.turn}   ruleset: {s.ruleset}   adventure: "
              f"{s.adventure}   players: {s.players}   seed: {s.seed}   doom track: "
              f"{'on' if s.doom else 'off'} ({s.doom_tokens} doom tokens)")
    out.print(f"Ruleset: {game.rules.name}; {ruleset_summary(game.rules)}", markup=False)
    out.print("House rules: " + (", ".join(game.rules.house_rules_on) or "none (the seeds' "
                                 "rules only)"), markup=False)
    table = Table("seat", "Hero", "level", "gold", "items", "allies", "red challenges beaten",
                  "counters")
    for i, hero_id in enumerate(s.seats, 1):
        hero = s.hero(hero_id)
        table.add_row(str(i), names.get(hero_id, hero_id), str(game.level(hero_id)),
                      str(hero.gold), ", ".join(names.get(c, c) for c in hero.items) or "-",
                      ", ".join(a.name for a in hero.allies) or "-",
                      str(s.red_challenges.get(hero_id, 0)), str(len(hero.adventure_counters)))
    out.print(table)


@click.command("play", epilog=EPILOG)
@click.option("--adventure", default=DEFAULT_ADVENTURE, show_default=True, metavar="ID",
              help="The adventure (scenario) to play.")
@click.option("--players", type=click.IntRange(1, 6), default=4, show_default=True,
              help="Number of players (each played by a bot).")
@click.option("--ruleset", type=click.Choice(["base", "advanced"]), default="base",
              show_default=True, help="Base (seed 000) or advanced (seed 002) rules.")
@click.option("--seed", type=int, default=1, show_default=True, help="Game seed.")
@click.option("--bots", type=click.Choice(["heuristic", "random"]), default="heuristic",
              show_default=True, help="Which bot plays every seat.")
@click.option("--no-doom", is_flag=True,
              help="Play the base rules without the Path of Doom variant (the doom track is "
                   "always on in the advanced rules). Games may then end only by the turn "
                   "cap.")
@click.option("--expansion", "expansions", multiple=True, metavar="ID",
              help="A card expansion to play with (repeatable): "
                   f"{', '.join(MARKET_EXPANSIONS + ADVENTURE_EXPANSIONS)}.")
@click.option("--new-cards-first", is_flag=True,
              help="Deal the expansions' cards first (until exhausted) instead of shuffling "
                   "them into the market and adventure decks.")
@click.option("--house-rule", "house_rules", multiple=True,
              type=click.Choice(sorted(HOUSE_RULES)),
              help="Turn on a house rule, a rule found in no seed (repeatable; all are off "
                   "unless a ruleset turns them on): "
                   + "; ".join(f"{k}: {v}" for k, v in sorted(HOUSE_RULES.items())) + ".")
@click.option("--debug", is_flag=True, help="Check the game invariants after every step.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), callback=log_path_option,
              help="Write the event log (JSON lines) here; `runeforge replay` re-checks it.")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(adventure, players, ruleset, seed, bots, no_doom, expansions, new_cards_first,
            house_rules, debug, log_path, dirs) -> None:
    """Play a whole game with bots and print who won, when and how.

    DIRS are content directories that extend the bundled cards/. The same options give the
    same game and the same log. Exit status: 0 played, 1 content errors, 2 usage errors.
    """
    bundle = load_bundle(dirs, adventure)
    known = adventure_games(bundle)
    if adventure not in known:
        hint = did_you_mean(adventure, known) or f"adventures: {', '.join(sorted(known))}"
        raise click.BadParameter(f"unknown adventure {adventure!r}; {hint}",
                                 param_hint="--adventure")
    game = games.get(known[adventure])
    if game.id != games.DEFAULT_GAME:  # the adventure's game runs it, with the common options
        if expansions or new_cards_first or no_doom or ruleset != "base" or house_rules:
            raise click.UsageError("--ruleset, --no-doom, --house-rule, --expansion and "
                                   "--new-cards-first "
                                   f"are options of {games.get().name}, not of {game.name}")
        seats = game.entry("seats")
        room = seats(bundle, {"adventure": adventure}) if seats is not None else None
        if room is not None and players > room["most"]:
            raise click.UsageError(
                f"the {game.name} adventure '{adventure}' seats 1 to {room['most']} players, "
                f"not {players} ({room['why']}); try --players {room['most']}")
        other = {"adventure": adventure, "players": players, "seed": seed, "bots": bots}
        if debug:  # only then, so the options of other logs stay as they were
            other["debug"] = True
        play_other_game(game, bundle, other, log_path)
        return
    options = {"adventure": adventure, "ruleset": ruleset, "players": players, "seed": seed,
               "bots": bots, "doom": None if not no_doom else False, "debug": debug}
    known_expansions = MARKET_EXPANSIONS + ADVENTURE_EXPANSIONS
    for expansion in expansions:
        if expansion not in known_expansions:
            hint = (did_you_mean(expansion, list(known_expansions))
                    or f"expansions: {', '.join(known_expansions)}")
            raise click.BadParameter(f"unknown expansion {expansion!r}; {hint}",
                                     param_hint="--expansion")
    if house_rules:  # only then, so older logs keep their options
        options["house_rules"] = sorted(set(house_rules))
    if expansions or new_cards_first:  # only then, so older logs keep their options
        options["expansions"] = list(dict.fromkeys(expansions))
        options["expansion_mode"] = "first" if new_cards_first else "shuffle"
    game = play_game(bundle, options)
    if log_path:  # before a word is printed: a closed stdout (`| head`) stops the printing
        # write_bytes_atomic's naming, so a temp file an interrupted run left is removed
        remove_stale_temps(targets=[log_path])
        write_bytes_atomic(Path(log_path), game.log.to_jsonl().encode("utf-8"))
    summary(game, console())
