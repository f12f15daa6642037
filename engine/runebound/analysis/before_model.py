"""Which abilities the exact odds model, read from the IR: the Before Combat steps.

:func:`before_model` takes the abilities of every card a combat involves (the Hero, the items,
the Allies and the challenge) as ``(card id, index, role, IR dict)`` and sorts them:

* **steps** — Before Combat abilities the exact model plays (:mod:`.odds_before`): the
  challenge's own texts, which the engine runs first and in card order (tests, "take N wounds
  / exhaustion", "your enemy takes N wounds"), and the Hero's and items' Before Combat
  abilities, which the player may use in any order in the Hero's window (attacks, tests,
  wounds and exhaustion, "until the end of this combat" modifiers of the Hero; paid with
  exhaustion (N or X), a wound, activation or discarding);
* **inert** — abilities that cannot change the combat's outcome: those of a window outside
  combat (movement, market, start of turn) or one that opens only after the outcome is decided
  (after combat, on defeating a challenge, on a knock-out);
* **rounds** — once-per-combat abilities of the Hero's and items' cards the round loop plays
  (:class:`~.odds_solver.RoundAbility`): "<Phase>: Once per combat, take N exhaustion to
  inflict M wounds on your enemy" and "Once per combat, you may cancel N wounds being
  inflicted on your Hero" (in the phases and Before Combat its timing allows);
* **uncovered** — everything else that can act in the fight, each with the reason.

``complete_before`` is true when nothing usable in the Before Combat step is uncovered: then
the model's Before Combat decisions are the whole story of that step; ``complete`` when
nothing at all is. Static modifiers, "cannot escape"
and "Allies cannot attack" are read by the caller (they are not Before Combat steps). The
engine's rules this follows are in ``Combat.fight_challenge`` (challenge text first, then the
Hero's window), ``Resolver.open_window``/``refusal``/``use_ability`` (once per combat, the
activation allowance, the costs) and ``Rolls.skill_test``/``combat_attack``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.attackbar_rbsubj import ACTIONS as BAR_ACTIONS  # branch rbsubj
from ..core.ir import PHASES, WINDOWS
from .odds_solver import RoundAbility

HERO_TARGETS = ("hero", "you", "each_hero")  # in a one-Hero combat, "each Hero" is the Hero
COSTS = ("activate", "discard", "exhaustion", "wounds")
# ---- families 1-3 (issue 21): why an ability with such an effect is not modelled
BRANCHING_REASONS = {
    "if_state": "a condition on the state ('If your Hero is in ...', not modelled)",
    "choose": "a choice of options ('Choose one', not modelled)",
    "roll_table": "a random table ('Roll a die', not modelled)",
    "while": "a rule in force only while a condition holds ('While ...', not modelled)",
}
# ---- family 7: combat
NOT_MODELLED = {
    "extra_wounds": "additional wounds on every successful attack (not modelled)",
    "inflict_additional": "additional wounds after an attack's success (not modelled)",
    "reroll": "a reroll of a combat roll (not modelled)",
    "wound_cap": "a cap on the wounds the Hero takes in each combat phase (not modelled)",
    "immune": "immunity to a phase's attacks (not modelled)",
    "cancel_first": "the first wounds of each combat (round) cancelled (not modelled)",
    "damage_rule": "the wounds of an attack multiplied or capped (not modelled)",  # rbdamage
}


@dataclass(frozen=True)
class Step:
    """One Before Combat ability the model plays. ``effects``/``costs``: its IR."""

    ref: str  # "card#index", as the engine names abilities
    card: str
    role: str  # hero, item, ally or challenge
    source: str
    costs: tuple
    effects: tuple

    @property
    def hostile(self) -> bool:
        return self.role == "challenge"

    def cost_ops(self) -> tuple[str, ...]:
        return tuple(c["op"] for c in self.costs)

    def x_cost(self) -> bool:
        return any(c.get("amount", {}).get("kind") == "x" for c in self.costs)


@dataclass
class BeforeModel:
    steps: list[Step] = field(default_factory=list)
    inert: list[tuple[str, int, str, str]] = field(default_factory=list)  # card, i, text, why
    uncovered: list[tuple[str, int, str, str]] = field(default_factory=list)
    rounds: list[RoundAbility] = field(default_factory=list)
    uncovered_before: list[tuple[str, int, str, str]] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        return not self.uncovered

    @property
    def complete_before(self) -> bool:
        return not self.uncovered_before

    @property
    def hostile(self) -> list[Step]:
        return [s for s in self.steps if s.hostile]

    @property
    def own(self) -> list[Step]:
        return [s for s in self.steps if not s.hostile]


def inert_reason(ir: dict) -> str | None:
    """Why an ability cannot change a combat's outcome (None: it may)."""
    window = ir["timing"]["window"]
    if window in WINDOWS and not ir["static"]:
        return f"used in the '{window.replace('_', ' ')}' window, outside the fight " \
               "(no effect on the odds)"
    return None


