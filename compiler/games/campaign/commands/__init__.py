"""`runeforge campaign`: keep a campaign sheet between the adventures of a table game, or play
a whole campaign with bots (issue 14, seed 004). Every change is written atomically and
appended to the campaign log beside the sheet (SHEET's name with .log.jsonl).

The campaign adds this group to the command line through the registry (``Game.commands``):
runeforge.cli lists it beside the modules of runeforge.commands."""

from __future__ import annotations

import json
from pathlib import Path

import click

from runeforge.console import console, content_dirs_argument, log_path_option

from . import sheetio as io

EPILOG = """\b
Examples:
  runeforge campaign new --campaign saltmarsh-reckoning --seed 1 \\
      --hero Ann=garrick-stoneward:warrior --hero Bo=sefa-quillmark:healer \\
      --overlord Zed -o camp.json
  runeforge campaign setup camp.json
  runeforge campaign travel camp.json
  runeforge campaign record camp.json --adventure smoke-over-quillhaven --winner heroes \\
      --search tarnished-coins
  runeforge campaign xp camp.json --player Ann --buy SKILL
  runeforge campaign shop camp.json --buy ITEM=Ann
  runeforge campaign choose camp.json --adventure ID
  runeforge campaign status camp.json --format json
  runeforge campaign play --campaign saltmarsh-reckoning --players 4 --seed 1 --log c.jsonl
  runeforge campaign replay c.jsonl
"""

SHEET = click.argument("sheet", type=click.Path(dir_okay=False))
DIRS = click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                      callback=content_dirs_argument)


@click.group("campaign", epilog=EPILOG)
def command() -> None:
    """Campaigns (seed 004): the campaign sheet between adventures.

    A person records each adventure played at a table (or bots play them with the
    adventure game), then spends XP, shops, chooses the next adventure, sets up and
    travels, in the order of the campaign phase. An action the rules forbid is refused
    with the rule's number and leaves the sheet unchanged (exit status 2).
    """


def parse_hero(value: str) -> tuple[str, str, str]:
    name, sep, rest = value.partition("=")
    hero, sep2, cls = rest.partition(":")
    if not (sep and sep2 and name and hero and cls):
        raise click.BadParameter(f"{value!r} is not NAME=HERO:CLASS", param_hint="--hero")
    return name, hero, cls


@command.command("new", epilog="\b\nExample:\n  " + 'runeforge campaign new --campaign saltmarsh-reckoning --hero Ann=garrick-stoneward:warrior --overlord Zed -o camp.json')
@click.option("--campaign", "campaign_id", required=True, metavar="ID",
              help="The campaign document's id.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the sheet's random streams (decks).")
@click.option("--hero", "heroes", multiple=True, required=True, metavar="NAME=HERO:CLASS",
              help="A hero player: name, the adventure game's hero id, the class (repeat).")
@click.option("--overlord", required=True, metavar="NAME", help="The overlord player's name.")
@click.option("-o", "--output", "output", required=True, type=click.Path(dir_okay=False),
              callback=log_path_option, help="The sheet to write (it must not exist yet).")
