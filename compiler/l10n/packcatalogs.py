"""A fan pack's own catalogs: ``<pack>/locales/<loc>/LC_MESSAGES/*.po`` beside its YAML.

A pack translates its card names and flavour (msgctxt ``card.name``, ``card.flavour``,
Delve's ``delve.card.name``, the campaign's ``campaign.card.name`` …) with the same pybabel
workflow as the bundled catalogs (docs/translating.md, "A pack's own catalogs"). Loading
content registers the catalogs of every pack that is not bundled; :class:`Layered` (what
``runeforge.l10n.catalogs.translations`` and the games' catalogs return) looks a message up
in those first and in the bundled catalog after. So ``text``, ``build``, ``studio`` and
``lsp`` all print a pack's own names (:mod:`.layered`). :mod:`.packcheck` is ``check``'s
warning per locale for a pack name its catalogs leave out.
"""

from __future__ import annotations

from pathlib import Path

from runeforge.diagnostics import Diagnostic, DiagnosticError

from .layered import REGISTRY


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
    diagnostics: list[Diagnostic] = []
    for pack in content.packs.values():
        if pack.bundled:
            continue
        # imported here: with the bundled packs only, Babel (~10 ms) is not needed (issue 38)
        from .catalogs import compile_catalog, message_problems, read_catalog

        files = catalog_files(pack.root)
        key = str(Path(pack.root).resolve())
        stamp = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size)
                      for ps in files.values() for p in ps)
        if key in REGISTRY and REGISTRY[key][0] == stamp:
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
        REGISTRY[key] = (stamp, compiled)
    return diagnostics
