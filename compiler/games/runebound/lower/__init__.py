"""Lower an ability AST (runeforge.dsl.runebound.nodes) to the effect IR (runeforge.engine.runebound.core.ir).

The IR is what the engine runs; see docs/effect-ir.md. Lowering is a direct mapping:
node kinds become ops, "and" lists are flattened, "you may", outcomes, durations and
triggers become nested effect lists.
"""

from __future__ import annotations

from dataclasses import replace
from functools import singledispatch

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer import print_ability

STATIC_CLAUSES = (n.Modifier, n.CostModifier, n.Restrict)
STATIC_SENTENCES = (n.WhileState,)  # families 1-3: "While ..., you receive +1 Body."


def amount(a: n.Amount) -> dict:
    if a.kind in ("fixed", "up_to", "at_least"):
        return {"kind": a.kind, "value": a.values[0]}
    if a.kind == "choice":
        return {"kind": "choice", "values": list(a.values)}
    return {"kind": a.kind}


def _target(t: str | None) -> str:
    # "you" / no subject: the Hero (on adventure cards, the Hero facing the card)
    return "hero" if t in (None, "you") else t


@singledispatch
def effect(node) -> list[dict]:
    raise TypeError(f"no IR for {type(node).__name__}")


def effects(node) -> list[dict]:
    return effect(node)


@effect.register
def _(node: n.And) -> list[dict]:
    return [op for item in node.items for op in effect(item)]


@effect.register
def _(node: n.MayDo) -> list[dict]:
    return [{"op": "optional", "effects": effect(node.effect)}]


@effect.register
def _(node: n.Outcome) -> list[dict]:
    return [{"op": "if", "outcome": node.outcome, "effects": effect(node.effect)}]


@effect.register
def _(node: n.During) -> list[dict]:
    return [{"op": "for_duration", "until": node.until, "effects": effect(node.effect)}]


@effect.register
def _(node: n.Trigger) -> list[dict]:
    return [{"op": "trigger", "event": event(node.event), "effects": effect(node.effect)}]


@effect.register
def _(node: n.Suffer) -> list[dict]:
    return [{"op": "suffer", "amount": amount(node.amount), "token": node.token,
             "target": _target(node.target)}]


@effect.register
def _(node: n.Modifier) -> list[dict]:
    return [{"op": "modify", "target": _target(node.subject), "stat": node.stat,
             "value": node.value}]


@effect.register
def _(node: n.CostModifier) -> list[dict]:
    op = {"op": "cost_modifier", "subjects": list(node.subjects)}
    if node.factor is not None:
        op["factor"] = node.factor
    if node.delta is not None:
        op["delta"] = node.delta
    return [op]


@effect.register
def _(node: n.Attack) -> list[dict]:
    return [{"op": "attack", "phase": node.phase, "bonus": node.bonus or 0, "damage": "normal"}]


@effect.register
def _(node: n.Inflict) -> list[dict]:
    return [{"op": "inflict", "amount": amount(node.amount), "target": node.target}]


@effect.register
def _(node: n.Cancel) -> list[dict]:
    return [{"op": "cancel", "amount": amount(node.amount), "target": node.target}]


@effect.register
def _(node: n.Heal) -> list[dict]:
    return [{"op": "heal", "amount": amount(node.amount), "tokens": list(node.tokens),
             "target": node.target}]


@effect.register
def _(node: n.Test) -> list[dict]:
    return [{"op": "test", "attribute": node.attribute, "skill": node.skill,
             "target_number": node.target_number}]


@effect.register
def _(node: n.Move) -> list[dict]:
    return [{"op": "move", "amount": amount(node.amount), "any_direction": node.any_direction,
             "instead_of_rolling": node.instead_of_rolling}]


@effect.register
def _(node: n.MovementDice) -> list[dict]:
    return [{"op": "movement_dice", "amount": amount(node.amount)}]


@effect.register
def _(node: n.GainGold) -> list[dict]:
    return [{"op": "gain_gold", "amount": amount(node.amount)}]


