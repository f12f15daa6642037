"""The catalogs of the loaded fan packs (:mod:`.packcatalogs` fills the registry) layered
over a bundled catalog: what ``runeforge.l10n.catalogs.translations`` and the games' catalogs
return, so every name is looked up in the packs' catalogs first."""

from __future__ import annotations

# pack root -> (the catalog files' stamps, {locale: [compiled catalogs]})
REGISTRY: dict[str, tuple[tuple, dict[str, list]]] = {}
CTXT_SEP = "\x04"


def pack_lookup(locale: str, context: str | None, msgid: str, plural: int | None = None):
    """A registered pack's translation of ``msgid`` (``plural``: the form's index), or None."""
    key = f"{context}{CTXT_SEP}{msgid}" if context else msgid
    for _, by_locale in REGISTRY.values():
        for catalog in by_locale.get(locale, ()):
            found = catalog._catalog.get(key if plural is None else (key, plural))
            if found:
                return found
    return None


def has_pack_catalogs(locale: str) -> bool:
    return any(locale in by_locale for _, by_locale in REGISTRY.values())


class Layered:
    """The packs' catalogs of one locale over a bundled catalog (``base``, may be None)."""

    def __init__(self, base, locale: str):
        self.base, self.locale = base, locale

    def pgettext(self, context: str, message: str) -> str:
        found = pack_lookup(self.locale, context, message)
        if found is not None:
            return found
        return message if self.base is None else self.base.pgettext(context, message)

    def gettext(self, message: str) -> str:
        found = pack_lookup(self.locale, None, message)
        if found is not None:
            return found
        return message if self.base is None else self.base.gettext(message)

    def npgettext(self, context: str, singular: str, plural: str, n) -> str:
        if self.base is None:
            return singular if n == 1 else plural
        return self.base.npgettext(context, singular, plural, n)

    def ngettext(self, singular: str, plural: str, n) -> str:
        if self.base is None:
            return singular if n == 1 else plural
        return self.base.ngettext(singular, plural, n)
