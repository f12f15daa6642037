"""The state of a whole Delve game as plain data, built from a bundle's Delve records.

:func:`new_game` takes the bundle's records (its ``cards`` of game ``delve``, its ``rules``
document and its ``trial`` documents), the chosen hero ids, a seed and the trial played: the
trial's exploration deck is dealt (shuffled with ``random.Random(seed)`` unless the trial says
not), the start chamber (``start_tile`` of the trial, else of the rules) is placed and the
heroes stand on its cells nearest the centre. :meth:`GameState.to_dict` / :meth:`GameState.from_dict` round-trip it
through JSON (the dice are not part of the state: they are passed to the engine).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runeforge.engine.common.errors import EngineError

from ..board.board import Board
from ..board.placement import centre_cells, deck_exit, start_board
from ..board.tiles import Tile
from ..rules.attacks import Figure, Weapon
from ..rules.costs import HeroTurn
from ..rules.data import RulesData
from .trial import Trial, default_trial, from_record, most_heroes, trial_records


@dataclass
class Records:
    """The bundle's Delve records by kind and id."""

    heroes: dict
    adversaries: dict
    tiles: dict          # id -> Tile
    exploration: dict
    encounters: dict
    rules_doc: dict
    trials: dict = field(default_factory=dict)    # trial id -> trial record
    skills: dict = field(default_factory=dict)    # skill id -> skill record (card order)

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
                   by_kind.get("exploration", {}), by_kind.get("encounter_table", {}), docs[0],
                   trial_records(bundle), by_kind.get("skill", {}))

    def trial(self, trial_id: str) -> Trial:
        """The trial ``trial_id`` of the bundle (EngineError naming the known ones)."""
        if trial_id not in self.trials:
            raise EngineError(f"no Delve trial {trial_id!r} in the bundle (trials: "
                              f"{', '.join(sorted(self.trials)) or 'none'})")
        return from_record(self.trials[trial_id], self.rules)

    @property
    def rules(self) -> RulesData:
        return RulesData.from_record(self.rules_doc)


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
    trial: str = ""                                      # the trial's id ("" without one)
    quarry: str | None = None                            # figure id of a slay goal's adversary
    slain: list = field(default_factory=list)            # adversary ids slain, in order
    skills: dict = field(default_factory=dict)           # hero id -> skill ids (R24), in order
    uses: dict = field(default_factory=dict)             # hero id -> (N+*) uses (game reset)
    lasting: list = field(default_factory=list)          # lasting effects (until …), issue 32
    recuperations: dict = field(default_factory=dict)    # hero id -> Recuperates (A3: game)
    deck_at: list | None = None                          # R10c: [chamber, exit] by the deck
    fired: list = field(default_factory=list)            # [figure, rule, round]: once a round

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
                "result": self.result, "spawned": self.spawned, "trial": self.trial,
                "quarry": self.quarry, "slain": list(self.slain),
                "skills": {k: list(v) for k, v in self.skills.items()},
                "uses": {k: dict(v) for k, v in self.uses.items()},
                **({"lasting": [dict(e) for e in self.lasting]} if self.lasting else {}),
                **({"recuperations": dict(self.recuperations)} if self.recuperations else {}),
                **({"deck_at": list(self.deck_at)} if self.deck_at else {}),
                **({"fired": [list(x) for x in self.fired]} if self.fired else {})}

    @classmethod
    def from_dict(cls, data: dict, tiles: dict) -> GameState:
        return cls(Board.from_dict(data["board"], tiles), list(data["heroes"]),
                   [Figure.from_dict(f) for f in data["figures"]], dict(data["kinds"]),
                   list(data["deck"]), list(data["explored"]), list(data["down"]),
                   dict(data["renown"]),
                   {k: HeroTurn.from_dict(t) for k, t in data["turns"].items()},
                   dict(data["dealt"]), data["round"], data["phase"], data["result"],
                   data["spawned"], data.get("trial", ""), data.get("quarry"),
                   list(data.get("slain", [])),
                   {k: list(v) for k, v in data.get("skills", {}).items()},
                   {k: dict(v) for k, v in data.get("uses", {}).items()},
                   [dict(e) for e in data.get("lasting", [])],
                   dict(data.get("recuperations", {})),
                   list(data["deck_at"]) if data.get("deck_at") else None,
                   [list(x) for x in data.get("fired", [])])


def new_game(records: Records, hero_ids, seed: int, trial: Trial | None = None,
             start_wounds: dict | None = None) -> GameState:
    """The state at the start: ``trial`` gives the start tile and the deck (default: every
    exploration card, the rules' start tile); ``start_wounds`` ({hero id: n}) are wounds
    carried in (a hero keeps at least 1 Vigour: more is cut to Vigour - 1)."""
    rules = records.rules
    trial = trial or default_trial(records.exploration, rules)
    hero_ids = list(hero_ids)
    most = most_heroes(rules, records.heroes)
    if not 1 <= len(hero_ids) <= most or len(set(hero_ids)) != len(hero_ids):
        raise EngineError(f"Delve is played with 1 to {most} different heroes")
    for h in hero_ids:
        if h not in records.heroes:
            raise EngineError(f"no Delve hero {h!r} in the bundle")
    start = trial.start_tile
    if start not in records.tiles:
        raise EngineError(f"the start tile {start!r} is not in the bundle")
    board = start_board(records.tiles[start])
    cells = centre_cells(board, board.chambers[0], len(hero_ids))
    figures = [Figure(h, "hero", cell, records.heroes[h]["vigour"])
               for h, cell in zip(hero_ids, cells, strict=True)]
    strays = sorted(set(start_wounds or {}) - set(hero_ids))
    if strays:
        raise EngineError(f"start wounds for heroes not in the game: {strays}")
    for f in figures:
        carried = (start_wounds or {}).get(f.id, 0)
        if not isinstance(carried, int) or carried < 0:
            raise EngineError(f"start wounds of {f.id} must be an integer >= 0, not "
                              f"{carried!r}")
        f.wounds = min(carried, f.vigour - 1)
    unknown = [c for c in trial.deck if c not in records.exploration]
    if unknown:
        raise EngineError(f"the trial's deck names unknown exploration cards: {unknown}")
    deck = trial.deal(seed)
    at = deck_exit(board, board.chambers[0])      # R10c: the deck waits by the first exit
    return GameState(board, hero_ids, figures, deck=deck, renown={h: 0 for h in hero_ids},
                     trial=trial.id, deck_at=[0, at.id] if at and deck else None)
