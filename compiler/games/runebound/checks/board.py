"""Semantic checks of a board document (``kind: board``), after its JSON Schema.

The loader calls :func:`check_board` with the plain dict, a position callback and the file
path; every problem comes back as a located :class:`~runeforge.diagnostics.Diagnostic`:

* RF801 two spaces share an id or coordinates
* RF802 a listed neighbour is not next to the space on the hex grid (or is the space itself)
* RF803 a neighbour id that is not on the board
* RF804 unknown terrain (with a "did you mean")
* RF805 a town missing, named twice, unknown, or on a space whose terrain is not ``town``
* RF806 a town that cannot be reached from the start town
* RF807 unknown adventure gem colour
* RF808 the market column names a non-town, names a town twice, or leaves a town out
* RF809 a neighbour link listed on one side only
* RF810 a sun ring without a gem

The function is defensive: it never raises on a malformed document (the schema reports
shapes; this module skips what it cannot read).
"""

from __future__ import annotations

from collections import deque
from typing import Any, Callable, Mapping, Sequence

from runeforge.diagnostics import Diagnostic, did_you_mean

TERRAINS = ("road", "river", "plains", "hills", "forest", "swamp", "mountains")
TOWN = "town"
GEM_COLOURS = ("green", "yellow", "blue", "red")
TOWNS = (
    "Tamalir",
    "Vynelvale",
    "Riverwatch",
    "Dawnsmoor",
    "Forge",
    "Nerekhall",
    "Greyhaven",
    "Frostgate",
)
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

Pos = Callable[..., "tuple[int, int]"]


class Reporter:
    def __init__(self, pos: Pos, path: str, lines: Sequence[str] | None):
        self.pos, self.path, self.lines = pos, path, lines
        self.out: list[Diagnostic] = []

    def locate(self, keys: tuple) -> tuple[int, int]:
        # Fall back to the nearest enclosing node the callback knows.
        for n in range(len(keys), -1, -1):
            try:
                line, col = self.pos(*keys[:n])
            except Exception:  # any lookup failure: try the parent node
                continue
            if line:
                return int(line), int(col)
        return 0, 0

    def add(self, code: str, message: str, keys: tuple, text: Any = None, hint=None,
            severity: str = "error") -> None:
        line, col = self.locate(keys)
        source = None
        if self.lines is not None and 0 < line <= len(self.lines):
            source = self.lines[line - 1]
        length = len(str(text)) if text is not None else 1
        self.out.append(Diagnostic(code, message, self.path, line, col, max(1, length),
                                   severity, hint, source))


