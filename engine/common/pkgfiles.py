"""``files(package)``: ``importlib.resources.files(package)`` without importing
importlib.resources for a package on the file system (issue 38).

importlib.resources and the reader its ``files()`` picks (importlib.readers, which imports
zipfile, tempfile, shutil and the compression modules) were ~10 ms of every start of
`runeforge`: a package loaded from its source or bytecode file is read from the folder of its
``__init__`` file, the path ``importlib.resources.files`` gives it (the loader's
``FileReader``); any other (a zip, a namespace package, another loader) is left to
importlib.resources. tests/test_pkgfiles.py compares the two over the shipped packages. (The same as runeforge.dsl.pkgfiles, which the
engine does not import.)"""

from __future__ import annotations

import importlib
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path

_FILE_LOADERS = (SourceFileLoader, SourcelessFileLoader)


def files(package: str):
    """The folder of ``package``'s files: a :class:`~pathlib.Path` for a package on the file
    system (what importlib.resources gives it), else ``importlib.resources.files(package)``."""
    spec = importlib.import_module(package).__spec__
    loader = getattr(spec, "loader", None)
    if type(loader) in _FILE_LOADERS and spec.submodule_search_locations is not None \
            and spec.name == package:
        return Path(loader.path).parent
    from importlib import resources

    return resources.files(package)
