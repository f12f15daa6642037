"""The engine as a player sees it, read from a running kernel (``ask`` mode).

A :class:`~runeforge.engine.common.decisions.Player` answers ``decide(decision, engine)`` and
may read the engine: the figures, their stats, the moment, what was used. A kernel has no
engine objects, so at each question it hands over ``SNAP`` (a function returning its state)
and :class:`KernelView` offers the part of the engine's interface that players read
(``HeuristicBot``, ``OptimalPlayer``): ``state.hero``, ``state.combat_no``,
``state.effects``, ``enemies``, ``moment.step`` and ``.round``, ``stat``, ``restricted``,
``round_attacks``, ``ability``, ``catalog``, ``ruleset``. One view serves a whole combat, as
one engine does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.skills import granted_by
from .kernel_runtime import BC, ESC, MAGIC, MELEE, NONE, RANGED

STEP_NAMES = {BC: "before_combat", ESC: "escape", RANGED: "ranged", MELEE: "melee",
              MAGIC: "magic", NONE: None}
STATS = ("mind", "body", "spirit", "life", "stamina", "ranged_damage", "melee_damage",
         "magic_damage", "ranged_roll", "melee_roll", "magic_roll", "escape_roll")


@dataclass
class _Moment:
    step: str | None = None
    round: int = 0


@dataclass
class _Figure:
    id: str
    name: str
    kind: str
    code: str
    wounds: int = 0
    exhaustion: int = 0
    gold: int = 0
    items: list = field(default_factory=list)
    allies: list = field(default_factory=list)
    skills: list = field(default_factory=list)
    used: dict = field(default_factory=dict)
    activated: list = field(default_factory=list)
    life: int = 0

    def ally(self, ally_id: str):
        return next((a for a in self.allies if a.id == ally_id), None)


class _State:
    def __init__(self, view):
        self.view = view
        self.combat_no = 1
        self.effects: tuple = ()
        self.heroes: list = []

    def hero(self, hero_id: str):
        return self.view.hero


class KernelView:
    def __init__(self, kernel, catalog, ruleset, plan_cards, refs):
        self.catalog, self.ruleset = catalog, ruleset
        self.kernel = kernel
        self.cards = plan_cards  # (index, id, kind, ally index) of the plan's cards
        self.refs = refs  # candidate index -> ability ref
        hero_id, chal_id = plan_cards[0][1], plan_cards[-1][1]
        hero_card, chal_card = catalog.card(hero_id), catalog.card(chal_id)
        skills = list(hero_card.data.get("skills") or [])
        for _i, cid, kind, _ally in plan_cards:  # and those its held cards give (session skills)
            if kind != "challenge":
                skills += [s for s in granted_by(catalog.card(cid).standing_effects)
                           if s not in skills]
        self._printed = list(hero_card.data.get("skills") or [])
        self.hero = _Figure(hero_id, hero_card.name, "hero", "h", skills=skills)
        self.enemy = _Figure(chal_id, chal_card.name, "challenge", "c")
        self._allies = [_Figure(cid, catalog.card(cid).name, "ally", f"a{ally}")
                        for _i, cid, kind, ally in plan_cards if kind == "ally"]
        self.enemies = {hero_id: self.enemy}
        self.state = _State(self)
        self.state.heroes = [self.hero]
        self.moment = _Moment()
        self.round_attacks: set = set()
        self._stats: dict = {}
        self._barred = {}

    def update(self, snap, step: int, rnd: int) -> None:
        (hw, hx, gold, cw, aw, ax, al, hd, act, used, rah, raa, stats, barred,
         lasting) = snap()
        h = self.hero
        h.wounds, h.exhaustion, h.gold = hw, hx, gold
        self.enemy.wounds = cw
        h.items = [cid for i, cid, kind, _a in self.cards if kind == "item" and hd[i]]
        h.activated = [cid for i, cid, _k, _a in self.cards if act[i]]
        h.allies = []
        for fig, w, x, alive in zip(self._allies, aw, ax, al, strict=True):
            fig.wounds, fig.exhaustion = w, x
            if alive:
                h.allies.append(fig)
        h.skills = self._skills(h)  # a card lost in the fight takes its skill (branch runs2)
        h.used = {}
        for key in used:
            if key[1] == 1:  # the combat bucket, as the engine names it
                h.used[f"{self.refs[key[0]]}@combat:1"] = 1
        self.moment.step = STEP_NAMES[step]
        self.moment.round = rnd
        self.round_attacks = ({h.id} if rah else set()) | {
            a.id for a, on in zip(self._allies, raa, strict=True) if on}
        self._stats = stats
        self._barred = barred
        self.state.effects = lasting

    def _skills(self, h) -> list:
        """The Hero's skills now: printed, and given by the cards still held (skills_of)."""
        skills = list(self._printed)
        for cid in (h.id, *h.items, *(a.id for a in h.allies)):
            skills += [s for s in granted_by(self.catalog.card(cid).standing_effects)
                       if s not in skills]
        return skills

    # ---------------------------------------------------------------- the engine's reads
    def stat(self, fig, name: str) -> int:
        value = self._stats.get((fig.code, name))
        if value is None:
            return 0 if name.endswith("_roll") else int(self.catalog.card(fig.id).data.get(
                name, 0) or 0)
        return value

    def restricted(self, action: str):
        return self.enemy.id if self._barred.get(action) else None

    def ability(self, ref: str):
        card_id, _, index = ref.rpartition("#")
        return self.catalog.card(card_id).abilities[int(index)]


def snapshot_source(g) -> list[str]:
    """The ``SNAP`` function of an ``ask`` kernel: its state as the view reads it.
    ``SNAP(0)`` is the same state as one flat tuple without the stats and restrictions
    that are constants of the kernel (a table of answers per kernel keys on it: it tells
    two states apart exactly when ``SNAP()`` does)."""
    figs = ["h", "c"] + [f"a{i}" for i in range(g.n_allies)]
    values = [(f, s, g.s(f, s, True)) for f in figs for s in STATS]
    stats = ", ".join(f"({f!r}, {s!r}): {v}" for f, s, v in values)
    rules = [(a, g.plan.restricted(a, True)) for a in ("escape", "ally_attack")]
    barred = ", ".join(f"{a!r}: {v}" for a, v in rules)
    lasting = ", ".join(g.locals) + ("," if g.locals else "")
    varying = [str(v) for _f, _s, v in values if not isinstance(v, int)] + \
        [str(v) for _a, v in rules if not isinstance(v, bool)]
    flat = ", ".join(["hw, hx, gold, cw, rah, frozenset(used)",
                      *(f"*{n}" for n in ("aw", "ax", "al", "hd", "act", "raa")),
                      *(f"({v})" for v in varying), *g.locals])
    return ["def SNAP(k=1):",
            "    if not k:",
            f"        return ({flat})",
            f"    return (hw, hx, gold, cw, tuple(aw), tuple(ax), tuple(al), tuple(hd), "
            f"tuple(act), frozenset(used), rah, tuple(raa), {{{stats}}}, {{{barred}}}, "
            f"({lasting}))"]
