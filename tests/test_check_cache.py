"""The whole check in the per-user cache (issue 38): `check`, `fight`, `play` and `text` read
a warm result instead of loading and compiling, with the same output; a changed file, a
tampered entry or another folder is a miss."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from runeforge.commands import _contentcache as cache
from runeforge.commands._contentcodec import BadEntry, decode_check, encode_check

from .test_lazy_imports import PROBE

posix_only = pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")


def run(*args, cache_dir, cwd=None):
    """(stdout less the probe's line, then stderr; top-level modules imported; the
    process)."""
    env = {**os.environ, "RUNEFORGE_CACHE_DIR": str(cache_dir), "NO_COLOR": "1"}
    env.pop("RUNEFORGE_NO_CACHE", None)
    proc = subprocess.run([sys.executable, "-c", PROBE, *map(str, args)], capture_output=True,
                          text=True, timeout=900, env=env, cwd=cwd)
    out, _, mods = proc.stdout.rpartition("\nMODULES ")
    return out + proc.stderr, json.loads(mods), proc


@posix_only
def test_warm_check_reads_no_yaml_and_parses_no_ability(tmp_path, content_dir, item_text):
    content_dir.write("items.yaml", item_text)
    folder = tmp_path / "cache"
    cold, cold_mods, _ = run("check", content_dir, cache_dir=folder)
    assert "lark" in cold_mods and "yaml" in cold_mods  # it did compile, the first time
    assert [p.name.split("-")[0] for p in folder.iterdir()] == ["check"]
    warm, warm_mods, _ = run("check", content_dir, cache_dir=folder)
    assert warm == cold and "checked 394 cards" in warm
    assert "lark" not in warm_mods and "yaml" not in warm_mods and "ruamel" not in warm_mods
    assert "jsonschema" not in warm_mods

    # a changed file is a new key: its new error shows at once
    content_dir.write("items.yaml", item_text.replace("cost: 4", "cost: four"))
    changed, changed_mods, _ = run("check", content_dir, cache_dir=folder)
    assert "error[RF201]" in changed and "yaml" in changed_mods
    again, again_mods, _ = run("check", content_dir, cache_dir=folder)
    assert again == changed and "yaml" not in again_mods  # content with errors is kept too


@posix_only
def test_warm_fight_and_text_print_what_a_cold_run_prints(tmp_path):
    folder = tmp_path / "cache"
    args = ("fight", "--hero", "varikas-the-dead", "--challenge", "blood-of-the-bloodmother",
            "--seed", "3")
    cold, _, _ = run(*args, cache_dir=folder)
    warm, _, _ = run(*args, cache_dir=folder)
    assert warm == cold and "Varikas" in warm
    text_cold, _, _ = run("text", "--card", "varikas-the-dead", cache_dir=folder)
    text_warm, _, _ = run("text", "--card", "varikas-the-dead", cache_dir=folder)
    assert text_warm == text_cold and "Varikas" in text_warm


@posix_only
def test_another_working_folder_is_another_entry(tmp_path, content_dir, item_text):
    """Diagnostics name files relative to the working folder: it is part of the key."""
    content_dir.write("items.yaml", item_text.replace("cost: 4", "cost: four"))
    folder = tmp_path / "cache"
    here, _, _ = run("check", content_dir.root, cache_dir=folder, cwd=tmp_path)
    there, _, _ = run("check", content_dir.root, cache_dir=folder, cwd=content_dir.root)
    assert "my-cards/items.yaml:5" in here and "\nitems.yaml:5" in "\n" + there


@pytest.fixture(scope="module")
def checked_result():
    from runeforge.analysis import AnalysisService

    return AnalysisService(()).check_all()


def test_entry_round_trips(checked_result):
    data = json.loads(json.dumps(encode_check(checked_result)))
    content, diags, compiled = decode_check(data)
    assert [d.render() for d in diags] == [d.render() for d in checked_result.diagnostics]
    assert compiled == {k: list(v or []) for k, v in checked_result.compiled.items()}
    assert set(content.cards) == set(checked_result.content.cards)
    card = next(iter(checked_result.content.cards.values()))
    back = content.cards[card.id]
    assert back.data == card.data and back.pos() == card.pos()
    assert back._file.index.values == card._file.index.values
    assert back._file.index.keys == card._file.index.keys


def test_tampered_ir_is_refused(checked_result):
    good = encode_check(checked_result)
    card_id = next(k for k, v in good["compiled"].items() if v)
    for change in (lambda d: d["compiled"][card_id][0].update(effects="rm -rf /"),
                   lambda d: d["compiled"].update({"no-such-card": []}),
                   lambda d: d["diagnostics"].append({"code": "RF999"}),
                   lambda d: d["content"]["files"][0].update(
                       values=d["content"]["files"][0]["values"] + "AQAAAA==")):
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(BadEntry):
            decode_check(data)
    # `check` only counts the IR: it is not kept, so a bad one cannot reach anything
    data = json.loads(json.dumps(good))
    data["compiled"][card_id][0]["effects"] = "rm -rf /"
    _, _, compiled = decode_check(data, run_ir=False)
    assert compiled[card_id] == [{}] * len(good["compiled"][card_id])


def test_tampered_delve_ir_is_refused(checked_result):
    """Delve's IR is checked on reading too (a compiled yes/no check first, jsonschema for
    anything it does not pass): a type, a field or a rule out of place is a miss."""
    good = encode_check(checked_result)
    card_id = next(k for k, v in good["compiled"].items()
                   if v and checked_result.content.cards[k].game == "delve"
                   and any(e["op"] == "attack" for e in v[0]["effects"]))
    attack = next(i for i, e in enumerate(good["compiled"][card_id][0]["effects"])
                  if e["op"] == "attack")
    decode_check(json.loads(json.dumps(good)))  # the untouched entry is read
    for change in (lambda e: e.update(damage="2"), lambda e: e.update(command="rm -rf /"),
                   lambda e: e.update(range="area"), lambda e: e.pop("hit")):
        data = json.loads(json.dumps(good))
        change(data["compiled"][card_id][0]["effects"][attack])
        with pytest.raises(BadEntry, match=card_id):
            decode_check(data)


@posix_only
def test_warm_play_checks_its_ir_without_jsonschema_and_refuses_a_tampered_entry(tmp_path):
    """A warm `play` checks every cached IR again (issue 38) without importing jsonschema; an
    entry changed on disk after it was written is not used: the check is computed again,
    with the same output, and the entry written anew."""
    folder = tmp_path / "cache"
    args = ("play", "--seed", "1", "--players", "2")
    cold, _, _ = run(*args, cache_dir=folder)
    warm, warm_mods, _ = run(*args, cache_dir=folder)
    assert warm == cold and "jsonschema" not in warm_mods and "lark" not in warm_mods
    (entry,) = folder.glob("check-*.json")
    data = json.loads(entry.read_text(encoding="utf-8"))
    content = decode_check(data, run_ir=False)[0]
    card_id = next(k for k, v in data["compiled"].items()
                   if v and content.cards[k].game == "delve")
    data["compiled"][card_id][0]["effects"].append({"op": "exec", "command": "rm -rf /"})
    entry.write_text(json.dumps(data), encoding="utf-8")
    again, again_mods, _ = run(*args, cache_dir=folder)
    assert again == cold and "lark" in again_mods  # a miss: loaded and compiled again
    rewritten = json.loads(entry.read_text(encoding="utf-8"))
    assert {"op": "exec", "command": "rm -rf /"} not in rewritten["compiled"][card_id][0]["effects"]
    decode_check(rewritten)


@posix_only
def test_no_cache_means_no_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("RUNEFORGE_NO_CACHE", "1")
    assert cache.check_key(()) is None
    assert not (tmp_path / "cache").exists()


@posix_only
def test_a_file_changed_during_the_check_is_not_kept(tmp_path, monkeypatch, content_dir,
                                                      item_text):
    from runeforge import pipeline

    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("RUNEFORGE_NO_CACHE", raising=False)
    content_dir.write("items.yaml", item_text)

    def edited_meanwhile():
        result = pipeline.check([content_dir.root])
        content_dir.write("items.yaml", item_text.replace("cost: 4", "cost: 5"))
        return result

    cache.checked([content_dir.root], fresh=edited_meanwhile)
    assert not list((tmp_path / "cache").glob("check-*"))  # not the new key's result
    cache.checked([content_dir.root])
    assert len(list((tmp_path / "cache").glob("check-*"))) == 1


PACK_MANIFEST = """kind: manifest
id: lantern-pack
name: "Lantern Pack"
type: expansion
origin: original
requires: [core]
"""

PACK_PO = """msgid ""
msgstr ""
"Language: ru\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
"(n%100<10 || n%100>=20) ? 1 : 2);\\n"

msgctxt "card.name"
msgid "{name}"
msgstr "{translated}"
"""


@posix_only
def test_translating_a_packs_name_is_another_key(tmp_path, content_dir, item_text):
    """A warm `check` read the entry of the untranslated pack after its catalog was filled
    in: the RF601 warning stayed. The key covers the pack's catalogs (and its other files)."""
    import re

    content_dir.write("manifest.yaml", PACK_MANIFEST)
    content_dir.write("items.yaml", item_text)
    name = re.search(r"name: (.+)", item_text).group(1).strip().strip('"')
    po = content_dir.root / "locales" / "ru" / "LC_MESSAGES" / "pack.po"
    po.parent.mkdir(parents=True)
    po.write_text(PACK_PO.format(name=name, translated=""), encoding="utf-8")
    folder = tmp_path / "cache"
    cold, _, _ = run("check", content_dir, cache_dir=folder)
    assert "warning[RF601]" in cold and "'ru'" in cold, cold
    po.write_text(PACK_PO.format(name=name, translated="Медный фонарь"), encoding="utf-8")
    warm, _, _ = run("check", content_dir, cache_dir=folder)
    assert "RF601" not in warm and "0 warnings" in warm, warm
