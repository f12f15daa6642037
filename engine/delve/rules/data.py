"""The numbers of Delve's rules, read from the ``rules`` document (data, never literals).

The record is a plain dict (as the bundle carries it). Keys read here::

    die_faces: 6                 # hero dice are d6 (seed 003)
    basic_actions: {explore: 1, move: 1, recuperate: 1}   # R6: (1+), (1+), (1+*)
    recuperate_step: 1           # R14: each Recuperate costs this much more than the last
    recuperate_reset: turn       # A3: the escalation starts again each turn
    pinned_move: 2               # A5 (original rule): a pinned hero's Move costs (2+)
    renown_per_slay: 1           # R21
    renown_track: 10             # A10: spaces in one lap of the renown track (R24)
    voluntary_end: true          # A2
    heal_per_recuperate: 1       # R14

Missing keys are an :class:`EngineError` naming the key, never a silent default.
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import EngineError


@dataclass(frozen=True)
class RulesData:
    die_faces: int
    explore: int
    move: int
    recuperate: int
    recuperate_step: int
    recuperate_reset: str
    pinned_move: int
    renown_per_slay: int
    renown_track: int
    voluntary_end: bool
    heal_per_recuperate: int

    @classmethod
    def from_record(cls, record: dict) -> RulesData:
        def get(mapping, key, kind, where="rules"):
            if not isinstance(mapping, dict) or key not in mapping:
                raise EngineError(f"{where}: the rules document has no {key!r}")
            value = mapping[key]
            if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
                raise EngineError(f"{where}: {key!r} must be an integer, not {value!r}")
            if kind is bool and not isinstance(value, bool):
                raise EngineError(f"{where}: {key!r} must be true or false, not {value!r}")
            if kind is str and not isinstance(value, str):
                raise EngineError(f"{where}: {key!r} must be text, not {value!r}")
            return value

        basic = get(record, "basic_actions", dict)
        data = cls(
            die_faces=get(record, "die_faces", int),
            explore=get(basic, "explore", int, "rules.basic_actions"),
            move=get(basic, "move", int, "rules.basic_actions"),
            recuperate=get(basic, "recuperate", int, "rules.basic_actions"),
            recuperate_step=get(record, "recuperate_step", int),
            recuperate_reset=get(record, "recuperate_reset", str),
            pinned_move=get(record, "pinned_move", int),
            renown_per_slay=get(record, "renown_per_slay", int),
            renown_track=get(record, "renown_track", int),
            voluntary_end=get(record, "voluntary_end", bool),
            heal_per_recuperate=get(record, "heal_per_recuperate", int),
        )
        if data.recuperate_reset not in ("turn", "game"):
            raise EngineError("rules: 'recuperate_reset' is 'turn' or 'game', not "
                              f"{data.recuperate_reset!r}")
        if data.die_faces < 2 or data.renown_track < 1:
            raise EngineError("rules: 'die_faces' must be at least 2 and 'renown_track' at "
                              "least 1")
        return data
