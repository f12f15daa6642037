"""A game's own gettext catalog (``locales/<loc>/LC_MESSAGES/<domain>.po``), as Delve and the
campaign keep theirs beside Runebound's ``runeforge.po``: its path, its compiled translations
(read once a process) and the build's check of it (RF603 unreadable, RF601 untranslated)."""

from __future__ import annotations

import io
from functools import lru_cache

from babel.messages import mofile, pofile
from babel.support import Translations

from runeforge.diagnostics import Diagnostic
from runeforge.dsl.pkgfiles import files as package_files

from .layered import Layered, has_pack_catalogs

LOCALES = ("en", "fi", "pl", "el", "ru")


def catalog_path(domain: str, locale: str):
    return package_files("runeforge.locales").joinpath(locale, "LC_MESSAGES", f"{domain}.po")


def translations(domain: str, locale: str) -> Layered | None:
    """The loaded fan packs' own catalogs of ``locale`` over the game's bundled one (None
    when neither has one: English)."""
    base = bundled_translations(domain, locale)
    if base is None and not has_pack_catalogs(locale):
        return None
    return Layered(base, locale)


@lru_cache(maxsize=None)
def bundled_translations(domain: str, locale: str) -> Translations | None:
    """The compiled catalog (None for English, whose text is the msgid, and for a locale
    without a catalog, such as the pseudo-locale: its text stays English)."""
    if locale not in LOCALES or locale == "en":
        return None
    with catalog_path(domain, locale).open("rb") as fh:
        catalog = pofile.read_po(fh, locale=locale.replace("-", "_"))
    buf = io.BytesIO()
    mofile.write_mo(buf, catalog)
    buf.seek(0)
    return Translations(buf, domain=domain)


def prepare(domain: str, label: str, locales) -> list[Diagnostic]:
    """RF603 for a catalog that cannot be read, RF601 (warning) for a missing translation;
    ``label`` names the game in the messages."""
    out = []
    for locale in locales:
        if locale not in LOCALES or locale == "en":
            continue
        path = catalog_path(domain, locale)
        try:
            with path.open("rb") as fh:
                catalog = pofile.read_po(fh, locale=locale)
        except Exception as err:  # noqa: BLE001 - any read failure is the catalog's problem
            out.append(Diagnostic("RF603", f"the {label} catalog does not read: {err}",
                                  str(path)))
            continue
        for message in catalog:
            if message.id and (not message.string or message.fuzzy or
                               (isinstance(message.string, tuple) and not all(message.string))):
                out.append(Diagnostic("RF601", f"untranslated {label} message "
                                      f"{message.context}|{message.id!r}", str(path),
                                      severity="warning"))
    return out
