"""The sheet as a plain JSON-able dict: a new one from the campaign data, and loading with
every check (JSON, version, schema) before anything is used.

Every rule works on a copy of the sheet and the copy replaces the old one only when the whole
action is legal, so a refused action changes nothing (never half-applied)."""

from __future__ import annotations

import copy
import hashlib
import json

from runeforge.engine.common.pkgfiles import files as package_files

from ..data import CampaignData
from .streams import shuffle

SHEET_VERSION = 1
# the eight steps of the campaign phase (R3), then the adventure itself; "over" after the Finale
STEPS = ("search", "cleanup", "rewards", "xp", "shop", "choose", "setup", "travel",
         "adventure", "over")


class SheetError(Exception):
    """The sheet cannot be used: not JSON, truncated, another version, or not a sheet of this
    campaign. ``line``/``col`` locate it in the file when known; ``kind`` is one of
    ``json``, ``version``, ``schema``, ``content``."""

    def __init__(self, message: str, kind: str, line: int = 1, col: int = 1, hint: str = ""):
        super().__init__(message)
        self.kind, self.line, self.col, self.hint = kind, line, col, hint


def schema() -> dict:
    text = package_files("runeforge.engine.campaign").joinpath("sheet.schema.json")
    return json.loads(text.read_text(encoding="utf-8"))


def player(sheet: dict, name: str) -> dict:
    for p in sheet["players"]:
        if p["name"] == name:
            return p
    raise KeyError(name)


def hero_players(sheet: dict) -> list[dict]:
    return [p for p in sheet["players"] if p["side"] == "heroes"]


def overlord_player(sheet: dict) -> dict:
    return next(p for p in sheet["players"] if p["side"] == "overlord")


def new_sheet(data: CampaignData, seed: int, heroes, overlord: str) -> dict:
    """A sheet at the start of the campaign: ``heroes`` is ``[(name, hero id, class)]``.
    Each hero gets its class's basic skill (free, R14) and starting equipment; the overlord
    his basic cards (the rest of his cards stay in the box, R17); the shop deck holds the Act
    I items, the Act II items wait; the first adventure is the Introduction, to set up."""
    players = []
    for name, hero, cls in heroes:
        basic = [c["id"] for c in data.kind("class_skill")
                 if c.get("class") == cls and c.get("basic")]
        items = [c["id"] for c in data.kind("starting_equipment") if c.get("class") == cls]
        players.append({"name": name, "side": "heroes", "hero": hero, "class": cls, "xp": 0,
                        "skills": sorted(basic), "items": sorted(items), "wounds": 0,
                        "fatigue": 0, "conditions": []})
    players.append({"name": overlord, "side": "overlord", "xp": 0})
    basic = data.expanded("overlord_card", lambda c: c.get("class") == "basic")
    rest = data.expanded("overlord_card", lambda c: c.get("class") != "basic")
    intro = data.of_act("introduction")
    sheet = {
        "version": SHEET_VERSION,
        "campaign": data.id,
        "seed": int(seed),
        "act": "introduction",
        "step": "setup",
        "next_adventure": intro[0]["id"] if intro else None,
        "chooser": None,
        "gold": int(data.rule("start_gold", default=0) or 0),
        "players": players,
        "overlord": {"deck": basic, "set_aside": [], "hand": [], "discard": [], "bought": [],
                     "box": rest},
        "shop": {"deck": data.expanded("shop_item", lambda c: int(c.get("act", 1)) == 1),
                 "market": [],
                 "act2": data.expanded("shop_item", lambda c: int(c.get("act", 1)) == 2),
                 "box": []},
        "search": {"deck": data.expanded("search_card")},
        "travel": {"deck": data.expanded("travel_event"), "discard": []},
        "relics": [],
        "lieutenants": {},
        "played": [],
        "interlude_side": None,
        "finale_side": None,
        "winner": None,
        "effects": {"adventure_vigour": 0, "hero_dice": 0},
        "streams": {},
    }
    for stream, cards in (("overlord", sheet["overlord"]["deck"]),
                          ("shop", sheet["shop"]["deck"]), ("search", sheet["search"]["deck"]),
                          ("travel", sheet["travel"]["deck"])):
        shuffle(sheet, stream, cards)
    return sheet


def dumps(sheet: dict) -> str:
    """The sheet's file text: sorted keys, two-space indent, so a diff reads well."""
    return json.dumps(sheet, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def digest(sheet: dict) -> str:
    text = json.dumps(sheet, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def locate(text: str, path) -> tuple[int, int]:
    """Line and column of the last key of ``path`` in the sheet's text (best effort; list
    indices are counted in the sheet's own layout: one item per line, two spaces a level)."""
    pos = 0
    for depth, key in enumerate(path):
        if isinstance(key, str):
            found = text.find(json.dumps(key) + ":", pos)
            if found < 0:
                break
            pos = found
        elif isinstance(key, int):  # the key-th item at the next level of indent
            indent = "\n" + "  " * (depth + 1)
            for _ in range(key + 1):
                found = text.find(indent + ("{" if depth + 1 < len(path) else ""), pos + 1)
                if found < 0:
                    break
                pos = found + 1
            if found < 0:
                break
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def load_text(text: str, sealed=None) -> dict:
    """The sheet in ``text``, checked: JSON, then its sealed part (``sealed()``: the sealed
    file's text, or None when it is missing; only for a sheet with a ``sealed`` key,
    sheet/sealed.py), then the version, then the schema. Raises :class:`SheetError` (the
    caller applies nothing)."""
    try:
        sheet = json.loads(text)
    except json.JSONDecodeError as exc:
        why = "the file ends early (truncated?)" if exc.pos >= len(text.rstrip()) else exc.msg
        raise SheetError(f"the campaign sheet is not valid JSON: {why}", "json", exc.lineno,
                         exc.colno, "restore the sheet from the campaign log or a copy") from None
    except (ValueError, RecursionError) as exc:  # a number over 4,300 digits; deep nesting
        raise SheetError(f"the campaign sheet holds JSON this runeforge cannot read "
                         f"({type(exc).__name__}: {str(exc)[:120]})", "json", 1, 1,
                         "restore the sheet from the campaign log or a copy") from None
    if not isinstance(sheet, dict):
        raise SheetError("the campaign sheet is not a JSON object", "schema")
    if "sealed" in sheet:
        from .sealed import SealedError, merge

        try:
            sheet = merge(sheet, sealed() if sealed else None)
        except SealedError as exc:
            line, col = locate(text, ["sealed"])
            raise SheetError(f"R23, R41: the overlord's cards and the decks' order are kept in "
                             f"a sealed file, and {exc}", "sealed", line, col,
                             "the sealed file (SHEET.sealed.json) stays with the overlord; put "
                             "the one written with this sheet beside it, or `runeforge "
                             "campaign repair SHEET` from the log") from None
    version = sheet.get("version")
    if version != SHEET_VERSION:
        line, col = locate(text, ["version"])
        raise SheetError(f"the campaign sheet has version {version!r}; this runeforge reads "
                         f"version {SHEET_VERSION}", "version", line, col,
                         "use the runeforge that wrote the sheet")
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(sheet), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "(top)"
        line, col = locate(text, list(err.absolute_path))
        raise SheetError(f"the campaign sheet does not match its schema at {where}: "
                         f"{err.message}", "schema", line, col,
                         "the sheet was edited by hand or damaged; restore it")
    return sheet


def clone(sheet: dict) -> dict:
    return copy.deepcopy(sheet)