def acts_before_combat(ir: dict, role: str) -> bool:
    """Can the ability do something during the Before Combat step?"""
    if ir["static"] or inert_reason(ir):
        return False
    tag = ir["timing"]["tag"]
    if role == "challenge":  # its Before Combat text (its phase texts are in the rounds)
        return tag == "before_combat"
    standing = not ir["costs"] and ir["effects"] and all(
        e["op"] == "trigger" for e in ir["effects"])
    if standing:
        return False  # an always-on trigger: the caller reports it
    return tag in (None, "any_phase", "before_combat")


def step_refusal(ir: dict, role: str) -> str | None:
    """Why the model cannot play this Before Combat ability (None: it can)."""
    if ir["timing"]["tag"] != "before_combat":
        return "usable in every step, Before Combat included (not modelled)" \
            if not ir["reaction"] else "a reaction to wounds being inflicted (not modelled)"
    if ir["reaction"]:
        return "a reaction to wounds being inflicted (not modelled)"
    if role == "ally":
        return "an Ally's Before Combat ability (not modelled)"
    if role == "challenge" and ir["costs"]:
        return "a Before Combat offer with a cost (not modelled)"
    has_x = False
    for c in ir["costs"]:
        if c["op"] not in COSTS:
            return f"a '{c['op']}' cost (not modelled)"
        if c["op"] == "discard" and role != "item":
            return "a discard cost on a card that is not an item"
        kind = c.get("amount", {}).get("kind", "fixed")
        if kind == "x" and c["op"] == "exhaustion":
            has_x = True
        elif kind != "fixed":
            return f"a '{c['op']}' cost of {kind} (not modelled)"
    counts = {"test": 0}
    why = _effects_refusal(ir["effects"], role, has_x, True, counts)
    if why is None and counts["test"] > 1:
        why = "two tests in one ability (not modelled)"
    return why


def _effects_refusal(effects, role, has_x, top, counts) -> str | None:
    for e in effects:
        op = e["op"]
        amount = e.get("amount")
        if amount is not None and not (amount["kind"] == "fixed"
                                       or (amount["kind"] == "x" and has_x)):
            return f"an amount of {amount['kind']} (not modelled)"
        if op == "test":
            counts["test"] += 1
        elif op == "attack":
            pass
        elif op in ("if", "optional"):
            why = _effects_refusal(e["effects"], role, has_x, False, counts)
            if why:
                return why
        elif op in ("suffer", "inflict"):
            if e["target"] not in HERO_TARGETS + ("enemy",):
                return f"'{e['target']}' as a target (not modelled)"
            if op == "suffer" and e["target"] == "enemy" and e["token"] != "wound":
                return "exhaustion on the enemy (not modelled)"
        elif op == "gain_gold":
            pass  # gold changes nothing in this combat
        elif op == "for_duration":
            if not top or e["until"] != "end_of_combat":
                return "a duration other than 'until the end of this combat' (not modelled)"
            for m in e["effects"]:
                if m["op"] != "modify" or m["target"] not in ("hero", "you"):
                    return "a lasting effect other than a modifier of your Hero (not modelled)"
        # ---- families 1-3 (issue 21): a branch the model does not follow
        elif op in BRANCHING_REASONS:
            return BRANCHING_REASONS[op]
        else:
            return f"the effect '{op}' (not modelled)"
    return None


