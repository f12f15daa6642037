"""Issue 22, item 5: the per-user content cache holds JSON data only, opens its folder and
entries without following symlinks and checks them on the open handle, and falls back to a
normal load for anything unexpected; content loading never reads a FIFO or a device."""

from __future__ import annotations

import json
import os
import pickle
import threading
import time

import pytest

from runeforge import pipeline
from runeforge.commands import _contentcache as cache
from runeforge.commands._contentcodec import FORMAT, BadEntry, decode_content, encode_content
from runeforge.loader import load_content

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo") or not hasattr(os, "getuid"),
                                reason="POSIX file types and owners")
KEY = "k" * 64


@pytest.fixture(autouse=True)
def _cache_on(monkeypatch):
    """These tests are of the cache: on, whatever conftest set for patched tests."""
    monkeypatch.delenv("RUNEFORGE_NO_CACHE", raising=False)


@pytest.fixture(scope="module")
def clean_content():
    result = pipeline.check([], compile=False)
    assert result.ok
    return result.content


@pytest.fixture
def cache_at(tmp_path, monkeypatch):
    folder = tmp_path / "cache"
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(folder))
    monkeypatch.delenv("RUNEFORGE_NO_CACHE", raising=False)
    return folder


def entry(folder, kind="content"):
    return folder / f"{kind}-{KEY}.json"


class Planted:
    """A pickle that creates ``marker`` when unpickled."""

    def __init__(self, marker):
        self.marker = str(marker)

    def __reduce__(self):
        return (open, (self.marker, "w"))


def test_round_trip_keeps_cards_data_and_positions(cache_at, clean_content):
    cache.put(KEY, "content", clean_content)
    raw = entry(cache_at).read_bytes()
    assert raw.startswith(b"{") and b"pickle" not in raw[:20]
    back = cache.get(KEY, "content")
    assert back is not None
    assert encode_content(back) == encode_content(clean_content)
    a, b = clean_content.cards["varikas-the-dead"], back.cards["varikas-the-dead"]
    assert (b.data, b.location, b.pos("life")) == (a.data, a.location, a.pos("life"))
    assert b.data is b._file.data["cards"][b.index]
    assert [p.id for p in back.packs.values()] == [p.id for p in clean_content.packs.values()]


def test_ir_that_is_not_valid_ir_is_a_miss(cache_at, clean_content):
    from runeforge.games.runebound.abilities import compile_card

    irs, diags = compile_card(clean_content.cards["varikas-the-dead"], clean_content)
    assert irs
    cache.put(KEY, "ir", {"varikas-the-dead": ([{**irs[0], "effects": "boom"}], diags)})
    assert entry(cache_at, "ir").exists()
    assert cache.get(KEY, "ir") is None


def test_ir_round_trip(cache_at, clean_content):
    from runeforge.games.runebound.abilities import compile_card

    known = {"varikas-the-dead": compile_card(clean_content.cards["varikas-the-dead"],
                                              clean_content)}
    cache.put(KEY, "ir", known)
    assert cache.get(KEY, "ir") == known


@pytest.mark.parametrize("odd", [("a", "tuple"), {1: "an int key"}, {"x"}, float("nan"),
                                 "\ud800"])
def test_what_json_does_not_keep_is_not_stored(cache_at, clean_content, odd):
    """put() writes the entry's text once and reads it back: a value JSON would change (a
    tuple, an int key), refuse (a set, NaN) or cannot write as UTF-8 (a lone surrogate) in the
    IR leaves no entry, as the encoders' own round trip did (issue 38)."""
    from runeforge.games.runebound.abilities import compile_card

    irs, diags = compile_card(clean_content.cards["varikas-the-dead"], clean_content)
    cache.put(KEY, "ir", {"varikas-the-dead": ([{**irs[0], "odd": odd}, *irs[1:]], diags)})
    assert not entry(cache_at, "ir").exists()
    cache.put(KEY, "ir", {"varikas-the-dead": (irs, diags)})
    assert entry(cache_at, "ir").exists()


@posix_only
def test_no_temp_file_is_left_and_stale_ones_are_removed(cache_at, clean_content):
    cache_at.mkdir(mode=0o700)
    stale = cache_at / f".content-{'0' * 64}.json.dead.tmp"
    stale.write_text("half a write")
    os.utime(stale, (time.time() - 3600, time.time() - 3600))
    fresh = cache_at / f".content-{'1' * 64}.json.live.tmp"
    fresh.write_text("a write in progress")
    cache.put(KEY, "content", clean_content)
    names = sorted(p.name for p in cache_at.iterdir())
    assert names == [fresh.name, entry(cache_at).name]


