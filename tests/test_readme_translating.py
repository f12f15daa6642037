"""The README's Translating section, run line by line on a copy of the checkout, leaves every
catalog passing GNU ``msgfmt --check`` with nothing to say (issue 30).

The block's own test line (``python -m pytest ...``) is not run again from inside the suite;
every other line is, as written, in ``bash`` in the copy's root.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MSGFMT = shutil.which("msgfmt")
# the folders the extraction reads (babel.cfg) and the catalogs it writes
COPIED = ("cards", "compiler", "dsl", "engine", "locales")


def translating_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Translating\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S).group(1)
    return [line for line in block.splitlines() if line.strip()]


def test_the_section_has_the_steps_a_clean_catalog_needs():
    lines = translating_lines()
    assert any("pybabel extract" in line and "--project=" in line for line in lines)
    assert any("runeforge.l10n.poflags" in line for line in lines)
    assert any("msgfmt --check" in line for line in lines)


@pytest.mark.slow
@pytest.mark.skipif(MSGFMT is None and not os.environ.get("CI"),
                    reason="GNU gettext's msgfmt is not installed (apt-get install gettext; "
                    "in CI this fails instead)")
def test_running_the_section_leaves_every_catalog_clean(tmp_path):
    root = tmp_path / "checkout"
    root.mkdir()
    shutil.copy(ROOT / "babel.cfg", root / "babel.cfg")
    for name in COPIED:
        shutil.copytree(ROOT / name, root / name,
                        ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
    # the environment's own commands (python, pybabel, runeforge) first, as in an activated one
    path = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    env = {**os.environ, "NO_COLOR": "1", "PATH": path}
    for line in translating_lines():
        if line.startswith("python -m pytest"):
            continue
        run = subprocess.run(["bash", "-c", f"set -e -o pipefail; {line}"], cwd=root,
                             capture_output=True, text=True, timeout=600, env=env)
        assert run.returncode == 0, f"{line}\n{run.stdout[-1500:]}\n{run.stderr[-1500:]}"
    catalogs = sorted((root / "locales").glob("*/LC_MESSAGES/*.po"))
    assert len(catalogs) >= 12  # runeforge, delve and campaign in fi, pl, el, ru
    for po in catalogs:
        run = subprocess.run([MSGFMT, "--check", "-o", "/dev/null", str(po)],
                             capture_output=True, text=True, timeout=900)
        assert run.returncode == 0 and not run.stderr, f"{po.relative_to(root)}: {run.stderr}"
    assert "python-brace-format" not in "".join(p.read_text(encoding="utf-8") for p in catalogs)
