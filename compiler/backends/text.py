"""Rules text per locale (output/text/<locale>.json).

PROVISIONAL renderer: English only, the source ability text. The l10n work replaces
:func:`render_rules_text` with the AST-based renderer for fi, pl, el, ru; the record shape
``{card, ability, text}`` stays.
"""

from __future__ import annotations

from runeforge.pipeline import UsageError

from . import BuildContext, Output, dumps_json


def available_locales() -> tuple[str, ...]:
    return ("en",)


def check_locale(locale: str) -> None:
    if locale not in available_locales():
        raise UsageError(f"no rules-text renderer for locale '{locale}' yet; available: "
                         + ", ".join(available_locales()))


def render_rules_text(content, compiled: dict, locale: str) -> list[dict]:
    """[{card, ability, text}] for every ability of every card, in content order."""
    check_locale(locale)
    records = []
    for card_id, card in content.cards.items():
        for i, text in enumerate(card.data.get("abilities", []) or []):
            records.append({"card": card_id, "ability": i, "text": text})
    return records


def stage(ctx: BuildContext):
    for locale in ctx.locales:
        check_locale(locale)
    for locale in ctx.locales:
        records = render_rules_text(ctx.content, ctx.compiled, locale)
        yield Output(f"text/{locale}.json", dumps_json(records))
