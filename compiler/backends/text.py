"""Rules text per locale (output/text/<locale>.json).

The text is generated from each ability's AST by runeforge.l10n (one sentence template per
node kind, term tables with counted forms, gettext catalogs for fi, pl, el, ru; "en" equals
the canonical printer; "en-XA" is the pseudo-locale for layout testing). Records keep the
shape ``{card, ability, text}``.
"""

from __future__ import annotations

from runeforge.abilities import parse_cached
from runeforge.diagnostics import DiagnosticError
from runeforge.l10n.catalogs import LOCALES as CATALOG_LOCALES
from runeforge.l10n.catalogs import load_catalogs
from runeforge.l10n.render import LOCALES, render_ability
from runeforge.pipeline import UsageError

from . import BuildContext, Output, dumps_json


def available_locales() -> tuple[str, ...]:
    return LOCALES


def default_locales() -> tuple[str, ...]:
    """The real locales (without the pseudo-locale en-XA)."""
    return tuple(loc for loc in LOCALES if loc != "en-XA")


def check_locale(locale: str) -> None:
    if locale not in available_locales():
        raise UsageError(f"no rules-text renderer for locale '{locale}'; available: "
                         + ", ".join(available_locales()))


def render_rules_text(content, compiled: dict, locale: str) -> list[dict]:
    """[{card, ability, text}] for every ability of every card, in content order."""
    check_locale(locale)
    records = []
    for card_id, card in content.cards.items():
        for i, text in enumerate(card.data.get("abilities", []) or []):
            if not isinstance(text, str):
                continue
            records.append({"card": card_id, "ability": i,
                            "text": render_ability(parse_cached(text), locale)})
    return records


def stage(ctx: BuildContext):
    for locale in ctx.locales:
        check_locale(locale)
    # compile the catalogs from their PO files now: a broken catalog stops the build (RF603);
    # untranslated or fuzzy entries would print English, so they are reported (RF601)
    _, problems = load_catalogs(None, [loc for loc in ctx.locales if loc in CATALOG_LOCALES])
    errors = [d for d in problems if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    diagnostics = getattr(ctx.result, "diagnostics", None)
    if isinstance(diagnostics, list):
        diagnostics.extend(d for d in problems if not d.is_error)
    for locale in ctx.locales:
        records = render_rules_text(ctx.content, ctx.compiled, locale)
        yield Output(f"text/{locale}.json", dumps_json(records))
