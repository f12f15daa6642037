"""A Delve trial (shared contract 1): the adventure a game plays, read from the bundle's
``trial`` documents (one trial per document, or a list under ``trials:``).

:class:`Trial` holds what the engine needs: the start tile, the exploration deck (shuffled
with the game's seed unless ``shuffle`` is false), the goal (``clear``: the deck explored and
no adversary on the board; ``slay``: the named adversary, placed with the last chamber, is
slain), the round limit and the suggested heroes. :func:`default_trial` is the game without a
trial document (every exploration card, the rules' start tile and round limit, ``clear``).
:func:`pick_heroes` chooses the seats: the given ids, else the trial's list, else a seeded
pick (the trial's list is filled from the rest by the same seeded pick when it is short).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from runeforge.engine.common.errors import EngineError


@dataclass(frozen=True)
class Trial:
    id: str
    name: str
    start_tile: str
    deck: tuple[str, ...]
    shuffle: bool = True
    goal: str = "clear"
    quarry: str | None = None            # the adversary id of a ``slay`` goal
    round_limit: int | None = None
    heroes: tuple[str, ...] = ()

    def deal(self, seed: int) -> list[str]:
        """The exploration deck, top first."""
        deck = list(self.deck)
        if self.shuffle:
            random.Random(seed).shuffle(deck)
        return deck


def trial_records(bundle: dict) -> dict:
    """Every trial record of the bundle's Delve ``trial`` documents, by id."""
    out: dict = {}
    for doc in (bundle.get("documents") or {}).get("trial", []) or []:
        if not isinstance(doc, dict) or doc.get("game", "delve") != "delve":
            continue
        entries = doc["trials"] if isinstance(doc.get("trials"), list) else [doc]
        for entry in entries:
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                out.setdefault(entry["id"], entry)
    return out


def from_record(record: dict, rules) -> Trial:
    goal = record.get("goal") or {"type": "clear"}
    if goal.get("type") == "slay" and not goal.get("adversary"):
        raise EngineError(f"the trial {record.get('id')!r} has a slay goal without adversary")
    limit = record.get("round_limit", rules.round_limit)
    return Trial(record["id"], record.get("name", record["id"]),
                 record.get("start_tile") or rules.start_tile, tuple(record["deck"]),
                 bool(record.get("shuffle", True)), goal.get("type", "clear"),
                 goal.get("adversary"), limit, tuple(record.get("heroes") or ()))


def default_trial(exploration, rules) -> Trial:
    return Trial("", "", rules.start_tile, tuple(sorted(exploration)),
                 round_limit=rules.round_limit)


def most_heroes(rules, known) -> int:
    """The most heroes a game seats: the rules data's ``max_heroes`` (original), and never
    more than the bundle's hero cards."""
    return min(rules.max_heroes or len(known), len(known))


def pick_heroes(trial: Trial, known, players: int, seed: int, given=None,
                most: int | None = None) -> list[str]:
    """The hero ids in seat order (1 to ``most`` different heroes)."""
    if given:
        return list(given)
    most = len(known) if most is None else most
    if not 1 <= players <= most:
        raise EngineError(f"Delve is played with 1 to {most} heroes, not {players}")
    chosen = [h for h in trial.heroes if h in known][:players]
    rest = sorted(h for h in known if h not in chosen)
    random.Random(seed).shuffle(rest)
    return chosen + rest[:players - len(chosen)]
