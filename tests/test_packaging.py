"""Packaging: every sub-package is listed in pyproject, and a real wheel carries the data."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("compiler", "dsl", "engine", "cards", "locales")

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    tomllib = None


def pyproject() -> dict:
    if tomllib is None:
        pytest.skip("tomllib needs Python 3.11")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def package_name(folder: Path, package_dir: dict[str, str]) -> str | None:
    rel = folder.relative_to(ROOT).as_posix()
    best = None
    for name, where in package_dir.items():
        if rel == where or rel.startswith(where + "/"):
            if best is None or len(where) > len(package_dir[best]):
                best = name
    if best is None:
        return None
    rest = rel[len(package_dir[best]):].strip("/")
    return best + ("." + rest.replace("/", ".") if rest else "")


def test_every_package_folder_is_listed():
    tool = pyproject()["tool"]["setuptools"]
    listed, package_dir = set(tool["packages"]), tool["package-dir"]
    missing = []
    for top in FOLDERS:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            if "__pycache__" in init.parts:
                continue
            name = package_name(init.parent, package_dir)
            if name is None or name not in listed:
                missing.append(f"{init.parent.relative_to(ROOT)} -> {name}")
    assert not missing, "add to [tool.setuptools] packages/package-dir: " + ", ".join(missing)


def test_package_name_mapping():
    dirs = {"runeforge": "compiler", "runeforge.backends": "compiler/backends"}
    assert package_name(ROOT / "compiler" / "backends", dirs) == "runeforge.backends"
    assert package_name(ROOT / "compiler" / "x" / "y", dirs) == "runeforge.x.y"
    assert package_name(ROOT / "engine", dirs) is None


def _copy_source(dest: Path) -> Path:
    ignore = shutil.ignore_patterns(".git", ".tox", ".venv", "build", "dist", "output",
                                    "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache",
                                    ".hypothesis")
    shutil.copytree(ROOT, dest, ignore=ignore)
    return dest


@pytest.mark.slow
def test_wheel_contains_the_data(tmp_path):
    """A real `pip wheel` (about 5 s): schemas, grammar and cards YAML must be inside."""
    src = _copy_source(tmp_path / "src")
    out = tmp_path / "wheels"
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "-q",
                           "-w", str(out)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (wheel,) = out.glob("runeforge-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for kind in ("hero", "ally", "item", "challenge", "event", "encounter", "manifest"):
        assert f"runeforge/schemas/{kind}.schema.json" in names
    assert {"runeforge/dsl/runebound/ability.lark", "runeforge/dsl/delve/delve.lark"} <= names
    assert "runeforge/games/runebound/checks/__init__.py" in names  # a game's layers
    assert "runeforge/cards/core/manifest.yaml" in names
    source_cards = {p.relative_to(ROOT / "cards").as_posix()
                    for p in (ROOT / "cards").rglob("*.yaml")}
    packed = {n[len("runeforge/cards/"):] for n in names if n.startswith("runeforge/cards/")
              and n.endswith(".yaml")}
    assert source_cards <= packed
    assert "runeforge/cli.py" in names and "runeforge/commands/check.py" in names
    for name in ("index.html", "studio.js", "studio.css", "favicon.svg"):  # the studio page
        assert f"runeforge/studio/static/{name}" in names
    entry = zipfile.ZipFile(wheel).read(next(n for n in names
                                             if n.endswith("entry_points.txt"))).decode()
    assert "runeforge = runeforge.cli:main" in entry
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/METADATA")))
    assert b"License-Expression: MIT" in metadata
    assert any(n.endswith("licenses/LICENSE") for n in names)


@pytest.mark.slow
def test_sdist_carries_what_its_tests_need(tmp_path):
    """A real sdist, built as a user would (`python -m build --sdist`, isolated): the tox and
    Babel configuration, the test lock, the docs, the tests and their data."""
    src = _copy_source(tmp_path / "src")
    out = tmp_path / "dist"
    proc = subprocess.run([sys.executable, "-m", "build", "--sdist", "-o", str(out), str(src)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    import tarfile

    (sdist,) = out.glob("runeforge-*.tar.gz")
    with tarfile.open(sdist) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    for needed in ("tox.ini", "babel.cfg", "LICENSE", "README.md", "requirements/test.txt",
                   "docs/language.md", "tests/conftest.py",
                   "tests/data/reference_build/fingerprint.json"):
        assert needed in names, f"the sdist lacks {needed}"
    tracked = {p.relative_to(ROOT).as_posix() for top in ("docs", "tests")
               for p in (ROOT / top).rglob("*") if p.is_file() and "__pycache__" not in p.parts
               and p.suffix != ".pyc"}
    assert tracked <= names, f"the sdist lacks {sorted(tracked - names)[:5]}"


def test_the_declared_licence_is_the_licence_file():
    project = pyproject()["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_python_dash_m_runeforge_is_the_command_line():
    proc = subprocess.run([sys.executable, "-m", "runeforge", "--help"], capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Usage: runeforge ") and "check" in proc.stdout


def test_the_test_lock_pins_every_dependency_within_its_declared_range():
    """requirements/test.txt (what tox installs) pins each dependency of pyproject.toml, the
    test and distributed extras included, at a version its range allows, for every Python
    the lock covers."""
    from packaging.requirements import Requirement

    from .reference_build import locked_versions

    project = pyproject()["project"]
    declared = [*project["dependencies"], *project["optional-dependencies"]["test"],
                *project["optional-dependencies"]["distributed"]]
    locked = locked_versions()
    wrong = []
    for text in declared:
        req = Requirement(text)
        name = req.name.lower().replace("_", "-").replace(".", "-")
        versions = locked.get(name, "").split(" or ")
        if not versions[0] or not all(req.specifier.contains(v) for v in versions):
            wrong.append(f"{text}: locked {locked.get(name, 'nowhere')}")
    assert not wrong, "refresh the lock (README, 'Development'): " + "; ".join(wrong)


def test_every_grammar_file_is_package_data():
    """Each .lark file (a dialect's grammar, or a fragment they %import) ships in the wheel."""
    data = pyproject()["tool"]["setuptools"]["package-data"]
    package_dir = pyproject()["tool"]["setuptools"]["package-dir"]
    missing = [p.relative_to(ROOT).as_posix() for p in sorted((ROOT / "dsl").rglob("*.lark"))
               if "*.lark" not in data.get(package_name(p.parent, package_dir), [])]
    assert not missing, f"add to [tool.setuptools.package-data]: {missing}"
