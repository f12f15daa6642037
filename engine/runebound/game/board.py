"""The board: hex spaces, their terrain, towns, adventure gems and the market column.

Built from the plain dict of a ``kind: board`` document (``cards/rules/board.yaml``); the
compiler validates that document (``runeforge.games.runebound.checks.board``), the engine only reads it.
Figures and counters on spaces never block movement, so the board holds no figures.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterable, Mapping

from runeforge.engine.common.errors import EngineError

TOWN = "town"


class BoardError(EngineError):
    """The board dict cannot be used (it should have been validated by the compiler)."""


@dataclass(frozen=True)
class Space:
    id: str
    q: int
    r: int
    terrain: str  # one of the 7 terrains, or "town"
    town: str | None = None
    gem: str | None = None  # adventure gem colour: green, yellow, blue, red
    sun: bool = False  # sun-ringed gem: adventure counters are renewed here

    @property
    def is_town(self) -> bool:
        return self.terrain == TOWN


class Board:
    """Spaces and links; distances are step counts over the links (BFS)."""

    def __init__(self, spaces: Iterable[Space], links: Mapping[str, Iterable[str]],
                 start: str, market_column: Iterable[str] = (), undefeated_slots: int = 6,
                 board_id: str = "board"):
        self.id = board_id
        self.spaces: dict[str, Space] = {}
        for sp in spaces:
            if sp.id in self.spaces:
                raise BoardError(f"space id {sp.id!r} is used twice")
            self.spaces[sp.id] = sp
        self._links: dict[str, tuple[str, ...]] = {}
        for sid in self.spaces:
            nbs = tuple(dict.fromkeys(links.get(sid, ())))
            for n in nbs:
                if n not in self.spaces:
                    raise BoardError(f"space {sid!r} links to unknown space {n!r}")
            self._links[sid] = nbs
        self.towns: dict[str, str] = {
            sp.town: sp.id for sp in self.spaces.values() if sp.is_town and sp.town
        }
        if start not in self.towns:
            raise BoardError(f"start town {start!r} is not on the board")
        self.start_town = start
        self.market_column: tuple[str, ...] = tuple(market_column)
        self.undefeated_slots = undefeated_slots
        self._dist_cache: dict[str, dict[str, int]] = {}
        self.town_spaces = frozenset(sid for sid, sp in self.spaces.items() if sp.is_town)

    @classmethod
    def from_dict(cls, doc: Mapping) -> Board:
        try:
            spaces = [
                Space(
                    id=str(s["id"]), q=int(s["at"][0]), r=int(s["at"][1]),
                    terrain=str(s["terrain"]), town=s.get("town"), gem=s.get("gem"),
                    sun=bool(s.get("sun", False)),
                )
                for s in doc["spaces"]
            ]
            links = {str(s["id"]): [str(n) for n in s.get("neighbours", ())]
                     for s in doc["spaces"]}
            column = [e["town"] for e in doc.get("market_column", ())]
            slots = int(doc.get("undefeated_track", {}).get("slots", 6))
            return cls(spaces, links, str(doc["start"]), column, slots,
                       str(doc.get("id", "board")))
        except (KeyError, TypeError, IndexError, ValueError) as exc:
            raise BoardError(f"malformed board data: {exc!r}") from None

    # -- queries ---------------------------------------------------------------------------
    def __contains__(self, space_id: object) -> bool:
        return space_id in self.spaces

    def __len__(self) -> int:
        return len(self.spaces)

    def space(self, space_id: str) -> Space:
        try:
            return self.spaces[space_id]
        except KeyError:
            raise BoardError(f"no space {space_id!r} on the board") from None

    def neighbours(self, space_id: str) -> tuple[str, ...]:
        self.space(space_id)
        return self._links[space_id]

    def terrain(self, space_id: str) -> str:
        return self.space(space_id).terrain

    def is_town(self, space_id: str) -> bool:
        return self.space(space_id).is_town

    def town_space(self, town: str) -> str:
        try:
            return self.towns[town]
        except KeyError:
            raise BoardError(f"no town {town!r} on the board") from None

    @property
    def start_space(self) -> str:
        return self.towns[self.start_town]

    def gems(self, colour: str | None = None, sun_only: bool = False) -> tuple[Space, ...]:
        """Spaces with an adventure gem (of ``colour``; only sun-ringed ones if asked)."""
        return tuple(
            sp for sp in self.spaces.values()
            if sp.gem and (colour is None or sp.gem == colour) and (sp.sun or not sun_only)
        )

    def distances_from(self, space_id: str) -> dict[str, int]:
        """Steps from ``space_id`` to every space it can reach (BFS over the links)."""
        return dict(self.distances_view(space_id))

    def distances_view(self, space_id: str) -> Mapping[str, int]:
        """``distances_from`` without the copy: the board's own table, to be read only."""
        self.space(space_id)
        cached = self._dist_cache.get(space_id)
        if cached is None:
            cached = {space_id: 0}
            queue = deque([space_id])
            while queue:
                here = queue.popleft()
                for nxt in self._links[here]:
                    if nxt not in cached:
                        cached[nxt] = cached[here] + 1
                        queue.append(nxt)
            self._dist_cache[space_id] = cached
        return cached

    def distance(self, a: str, b: str) -> int | None:
        """Steps from ``a`` to ``b``, or None if ``b`` cannot be reached."""
        self.space(b)
        return self.distances_view(a).get(b)

    def nearest_towns(self, space_id: str, closed=()) -> tuple[str, ...]:
        """The town(s) closest to ``space_id``, by name (ties: all of them, board order),
        leaving out the ``closed`` ones (Sceptre of Kyros: the occupied towns).

        A knocked-out Hero moves to the nearest town and chooses between equally near ones.
        """
        dist = self.distances_view(space_id)
        reach = [(dist[sid], name) for name, sid in self.towns.items()
                 if sid in dist and name not in closed]
        if not reach:
            return ()
        best = min(d for d, _ in reach)
        return tuple(name for d, name in reach if d == best)

    def heraldry_index(self, town: str) -> int:
        """Place of ``town`` in the market column, counted from the bottom (0)."""
        try:
            return self.market_column.index(town)
        except ValueError:
            raise BoardError(f"town {town!r} has no place in the market column") from None