def _coords(value: Any) -> tuple[int, int] | None:
    if (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        return int(value[0]), int(value[1])
    return None


def _hex_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in HEX_DIRECTIONS


def check_board(doc: Mapping, pos: Pos, path: str,
                lines: Sequence[str] | None = None) -> list[Diagnostic]:
    """Check a board document; return diagnostics (empty when the board is sound).

    ``pos(*keys)`` returns the 1-based (line, col) of the node at ``doc[k0][k1]...``, e.g.
    ``pos("spaces", 3, "terrain")`` (list indices are ints); ``pos()`` is the document.
    ``lines`` (optional) are the file's lines, to show the source line under a diagnostic.
    """
    rep = Reporter(pos, path, lines)
    if not isinstance(doc, Mapping):
        return rep.out
    raw_spaces = doc.get("spaces")
    spaces: list[tuple[int, Mapping]] = []
    if isinstance(raw_spaces, list):
        spaces = [(i, s) for i, s in enumerate(raw_spaces) if isinstance(s, Mapping)]

    by_id: dict[str, int] = {}
    by_at: dict[tuple[int, int], str] = {}
    town_at: dict[str, str] = {}  # town name -> space id
    for i, sp in spaces:
        sid = sp.get("id")
        if isinstance(sid, str):
            if sid in by_id:
                rep.add("RF801", f"space id '{sid}' is used twice (first at index {by_id[sid]})",
                        ("spaces", i, "id"), sid, hint="give every space its own id")
            else:
                by_id[sid] = i
        at = _coords(sp.get("at"))
        if at is not None:
            if at in by_at:
                rep.add("RF801", f"space '{sid}' has the same coordinates {list(at)} as "
                        f"space '{by_at[at]}'", ("spaces", i, "at"), str(list(at)),
                        hint="every hex holds one space")
            else:
                by_at[at] = str(sid)
        _check_terrain_town_gem(rep, i, sp, town_at)

    _check_links(rep, spaces, by_id)
    _check_towns(rep, doc, spaces, by_id, town_at)
    _check_market_column(rep, doc, town_at)
    return rep.out


def _check_terrain_town_gem(rep: Reporter, i: int, sp: Mapping, town_at: dict) -> None:
    sid = sp.get("id")
    terrain = sp.get("terrain")
    town = sp.get("town")
    if isinstance(terrain, str) and terrain not in TERRAINS and terrain != TOWN:
        rep.add("RF804", f"unknown terrain '{terrain}' on space '{sid}'",
                ("spaces", i, "terrain"), terrain,
                hint=did_you_mean(terrain, (*TERRAINS, TOWN))
                or f"use one of {', '.join(TERRAINS)} or town")
    if terrain == TOWN and town is None:
        rep.add("RF805", f"space '{sid}' has terrain 'town' but names no town",
                ("spaces", i, "terrain"), terrain, hint="add `town: <name>`")
    if isinstance(town, str):
        if terrain != TOWN and isinstance(terrain, str):
            rep.add("RF805", f"town '{town}' is on a space whose terrain is '{terrain}'",
                    ("spaces", i, "terrain"), terrain, hint="a town space has `terrain: town`")
        if town not in TOWNS:
            rep.add("RF805", f"unknown town '{town}'", ("spaces", i, "town"), town,
                    hint=did_you_mean(town, TOWNS) or f"towns: {', '.join(TOWNS)}")
        elif town in town_at:
            rep.add("RF805", f"town '{town}' is on two spaces ('{town_at[town]}' and '{sid}')",
                    ("spaces", i, "town"), town, hint="each town is one space")
        else:
            town_at[town] = str(sid)
    gem = sp.get("gem")
    if gem is not None and gem not in GEM_COLOURS:
        rep.add("RF807", f"unknown adventure gem colour '{gem}' on space '{sid}'",
                ("spaces", i, "gem"), gem,
                hint=did_you_mean(str(gem), GEM_COLOURS) or f"use {', '.join(GEM_COLOURS)}")
    if sp.get("sun") is True and gem is None:
        rep.add("RF810", f"space '{sid}' has a sun ring but no gem", ("spaces", i, "sun"),
                "true", hint="a sun ring marks a gem where counters are renewed; add `gem:`")


def _check_links(rep: Reporter, spaces: list, by_id: dict) -> None:
    index = dict(spaces)
    for i, sp in spaces:
        sid = sp.get("id")
        at = _coords(sp.get("at"))
        neighbours = sp.get("neighbours")
        if not isinstance(neighbours, list):
            continue
        for j, nid in enumerate(neighbours):
            keys = ("spaces", i, "neighbours", j)
            if not isinstance(nid, str):
                continue
            if nid not in by_id:
                rep.add("RF803", f"space '{sid}' lists neighbour '{nid}', which is not on "
                        "the board", keys, nid, hint=did_you_mean(nid, by_id))
                continue
            if nid == sid:
                rep.add("RF802", f"space '{sid}' lists itself as a neighbour", keys, nid)
                continue
            other = index[by_id[nid]]
            oat = _coords(other.get("at"))
            if at is not None and oat is not None and not _hex_adjacent(at, oat):
                rep.add("RF802", f"'{nid}' at {list(oat)} is not next to '{sid}' at "
                        f"{list(at)} on the hex grid", keys, nid,
                        hint="hex neighbours differ by (+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) "
                        "or (0,+1)")
                continue
            back = other.get("neighbours")
            if isinstance(back, list) and sid not in back:
                rep.add("RF809", f"'{sid}' lists '{nid}' as a neighbour but '{nid}' does "
                        f"not list '{sid}'", keys, nid,
                        hint=f"add '{sid}' to the neighbours of '{nid}', or remove this link")


def _graph(spaces: list, by_id: dict) -> dict[str, list[str]]:
    graph: dict[str, list[str]] = {}
    for _i, sp in spaces:
        sid = sp.get("id")
        if not isinstance(sid, str):
            continue
        nbs = sp.get("neighbours")
        graph.setdefault(sid, [])
        if isinstance(nbs, list):
            graph[sid].extend(n for n in nbs if isinstance(n, str) and n in by_id)
    return graph


def _check_towns(rep: Reporter, doc: Mapping, spaces: list, by_id: dict,
                 town_at: dict) -> None:
    for town in TOWNS:
        if town not in town_at:
            rep.add("RF805", f"the board has no space for the town '{town}'", ("spaces",),
                    hint=f"add a space with `terrain: town, town: {town}`")
    start = doc.get("start")
    if not isinstance(start, str):
        return
    if start not in town_at:
        rep.add("RF805", f"start town '{start}' is not on the board", ("start",), start,
                hint=did_you_mean(start, town_at) or "the start is a town's name")
        return
    graph = _graph(spaces, by_id)
    seen = {town_at[start]}
    queue = deque(seen)
    while queue:
        here = queue.popleft()
        for nxt in graph.get(here, ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    for town, sid in town_at.items():
        if sid not in seen:
            rep.add("RF806", f"town '{town}' (space '{sid}') cannot be reached from "
                    f"'{start}'", ("spaces", by_id[sid], "town"), town,
                    hint="link its space to the rest of the map")


def _check_market_column(rep: Reporter, doc: Mapping, town_at: dict) -> None:
    column = doc.get("market_column")
    if not isinstance(column, list):
        return
    seen: set[str] = set()
    for j, entry in enumerate(column):
        town = entry.get("town") if isinstance(entry, Mapping) else None
        if not isinstance(town, str):
            continue
        keys = ("market_column", j, "town")
        if town not in town_at:
            rep.add("RF808", f"market column names '{town}', which is not a town on the board",
                    keys, town, hint=did_you_mean(town, town_at) or "name a town")
        elif town in seen:
            rep.add("RF808", f"market column names '{town}' twice", keys, town)
        seen.add(town)
    for town in town_at:
        if town not in seen:
            rep.add("RF808", f"town '{town}' has no place in the market column",
                    ("market_column",), hint="every town has a market stack and a heraldry")
