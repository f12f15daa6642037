"""The reference build: what a build of the bundled content must give, on what we own.

``tests/data/reference_build/`` holds ``bundle.json`` as a build writes it, and
``fingerprint.json``: the SHA-256 of every rules-text file (``text/<locale>.json``) and of
every PDF's layout JSON (where each card, crop mark and back sits: page geometry the project
computes), and of each PDF its pages: the page boxes, and the SHA-256 of the text drawn on the
page (extracted by pypdfium2, white space folded).

A PDF's bytes are not compared: the font subsetter (fonttools, reportlab) and zlib write them,
and they change with those libraries' versions while the card faces do not. Byte-identity is
kept where it means something: two builds on one machine (tests/test_pdf_build.py).

Regenerate only for an intended change of the output, and say so in the commit::

    python -m tests.reference_build
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from importlib import metadata
from pathlib import Path

REF = Path(__file__).parent / "data" / "reference_build"
# the libraries that write the PDFs and read them back: named when the PDFs differ
PDF_LIBRARIES = ("reportlab", "fonttools", "fontpkg-noto-sans", "pillow", "pypdfium2")
LOCK = Path(__file__).resolve().parent.parent / "requirements" / "test.txt"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _box(box) -> list[float]:
    return [round(float(v), 2) for v in box]


def pdf_pages(path: Path) -> list[dict]:
    """Each page of a PDF: its media, trim and bleed boxes and the digest of its text."""
    import pypdfium2 as pdfium

    pages = []
    document = pdfium.PdfDocument(str(path))
    try:
        for page in document:
            text = page.get_textpage().get_text_bounded()
            folded = re.sub(r"\s+", " ", text).strip()
            pages.append({"media": _box(page.get_mediabox()), "trim": _box(page.get_trimbox()),
                          "bleed": _box(page.get_bleedbox()),
                          "text": _sha(folded.encode("utf-8")), "chars": len(folded)})
    finally:
        document.close()
    return pages


def fingerprint(out: Path) -> dict:
    """The fingerprint of a build folder (everything but ``bundle.json``, which is compared
    whole, and the build's manifest, whose PDF digests change with the PDF libraries)."""
    files: dict[str, str] = {}
    pdfs: dict[str, list[dict]] = {}
    for path in sorted(out.rglob("*")):
        name = path.relative_to(out).as_posix()
        if not path.is_file() or name in ("bundle.json", ".runeforge-build.json"):
            continue
        if path.suffix == ".pdf":
            pdfs[name] = pdf_pages(path)
        else:
            files[name] = _sha(path.read_bytes())
    return {"files": files, "pdfs": pdfs}


def locked_versions() -> dict[str, str]:
    """``name -> version`` of the test lock (requirements/test.txt), markers ignored: a
    package locked at two versions for two Pythons keeps both, joined by ' or '."""
    found: dict[str, list[str]] = {}
    if LOCK.is_file():
        for line in LOCK.read_text(encoding="utf-8").splitlines():
            match = re.match(r"([A-Za-z0-9_.-]+)==([^\s;]+)", line)
            if match:
                key = re.sub(r"[-_.]+", "-", match.group(1)).lower()
                found.setdefault(key, []).append(match.group(2))
    return {name: " or ".join(versions) for name, versions in found.items()}


def library_note() -> str:
    """The installed versions of the PDF libraries, and which differ from the test lock."""
    locked = locked_versions()
    parts = []
    for name in PDF_LIBRARIES:
        try:
            have = metadata.version(name)
        except metadata.PackageNotFoundError:
            have = "not installed"
        want = locked.get(name)
        if want and have not in want.split(" or "):
            parts.append(f"{name} {have} (the lock has {want})")
        else:
            parts.append(f"{name} {have}")
    return "installed: " + ", ".join(parts)


def build(out: Path) -> None:
    from click.testing import CliRunner

    from runeforge.cli import main

    result = CliRunner(env={"NO_COLOR": "1", "SOURCE_DATE_EPOCH": "0"}).invoke(
        main, ["build", "--out", str(out)], catch_exceptions=False)
    if result.exit_code != 0:
        raise RuntimeError(result.output)


def write(out: Path) -> None:
    """Store ``out``'s bundle and fingerprint as the reference."""
    REF.mkdir(parents=True, exist_ok=True)
    (REF / "bundle.json").write_bytes((out / "bundle.json").read_bytes())
    text = json.dumps(fingerprint(out), indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    (REF / "fingerprint.json").write_text(text, encoding="utf-8")
    stale = REF / "SHA256SUMS"
    if stale.exists():
        stale.unlink()


def main() -> int:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        build(out)
        write(out)
    print(f"wrote {REF / 'bundle.json'} and {REF / 'fingerprint.json'} ({library_note()})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