@effect.register
def _(node: n.DrawMarket) -> list[dict]:
    return [{"op": "draw_market", "amount": amount(node.amount)}]


@effect.register
def _(node: n.Restrict) -> list[dict]:
    return [{"op": "restrict", "action": node.action}]


def event(e) -> dict:
    if isinstance(e, n.TakesWounds):
        out = {"kind": "takes_wounds", "target": e.target, "amount": amount(e.amount),
               "phase": e.phase}
        return {**out, "attack": True} if e.attack else out  # branch rbdamage
    if isinstance(e, n.DefeatChallenge):
        return {"kind": "defeat_challenge"}
    return {"kind": "knocked_out"}


def cost(c) -> dict:
    if isinstance(c, n.Activate):
        return {"op": "activate"}
    if isinstance(c, n.DiscardCard):
        return {"op": "discard"}
    if isinstance(c, n.PayGold):
        return {"op": "gold", "amount": amount(c.amount)}
    return {"op": "exhaustion" if c.token == "exhaustion" else "wounds",
            "amount": amount(c.amount)}


def _inflicts_on_enemy(ops: list[dict]) -> bool:
    return any(op.get("op") == "inflict" and op.get("target") == "enemy"
               or _inflicts_on_enemy(op.get("effects", [])) for op in ops)


def _mark_attack_damage(ops: list[dict]) -> None:
    """An attack whose "If you succeed," inflicts wounds on the enemy deals those wounds
    instead of its normal damage (Touch of Death's X, the Fire Bomb's 2)."""
    last_attack = None
    for op in ops:
        if op["op"] == "attack":
            last_attack = op
        elif op["op"] == "if" and op["outcome"] == "success" and last_attack is not None:
            if _inflicts_on_enemy(op["effects"]):
                last_attack["damage"] = "effect"
        if "effects" in op and op["op"] != "if":
            _mark_attack_damage(op["effects"])


from . import trigtest as _trigtest  # noqa: E402 - branch runs2


def is_static(ability: n.Ability) -> bool:
    """Always on while the card is in play: no tag, window, limit or cost, only modifiers,
    market-price changes, restrictions and triggers ("Every time ..., gain 1 gold.")."""
    # a sentence of such rules joined by "and" is one too ("+1 Body and +1 Mind.": before
    # session prohib it was no rule at all, and ran nowhere)
    if ability.tag is not None or ability.window is not None or ability.costs \
            or ability.limits:  # the sentences need no look then (issue 38)
        return False
    standing = STATIC_CLAUSES + STATIC_SENTENCES + (n.Trigger,)
    bound = _trigtest.bound_outcomes(ability)  # a trigger's test's outcome is the trigger's
    return all(isinstance(c, standing) or counted_bonus(c)
               for i, s in enumerate(ability.sentences) if i not in bound for c in n.clauses(s))


def counted_bonus(clause) -> bool:
    """Is ``clause`` a counted stat bonus ("+1 Mind for each Item you have."), which the
    engine keeps always on and counts whenever the stat is read (issue 32, rbseven)?"""
    return type(clause) is n.ForEach and all(type(c) is n.Modifier
                                             for c in n.clauses(clause.effect))


# node type -> the moment the ability waits for (the first of this list found wins); the
# combat family adds its own at the end of this module
REACTIONS: tuple = ((n.Cancel, "wounds_inflicted"),)


def reaction(ability: n.Ability) -> str | None:
    kinds = {type(node) for node in n.ability_nodes(ability)}  # the checks' walk
    return next((moment for kind, moment in REACTIONS if kind in kinds), None)


