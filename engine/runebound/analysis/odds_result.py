"""The results of the exact combat odds (:mod:`.odds_solver` computes them): the odds of a
combat with its optimal policy (:class:`OddsResult`), and one decision of that policy
(:class:`PolicyEntry`). The policy table and the decisions are the solver's, asked on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.ir import PHASES


@dataclass(frozen=True)
class PolicyEntry:
    """One decision of the optimal policy: in this situation, do ``decision``."""

    hero_wounds: int
    challenge_wounds: int
    ally_wounds: tuple[int, ...]
    phase: str
    attacked: tuple[str, ...]  # who already attacked this round
    decision: str  # "hero attacks", "<ally> attacks", "hero defends" or "use <ability>"
    win: float  # win probability from this situation on
    abilities: tuple[str, ...] = ()  # once-per-combat abilities still there to use

    def to_dict(self) -> dict:
        return {"hero_wounds": self.hero_wounds, "challenge_wounds": self.challenge_wounds,
                "ally_wounds": list(self.ally_wounds), "phase": self.phase,
                "attacked": list(self.attacked), "decision": self.decision, "win": self.win,
                "abilities": list(self.abilities)}


@dataclass
class OddsResult:
    """Exact odds. ``win + loss + stalemate == 1``.

    ``expected_hero_wounds``: expected wounds the Hero takes in this combat (final wounds minus
    the starting wounds), unconditional over all outcomes; a knock-out counts every wound
    inflicted, overflow included; a stalemate counts the wounds taken before it froze.
    ``expected_hero_wounds_if_win``: the same, conditional on winning (0.0 when win == 0).
    ``policy``: the decisions at every situation reachable with positive probability.
    """

    win: float
    loss: float
    stalemate: float
    expected_hero_wounds: float
    expected_hero_wounds_if_win: float
    hero: str = ""
    challenge: str = ""
    allies: tuple[str, ...] = ()
    hero_wounds: int = 0
    exhaustion: int = 0
    # the odds_solver.Solver that made it
    _solver: object | None = field(default=None, repr=False, compare=False)
    _policy: list | None = field(default=None, repr=False, compare=False)

    @property
    def policy(self) -> list[PolicyEntry]:
        """Decisions at every situation reachable with positive probability (built on first
        use), sorted by wounds, phase and who already attacked."""
        if self._policy is None:
            self._policy = self._solver.policy_table(self.hero_wounds, self.exhaustion)
        return self._policy

    def decision(self, hero_wounds: int, challenge_wounds: int, ally_wounds, phase,
                 attacked=(), extra=None) -> str:
        """The optimal decision in a situation: ``phase`` as index 0-2 or name, ``attacked``
        as names ("hero" and ally names) of who already attacked this round, ``extra``
        (flags of the abilities still there, exhaustion), default all of them and 0. Works
        for every situation reachable from the start under some policy; KeyError otherwise."""
        return self._solver.decision(hero_wounds, challenge_wounds, tuple(ally_wounds),
                                     PHASES.index(phase) if isinstance(phase, str) else phase,
                                     attacked, extra)

    def to_dict(self) -> dict:
        return {"hero": self.hero, "challenge": self.challenge, "allies": list(self.allies),
                "hero_wounds": self.hero_wounds, "win": self.win, "loss": self.loss,
                "stalemate": self.stalemate, "expected_hero_wounds": self.expected_hero_wounds,
                "expected_hero_wounds_if_win": self.expected_hero_wounds_if_win,
                "policy": [e.to_dict() for e in self.policy]}

    def format_policy(self) -> str:
        """The policy as a plain text table, one situation a line."""
        head = f"{'hero':>4} {'chal':>4} {'allies':<10} {'phase':<6} {'attacked':<18} " \
               f"{'decision':<24} {'win':>7}"
        lines = [head, "-" * len(head)]
        for e in self.policy:
            lines.append(f"{e.hero_wounds:>4} {e.challenge_wounds:>4} "
                         f"{','.join(map(str, e.ally_wounds)) or '-':<10} {e.phase:<6} "
                         f"{','.join(e.attacked) or '-':<18} {e.decision:<24} {e.win:>7.4f}")
        return "\n".join(lines)
