"""Loaded content and compiled IR as plain JSON data, for the per-user cache.

:func:`encode_content` writes a :class:`~runeforge.loader.Content` as JSON-ready data (the
text, plain data and positions of every file; cards, documents and packs as references into
them); :func:`decode_content` rebuilds it and checks every field's type on the way, raising
:class:`BadEntry` for anything that is not what :func:`encode_content` writes. Nothing in an
entry is ever executed or names a type to build: a tampered or stale entry is only data, and
the cache treats :class:`BadEntry` as a miss.
"""

from __future__ import annotations

import base64
import binascii
import json
import sys
from array import array
from pathlib import Path

from runeforge.content import Card, Content, Document, FileData, Pack
from runeforge.diagnostics import Diagnostic
from runeforge.positions import PositionIndex
from runeforge.yamlsafe import Source

# 2: positions as flat lists in the order of the data's walk; 3: those lists as base64 of
# little-endian 16- or 32-bit numbers (JSON wrote and read each of the ~100,000 numbers on
# its own; issue 38)
FORMAT = 3
_DIAG_FIELDS = {"code": str, "message": str, "path": str, "line": int, "col": int,
                "length": int, "severity": str, "hint": (str, type(None)),
                "source_line": (str, type(None)), "extra": dict}


class BadEntry(ValueError):
    """A cache entry that is not what this module writes."""


def _want(value, kind, what: str):
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise BadEntry(f"{what}: unexpected {type(value).__name__}")
    return value


def _strs(value, what: str) -> list[str]:
    return [_want(v, str, what) for v in _want(value, list, what)]


def _path_key(value) -> tuple:
    return tuple(_want(p, (str, int), "path element") for p in _want(value, list, "path"))


def _same_json(value) -> bool:
    """True when ``value`` comes back equal from JSON (no tuples, sets or other types)."""
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value
    except (TypeError, ValueError):
        return False


# --- diagnostics ----------------------------------------------------------------------------

def encode_diag(d: Diagnostic) -> dict:
    return {name: getattr(d, name) for name in _DIAG_FIELDS}


def decode_diag(data) -> Diagnostic:
    data = _want(data, dict, "diagnostic")
    if set(data) != set(_DIAG_FIELDS):
        raise BadEntry("diagnostic fields")
    for name, kind in _DIAG_FIELDS.items():
        _want(data[name], kind, f"diagnostic {name}")
    return Diagnostic(**data)  # checks the code and the severity


# --- content --------------------------------------------------------------------------------

def _walk(data, path: tuple = ()):
    """(path, is a mapping key's path) of every value of ``data``, its root first, in a fixed
    order: a mapping's keys in order, each key's value right after it; a list's items."""
    stack = [(data, path)]
    while stack:
        value, path = stack.pop()
        yield path
        if isinstance(value, dict):
            for k in reversed(list(value)):
                stack.append((value[k], path + (k,)))
        elif isinstance(value, list):
            for i in range(len(value) - 1, -1, -1):
                stack.append((value[i], path + (i,)))


_JSON_LEAVES = frozenset({str, int, float, bool, type(None)})


def _flat_positions(data, values: dict, keys: dict) -> tuple[list[int], list[int]]:
    """(values, keys): the positions of ``values`` at every path :func:`_walk` gives, and of
    ``keys`` at every path but the root's, flat ((0, 0): no position recorded), in one
    recursive walk in :func:`_walk`'s order (its generator and the list of paths were most of
    encoding a cold check's entry; issue 38). ``data`` nests at most the YAML reader's
    MAX_DEPTH levels. The same walk checks that JSON keeps ``data`` as it is (what
    :func:`json_kept` leaves to it): only dicts with ``str`` keys, lists, ``str``, ``int``,
    ``float``, ``bool`` and None, of exactly these types; :class:`BadEntry` otherwise."""
    vout: list[int] = []
    kout: list[int] = []
    vget, kget, none, leaves = values.get, keys.get, (0, 0), _JSON_LEAVES

    def visit(value, path: tuple) -> None:
        if type(value) is dict:
            items = value.items()
            if not all(type(k) is str for k in value):
                raise BadEntry("a key JSON does not keep")
        else:
            items = enumerate(value)
        for k, v in items:
            sub = path + (k,)
            vout.extend(vget(sub, none))
            kout.extend(kget(sub, none))
            kind = type(v)
            if kind is dict or kind is list:
                visit(v, sub)
            elif kind not in leaves:
                raise BadEntry(f"a {kind.__name__} in a file's data")

    vout.extend(vget((), none))
    if type(data) is dict or type(data) is list:
        visit(data, ())
    elif type(data) not in leaves:
        raise BadEntry(f"a {type(data).__name__} as a file's data")
    return vout, kout


