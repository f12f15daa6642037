"""Rules text per locale (output/text/<locale>.json).

Each card's text comes from its game's text style (for Runebound: generated from each
ability's AST by runeforge.l10n, one sentence template per node kind, term tables with
counted forms, gettext catalogs for fi, pl, el, ru; "en" equals the canonical printer;
"en-XA" is the pseudo-locale for layout testing). Records keep the shape
``{card, ability, text}``, in content order. A card whose game has no text in a locale is
left out of that locale's file, with one warning (RF605) per game and locale.
"""

from __future__ import annotations

from runeforge import games
from runeforge.diagnostics import DiagnosticError
from runeforge.pipeline import UsageError

from . import BuildContext, Output, dumps_json


def available_locales() -> tuple[str, ...]:
    """Every locale some game renders, in the order the games list them."""
    return tuple(dict.fromkeys(loc for game in games.all_games() for loc in game.text.locales))


def default_locales() -> tuple[str, ...]:
    """The real locales of the default game (without the pseudo-locale en-XA)."""
    return tuple(loc for loc in games.get().text.locales if loc != "en-XA")


def check_locale(locale: str) -> None:
    if locale not in available_locales():
        raise UsageError(f"no rules-text renderer for locale '{locale}'; available: "
                         + ", ".join(available_locales()))


def render_rules_text(content, compiled: dict, locale: str, warn=None) -> list[dict]:
    """[{card, ability, text}] for every ability of every card, in content order."""
    check_locale(locale)
    records, missing = [], set()
    for card_id, card in content.cards.items():
        game = games.get(card.game)
        if locale not in game.text.locales:
            if warn is not None and game.id not in missing:
                warn(card.diag("RF605", f"the game '{game.id}' has no rules text in locale "
                               f"'{locale}'; its cards are left out of text/{locale}.json",
                               "name", severity="warning",
                               hint="its locales: " + ", ".join(game.text.locales)))
            missing.add(game.id)
            continue
        for i, text in game.render_text(card, locale):
            records.append({"card": card_id, "ability": i, "text": text})
    return records


def stage(ctx: BuildContext):
    for locale in ctx.locales:
        check_locale(locale)
    diagnostics = getattr(ctx.result, "diagnostics", None)
    warn = diagnostics.append if isinstance(diagnostics, list) else None
    in_use = {card.game for card in ctx.content.cards.values()}
    problems = [d for game in games.all_games() if game.id in in_use
                for d in game.prepare_text(ctx.locales)]
    errors = [d for d in problems if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    for d in problems:
        if warn:
            warn(d)
    for locale in ctx.locales:
        records = render_rules_text(ctx.content, ctx.compiled, locale, warn=warn)
        yield Output(f"text/{locale}.json", dumps_json(records))
