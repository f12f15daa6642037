"""Delve's catalogs: the translation of a template key (``delve.po``, msgctxt ``delve.<key>``)
and of an action's name; English where the locale is English or the pseudo-locale."""

from __future__ import annotations

from babel.support import Translations

from runeforge.l10n import gamecatalog

from .text_templates import TEMPLATES

DOMAIN = "delve"
CTX = "delve."


def label(key: str, locale: str) -> str:
    """A word printed on a Delve face (``label.*``, ``behaviour.*``, ``range.*``)."""
    return _t(key, locale)


def counted(key: str, locale: str, count: int) -> str:
    """A face text with a number in it (a template given as singular and plural)."""
    return _t(key, locale, count).replace("{n}", str(count))


def _catalog_path(locale: str):
    return gamecatalog.catalog_path(DOMAIN, locale)


def translations(locale: str) -> Translations | None:
    """The compiled Delve catalog of ``locale`` (None for English and the pseudo-locale)."""
    return gamecatalog.translations(DOMAIN, locale)


def _t(key: str, locale: str, count: int | None = None) -> str:
    text = TEMPLATES[key]
    tr = translations(locale)
    if isinstance(text, tuple):
        if tr is None:
            return text[0] if count == 1 else text[1]
        return tr.npgettext(CTX + key, text[0], text[1], count)
    return text if tr is None else tr.pgettext(CTX + key, text)


def action_name(name: str, locale: str) -> str:
    tr = translations(locale)
    return name if tr is None else tr.pgettext(CTX + "action", name)
