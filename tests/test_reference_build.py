"""Runebound is untouched by the game plug-ins (issue 12).

``tests/data/reference_build`` was made by ``runeforge build`` on the commit before games
became plug-ins: ``bundle.json`` as it was, and the SHA-256 of every other file (rules text
per locale, PDFs and their layout JSON). A build of the bundled content today must give the
same ``bundle.json`` apart from the ``game`` key of every record and the ``ir_versions`` map,
and byte-identical text and PDFs.

Regenerate the reference only for an intended change of the output, and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

REF = Path(__file__).parent / "data" / "reference_build"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from click.testing import CliRunner

    from runeforge.cli import main

    out = tmp_path_factory.mktemp("ref") / "out"
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["build", "--out", str(out)],
                                                     catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def _strip_game_keys(bundle: dict) -> dict:
    bundle = dict(bundle)
    bundle.pop("ir_versions", None)
    bundle["cards"] = [{k: v for k, v in c.items() if k != "game"} for c in bundle["cards"]]
    bundle["documents"] = {kind: [{k: v for k, v in d.items() if k != "game"} for d in docs]
                           for kind, docs in bundle["documents"].items()}
    return bundle


def test_bundle_equals_reference_apart_from_game_keys(built):
    new = json.loads((built / "bundle.json").read_text(encoding="utf-8"))
    old = json.loads((REF / "bundle.json").read_text(encoding="utf-8"))
    assert _strip_game_keys(new) == old
    # the new keys are there, and say Runebound for the bundled content
    assert new["ir_version"] == old["ir_version"]
    assert new["ir_versions"] == {"runebound-2e": old["ir_version"]}
    assert {c["game"] for c in new["cards"]} == {"runebound-2e"}
    assert {d["game"] for docs in new["documents"].values() for d in docs} == {"runebound-2e"}


def _reference_sums() -> dict[str, str]:
    sums = {}
    for line in (REF / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        sums[name.removeprefix("./")] = digest
    return sums


def test_text_and_pdfs_are_byte_identical(built):
    expected = _reference_sums()
    made = {p.relative_to(built).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in built.rglob("*") if p.is_file() and p.name != "bundle.json"}
    assert sorted(made) == sorted(expected), "the build writes other files than before"
    changed = sorted(name for name in expected if made[name] != expected[name])
    assert not changed, f"changed since the reference: {changed}"