@DIRS
def new(campaign_id, seed, heroes, overlord, output, dirs) -> None:
    """Start a campaign sheet: the first adventure (the Introduction) is to set up."""
    from runeforge.engine.campaign.sheet.state import new_sheet

    io.recovered(output)  # a `new` killed after its journal was written is finished first
    if Path(output).exists():
        raise click.BadParameter(f"{output} exists; a new campaign does not overwrite a sheet",
                                 param_hint="-o")
    if io.log_path(output).exists():  # `save` would append the new campaign to an old log
        raise click.BadParameter(f"{io.log_path(output)} exists (the log of another campaign); "
                                 "a new campaign does not continue it: remove it or choose "
                                 "another -o", param_hint="-o")
    bundle = io.bundle_for(dirs)
    data = io.campaign_data(bundle, campaign_id)
    game = data.doc.get("adventure_game")
    hero_ids = [c["id"] for c in bundle["cards"] if c.get("game") == game
                and c.get("kind") == "hero"]
    parsed = [parse_hero(h) for h in heroes]
    names = [p[0] for p in parsed] + [overlord]
    if len(set(names)) != len(names):
        raise click.BadParameter("every player needs a name of their own", param_hint="--hero")
    classes = list(data.doc.get("classes", []))
    if len(parsed) > len(classes):
        raise click.BadParameter(f"at most {len(classes)} heroes (one per class)",
                                 param_hint="--hero")
    for _, hero, cls in parsed:
        io.known(hero, hero_ids, f"{game} hero", "--hero")
        io.known(cls, classes, "class", "--hero")
    if len({p[1] for p in parsed}) != len(parsed) or len({p[2] for p in parsed}) != len(parsed):
        raise click.BadParameter("each hero and each class can be taken once",
                                 param_hint="--hero")
    from runeforge.engine.campaign.rules.common import seated
    from runeforge.engine.common.errors import EngineError

    try:
        seated(data, len(parsed))  # B13: no one-hero campaign
    except EngineError as exc:
        raise io.Refused(str(exc)) from None
    sheet = new_sheet(data, seed, parsed, overlord)
    io.save(output, sheet, {"command": "new", "campaign": campaign_id, "seed": seed,
                            "heroes": [list(p) for p in parsed], "overlord": overlord})
    console().print(f"Wrote {output}: campaign {campaign_id}, first adventure "
                    f"{sheet['next_adventure']} (step: setup)", markup=False)


@command.command("status", epilog="\b\nExample:\n  " + 'runeforge campaign status camp.json --format json')
@SHEET
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--locale", default=None, metavar="LOCALE",
              help="Show names and labels in en, fi, pl, el or ru, as the printed sheet does "
                   "(text only; without it the text shows the ids the commands take).")
@io.ROLE
@DIRS
def status(sheet, fmt, locale, role, dirs) -> None:
    """Show the sheet to a side: act, step, purse, players, what can be chosen."""
    from .statusview import render, render_localised
    from .statusview import status as info_of

    if locale is not None:
        from runeforge.games.campaign.sheetmodel import UnknownLocale, check_locale, sheet_model
        try:
            check_locale(locale)
        except UnknownLocale as exc:
            raise click.BadParameter(str(exc), param_hint="--locale") from None
        if fmt == "json":
            raise click.BadParameter("--locale is for the text format; the JSON has ids",
                                     param_hint="--locale")
    data_sheet, data, bundle = io.open_sheet_and_bundle(sheet, dirs)
    if locale is not None:
        render_localised(sheet_model(data_sheet, bundle, locale, role), console())
        return
    info = info_of(data, data_sheet, role)
    if fmt == "json":
        click.echo(json.dumps(info, indent=2, sort_keys=True, ensure_ascii=False))
    else:
        render(data, info, console())


@command.command("record", epilog="\b\nExample:\n  " + 'runeforge campaign record camp.json --adventure smoke-over-quillhaven --winner heroes --search tarnished-coins')
@SHEET
@click.option("--adventure", required=True, metavar="ID", help="The adventure played.")
@click.option("--winner", required=True, type=click.Choice(["heroes", "overlord"]))
@click.option("--search", "found", multiple=True, metavar="CARD",
              help="A search card the heroes found, used or not (repeat; R4).")
@click.option("--relic-to", metavar="NAME", help="The hero who takes a relic reward.")
@DIRS
def record(sheet, adventure, winner, found, relic_to, dirs) -> None:
    """Record an adventure's result, then steps 1-3: search gold, cleanup, rewards."""
    from runeforge.engine.campaign.rules.rewards import record as rule

    state, data = io.open_sheet(sheet, dirs)
    io.known(adventure, data.adventures, "adventure", "--adventure")
    for card in found:
        io.known(card, [c["id"] for c in data.kind("search_card")], "search card",
                 "--search")
    work, _ = io.apply(sheet, data, state, "record",
                       {"adventure": adventure, "winner": winner, "search": list(found),
                        "relic_to": relic_to}, rule, adventure, winner, list(found), relic_to)
    done(work)


done = io.done  # the one-line summary after a step (sheetio, so sub-modules share it)


@command.command("xp", epilog="\b\nExample:\n  " + 'runeforge campaign xp camp.json --player Ann --buy iron-resolve')
@SHEET
@click.option("--player", "name", required=True, metavar="NAME")
@click.option("--buy", "cards", multiple=True, required=True, metavar="CARD",
              help="A skill (hero) or overlord card (overlord) to buy with XP (repeat).")
