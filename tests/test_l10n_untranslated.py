"""An untranslated or fuzzy entry in a catalog is reported (RF601) at its line: the build
still runs (the text falls back to English for that message), but says so."""

import shutil
from pathlib import Path

from runeforge.l10n.catalogs import catalog_diagnostics, compile_catalogs

LOCALES = Path(__file__).resolve().parents[1] / "locales"


def _copy(tmp_path) -> Path:
    root = tmp_path / "locales"
    shutil.copytree(LOCALES, root)
    return root


def test_untranslated_entry_is_a_located_warning(tmp_path):
    root = _copy(tmp_path)
    po = root / "fi" / "LC_MESSAGES" / "runeforge.po"
    lines = po.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, s in enumerate(lines) if s.startswith('msgctxt "label.life"'))
    assert lines[at + 2].startswith("msgstr ") and lines[at + 2].strip() != 'msgstr ""'
    lines[at + 2] = 'msgstr ""\n'
    po.write_text("".join(lines), encoding="utf-8")
    assert catalog_diagnostics(LOCALES, ("fi",)) == []  # the shipped catalog is clean
    (d,) = catalog_diagnostics(root, ("fi",))
    assert (d.code, d.severity) == ("RF601", "warning")
    assert "label.life" in d.message and d.line == at + 2  # the msgid line (1-based)
    # still compiles: an untranslated message is a warning, not a build failure
    assert compile_catalogs(root, ("fi",))["fi"].pgettext("label.life", "Life") == "Life"


def test_fuzzy_entry_is_reported(tmp_path):
    root = _copy(tmp_path)
    po = root / "pl" / "LC_MESSAGES" / "runeforge.po"
    text = po.read_text(encoding="utf-8")
    assert '\nmsgctxt "label.stamina"' in text
    po.write_text(text.replace('\nmsgctxt "label.stamina"', '\n#, fuzzy\nmsgctxt "label.stamina"', 1),
                  encoding="utf-8")
    codes = [(d.code, "fuzzy" in d.message) for d in catalog_diagnostics(root, ("pl",))]
    assert codes == [("RF601", True)]