def round_ability(card: str, index: int, role: str, ir: dict, allies: bool,
                  name: str = "") -> RoundAbility | None:
    """The round loop's view of a once-per-combat strike or cancel (None: not one). An
    activated card is face down until refreshed: once per combat too."""
    activate = [c["op"] for c in ir["costs"]] == ["activate"]
    if role not in ("hero", "item", "ally") or ir["static"] or not (
            "combat" in ir["limits"] or activate):
        return None
    effects, tag = ir["effects"], ir["timing"]["tag"]
    if len(effects) == 1 and effects[0]["op"] == "optional":
        effects = effects[0]["effects"]  # "you may": the player says yes when it uses it
    if len(effects) != 1 or effects[0].get("amount", {}).get("kind") not in ("fixed", "choice"):
        return None
    e = effects[0]
    amount = e["amount"].get("value", 0) if e["amount"]["kind"] == "fixed" else \
        max(e["amount"]["values"])  # "1 or 2": the most there is to cancel
    ref, name = f"{card}#{index}", name or card
    holder = card if role == "ally" else None  # an Ally's card: there while it lives
    if ir["reaction"] == "wounds_inflicted":
        if (ir["costs"] and not activate) or e["op"] != "cancel" or not (
                e["target"] == "hero" or (e["target"] == "hero_or_ally" and not allies)):
            return None
        phases = (-1, 0, 1, 2) if tag in (None, "any_phase") else \
            (-1,) if tag == "before_combat" else (PHASES.index(tag),)
        return RoundAbility(name, ref, "cancel", phases, amount, activate=activate,
                            holder=holder)
    if e["amount"]["kind"] != "fixed":
        return None
    if ir["reaction"] or tag not in PHASES:
        return None
    costs = ir["costs"]
    if len(costs) > 1 or any(c["op"] != "exhaustion" or c["amount"]["kind"] != "fixed"
                             for c in costs):
        return None
    if e["op"] not in ("inflict", "suffer") or e["target"] != "enemy" \
            or e.get("token", "wound") != "wound":
        return None
    cost = costs[0]["amount"]["value"] if costs else 0
    return RoundAbility(name, ref, "strike", (PHASES.index(tag),), e["amount"]["value"], cost,
                        holder=holder)


