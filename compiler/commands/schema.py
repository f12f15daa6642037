"""`runeforge schema --kind KIND`: print the JSON Schema of a kind of file."""

from __future__ import annotations

import json

import click

from runeforge import schema as schemas

EPILOG = """\b
Examples:
  runeforge schema --kind item > item.schema.json
  # then, on the first line of a card file:
  # yaml-language-server: $schema=item.schema.json
"""


@click.command("schema", epilog=EPILOG)
@click.option("--kind", required=True, metavar="KIND",
              help="hero, ally, item, challenge, event, encounter, manifest, or a data kind.")
def command(kind: str) -> None:
    """Print the JSON Schema (draft 2020-12) of one kind of YAML file."""
    if kind not in schemas.kinds():
        from runeforge.diagnostics import did_you_mean

        hint = did_you_mean(kind, schemas.kinds())
        raise click.BadParameter(f"unknown kind '{kind}'. Kinds: {', '.join(schemas.kinds())}"
                                 + (f" ({hint})" if hint else ""), param_hint="--kind")
    click.echo(json.dumps(schemas.load_schema(kind), indent=2, ensure_ascii=False))
