"""`runeforge studio`: a local authoring page (write a card; see it checked, translated,
printed and played as you type)."""

from __future__ import annotations

import click

from runeforge.console import content_dirs_argument

EPILOG = """\b
Examples:
  runeforge studio my-cards/                 # open the page on my-cards/
  runeforge studio                           # the bundled cards/, read-only
  runeforge studio my-cards/ --no-browser    # print the URL only
"""


@click.command("studio", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: a free one).")
@click.option("--no-browser", is_flag=True, help="Print the URL; do not open a browser.")
def command(dirs, port: int, no_browser: bool) -> None:
    """Serve the authoring page on 127.0.0.1 for the content folders DIRS.

    The page edits the YAML files of DIRS (without DIRS it shows the bundled cards/,
    read-only; `runeforge studio cards/` in a checkout edits them) and shows, as you
    type, the diagnostics of `check`, each ability's structure and IR, the rules text in
    every locale, the printed face and the odds. The URL carries a random token; only this
    machine, with that token, can use the server, and it writes only inside DIRS.
    """
    import webbrowser
    from pathlib import Path

    from runeforge.console import print_diagnostics
    from runeforge.diagnostics import Diagnostic
    from runeforge.localhttp import listening_socket, serve
    from runeforge.studio.app import make_app
    from runeforge.studio.security import new_token
    from runeforge.studio.session import Session
    from runeforge.yamlsafe import display_path

    missing = [Diagnostic("RF001", f"content directory '{d}' does not exist" if not
                          Path(d).exists() else f"'{d}' is not a directory", display_path(d))
               for d in dirs if not Path(d).is_dir()]
    if missing:  # the page edits these folders: they must be there (as `fmt` says)
        print_diagnostics(missing)
        raise SystemExit(1)
    try:  # listening before the URL is printed: a client that connects at once is queued
        sock = listening_socket("127.0.0.1", port)
    except OSError as exc:
        raise click.UsageError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror or exc}; "
                               "try another --port (0: a free one)") from None
    session = Session(dirs)
    session.service.check_all()  # warm: the first keystroke is then fast
    token = new_token()
    bound = sock.getsockname()[1]
    app = make_app(session, token, bound)
    url = f"http://127.0.0.1:{bound}/?token={token}"
    click.echo(f"runeforge studio: {url}", err=False)
    click.echo("(Ctrl-C stops it)")
    if not no_browser:
        webbrowser.open(url)
    serve(app, sock)