def before_model(abilities) -> BeforeModel:
    """Sort ``(card id, index, role, IR)`` tuples (see the module docstring)."""
    model = BeforeModel()
    abilities = list(abilities)
    allies = any(role == "ally" for _c, _i, role, _ir in abilities)
    seen: set = set()
    for card, index, role, ir in abilities:
        why = inert_reason(ir)
        if not why and not ir["static"] and (card, index) in seen:  # issue 32 (runs3):
            # each copy has its own uses (Resolver.refusal); the model names one ref a card
            model.uncovered.append((card, index, ir["source"], "a second copy of the card, "
                                    "with a use of its own (not modelled)"))
            if acts_before_combat(ir, role) or ir["reaction"]:
                model.uncovered_before.append(model.uncovered[-1])
            continue
        seen.add((card, index))
        if why:
            model.inert.append((card, index, ir["source"], why))
            continue
        if ir["reaction"] == "assist":  # ---- family 7: combat
            model.inert.append((card, index, ir["source"], "used only in another Hero's "
                                "combat (no effect on the odds of this one)"))
            continue
        why = _not_modelled(ir["effects"])
        if why:
            model.uncovered.append((card, index, ir["source"], why))
            if acts_before_combat(ir, role) or ir["reaction"]:
                model.uncovered_before.append((card, index, ir["source"], why))
            continue
        ability = round_ability(card, index, role, ir, allies)
        if ability is not None:
            model.rounds.append(ability)
            continue
        if not acts_before_combat(ir, role):
            why = _round_refusal(ir, role)
            if why:
                model.uncovered.append((card, index, ir["source"], why))
            continue
        why = step_refusal(ir, role)
        if why:
            model.uncovered.append((card, index, ir["source"], why))
            model.uncovered_before.append((card, index, ir["source"], why))
            continue
        model.steps.append(Step(f"{card}#{index}", card, role, ir["source"],
                                tuple(ir["costs"]), tuple(ir["effects"])))
    # activated cards share the round's activation allowance: the model plays one at most
    activated = [a for a in model.rounds if a.activate]
    if len(activated) > 1:
        for a in activated:
            model.rounds.remove(a)
            entry = (a.card, int(a.ref.rsplit("#", 1)[1]),
                     next(ir["source"] for c, i, _r, ir in abilities
                          if f"{c}#{i}" == a.ref),
                     "one of several activated cards sharing the activation allowance "
                     "(not modelled)")
            model.uncovered.append(entry)
            if -1 in a.phases:
                model.uncovered_before.append(entry)
    # a card activated by a Before Combat step is face down in the rounds: not modelled
    stepped = {s.card for s in model.steps if "activate" in s.cost_ops()}
    for a in [a for a in model.rounds if a.activate and a.card in stepped]:
        model.rounds.remove(a)
        entry = (a.card, int(a.ref.rsplit("#", 1)[1]),
                 next(ir["source"] for c, i, _r, ir in abilities if f"{c}#{i}" == a.ref),
                 "activated by another ability of its card too (not modelled)")
        model.uncovered.append(entry)
        model.uncovered_before.append(entry)
    # the player's questions name the card, not the ability: one deciding ability per card
    deciding: dict[str, int] = {}
    for s in model.steps:
        if s.x_cost() or _decides(s.effects):
            deciding[s.card] = deciding.get(s.card, 0) + 1
    for s in [s for s in model.steps if deciding.get(s.card, 0) > 1]:
        model.steps.remove(s)
        entry = (s.card, int(s.ref.rsplit("#", 1)[1]), s.source,
                 "a second ability with a choice on the same card (not modelled)")
        model.uncovered.append(entry)
        model.uncovered_before.append(entry)
    return model


def _round_refusal(ir: dict, role: str) -> str | None:
    """Why an ability that does not act in Before Combat is not covered (None: it changes
    nothing the model does not already read: static modifiers and rules)."""
    if ir["static"]:
        if any(e["op"] == "restrict" and e.get("action") in BAR_ACTIONS for e in ir["effects"]):
            return "a rule of who may not attack in a phase or round (not modelled)"  # rbsubj
        if all(e["op"] in ("modify", "restrict", "cost_modifier") for e in ir["effects"]):
            return None
        # ---- family 1 (issue 21): a rule in force only while a condition holds
        if any(e["op"] == "while" for e in ir["effects"]):
            return "a rule in force only while a condition holds ('While ...', not modelled)"
        if all(e["op"] == "trigger" and all(x["op"] == "gain_gold" for x in e["effects"])
               for e in ir["effects"]):
            return None
        return "an always-on trigger (not modelled)"
    if role == "challenge":  # its text of a phase runs at the start of that phase, each round
        tag = ir["timing"]["tag"]
        which = "one" if "combat" in ir["limits"] else "every"  # its stated limit counts
        return (f"a challenge's '{tag.title()}:' text, run at the start of {which} {tag} phase "
                "(not modelled)") if tag in PHASES else None
    if not ir["costs"] and ir["effects"] and all(e["op"] == "trigger" for e in ir["effects"]):
        return "an always-on trigger (not modelled)"
    return "a combat-phase ability other than a once-per-combat strike or cancel " \
        "(not modelled)"


def _not_modelled(effects) -> str | None:  # ---- family 7: combat
    for e in effects:
        why = NOT_MODELLED.get(e["op"]) or _not_modelled(e.get("effects", ()))
        if why:
            return why
    return None


def _decides(effects) -> bool:
    return any(e["op"] in ("test", "optional") or _decides(e.get("effects", ()))
               for e in effects if e["op"] != "for_duration")
