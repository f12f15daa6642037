"""`runeforge pack DIR` writes one archive; `check`/`build ARCHIVE` take it as a folder; an
archive reaching outside itself, holding a link, over the limits or altered is refused
(RF005) (issue 36)."""

from __future__ import annotations

import json
import shutil
import stat
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from runeforge import __version__, packarchive
from runeforge.cli import main
from runeforge.diagnostics import DiagnosticError

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture()
def pack(tmp_path) -> Path:
    root = tmp_path / "lantern"
    shutil.copytree(ROOT / "examples" / "my-first-adventure", root)
    po = root / "locales" / "ru" / "LC_MESSAGES"
    po.mkdir(parents=True)
    (po / "pack.po").write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"'
                                '\n\nmsgctxt "card.name"\nmsgid "Soot Imps"\n'
                                'msgstr "Сажевые бесенята"\n', encoding="utf-8")
    (root / "art").mkdir()
    (root / "art" / "imps.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    return root


def test_pack_then_build_the_archive_round_trips(pack, tmp_path):
    out = run("pack", str(pack), "-o", str(tmp_path / "lantern.rfpack"))
    assert out.exit_code == 0, out.output
    archive = tmp_path / "lantern.rfpack"
    with zipfile.ZipFile(archive) as zf:
        manifest = json.loads(zf.read(packarchive.MANIFEST))
        names = set(zf.namelist())
    assert manifest["runeforge"] == __version__ and len(manifest["digest"]) == 64
    assert {"manifest.yaml", "challenges.yaml", "locales/ru/LC_MESSAGES/pack.po",
            "art/imps.png"} <= names
    from_folder, from_archive = tmp_path / "a", tmp_path / "b"
    assert run("build", str(pack), "--locale", "en", "--out", str(from_folder)).exit_code == 0
    built = run("build", str(archive), "--locale", "en", "--out", str(from_archive))
    assert built.exit_code == 0, built.output
    a = json.loads((from_folder / "bundle.json").read_text(encoding="utf-8"))
    b = json.loads((from_archive / "bundle.json").read_text(encoding="utf-8"))
    assert a["cards"] == b["cards"] and "the-lantern-thief" in str(b["cards"])
    checked = run("check", str(archive))
    assert checked.exit_code == 0 and "in 12 packs" in checked.output


def test_the_same_pack_gives_the_same_archive(pack, tmp_path):
    one = packarchive.write_archive(pack, tmp_path / "1.rfpack").read_bytes()
    two = packarchive.write_archive(pack, tmp_path / "2.rfpack").read_bytes()
    assert one == two


def test_a_link_in_the_pack_is_refused(pack, tmp_path):
    (pack / "elsewhere.yaml").symlink_to("/etc/hostname")
    with pytest.raises(DiagnosticError) as err:
        packarchive.write_archive(pack, tmp_path / "x.rfpack")
    assert err.value.diagnostics[0].code == "RF005"


def _rewrite(archive: Path, out: Path, edit) -> Path:
    with zipfile.ZipFile(archive) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            edit(dst, info, src.read(info))
    return out


@pytest.mark.parametrize("what", ["outside", "absolute", "link", "altered", "extra"])
def test_a_bad_archive_is_refused_at_check(pack, tmp_path, what):
    good = packarchive.write_archive(pack, tmp_path / "good.rfpack")

    def edit(dst, info, data):
        if info.filename == "challenges.yaml" and what == "altered":
            data = data + b"\n# changed\n"
        dst.writestr(info, data)
        if info.filename == "manifest.yaml":
            if what == "outside":
                dst.writestr("../evil.yaml", b"kind: manifest\n")
            elif what == "absolute":
                dst.writestr("/tmp/evil.yaml", b"x: 1\n")
            elif what == "link":
                link = zipfile.ZipInfo("linked.yaml")
                link.external_attr = (stat.S_IFLNK | 0o777) << 16
                dst.writestr(link, b"/etc/passwd")
            elif what == "extra":
                dst.writestr("extra.yaml", b"x: 1\n")

    bad = _rewrite(good, tmp_path / f"{what}.rfpack", edit)
    out = run("check", str(bad))
    assert out.exit_code != 0 and "RF005" in out.output, out.output
    assert "Traceback" not in out.output


def test_an_archive_over_the_size_limit_is_refused(pack, tmp_path, monkeypatch):
    archive = packarchive.write_archive(pack, tmp_path / "big.rfpack")
    monkeypatch.setattr(packarchive, "MAX_TOTAL", 100)
    with pytest.raises(DiagnosticError) as err:
        packarchive.open_archive(archive, tmp_path / "into")
    assert err.value.diagnostics[0].code == "RF005"
    assert "at most 100" in err.value.diagnostics[0].message
    assert not (tmp_path / "into").exists()
