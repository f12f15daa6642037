"""`runeforge tiny`: the tiny game's own sub-command, added through ``Game.commands`` (no edit
of runeforge.commands or runeforge.cli), as the campaign adds `runeforge campaign`."""

from __future__ import annotations

import click

from runeforge import pipeline
from runeforge.console import content_dirs_argument


@click.command("tiny")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str), callback=content_dirs_argument)
def command(dirs) -> None:
    """List the tiny game's fighters (bundled content plus DIRS)."""
    result = pipeline.check(dirs)
    for card in result.content.cards.values():
        if card.game == "tinygame" and card.kind == "fighter":
            click.echo(f"{card.id}: {card.name}")
