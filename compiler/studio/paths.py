"""The content folders of a studio session: which files the page may read and write.

A path from the page is a path relative to one of the folders (``<folder index>/<relative
path>``). The folder index is written one way only (``0``, ``12``: ASCII digits, no leading
zero), and every part of the relative path is a plain name: no ``..`` or ``.``, no leading
dot (hidden files), no control or invisible characters (newlines, NUL, direction marks), no
backslash, at most 255 bytes a part and 1024 in all. The path is resolved through symlinks
and must stay inside its folder, and only ``.yaml``/``.yml`` files are served.
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path

SUFFIXES = (".yaml", ".yml")
INDEX = re.compile(r"0|[1-9][0-9]{0,3}")
MAX_PART, MAX_PATH = 255, 1024


def plain_name(rel: str) -> str | None:
    """Why ``rel`` is not a plain relative file name (None: it is)."""
    if not rel:
        return "no file name"
    if len(rel.encode("utf-8", "surrogatepass")) > MAX_PATH:
        return f"the path is longer than {MAX_PATH} bytes"
    for part in rel.split("/"):
        if part in ("", ".", ".."):
            return "'..', '.' and absolute paths are refused"
        if part.startswith("."):
            return "a name may not start with a dot"
        if len(part.encode("utf-8", "surrogatepass")) > MAX_PART:
            return f"a name is longer than {MAX_PART} bytes"
        if part != part.strip() or part.endswith("."):
            return "a name may not start or end with a space or end with a dot"
        if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
               or c == "\\" for c in part):
            return "a name may hold no control or invisible character and no backslash"
    return None


class PathRefused(ValueError):
    """A path from the page that does not name a YAML file inside a content folder."""


class Folders:
    def __init__(self, roots) -> None:
        self.roots = [Path(r).resolve() for r in roots]

    def resolve(self, ref: str, *, must_exist: bool = True) -> Path:
        """The real path of ``ref`` ("<n>/<relative path>"), or PathRefused."""
        if not isinstance(ref, str):
            raise PathRefused("not a path")
        head, _, rel = ref.partition("/")
        if not INDEX.fullmatch(head) or int(head) >= len(self.roots):
            raise PathRefused("no such content folder (a folder is 0, 1, 2 …)")
        why = plain_name(rel)
        if why is not None:
            raise PathRefused(why)
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
                if ref is not None and plain_name(ref.partition("/")[2]) is None:
                    out.append((ref, Path(path).resolve()))
        return out


def _inside(path: Path, root: Path) -> bool:
    return path == root or str(path).startswith(str(root).rstrip(os.sep) + os.sep)
