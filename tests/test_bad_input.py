"""Every kind of bad input gives a located diagnostic and exit 1 (2 for usage); no traceback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tracemalloc

import pytest

from runeforge import yamlsafe
from runeforge.loader import load_content


def only(content_dir, *codes_expected):
    content = load_content([content_dir.root], include_bundled=False)
    got = sorted(d.code for d in content.diagnostics)
    assert got == sorted(codes_expected), [d.render() for d in content.diagnostics]
    return content.diagnostics


def check_cli(cli, content_dir, code, line, col, exit_code=1):
    res = cli("check", content_dir.root)
    assert res.exit_code == exit_code, res.output
    assert f":{line}:{col}: error[{code}]" in res.stdout, res.stdout
    assert "Traceback" not in res.output
    return res


def test_not_yaml(content_dir, cli):
    content_dir.write("a.yaml", "kind: item\ncards: [\n  - name: x\n")
    (d,) = only(content_dir, "RF101")
    assert d.line >= 2 and d.source_line is not None
    check_cli(cli, content_dir, "RF101", d.line, d.col)


def test_tab_indentation_points_at_the_tab(content_dir, cli):
    content_dir.write("a.yaml", "kind: item\ncards:\n  - name: x\n  \torigin: original\n")
    (d,) = only(content_dir, "RF102")
    assert (d.line, d.col) == (4, 3) and d.source_line[d.col - 1] == "\t"
    check_cli(cli, content_dir, "RF102", 4, 3)


def test_duplicate_key(content_dir, cli, item_text):
    content_dir.write("a.yaml", item_text.replace("    cost: 4\n", "    cost: 4\n    cost: 5\n"))
    (d,) = only(content_dir, "RF103")
    assert (d.line, d.col) == (6, 5) and "'cost'" in d.message and "line 5" in d.hint
    check_cli(cli, content_dir, "RF103", 6, 5)


def test_invalid_utf8_points_at_the_byte(content_dir, cli):
    content_dir.write("a.yaml", b"kind: item\ncards:\n  - name: Caf\xc3\xa9 \xff\n")
    (d,) = only(content_dir, "RF104")
    assert (d.line, d.col) == (3, 16) and "0xff" in d.message
    check_cli(cli, content_dir, "RF104", 3, 16)


def test_bom(content_dir, cli, item_text):
    content_dir.write("a.yaml", b"\xef\xbb\xbf" + item_text.encode())
    (d,) = only(content_dir, "RF105")
    check_cli(cli, content_dir, "RF105", 1, 1)


def test_crlf_is_an_error_but_the_rest_is_still_checked(content_dir, cli, item_text):
    text = item_text.replace("cost: 4", "cost: four").replace("\n", "\r\n")
    content_dir.write("a.yaml", text.encode())
    diags = only(content_dir, "RF109", "RF201")
    crlf = next(d for d in diags if d.code == "RF109")
    assert (crlf.line, crlf.col) == (1, 11)
    wrong = next(d for d in diags if d.code == "RF201")
    assert (wrong.line, wrong.col) == (5, 11)
    check_cli(cli, content_dir, "RF109", 1, 11)


@pytest.mark.parametrize("text", ["", "\n\n  \n", "# only a comment\n"])
def test_empty_file(content_dir, cli, text):
    content_dir.write("a.yaml", text)
    only(content_dir, "RF106")
    res = cli("check", content_dir.root)
    assert res.exit_code == 1 and "error[RF106]" in res.stdout and "a.yaml" in res.stdout


BOMB = """\
kind: item
cards:
  - name: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
  - name: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
  - name: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
  - name: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
  - name: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
  - name: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
  - name: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
  - name: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
  - name: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def test_alias_bomb_is_rejected_quickly_with_bounded_memory(content_dir, cli):
    content_dir.write("bomb.yaml", BOMB)
    tracemalloc.start()
    (d,) = only(content_dir, "RF107")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    # expanded, the bomb is 9**9 (387 million) strings; refused before any expansion, which
    # the memory shows whatever the machine's speed (its time is not a verdict)
    assert peak < 50 * 1024 * 1024
    assert (d.line, d.col) == (3, 11) and "anchor 'a'" in d.message
    check_cli(cli, content_dir, "RF107", 3, 11)


def test_alias_alone_is_rejected(content_dir):
    content_dir.write("a.yaml", "kind: item\ncards:\n  - *x\n")
    (d,) = only(content_dir, "RF107")
    assert (d.line, d.col) == (3, 5)


