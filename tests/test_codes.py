"""Every diagnostic code is tested somewhere (or reserved, with a reason) and documented."""

from __future__ import annotations

from pathlib import Path

from runeforge.diagdoc import generate
from runeforge.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent

# Code ranges whose stage is still being written by another issue. Keep this short and
# honest: remove a range as soon as its stage lands with tests.
RESERVED = {
    "RF3": "ability-language parser (dsl/): issue in progress by the lead",
    "RF4": "ability semantic checks (compiler/abilities.py): in progress by the lead",
    "RF6": "localisation catalogs and fonts: the l10n issue",
    "RF7": "PDF layout: the PDF issue",
}


def test_every_code_is_exercised_or_reserved():
    here = Path(__file__).name
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests").rglob("*.py"))
                     if p.name != here)
    missing = [c for c in CODES if c not in text and c[:3] not in RESERVED]
    assert not missing, f"no test mentions {missing}"


def test_reserved_ranges_exist():
    assert all(any(c.startswith(r) for c in CODES) for r in RESERVED)


def test_docs_are_in_sync():
    doc = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert doc == generate(), "regenerate: python -m runeforge.diagdoc > docs/diagnostics.md"
    for code in CODES:
        assert f"| {code} |" in doc
