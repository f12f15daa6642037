"""A build of the bundled content gives the reference build, on what the project owns.

The reference (``tests/data/reference_build``, see ``tests/reference_build.py``) is the
bundle, the SHA-256 of every rules-text file and PDF layout JSON, and each PDF's pages (boxes
and the digest of the text drawn on them). It holds on any machine whose libraries are within
the declared ranges: a PDF's bytes, which the font subsetter and zlib write, are not compared.

Regenerate only for an intended change of the output (``python -m tests.reference_build``),
and say so in the commit.
"""

from __future__ import annotations

import json

import pytest

from . import reference_build as ref


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "out"
    ref.build(out)
    return out


@pytest.fixture(scope="module")
def expected():
    return json.loads((ref.REF / "fingerprint.json").read_text(encoding="utf-8"))


def test_bundle_equals_the_reference(built):
    new = json.loads((built / "bundle.json").read_text(encoding="utf-8"))
    old = json.loads((ref.REF / "bundle.json").read_text(encoding="utf-8"))
    assert new == old


def test_the_build_writes_the_reference_files(built, expected):
    made = ref.fingerprint(built)
    assert sorted(made["files"]) == sorted(expected["files"]), "other files than the reference"
    assert sorted(made["pdfs"]) == sorted(expected["pdfs"]), "other PDFs than the reference"


def test_the_manifest_names_every_file_of_the_build_and_its_digest(built):
    import hashlib

    manifest = json.loads((built / ".runeforge-build.json").read_text(encoding="utf-8"))
    made = {p.relative_to(built).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in built.rglob("*") if p.is_file() and p.name != ".runeforge-build.json"}
    assert manifest["files"] == made


def test_rules_text_and_pdf_layouts_are_byte_identical(built, expected):
    made = ref.fingerprint(built)["files"]
    changed = sorted(name for name, digest in expected["files"].items()
                     if made.get(name) != digest)
    assert not changed, f"changed since the reference: {changed}"


def test_pdf_pages_have_the_reference_boxes_and_text(built, expected):
    made = ref.fingerprint(built)["pdfs"]
    changed = []
    for name, pages in expected["pdfs"].items():
        new = made.get(name, [])
        if len(new) != len(pages):
            changed.append(f"{name}: {len(new)} pages, the reference has {len(pages)}")
            continue
        for number, (page, old) in enumerate(zip(new, pages, strict=True), start=1):
            for key in ("media", "trim", "bleed", "text"):
                if page[key] != old[key]:
                    changed.append(f"{name} page {number}: {key} differs")
    assert not changed, (f"{len(changed)} differences, first: {changed[:5]}; "
                         f"{ref.library_note()}")


def test_a_changed_word_or_page_box_is_caught(tmp_path):
    """The page fingerprint sees one changed word, and a page of another size; it does not
    see the same page written twice."""
    from reportlab.pdfgen import canvas

    def page(word: str, size: tuple[float, float], name: str) -> dict:
        path = tmp_path / name
        pdf = canvas.Canvas(str(path), pagesize=size)
        pdf.drawString(72, 72, word)
        pdf.save()
        return ref.pdf_pages(path)[0]

    a4 = (595.28, 841.89)
    first = page("Market", a4, "a.pdf")
    assert page("Market", a4, "b.pdf") == first
    assert page("Markets", a4, "c.pdf")["text"] != first["text"]
    assert page("Market", (612.0, 792.0), "d.pdf")["media"] != first["media"]