def lower(ability: n.Ability) -> dict:
    """The IR object of one ability (validated against the engine's IR by the caller)."""
    static = is_static(ability)
    tag = "any_phase" if ability.tag == "all_phases" else ability.tag
    limits = list(dict.fromkeys(ability.limits)) if ability.limits else ([] if static else ["turn"])
    # an outcome said after a trigger's test goes into the trigger (branch runs2, trigtest.py)
    effects = _trigtest.fold(ability, [effect(s) for s in ability.sentences])
    _mark_attack_damage(effects)
    return {
        "source": print_ability(ability),
        "timing": {"tag": tag, "window": ability.window},
        "limits": limits,
        "costs": [cost(c) for c in ability.costs],
        "static": static,
        "reaction": reaction(ability),
        "effects": effects,
    }


# ---- families 1-3: conditions, choices, random tables (issue 21)
from .branching import register as _register_branching  # noqa: E402

_register_branching(effect)
# ---- family 7: combat
from . import combat as lower_combat  # noqa: E402

STATIC_CLAUSES += lower_combat.STANDING
REACTIONS += lower_combat.REACTIONS
lower_combat.register(effect, amount)
# ---- family 4/8/9: movement and place, durations, game-level effects (issue 21)
from . import place as _place  # noqa: E402

for _cls, _ir in _place.EFFECTS.items():
    effect.register(_cls)(_ir)
event = _place.with_events(event)
STATIC_CLAUSES += _place.STATIC
# ---- family 5/6: decks and cards, economy and experience (issue 21)
from . import decks as lower_decks  # noqa: E402

lower_decks.install(effect, amount)
_cost_before_family_d = cost


def cost(c) -> dict:  # noqa: F811 - "discard an Item" is lowered by lower/decks.py
    return lower_decks.cost(c) or _cost_before_family_d(c)

# ---- issue 32 (part III): the compositional core
from . import core as lower_core  # noqa: E402

STATIC_CLAUSES += lower_core.STANDING
_cost_before_core = cost


def cost(c) -> dict:  # noqa: F811 - "discard one of your Allies" is lowered by lower/core.py
    return lower_core.core_cost(c, amount) or _cost_before_core(c)


lower_core.install(effect, amount, lambda c: cost(c))
event = lower_core.with_events(event)
_lower_before_core = lower


def lower(ability: n.Ability) -> dict:  # noqa: F811 - "this challenge" is the IR's "enemy"
    ir = _lower_before_core(ability)
    if "this challenge" in ir["source"].lower():  # the printed text says it where the AST does
        lower_core.this_challenge(ir["effects"])
    return ir


# ---- issue 32 (session when): triggers on a test
from . import when as lower_when  # noqa: E402

lower_when.install(effect, amount)
event = lower_when.with_events(event)

# ---- issue 32 (branch rbtrig): a trigger's clause said of its subject
from . import trig as lower_trig  # noqa: E402

event = lower_trig.with_events(event)

# ---- issue 32 (branch rbtrig2): more event verbs of a trigger's clause
from . import trig2 as lower_trig2  # noqa: E402

event = lower_trig2.with_events(event)
lower_trig2.install(effect)


# ---- issue 32 (session rbsubj): "While this event is in play, <rule>" is the event's always-on
# rule: the engine applies an active event's standing rules to every Hero until the event is
# replaced, so the duration's words say what the rule already does and the IR is the rule's
_lower_before_lasting = lower


def without_this_event(ability: n.Ability) -> n.Ability:
    """``ability`` with each sentence "While this event is in play, X" made X."""
    for s in ability.sentences:  # most abilities say none: no new tuple (issue 38)
        if isinstance(s, n.During) and s.until == "this_event":
            break
    else:
        return ability
    sentences = tuple(s.effect if isinstance(s, n.During) and s.until == "this_event" else s
                      for s in ability.sentences)
    return replace(ability, sentences=sentences)


def lower(ability: n.Ability) -> dict:  # noqa: F811
    inner = without_this_event(ability)
    ir = _lower_before_lasting(inner)
    if inner is not ability:  # the source is the text as written, with its duration
        ir["source"] = print_ability(ability)
    return ir


# ---- issue 32 (session rbrules): a price's floor
from . import prices as lower_prices  # noqa: E402

lower_prices.install(effect)
# ---- issue 32 (session rbdice): die rolls as authors write them
from . import dice as _lower_dice  # noqa: E402

