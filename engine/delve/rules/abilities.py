"""Hero abilities as rules (R1-R3, R7, R14, R15-R19, R22, R24): every ``action`` and
``spend`` ability of a hero card or of a skill it holds, paid with one hero die, and every
``trigger`` (the hero's own renown rule).

An :class:`Ability` is read from the dialect's IR (``engine/delve/ir.py``), so no hero needs
code of its own. Its cost is its header's (N+); an escalating header (N+*) costs one more
(the rules data's ``escalating_step``, the seed's R14 step) for each earlier use since the
last reset (``escalation_reset``: ``turn`` or ``game``). Paying follows R2-R4 through
:meth:`~.costs.HeroTurn.begin`; a die too low for a raised cost is refused naming R14.

The effects (``explore``, ``move``, ``heal``, ``attack``, ``renown``, ``skill``) are carried
out in order by the game loop with the primitives below: :func:`heal`, :func:`step_to`
(a move of up to N spaces, A4), :func:`weapon_of` (an attack effect as a :class:`Weapon`, the
same path as the weapon actions: :func:`~.attacks.attack`) and :func:`~.attacks.gain_renown`.
"""

from __future__ import annotations

from dataclasses import dataclass

from runeforge.engine.common.errors import IllegalAction

from ..board.board import Board
from .actions import check_path
from .attacks import Figure, Weapon, attack, check_choice, targets
from .costs import HeroTurn
from .data import RulesData

EVENTS = ("slay", "explored", "recuperated", "turn_end")   # the IR's trigger events (R22)


@dataclass(frozen=True)
class Ability:
    key: str                 # unique among a hero's abilities: the name, or source:index
    name: str                # the header's name, or "Spend a hero die (N+)"
    form: str                # "action" or "spend"
    need: int
    escalating: bool
    effects: tuple           # the IR's effect dicts, in order
    source: str              # the hero or skill id whose card prints it (R7, R24)
    limit: str | None = None  # "turn": only once per turn

    @property
    def weapon(self) -> bool:
        """A weapon action: the ability's one effect is an attack (R15)."""
        return len(self.effects) == 1 and self.effects[0]["op"] == "attack"

    def ops(self) -> list[str]:
        return [e["op"] for e in self.effects]


def abilities_of(record: dict, source: str | None = None) -> list[Ability]:
    """The ``action`` and ``spend`` abilities of a hero or skill record (IR), in card order."""
    source = source or record.get("id", "")
    out = []
    for i, ir in enumerate(record.get("abilities", [])):
        if ir.get("form") not in ("action", "spend"):
            continue
        cost = ir["cost"]
        if ir["form"] == "action" and ir["name"]:
            key, name = ir["name"], ir["name"]
        elif ir["form"] == "action":
            key, name = f"{source}:{i}", f"({cost['need']}+)"
        else:
            key, name = f"{source}:{i}", f"Spend a hero die ({cost['need']}+)"
        out.append(Ability(key, name, ir["form"], cost["need"], bool(cost["escalating"]),
                           tuple(ir["effects"]), source, ir.get("limit")))
    return out


def triggers_of(record: dict, event: str, rng: str | None = None) -> list[tuple]:
    """The effects of the ``trigger`` abilities of ``record`` for ``event`` (R22); a slay
    rule "with a missile attack" fires only for a slay by an attack of that range."""
    return [tuple(ir["effects"]) for ir in record.get("abilities", [])
            if ir.get("form") == "trigger" and ir.get("event") == event
            and ir.get("range") in (None, rng)]


def constants_of(record: dict) -> list[dict]:
    """The ``boost`` effects of the ``constant`` abilities of ``record`` (always on)."""
    return [e for ir in record.get("abilities", []) if ir.get("form") == "constant"
            for e in ir["effects"] if e["op"] == "boost"]


def cost(turn: HeroTurn, ability: Ability, rules: RulesData) -> int:
    """The ability's cost now: (N+), or for (N+*) N + step x earlier uses (R14's step)."""
    if not ability.escalating:
        return ability.need
    return ability.need + rules.escalating_step * turn.uses.get(ability.key, 0)


def pay(turn: HeroTurn, ability: Ability, die: int, rules: RulesData) -> int:
    """Pay ``ability`` with the die at index ``die`` and begin it (R2-R4); returns the face.
    The caller finishes the action (:meth:`HeroTurn.finish`) after its effects (R3)."""
    need = cost(turn, ability, rules)
    used = turn.uses.get(ability.key, 0)
    if ability.escalating and used and 0 <= die < len(turn.dice) and turn.dice[die] < need:
        raise IllegalAction(
            f"R14: {ability.name} ({ability.need}+*) costs one more for each earlier use; "
            f"use #{used + 1} costs ({need}+), and a die showing {turn.dice[die]} does not "
            "pay it (R2)")
    face = turn.begin(ability.name, need, die, rules)
    if ability.escalating:
        turn.uses[ability.key] = used + 1
    return face


def weapon_of(ability: Ability, effect: dict, paid: int) -> Weapon:
    """An attack effect as a :class:`Weapon` (the cost is what was paid)."""
    return Weapon(ability.name, paid, effect["range"], effect["hit"], effect["damage"])


def use_weapon(turn: HeroTurn, board: Board, hero: Figure, ability: Ability, die: int, chosen,
               figures, dice, rules: RulesData) -> list[dict]:
    """R15-R19, R21 for a weapon ability (a header or ``Spend a hero die``): check the
    targets, pay (escalating costs too), attack, finish. Returns the attack's results."""
    need = cost(turn, ability, rules)
    weapon = weapon_of(ability, ability.effects[0], need)
    if not targets(board, hero, weapon, figures):
        raise IllegalAction(f"R16: {ability.name} ({weapon.range}) has no target from "
                            f"{list(hero.cell)}")
    check_choice(board, hero, weapon, list(chosen), figures)
    pay(turn, ability, die, rules)
    try:
        return attack(board, hero, weapon, chosen, figures, dice, rules)
    finally:
        turn.finish()


def heal(hero: Figure, wounds: int) -> int:
    """Heal up to ``wounds`` wounds; returns how many were healed."""
    healed = min(wounds, hero.wounds)
    hero.wounds -= healed
    return healed


def step_to(board: Board, hero: Figure, path, figures, up_to: int) -> None:
    """A move effect (``move up to N spaces``): ``path`` (cells after the start) of 1 to N
    steps, each to a free neighbour past no wall or wall corner (R11, R12, A4)."""
    hero.cell = check_path(board, hero, path, figures, up_to, "this move")[-1]
