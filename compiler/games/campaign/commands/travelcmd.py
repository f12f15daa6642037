"""`runeforge campaign travel`: step 8. The overlord draws his hand (R41); the heroes go to
the adventure, one travel event per route symbol (R42, R45, B7). A choice event (R43) takes
the next ``--choice N``; with none left the heroes are asked at the terminal (``--ask``, or
whenever the input is a terminal), so travel runs once. Every answer given must be asked
for, and the log records the answers used, so that `replay` and `undo` make the same
journey."""

from __future__ import annotations

import json
import sys

import click

from runeforge.console import console, content_dirs_argument

from . import sheetio as io


@click.command("travel", epilog="\b\nExample:\n  runeforge campaign travel camp.json --choice 0")
@click.argument("sheet", type=click.Path(dir_okay=False))
@click.option("--choice", "choices", multiple=True, type=int, metavar="N",
              help="The heroes' answer to each choice event on the way, in order (R43).")
@click.option("--ask/--no-ask", default=None,
              help="Ask for a choice not given with --choice (default: when the input is a "
                   "terminal).")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def travel_command(sheet, choices, ask, dirs) -> None:
    """Step 8: the overlord draws his hand; the heroes travel, one event per symbol."""
    from runeforge.engine.campaign.rules import travel


    state, data = io.open_sheet(sheet, dirs)
    answers = list(choices)
    used: list[int] = []  # the answers the events asked for, logged
    if ask is None:
        ask = sys.stdin.isatty()

    def choose(options):
        listed = "; ".join(f"{i}: {json.dumps(o, sort_keys=True)}"
                           for i, o in enumerate(options))
        if answers:
            used.append(answers.pop(0))
        elif ask:
            console().print(f"R43: the heroes choose together: {listed}", markup=False)
            used.append(click.prompt("Choice", type=click.IntRange(0, len(options) - 1)))
        else:
            raise io.Refused(f"R43: a travel event asks the heroes to choose: {listed} "
                             "(give --choice N, or --ask)")
        return used[-1]

    def journey(data, work, choose):
        stops = travel.travel(data, work, choose)
        if answers:  # R43: every answer given must be asked for
            raise io.Refused(f"R43: {len(answers)} --choice value(s) were not asked for: the "
                             f"events on the way asked {len(used)} choice(s)")
        return stops

    work, stops = io.apply(sheet, data, state, "travel", {"choices": used}, journey, choose)
    out = console()
    for stop in stops:
        what = (json.dumps(stop.get("effect"), sort_keys=True) if stop["resolved"]
                else "no event: discarded")
        out.print(f"{stop['symbol']}: {stop['card']}: {what}", markup=False)
    io.done(work)
