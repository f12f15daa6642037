"""The bundled content's check shipped with the package (issue 38, compiler/commands/
_shippedcheck.py): written from a fresh check, read back it is that check (content,
positions, compiled IR) wherever the package and the working folder are; a changed card or
compiler file is another key; a stale, tampered or foreign file is not used."""

from __future__ import annotations

import json
import os
import shutil

import pytest

from runeforge.commands import _shippedcheck as shipped
from runeforge.commands._contentcodec import encode_check
from runeforge.pipeline import CheckResult

posix_only = pytest.mark.skipif(os.name != "posix", reason="the cache is POSIX only")


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    path = tmp_path_factory.mktemp("shipped") / shipped.FILE_NAME
    shipped.write(path)
    return path


@pytest.fixture
def cache_on(monkeypatch, tmp_path):
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RUNEFORGE_NO_CACHE", raising=False)


def _same(loaded, fresh: CheckResult) -> None:
    content, diags, compiled = loaded
    assert encode_check(CheckResult(content, compiled, diags)) == encode_check(fresh)


@posix_only
def test_read_back_it_is_the_fresh_check(written, result, cache_on):
    """``result``: conftest's fresh check, run in this working folder; the shipped file was
    written from another one."""
    loaded = shipped.load(path=written)
    assert loaded is not None
    _same(loaded, result)
    content = loaded[0]
    card = next(iter(content.cards.values()))
    assert card.path == result.content.cards[card.id].path
    assert str(content.files[0].source.path).startswith(str(shipped.bundled_dir()))