_lower_dice.register(effect)

# ---- issue 32 (session skills): a skill a card gives its Hero, an always-on rule
STATIC_CLAUSES += (n.GrantSkill,)
effect.register(n.GrantSkill)(lambda node: [{"op": "grant_skill", "skill": node.skill}])
# ---- issue 32 (branch rbboard): the board's adventure counters
from . import board as _lower_board  # noqa: E402

_lower_board.register(effect)
# ---- branch rbmod: modifiers, amounts and comparatives
from . import rbmod as _lower_rbmod  # noqa: E402

_lower_rbmod.register(effect)

# ---- issue 32 (session rbdefend): the Hero's defence roll as a trigger event, bound to the
# phase of its tag
from . import defend as lower_defend  # noqa: E402
from . import firings as _firings  # noqa: E402
from . import phasebind as _phasebind  # noqa: E402

event = lower_defend.with_events(event)
_lower_before_defend = lower


def lower(ability: n.Ability) -> dict:  # noqa: F811
    # a trigger under a phase's tag fires in that phase only (branch runs, phasebind.py)
    ir = _phasebind.bind_triggers(lower_defend.bind_phase(_lower_before_defend(ability)))
    return _firings.count_firings(ability, ir)  # a limit before triggers counts firings
# ---- branch rbcost: a trigger's clause as a subject and an event verb ("another Hero rests")
from . import rbcost as _lower_rbcost  # noqa: E402

event = _lower_rbcost.with_events(event)
# ---- branch rbmodi: a duration over extra movement dice is the lasting bonus
from . import rbmodi as _lower_rbmodi  # noqa: E402

_lower_rbmodi.register(effect)
# ---- branch runs: a duration over a choice keeps the option that lasts (choiceduration.py)
from . import choiceduration as _lower_choiceduration  # noqa: E402

_lower_choiceduration.register(
    effect, lambda: STATIC_CLAUSES + STATIC_SENTENCES + (n.Trigger,))
# ---- branch runs3: an effect said after a trigger is the trigger's unless always on itself
_trigtest.register(lambda: STATIC_CLAUSES + STATIC_SENTENCES)
# ---- branch rbsubj: "Whenever a Hero ..., that Hero ..." runs for the Hero who acted
from . import rbsubj as _lower_rbsubj  # noqa: E402

_lower_rbsubj.register(effect)
# ---- branch rbwound: the first wounds of each combat (round) cancelled
from . import rbwound as _lower_rbwound  # noqa: E402

_lower_rbwound.register(effect)
lower = _lower_rbwound.lowered(lower)  # a priced additional wound of a phase: its rule
# ---- branch rblimits: carrying limits (a limit's bonus, what a card counts as)
from . import rblimits as _lower_rblimits  # noqa: E402

STATIC_CLAUSES += _lower_rblimits.STATIC
_lower_rblimits.register(effect)
_lower_rblimits.register_knockout(effect)
_lower_before_rblimits = lower


def lower(ability: n.Ability) -> dict:  # noqa: F811 - a knock-out rule is always on (rblimits)
    return _lower_rblimits.knockout_rules(ability, _lower_before_rblimits(ability))
# ---- branch rbmarket: the market's prices of selling and healing
from . import rbmarket as _lower_rbmarket  # noqa: E402

STATIC_CLAUSES += _lower_rbmarket.STANDING
_lower_rbmarket.register(effect)
# ---- branch rbmove: a Hero moved to a space of a terrain
from . import rbmove as _lower_rbmove  # noqa: E402

STATIC_CLAUSES += _lower_rbmove.STATIC
_lower_rbmove.register(effect)
# ---- branch rbdamage: how the wounds of an attack are counted (multipliers, caps per attack)
from . import rbdamage as _lower_rbdamage  # noqa: E402

_lower_rbdamage.register(effect)
lower = _lower_rbdamage.lowered(lower)  # a damage rule alone under a phase's tag: its rule
