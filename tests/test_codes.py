"""Every diagnostic code is tested somewhere (or reserved, with a reason) and documented."""

from __future__ import annotations

from pathlib import Path

from runeforge.diagdoc import generate
from runeforge.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent

# Code ranges whose stage is still being written by another issue. Keep this short and
# honest: remove a range as soon as its stage lands with tests. (Every stage has landed.)
RESERVED: dict[str, str] = {}


def test_every_code_is_exercised_or_reserved():
    here = Path(__file__).name
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests").rglob("*.py"))
                     if p.name != here)
    missing = [c for c in CODES if c not in text and c[:3] not in RESERVED]
    assert not missing, f"no test mentions {missing}"


def test_reserved_ranges_exist():
    assert all(any(c.startswith(r) for c in CODES) for r in RESERVED)


def test_every_code_is_asserted_as_a_code_somewhere():
    # a mention inside a string literal, as tests compare codes ('RF601' or "RF601")
    here = Path(__file__).name
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests").rglob("*.py"))
                     if p.name != here)
    missing = [c for c in CODES if not any(f in text for f in (f'"{c}"', f"'{c}'", f"[{c}]"))]
    assert not missing, f"no test compares against {missing}"


def test_docs_are_in_sync():
    doc = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert doc == generate(), "regenerate: python -m runeforge.diagdoc > docs/diagnostics.md"
    for code in CODES:
        assert f"| {code} |" in doc
