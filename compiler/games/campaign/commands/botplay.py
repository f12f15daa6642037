"""`runeforge campaign play` and `replay`: a whole campaign with bots, each adventure played
by the adventure game's ``play`` entry point (the campaign engine gets it passed in, so it
never imports a game), and its JSON-lines log checked by playing it again."""

from __future__ import annotations

import json
from pathlib import Path

import click

from runeforge import games
from runeforge.atomic import remove_stale_temps, write_bytes_atomic, write_text_atomic
from runeforge.console import console
from runeforge.diagnostics import Diagnostic, DiagnosticError

from . import sheetio as io


def heroes_for(bundle: dict, data, players: int) -> list[tuple[str, str, str]]:
    """Seat i: player "Pi", the adventure game's i-th hero, the campaign's i-th class."""
    game = data.doc.get("adventure_game")
    ids = [c["id"] for c in bundle["cards"] if c.get("game") == game and c.get("kind") == "hero"]
    classes = list(data.doc.get("classes", []))
    if players > min(len(ids), len(classes)):
        raise click.BadParameter(f"this campaign seats at most {min(len(ids), len(classes))} "
                                 "heroes", param_hint="--players")
    from runeforge.engine.campaign.rules.common import seated
    from runeforge.engine.common.errors import EngineError

    try:
        seated(data, players)  # B13: no one-hero campaign
    except EngineError as exc:
        raise click.BadParameter(str(exc), param_hint="--players") from None
    return [(f"P{i + 1}", ids[i], classes[i]) for i in range(players)]


def run(bundle: dict, options: dict, debug: bool = False):
    from runeforge.engine.campaign.runners.bot import BotRunner
    from runeforge.engine.campaign.runners.campaign import play_campaign

    data = io.campaign_data(bundle, options["campaign"])
    game = games.get(data.doc.get("adventure_game", "delve"))
    play = game.entry("play")
    if play is None:
        raise click.UsageError(f"the adventure game {game.id!r} has no play engine")
    heroes = heroes_for(bundle, data, options["players"])
    runner = BotRunner(play, bundle, options["bots"])
    result = play_campaign(data, options["seed"], heroes, "Overlord", runner,
                           bots=options["bots"], debug=debug)
    return data, result, runner


def records(options: dict, result, runner) -> list[dict]:
    from runeforge.engine.campaign.sheet.state import digest

    out = [{"type": "options", **options}]
    out += [{"type": "adventure", **g} for g in runner.games]
    out += [{"type": "action", **entry} for entry in result.log]
    out.append({"type": "end", "winner": result.sheet["winner"],
                "sha256": digest(result.sheet)})
    return out


def to_jsonl(rows) -> str:
    return "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows)


def play(campaign_id, players, seed, bots, debug, log_path, output, dirs) -> None:

    bundle = io.bundle_for(dirs)
    data = io.campaign_data(bundle, campaign_id)
    options = {"campaign": data.id, "players": players, "seed": seed, "bots": bots}
    data, result, runner = run(bundle, options, debug)
    out = console()
    for g in runner.games:
        out.print(f"{g['adventure']} ({g['trial']}): {g['winner']} - {g['how']}; "
                  f"{g['explored']} explored, search: {', '.join(g['search']) or '-'}",
                  markup=False)
    sheet = result.sheet
    # the sides name which Interlude and Finale were played (R51, R57), not who won them
    def whose(side):
        return {"heroes": "the heroes'", "overlord": "the overlord's"}.get(side, str(side))

    out.print(f"Interlude played: {whose(sheet['interlude_side'])}   Finale played: "
              f"{whose(sheet['finale_side'])}", markup=False)
    out.print(f"Winner of the campaign: {sheet['winner']}   gold left: {sheet['gold']}",
              markup=False)
    if log_path:
        remove_stale_temps(targets=[log_path])
        write_bytes_atomic(Path(log_path), to_jsonl(records(options, result, runner))
                           .encode("utf-8"))
    if output:  # the overlord's secrets to the sealed file beside it (issue 34)
        sheet_text, sealed = io.texts(output, sheet)
        write_text_atomic(io.sealed_path(output), sealed)
        write_text_atomic(output, sheet_text)


def replay(log, dirs) -> None:
    lines = io.read_utf8(log, "RF964", "the campaign log", "the log was damaged or is not "
                         "a campaign log").splitlines()

    def fail(message: str, line: int) -> DiagnosticError:
        return DiagnosticError(Diagnostic("RF964", message, str(log), line, 1,
                                          source_line=lines[line - 1] if 0 < line <= len(lines)
                                          else None,
                                          hint="the log was edited, or the content or "
                                               "runeforge changed since it was written"))

    rows = []
    for number, line in enumerate(lines, 1):
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise fail(f"the log is not JSON lines: {exc.msg}", number) from None
        except (ValueError, RecursionError) as exc:  # a number over 4,300 digits; nesting
            raise fail(f"not a JSON line the log can hold ({type(exc).__name__}: "
                       f"{str(exc)[:120]})", number) from None
    if rows and isinstance(rows[0], dict) and rows[0].get("command") == "new":
        return replay_sheet_log(Path(log), rows, lines, dirs, fail)
    if not rows or not isinstance(rows[0], dict) or rows[0].get("type") != "options":
        raise fail("the log does not start with the campaign's options (`campaign play "
                   "--log`) or with `new` (a sheet's log)", 1)
    options = {k: v for k, v in rows[0].items() if k != "type"}
    if set(options) != {"campaign", "players", "seed", "bots"}:
        raise fail(f"the options are not a campaign's: {sorted(options)}", 1)
    bundle = io.bundle_for(dirs)
    _, result, runner = run(bundle, options)
    again = json.loads(json.dumps(records(options, result, runner)))
    for i, (old, new) in enumerate(zip(rows, again, strict=False), 1):
        if old != new:
            raise fail(f"line {i} differs: the log has {json.dumps(old, sort_keys=True)[:200]}"
                       f", the replay gives {json.dumps(new, sort_keys=True)[:200]}", i)
    if len(rows) != len(again):
        raise fail(f"the log has {len(rows)} lines, the replay {len(again)}",
                   min(len(rows), len(again)) + 1)
    console().print(f"Replayed {len(rows)} records: the same campaign (winner: "
                    f"{result.sheet['winner']}).", markup=False)


def replay_sheet_log(log: Path, rows: list, lines: list, dirs, fail) -> None:
    """A hand-kept sheet's log: every command again, every digest compared, and the last
    sheet compared with the sheet beside the log (history.check_sheet_on_disk)."""
    from .history import Broken, check_sheet_on_disk, rows_of, sealed_lines, sheets

    data = io.campaign_data(io.bundle_for(dirs), rows[0].get("campaign"))
    try:
        rows = rows_of(lines, sealed_lines(log))  # the overlord's secret arguments put back
        sheet = sheets(data, rows)[-1]
    except Broken as exc:
        raise fail(str(exc), exc.line) from None
    same = check_sheet_on_disk(log, sheet, lines)
    console().print(f"Replayed {len(rows)} commands: the same sheet (act {sheet['act']}, "
                    f"step {sheet['step']}), {same}.", markup=False)
