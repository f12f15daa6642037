"""Hold a combat kernel to the engine: the same dice, the same decisions, the same result.

``differential(catalog, hero, challenge, items, allies, ruleset, seeds)`` fights each seed
twice, once with :class:`~.combat.Combat` and once with the kernel, and compares the outcome,
the rounds, the Hero's wounds, exhaustion, gold and cards, each Ally's wounds, and the state
of the dice afterwards (so the dice consumed). In ``bot`` mode both sides use the heuristic
bot; in ``ask`` mode a seeded :class:`RandomPlayer` answers both, and the list of questions
(kind, options, answer) must match too. Used by the test suite and by
``benchmarks/soak_kernel.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.dice import Dice
from runeforge.engine.common.log import EventLog

from ..bots.combat_bot import HeuristicBot
from ..combat.combat import Combat
from ..combat.kernel import compile_kernel
from ..core.ruleset import BASE
from ..core.state import State


class RandomPlayer(Player):
    """Answers every question with a seeded random legal option."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def decide(self, decision, engine):
        return self.rng.choice(decision.options)


@dataclass
class Mismatch:
    seed: int
    engine: tuple
    kernel: tuple
    engine_decisions: list
    kernel_decisions: list

    def __str__(self) -> str:
        pairs = zip(self.engine_decisions, self.kernel_decisions, strict=False)
        first = next((i for i, (a, b) in enumerate(pairs) if a != b), None)
        where = "" if first is None else f"; first differing decision #{first}: " \
            f"{self.engine_decisions[first]} v {self.kernel_decisions[first]}"
        return f"seed {self.seed}: engine {self.engine} v kernel {self.kernel}{where}"


def engine_fight(catalog, hero_id, challenge_id, items, allies, seed, ruleset, player):
    log = EventLog()
    dice = Dice(seed)
    hero = catalog.new_hero(hero_id, items=list(items), allies=list(allies))
    combat = Combat(catalog, State(heroes=[hero]), dice, {hero.id: player}, ruleset, log=log)
    res = combat.fight_challenge(hero, catalog.new_challenge(challenge_id))
    asked = [(r["kind"], list(r["options"]), r["answer"]) for r in log.records
             if r["type"] == "decision"]
    state = (res.outcome, res.rounds, hero.wounds, hero.exhaustion, hero.gold,
             tuple(hero.items), tuple((a.id, a.wounds, a.exhaustion) for a in hero.allies),
             dice._rng.getstate())
    return state, asked


def kernel_fight(kernel, challenge_id, items, allies, seed, player):
    dice = Dice(seed)
    r = kernel.run(dice, player)
    held = [it for n, it in enumerate(items) if r.held[1 + n]]
    if r.outcome == "defeated" and kernel.kept_as == "item":
        held.append(challenge_id)
    alive = tuple((a, r.ally_wounds[i], r.ally_exhaustion[i]) for i, a in enumerate(allies)
                  if r.allies_alive[i])
    state = (r.outcome, r.rounds, r.hero_wounds, r.hero_exhaustion, r.gold, tuple(held),
             alive, dice._rng.getstate())
    asked = [(k, [o if isinstance(o, (str, int, bool, type(None))) else str(o) for o in op], a)
             for k, op, a in r.decisions]
    return state, asked


def differential(catalog, hero_id, challenge_id, items=(), allies=(), ruleset=None,
                 seeds=range(10), mode: str = "bot", player=None):
    """None when the kernel agrees with the engine on every seed; the first
    :class:`Mismatch` otherwise; the fallback reason (a str) when there is no kernel.
    ``player`` (``ask`` mode): a factory of the player both sides use, one each for the
    whole run (e.g. ``OptimalPlayer``, which reads the engine: the kernel's view); default
    a :class:`RandomPlayer` per seed."""
    ruleset = ruleset if ruleset is not None else BASE
    kernel = compile_kernel(catalog, hero_id, challenge_id, items, allies, ruleset, mode=mode)
    if kernel.fn is None:
        return kernel.fallback
    both = (player(), player()) if player is not None else None
    for seed in seeds:
        if both is not None:
            p1, p2 = both
            for p in both:
                if hasattr(p, "start_combat"):
                    p.start_combat()
        else:
            p1 = HeuristicBot() if mode == "bot" else RandomPlayer(seed)
            p2 = None if mode == "bot" else RandomPlayer(seed)
        e, ed = engine_fight(catalog, hero_id, challenge_id, items, allies, seed, ruleset, p1)
        k, kd = kernel_fight(kernel, challenge_id, items, allies, seed, p2)
        if e != k or (mode == "ask" and ed != kd):
            return Mismatch(seed, e[:7], k[:7], ed, kd)
    return None


def combat_cards(catalog) -> tuple[list[str], list[str]]:
    """The bundled items and Allies that have an ability a combat can use."""
    from ..combat.kernel_plan import Plan

    out: dict[str, list[str]] = {"item": [], "ally": []}
    probe = Plan(None, None, [], None, catalog)
    for kind in out:
        for card_id in catalog.ids(kind):
            card = catalog.card(card_id)
            if any(probe.fits_combat(a) if not a.standing else
                   any(e.op in ("modify", "restrict", "trigger") for e in a.effects)
                   for a in card.abilities):
                out[kind].append(card_id)
    return out["item"], out["ally"]


def fallbacks(catalog, ruleset=None) -> list[tuple[str, str]]:
    """(card id, reason) for every card of the catalog that keeps a kernel from being made:
    each Hero and challenge is compiled against a partner, each item and Ally in a hand."""
    heroes, chals = catalog.ids("hero"), catalog.ids("challenge")
    if not heroes or not chals:
        return []
    hero, chal = heroes[0], chals[0]
    hands = [(h, h, chal, (), ()) for h in heroes] + [(c, hero, c, (), ()) for c in chals]
    hands += [(i, hero, chal, (i,), ()) for i in catalog.ids("item")]
    hands += [(a, hero, chal, (), (a,)) for a in catalog.ids("ally")]
    out = []
    for card, h, c, items, allies in hands:
        kernel = compile_kernel(catalog, h, c, items, allies, ruleset or BASE)
        if kernel.fallback:
            out.append((card, kernel.fallback))
    return out
