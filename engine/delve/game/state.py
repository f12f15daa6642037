"""The state of a whole Delve game as plain data, built from a bundle's Delve records.

:func:`new_game` takes the bundle (its ``cards`` of game ``delve`` and its ``rules`` document),
the chosen hero ids and a seed: the exploration deck is shuffled with ``random.Random(seed)``,
the start chamber (``start_tile`` of the rules) is placed and the heroes stand on its cells
nearest the centre. :meth:`GameState.to_dict` / :meth:`GameState.from_dict` round-trip it
through JSON (the dice are not part of the state: they are passed to the engine).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from runeforge.engine.common.errors import EngineError

from ..board.board import Board
from ..board.placement import centre_cells, start_board
from ..board.tiles import Tile
from ..rules.attacks import Figure, Weapon
from ..rules.costs import HeroTurn
from ..rules.data import RulesData


@dataclass
class Records:
    """The bundle's Delve records by kind and id."""

    heroes: dict
    adversaries: dict
    tiles: dict          # id -> Tile
    exploration: dict
    encounters: dict
    rules_doc: dict

    @classmethod
    def from_bundle(cls, bundle: dict) -> Records:
        by_kind: dict = {}
        for card in bundle.get("cards", []):
            if card.get("game") == "delve":
                by_kind.setdefault(card["kind"], {})[card["id"]] = card
        docs = [d for d in bundle.get("documents", {}).get("rules", [])
                if isinstance(d, dict) and "basic_actions" in d]
        if not docs:
            raise EngineError("the bundle holds no Delve rules document")
        return cls(by_kind.get("hero", {}), by_kind.get("adversary", {}),
                   {i: Tile.from_record(r) for i, r in by_kind.get("tile", {}).items()},
                   by_kind.get("exploration", {}), by_kind.get("encounter_table", {}), docs[0])

    @property
    def rules(self) -> RulesData:
        return RulesData.from_record(self.rules_doc)


def hero_weapons(hero: dict) -> list[Weapon]:
    """The weapon actions of a hero's IR: ``action`` abilities whose one effect is an attack."""
    out = []
    for ir in hero.get("abilities", []):
        effects = ir.get("effects", [])
        if (ir.get("form") == "action" and len(effects) == 1 and effects[0]["op"] == "attack"
                and not ir["cost"]["escalating"]):
            e = effects[0]
            out.append(Weapon(ir["name"], ir["cost"]["need"], e["range"], e["hit"], e["damage"]))
    return out


def adversary_weapons(adversary: dict) -> list[Weapon]:
    return [Weapon(w["name"], 1, w["range"], w["hit"], w["damage"])
            for w in adversary.get("weapons", [])]


@dataclass
class GameState:
    board: Board
    heroes: list[str]                                    # seat order
    figures: list[Figure] = field(default_factory=list)
    kinds: dict = field(default_factory=dict)            # adversary figure id -> record id
    deck: list[str] = field(default_factory=list)        # exploration card ids, top first
    explored: list[str] = field(default_factory=list)    # turned over, in order
    down: list[str] = field(default_factory=list)
    renown: dict = field(default_factory=dict)           # hero id -> renown (heroes down too)
    turns: dict = field(default_factory=dict)            # hero id -> HeroTurn (this round)
    dealt: dict = field(default_factory=dict)
    round: int = 0
    phase: str = "setup"
    result: dict | None = None                           # {"winner", "how"} when over
    spawned: int = 0

    def figure(self, fid: str) -> Figure | None:
        return next((f for f in self.figures if f.id == fid), None)

    def adversaries(self) -> list[Figure]:
        return [f for f in self.figures if f.side == "adversary"]

    def heroes_up(self) -> list[Figure]:
        return [f for f in self.figures if f.side == "hero"]

    def to_dict(self) -> dict:
        return {"board": self.board.to_dict(), "heroes": list(self.heroes),
                "figures": [f.to_dict() for f in self.figures], "kinds": dict(self.kinds),
                "deck": list(self.deck), "explored": list(self.explored),
                "down": list(self.down), "renown": dict(self.renown),
                "turns": {k: t.to_dict() for k, t in self.turns.items()},
                "dealt": dict(self.dealt), "round": self.round, "phase": self.phase,
                "result": self.result, "spawned": self.spawned}

    @classmethod
    def from_dict(cls, data: dict, tiles: dict) -> GameState:
        return cls(Board.from_dict(data["board"], tiles), list(data["heroes"]),
                   [Figure.from_dict(f) for f in data["figures"]], dict(data["kinds"]),
                   list(data["deck"]), list(data["explored"]), list(data["down"]),
                   dict(data["renown"]),
                   {k: HeroTurn.from_dict(t) for k, t in data["turns"].items()},
                   dict(data["dealt"]), data["round"], data["phase"], data["result"],
                   data["spawned"])


def new_game(records: Records, hero_ids, seed: int) -> GameState:
    rules = records.rules
    hero_ids = list(hero_ids)
    if not 1 <= len(hero_ids) <= 4 or len(set(hero_ids)) != len(hero_ids):
        raise EngineError("Delve is played with 1 to 4 different heroes")
    for h in hero_ids:
        if h not in records.heroes:
            raise EngineError(f"no Delve hero {h!r} in the bundle")
    start = rules.start_tile
    if start not in records.tiles:
        raise EngineError(f"the start tile {start!r} is not in the bundle")
    board = start_board(records.tiles[start])
    cells = centre_cells(board, board.chambers[0], len(hero_ids))
    figures = [Figure(h, "hero", cell, records.heroes[h]["vigour"])
               for h, cell in zip(hero_ids, cells, strict=True)]
    deck = sorted(records.exploration)
    random.Random(seed).shuffle(deck)
    return GameState(board, hero_ids, figures, deck=deck,
                     renown={h: 0 for h in hero_ids})
