"""Runebound's rules text, generated from each ability's AST (:mod:`.render`): one sentence
template per node kind (:mod:`.templates`), term tables with counted forms (:mod:`.terms`),
the ``runeforge`` gettext catalogs for fi, pl, el, ru; "en" equals the canonical printer,
"en-XA" is the pseudo-locale. :mod:`.extract` is the catalog's Babel extractor
(``runeforge_cards``: card names and flavour, templates, the labels of runeforge.l10n.labels).
"""

from __future__ import annotations


def prepare(locales) -> list:
    """Compile the ``runeforge`` catalogs of ``locales`` once per build (TextStyle.prepare):
    their problems as diagnostics (runeforge.l10n.catalogs)."""
    from runeforge.l10n.catalogs import prepare_build

    return prepare_build(locales)
