"""The content folders of a studio session: which files the page may read and write.

A path from the page is a path relative to one of the folders (``<folder index>/<relative
path>``). It is resolved through symlinks and must stay inside that folder: ``..``, absolute
paths, NUL bytes and links pointing out are refused, and only ``.yaml``/``.yml`` files.
"""

from __future__ import annotations

import os
from pathlib import Path

SUFFIXES = (".yaml", ".yml")


class PathRefused(ValueError):
    """A path from the page that does not name a YAML file inside a content folder."""


class Folders:
    def __init__(self, roots) -> None:
        self.roots = [Path(r).resolve() for r in roots]

    def resolve(self, ref: str, *, must_exist: bool = True) -> Path:
        """The real path of ``ref`` ("<n>/<relative path>"), or PathRefused."""
        if not isinstance(ref, str) or "\x00" in ref or "\\" in ref:
            raise PathRefused("not a path")
        head, _, rel = ref.partition("/")
        if not head.isdigit() or int(head) >= len(self.roots) or not rel:
            raise PathRefused("no such content folder")
        parts = rel.split("/")
        if rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
            raise PathRefused("'..', '.' and absolute paths are refused")
        root = self.roots[int(head)]
        path = (root / rel).resolve()
        if not _inside(path, root):
            raise PathRefused("outside the content folder")
        if path.suffix not in SUFFIXES:
            raise PathRefused("only .yaml and .yml files")
        if must_exist and not path.is_file():
            raise PathRefused("no such file")
        return path

    def ref_of(self, path) -> str | None:
        """The page's name of a real path, None outside every folder."""
        real = Path(path).resolve()
        for n, root in enumerate(self.roots):
            if _inside(real, root):
                return f"{n}/{real.relative_to(root).as_posix()}"
        return None

    def files(self) -> list[tuple[str, Path]]:
        from runeforge.loader import yaml_files

        out = []
        for root in self.roots:
            for path in yaml_files(root):
                ref = self.ref_of(path)
                if ref is not None:
                    out.append((ref, Path(path).resolve()))
        return out


def _inside(path: Path, root: Path) -> bool:
    return path == root or str(path).startswith(str(root).rstrip(os.sep) + os.sep)
