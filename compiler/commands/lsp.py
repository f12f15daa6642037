"""`runeforge lsp`: the Language Server Protocol server for card files, over stdio."""

from __future__ import annotations

import click

EPILOG = """\b
Editors start it themselves; see docs/editors.md (VS Code, Neovim, Helix, Emacs).
  runeforge lsp                 # speaks LSP on stdin/stdout
"""


@click.command("lsp", epilog=EPILOG)
@click.option("--stdio", is_flag=True, help="Use stdin/stdout (the default and only transport; "
              "accepted because editor clients pass it).")
def command(stdio: bool) -> None:
    """Language server for card files: diagnostics as you type, completion in ability text,
    hover (structure, IR, text in five locales, exact odds), quick fixes, formatting,
    definition and references of card ids, the cards of a file as symbols."""
    from runeforge.lsp.server import main

    main()
