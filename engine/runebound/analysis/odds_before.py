"""Exact odds with the Before Combat step: a distribution over the round loop's start, decided
optimally.

The engine's order (``Combat.fight_challenge``): the challenge's own Before Combat texts run
first, in card order; then the Hero's Before Combat window opens and the player uses any of
the Hero's and items' Before Combat abilities, one at a time, each once, in any order, until
passing (an activated card counts against the activation allowance; a discarded card's
abilities are gone). The state is ``(hero wounds, exhaustion, enemy wounds, Hero modifiers
until the end of the combat, abilities used)``. Everything is exact:

* a skill test rolls 2d10 + the attribute (static modifiers included) + the skill bonus (if
  the Hero has the skill) + the exhaustion chosen for it (``skill_bonus_per_exhaustion`` each,
  at most up to the Stamina) against the target number;
* an attack rolls 2d10 + attribute + ``<phase>_roll`` + bonus against the challenge's
  attribute; a hit inflicts the Hero's damage of that phase (unless "If you succeed, inflict
  N" replaces it), a miss inflicts the challenge's damage of that phase on the Hero;
* exhaustion past the Stamina turns into wounds (the engine's ``add_exhaustion``); a player
  never chooses exhaustion past it (a cost or a test's exhaustion);
* a Hero knocked out, or a challenge defeated, ends the combat at once (no rounds).

Every decision (use which ability next or pass, X, the exhaustion of a test, "you may")
maximises the probability of winning, given the exact value of the round loop at every start
state (:mod:`.odds_solver`); ties go to fewer expected wounds, then to the first option
(pass, the smallest number, "no"). Decisions are recorded by the situation the engine's player
sees, see :func:`decide_before_combat`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from ..core.ir import ATTRIBUTES, PHASES
from .before_model import BeforeModel
from .odds_exact import shared_solver
from .odds_solver import p_roll_at_least

_ATTR = dict(zip(PHASES, ATTRIBUTES, strict=True))
_EPS = 1e-12
HERO_NUMBERS = ATTRIBUTES + tuple(f"{p}_roll" for p in PHASES) + \
    tuple(f"{p}_damage" for p in PHASES) + ("life", "stamina")
CHALLENGE_NUMBERS = ATTRIBUTES + tuple(f"{p}_damage" for p in PHASES) + ("life",)


@dataclass(frozen=True)
class Rules:
    skill_bonus: int = 0
    skill_bonus_per_exhaustion: int = 0
    activations_before_combat: int = 1


@dataclass
class BeforeSolution:
    """The whole combat, Before Combat included. ``start`` maps each start of the round loop,
    ``(hero wounds, exhaustion, enemy wounds, modifiers, once-per-combat abilities spent)``,
    to its probability under the
    optimal decisions; ``won_before``/``lost_before`` end the combat before the rounds."""

    win: float
    loss: float
    stalemate: float
    expected_hero_wounds: float
    expected_hero_wounds_if_win: float
    decisions: dict
    start: dict
    won_before: float
    lost_before: float
    plan: list = field(default_factory=list)  # the decisions at the start, in order

    def to_dict(self) -> dict:
        return {"won_before": self.won_before, "lost_before": self.lost_before,
                "plan": self.plan,
                "start": [{"hero_wounds": h, "exhaustion": e, "enemy_wounds": c,
                           "modifiers": dict(m), "spent": sorted(sp), "probability": p}
                          for (h, e, c, m, sp), p in sorted(
                              self.start.items(),
                              key=lambda kv: kv[0][:4] + (sorted(kv[0][4]),))]}


def decide_before_combat(solution: BeforeSolution, kind: str, card: str | None,
                         hero_wounds: int, exhaustion: int, enemy_wounds: int, used=()):
    """The optimal answer to a Before Combat question, from plain numbers.

    ``kind``: ``use_ability`` (answer: an ability ref ``card#index`` or None to pass),
    ``x``, ``skill_exhaustion`` (a number), ``optional`` (True/False) or ``cancel`` (wounds
    being inflicted on the Hero: the ref of the cancel to use, or None); ``card``: the card the
    question is about (the ``source`` of the engine's decision; None for ``use_ability``; the
    wounds pending for ``cancel``); ``used``: refs of the Hero's Before Combat abilities and
    once-per-combat cancels used so far in this combat (the one being used included, except
    for ``x``, which is asked before it counts as used).
    KeyError for a situation the solution never reached.
    """
    used = frozenset(used)
    if kind == "use_ability":
        return solution.decisions[("use", hero_wounds, exhaustion, enemy_wounds, used)]
    return solution.decisions[(kind, card, hero_wounds, exhaustion, enemy_wounds, used)]


class _Search:
    """The Before Combat step as a program in continuation-passing style. ``value`` mode
    returns 5-vectors (win, loss, stalemate, final hero wounds, wounds * win) and records the
    best decision at every choice; ``dist`` mode follows the recorded decisions and returns
    the distribution of the step's ends."""

    def __init__(self, hero: dict, chal: dict, skills, model: BeforeModel, rules: Rules,
                 leaf_value, mode: str, decisions: dict, start=(0, 0, 0), skip: int = 0):
        self.hero, self.chal, self.rules = hero, chal, rules
        self.start, self.skip = start, skip
        self.skills = {s.lower() for s in skills}
        self.hostile, self.own = model.hostile, model.own
        self.cancels = [a for a in model.rounds if a.kind == "cancel" and -1 in a.phases]
        self.leaf_value, self.mode, self.decisions = leaf_value, mode, decisions
        self.memo: dict = {}

    # --- the semiring ----------------------------------------------------------------
    def terminal(self, end: str, h: int):
        if self.mode == "dist":
            return {(end, h): 1.0}
        return (1.0, 0.0, 0.0, h, h) if end == "win" else (0.0, 1.0, 0.0, h, 0.0)

    def leaf(self, st):
        if self.mode == "dist":
            return {("start",) + st: 1.0}
        return self.leaf_value(st[0], st[2], st[3], st[1], st[4])

    def mix(self, pairs):
        pairs = [(p, v) for p, v in pairs if p > 0.0]
        if self.mode == "dist":
            out: dict = {}
            for p, d in pairs:
                for k, q in d.items():
                    out[k] = out.get(k, 0.0) + p * q
            return out
        return tuple(sum(p * v[i] for p, v in pairs) for i in range(5))

    def choose(self, key, options):
        """``options``: (answer, thunk) pairs, in tie-break order."""
        if self.mode == "dist":
            answer = self.decisions[key]
            return dict(options)[answer]()
        best = bv = None
        for answer, thunk in options:
            v = thunk()
            if bv is None or v[0] > bv[0] + _EPS or (v[0] >= bv[0] - _EPS and v[3] < bv[3] - _EPS):
                best, bv = answer, v
        self.decisions[key] = best
        return bv

    # --- numbers ---------------------------------------------------------------------
    def stat(self, name: str, mods) -> int:
        return self.hero[name] + sum(d for s, d in mods if s == name)

    def wound_hero(self, st, n):
        """Wounds put on the Hero with no window (a cost, exhaustion past the Stamina)."""
        h, e, c, mods, spent = st
        if n <= 0:
            return st
        h += n
        return ("ko", h) if h >= self.stat("life", mods) else (h, e, c, mods, spent)

    def hurt(self, st, n, used, then):
        """``n`` wounds inflicted on the Hero: the wounds window opens, and while wounds are
        left a cancel still there may answer (the player chooses)."""
        if n <= 0:
            return then(st)
        avail = [a for a in self.cancels if a.ref not in st[4]
                 and (not a.activate or self.can_activate(a.card, used, st[4]))]
        if not avail:
            return then(self.wound_hero(st, n))
        options = [(None, lambda: then(self.wound_hero(st, n)))]
        for a in avail:
            after = st[:4] + (st[4] | {a.ref},)
            options.append((a.ref, lambda after=after, a=a: self.hurt(after, n - a.amount,
                                                                      used, then)))
        h, e, c = st[:3]
        return self.choose(("cancel", n, h, e, c, used | st[4]), options)

    def wound_enemy(self, st, n):
        h, e, c, mods, spent = st
        if n <= 0:
            return st
        c += n
        return ("win", h) if c >= self.chal["life"] else (h, e, c, mods, spent)

    def exhaust(self, st, n):
        h, e, c, mods, spent = st
        new = e + n
        over = max(0, new - self.stat("stamina", mods))
        return self.wound_hero((h, new - over, c, mods, spent), over)

    def go(self, st, k, outcome):
        if len(st) == 2:  # ("ko" | "win", hero wounds): the combat is over
            return self.terminal(*st)
        return k(st, outcome)

    # --- the step ----------------------------------------------------------------------
    def run(self):
        return self.challenge_text(self.skip, tuple(self.start) + ((), frozenset()))

    def challenge_text(self, i, st):
        if i == len(self.hostile):
            return self.window(st, frozenset())
        step = self.hostile[i]
        return self.effects(step, step.effects, 0, st, None, None, frozenset(),
                            lambda s, _o: self.challenge_text(i + 1, s))

    def window(self, st, used):
        key = (st, used)
        if key not in self.memo:
            h, e, c = st[:3]
            options = [(None, lambda: self.leaf(st))]
            options += [(s.ref, lambda s=s: self.use(s, st, used))
                        for s in self.own if self.legal(s, st, used)]
            self.memo[key] = self.choose(("use", h, e, c, used | st[4]), options)
        return self.memo[key]

    def can_activate(self, card, used, spent) -> bool:
        """Is ``card`` face up, and is there activation allowance left in this step?"""
        cards = [s.card for s in self.own if s.ref in used and "activate" in s.cost_ops()]
        cards += [a.card for a in self.cancels if a.ref in spent and a.activate]
        return card not in cards and len(cards) < self.rules.activations_before_combat

    def legal(self, step, st, used) -> bool:
        if step.ref in used:
            return False
        mine = [s for s in self.own if s.ref in used]
        if any(s.card == step.card and "discard" in s.cost_ops() for s in mine):
            return False  # the card is gone
        if "activate" in step.cost_ops() and not self.can_activate(step.card, used, st[4]):
            return False
        room = self.stat("stamina", st[3]) - st[1]
        for cost in step.costs:
            if cost["op"] == "exhaustion":
                need = 1 if cost["amount"]["kind"] == "x" else cost["amount"]["value"]
                if need > room:
                    return False
        return True

    def use(self, step, st, used):
        h, e, c, mods, spent = st
        after = used | {step.ref}
        if step.x_cost():
            room = self.stat("stamina", mods) - e
            return self.choose(("x", step.card, h, e, c, used | spent),
                               [(x, lambda x=x: self.pay(step, st, after, x))
                                for x in range(1, room + 1)])
        return self.pay(step, st, after, None)

    def pay(self, step, st, used, x):
        for cost in step.costs:
            n = x if cost.get("amount", {}).get("kind") == "x" else \
                cost.get("amount", {}).get("value", 0)
            if cost["op"] == "exhaustion":
                st = self.exhaust(st, n)  # within the Stamina: legal() checked it
            elif cost["op"] == "wounds":
                st = self.wound_hero(st, n)
                if len(st) == 2:
                    return self.terminal(*st)
        return self.effects(step, step.effects, 0, st, None, x, used,
                            lambda s, _o: self.window(s, used))

    def effects(self, step, effects, i, st, outcome, x, used, k):
        if i == len(effects):
            return k(st, outcome)
        e = effects[i]
        op = e["op"]

        def then(s, o=outcome):
            return self.go(s, lambda s2, o2: self.effects(step, effects, i + 1, s2, o2, x, used,
                                                          k), o)

        amount = e.get("amount")
        n = (x if amount["kind"] == "x" else amount["value"]) if amount else 0
        if op == "test":
            return self.test(step, e, st, used, then)
        if op == "attack":
            return self.attack(step, e, st, used, then)
        if op == "if":
            if outcome != e["outcome"]:
                return then(st)
            return self.effects(step, e["effects"], 0, st, outcome, x, used, then)
        if op == "optional":
            h, ex, c = st[:3]
            return self.choose(("optional", step.card, h, ex, c, used | st[4]), [
                (False, lambda: then(st)),
                (True, lambda: self.effects(step, e["effects"], 0, st, outcome, x, used, then))])
        if op in ("suffer", "inflict"):
            if e["target"] == "enemy":
                return then(self.wound_enemy(st, n))
            if op == "suffer" and e["token"] == "exhaustion":
                return then(self.exhaust(st, n))
            return self.hurt(st, n, used, then)
        if op == "for_duration":
            mods = dict(st[3])
            for m in e["effects"]:
                mods[m["stat"]] = mods.get(m["stat"], 0) + m["value"]
            return then(st[:3] + (tuple(sorted((s, d) for s, d in mods.items() if d)), st[4]))
        return then(st)  # gain_gold: nothing for this combat

    def test(self, step, e, st, used, then):
        h, ex, c, mods, spent = st
        has_skill = e["skill"] is not None and e["skill"].lower() in self.skills
        bonus = self.rules.skill_bonus if has_skill else 0
        per = self.rules.skill_bonus_per_exhaustion
        room = self.stat("stamina", mods) - ex

        def roll(n):
            s = (h, ex + n, c, mods, spent)
            p = p_roll_at_least(e["target_number"] - self.stat(e["attribute"], mods)
                                - bonus - per * n)
            return self.mix([(p, then(s, "success")), (1.0 - p, then(s, "failure"))])

        if has_skill and per and room > 0:
            return self.choose(("skill_exhaustion", step.card, h, ex, c, used | spent),
                               [(n, lambda n=n: roll(n)) for n in range(room + 1)])
        return roll(0)

    def attack(self, step, e, st, used, then):
        mods = st[3]
        phase = e["phase"]
        attr = _ATTR[phase]
        mine = self.stat(attr, mods) + self.stat(f"{phase}_roll", mods)
        if step.hostile:  # the challenge attacks with the bonus; the Hero defends
            p = p_roll_at_least(self.chal[attr] + e["bonus"] - mine)
            hit = st
        else:
            p = p_roll_at_least(self.chal[attr] - mine - e["bonus"])
            hit = self.wound_enemy(st, max(0, self.stat(f"{phase}_damage", mods))) \
                if e["damage"] == "normal" else st
        return self.mix([(p, then(hit, "success")),
                         (1.0 - p, self.hurt(st, self.chal[f"{phase}_damage"], used,
                                             lambda s: then(s, "failure")))])


def solve_before(hero: dict, chal: dict, model: BeforeModel, rules: Rules, leaf_value,
                 skills=(), start=(0, 0, 0), skip: int = 0) -> BeforeSolution:
    """The whole combat with the Before Combat ``model``.

    ``hero``: the Hero's effective numbers (:data:`HERO_NUMBERS`: attributes, ``<phase>_roll``
    and damage with static modifiers, ``life`` with the defeat margin, ``stamina``);
    ``chal``: the challenge's (:data:`CHALLENGE_NUMBERS`, life with the margin);
    ``leaf_value(hero_wounds, enemy_wounds, modifiers, exhaustion, spent)``: the round loop's
    5-vector from that start (modifiers: sorted ``(stat, delta)`` pairs lasting the combat;
    spent: refs of the once-per-combat abilities already used).
    ``start``: (hero wounds, exhaustion, enemy wounds) when the step begins; ``skip``: how many
    of the challenge's texts already ran (a player asked its first question mid-step).
    """
    for what, d, names in (("hero", hero, HERO_NUMBERS), ("challenge", chal, CHALLENGE_NUMBERS)):
        missing = [n for n in names if not isinstance(d.get(n), int)]
        if missing:
            raise ValueError(f"{what}: missing or non-integer number(s) {', '.join(missing)}")
    decisions: dict = {}
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 20_000))
    try:
        vec = _Search(hero, chal, skills, model, rules, leaf_value, "value", decisions,
                      start, skip).run()
        dist = _Search(hero, chal, skills, model, rules, leaf_value, "dist", decisions,
                       start, skip).run()
    finally:
        sys.setrecursionlimit(old)
    win, loss, stal, wounds, wwin = vec
    starts = {k[1:]: p for k, p in dist.items() if k[0] == "start"}
    h0 = start[0]
    sol = BeforeSolution(
        win=win, loss=loss, stalemate=stal, expected_hero_wounds=max(0.0, wounds - h0),
        expected_hero_wounds_if_win=max(0.0, wwin / win - h0) if win > 0 else 0.0,
        decisions=decisions, start=starts,
        won_before=sum(p for k, p in dist.items() if k[0] == "win"),
        lost_before=sum(p for k, p in dist.items() if k[0] == "ko"))
    sol.plan = _plan(model, decisions)
    return sol


