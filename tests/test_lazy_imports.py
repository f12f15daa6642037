"""A command imports only what it uses (issue 38): `runeforge check` never imports the PDF
backend (reportlab, Pillow), the studio's web server (starlette, uvicorn) or the language
server (pygls, lsprotocol); the bundled content's YAML is composed by libyaml, not ruamel.

Each case runs the command in a fresh interpreter (``python -c``) and prints the top-level
packages it imported."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

PROBE = """
import json, sys
from runeforge.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit:
    pass
sys.stdout.flush()
print("\\nMODULES " + json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""
# every module, not only the top-level packages (tests/test_check_cache.py reads PROBE's
# output up to its last line: this probe is a separate one)
PROBE_FULL = PROBE + """print("\\nFULL " + json.dumps(sorted(sys.modules)))
"""

NEVER_FOR_CHECK = {"reportlab", "PIL", "pypdfium2", "starlette", "uvicorn", "pygls",
                   "lsprotocol", "jinja2"}


def imported(*args: str, full: bool = False) -> set[str]:
    """The top-level packages (``full``: every module) the command imported."""
    proc = subprocess.run([sys.executable, "-c", PROBE_FULL if full else PROBE, *args],
                          capture_output=True, text=True, timeout=600, env=_env())
    tag = "FULL " if full else "MODULES "
    line = next(x for x in proc.stdout.splitlines() if x.startswith(tag))
    return set(json.loads(line[len(tag):]))


def _env():
    import os

    env = dict(os.environ)
    env["RUNEFORGE_NO_CACHE"] = "1"  # the cold path: every file read and compiled
    return env


def test_check_imports_no_pdf_web_or_lsp_stack():
    mods = imported("check")
    assert "runeforge" in mods and "lark" in mods  # it ran: the abilities were compiled
    assert not mods & NEVER_FOR_CHECK, sorted(mods & NEVER_FOR_CHECK)


def test_check_of_valid_content_imports_neither_jsonschema_nor_a_progress_bar():
    """Valid files and valid IR (Runebound's and Delve's) pass the compiled checks, so a cold
    check of the bundled content never imports jsonschema; rich.progress (with rich.table) is
    for `simulate` (issue 38: each cost a cold check tens of milliseconds)."""
    mods = imported("check", full=True)
    assert "runeforge.dsl.delve.parser" in mods  # it ran: Delve's abilities were compiled
    assert "jsonschema" not in mods
    assert "rich.progress" not in mods and "rich.table" not in mods
    # a die table's faces are read from the rules file, not from a whole RulesData
    assert "runeforge.engine.runebound.core.rulesfile" in mods
    assert "runeforge.engine.runebound.core.rulesdata" not in mods


def test_check_of_bundled_content_does_not_import_ruamel():
    """Every bundled file is composed by libyaml; ruamel is for the files it cannot vouch
    for and for rewriting (fmt, the studio's save)."""
    pytest.importorskip("yaml._yaml")
    mods = imported("check")
    assert "yaml" in mods
    assert "ruamel" not in mods


@pytest.mark.parametrize("args", [
    ("fight", "--hero", "varikas-the-dead", "--challenge", "blood-of-the-bloodmother"),
    ("text", "--card", "varikas-the-dead"),
])
def test_engine_commands_import_no_pdf_web_or_lsp_stack(args):
    mods = imported(*args)
    assert "runeforge" in mods
    assert not mods & NEVER_FOR_CHECK, sorted(mods & NEVER_FOR_CHECK)


def test_check_imports_no_engine_rules():
    """The IR's schema, which a check validates every compiled ability against, is data of
    the IR modules (ir*.py): a cold check imports none of the engine's rules (the effects, the
    game state, the windows: a tenth of its imports before branch speedcold moved the
    rbwound op's schema to ir_rbwound.py; issue 38)."""
    mods = imported("check", full=True)
    assert "runeforge.engine.runebound.core.ir" in mods  # it ran: the IR was validated
    engine_rules = {m for m in mods if m.startswith("runeforge.engine.runebound.core.")
                    and m.rsplit(".", 1)[1].startswith(("effects", "state", "windows",
                                                         "wounds", "resolver"))}
    assert not engine_rules, sorted(engine_rules)
