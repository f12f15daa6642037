"""``files(package)`` (dsl/pkgfiles.py, and its copy engine/common/pkgfiles.py for the
engine, which imports no dsl) is ``importlib.resources.files(package)`` without importing
importlib.resources for a package on the file system (issue 38): the same folder for every
package of Runeforge, and importlib.resources' own answer for a namespace package."""

from __future__ import annotations

import importlib
import pkgutil
from importlib import resources
from pathlib import Path

import pytest

from runeforge.dsl import pkgfiles
from runeforge.engine.common import pkgfiles as engine_pkgfiles


def _packages() -> list[str]:
    """Every package of Runeforge (the dsl, the engine, the cards and locales are mapped
    folders of their own), but the web apps'."""
    found = []
    for root in ("runeforge", "runeforge.dsl", "runeforge.engine", "runeforge.cards",
                 "runeforge.locales"):
        found.append(root)
        path = importlib.import_module(root).__path__
        for info in pkgutil.walk_packages(path, root + ".", onerror=lambda name: None):
            if info.ispkg and ".studio" not in info.name and ".table" not in info.name:
                found.append(info.name)
    return sorted({*found, "runeforge.schemas"})  # (a namespace package: walk lists none)


@pytest.mark.parametrize("files", [pkgfiles.files, engine_pkgfiles.files])
def test_the_folder_is_the_one_importlib_resources_gives(files):
    packages = _packages()
    assert len(packages) > 20
    namespaces = 0
    for name in packages:
        theirs = resources.files(name)
        ours = files(name)
        if isinstance(theirs, Path):
            assert isinstance(ours, Path) and ours == theirs, name
        else:  # a namespace package: importlib.resources answers
            namespaces += 1
            assert type(ours) is type(theirs) and str(ours) == str(theirs), name
    for name in ("runeforge.cards", "runeforge.dsl.runebound", "runeforge.locales", "json"):
        assert files(name) == resources.files(name) and files(name).is_dir()
    assert namespaces >= 1  # (runeforge.schemas has no __init__.py)


def test_a_module_that_is_not_a_package_is_refused_as_importlib_resources_refuses_it():
    for files in (pkgfiles.files, engine_pkgfiles.files):
        with pytest.raises(TypeError):
            resources.files("runeforge.dsl.pkgfiles")
        with pytest.raises(TypeError):
            files("runeforge.dsl.pkgfiles")


def test_a_missing_package_is_a_module_not_found_error():
    for files in (pkgfiles.files, engine_pkgfiles.files):
        with pytest.raises(ModuleNotFoundError):
            files("runeforge.no_such_package")
        importlib.invalidate_caches()
