"""Action costs and a hero's turn of dice (R1-R6, R13, R14, A2, A3, A5).

A cost (N+) is paid with exactly one hero die showing N or more (R2); a cost above the die's
highest face, such as (7+) on a d6, can never be paid (A3). A spent die leaves the hero (R4);
each action is finished before the next begins (R3); when the turn ends the unused dice are
set aside (R5, A2). Recuperate costs (1+) the first time in a turn, then (2+), (3+) ... (R14,
A3); a pinned hero's Move costs (2+) (A5, the project's own rule). Every refusal is an
:class:`IllegalAction` that names the rule.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runeforge.engine.common.errors import IllegalAction

from .data import RulesData


def check_payment(cost: int, face: int, faces: int, action: str = "this action") -> None:
    """R2: raise unless a die showing ``face`` pays the cost (``cost``+)."""
    if cost > faces:
        raise IllegalAction(f"R2: {action} costs ({cost}+), which no die can pay: a "
                            f"{faces}-sided die shows at most {faces}")
    if face < cost:
        raise IllegalAction(f"R2: ({cost}+) needs a die showing {cost} or more; this die "
                            f"shows {face}")


def can_pay(cost: int, faces: int) -> set[int]:
    """The faces that pay (``cost``+)."""
    return set(range(max(cost, 1), faces + 1))


@dataclass
class HeroTurn:
    """One hero's dice for a turn, as plain data (round-trips through :meth:`to_dict`)."""

    hero: str
    dice: list[int]                       # faces still on the hero card, in order
    spent: list[int] = field(default_factory=list)
    set_aside: list[int] = field(default_factory=list)
    recuperations: int = 0                # Recuperates made since the last reset (A3)
    in_action: str | None = None          # R3: the action that has not finished yet
    ended: bool = False
    explore_first: bool = False           # R8: the game's first action must be Explore
    uses: dict = field(default_factory=dict)   # escalating ability key -> uses since reset
    once: list = field(default_factory=list)   # "Only once per turn" ability keys used

    @property
    def dealt(self) -> int:
        return len(self.dice) + len(self.spent) + len(self.set_aside)

    def recuperate_cost(self, rules: RulesData) -> int:
        """R14: (1+), (2+), (3+) ... for the first, second, third Recuperate."""
        return rules.recuperate + rules.recuperate_step * self.recuperations

    def move_cost(self, rules: RulesData, pinned: bool) -> int:
        """R6, A5: Move is (1+), but (2+) for a pinned hero (the project's own rule)."""
        return rules.pinned_move if pinned else rules.move

    def begin(self, action: str, cost: int, die: int, rules: RulesData) -> int:
        """Pay (``cost``+) with the die at index ``die`` and start ``action``; returns the
        face spent. R3: refused while another action is unfinished."""
        if self.ended:
            raise IllegalAction(f"R5: {self.hero}'s turn has ended; its unused dice are set "
                                "aside")
        if self.in_action is not None:
            raise IllegalAction(f"R3: finish {self.in_action} before starting {action}")
        if self.explore_first and action != "Explore":
            raise IllegalAction(f"R8: the first action of the game is Explore, not {action}")
        if not 0 <= die < len(self.dice):
            raise IllegalAction(f"R4: {self.hero} has no die #{die + 1} left (it holds "
                                f"{len(self.dice)})")
        check_payment(cost, self.dice[die], rules.die_faces, action)
        face = self.dice.pop(die)
        self.spent.append(face)
        self.in_action = action
        self.explore_first = False
        if action == "Recuperate":
            self.recuperations += 1
        return face

    def finish(self) -> None:
        if self.in_action is None:
            raise IllegalAction("R3: no action is under way")
        self.in_action = None

    def possible(self, cost: int, rules: RulesData) -> bool:
        return any(face >= cost for face in self.dice) and cost <= rules.die_faces

    def end(self, rules: RulesData, voluntary: bool = False) -> None:
        """R5, A2: the turn ends; unused dice are set aside."""
        if self.in_action is not None:
            raise IllegalAction(f"R3: finish {self.in_action} before ending the turn")
        if voluntary and not rules.voluntary_end:
            raise IllegalAction("A2: these rules do not let a player end a turn early")
        self.set_aside += self.dice
        self.dice = []
        self.ended = True
        if rules.recuperate_reset == "turn":
            self.recuperations = 0
        if rules.escalation_reset == "turn":
            self.uses = {}

    def to_dict(self) -> dict:
        return {"hero": self.hero, "dice": list(self.dice), "spent": list(self.spent),
                "set_aside": list(self.set_aside), "recuperations": self.recuperations,
                "in_action": self.in_action, "ended": self.ended,
                "explore_first": self.explore_first, "uses": dict(sorted(self.uses.items())),
                **({"once": list(self.once)} if self.once else {})}

    @classmethod
    def from_dict(cls, data: dict) -> HeroTurn:
        return cls(**data)


def roll_hero_dice(dice, count: int, rules: RulesData) -> list[int]:
    """``count`` hero dice from a seeded or scripted source (``runeforge.engine.common.dice``)."""
    return [dice.die(rules.die_faces) for _ in range(count)]
