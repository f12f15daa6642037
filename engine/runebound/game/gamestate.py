"""The whole game's state as plain data (JSON round trip), built on the combat ``State``.

Every card copy, coin, adventure counter and experience token of the game is in exactly one of
the places below (checked by :mod:`runeforge.engine.runebound.game.invariants`). Decks are
lists with the top card first; "to the bottom" appends.

The combat engine puts cards it is done with on ``State.market_bottom``,
``State.undefeated`` and ``State.discarded_adventures``; the game moves them to their places
right after every combat (``Game.settle``), so between two steps those lists are empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.state import State

_GAME_FIELDS = {
    "ruleset": str, "adventure": str, "players": int, "seed": int, "doom": bool,
    "seats": list, "current": int, "round": int, "positions": dict, "previous": dict,
    "turns_taken": dict, "market_deck": list, "market_stacks": dict, "adventure_decks": dict,
    "doom_track": list, "doom_tokens": int, "removed": list, "discard_pile": list,
    "undefeated_track": list,
    "board_counters": dict, "box_counters": dict, "active_event": None, "bank_gold": int,
    "experience_box": int, "experience": dict, "experience_credit": dict, "phase": str,
    "endgame": dict, "winner": None, "how": None, "red_challenges": dict,
    "pending_movement": list, "movement_done": bool, "knocked_out": list,
    "elder_king": None, "giant_lords_defeated": int, "adventure_defeats": list,
    "side_cards": list, "defeated_challenges": list,
}


@dataclass
class GameState(State):
    ruleset: str = "base"
    adventure: str = ""
    players: int = 0
    seed: int = 0
    doom: bool = True  # the doom track (Path of Doom in base) is in play
    seats: list[str] = field(default_factory=list)  # hero ids in turn order
    current: int = 0  # index into seats: whose turn it is
    round: int = 1
    positions: dict[str, str] = field(default_factory=dict)  # hero id -> space id
    previous: dict[str, str] = field(default_factory=dict)  # the space a Hero came from
    turns_taken: dict[str, int] = field(default_factory=dict)
    market_deck: list[str] = field(default_factory=list)
    market_stacks: dict[str, list[str]] = field(default_factory=dict)  # town -> cards
    adventure_decks: dict[str, list[str]] = field(default_factory=dict)  # colour -> cards
    doom_track: list[str] = field(default_factory=list)
    doom_tokens: int = 0  # doom tokens placed on the heraldry (the rest are in the box)
    removed: list[str] = field(default_factory=list)  # out of the game (in the box)
    # doom track cards discarded when it filled (seed 002): only their challenges come back,
    # when a deck is rebuilt
    discard_pile: list[str] = field(default_factory=list)
    undefeated_track: list[dict] = field(default_factory=list)  # {card, space}, oldest first
    board_counters: dict[str, str] = field(default_factory=dict)  # space -> colour
    box_counters: dict[str, int] = field(default_factory=dict)  # colour -> count
    active_event: str | None = None
    bank_gold: int = 0
    experience_box: int = 0
    experience: dict[str, list[str]] = field(default_factory=dict)  # hero -> token types
    experience_credit: dict[str, int] = field(default_factory=dict)  # points written down
    phase: str = "game"  # game | endgame | over
    endgame: dict = field(default_factory=dict)
    winner: str | None = None
    how: str | None = None
    red_challenges: dict[str, int] = field(default_factory=dict)  # red challenges defeated
    # the movement grants waiting for their Hero's movement step ("Roll 1 additional movement
    # die", "move 3 spaces" granted before it), and whether the active Hero's movement step
    # has passed (a move granted after it moves the Hero at once): a game saved in the middle
    # of a turn keeps them (branch runs2)
    pending_movement: list[dict] = field(default_factory=list)
    movement_done: bool = False
    # the Heroes knocked out this turn, offered a new Hero once it ends (seed 002; turn.py)
    knocked_out: list[str] = field(default_factory=list)
    # the adventure layer's records of the whole game (adventures/adventure_game.py reads them
    # as the Game's attributes): a saved adventure game keeps them (branch runs3; they were
    # attributes of the Game alone)
    elder_king: str | None = None  # Crown: the Hero who is the Elder King
    giant_lords_defeated: int = 0  # Kyros: the Giant Lords defeated so far
    adventure_defeats: list[list[str]] = field(default_factory=list)  # [hero, card], in order
    side_cards: list[str] = field(default_factory=list)  # the cards of the side decks
    # the base game's defeats since its last check for a win, [hero, card] (Game.check_win
    # reads them as the Game's attribute): a game saved between a defeat and the check keeps
    # them (branch runs4; an attribute of the Game alone, the win was lost). Every check takes
    # them, whichever way it returns, and the game's end drops them (branch mends)
    defeated_challenges: list[list[str]] = field(default_factory=list)

    @property
    def active_hero(self) -> str:
        return self.seats[self.current]

    def to_dict(self) -> dict:
        out = super().to_dict()
        for name in _GAME_FIELDS:
            value = getattr(self, name)
            if isinstance(value, dict):
                value = {k: (list(v) if isinstance(v, list) else
                             dict(v) if isinstance(v, dict) else v) for k, v in value.items()}
            elif isinstance(value, list):
                value = [dict(v) if isinstance(v, dict) else
                         list(v) if isinstance(v, list) else v for v in value]
            out[name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict) -> GameState:
        core = State.from_dict(data)
        game = cls(**{k: getattr(core, k) for k in
                      ("heroes", "effects", "market_bottom", "undefeated",
                       "discarded_adventures", "turn", "combat_no", "grants")})
        for name in _GAME_FIELDS:
            if name in data:
                setattr(game, name, data[name])
        return game

    # ---------------------------------------------------------------- queries
    def heroes_at(self, space: str) -> list[str]:
        return [h for h in self.seats if self.positions.get(h) == space]

    def undefeated_at(self, space: str) -> dict | None:
        return next((u for u in self.undefeated_track if u["space"] == space), None)
