"""Exact odds that a Delve hero slays one adversary in one hero turn (``runeforge odds``).

The model (docs/delve.md, "Odds"): the hero rolls its hero dice (the hero's ``hero_dice``, else
the rules data's); each action spends one die showing at least its cost (R2). The actions that
count are the hero's weapon actions (``Name (N+): Attack …``, escalating ``(N+*)`` too: each
use this turn costs one more, R14's step) and its ``Spend a hero die (N+) to attack …``
abilities, its move abilities (``Name (N+): Move up to N spaces.``, escalating too), plus the
basic Move; a move switches between the two positions the model knows:
*adjacent* (combat weapons reach; the hero is pinned, A5, so Move costs the rules'
``pinned_move_need``) and *apart* (the adversary is visible and not adjacent, so missile
weapons reach, R16; Move costs the basic Move's need). Area attacks hit the adversary from
either position (same chamber, A7). Every attack rolls a fresh die (A1): a roll of Hit or more
deals Damage wounds (R17); the adversary is slain when its wounds reach its Vigour (R19).

The adversary's rules (issue 32) count as the engine plays them: a range it is ``immune``
to is no attack against it; ``guard`` adds to (or takes from) each attack roll of its range,
or to its Damage; a ``ward`` each round takes one wound off the first hit that wounds it.
Its other rules are named in ``ignored`` with why (:func:`ignored_rules`).

Decisions are adaptive: after each roll the hero picks the best next action. :class:`Solver`
is an exact expectimax over (sorted remaining dice, wounds dealt, position, uses of each
escalating action, whether the adversary's ward is still up), in
:class:`~fractions.Fraction`. Ties go to the first action in card order paid with the lowest
die that pays; stopping is chosen only when nothing helps.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial

from runeforge.engine.common.errors import EngineError

from ..rules.abilities import abilities_of
from ..rules.data import RulesData

POSITIONS = ("adjacent", "apart")
REACH = {"combat": ("adjacent",), "missile": ("apart",), "area": ("adjacent", "apart")}


@dataclass(frozen=True)
class Action:
    """One thing a die can pay for in the model: an attack or the basic Move."""

    name: str
    need: int
    escalating: bool = False
    kind: str = "attack"          # "attack" or "move"
    form: str = "action"          # "action" (a named header) or "spend" (Spend a hero die)
    range: str | None = None
    hit: int | None = None
    damage: int | None = None

    def label(self) -> str:
        star = "*" if self.escalating else ""
        if self.kind == "move":
            return f"Move ({self.need}+)"
        if self.form == "spend":
            return f"Spend ({self.need}+): attack, {self.range}, Hit {self.hit}+, " \
                   f"Damage {self.damage}"
        return f"{self.name} ({self.need}+{star})"

    def to_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if v is not None}


def hero_moves(hero: dict) -> list[Action]:
    """The hero's move abilities: ``action`` and ``spend`` abilities whose one effect is a move
    of at least one space (its need, escalating or not; a move ability is not pinned, A5 is
    the basic Move's rule), in card order."""
    return [Action(a.name, a.need, a.escalating, "move", a.form)
            for a in abilities_of(hero)
            if len(a.effects) == 1 and a.effects[0].get("op") == "move"
            and int(a.effects[0].get("up_to", 0)) >= 1]


def hero_attacks(hero: dict) -> list[Action]:
    """The hero's weapon abilities as the engine reads them (:func:`~..rules.abilities.
    abilities_of`: ``action`` and ``spend`` abilities whose one effect is an attack), in card
    order."""
    out = []
    for a in abilities_of(hero):
        if a.weapon and a.limit is None and not a.effects[0].get("best_of"):
            e = a.effects[0]
            out.append(Action(a.name, a.need, a.escalating, "attack", a.form, e["range"],
                              e["hit"], e["damage"]))
    return out


COUNTED = {"attack", "move"}


def ignored(hero: dict) -> list[dict]:
    """The hero's abilities the model leaves out, each with why (issue 32: every form of the
    dialect is either counted or named here). Counted: weapon actions (one attack effect, no
    limit) and move abilities (one move effect); also not modelled, as documented: heals and
    renown (they cannot slay), skills, explore."""
    out = []
    for ir in hero.get("abilities", []):
        form, ops = ir.get("form"), [e["op"] for e in ir.get("effects", [])]
        name = ir.get("name") or ir.get("event") or form
        if form in ("trigger", "constant"):
            why = ("a renown rule fires after the turn's events" if form == "trigger" else
                   "a constant bonus (to rolls, Damage or Move) is not modelled")
        elif any(e.get("best_of") for e in ir.get("effects", [])):   # issue 32 (delve9)
            why = "rolling several dice and using the higher result is not modelled"
        elif len(ops) == 1 and ops[0] in COUNTED and not ir.get("limit"):
            continue
        elif ir.get("limit"):
            why = "'only once per turn' is not modelled"
        elif set(ops) <= {"heal", "renown", "skill", "explore"}:
            continue                     # documented: these cannot slay
        else:
            why = "an ability of several effects, or of " + ", ".join(
                sorted(set(ops) - COUNTED) or ops) + ", is not modelled"
        out.append({"ability": name, "ops": ops, "why": why})
    return out


def rules_of(adversary: dict) -> list[dict]:
    """The effects of the adversary's rules that always hold (``constant`` abilities)."""
    return [e for ir in adversary.get("abilities", []) if ir.get("form") == "constant"
            for e in ir["effects"]]


def against(attack: Action, rules: list[dict]) -> Action | None:
    """``attack`` as it stands against an adversary with ``rules``: None when it is immune
    to the range; Hit lowered by a roll bonus (raised by a malus), Damage raised."""
    if any(e["op"] == "immune" and e["range"] == attack.range for e in rules):
        return None
    mine = [e for e in rules if e["op"] == "guard" and e.get("range") in (None, attack.range)]
    roll = sum(e["amount"] for e in mine if e["stat"] == "roll")
    damage = sum(e["amount"] for e in mine if e["stat"] == "damage")
    return replace(attack, hit=attack.hit - roll, damage=max(0, attack.damage + damage))


MODELLED_RULES = {"immune", "guard"}


def ignored_rules(adversary: dict) -> list[dict]:
    """The adversary's abilities the model leaves out, each with why."""
    out = []
    for ir in adversary.get("abilities", []):
        ops = [e["op"] for e in ir.get("effects", [])]
        name = ir.get("label") or ir.get("event") or ir.get("form")
        if ir.get("form") == "constant":
            left = [op for op in ops if op not in MODELLED_RULES
                    and not (op == "ward" and ir["effects"][ops.index(op)].get("per"))]
            if not left:
                continue
            why = {"steadfast": "no push or pull in the model",
                   "pin": "the model's two positions have no distance",
                   # issue 32 (session delve8): whom it attacks, how far it moves
                   "strike": "the adversary's attacks on heroes are not modelled",
                   "boost": "the model's two positions have no distance"}.get(left[0],
                                                                          "not modelled")
        else:
            why = {"slain": "it fires once the adversary is slain",
                   "attacks": "the adversary does not attack in the hero's turn",
                   "wounded": "what a wound makes it do is not modelled"}.get(
                ir.get("event"), "the adversary's triggers are not modelled")
        out.append({"ability": name, "ops": ops, "why": why, "card": "adversary"})
    return out


@dataclass(frozen=True)
class Problem:
    """Everything the solver needs, as plain numbers."""

    attacks: tuple[Action, ...]
    vigour: int
    dice: int
    faces: int = 6
    move: int = 1                 # the basic Move's need when apart
    pinned_move: int = 2          # A5: its need when adjacent (pinned)
    step: int = 1                 # an escalating cost's rise per use (R14)
    moves: tuple[Action, ...] = ()   # the hero's move abilities (kind "move")
    ward: bool = False            # the adversary ignores the first wound it suffers (a round)

    def __post_init__(self):
        if self.vigour < 1 or self.dice < 0 or self.faces < 1:
            raise EngineError("odds: Vigour is at least 1, dice at least 0, faces at least 1")


def problem(hero: dict, adversary: dict, rules: RulesData, rules_doc: dict | None = None,
            dice: int | None = None, vigour_bonus: int = 0) -> Problem:
    """The problem of ``hero`` (a Delve hero record with IR abilities) against ``adversary``."""
    step = rules.escalating_step          # the engine's own (N+*) step (rules data)
    count = dice if dice is not None else hero.get("hero_dice", rules.hero_dice)
    mine = rules_of(adversary)
    attacks = tuple(a for a in (against(x, mine) for x in hero_attacks(hero)) if a is not None)
    ward = any(e["op"] == "ward" and e.get("per") for e in mine)
    return Problem(attacks, adversary["vigour"] + vigour_bonus, count,
                   rules.die_faces, rules.move, rules.pinned_move, step,
                   tuple(hero_moves(hero)), ward)


def rolls(n: int, faces: int):
    """Every sorted roll of ``n`` dice with its exact probability."""
    total = faces ** n
    for combo in combinations_with_replacement(range(1, faces + 1), n):
        ways = factorial(n)
        for f in set(combo):
            ways //= factorial(combo.count(f))
        yield combo, Fraction(ways, total)


class Solver:
    """The exact expectimax of one :class:`Problem`. Its ``actions`` are the attacks, then the
    move abilities (a choice names one by index); the basic Move is the choice "move". Ties
    go to an attack in card order, then the basic Move, then a move ability."""

    def __init__(self, p: Problem):
        self.p = p
        self.actions = tuple(p.attacks) + tuple(p.moves)
        self.escalating = [i for i, a in enumerate(self.actions) if a.escalating]
        self.moves = (Action("Move", p.pinned_move, kind="move"),   # from adjacent (pinned)
                      Action("Move", p.move, kind="move"))          # from apart
        self.value = lru_cache(maxsize=None)(self._value)

    def cost(self, index: int, uses: tuple[int, ...]) -> int:
        a = self.actions[index]
        if not a.escalating:
            return a.need
        return a.need + self.p.step * uses[self.escalating.index(index)]

    def choices(self, dice: tuple[int, ...], pos: str, uses: tuple[int, ...]):
        """(action index or "move", face) pairs legal now: card order, then lowest face."""
        out = []
        for i, a in enumerate(self.p.attacks):
            need = self.cost(i, uses)
            if pos in REACH[a.range] and need <= self.p.faces:
                out += [(i, f) for f in sorted(set(dice)) if f >= need]
        need = self.moves[POSITIONS.index(pos)].need   # the basic Move before an ability's
        if need <= self.p.faces:
            out += [("move", f) for f in sorted(set(dice)) if f >= need]
        for i in range(len(self.p.attacks), len(self.actions)):
            need = self.cost(i, uses)
            if need <= self.p.faces:
                out += [(i, f) for f in sorted(set(dice)) if f >= need]
        return out

    def after(self, choice, dice, wounds, pos, uses, ward=False):
        """[(probability, next state)] of making ``choice``."""
        what, face = choice
        rest = list(dice)
        rest.remove(face)
        rest = tuple(rest)
        other = POSITIONS[1 - POSITIONS.index(pos)]
        if what == "move":
            return [(Fraction(1), (rest, wounds, other, uses, ward))]
        a = self.actions[what]
        if a.escalating:
            k = self.escalating.index(what)
            uses = uses[:k] + (uses[k] + 1,) + uses[k + 1:]
        if a.kind == "move":
            return [(Fraction(1), (rest, wounds, other, uses, ward))]
        faces = self.p.faces
        hit = Fraction(min(faces, max(0, faces - a.hit + 1)), faces)
        damage = a.damage - (1 if ward and a.damage > 0 else 0)
        hurt = min(self.p.vigour, wounds + damage)
        still = ward and a.damage == 0
        return [(hit, (rest, hurt, pos, uses, still)), (1 - hit, (rest, wounds, pos, uses, ward))]

    def _value(self, dice, wounds, pos, uses, ward=False) -> tuple[Fraction, object]:
        """(chance to slay from here, best choice or None to stop)."""
        if wounds >= self.p.vigour:
            return Fraction(1), None
        best, choice = Fraction(0), None
        for c in self.choices(dice, pos, uses):
            v = sum((pr * self.value(*state)[0] for pr, state in self.after(c, dice, wounds,
                                                                             pos, uses, ward)
                     if pr), Fraction(0))
            if v > best:
                best, choice = v, c
        return best, choice

    def start(self, roll, pos: str):
        return self.value(tuple(sorted(roll)), 0, pos, (0,) * len(self.escalating), self.p.ward)

    def describe(self, choice, pos: str) -> str:
        if choice is None:
            return "stop"
        what, face = choice
        goal = "away (apart)" if pos == "adjacent" else "next to it"
        if what == "move":
            return f"Move ({self.moves[POSITIONS.index(pos)].need}+) {goal} with a {face}"
        a = self.actions[what]
        if a.kind == "move":
            star = "*" if a.escalating else ""
            return f"{a.name} ({a.need}+{star}): move {goal} with a {face}"
        return f"{a.label()} with a {face}"


def solve(p: Problem, start: str = "adjacent") -> dict:
    """The exact chance to slay, and the first decision for each roll (plain data)."""
    if start not in POSITIONS:
        raise EngineError(f"odds: the start is one of {', '.join(POSITIONS)}, not {start!r}")
    s = Solver(p)
    total, first = Fraction(0), []
    for roll, pr in rolls(p.dice, p.faces):
        v, choice = s.start(roll, start)
        total += pr * v
        first.append({"roll": list(roll), "probability": str(pr), "slay": str(v),
                      "first": s.describe(choice, start),
                      "choice": None if choice is None else
                      {"action": "move" if choice[0] == "move" else s.actions[choice[0]].name,
                       "face": choice[1]}})
    return {"probability": str(total), "percent": float(total * 100), "dice": p.dice,
            "faces": p.faces, "vigour": p.vigour, "start": start,
            "actions": [a.to_dict() for a in p.attacks],
            "move_abilities": [a.to_dict() for a in p.moves],
            "move": {"adjacent": p.pinned_move, "apart": p.move}, "first": first,
            "by_face": by_face(first)}


def by_face(first: list[dict]) -> list[dict]:
    """For each face, what the first decision spends it on and how often (over the rolls that
    spend that face first), most often first: the plan in words."""
    seen: dict = {}
    for row in first:
        if row["choice"] is None:
            continue
        face = row["choice"]["face"]
        seen.setdefault(face, {}).setdefault(row["first"], Fraction(0))
        seen[face][row["first"]] += Fraction(row["probability"])
    out = []
    for face in sorted(seen, reverse=True):
        for text, pr in sorted(seen[face].items(), key=lambda kv: (-kv[1], kv[0])):
            out.append({"face": face, "first": text, "probability": str(pr)})
    return out


def odds_exact(bundle: dict, options: dict) -> dict:
    """The ``odds_exact`` engine entry of the game ``delve``: ``options`` holds ``hero``,
    ``adversary`` (ids), optionally ``start`` (adjacent | apart) and ``dice``."""
    from ..game.state import Records

    records = Records.from_bundle(bundle)
    hero, adv = options["hero"], options["adversary"]
    if hero not in records.heroes:
        raise EngineError(f"no Delve hero {hero!r} in the bundle")
    if adv not in records.adversaries:
        raise EngineError(f"no Delve adversary {adv!r} in the bundle")
    p = problem(records.heroes[hero], records.adversaries[adv], records.rules,
                records.rules_doc, options.get("dice"))
    out = solve(p, options.get("start") or "adjacent")
    out.update(hero=hero, adversary=adv, method="exact")
    left_out = ignored(records.heroes[hero]) + ignored_rules(records.adversaries[adv])
    if left_out:                       # said, never silently dropped (issue 32)
        out["ignored"] = left_out
    return out