def _plan(model: BeforeModel, decisions: dict) -> list[dict]:
    """The Hero's first Before Combat choices when the challenge's text changed nothing."""
    used: frozenset = frozenset()
    out = []
    choice = decisions.get(("use", 0, 0, 0, used), None)
    text = {s.ref: s.source for s in model.steps}
    if choice is None:
        out.append({"decision": "pass", "ability": None})
    else:
        out.append({"decision": "use", "ability": choice, "text": text[choice]})
        x = decisions.get(("x", choice.rsplit("#", 1)[0], 0, 0, 0, used))
        if x is not None:
            out[-1]["x"] = x
    return out


def exact_combat_odds(hero: dict, chal: dict, allies=(), model: BeforeModel | None = None,
                      rules: Rules = Rules(), skills=(), start=(0, 0, 0),
                      skip: int = 0, ally_ids=None, lean: bool = False) -> BeforeSolution:
    """Exact odds of the whole combat: :func:`solve_before` over the round loop of
    :func:`~.odds_exact.shared_solver` (one solve per set of lasting modifiers). ``hero`` and
    ``chal`` as for :func:`solve_before`; ``allies``: stat dicts as :func:`~.odds_exact.exact_odds`
    takes them (life with the margin); ``ally_ids``: their card ids (an Ally's
    once-per-combat ability is there while it lives); ``lean``: the round loop's solvers
    keep the decisions' numbers only (the bots': wins and wounds, on which every choice
    rests; the solution's loss and stalemate are then not worked out)."""
    model = model or BeforeModel()
    solvers: dict = {}
    rounds = tuple(model.rounds)

    def leaf(h, c, mods, e=0, spent=frozenset()):
        solver = solvers.get(mods)
        if solver is None:
            solver = solvers[mods] = shared_solver(
                round_card(hero, mods), round_card(chal, ()), allies,
                {f"{p}_roll": _get(hero, f"{p}_roll", mods) for p in PHASES},
                rounds, _get(hero, "stamina", mods), ally_ids, lean)
        flags = sum(1 << i for i, a in enumerate(rounds) if a.ref not in spent)
        return solver.value(h, c, flags, e)

    return solve_before(hero, chal, model, rules, leaf, skills, start, skip)


def _get(d: dict, name: str, mods) -> int:
    return d.get(name, 0) + sum(v for s, v in mods if s == name)


def round_card(numbers: dict, mods=()) -> dict:
    """The stat dict the round loop's solver takes (rolls apart), with lasting modifiers."""
    out = {"name": numbers.get("name", "")}
    for a in ATTRIBUTES:
        out[a] = _get(numbers, a, mods)
    for p in PHASES:
        out[f"{p}_damage"] = max(0, _get(numbers, f"{p}_damage", mods))
    out["life"] = max(1, _get(numbers, "life", mods))
    return out
