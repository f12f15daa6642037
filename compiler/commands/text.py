"""`runeforge text`: print the generated rules text of cards in one locale."""

from __future__ import annotations

import json

import click
from rich.markup import escape

from runeforge.backends import text as text_backend
from runeforge.console import (
    console,
    content_dirs_argument,
    finish,
    print_diagnostics,
    print_summary,
)
from runeforge.diagnostics import Diagnostic, did_you_mean

EPILOG = """\b
Examples:
  runeforge text --locale en --card belt-of-strength
  runeforge text my-cards/ --locale ru --card my-new-sword
  runeforge text --locale en --format json > en.json
"""


@click.command("text", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
@click.option("--locale", "-l", default="en", show_default=True, help="Locale of the text.")
@click.option("--card", "card_ids", multiple=True, metavar="ID",
              help="Only this card (repeatable). Ids are the kebab-case of the English name.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def command(dirs, locale: str, card_ids: tuple[str, ...], fmt: str) -> None:
    """Print the rules text of the cards (bundled content plus DIRS)."""
    text_backend.check_locale(locale)
    from ._contentcache import checked

    result = checked(dirs)  # pipeline.check(dirs), from the cache when warm
    if not result.ok:
        print_diagnostics(result.diagnostics)
        print_summary(result.diagnostics, "text not generated")
        finish(result.diagnostics)
    unknown = [c for c in card_ids if c not in result.content.cards]
    if unknown:
        diags = [Diagnostic("RF004", f"unknown card id '{c}'", "<command line>",
                            hint=did_you_mean(c, result.content.cards)
                            or "ids are the kebab-case of the English name")
                 for c in unknown]
        print_diagnostics(diags)
        finish(diags)
    from runeforge import games
    from runeforge.l10n.names import card_name

    records = text_backend.render_rules_text(result.content, result.compiled, locale)
    if card_ids:
        records = [r for r in records if r["card"] in card_ids]
    if fmt == "json":
        click.echo(json.dumps(records, ensure_ascii=False, indent=2))
        return
    out = console()
    last = None
    for r in records:
        if r["card"] != last:
            card = result.content.cards[r["card"]]
            name = games.get(card.game).card_name(card, locale) or card_name(card.name, locale)
            out.print(f"[bold]{escape(name)}[/bold] ({escape(r['card'])})")  # untrusted data
            last = r["card"]
        out.print(f"  {r['text']}", markup=False)
