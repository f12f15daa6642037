"""`runeforge schema --kind KIND`: print the JSON Schema of a kind of file."""

from __future__ import annotations

import json

import click

from runeforge import games
from runeforge import schema as schemas

EPILOG = """\b
Examples:
  runeforge schema --kind item > item.schema.json
  # then, on the first line of a card file:
  # yaml-language-server: $schema=item.schema.json
"""


@click.command("schema", epilog=EPILOG)
@click.option("--kind", required=True, metavar="KIND",
              help="A card kind, a data kind or manifest (the game's kinds; for Runebound: "
                   "hero, ally, item, challenge, event, encounter, adventure, board, dice, "
                   "ruleset).")
@click.option("--game", default=games.DEFAULT_GAME, show_default=True, metavar="GAME",
              help="The game whose kind it is (a pack names its game in manifest.yaml).")
def command(kind: str, game: str) -> None:
    """Print the JSON Schema (draft 2020-12) of one kind of YAML file."""
    from runeforge.diagnostics import did_you_mean

    if game not in games.ids():
        hint = did_you_mean(game, games.ids())
        raise click.BadParameter(f"unknown game '{game}'. Games: {', '.join(games.ids())}"
                                 + (f" ({hint})" if hint else ""), param_hint="--game")
    known = schemas.kinds(game)
    if kind not in known:
        hint = did_you_mean(kind, known)
        raise click.BadParameter(f"unknown kind '{kind}'. Kinds: {', '.join(known)}"
                                 + (f" ({hint})" if hint else ""), param_hint="--kind")
    click.echo(json.dumps(schemas.load_schema(kind, game), indent=2, ensure_ascii=False))