# a file's positions as base64 of little-endian numbers, after the array type code: 16-bit
# when every number fits, else 32-bit
_SIZES = {"H": 2, "I": 4}


def _pack_positions(flat: list[int]) -> str:
    """``flat`` (numbers of 0 to 2**32 - 1) as :data:`_SIZES`' type code then base64 of the
    numbers' little-endian bytes; :class:`BadEntry` for a number out of that range."""
    code = "H" if max(flat, default=0) < 1 << 16 else "I"
    if array(code).itemsize != _SIZES[code]:
        raise BadEntry("no array type of the size")
    try:
        numbers = array(code, flat)
    except (OverflowError, TypeError):
        raise BadEntry("a position out of range") from None
    if sys.byteorder == "big":
        numbers.byteswap()
    return code + base64.b64encode(numbers.tobytes()).decode("ascii")


def _unpack_positions(text, count: int) -> list[int]:
    """The ``count`` numbers :func:`_pack_positions` wrote; :class:`BadEntry` otherwise."""
    size = _SIZES.get(text[:1]) if type(text) is str else None
    # (the exact length of the base64 text: the decoder stops at padding and skips what is not
    # in its alphabet, so text added after the numbers would otherwise go unseen)
    if size is None or len(text) != 1 + 4 * -(-size * count // 3) \
            or array(text[0]).itemsize != size:
        raise BadEntry("positions")
    try:
        raw = binascii.a2b_base64(text[1:].encode("ascii"))
    except (binascii.Error, UnicodeEncodeError):
        raise BadEntry("positions") from None
    if len(raw) != size * count:
        raise BadEntry("positions")
    numbers = array(text[0])
    numbers.frombytes(raw)
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tolist()


def json_kept(entry: dict) -> bool:
    """Whether JSON reads back exactly what it writes of ``entry`` (an encoder's output): a
    tuple, a key that is not a string, NaN or a lone surrogate anywhere makes it False or
    raises ValueError or TypeError, as writing and reading the whole entry back would. A
    file's data was checked type by type as it was encoded (:func:`_flat_positions`), and its
    text and positions are strings; the rest is written and read back here: reading back
    the files' data and text too was most of putting a cold check's entry (issue 38)."""
    content = entry.get("content", entry)
    files = content.get("files") if type(content) is dict else None
    rest = entry
    if type(files) is list:
        light = []
        for f in files:
            if not (type(f) is dict and all(type(f.get(k)) is str for k in _FILE_TEXTS)):
                return False
            f["text"].encode("utf-8")  # a lone surrogate: UnicodeEncodeError, as writing it
            light.append({**f, "data": None, **dict.fromkeys(_FILE_TEXTS)})
        light_content = {**content, "files": light}
        rest = {**entry, "content": light_content} if content is not entry else light_content
    return json.loads(json.dumps(rest, allow_nan=False)) == rest


_FILE_TEXTS = ("text", "values", "keys")


def _encode_file(f: FileData) -> dict:
    src = f.source
    values, keys = _flat_positions(f.data, f.index.values, f.index.keys)
    return {"path": str(src.path), "display": src.display, "text": src.text,
            "crlf": src.crlf, "data": f.data,
            "values": _pack_positions(values), "keys": _pack_positions(keys)}


def _decode_positions(packed, paths: list) -> dict:
    flat = _unpack_positions(packed, 2 * len(paths))
    return {path: (flat[2 * i], flat[2 * i + 1]) for i, path in enumerate(paths)
            if flat[2 * i]}


def _decode_file(data) -> FileData:
    data = _want(data, dict, "file")
    text = _want(data["text"], str, "text")
    src = Source(Path(_want(data["path"], str, "path")), _want(data["display"], str, "display"),
                 text, _want(data["crlf"], bool, "crlf"), text.split("\n"))
    paths = list(_walk(data["data"]))  # JSON data: keys are strings, indexes ints
    index = PositionIndex(_decode_positions(data["values"], paths),
                          _decode_positions(data["keys"], paths[1:]))
    return FileData(src, data["data"], index)


def _at(data, prefix: tuple):
    for k in prefix:
        if isinstance(data, dict) and isinstance(k, str) and k in data:
            data = data[k]
        elif isinstance(data, list) and isinstance(k, int) and 0 <= k < len(data):
            data = data[k]
        else:
            raise BadEntry("reference outside its file")
    return data


class _Encoder:
    def __init__(self, content: Content) -> None:
        self.files: list[FileData] = list(content.files)
        self.numbers = {id(f): i for i, f in enumerate(self.files)}

    def file_no(self, f: FileData) -> int:
        if id(f) not in self.numbers:
            self.numbers[id(f)] = len(self.files)
            self.files.append(f)
        return self.numbers[id(f)]

    def located(self, obj, data) -> dict:
        if _at(obj._file.data, obj._prefix) is not data:
            raise BadEntry("data is not its file's")
        return {"file": self.file_no(obj._file), "prefix": list(obj._prefix)}

    def card(self, c: Card) -> dict:
        return {"id": c.id, "kind": c.kind, "name": c.name, "path": c.path, "pack": c.pack,
                "index": c.index, "game": c.game, **self.located(c, c.data)}

    def doc(self, d: Document) -> dict:
        return {"kind": d.kind, "path": d.path, "pack": d.pack, "game": d.game,
                **self.located(d, d.data)}

    def pack(self, p: Pack) -> dict:
        return {"id": p.id, "root": str(p.root), "name": p.name, "type": p.type,
                "origin": p.origin, "skills": p.skills, "requires": p.requires,
                "removes": p.removes, "replaces": p.replaces, "bundled": p.bundled,
                "anonymous": p.anonymous, "game": p.game,
                "manifest": self.doc(p.manifest) if p.manifest is not None else None}


def encode_content(content: Content, verify: bool = True) -> dict:
    """JSON-ready data of ``content``; :class:`BadEntry` when it holds anything else (when
    ``verify``: the caller may check the whole it is part of once instead)."""
    enc = _Encoder(content)
    out = {
        "format": FORMAT,
        "cards": [enc.card(c) for c in content.cards.values()],
        "removed": [enc.card(c) for c in content.removed.values()],
        "packs": [enc.pack(p) for p in content.packs.values()],
        "skills": sorted(content.skills),
        "documents": {k: [enc.doc(d) for d in docs] for k, docs in content.documents.items()},
        "diagnostics": [encode_diag(d) for d in content.diagnostics],
    }
    out["files"] = [_encode_file(f) for f in enc.files]
    out["file_count"] = len(content.files)
    if verify and not _same_json(out):
        raise BadEntry("content that JSON does not keep")
    return out


class _Decoder:
    def __init__(self, files: list[FileData]) -> None:
        self.files = files

    def place(self, data) -> tuple[FileData, tuple, object]:
        no = _want(data["file"], int, "file number")
        if not 0 <= no < len(self.files):
            raise BadEntry("file number")
        f = self.files[no]
        prefix = _path_key(data["prefix"])
        return f, prefix, _at(f.data, prefix)

    def card(self, data) -> Card:
        data = _want(data, dict, "card")
        f, prefix, entry = self.place(data)
        return Card(_want(data["id"], str, "id"), _want(data["kind"], str, "kind"),
                    _want(data["name"], str, "name"), _want(entry, dict, "card data"),
                    _want(data["path"], str, "path"), _want(data["pack"], str, "pack"),
                    _want(data["index"], int, "index"), f, prefix,
                    game=_want(data["game"], str, "game"))

    def doc(self, data) -> Document:
        data = _want(data, dict, "document")
        f, prefix, value = self.place(data)
        return Document(_want(data["kind"], str, "kind"), value, _want(data["path"], str, "path"),
                        _want(data["pack"], str, "pack"), f, prefix,
                        game=_want(data["game"], str, "game"))

    def pack(self, data) -> Pack:
        data = _want(data, dict, "pack")
        manifest = data["manifest"]
        return Pack(_want(data["id"], str, "id"), Path(_want(data["root"], str, "root")),
                    name=_want(data["name"], str, "name"), type=_want(data["type"], str, "type"),
                    origin=_want(data["origin"], str, "origin"),
                    skills=_strs(data["skills"], "skills"),
                    requires=_strs(data["requires"], "requires"),
                    removes=_strs(data["removes"], "removes"),
                    replaces=_strs(data["replaces"], "replaces"),
                    bundled=_want(data["bundled"], bool, "bundled"),
                    anonymous=_want(data["anonymous"], bool, "anonymous"),
                    manifest=None if manifest is None else self.doc(manifest),
                    game=_want(data["game"], str, "game"))


def decode_content(data) -> Content:
    """The Content that :func:`encode_content` wrote; :class:`BadEntry` for anything else."""
    try:
        data = _want(data, dict, "entry")
        if data.get("format") != FORMAT:
            raise BadEntry("format")
        files = [_decode_file(f) for f in _want(data["files"], list, "files")]
        count = _want(data["file_count"], int, "file count")
        dec = _Decoder(files)
        cards = [dec.card(c) for c in _want(data["cards"], list, "cards")]
        removed = [dec.card(c) for c in _want(data["removed"], list, "removed")]
        packs = [dec.pack(p) for p in _want(data["packs"], list, "packs")]
        documents = {_want(k, str, "kind"): [dec.doc(d) for d in _want(v, list, "documents")]
                     for k, v in _want(data["documents"], dict, "documents").items()}
        return Content(cards={c.id: c for c in cards}, packs={p.id: p for p in packs},
                       skills=set(_strs(data["skills"], "skills")), documents=documents,
                       diagnostics=[decode_diag(d) for d in
                                    _want(data["diagnostics"], list, "diagnostics")],
                       removed={c.id: c for c in removed}, files=files[:count])
    except BadEntry:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadEntry(str(exc)) from None


# --- compiled IR ----------------------------------------------------------------------------

def encode_ir(known: dict, verify: bool = True) -> dict:
    """{card id: (irs, diagnostics)} as JSON-ready data (BadEntry if JSON cannot keep it;
    without ``verify``, the caller checks the text it writes instead)."""
    out = {"format": FORMAT, "cards": {
        card_id: {"irs": irs, "diagnostics": [encode_diag(d) for d in diags]}
        for card_id, (irs, diags) in known.items()}}
    if verify and not _same_json(out):
        raise BadEntry("IR that JSON does not keep")
    return out


def decode_ir(data) -> dict:
    """The {card id: (irs, diagnostics)} that :func:`encode_ir` wrote, every ability checked
    against the engine's IR schema (odds and balance cache Runebound's IR only)."""
    from runeforge import games

    runebound = games.get()
    (IRError,) = runebound.entries("ir_error")
    try:
        data = _want(data, dict, "entry")
        if data.get("format") != FORMAT:
            raise BadEntry("format")
        out = {}
        for card_id, entry in _want(data["cards"], dict, "cards").items():
            entry = _want(entry, dict, "card")
            irs = [_want(ir, dict, "ir") for ir in _want(entry["irs"], list, "irs")]
            for ir in irs:
                runebound.validate_ir(ir)
            out[card_id] = (irs, [decode_diag(d) for d in
                                  _want(entry["diagnostics"], list, "diagnostics")])
        return out
    except BadEntry:
        raise
    except (KeyError, TypeError, ValueError, IndexError, IRError) as exc:
        raise BadEntry(str(exc)) from None


# --- a whole check (`runeforge check`, `fight`, `play`, `text`) -----------------------------

def encode_check(result, verify: bool = True) -> dict:
    """A :class:`~runeforge.pipeline.CheckResult` as JSON-ready data: its content, its
    diagnostics and the compiled IR of every card (``verify``: as :func:`encode_content`)."""
    out = {"format": FORMAT, "content": encode_content(result.content, verify=False),
           "diagnostics": [encode_diag(d) for d in result.diagnostics],
           "compiled": {card_id: list(irs or []) for card_id, irs in result.compiled.items()}}
    if verify and not _same_json(out):
        raise BadEntry("a check that JSON does not keep")
    return out


def decode_check(data, run_ir: bool = True):
    """The (content, diagnostics, compiled) that :func:`encode_check` wrote. With ``run_ir``
    (the IR is for the engine to run) every IR is checked against its card's game's IR
    schema; without (`check` only counts it), the IR is left out: compiled maps each card to
    its number of abilities compiled, as a list of that many empty dicts."""
    from runeforge import games

    try:
        data = _want(data, dict, "entry")
        if data.get("format") != FORMAT:
            raise BadEntry("format")
        content = decode_content(data["content"])
        diags = [decode_diag(d) for d in _want(data["diagnostics"], list, "diagnostics")]
        compiled = {}
        for card_id, irs in _want(data["compiled"], dict, "compiled").items():
            card = content.cards.get(card_id)
            if card is None:
                raise BadEntry("IR of an unknown card")
            game = games.get(card.game)
            irs = [_want(ir, dict, "ir") for ir in _want(irs, list, "irs")]
            if not run_ir:
                compiled[card_id] = [{} for _ in irs]
                continue
            try:
                for ir in irs:
                    game.validate_ir(ir)
            except Exception as exc:  # noqa: BLE001 - each game's validator raises its own
                raise BadEntry(f"IR of {card_id}: {exc}") from None
            compiled[card_id] = irs
        return content, diags, compiled
    except BadEntry:
        raise
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise BadEntry(str(exc)) from None
