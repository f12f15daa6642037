"""Weapon attacks, wounds and renown (R15-R19, R21, R23, R24, A1, A7, A9, A10).

Range (R16, A7): *combat* targets an adjacent adversary; *missile* any visible adversary that
is not adjacent; *area* every adversary in the attacker's chamber, whether seen or not. Only
adversaries are targets (A7). Each attack roll is a fresh die (A1); an area attack rolls once
per target, in the order the player gives. A roll below Hit misses; otherwise the target takes
Damage wounds (R17). Wounds lie beside the figure (R18) and stop at its Vigour: the figure is
slain and removed, and excess wounds are ignored (R19). Each slain adversary gives renown to
the hero who slew it (R21, A9); each full lap of the renown track gains a skill (R24, A10).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from runeforge.engine.common.errors import EngineError, IllegalAction

from ..board.board import Board
from ..board.sight import sees
from .data import RulesData

RANGES = ("combat", "missile", "area")


@dataclass(frozen=True)
class Weapon:
    name: str
    cost: int
    range: str
    hit: int
    damage: int

    def __post_init__(self):
        if self.range not in RANGES:
            raise EngineError(f"weapon {self.name!r}: range is one of {', '.join(RANGES)}, "
                              f"not {self.range!r}")
        if not 1 <= self.hit <= 6 or self.damage < 1:
            raise EngineError(f"weapon {self.name!r}: Hit is 1-6 and Damage at least 1")


@dataclass
class Figure:
    id: str
    side: str             # "hero" or "adversary"
    cell: tuple[int, int]
    vigour: int
    wounds: int = 0
    renown: int = 0
    skills: int = 0       # skills gained by laps of the renown track (heroes)

    @property
    def slain(self) -> bool:
        return self.wounds >= self.vigour

    def to_dict(self) -> dict:
        d = asdict(self)
        d["cell"] = list(self.cell)
        return d

    @classmethod
    def from_dict(cls, data: dict) -> Figure:
        return cls(**{**data, "cell": tuple(data["cell"])})


def targets(board: Board, attacker: Figure, weapon: Weapon, figures) -> list[Figure]:
    """R16, A7: the adversaries ``weapon`` may target from ``attacker``'s cell."""
    foes = [f for f in figures if f.side != attacker.side and not f.slain]
    here = attacker.cell
    if weapon.range == "combat":
        return [f for f in foes if board.adjacent(here, f.cell)]
    if weapon.range == "missile":
        return [f for f in foes
                if not board.adjacent(here, f.cell) and sees(board, here, f.cell)]
    room = board.owner.get(here)
    return [f for f in foes if board.owner.get(f.cell) == room]


def wound(target: Figure, damage: int) -> int:
    """R18, R19: add wounds up to Vigour; returns the wounds taken (excess ignored)."""
    taken = min(damage, target.vigour - target.wounds)
    target.wounds += taken
    return taken


def gain_renown(hero: Figure, amount: int, rules: RulesData) -> int:
    """R23, R24, A10: move the renown marker; returns the skills gained by full laps."""
    if amount < 0:
        raise EngineError("renown only rises")
    laps_before = hero.renown // rules.renown_track
    hero.renown += amount
    gained = hero.renown // rules.renown_track - laps_before
    hero.skills += gained
    return gained


def check_choice(board: Board, attacker: Figure, weapon: Weapon, chosen, figures) -> dict:
    """R15, R16, A7: the chosen target ids are legal for ``weapon``; returns id -> figure."""
    legal = {f.id: f for f in targets(board, attacker, weapon, figures)}
    if weapon.range == "area":
        if sorted(chosen) != sorted(legal):
            raise IllegalAction(f"R16: an area attack ({weapon.name}) rolls against every "
                                f"adversary in the chamber: {', '.join(sorted(legal)) or 'none'}")
    elif len(chosen) != 1:
        raise IllegalAction(f"R15: a {weapon.range} attack ({weapon.name}) picks one target")
    for fid in chosen:
        if fid not in legal:
            why = {"combat": "is not adjacent", "missile": "is adjacent or not visible",
                   "area": "is not in this chamber"}[weapon.range]
            raise IllegalAction(f"R16: {fid} {why}, so {weapon.name} ({weapon.range}) cannot "
                                "target it")
    return legal


def attack(board: Board, attacker: Figure, weapon: Weapon, chosen, figures, dice,
           rules: RulesData, roll_bonus: int = 0, damage_bonus: int = 0) -> list[dict]:
    """R15-R19, R21: attack the ``chosen`` figure ids (one for combat and missile; for area,
    every target in the order given). Returns one result per roll; slain figures are removed
    from ``figures`` (a list) and their renown goes to ``attacker`` (A9)."""
    chosen = list(chosen)
    legal = check_choice(board, attacker, weapon, chosen, figures)
    results = []
    for fid in chosen:
        target = legal[fid]
        roll = dice.die(rules.die_faces)          # A1: a fresh roll per target
        hit = roll + roll_bonus >= weapon.hit     # R17 (a lasting bonus adds to the roll)
        taken = wound(target, weapon.damage + damage_bonus) if hit else 0
        result = {"target": fid, "roll": roll, "hit": hit, "wounds": taken,
                  "slain": target.slain, "skills": 0}
        if target.slain:                          # R19, R21, A9
            figures.remove(target)
            result["skills"] = gain_renown(attacker, rules.renown_per_slay, rules)
        results.append(result)
    return results