@pytest.mark.parametrize("text", [
    "[]", "{}", '{"format": 1}', "null", "not json", "\x00\x01",
    '{"format": 1, "files": [], "file_count": 0, "cards": [{"file": 5}], "removed": [], '
    '"packs": [], "skills": [], "documents": {}, "diagnostics": []}',
    "[" * 100000,
])
def test_malformed_entry_is_a_miss(cache_at, text):
    cache_at.mkdir(mode=0o700)
    entry(cache_at).write_text(text)
    assert cache.get(KEY, "content") is None
    assert cache.get(KEY, "ir") is None


def test_tampered_field_types_are_refused(clean_content):
    good = encode_content(clean_content)
    for change in (lambda d: d["cards"][0].update(index="0"),
                   lambda d: d["cards"][0].update(prefix=["cards", 10 ** 6]),
                   lambda d: d["files"][0].update(values=[[["a"], "1", 1]]),
                   lambda d: d["packs"][0].update(skills=[1]),
                   lambda d: d["diagnostics"].append({"code": "RF999"}),
                   lambda d: d["files"][0].update(values=d["files"][0]["values"][:-8]),
                   lambda d: d["files"][0].update(values=[1, 1]),  # the numbers unpacked
                   lambda d: d["files"][0].update(keys="not base64 !"),
                   lambda d: d.update(format=FORMAT - 1),  # an older layout
                   lambda d: d.update(format=FORMAT + 1)):
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(BadEntry):
            decode_content(data)


@posix_only
def test_a_pickle_in_the_cache_is_never_loaded(cache_at, tmp_path, cli):
    marker = tmp_path / "ran"
    cache_at.mkdir(mode=0o700)
    payload = pickle.dumps(Planted(marker))
    key = cache.key([])
    assert key is not None
    for name in (f"content-{key}.pickle", f"content-{key}.json", f"ir-{key}.json"):
        (cache_at / name).write_bytes(payload)
    res = cli("odds", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves", "--exact",
              env={"RUNEFORGE_CACHE_DIR": str(cache_at)})
    assert res.exit_code == 0, res.output
    assert not marker.exists()
    # the bad entry was replaced by a good one, and the old pickle removed unread
    assert cache.get(key, "content") is not None
    assert not (cache_at / f"content-{key}.pickle").exists()


@posix_only
def test_symlinked_cache_folder_is_not_used(tmp_path, monkeypatch, clean_content):
    real = tmp_path / "real"
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(real))
    cache.put(KEY, "content", clean_content)
    assert cache.get(KEY, "content") is not None
    link = tmp_path / "link"
    link.symlink_to(real)
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(link))
    assert cache.get(KEY, "content") is None
    cache.put("m" * 64, "content", clean_content)
    assert not (real / f"content-{'m' * 64}.json").exists()


@posix_only
def test_symlinked_entry_in_a_safe_folder_is_not_loaded(cache_at, tmp_path, clean_content):
    cache.put("a" * 64, "content", clean_content)
    outside = tmp_path / "planted.json"
    outside.write_bytes((cache_at / f"content-{'a' * 64}.json").read_bytes())
    outside.chmod(0o600)
    entry(cache_at).symlink_to(outside)
    assert cache.get(KEY, "content") is None


@posix_only
@pytest.mark.parametrize("mode", [0o666, 0o620, 0o602])
def test_entry_writable_by_others_is_not_loaded(cache_at, clean_content, mode):
    cache.put(KEY, "content", clean_content)
    entry(cache_at).chmod(mode)
    assert cache.get(KEY, "content") is None


@posix_only
def test_folder_writable_by_others_is_not_used(cache_at, clean_content):
    cache.put(KEY, "content", clean_content)
    cache_at.chmod(0o777)
    try:
        assert cache.get(KEY, "content") is None
    finally:
        cache_at.chmod(0o700)


@posix_only
def test_entry_that_is_a_fifo_does_not_block(cache_at):
    cache_at.mkdir(mode=0o700)
    os.mkfifo(entry(cache_at), 0o600)
    assert finishes(lambda: cache.get(KEY, "content")) is None


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="needs root to give a file to another user")
def test_entry_of_another_user_is_not_loaded(cache_at, clean_content):
    cache.put(KEY, "content", clean_content)
    os.chown(entry(cache_at), 12345, 12345)
    assert cache.get(KEY, "content") is None
    os.chown(cache_at, 12345, 12345)
    os.chown(entry(cache_at), 0, 0)
    assert cache.get(KEY, "content") is None


