"""Monte Carlo combat odds with the full engine and the compiled effects of every card involved.

Each trial is one real :class:`~runeforge.engine.runebound.combat.combat.Combat` (Before Combat
texts, activated items, triggers, durations, the wounds window: everything the engine runs),
fought from scratch on a fresh Hero with the chosen items and Allies. The result is the share
of trials the challenge is defeated, with a 95 % Wilson score interval.

Reproducible: the trials of seed ``S`` roll one stream, ``Dice(S)``, one combat after the
other. With the ``bot`` policy trial ``i`` is exactly ``runeforge fight --seed S --trial i``
(which fights trials ``0 .. i-1`` quietly first), so any trial can be replayed and read.

Speed: every combat runs in the compiled combat kernel (:mod:`..combat.kernel`), which draws
the same dice and takes the same decisions as the engine, so a run gives the same counts with
or without it (``use_kernel=False``): with the ``bot`` policy the bot's rules are written into
the kernel; the ``optimal`` player is asked at each decision and reads the kernel's state
through a view of the engine (:mod:`..combat.kernel_view`). ``result.kernel`` says
"compiled", or why the engine fought instead.

Policies (who answers the engine's questions):

* ``bot`` — the :class:`~runeforge.engine.runebound.bots.combat_bot.HeuristicBot` as it plays
  (it may escape);
* ``optimal`` — the bot for abilities, never escapes, and takes the phase decisions of the
  exact odds' optimal policy (:mod:`runeforge.engine.runebound.analysis.odds_exact`) solved for
  the situation at the start of each round, on the stats the engine reports then (modifiers,
  durations and wounds included). With cards without combat abilities this is the exact model's
  policy, so the two must agree; a situation the solve cannot reach (an ability changed wounds
  mid-round) falls back to the bot.

The engine module never imports the compiler: pass a
:class:`~runeforge.engine.runebound.core.catalog.Catalog` built from the compiled bundle.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from runeforge.engine.common.dice import Dice
from runeforge.engine.common.log import EventLog
from runeforge.engine.common.sweep import wilson as wilson  # re-exported (tests, callers)

from ..bots.combat_bot import HeuristicBot
from ..combat.combat import Combat
from ..combat.kernel import compile_kernel
from ..core.ruleset import BASE, Ruleset
from ..core.state import STAT_FIELDS, State
from .optimal_player import OptimalPlayer as OptimalPlayer  # re-exported (tests, callers)
from .optimal_table import TablePlayer

MAX_TRIALS = 999_999_999
POLICIES = ("bot", "optimal")


class QuietLog(EventLog):
    """An event log that keeps no records, only the wounds each figure took (for speed)."""

    def __init__(self):
        super().__init__()
        self.taken: dict[str, int] = {}

    def emit(self, type_: str, **fields) -> dict:
        if type_ == "state" and fields["field"] == "wounds" and fields["new"] > fields["old"]:
            fig = fields["figure"]
            self.taken[fig] = self.taken.get(fig, 0) + fields["new"] - fields["old"]
        return fields


@dataclass
class McResult:
    """Monte Carlo odds. ``win`` = defeated / trials, ``ci`` its 95 % Wilson interval."""

    hero: str
    challenge: str
    items: tuple[str, ...]
    allies: tuple[str, ...]
    ruleset: str
    policy: str
    seed: int
    trials: int
    outcomes: dict[str, int] = field(default_factory=dict)  # defeated, knocked_out, escaped…
    wounds_taken: int = 0  # the Hero's wounds over all trials (before a knock-out removes them)
    kernel: str = "engine"  # "compiled", or why the engine fought (kernel fallback)

    @property
    def wins(self) -> int:
        return self.outcomes.get("defeated", 0)

    @property
    def win(self) -> float:
        return self.wins / self.trials if self.trials else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.trials)

    @property
    def std_error(self) -> float:
        p = self.win
        return math.sqrt(p * (1 - p) / self.trials) if self.trials else 0.0

    @property
    def expected_hero_wounds(self) -> float:
        return self.wounds_taken / self.trials if self.trials else 0.0

    def share(self, outcome: str) -> float:
        return self.outcomes.get(outcome, 0) / self.trials if self.trials else 0.0

    def to_dict(self) -> dict:
        lo, hi = self.ci
        return {"method": "monte-carlo", "hero": self.hero, "challenge": self.challenge,
                "items": list(self.items), "allies": list(self.allies),
                "ruleset": self.ruleset, "policy": self.policy, "seed": self.seed,
                "trials": self.trials, "win": self.win, "ci95": [lo, hi],
                "outcomes": dict(sorted(self.outcomes.items())),
                "expected_hero_wounds": self.expected_hero_wounds, "kernel": self.kernel}


def make_player(policy: str):
    if policy == "bot":
        return HeuristicBot()
    if policy == "optimal":  # the OptimalPlayer, its answers in a kernel kept in a table
        return TablePlayer()
    raise ValueError(f"unknown policy {policy!r}; choose one of {', '.join(POLICIES)}")


def fight_once(catalog, hero_id: str, challenge_id: str, items=(), allies=(), seed: int = 0,
               ruleset: Ruleset = BASE, player=None, log=None, hero_bonus=None, dice=None):
    """One combat on fresh cards: (CombatResult, Combat). ``player`` defaults to the bot;
    ``hero_bonus`` ({stat: n}) raises the Hero's printed stats (experience tokens); ``dice``
    (default ``Dice(seed)``) lets trials share one stream."""
    hero = catalog.new_hero(hero_id, items=list(items), allies=list(allies))
    for stat, n in (hero_bonus or {}).items():
        setattr(hero, stat, getattr(hero, stat) + n)
    state = State(heroes=[hero])
    if hasattr(player, "start_combat"):
        player.start_combat()
    combat = Combat(catalog, state, dice if dice is not None else Dice(seed),
                    {hero.id: player or HeuristicBot()}, ruleset,
                    log=log if log is not None else QuietLog())
    return combat.fight_challenge(hero, catalog.new_challenge(challenge_id)), combat


def _kernel_trials(kernel, result: McResult, dice: Dice, trials: int, player=None) -> None:
    """The trials on ``dice`` one after the other, as the engine's loop below, in batches (a
    kernel sets up its helpers once per call); ``player`` answers an ``ask`` kernel (the
    optimal policy, which reads the engine through the kernel's view)."""
    outcomes = result.outcomes
    for start in range(0, trials, 4096):
        for out in kernel.run_stream(dice, min(4096, trials - start), player=player):
            outcomes[out[0]] = outcomes.get(out[0], 0) + 1
            result.wounds_taken += out[-1]


def monte_carlo_odds(catalog, hero_id: str, challenge_id: str, items=(), allies=(),
                     trials: int = 10_000, seed: int = 0, ruleset: Ruleset = BASE,
                     policy: str = "bot", hero_bonus: dict | None = None,
                     use_kernel: bool = True) -> McResult:
    """Fight ``trials`` combats; count the outcomes (see the module doc).
    ``hero_bonus`` ({stat: n}, printed stats such as ``body`` or ``life``) is added to the
    Hero's card, as experience tokens are.

    Each combat runs in the compiled combat kernel (:mod:`..combat.kernel`), which fights on
    the same dice with the same decisions as the engine; ``result.kernel`` says "compiled",
    or why the engine fought instead. ``use_kernel=False`` always fights with the engine.

    Raises ValueError on a bad count, seed or policy; the catalog raises BundleError for an
    unknown card id.
    """
    if isinstance(trials, bool) or not isinstance(trials, int) or not 1 <= trials <= MAX_TRIALS:
        raise ValueError(f"trials must be an integer 1..{MAX_TRIALS}, got {trials!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed!r}")
    player = make_player(policy)
    for stat, n in (hero_bonus or {}).items():
        if stat not in STAT_FIELDS or isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"hero_bonus: {stat!r}: {n!r} is not a printed stat and a whole "
                             f"number; stats: {', '.join(STAT_FIELDS)}")
    catalog.new_hero(hero_id, items=list(items), allies=list(allies))  # unknown ids: now
    catalog.new_challenge(challenge_id)
    result = McResult(hero_id, challenge_id, tuple(items), tuple(allies), ruleset.name, policy,
                      seed, trials)
    run_trials(catalog, result, Dice(seed), player, ruleset, use_kernel, hero_bonus)
    return result


