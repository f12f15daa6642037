"""Shared fixtures: a writer for temporary content directories, and CLI runners."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

# No verdict depends on the machine's speed (issue 30): Hypothesis' per-example deadline and
# its too-slow health check are off for every property test.
settings.register_profile("runeforge", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("runeforge")

ITEM = """\
kind: item
cards:
  - name: Girdle of Testing
    origin: original
    cost: 4
    class: artifact
    type: belt
    usage: constant
    abilities:
      - "You receive +3 Body."
"""


def item_with(*abilities: str) -> str:
    """The test item's file with these ability strings (each written in double quotes)."""
    head = ITEM.split("    abilities:\n")[0]
    return head + "    abilities:\n" + "".join(f'      - "{a}"\n' for a in abilities)


class ContentDir:
    """A temporary content directory; ``write`` puts a file in it (dedented text or bytes)."""

    def __init__(self, root: Path):
        self.root = root
        root.mkdir(parents=True, exist_ok=True)

    def write(self, relpath: str, text: str | bytes) -> Path:
        path = self.root / relpath
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text), encoding="utf-8", newline="\n")
        return path

    def __str__(self) -> str:
        return str(self.root)


@pytest.fixture(scope="session")
def _content_cache_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("runeforge-cache")


@pytest.fixture(autouse=True)
def _content_cache(request, _content_cache_dir):
    """The per-user content cache (issue 38) of the commands the tests run in-process: one
    folder for the session, so a command checks the bundled content once and reads it back
    after. A test that monkeypatches anything runs without the cache (a patched compiler is
    not in the cache's key); a test of the cache sets its own folder and clears
    RUNEFORGE_NO_CACHE."""
    saved = {k: os.environ.get(k) for k in ("RUNEFORGE_CACHE_DIR", "RUNEFORGE_NO_CACHE")}
    os.environ["RUNEFORGE_CACHE_DIR"] = str(_content_cache_dir)
    # RUNEFORGE_TEST_NO_CACHE=1: the suite without the cache (to measure what it saves)
    if "monkeypatch" in request.fixturenames or os.environ.get("RUNEFORGE_TEST_NO_CACHE"):
        os.environ["RUNEFORGE_NO_CACHE"] = "1"
    else:
        os.environ.pop("RUNEFORGE_NO_CACHE", None)
    try:
        yield
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture(scope="session")
def result():
    """The bundled content checked and compiled (``pipeline.check(())``), shared read-only by
    the tests that look at every bundled card."""
    from runeforge.pipeline import check

    res = check(())
    assert res.ok
    return res


@pytest.fixture(scope="module")
def bundle(result) -> dict:
    """The bundled content as `runeforge build` writes it (``bundle.json``), built afresh for
    each module from the session's compile (a module may change its copy)."""
    from runeforge.backends.bundle import build_bundle

    return build_bundle(result.content, result.compiled)


@pytest.fixture
def content_dir(tmp_path) -> ContentDir:
    return ContentDir(tmp_path / "my-cards")


@pytest.fixture
def item_text() -> str:
    return ITEM


@pytest.fixture
def cli():
    """Run the CLI in-process: cli("check", dir) -> click Result (stdout, stderr, exit_code)."""
    from runeforge.cli import main

    def run(*args, env=None):
        runner = CliRunner(env={"NO_COLOR": "1", **(env or {})})
        return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run


def runeforge_exe() -> list[str]:
    exe = shutil.which("runeforge")
    if exe:
        return [exe]
    return [sys.executable, "-c", "from runeforge.cli import main; main()"]


@pytest.fixture
def cli_process():
    """Run the real `runeforge` executable in a subprocess."""

    def run(*args, cwd=None, env=None):
        full_env = {**os.environ, "NO_COLOR": "1", **(env or {})}
        full_env.pop("RUNEFORGE_DEBUG", None)
        return subprocess.run([*runeforge_exe(), *map(str, args)], capture_output=True,
                              text=True, cwd=cwd, env=full_env, timeout=900)

    return run


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes several seconds (e.g. builds a real wheel)")


# The system packages some tests need (.ci/run installs them; README, "Set-up"), by a word
# their skip reasons contain.
SYSTEM_PACKAGES = {"Chromium": ("chromium",), "GNU msgfmt": ("msgfmt", "gettext")}


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    return str(longrepr[2] if isinstance(longrepr, tuple) else longrepr).lower()


def pytest_terminal_summary(terminalreporter):
    """One line: how many tests were skipped for want of Chromium or msgfmt."""
    counts = dict.fromkeys(SYSTEM_PACKAGES, 0)
    for report in terminalreporter.stats.get("skipped", []):
        reason = _skip_reason(report)
        for name, words in SYSTEM_PACKAGES.items():
            if any(word in reason for word in words):
                counts[name] += 1
                break
    said = ", ".join(f"{n} for want of {name}" for name, n in counts.items())
    hint = " (apt-get install chromium gettext)" if any(counts.values()) else ""
    terminalreporter.write_line(f"system packages: skipped {said}{hint}")


# The longest modules run first. tox runs the suite with pytest-xdist's --dist loadfile, which
# hands whole modules to the workers in collection order (alphabetical); a long module collected
# late (the browser games of test_table_browser.py, about 75 s) then runs alone at the end while
# the other worker waits. Moving the longest ones to the front lets the short ones fill in
# beside them. Only the order changes: every module still runs whole, on one worker.
LONG_MODULES_FIRST = (
    "tests/test_table_browser.py",
    "tests/fuzz/test_fuzz_language.py",
    "tests/test_cli.py",
    "tests/test_kernel.py",
    "tests/test_dsl_properties.py",
    "tests/test_campaign_engine.py",
    "tests/test_campaign_content.py",
    "tests/test_simulate.py",
    "tests/test_larktables.py",
    "tests/test_yaml_front_ends.py",
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: i for i, path in enumerate(LONG_MODULES_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))