@posix_only
def test_paths_follow_the_working_folder(written, result, cache_on, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    content = shipped.load(path=written)[0]
    card = next(iter(content.cards.values()))
    assert os.path.isabs(card.path) and card.path.endswith(".yaml")
    assert card.path == os.path.abspath(result.content.cards[card.id]._file.source.path)


@posix_only
def test_without_the_ir_check_counts_abilities(written, result, cache_on):
    _, _, compiled = shipped.load(run_ir=False, path=written)
    assert {k: len(v) for k, v in compiled.items()} == \
        {k: len(v or []) for k, v in result.compiled.items()}


@posix_only
def test_a_changed_card_or_compiler_file_is_another_key(tmp_path, monkeypatch, cache_on,
                                                        written):
    cards = tmp_path / "cards"
    shutil.copytree(shipped.bundled_dir(), cards,
                    ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(shipped, "bundled_dir", lambda: cards)
    original = shipped.key()
    assert original is not None and shipped.load(path=written) is not None
    some = sorted(cards.rglob("*.yaml"))[5]
    some.write_text(some.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    assert shipped.key() != original
    assert shipped.load(path=written) is None  # stale: the check is computed again

    code = tmp_path / "code"
    (code / "sub").mkdir(parents=True)
    (code / "sub" / "m.py").write_text("A = 1\n")
    package_dir = shipped._package_dir
    monkeypatch.setattr(shipped, "_package_dir",
                        lambda name: code if name == "runeforge.engine" else package_dir(name))
    first = shipped.key()
    (code / "sub" / "m.py").write_text("A = 2\n")
    assert shipped.key() != first
    (code / "sub" / "m.py").write_text("A = 1\n")
    assert shipped.key() == first


@posix_only
def test_a_tampered_or_foreign_file_is_not_used(written, cache_on, tmp_path):
    good = json.loads(written.read_text(encoding="utf-8"))
    changes = [
        lambda d: d.update(key="0" * 64),
        lambda d: d.update(format=0),
        lambda d: d["check"]["content"]["files"][0].update(rel="../../etc/passwd"),
        lambda d: d["check"]["content"]["packs"][0].update(root="/etc"),
        lambda d: d["check"]["content"]["cards"][0].update(file=10 ** 6),
        lambda d: d["check"]["compiled"].update({"no-such-card": []}),
        lambda d: d["check"]["content"]["files"][0].update(values="x"),
        lambda d: d["check"].pop("diagnostics"),
    ]
    for i, change in enumerate(changes):
        data = json.loads(json.dumps(good))
        change(data)
        path = tmp_path / f"bad-{i}.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        assert shipped.load(path=path) is None, i
    (tmp_path / "bad.json").write_bytes(b"\xff{not json")
    assert shipped.load(path=tmp_path / "bad.json") is None
    assert shipped.load(path=tmp_path / "missing.json") is None


@posix_only
def test_off_with_the_cache(written, monkeypatch):
    from runeforge.commands import _contentcache

    monkeypatch.setenv("RUNEFORGE_SHIPPED_CHECK", str(written))
    monkeypatch.setenv("RUNEFORGE_NO_CACHE", "1")
    fresh = object()
    assert _contentcache.checked((), run_ir=False, fresh=lambda: fresh) is fresh
    monkeypatch.delenv("RUNEFORGE_NO_CACHE")
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(written.parent / "cache"))
    hit = _contentcache.checked((), run_ir=False, fresh=lambda: fresh)
    assert hit is not fresh and len(hit.content.cards) > 300


def test_a_check_with_diagnostics_or_naming_its_folder_is_not_shipped(result, tmp_path):
    entry = encode_check(result)
    with_diag = json.loads(json.dumps(entry))
    with_diag["diagnostics"].append({"code": "RF201"})
    with pytest.raises(shipped.NotShippable):
        shipped.to_shipped(with_diag, shipped.bundled_dir())
    root = shipped.bundled_dir()
    named = json.loads(json.dumps(entry))
    card_id = next(k for k, v in named["compiled"].items() if v)
    named["compiled"][card_id][0]["note"] = f"{os.path.abspath(root)}/x.yaml"
    with pytest.raises(shipped.NotShippable):
        shipped.to_shipped(named, root)


@posix_only
def test_cold_check_reads_the_shipped_file_and_prints_what_a_fresh_one_prints(tmp_path,
                                                                              written):
    """`runeforge check` in a fresh process with an empty cache folder: with the shipped
    file it parses no YAML; the output is the fresh check's."""
    from .test_check_cache import run

    os.environ["RUNEFORGE_SHIPPED_CHECK"] = str(written)
    try:
        out, mods, _ = run("check", cache_dir=tmp_path / "a")
        os.environ["RUNEFORGE_SHIPPED_CHECK"] = str(tmp_path / "none.json")
        fresh, fresh_mods, _ = run("check", cache_dir=tmp_path / "b")
    finally:
        del os.environ["RUNEFORGE_SHIPPED_CHECK"]
    assert out == fresh and "checked " in out and " 0 errors" in out
    assert "yaml" in fresh_mods and "lark" in fresh_mods
    assert "yaml" not in mods and "lark" not in mods and "jsonschema" not in mods


def test_the_key_is_the_same_in_a_checkout_and_an_installed_copy(tmp_path, monkeypatch):
    """A checkout keeps runeforge's packages side by side (compiler/, dsl/, engine/ ...); an
    installed copy nests them in runeforge/: the key hashes each package's files once."""
    files = {"runeforge": {"__init__.py": "V = 1\n", "schemas/a.json": "{}"},
             "runeforge.dsl": {"g.lark": "start: A\n"},
             "runeforge.engine": {"e.py": "E = 2\n"},
             "runeforge.locales": {"fi/x.po": "msgid \"\"\n"}}
    flat = {name: tmp_path / "flat" / name.replace(".", "_") for name in files}
    nested = {name: tmp_path / "nested" / "runeforge" / name.partition(".")[2]
              for name in files}
    keys = []
    for layout in (flat, nested):
        for name, folder in layout.items():
            for rel, text in files[name].items():
                (folder / rel).parent.mkdir(parents=True, exist_ok=True)
                (folder / rel).write_text(text)
        monkeypatch.setattr(shipped, "_package_dir", lambda name, layout=layout: layout[name])
        keys.append(shipped.key())
    assert keys[0] == keys[1] and keys[0] is not None
    (nested["runeforge.engine"] / "e.py").write_text("E = 3\n")
    assert shipped.key() != keys[0]
