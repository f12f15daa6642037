"""A summary written where rich would write plain text (a pipe, a file, FORCE_COLOR="",
TTY_COMPATIBLE=0) is written without rich (issue 38: importing rich was ~20 ms of a cold
check with nothing to report), byte for byte what rich writes there; everywhere else (a
terminal, FORCE_COLOR, TTY_COMPATIBLE=1, text a terminal could misread) rich writes it."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest
from rich.text import Text

from runeforge import console as rf_console
from runeforge.diagnostics import Diagnostic

WARNING = Diagnostic("RF405", "X is never used", "cards/x.yaml", 1, 1, severity="warning")
ERROR = Diagnostic("RF404", "X is not bound", "cards/x.yaml", 2, 3)


class _Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def _by_rich(stream, diagnostics, what) -> str:
    from runeforge.console_rich import SafeConsole

    style = "red" if any(d.is_error for d in diagnostics) else "green"
    SafeConsole(file=stream, highlight=False, soft_wrap=True).print(
        Text(rf_console.summary(diagnostics, what), style=style))
    return stream.getvalue()


ENVS = [{}, {"FORCE_COLOR": ""}, {"FORCE_COLOR": "1"}, {"TTY_COMPATIBLE": "0"},
        {"TTY_COMPATIBLE": "1"}, {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
        {"NO_COLOR": "1"}, {"NO_COLOR": "1", "FORCE_COLOR": "1"}, {"TERM": "dumb"}]


@pytest.mark.parametrize("env", ENVS)
@pytest.mark.parametrize("tty", [False, True])
@pytest.mark.parametrize("diagnostics", [[], [WARNING], [ERROR, WARNING]])
@pytest.mark.parametrize("what", ["checked 393 cards in 11 packs", "build stopped, nothing "
                                  "written", "name \x1b[2J here", "Zażółć\tok"])
def test_the_summary_is_what_rich_writes(monkeypatch, env, tty, diagnostics, what):
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "NO_COLOR", "TERM"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    expected = _by_rich(_Stream(tty), diagnostics, what)
    stream = _Stream(tty)
    monkeypatch.setattr(sys, "stderr", stream)
    rf_console.print_summary(diagnostics, what)
    assert stream.getvalue() == expected
    assert "\x1b[2J" not in stream.getvalue()


def test_plain_where_rich_sees_no_terminal(monkeypatch):
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    assert rf_console.plain_stream(_Stream(False))
    assert not rf_console.plain_stream(_Stream(True))
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert not rf_console.plain_stream(_Stream(False))
    monkeypatch.setattr("builtins.get_ipython", lambda: None, raising=False)
    monkeypatch.delenv("FORCE_COLOR")
    assert not rf_console.plain_stream(_Stream(False))  # IPython about: left to rich


def test_a_check_with_nothing_to_report_into_a_pipe_imports_no_rich(tmp_path):
    probe = ("import sys\nfrom runeforge.cli import main\ntry:\n    main(['check'], "
             "standalone_mode=False)\nexcept SystemExit:\n    pass\nsys.stdout.flush()\n"
             "print('RICH' if 'rich' in sys.modules else 'NO RICH')\n")
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    env["RUNEFORGE_CACHE_DIR"] = str(tmp_path / "cache")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=600, env=env)
    assert proc.stderr.endswith(": 0 errors, 0 warnings\n"), proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "NO RICH", proc.stdout
