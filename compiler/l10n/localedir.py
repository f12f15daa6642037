"""Where the catalogs and term tables are, and a locale as Babel knows it (every game's).

``locales_dir()`` is the ``runeforge.locales`` package (``locales/<loc>/LC_MESSAGES/*.po``,
``locales/<loc>/terms.yaml``); ``babel_locale("en-XA")`` is English (the pseudo-locale is
generated from it), ``babel_locale("pt-BR")`` is Babel's ``pt_BR``.
"""

from __future__ import annotations

from babel import Locale

from runeforge.dsl.pkgfiles import files as package_files


def babel_locale(locale: str) -> Locale:
    return Locale.parse("en" if locale == "en-XA" else locale.replace("-", "_"))


def locales_dir():
    return package_files("runeforge.locales")
