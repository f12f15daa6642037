"""Gettext catalogs: read PO with Babel, compile to MO in memory, load as Translations.

``runeforge build`` calls :func:`compile_catalogs`; it never trusts a stale ``.mo`` and never
falls back silently (``Translations.load`` returns NullTranslations when a catalog is missing;
here a missing catalog is an RF603 error).
"""

from __future__ import annotations

import io
import re
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, read_po
from babel.support import Translations

from runeforge.diagnostics import Diagnostic, DiagnosticError

from .localedir import locales_dir
from .packcatalogs import Layered
from .slots import check_message

DOMAIN = "runeforge"
LOCALES = ("fi", "pl", "el", "ru")  # locales with a catalog; en is the source, en-XA pseudo


def po_path(root, locale: str) -> Path:
    return Path(str(root)) / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


QUOTED = r'"(?:[^"\\]|\\.)*"'
PO_LINE = re.compile(rf"^(?:#.*|\s*|(?:#~ )?(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)"
                     rf"\s+{QUOTED}\s*|(?:#~ )?{QUOTED}\s*)$")


def syntax_errors(text: str) -> list[tuple[int, str]]:
    """Lines that are not PO syntax. Babel's parser silently accepts some of them
    (``msgstr Przed walką"`` becomes "rzed walką"), so they are checked here first."""
    return [(i, line) for i, line in enumerate(text.splitlines(), 1) if not PO_LINE.match(line)]


def read_catalog(path: Path, locale: str) -> Catalog:
    """Read one PO file; a syntax error raises DiagnosticError RF603 at its line."""
    try:
        raw = Path(path).read_bytes()
        for lineno, line in syntax_errors(raw.decode("utf-8", errors="replace"))[:1]:
            raise DiagnosticError(Diagnostic(
                "RF603", "catalog does not parse: not a PO line", str(path), line=lineno,
                col=1, length=max(1, len(line)), source_line=line,
                hint='every line is a comment, a keyword with a "quoted string", or a '
                     '"quoted string"'))
        return read_po(io.BytesIO(raw), locale=locale, abort_invalid=True)
    except PoFileError as err:
        raise DiagnosticError(Diagnostic(
            "RF603", f"catalog does not parse: {err}", str(path),
            line=getattr(err, "lineno", 0) or 0,
            hint="fix the PO syntax (see `pybabel update`)")) from None
    except OSError as err:
        raise DiagnosticError(Diagnostic(
            "RF603", f"no catalog for locale '{locale}': {err.strerror or err}", str(path),
            hint="run `pybabel init` for the locale, see docs/translating.md")) from None


def message_problems(catalog: Catalog, path: Path) -> list[Diagnostic]:
    """RF602 for slot mismatches (errors), RF601 for untranslated or fuzzy (warnings),
    RF603 for what Babel's own checks reject."""
    out = []
    for message in catalog:
        if not message.id:
            continue
        line = message.lineno or 0
        first = message.id if isinstance(message.id, str) else message.id[0]
        label = f"{message.context or ''}|{first}"
        forms = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if message.fuzzy or not all(forms):
            out.append(Diagnostic("RF601", f"{'fuzzy' if message.fuzzy else 'untranslated'} "
                                  f"message {label!r}", str(path), line=line, severity="warning",
                                  hint="translate it and remove the fuzzy flag"))
            continue
        for problem in check_message(message.id, message.string):
            out.append(Diagnostic("RF602", f"{label!r}: {problem}", str(path), line=line,
                                  hint="a translation must use exactly the msgid's {slots}"))
    for message, errors in catalog.check():
        for err in errors:
            out.append(Diagnostic("RF603", f"{message.context}|{message.id!r}: {err}", str(path),
                                  line=message.lineno or 0))
    return out


def compile_catalog(catalog: Catalog) -> Translations:
    """Compile with Babel's mofile into memory and load it as Translations."""
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return Translations(fp=buf, domain=DOMAIN)


def load_catalogs(root=None, locales=LOCALES) -> tuple[dict[str, Translations], list[Diagnostic]]:
    """Read, check and compile every locale's catalog under ``root`` (default: the bundled
    locales) once: (the compiled catalogs without errors, every diagnostic, warnings too)."""
    root = root if root is not None else locales_dir()
    result, diagnostics = {}, []
    for locale in locales:
        path = po_path(root, locale)
        try:
            catalog = read_catalog(path, locale)
        except DiagnosticError as err:
            diagnostics.extend(err.diagnostics)
            continue
        problems = message_problems(catalog, path)
        diagnostics.extend(problems)
        if not any(d.is_error for d in problems):
            result[locale] = compile_catalog(catalog)
    return result, diagnostics


def compile_catalogs(root=None, locales=LOCALES) -> dict[str, Translations]:
    """Compile every locale's catalog under ``root`` (default: the bundled locales).

    Raises DiagnosticError with RF603/RF602 errors when a catalog is missing, does not parse,
    or has a broken slot; untranslated entries are warnings (see :func:`catalog_diagnostics`).
    """
    result, diagnostics = load_catalogs(root, locales)
    errors = [d for d in diagnostics if d.is_error]
    if errors:
        raise DiagnosticError(errors)
    return result


def catalog_diagnostics(root=None, locales=LOCALES) -> list[Diagnostic]:
    """Every problem of the catalogs, warnings included (the test suite wants none)."""
    return load_catalogs(root, locales)[1]


@lru_cache(maxsize=None)
def bundled_translations(locale: str) -> Translations:
    """The bundled catalog of ``locale``, compiled from its PO file (cached)."""
    return compile_catalogs(None, (locale,))[locale]


def translations(locale: str) -> Layered:
    """The catalog of ``locale``: the loaded fan packs' own catalogs over the bundled one."""
    return Layered(bundled_translations(locale), locale)


def prepare_build(locales) -> list[Diagnostic]:
    """Compile the catalogs of ``locales`` from their PO files once per build: the problems
    (RF603 errors stop the build; untranslated or fuzzy entries, RF601, would print English)."""
    _, problems = load_catalogs(None, [loc for loc in locales if loc in LOCALES])
    return problems