@DIRS
def xp_command(sheet, name, cards, dirs) -> None:
    """Step 4: spend XP on class skills (R14-R15) or overlord cards (R18-R21)."""
    from runeforge.engine.campaign.rules import xp

    state, data = io.open_sheet(sheet, dirs)
    players = {p["name"]: p for p in state["players"]}
    io.known(name, players, "player", "--player")
    lord = players[name]["side"] == "overlord"
    kind = "overlord_card" if lord else "class_skill"
    for card in cards:
        io.known(card, [c["id"] for c in data.kind(kind)],
                 "overlord card" if lord else "skill", "--buy")

    def buy(data, work):
        for card in cards:
            (xp.buy_overlord_card(data, work, card) if lord
             else xp.buy_skill(data, work, name, card))

    work, _ = io.apply(sheet, data, state, "xp", {"player": name, "buy": list(cards)}, buy)
    done(work)


@command.command("shop", epilog="\b\nExample:\n  " + 'runeforge campaign shop camp.json --buy boar-spear=Ann')
@SHEET
@click.option("--buy", "buys", multiple=True, metavar="CARD=HERO",
              help="Buy a revealed card for a hero (repeat). Without --buy: reveal the shop.")
@DIRS
def shop_command(sheet, buys, dirs) -> None:
    """Step 5: reveal heroes + 1 shop cards (R26) and buy from the shared purse (R28)."""
    from runeforge.engine.campaign.rules import shop

    state, data = io.open_sheet(sheet, dirs)
    purchases = io.pairs(buys, "--buy")
    for card, hero in purchases:
        io.known(card, [c["id"] for c in data.kind("shop_item")], "shop item", "--buy")
        io.known(hero, [p["name"] for p in state["players"] if p["side"] == "heroes"],
                 "hero", "--buy")

    def act(data, work):
        shop.reveal(data, work)
        return shop.buy(data, work, purchases)

    work, spent = io.apply(sheet, data, state, "shop", {"buy": [list(p) for p in purchases]},
                           act)
    out = console()
    out.print("Revealed: " + (", ".join(f"{c} ({data.cards[c].get('cost')})"
                                        for c in work["shop"]["market"]) or "nothing left"),
              markup=False)
    out.print(f"Spent {spent}; the purse holds {work['gold']}.", markup=False)


@command.command("sell", epilog="\b\nExample:\n  " + 'runeforge campaign sell camp.json --hero Ann --item boar-spear')
@SHEET
@click.option("--hero", "name", required=True, metavar="NAME")
@click.option("--item", required=True, metavar="CARD")
@DIRS
def sell_command(sheet, name, item, dirs) -> None:
    """Sell an item for half its cost, down to a multiple of 25 (R30-R32)."""
    from runeforge.engine.campaign.rules import trade

    state, data = io.open_sheet(sheet, dirs)
    io.known(name, [p["name"] for p in state["players"] if p["side"] == "heroes"], "hero",
             "--hero")
    io.known(item, data.cards, "card", "--item")
    work, value = io.apply(sheet, data, state, "sell", {"hero": name, "item": item},
                           trade.sell, name, item)
    if value == 0:
        console().print(f"warning: {item} sold for 0 gold (R30: half its cost rounded down "
                        "to a multiple of 25); `campaign undo` takes the sale back",
                        markup=False)
    console().print(f"Sold {item} for {value}; the purse holds {work['gold']}.", markup=False)


@command.command("trade", epilog="\b\nExample:\n  " + 'runeforge campaign trade camp.json --item boar-spear --from Ann --to Bo')
@SHEET
@click.option("--item", required=True, metavar="CARD")
@click.option("--from", "giver", required=True, metavar="NAME")
@click.option("--to", "taker", required=True, metavar="NAME")
@DIRS
def trade_command(sheet, item, giver, taker, dirs) -> None:
    """Pass a shop item between heroes before the adventure (R33-R34, B9)."""
    from runeforge.engine.campaign.rules import trade

    state, data = io.open_sheet(sheet, dirs)
    heroes = [p["name"] for p in state["players"] if p["side"] == "heroes"]
    io.known(giver, heroes, "hero", "--from")
    io.known(taker, heroes, "hero", "--to")
    io.known(item, data.cards, "card", "--item")
    io.apply(sheet, data, state, "trade", {"item": item, "from": giver, "to": taker},
             trade.trade, item, giver, taker)
    console().print(f"{giver} gave {item} to {taker}.", markup=False)


