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