def test_ten_megabyte_string_is_refused_before_parsing(content_dir, cli, monkeypatch):
    path = content_dir.write("big.yaml", b"kind: item\ncards:\n  - name: \"" + b"x" * 10_000_000
                             + b"\"\n")
    calls = []
    monkeypatch.setattr(yamlsafe, "parse", lambda *a: calls.append(a))
    (d,) = only(content_dir, "RF108")
    assert calls == [] and str(os.path.getsize(path)) in d.message
    monkeypatch.undo()
    res = cli("check", content_dir.root)
    assert res.exit_code == 1 and "big.yaml: error[RF108]" in res.stdout


def test_deep_nesting_is_not_a_traceback(content_dir):
    content_dir.write("deep.yaml", "kind: item\ncards: " + "[" * 5000 + "]" * 5000 + "\n")
    content = load_content([content_dir.root], include_bundled=False)
    assert content.diagnostics and all(d.code in ("RF101", "RF108", "RF201", "RF206")
                                       for d in content.diagnostics)


def test_missing_directory_is_a_usage_error(tmp_path, cli):
    res = cli("check", tmp_path / "nope")
    assert res.exit_code == 2 and "error[RF001]" in res.stdout and "nope" in res.stdout
    res = cli("build", tmp_path / "nope", "--out", tmp_path / "out")
    assert res.exit_code == 2 and not (tmp_path / "out").exists()


def test_directory_named_like_a_yaml_file_cannot_be_read(content_dir, cli):
    (content_dir.root / "x.yaml").mkdir()
    (d,) = only(content_dir, "RF002")
    assert d.path.endswith("x.yaml") and "directory" in d.message
    res = cli("check", content_dir.root)
    assert res.exit_code == 1 and "x.yaml: error[RF002]" in res.stdout


def test_unreadable_file_simulated(content_dir, cli, item_text, monkeypatch):
    path = content_dir.write("a.yaml", item_text)
    real_open = os.open  # the loader opens content files with os.open (non-blocking, fstat)

    def fake_open(file, *args, **kwargs):
        if os.fspath(file) == os.fspath(path):
            raise PermissionError(13, "Permission denied", os.fspath(file))
        return real_open(file, *args, **kwargs)

    monkeypatch.setattr(os, "open", fake_open)
    (d,) = only(content_dir, "RF002")
    assert "Permission denied" in d.message
    res = cli("check", content_dir.root)
    assert res.exit_code == 1 and "a.yaml: error[RF002]: cannot read file" in res.stdout


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_unreadable_file_chmod(content_dir, item_text):
    path = content_dir.write("a.yaml", item_text)
    path.chmod(0)
    try:
        if os.geteuid() != 0:
            only(content_dir, "RF002")
            return
        # root reads files whatever their mode: `check` runs without the two capabilities that
        # let it (util-linux's setpriv, as CI runs as root), so the mode holds as for a user
        setpriv = shutil.which("setpriv")
        assert setpriv, "setpriv (util-linux) is needed to drop root's file capabilities"
        res = subprocess.run([setpriv, "--bounding-set=-dac_override,-dac_read_search",
                              sys.executable, "-m", "runeforge", "check", str(content_dir.root)],
                             capture_output=True, text=True, timeout=600)
        assert res.returncode == 1, res.stdout + res.stderr
        assert "a.yaml: error[RF002]: cannot read file" in res.stdout, res.stdout
        assert "Permission denied" in res.stdout
    finally:
        path.chmod(0o644)


def test_top_level_must_be_a_mapping(content_dir):
    content_dir.write("a.yaml", "- 1\n- 2\n")
    (d,) = only(content_dir, "RF201")
    assert (d.line, d.col) == (1, 1)


def test_anchor_pre_check_skips_only_text_that_cannot_hold_an_anchor():
    # the exact token scan runs whenever an anchor or alias might be present
    from runeforge.yamlsafe import _MAYBE_ANCHOR

    might = ["a: &x 1", "b: *x", "- *x", "[*a, 2]", "{a: &b c}", '{"a":&b c}', "&top\n"]
    cannot = ["flavour: Artifacts & Allies", 'x: "2 * 3"', "name: a&b"]
    assert all(_MAYBE_ANCHOR.search(t) for t in might)
    assert not any(_MAYBE_ANCHOR.search(t) for t in cannot)
