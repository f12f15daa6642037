"""A fan pack's own catalogs: ``<pack>/locales/<loc>/LC_MESSAGES/*.po`` beside its YAML.

A pack translates its card names and flavour (msgctxt ``card.name``, ``card.flavour``,
Delve's ``delve.card.name``, the campaign's ``campaign.card.name`` …) with the same pybabel
workflow as the bundled catalogs (docs/translating.md, "A pack's own catalogs"). Loading
content registers the catalogs of every pack that is not bundled; :class:`Layered` (what
``runeforge.l10n.catalogs.translations`` and the games' catalogs return) looks a message up
in those first and in the bundled catalog after. So ``text``, ``build``, ``studio`` and
``lsp`` all print a pack's own names. :func:`untranslated_names` is ``check``'s warning per
locale for a pack name its catalogs leave out.
"""

from __future__ import annotations

from pathlib import Path

from runeforge.diagnostics import Diagnostic, DiagnosticError

# pack root -> (the catalog files' stamps, {locale: [compiled catalogs]})
_REGISTRY: dict[str, tuple[tuple, dict[str, list]]] = {}
CTXT_SEP = "\x04"
NAME_CONTEXTS = ("card.name", "delve.card.name", "campaign.card.name")


def catalog_files(pack_root) -> dict[str, list[Path]]:
    """``{locale: [po files]}`` of a pack (none when it has no ``locales/`` folder)."""
    base = Path(pack_root) / "locales"
    if not base.is_dir():
        return {}
    out: dict[str, list[Path]] = {}
    for folder in sorted(p for p in base.iterdir() if p.is_dir()):
        files = sorted((folder / "LC_MESSAGES").glob("*.po"))
        if files:
            out[folder.name] = files
    return out


def register_packs(content) -> list[Diagnostic]:
    """Read and compile the catalogs of the packs of ``content`` that are not bundled (again
    only when a file changed); RF603/RF602 for a catalog that cannot be used."""
    from .catalogs import compile_catalog, message_problems, read_catalog

    diagnostics: list[Diagnostic] = []
    for pack in content.packs.values():
        if pack.bundled:
            continue
        files = catalog_files(pack.root)
        key = str(Path(pack.root).resolve())
        stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                      for ps in files.values() for p in ps)
        if key in _REGISTRY and _REGISTRY[key][0] == stamp:
            continue
        compiled: dict[str, list] = {}
        for locale, paths in files.items():
            for path in paths:
                try:
                    catalog = read_catalog(path, locale)
                except DiagnosticError as err:
                    diagnostics.extend(err.diagnostics)
                    continue
                problems = [d for d in message_problems(catalog, path) if d.is_error]
                diagnostics.extend(problems)
                if not problems:
                    compiled.setdefault(locale, []).append(compile_catalog(catalog))
        _REGISTRY[key] = (stamp, compiled)
    return diagnostics


def pack_lookup(locale: str, context: str | None, msgid: str, plural: int | None = None):
    """A registered pack's translation of ``msgid`` (``plural``: the form's index), or None."""
    key = f"{context}{CTXT_SEP}{msgid}" if context else msgid
    for _, by_locale in _REGISTRY.values():
        for catalog in by_locale.get(locale, ()):
            found = catalog._catalog.get(key if plural is None else (key, plural))
            if found:
                return found
    return None


def has_pack_catalogs(locale: str) -> bool:
    return any(locale in by_locale for _, by_locale in _REGISTRY.values())


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
