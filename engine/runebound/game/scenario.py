"""The adventure being played (seed 000 "Seikkailut": the adventure sets the goal) as data.

An adventure says how the game is won, what is in the box (gold, adventure counters with
their experience values, experience tokens, doom tokens), the starting gold and the safety
turn cap. The bundled adventure is *Rise of the Dragon Lords*; more adventures are added as
more entries of :data:`ADVENTURES` (plain dicts, the same shape as a YAML document would be).

Winning is data too: ``win.defeat`` lists challenge ids whose defeat wins the game (High Lord
Margath), ``win.hold`` a card marker and how many cards carrying it a Hero must hold (three
Dragon Runes). A card carries the marker if its data says ``marker: <name>`` (an explicit data
marker) or, failing that, if it is a kept challenge that becomes an item and its id contains
the marker name (``dragon-rune-of-ash``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from runeforge.engine.common.errors import EngineError

COLOURS = ("green", "yellow", "blue", "red")

RISE_OF_THE_DRAGON_LORDS = {
    "id": "rise-of-the-dragon-lords",
    "name": "Rise of the Dragon Lords",
    "origin": "seed-000",
    # "Seikkailussa Rise of the Dragon Lords päämääränä on joko tappaa High Lord Margath, tai
    # kerätä kolme Lohikäärmeriimua."
    # The content packs whose cards are in the game (the core set); other packs' cards are
    # not part of this adventure at all.
    "packs": ["core"],
    "win": {"defeat": ["high-lord-margath"], "hold": {"marker": "dragon-rune", "count": 3}},
    # Components (seed 000 "Tarvikkeet"): 58 adventure counters 22/16/11/9, 60 experience
    # tokens, 50 coins worth 28x1 + 12x5 + 10x10 = 188 gold, 8 doom tokens.
    "counters": {"green": 22, "yellow": 16, "blue": 11, "red": 9},
    # assumption: the back of a counter shows its experience points; the seed gives no
    # numbers, so each colour is worth its place in the difficulty order.
    "counter_values": {"green": 1, "yellow": 2, "blue": 3, "red": 4},
    # "Kokemusmerkkien määrällä ei ole rajoituksia": the 60 tokens in the box are no limit
    # (None: unlimited; a number would make them a pool that can run out).
    "experience_tokens": None,
    "bank_gold": 188,
    "starting_gold": 3,  # "Anna jokaiselle pelaajalle kolme kultarahaa"
    # Safety net only (a draw is declared when reached): rounds of turns.
    "turn_cap": 400,
}

ADVENTURES = {RISE_OF_THE_DRAGON_LORDS["id"]: RISE_OF_THE_DRAGON_LORDS}


@dataclass(frozen=True)
class Adventure:
    id: str
    name: str
    defeat_to_win: tuple[str, ...]
    hold_marker: str | None
    hold_count: int
    counters: tuple[tuple[str, int], ...]
    counter_values: tuple[tuple[str, int], ...]
    experience_tokens: int | None  # None: no limit (seed 000)
    bank_gold: int
    starting_gold: int
    turn_cap: int
    packs: tuple[str, ...] = ()

    @classmethod
    def from_dict(cls, doc: Mapping) -> Adventure:
        try:
            hold = doc["win"].get("hold") or {}
            return cls(
                id=str(doc["id"]), name=str(doc["name"]),
                defeat_to_win=tuple(doc["win"].get("defeat", ())),
                hold_marker=hold.get("marker"), hold_count=int(hold.get("count", 0)),
                counters=tuple((c, int(doc["counters"][c])) for c in COLOURS),
                counter_values=tuple((c, int(doc["counter_values"][c])) for c in COLOURS),
                experience_tokens=None if doc.get("experience_tokens") is None
                else int(doc["experience_tokens"]),
                bank_gold=int(doc["bank_gold"]), starting_gold=int(doc["starting_gold"]),
                turn_cap=int(doc["turn_cap"]),
                packs=tuple(doc.get("packs", ())))
        except (KeyError, TypeError, ValueError) as exc:
            raise EngineError(f"malformed adventure data: {exc!r}") from None

    def uses(self, card: Mapping) -> bool:
        """Is this card part of the game (its pack is one of the adventure's)?"""
        return not self.packs or card.get("pack") in (None, *self.packs)

    def counter_value(self, colour: str) -> int:
        return dict(self.counter_values)[colour]

    def counter_total(self, colour: str) -> int:
        return dict(self.counters)[colour]

    def carries_marker(self, card: Mapping) -> bool:
        """Does this card count toward ``win.hold`` (a Dragon Rune)?"""
        if not self.hold_marker:
            return False
        if card.get("marker") is not None:
            return card.get("marker") == self.hold_marker
        reward = card.get("reward") or {}
        return (bool(reward.get("keep")) and reward.get("becomes") == "item"
                and self.hold_marker in str(card.get("id", "")))


def load_adventure(adventure_id: str) -> Adventure:
    try:
        return Adventure.from_dict(ADVENTURES[adventure_id])
    except KeyError:
        raise EngineError(f"unknown adventure {adventure_id!r}; choose one of "
                          f"{', '.join(sorted(ADVENTURES))}") from None
