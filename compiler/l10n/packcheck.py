"""``check``'s warning (RF601) for a card name a fan pack's catalogs leave untranslated, per
locale the pack ships a catalog for (:mod:`.packcatalogs`)."""

from __future__ import annotations

from pathlib import Path

from runeforge.diagnostics import Diagnostic

from .layered import pack_lookup
from .packcatalogs import catalog_files

NAME_CONTEXTS = ("card.name", "delve.card.name", "campaign.card.name")


def untranslated_names(content) -> list[Diagnostic]:
    """RF601 (warning) at a card's ``name:`` for each locale a pack ships a catalog for
    that gives the name no translation (the bundled catalogs count too)."""
    from runeforge import games

    out: list[Diagnostic] = []
    packs = {pid: p for pid, p in content.packs.items() if not p.bundled}
    for card in content.cards.values():
        pack = packs.get(card.pack)
        if pack is None:
            continue
        for locale in catalog_files(pack.root):
            if _translated(card, locale, games):
                continue
            out.append(card.diag(
                "RF601", f"card name {card.name!r} has no '{locale}' translation in the "
                f"pack's catalogs", "name", severity="warning",
                hint=f"add it to {Path(pack.root).name}/locales/{locale}/LC_MESSAGES/ "
                     "(pybabel update, see docs/translating.md)"))
    return out


def _translated(card, locale: str, games) -> bool:
    from .names import card_name

    if any(pack_lookup(locale, ctx, card.name) for ctx in NAME_CONTEXTS):
        return True
    name = games.get(card.game).card_name(card, locale) or card_name(card.name, locale)
    return name != card.name
