"""Card names, flavour text and face labels per locale (for the PDF and text backends).

    card_name("belt-of-strength", "fi")   -> "Voiman vyö"   (an id or the English name)
    flavour("belt-of-strength", "ru")     -> "Пряжка тёплая, ..."
    label("life", "pl")                   -> "Życie"
    label("reward_gold", "ru", n=5)       -> "5 золотых"   (plural labels take n)

A name or flavour without a translation comes back in English (the catalog tests report
every missing one); an unknown label key raises KeyError.
"""

from __future__ import annotations

from functools import lru_cache

from babel.numbers import format_decimal

from . import pseudo
from .labels import LABELS, PLURAL_LABELS
from .localedir import babel_locale
from .slots import fill


def _catalog(locale: str):
    if locale in ("en", "en-XA"):
        return None
    from .catalogs import translations

    return translations(locale)


@lru_cache(maxsize=1)
def _bundled_cards() -> dict:
    from runeforge.loader import load_content

    return {cid: card for cid, card in load_content([]).cards.items()}


def _english(card_id_or_text: str, field: str) -> str:
    card = _bundled_cards().get(card_id_or_text)
    if card is None:
        return card_id_or_text
    if field == "name":
        return card.name
    value = card.data.get("flavour") if isinstance(card.data, dict) else None
    return value if isinstance(value, str) else ""


def _translate(context: str, english: str, locale: str) -> str:
    if not english:
        return english
    if locale == "en-XA":
        return pseudo.pseudo(english)
    catalog = _catalog(locale)
    return english if catalog is None else catalog.pgettext(context, english)


def card_name(card_id_or_english_name: str, locale: str) -> str:
    return _translate("card.name", _english(card_id_or_english_name, "name"), locale)


def flavour(card_id_or_english_text: str, locale: str) -> str:
    return _translate("card.flavour", _english(card_id_or_english_text, "flavour"), locale)


def label(key: str, locale: str, n: int | None = None) -> str:
    """A short face label; plural labels (``reward_gold``, ``copies``) need ``n``."""
    if key in PLURAL_LABELS:
        if n is None:
            raise TypeError(f"label {key!r} needs a count n")
        one, other = PLURAL_LABELS[key]
        catalog = _catalog(locale)
        if catalog is None:
            text = one if n == 1 else other
        else:
            text = catalog.npgettext(f"label.{key}", one, other, n)
        out = fill(text, {"n": format_decimal(n, locale=babel_locale(locale))},
                   lambda v, form: v)
        return pseudo.pseudo(out) if locale == "en-XA" else out
    english = LABELS[key]
    return _translate(f"label.{key}", english, locale)