def run_trials(catalog, result: McResult, dice: Dice, player, ruleset: Ruleset,
               use_kernel: bool = True, hero_bonus: dict | None = None) -> None:
    """Fight ``result.trials`` combats of ``result``'s cards on ``dice``, one after the other,
    and count them into ``result`` (the kernel, or the engine where none can be made).
    ``runeforge fight --trial I`` runs this for I trials to reach trial I's dice."""
    hero_id, challenge_id = result.hero, result.challenge
    items, allies = result.items, result.allies
    if use_kernel:
        mode = "bot" if result.policy == "bot" else "ask"
        kernel = compile_kernel(catalog, hero_id, challenge_id, items, allies, ruleset,
                                mode=mode, hero_bonus=hero_bonus)
        result.kernel = kernel.fallback or "compiled"
        if kernel.fn is not None:
            _kernel_trials(kernel, result, dice, result.trials,
                           None if mode == "bot" else player)
            return
    else:
        result.kernel = "engine (asked for)"
    outcomes = result.outcomes
    for _ in range(result.trials):
        log = QuietLog()
        outcome, _ = fight_once(catalog, hero_id, challenge_id, items, allies, 0, ruleset,
                                player, log, hero_bonus, dice=dice)
        outcomes[outcome.outcome] = outcomes.get(outcome.outcome, 0) + 1
        result.wounds_taken += log.taken.get(hero_id, 0)
