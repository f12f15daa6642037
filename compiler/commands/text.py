"""`runeforge text`: print the generated rules text of cards in one locale."""

from __future__ import annotations

import json

import click
from rich.markup import escape

from runeforge.backends import text as text_backend
from runeforge.console import (
    console,
    content_dirs_or_archives,
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
                callback=content_dirs_or_archives)
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
    entries = card_entries(result.content, records, locale, card_ids)
    if fmt == "json":
        click.echo(json.dumps([e for lines in entries.values() for e in lines],
                              ensure_ascii=False, indent=2))
        return
    out = console()
    for card_id, lines in entries.items():
        card = result.content.cards[card_id]
        name = games.get(card.game).card_name(card, locale) or card_name(card.name, locale)
        out.print(f"[bold]{escape(name)}[/bold] ({escape(card_id)})")  # untrusted data
        for entry in lines:
            out.print(f"  {entry['text'] or entry['note']}", markup=False)


def card_entries(content, records, locale: str, card_ids=()) -> dict[str, list[dict]]:
    """What `text` prints for each card (those of ``card_ids``, else every card whose game has
    text in ``locale``), in order: the description of its game's summary (an adversary's
    values, a tile's exits: records with ``ability`` None), then one record per ability; a
    card with neither gets one record whose ``note`` says why it has no text."""
    from runeforge import games
    from runeforge.l10n.names import label

    # what a card without abilities (and no summary of its game) prints instead of nothing
    no_text = label("no_text", locale)
    by_card: dict[str, list[dict]] = {}
    for r in records:
        by_card.setdefault(r["card"], []).append(r)
    out: dict[str, list[dict]] = {}
    for card_id in card_ids or tuple(content.cards):
        card = content.cards[card_id]
        game = games.get(card.game)
        if locale not in game.text.locales:
            continue
        lines = [{"card": card_id, "ability": None, "text": line}
                 for line in game.text_summary(card, locale, content.cards)]
        lines += by_card.get(card_id, [])
        out[card_id] = lines or [{"card": card_id, "ability": None, "text": "",
                                  "note": no_text}]
    return out
