"""Read one YAML file safely: size cap, encoding, BOM, line ends, tabs, anchors, then parse.

Every problem becomes a located :class:`~runeforge.diagnostics.Diagnostic`; nothing here
raises on bad input. The checks run *before* the YAML parser sees the text, so a huge file or
an alias bomb ("billion laughs") costs one bounded scan, never an expansion.

Decisions (documented in docs/card-format.md):

* only regular files are read: a FIFO, a device or a socket named ``*.yaml`` (or a symlink
  to one, such as ``/dev/zero``) is RF002, found by ``fstat`` on a non-blocking descriptor
  before any read, so nothing blocks or reads without end;
* files larger than :data:`MAX_FILE_BYTES` are refused (RF108) from ``fstat`` alone;
* a UTF-8 byte order mark is an error (RF105); the rest of the file is still checked;
* CRLF line ends are an **error** (RF109): `runeforge fmt` and the deterministic bundle rely
  on LF, and Git's ``core.autocrlf`` silently produces them on Windows. The text is normalised
  to LF and checked further, so one run reports everything;
* anchors and aliases are refused (RF107): card data never needs them;
* the scanner stops at :data:`MAX_DEPTH` levels of indentation or of flow collections
  (RF108), before ruamel's cost (quadratic in the flow depth) or recursion can grow.

Two front ends compose the nodes: libyaml (:mod:`.yaml_libyaml`, C speed) for the files it
vouches for, and ruamel (:mod:`.yaml_ruamel`) for every other file (an error, an anchor, a
directive, deep nesting), so every refusal is ruamel's, with its code and position.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from .diagnostics import Diagnostic
from .yamlsource import MAX_DEPTH, Source, duplicate_diag, duplicate_key  # noqa: F401  (re-exported)

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_TAB_REPORTS = 3
BOM = b"\xef\xbb\xbf"


def display_path(path: Path) -> str:
    """``path`` relative to the current directory when it is below it, else absolute."""
    full = Path(os.path.abspath(path))
    try:
        return full.relative_to(Path(os.path.abspath(Path.cwd()))).as_posix()
    except (ValueError, OSError):
        return full.as_posix()


class Unreadable(Exception):
    """A content file that is not read: (code, message, hint)."""

    def __init__(self, code: str, message: str, hint: str) -> None:
        super().__init__(message)
        self.code, self.message, self.hint = code, message, hint


_SPECIAL = ((stat.S_ISDIR, "a directory", "rename the directory so it does not end in .yaml"),
            (stat.S_ISFIFO, "a named pipe (FIFO)", "content files must be regular files"),
            (stat.S_ISCHR, "a device", "content files must be regular files"),
            (stat.S_ISBLK, "a device", "content files must be regular files"),
            (stat.S_ISSOCK, "a socket", "content files must be regular files"))


def read_limited(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``), or :class:`Unreadable`.

    The file is opened non-blocking and checked with ``fstat`` on the open descriptor before
    any read, so a FIFO never blocks, a device (a symlink to /dev/zero) is never read, and a
    file swapped between a check and the open cannot slip through."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        if isinstance(exc, IsADirectoryError):
            raise Unreadable("RF002", "cannot read file: it is a directory",
                             _SPECIAL[0][2]) from None
        raise Unreadable("RF002", f"cannot read file: {exc.strerror or exc}",
                         "check the file's permissions") from None
    try:
        st = os.fstat(fd)
        for test, what, hint in _SPECIAL:
            if test(st.st_mode):
                raise Unreadable("RF002", f"cannot read file: it is {what}", hint)
        if st.st_size > limit:
            raise Unreadable("RF108", f"file is {st.st_size} bytes; the limit is {limit} "
                             "bytes", "split the cards over several files; no card needs "
                             "this much text")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise Unreadable("RF002", f"cannot read file: {exc.strerror or exc}",
                         "check the file's permissions") from None
    finally:
        os.close(fd)
    if size > limit:  # grew between fstat and read
        raise Unreadable("RF108", f"file is larger than {limit} bytes",
                         "split the cards over several files")
    return b"".join(chunks)


def read_source(path: Path) -> tuple[Source | None, list[Diagnostic]]:
    """Read and decode ``path``. Returns (None, diags) when the text is unusable."""
    src = Source(Path(path), display_path(path))
    try:
        raw = read_limited(path)
    except Unreadable as exc:
        return None, [src.diag(exc.code, exc.message, hint=exc.hint)]
    return decode_source(src, raw)


def decode_source(src: Source, raw: bytes) -> tuple[Source | None, list[Diagnostic]]:
    """Decode the bytes of ``src`` (read from disk, or an editor's unsaved text encoded as
    UTF-8): the checks of :func:`read_source` after the read."""
    if len(raw) > MAX_FILE_BYTES:
        return None, [src.diag("RF108", f"file is {len(raw)} bytes; the limit is "
                               f"{MAX_FILE_BYTES} bytes", hint="split the cards over several "
                               "files; no card needs this much text")]
    diags: list[Diagnostic] = []
    if raw.startswith(BOM):
        raw = raw[len(BOM):]
        diags.append(src.diag("RF105", "file starts with a UTF-8 byte order mark", 1, 1,
                              hint="save the file as UTF-8 without BOM"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        line_start = before.rfind(b"\n") + 1
        col = len(before[line_start:].decode("utf-8", errors="replace")) + 1
        src.lines = raw.decode("utf-8", errors="replace").split("\n")
        diags.append(src.diag("RF104", f"invalid UTF-8 byte 0x{raw[exc.start]:02x}", line, col,
                              hint="save the file as UTF-8"))
        return None, diags
    if "\r\n" in text:
        first = text.index("\r\n")
        line = text.count("\n", 0, first) + 1
        col = first - (text.rfind("\n", 0, first) + 1) + 1
        src.crlf = True
        text = text.replace("\r\n", "\n")
        src.text, src.lines = text, text.split("\n")
        diags.append(src.diag("RF109", "file uses CRLF (Windows) line ends", line, col,
                              hint="convert to LF: set your editor to LF, and "
                              "`git config core.autocrlf input`"))
    src.text, src.lines = text, text.split("\n")
    if not text.strip():
        diags.append(src.diag("RF106", "file is empty", hint="a card file needs `kind:` and "
                              "`cards:`; delete the file if it is not needed"))
        return None, diags
    return src, diags


def _tabs(src: Source) -> list[Diagnostic]:
    found = []
    for n, line in enumerate(src.lines, 1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            found.append(src.diag("RF102", "tab character used for indentation", n,
                                  indent.index("\t") + 1,
                                  hint="YAML indentation must use spaces"))
            if len(found) >= MAX_TAB_REPORTS:
                break
    return found


# An anchor '&name' or an alias '*name' starts a node: after a line start, white space or a
# flow indicator, with a name character right after it. Text such as "Artifacts & Allies"
# does not match; anything that might be one gets the exact token scan (yaml_ruamel.anchors).
_MAYBE_ANCHOR = re.compile(r"(?:^|[\s\[{,:])[&*][^\s,\[\]{}]", re.M)


# Which front end composes: "auto" (libyaml for the files it vouches for, ruamel for the
# rest) or "ruamel" (every file; the reference the tests compare with).
FRONT_ENDS = ("auto", "ruamel")


def parse(src: Source, front: str = "auto"):
    """Parse the (already decoded) text into YAML nodes with positions.
    Returns (root node or None, diagnostics)."""
    diags = _tabs(src)
    if diags:
        return None, diags
    # (an anchor or alias needs a '&' or '*': the regular expression only where there is one)
    maybe_anchor = ("&" in src.text or "*" in src.text) and \
        _MAYBE_ANCHOR.search(src.text) is not None
    tree = UNSURE = object()
    if front == "auto" and not maybe_anchor:
        from . import yaml_libyaml

        # the nodes and, found in the same walk, the key duplicate_key would find first
        tree, dup = yaml_libyaml.compose_checked(src.text, src.lines, MAX_DEPTH)
        if tree is yaml_libyaml.UNSURE:
            tree = UNSURE
        elif dup is not None:
            return None, [duplicate_diag(src, *dup)]
    if tree is UNSURE:
        from . import yaml_ruamel

        tree, diags = yaml_ruamel.compose(src, scan_anchors=maybe_anchor)
        if diags:
            return None, diags
    if tree is None:
        return None, [src.diag("RF106", "file has no content (only comments or blank lines)",
                               1, 1)]
    return tree, []


def load_file(path: Path, raw: bytes | None = None, front: str = "auto"):
    """read_source + parse: (Source or None, tree or None, diagnostics); with ``raw``, those
    bytes stand for the file's content (an editor's unsaved text)."""
    src, diags = (read_source(path) if raw is None
                  else decode_source(Source(Path(path), display_path(path)), raw))
    if src is None:
        return None, None, diags
    tree, more = parse(src, front)
    return src, tree, diags + more
