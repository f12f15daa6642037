"""`runeforge table`: play Runebound or Delve in the browser, people and bots at one table."""

from __future__ import annotations

import click

from runeforge.console import content_dirs_argument

EPILOG = """\b
Examples:
  runeforge table --adventure rise-of-the-dragon-lords --seat human --seat bot --seat bot
  runeforge table --adventure first-descent --seat human --seat human --lang fi --hotseat
  runeforge table --resume runeforge-table.jsonl        # go on with a saved game
  runeforge table --replay game.jsonl                   # watch any log, step by step
"""
LOCALES = ("en", "fi", "pl", "el", "ru")


def lan_address() -> str:
    """This machine's address on its network (no packet is sent)."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


@click.command("table", epilog=EPILOG)
@click.option("--adventure", default="rise-of-the-dragon-lords", show_default=True,
              metavar="ID", help="The Runebound adventure or Delve trial to play.")
@click.option("--seat", "seats", multiple=True, type=click.Choice(["human", "bot"]),
              help="Who sits at each seat, in order (repeat once per seat; default: one "
                   "person and two bots).")
@click.option("--bots", type=click.Choice(["heuristic", "random"]), default="heuristic",
              show_default=True, help="The bot of the bot seats.")
@click.option("--seed", type=int, default=1, show_default=True, help="Game seed.")
@click.option("--ruleset", type=click.Choice(["base", "advanced"]), default="base",
              show_default=True, help="Runebound's rules (seed 000 or 002).")
@click.option("--expansion", "expansions", multiple=True, metavar="ID",
              help="A Runebound card expansion to play with (repeatable), as `play` does.")
@click.option("--new-cards-first", is_flag=True,
              help="Deal the expansions' cards first instead of shuffling them in.")
@click.option("--lang", "locale", type=click.Choice(LOCALES), default="en", show_default=True,
              help="The page's language, the cards' and the log's.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port (0: a free one).")
@click.option("--lan", is_flag=True, help="Listen on this machine's network address too, so "
              "players across the room can join (without it: 127.0.0.1 only).")
@click.option("--hotseat", is_flag=True, help="One screen for every person: one URL, with a "
              "'pass to the next player' screen between seats.")
@click.option("--log", "log_path", type=click.Path(dir_okay=False),
              help="Where the game's log (its save) goes; default runeforge-table.jsonl.")
@click.option("--resume", "resume", type=click.Path(dir_okay=False, exists=True),
              help="Go on with the game saved in this log.")
@click.option("--replay", "replay", type=click.Path(dir_okay=False, exists=True),
              help="Watch the game of this log (a bot game or a played one), step by step.")
@click.option("--no-browser", is_flag=True, help="Print the URLs; do not open a browser.")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def command(adventure, seats, bots, seed, ruleset, expansions, new_cards_first, locale, port,
            lan, hotseat, log_path, resume, replay, no_browser, dirs) -> None:
    """Serve a page where people play a game against bots or each other.

    Each person's seat gets its own URL with its own token; a seat's page shows only what
    that player may see. The game's log is its save (`runeforge replay` checks it; --resume
    goes on with it). Without --lan the server is on 127.0.0.1 only.
    """
    import webbrowser

    from runeforge.localhttp import listening_socket, serve
    from runeforge.studio.security import new_token
    from runeforge.table.app import make_app
    from runeforge.table.setup import open_replay, open_table

    host = lan_address() if lan else "127.0.0.1"
    if replay:
        table, viewer = None, open_replay(replay, dirs)
        content = viewer.content
    else:
        table, content = open_table(dirs, adventure, seats or ("human", "bot", "bot"), bots,
                                    seed, ruleset, log_path or "runeforge-table.jsonl",
                                    resume, expansions, new_cards_first)
        viewer = None
    try:  # listening before the URLs are printed
        sock = listening_socket(host, port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}; "
                               "try another --port (0: a free one)") from None
    bound = sock.getsockname()[1]
    if viewer is not None:
        token = new_token()
        tokens = {token: (0,)}
        urls = [("replay", f"http://{host}:{bound}/?token={token}")]
    elif hotseat:
        token = new_token()
        tokens = {token: tuple(table.humans)}
        first = table.humans[0]
        urls = [("hot seat", f"http://{host}:{bound}/seat/{first}/?token={token}")]
    else:
        tokens = {new_token(): (i,) for i in table.humans}
        urls = [(f"seat {seats_[0] + 1}", f"http://{host}:{bound}/seat/{seats_[0]}/?token={t}")
                for t, seats_ in tokens.items()]
    app = make_app(table, content, tokens, bound, host if lan else None, locale, viewer)
    for who, url in urls:
        click.echo(f"runeforge table: {who}: {url}")
    click.echo("(Ctrl-C stops it; the game is saved in its log)")
    if not no_browser and len(urls) == 1:
        webbrowser.open(urls[0][1])
    try:
        serve(app, sock)
    finally:
        if table is not None:
            table.close()
