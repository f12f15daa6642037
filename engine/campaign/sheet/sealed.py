"""The sheet's secrets kept apart (issue 34): what the heroes may not see is written to a sealed
companion file (``camp.json`` -> ``camp.sealed.json``), never to the sheet itself.

Sealed: the seed of the random streams (every shuffle follows from it), the overlord's cards
(deck, hand, set aside, discards, bought, box: R23, R41) and the order of every deck (shop,
Act II shop, search, travel). The sheet keeps in their place one key, ``sealed``: the sealed
file's name, the SHA-256 of its text (so a sealed file of another step is found) and how many
cards each sealed list holds. In memory a sheet is always whole: :func:`split` before writing,
:func:`merge` after reading. A sheet without ``sealed`` (written before issue 34, or by hand)
is read whole as it is.
"""

from __future__ import annotations

import hashlib
import json

# (path of keys) of every value that goes to the sealed file
SEALED = (("seed",),
          ("overlord", "deck"), ("overlord", "hand"), ("overlord", "set_aside"),
          ("overlord", "discard"), ("overlord", "bought"), ("overlord", "box"),
          ("shop", "deck"), ("shop", "act2"), ("search", "deck"), ("travel", "deck"))
SEALED_VERSION = 1


class SealedError(Exception):
    """The sealed file is missing, not JSON, or not the one the sheet names."""


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def text_of(sealed: dict) -> str:
    return json.dumps(sealed, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def split(sheet: dict, name: str) -> tuple[dict, str]:
    """(the heroes' sheet, the sealed file's text) of a whole ``sheet``; ``name`` is the sealed
    file's name, recorded in the sheet."""
    public = json.loads(json.dumps(sheet))
    sealed: dict = {"sealed": SEALED_VERSION}
    counts = {}
    for path in SEALED:
        node, into = public, sealed
        for key in path[:-1]:
            node = node[key]
            into = into.setdefault(key, {})
        value = node.pop(path[-1])
        into[path[-1]] = value
        if isinstance(value, list):
            counts["/".join(path)] = len(value)
    text = text_of(sealed)
    public["sealed"] = {"file": name, "sha256": sha(text), "counts": counts}
    return public, text


def merge(public: dict, text: str | None) -> dict:
    """The whole sheet from the heroes' sheet ``public`` (with its ``sealed`` key) and the
    sealed file's ``text``; :class:`SealedError` when it is missing or not the one named."""
    info = public.get("sealed")
    if not isinstance(info, dict):
        raise SealedError("the sheet's `sealed` key is not an object")
    if text is None:
        raise SealedError(f"the overlord's sealed file {info.get('file')!r} is missing")
    if sha(text) != info.get("sha256"):
        raise SealedError(f"the sealed file {info.get('file')!r} is not the one this sheet was "
                          "written with (its SHA-256 differs: another step's, or edited)")
    try:
        sealed = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SealedError(f"the sealed file is not JSON ({type(exc).__name__})") from None
    if not isinstance(sealed, dict) or sealed.get("sealed") != SEALED_VERSION:
        raise SealedError("the sealed file is not a sealed part of a campaign sheet")
    whole = {k: v for k, v in public.items() if k != "sealed"}
    for path in SEALED:
        node, source = whole, sealed
        for key in path[:-1]:
            node = node.setdefault(key, {}) if isinstance(node, dict) else {}
            source = source.get(key, {}) if isinstance(source, dict) else {}
        if not isinstance(source, dict) or path[-1] not in source:
            raise SealedError(f"the sealed file lacks {'/'.join(path)}")
        node[path[-1]] = source[path[-1]]
    return whole