def finishes(call, seconds=10):
    """The result of ``call`` run in a thread; fails if it is still running after
    ``seconds`` (a blocked open of a FIFO)."""
    out = {}
    thread = threading.Thread(target=lambda: out.setdefault("v", call()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "blocked"
    return out.get("v")


# --- special files in content folders -------------------------------------------------------

@posix_only
def test_fifo_named_yaml_is_rf002_and_does_not_block(content_dir, cache_at, cli):
    content_dir.root.mkdir(parents=True, exist_ok=True)
    os.mkfifo(content_dir.root / "x.yaml")
    content = finishes(lambda: load_content([content_dir.root], include_bundled=False))
    assert [(d.code, "FIFO" in d.message) for d in content.diagnostics] == [("RF002", True)]
    assert finishes(lambda: cache.key([content_dir.root])) is None
    res = finishes(lambda: cli("odds", "--hero", "varikas-the-dead", "--challenge",
                               "hungry-wolves", "--exact", content_dir.root))
    assert res.exit_code == 1 and "x.yaml: error[RF002]" in res.stdout


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_symlink_is_rf002_and_never_read(content_dir, cache_at):
    content_dir.root.mkdir(parents=True, exist_ok=True)
    (content_dir.root / "z.yaml").symlink_to("/dev/zero")
    content = finishes(lambda: load_content([content_dir.root], include_bundled=False))
    assert [(d.code, "device" in d.message) for d in content.diagnostics] == [("RF002", True)]
    assert finishes(lambda: cache.key([content_dir.root])) is None


def test_file_over_the_size_limit_is_rf108_in_loading_and_no_cache_key(content_dir, cache_at,
                                                                        monkeypatch):
    from runeforge import yamlsafe

    monkeypatch.setattr(yamlsafe, "MAX_FILE_BYTES", 1000)
    monkeypatch.setattr(yamlsafe.read_limited, "__defaults__", (1000,))
    content_dir.write("big.yaml", "kind: item\n# " + "x" * 2000 + "\n")
    content = load_content([content_dir.root], include_bundled=False)
    assert [d.code for d in content.diagnostics] == ["RF108"]
    assert cache.key([content_dir.root]) is None


@posix_only
def test_a_symlink_flipping_between_checks_never_loads_the_planted_entry(tmp_path, monkeypatch):
    """The issue's race: the cache folder is reached through a symlink that flips between a
    safe folder and one others can write (where an entry is planted). The folder is checked
    on the handle its entries are opened through, so the planted entry is never read."""
    from runeforge.commands._contentcodec import encode_ir

    safe, unsafe = tmp_path / "safe" / "runeforge", tmp_path / "unsafe" / "runeforge"
    for folder, mode, card in ((safe, 0o700, "benign"), (unsafe, 0o777, "planted")):
        folder.mkdir(parents=True)
        (folder / f"ir-{KEY}.json").write_text(json.dumps(encode_ir({card: ([], [])})))
        (folder / f"ir-{KEY}.json").chmod(0o600)
        folder.chmod(mode)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "safe")
    monkeypatch.setenv("RUNEFORGE_CACHE_DIR", str(link / "runeforge"))
    stop = threading.Event()

    def flip():
        targets = [tmp_path / "unsafe", tmp_path / "safe"]
        n = 0
        while not stop.is_set():
            tmp = tmp_path / f"link.{n % 2}"
            tmp.symlink_to(targets[n % 2])
            os.replace(tmp, link)
            n += 1

    thread = threading.Thread(target=flip, daemon=True)
    thread.start()
    try:
        seen = [cache.get(KEY, "ir") for _ in range(3000)]
    finally:
        stop.set()
        thread.join(5)
    assert ["planted"] not in [list(v) for v in seen if v is not None]
    tmp = tmp_path / "link.safe"
    tmp.symlink_to(tmp_path / "safe")
    os.replace(tmp, link)
    assert list(cache.get(KEY, "ir")) == ["benign"]  # the set-up can be read when it holds


@posix_only
def test_code_files_are_those_of_a_sorted_rglob(tmp_path):
    """The key lists the compiler's own files through os.walk (issue 38: pathlib was most of
    the key's time); the selection and the order are those of sorted(Path.rglob("*")) that
    it replaced, so the key means the same: hidden entries, a name that is all suffix, a
    folder with a code suffix, a symlinked folder listed and not entered, 'a-b' beside 'a/'."""
    for name in ("a.py", "..py", ".x.json", "B.lark", "a-b.py", "a.", "sub/z.po",
                 "sub/.hid/q.yaml", "a/b.py", "n.txt", "sub/x.pyc"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    (tmp_path / "dir.py").mkdir()
    (tmp_path / "link.json").symlink_to(tmp_path / "sub")
    (tmp_path / "linkdir").symlink_to(tmp_path / "sub")
    want = [(p.relative_to(tmp_path).as_posix(), str(p)) for p in sorted(tmp_path.rglob("*"))
            if p.suffix in (".py", ".json", ".lark", ".po", ".yaml")]
    got = [("/".join(parts), path) for parts, path in cache._code_files(str(tmp_path))]
    assert len(want) == 10
    assert got == want


@pytest.mark.parametrize("flat", [[], [0, 0], [1, 1, 65535, 3], [1, 70000, 2 ** 32 - 1, 0]])
def test_positions_are_packed_exactly(flat):
    """A file's positions are stored as base64 of 16- or 32-bit numbers (issue 38): read
    back exactly, and text added to them, cut from them or of the other width is refused."""
    from runeforge.commands._contentcodec import _pack_positions, _unpack_positions

    packed = _pack_positions(flat)
    assert packed[0] == ("H" if max(flat, default=0) < 65536 else "I")
    assert _unpack_positions(packed, len(flat)) == flat
    other = ("I" if packed[0] == "H" else "H") + packed[1:]
    for bad in (packed + "AAAA", packed[:-4], "X" + packed[1:], *([other] if flat else [])):
        with pytest.raises(BadEntry):
            _unpack_positions(bad, len(flat))
    with pytest.raises(BadEntry):
        _unpack_positions(packed, len(flat) + 2)


def test_a_position_out_of_range_is_not_stored():
    from runeforge.commands._contentcodec import _pack_positions

    for flat in ([2 ** 32], [-1]):
        with pytest.raises(BadEntry):
            _pack_positions(flat)


class _Text(str):
    """A str of another type: JSON writes it as a plain string."""


@pytest.mark.parametrize("odd", [("a", "tuple"), {1: "an int key"}, {"x"}, float("nan"),
                                 "\ud800", _Text("text"), {"k": [1, ("a",)]}])
@pytest.mark.parametrize("kind", ["content", "check"])
def test_what_json_does_not_keep_in_a_files_data_is_not_stored(cache_at, kind, odd):
    """A file's data is checked type by type as its entry is encoded, not read back (issue
    38): anything JSON would change or refuse there leaves no entry, of a content or of a
    whole check, and the same content without it is stored."""
    content = load_content([])
    f = content.files[0]
    value = pipeline.CheckResult(content, {}, []) if kind == "check" else content
    cache.put(KEY, kind, value)
    assert entry(cache_at, kind).exists()
    entry(cache_at, kind).unlink()
    first = next(iter(f.data))
    kept = f.data[first]  # (the loader may share the data with other tests: put back)
    try:
        for changed in (odd, {"nested": [odd]}):
            f.data[first] = changed
            cache.put(KEY, kind, value)
            assert not entry(cache_at, kind).exists()
    finally:
        f.data[first] = kept


def test_a_lone_surrogate_in_a_files_text_is_not_stored(cache_at):
    content = load_content([])
    f = content.files[0]
    kept = f.source.text
    try:
        object.__setattr__(f.source, "text", kept + "\ud800")
        cache.put(KEY, "content", content)
        assert not entry(cache_at, "content").exists()
    finally:
        object.__setattr__(f.source, "text", kept)


def test_an_entry_is_read_with_the_collector_off_and_left_as_it_was(cache_at, clean_content,
                                                                      monkeypatch):
    """get() decodes an entry with the cyclic collector off (its objects set off collections
    that were a tenth of a warm command) and leaves it on, or off, as it found it, for a hit,
    a miss of a malformed entry and a decoder that raises."""
    import gc

    from runeforge.commands import _contentcodec

    cache.put(KEY, "content", clean_content)
    seen = []
    decode = _contentcodec.decode_content

    def spy(data, **options):
        seen.append(gc.isenabled())
        return decode(data, **options)

    monkeypatch.setattr(_contentcodec, "decode_content", spy)
    was = gc.isenabled()
    try:
        for enabled in (True, False):
            (gc.enable if enabled else gc.disable)()
            assert cache.get(KEY, "content") is not None
            assert gc.isenabled() is enabled
        gc.enable()
        entry(cache_at).write_text('{"format": 1, "cards": 7}')
        assert cache.get(KEY, "content") is None and gc.isenabled()
    finally:
        (gc.enable if was else gc.disable)()
    assert seen == [False, False, False]