@command.command("choose", epilog="\b\nExample:\n  " + 'runeforge campaign choose camp.json --adventure the-silent-mill')
@SHEET
@click.option("--adventure", required=True, metavar="ID")
@DIRS
def choose_command(sheet, adventure, dirs) -> None:
    """Step 6: the winner of the last adventure picks the next (R9, R35-R39)."""
    from runeforge.engine.campaign.rules import progress

    state, data = io.open_sheet(sheet, dirs)
    io.known(adventure, data.adventures, "adventure", "--adventure")
    work, _ = io.apply(sheet, data, state, "choose", {"adventure": adventure},
                       progress.choose, adventure)
    done(work)


@command.command("setup", epilog="\b\nExample:\n  " + 'runeforge campaign setup camp.json --relic fen-witch=ferrymans-oar')
@SHEET
@click.option("--set-aside", "aside", multiple=True, metavar="CARD",
              help="An overlord card to set aside for this adventure (repeat; R23).")
@click.option("--relic", "given", multiple=True, metavar="LIEUTENANT=RELIC",
              help="Give an overlord relic to a lieutenant (repeat; R48-R49).")
@DIRS
def setup_command(sheet, aside, given, dirs) -> None:
    """Step 7: set cards aside, give relics to lieutenants, shuffle new cards in (R10)."""
    from runeforge.engine.campaign.rules.setup import setup

    state, data = io.open_sheet(sheet, dirs)
    for card in aside:
        io.known(card, state["overlord"]["deck"] + state["overlord"]["bought"],
                 "card in the overlord's deck", "--set-aside")
    assignments = dict(io.pairs(given, "--relic"))
    work, _ = io.apply(sheet, data, state, "setup",
                       {"set_aside": list(aside), "relics": assignments}, setup,
                       list(aside), assignments)
    done(work)


def _load_play():
    from . import botplay

    return botplay


@command.command("play", epilog="\b\nExample:\n  " + 'runeforge campaign play --campaign saltmarsh-reckoning --players 4 --seed 1 --log c.jsonl')
@click.option("--campaign", "campaign_id", default=None, metavar="ID",
              help="The campaign (default: the first in the bundle).")
@click.option("--players", type=click.IntRange(1), default=4, show_default=True,
              help="Number of heroes, at most one per class (the overlord is a bot too).")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--bots", type=click.Choice(["heuristic", "random"]), default="heuristic",
              show_default=True)
@click.option("--debug", is_flag=True, help="Check the invariants after every step.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False), callback=log_path_option,
              help="Write the campaign's log (JSON lines); `campaign replay` re-checks it.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), callback=log_path_option,
              help="Also write the final campaign sheet here.")
@DIRS
def play_command(campaign_id, players, seed, bots, debug, log_path, output, dirs) -> None:
    """Play a whole campaign with bots: nine adventures, each by the adventure game."""
    _load_play().play(campaign_id, players, seed, bots, debug, log_path, output, dirs)


@command.command("replay", epilog="\b\nExample:\n  " + 'runeforge campaign replay c.jsonl')
@click.argument("log", type=click.Path(dir_okay=False, exists=True))
@DIRS
def replay_command(log, dirs) -> None:
    """Play the campaign of LOG again and check it gives the same log.

    LOG is a `campaign play --log` file (the bots play it again) or a sheet's own log
    (SHEET.log.jsonl: every command applied again, the sheet's digest checked per line).
    """
    _load_play().replay(log, dirs)


# `campaign sheet SHEET --locale L --pdf FILE`: the printable sheet (../sheetpdf.py)
from .history import repair_command, undo_command  # noqa: E402
from .logview import log_command  # noqa: E402
from .sheet import sheet_command  # noqa: E402
from .travelcmd import travel_command  # noqa: E402

for _extra in (travel_command, sheet_command, undo_command, repair_command, log_command):
    command.add_command(_extra)
