"""The numbers of Delve's rules, read from the ``rules`` document (data, never literals).

The record is the bundled ``kind: rules`` document (``cards/delve/rules.yaml``, schema
``compiler/schemas/delve/rules.schema.json``) as a plain dict. Keys read here::

    basic_actions:                       # R6: Explore (1+), Move (1+), Recuperate (1+*)
      - {action: explore, need: 1, escalating: false}
      - {action: move, need: 1, escalating: false}
      - {action: recuperate, need: 1, escalating: true}   # R14: (1+), (2+), (3+) ...
    pinned_move_need: 2                  # A5 (original rule): a pinned hero's Move is (2+)
    adjacency: 8                         # R12 (this engine supports 8)
    diagonal_past_wall_corner: false     # A4 (this engine supports false)
    recuperate_reset: turn               # A3: turn | game
    voluntary_end: true                  # A2
    renown_per_slay: 1                   # R21
    renown_track: 6                      # A10: spaces in one lap (R24)
    hero_dice: 4                         # original: dice rolled per hero
    max_heroes: 4                        # original, optional: the most heroes in a game
    round_limit: 12                      # original: the game is lost after it (optional)
    start_tile: entry-hall               # original
    escalation_reset: turn               # original, optional: when (N+*) costs fall back
    explore_first: true                  # R8, optional: the game's first action is Explore
    carried_dice_phases: 1               # original, optional: hero phases a carried-in
                                         # ``hero_dice`` modifier (play option) lasts; 0: all
    min_hero_dice: 1                     # original, optional: a hero never rolls fewer

A missing key is an :class:`EngineError` naming it, never a silent default. Three numbers are
the seed's definitions rather than tunable rules, kept here in one place (:data:`SEED`) and
overridable by the same keys in the record: a hero die is a d6 ("ζάρι", faces 1-6), each
Recuperate costs one more than the last (R14: (1+), (2+), (3+)), and it heals 1 wound (R14).
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import EngineError

SEED = {"die_faces": 6, "recuperate_step": 1, "heal_per_recuperate": 1,  # seed 003, R2/R14
        "escalating_step": 1}                                               # R14's (N+*) step


def _or(value, default):
    return default if value is None else value


@dataclass(frozen=True)
class RulesData:
    die_faces: int
    explore: int
    move: int
    recuperate: int
    recuperate_step: int          # 0 when Recuperate is not escalating
    recuperate_reset: str
    pinned_move: int
    renown_per_slay: int
    renown_track: int
    voluntary_end: bool
    heal_per_recuperate: int
    hero_dice: int
    round_limit: int | None = None
    start_tile: str | None = None
    escalating_step: int = 1      # an ability's (N+*): one more per earlier use (R14's step)
    escalation_reset: str = "turn"   # when (N+*) uses reset: turn | game (default: A3's)
    max_heroes: int | None = None    # the most heroes in a game (None: as many as the cards)
    explore_first: bool = False      # R8: the game's first action is Explore
    carried_dice_phases: int = 1     # hero phases a ``hero_dice`` play option lasts (0: all)
    min_hero_dice: int = 1           # the fewest dice a hero rolls after modifiers

    @classmethod
    def from_record(cls, record: dict) -> RulesData:
        def get(key, kind, optional=False):
            if not isinstance(record, dict) or key not in record:
                if optional:
                    return None
                raise EngineError(f"rules: the rules document has no {key!r}")
            value = record[key]
            ok = {int: isinstance(value, int) and not isinstance(value, bool),
                  bool: isinstance(value, bool), str: isinstance(value, str),
                  list: isinstance(value, list)}[kind]
            if not ok:
                raise EngineError(f"rules: {key!r} must be {kind.__name__}, not {value!r}")
            return value

        actions = {}
        for entry in get("basic_actions", list):
            if (not isinstance(entry, dict) or entry.get("action") not in
                    ("explore", "move", "recuperate") or not isinstance(entry.get("need"), int)):
                raise EngineError(f"rules: basic action {entry!r} needs an action (explore, "
                                  "move, recuperate) and a need")
            actions[entry["action"]] = entry
        for name in ("explore", "move", "recuperate"):
            if name not in actions:
                raise EngineError(f"rules: basic_actions has no {name!r} (R6)")
        if get("adjacency", int) != 8:
            raise EngineError("rules: this engine supports 'adjacency: 8' (R12) only")
        if get("diagonal_past_wall_corner", bool, optional=True):
            raise EngineError("rules: this engine supports 'diagonal_past_wall_corner: false' "
                              "(A4) only")
        seed = {key: record.get(key, value) for key, value in SEED.items()}
        escalating = bool(actions["recuperate"].get("escalating"))
        data = cls(
            die_faces=seed["die_faces"],
            explore=actions["explore"]["need"],
            move=actions["move"]["need"],
            recuperate=actions["recuperate"]["need"],
            recuperate_step=seed["recuperate_step"] if escalating else 0,
            recuperate_reset=get("recuperate_reset", str),
            pinned_move=get("pinned_move_need", int),
            renown_per_slay=get("renown_per_slay", int),
            renown_track=get("renown_track", int),
            voluntary_end=get("voluntary_end", bool),
            heal_per_recuperate=seed["heal_per_recuperate"],
            hero_dice=get("hero_dice", int),
            round_limit=get("round_limit", int, optional=True),
            start_tile=get("start_tile", str, optional=True),
            escalating_step=seed["escalating_step"],
            max_heroes=get("max_heroes", int, optional=True),
            escalation_reset=(get("escalation_reset", str, optional=True)
                              or get("recuperate_reset", str)),
            explore_first=bool(get("explore_first", bool, optional=True)),
            carried_dice_phases=_or(get("carried_dice_phases", int, optional=True), 1),
            min_hero_dice=_or(get("min_hero_dice", int, optional=True), 1),
        )
        if data.escalation_reset not in ("turn", "game"):
            raise EngineError("rules: 'escalation_reset' is 'turn' or 'game', not "
                              f"{data.escalation_reset!r}")
        if data.recuperate_reset not in ("turn", "game"):
            raise EngineError("rules: 'recuperate_reset' is 'turn' or 'game', not "
                              f"{data.recuperate_reset!r}")
        if data.renown_track < 1 or data.hero_dice < 1:
            raise EngineError("rules: 'renown_track' and 'hero_dice' must be at least 1")
        return data
