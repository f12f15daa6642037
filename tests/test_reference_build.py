"""Runebound is untouched by the game plug-ins (issue 12).

``tests/data/reference_build`` was made by ``runeforge build`` on the commit before games
became plug-ins: ``bundle.json`` as it was, and the SHA-256 of every other file (rules text
per locale, PDFs and their layout JSON). A build of the bundled content today must give the
same ``bundle.json`` apart from the ``game`` key of every record and the ``ir_versions`` map,
and byte-identical text and PDFs.

Delve (issue 13) and the campaign (issue 14) are bundled beside Runebound: their records
(``game: delve``, ``game: campaign``), their text records and their own PDFs (``pdf/delve-*``,
``pdf/campaign-*``) are set aside before the comparison, and nothing else.

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


OTHER_GAMES = ("delve", "campaign")  # bundled beside Runebound after the reference was made


def _strip_game_keys(bundle: dict) -> dict:
    bundle = dict(bundle)
    bundle.pop("ir_versions", None)
    bundle["cards"] = [{k: v for k, v in c.items() if k != "game"} for c in bundle["cards"]
                       if c["game"] not in OTHER_GAMES]
    documents = {kind: [{k: v for k, v in d.items() if k != "game"} for d in docs
                        if d.get("game") not in OTHER_GAMES]
                 for kind, docs in bundle["documents"].items()}
    bundle["documents"] = {kind: docs for kind, docs in documents.items() if docs}
    return bundle


def _runebound_text(path: Path, delve_ids: set) -> bytes:
    """A text/<locale>.json as the reference wrote it: without the other games' records."""
    records = json.loads(path.read_text(encoding="utf-8"))
    kept = [r for r in records if r["card"] not in delve_ids]
    from runeforge.backends import dumps_json

    return dumps_json(kept) if len(kept) != len(records) else path.read_bytes()


def test_bundle_equals_reference_apart_from_game_keys(built):
    new = json.loads((built / "bundle.json").read_text(encoding="utf-8"))
    old = json.loads((REF / "bundle.json").read_text(encoding="utf-8"))
    assert _strip_game_keys(new) == old
    # the new keys are there, and say Runebound for the bundled content
    assert new["ir_version"] == old["ir_version"]
    assert new["ir_versions"] == {"runebound-2e": old["ir_version"], "delve": 1,
                                  "campaign": 1}
    assert {c["game"] for c in new["cards"]} == {"runebound-2e", *OTHER_GAMES}
    assert {d["game"] for docs in new["documents"].values() for d in docs} == {"runebound-2e",
                                                                               *OTHER_GAMES}


def _reference_sums() -> dict[str, str]:
    sums = {}
    for line in (REF / "SHA256SUMS").read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        sums[name.removeprefix("./")] = digest
    return sums


def test_text_and_pdfs_are_byte_identical(built):
    expected = _reference_sums()
    bundle = json.loads((built / "bundle.json").read_text(encoding="utf-8"))
    delve_ids = {c["id"] for c in bundle["cards"] if c["game"] in OTHER_GAMES}
    made = {}
    for p in built.rglob("*"):
        name = p.relative_to(built).as_posix()
        if not p.is_file() or p.name == "bundle.json" or name.startswith(
                tuple(f"pdf/{game}-" for game in OTHER_GAMES)):
            continue
        data = _runebound_text(p, delve_ids) if name.startswith("text/") else p.read_bytes()
        made[name] = hashlib.sha256(data).hexdigest()
    assert sorted(made) == sorted(expected), "the build writes other files than before"
    changed = sorted(name for name in expected if made[name] != expected[name])
    assert not changed, f"changed since the reference: {changed}"
