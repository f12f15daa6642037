"""The effect IR: the contract between the compiler and the engine (docs/effect-ir.md).

The engine defines it; the compiler targets it. This module has no dependency on the
ability language or the compiler.
"""

from __future__ import annotations

from functools import lru_cache

from . import (
    attackbar_rbsubj,
    ir_decks,
    ir_lists,
    ir_rblimits,
    ir_rbmarket,
    ir_rbmove,  # branch rbmove
)
from .acts_rbwho import VERBS as _RBWHO_VERBS  # branch rbwho: more acts of a Hero
from .irvalidate import Checker, Invalid

IR_VERSION = 2
# Versions this engine runs. Version 2 (issue 21: conditions, choices, die tables, places,
# decks, experience, combat rules, new durations and targets) only adds ops, fields' values
# and reaction kinds to version 1, so every version-1 ability is a valid version-2 one.
READS = (1, 2)

TAGS = ("before_combat", "ranged", "melee", "magic", "any_phase")
WINDOWS = (
    "before_moving",
    "after_moving",
    "start_of_turn",
    "end_of_turn",
    "market_step",
    "after_combat",
    "defeat_challenge",
    "knocked_out",
)
LIMITS = ("turn", "combat", "round", "before_combat")
PHASES = ("ranged", "melee", "magic")
ATTRIBUTES = ("mind", "body", "spirit")
TARGETS = (
    "hero",
    "enemy",
    "ally",
    "hero_or_ally",
    "each_ally",
    "this_ally",  # issue 32: an Ally's own card
    "each_other_ally",  # issue 32: the Hero's Allies but the one whose card says it
    "each_hero",
    "each_other_hero",
    "another_hero",
    "you",
)
TOKENS = ("wound", "exhaustion")
MODIFIABLE_STATS = (
    "mind",
    "body",
    "spirit",
    "life",
    "stamina",
    "ranged_damage",
    "melee_damage",
    "magic_damage",
    "ranged_roll",
    "melee_roll",
    "magic_roll",
    "movement_dice",
    "escape_roll",  # issue 32 (session sequence): "+2 on escape attempts"
)
MODIFIABLE_STATS += ir_rblimits.LIMIT_STATS  # branch rblimits: "You may have 3 Allies instead of 2."
DURATIONS = ("end_of_combat", "end_of_round", "end_of_turn", "start_of_next_turn")
DURATIONS += ("next_event", "end_of_next_turn", "while_held")  # ---- family 8 (issue 21)
DURATIONS += ("end_of_phase",)  # branch rbseven: "this phase" (ends when the next step begins)
# ---- family 4 (issue 21): targets by the board; where a Hero enters (game/movement.py)
MAX_WITHIN = 9
TARGETS += ("each_hero_in_space", *(f"each_hero_within_{k}" for k in range(1, MAX_WITHIN + 1)))
TARGETS += ("hero_or_this_ally", "hero_or_other_ally")  # branch rbnp: "your Hero or this Ally"
ENTER_PLACES = ("town", "road", "river", "plains", "hills", "forest", "swamp", "mountains")
RESTRICTIONS = ("escape", "ally_attack", "buy_items", "buy_allies")  # buy_*: issue 32
# issue 32 (session lang4): "Heroes cannot enter swamps" (game/place.py bars the terrain)
RESTRICTIONS += tuple(f"enter_{t}" for t in ENTER_PLACES if t != "town")
# issue 32 (session rbrules): "Heroes / You cannot rest", "... attack other Heroes", "... be
# healed in towns", "Items cannot be sold" (own_*: the holder's alone, standing.restricted)
RESTRICTIONS += ("rest", "own_rest", "attack_heroes", "own_attack_heroes", "heal_in_town",
                 "own_heal_in_town", "sell_items", "own_sell_items", "activate_items",
                 "activate_items_in_combat")
# issue 32 (session prohib): "You cannot buy Items / Allies" (your Hero alone) and "This Item
# cannot be sold" (this_*: the rule of the very card it is written on, standing.restricted)
RESTRICTIONS += ("own_buy_items", "own_buy_allies", "this_sell_items")
RESTRICTIONS += attackbar_rbsubj.ACTIONS  # branch rbsubj: who may not attack in which phase / round
MARKET_SUBJECTS = ("item", "ally")
COST_OPS = ("activate", "discard", "exhaustion", "wounds", "gold")
# ---- family 7: combat: "reroll your combat roll" is used right after the Hero's combat roll
# and "make a ranged attack against another Hero's enemy" in another Hero's combat (assist)
REACTIONS_COMBAT = ("combat_roll", "assist")


# Bounds of the numbers in an ability (the language refuses larger ones with RF305) and of
# its nesting (RF304): how many effect lists may nest below the ability's own ("Until the
# end of this turn, if you succeed, you may ..." nests three). The engine resolves nested
# effects recursively, so the bound also keeps a hand-made bundle from exhausting the stack.
MAX_NUMBER = 999
MAX_NESTING = 32

COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_NUMBER}
SIGNED = {"type": "integer", "minimum": -MAX_NUMBER, "maximum": MAX_NUMBER}


def _branches(key: str, variants: dict[str, dict]) -> dict:
    """An object told apart by ``key``: each variant is checked only when ``key`` names it.

    Written as ``allOf`` of ``if``/``then`` rather than ``oneOf``: a validator then checks each
    subtree once, where ``oneOf`` checks it against every alternative (time exponential in
    the nesting, issue 22).
    """
    return {
        "type": "object",
        "required": [key],
        "properties": {key: {"enum": list(variants)}},
        "allOf": [{"if": {"properties": {key: {"const": name}}, "required": [key]},
                   "then": variant} for name, variant in variants.items()],
    }


def _amount(kinds: tuple[str, ...] = ("fixed", "x", "choice", "up_to", "all")) -> dict:
    variants = {
        "fixed": {"value": COUNT},
        "x": {},
        "choice": {"values": {"type": "array", "items": COUNT, "minItems": 2}},
        "up_to": {"value": COUNT},
        "all": {},
        "at_least": {"value": COUNT},
    }
    return _branches("kind", {k: _fields("kind", k, **variants[k]) for k in kinds})


def _fields(key: str, name: str, **props) -> dict:
    properties = {key: {"const": name}, **props}
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


from .ir_dice import roll_table_schema  # noqa: E402  issue 32 (session rbdice)


def _op(name: str, **props) -> dict:
    return _fields("op", name, **props)


def _enum(values) -> dict:
    return {"enum": list(values)}


def _by_op(ops: list[dict]) -> dict:
    return _branches("op", {op["properties"]["op"]["const"]: op for op in ops})


def ir_schema() -> dict:
    """The JSON Schema (draft 2020-12) of one compiled ability.

    Any draft 2020-12 validator checks it in time linear in the ability's size;
    :func:`validate_ability` checks it with :mod:`.irvalidate`, which also bounds the nesting
    of effect lists by :data:`MAX_NESTING` (a JSON Schema cannot say that).
    """
    effects = {"type": "array", "items": {"$ref": "#/$defs/effect"}}
    target = _enum(TARGETS)
    effect_ops = [
        _op("attack", phase=_enum(PHASES), bonus=SIGNED, damage=_enum(("normal", "effect"))),
        _op("inflict", amount=_amount(), target=target),
        _op("suffer", amount=_amount(), token=_enum(TOKENS), target=target),
        _op("cancel", amount=_amount(), target=target),
        _op("heal", amount=_amount(), tokens={"type": "array", "items": _enum(TOKENS), "minItems": 1},
            target=target),
        _op("test", attribute=_enum(ATTRIBUTES), skill={"type": ["string", "null"]},
            target_number=COUNT),
        _op("if", outcome=_enum(("success", "failure")), effects=effects),
        _op("modify", target=target, stat=_enum(MODIFIABLE_STATS), value=SIGNED),
        {"type": "object", "additionalProperties": False, "required": ["op", "subjects"],
         "properties": {"op": {"const": "cost_modifier"},
                        "subjects": {"type": "array", "items": _enum(MARKET_SUBJECTS), "minItems": 1},
                        "delta": SIGNED, "factor": COUNT,
                        "minimum": COUNT},  # issue 32 (session rbrules): "(to a minimum of 1)"
         "minProperties": 3},
        _op("restrict", action=_enum(RESTRICTIONS)),
        _op("move", amount=_amount(), any_direction={"type": "boolean"},
            instead_of_rolling={"type": "boolean"}),
        _op("movement_dice", amount=_amount()),
        _op("gain_gold", amount=_amount()),
        _op("draw_market", amount=_amount()),
        _op("for_duration", until=_enum(DURATIONS), effects=effects),
        # during: the phase of the tag it was said under (branch runs): it fires then only
        # limits: a limit said before it ("Once per turn, every time ..."): its firings count
        {**_op("trigger", event={"$ref": "#/$defs/event"}, effects=effects,
               during=_enum(PHASES), limits={"type": "array", "items": _enum(LIMITS),
                                             "minItems": 1, "uniqueItems": True}),
         "required": ["op", "event", "effects"]},
        _op("optional", effects=effects),
        # ---- families 1-3: conditions, choices, random tables (issue 21)
        _op("if_state", condition={"$ref": "#/$defs/condition"}, effects=effects,
            **{"else": effects}),
        _op("while", condition={"$ref": "#/$defs/condition"}, effects=effects),
        _op("choose", options={"type": "array", "items": effects, "minItems": 1}),
        roll_table_schema(effects, COUNT, ATTRIBUTES),  # issue 32 (session rbdice): ir_dice
        # ---- family 7: combat
        _op("extra_wounds", phase=_enum([*PHASES, None]), value=COUNT),
        _op("inflict_additional", amount=_amount(), target=target),
        {**_op("reroll", failed={"const": True}, better={"const": True},  # failed: rbnp;
               attack={"const": True}), "required": ["op"]},  # better, attack: rbroll
        {**_op("wound_cap", target=target, value=COUNT, per=_enum(("round",))),
         "required": ["op", "target", "value"]},  # per: issue 32 (session lang4)
        _op("immune", target=target, phase=_enum(PHASES)),
        _op("attack_other", phase=_enum(PHASES)),
        # ---- family 4/9: movement and place, game-level effects (issue 21)
        _op("move_to", town={"type": ["string", "null"], "minLength": 1, "maxLength": 100}),
        _op("doom_tokens", action=_enum(("place", "remove")), count=COUNT),
        _op("discard_event"),
        _op("discard_undefeated", count=COUNT),
        _op("terrain_rule", skill={"type": ["string", "null"], "minLength": 1,  # null: issue 32
                                   "maxLength": 100},
            terrain=_enum(ENTER_PLACES[1:]), like=_enum(ENTER_PLACES[1:])),
    ]
    conditions = {  # family 1: what "if"/"while" test (docs/language.md, Family 1)
        # one value or a list of them (issue 32, lists: "a swamp or forest space")
        "terrain": _fields("kind", "terrain", terrain=ir_lists.schema(
            ENTER_PLACES[1:], {"type": "string"})),
        "town": _fields("kind", "town"),
        "named_town": _fields("kind", "named_town", town={"type": "string"}),
        "at_least": _fields("kind", "at_least", token=_enum(("wound", "exhaustion", "gold",
                                                              "item", "ally", "trophy")),
                            count=COUNT),
        "none": _fields("kind", "none", token=_enum((*TOKENS, "gold", "item", "ally", "trophy"))),
        "unwounded": _fields("kind", "unwounded"),  # issue 32 (session when)
        # branch rbsix2: the enemy took fewer than count wounds in this combat round
        "round_unhurt": _fields("kind", "round_unhurt", count=COUNT),
        "skill": _fields("kind", "skill", skill={"type": "string"}),
        "ally": _fields("kind", "ally"),
        "item_class": _fields("kind", "item_class", **{"class": {"type": "string"}}),
        "enemy_colour": _fields("kind", "enemy_colour", colour=ir_lists.schema(
            ir_decks.COLOURS, {"type": "string"})),
        # branch rbtime: a moment of a combat, its phase and/or its round (core/moments.py)
        "moment": _fields("kind", "moment", phase=_enum([*PHASES, None]),
                          round={"type": ["integer", "null"], "minimum": 1}),
        # branch rbtime: this Ally (the card's own) has none of a token
        "ally_none": _fields("kind", "ally_none", token=_enum(("wound", "exhaustion"))),
    }
    events = {
        "takes_wounds": _fields("kind", "takes_wounds", target=target,
                                amount=_amount(("fixed", "at_least")),
                                phase={"enum": [*PHASES, None]}),
        "defeat_challenge": _fields("kind", "defeat_challenge"),
        "knocked_out": _fields("kind", "knocked_out"),
        # ---- family 4 (issue 21): "your Hero enters a town / a swamp space"
        "enters_space": _fields("kind", "enters_space", place=ir_lists.schema(
            ENTER_PLACES[1:], _enum(ENTER_PLACES))),
        # ---- issue 32: "When this Ally is defeated, ..." (the Ally's own card)
        "ally_defeated": _fields("kind", "ally_defeated"),
        # ---- issue 32: "When you buy / sell this card, ..." (an Item's own card)
        "card_buy": _fields("kind", "card_buy"),
        "card_sell": _fields("kind", "card_sell"),
        # ---- issue 32: "At the start / end of each combat round, ..." (fired by the combat)
        "round_start": _fields("kind", "round_start"),
        "item_buy": _fields("kind", "item_buy"),  # "When you buy / sell an Item, ..."
        "item_sell": _fields("kind", "item_sell"),
        "event_draw": _fields("kind", "event_draw"),  # "When you draw an event card, ..."
        "round_end": _fields("kind", "round_end"),
    }
    costs = [
        _op("activate"),
        _op("discard"),
        _op("exhaustion", amount=_amount(("fixed", "x"))),
        _op("wounds", amount=_amount(("fixed", "x"))),
        _op("gold", amount=_amount(("fixed", "x"))),
    ]
    # ---- family 5/6: decks and cards, economy and experience (issue 21)
    effect_ops += ir_decks.effect_ops(_op, _amount, _enum, COUNT, target)
    costs += ir_decks.cost_ops(_op)
    # ---- issue 32 (part III): the compositional core
    from . import ir_core

    effect_ops += ir_core.effect_ops(_op, _amount, _enum, COUNT, effects)
    effect_ops += ir_rbmarket.effect_ops(_op, _enum, COUNT)  # branch rbmarket: market rules
    effect_ops += ir_rbmarket.offer_ops(_op, _enum)  # branch rbmarket: the market deck's offer
    effect_ops += ir_rbmarket.arrange_ops(_op, _enum, COUNT)  # rbmarket: a deck's top in any order
    effect_ops += ir_rbmove.effect_ops(_op, _enum, ENTER_PLACES)  # rbmove: to a terrain's space
    costs += ir_core.cost_ops(_op)
    costs.append(_op("ally_exhaustion", amount=_amount(("fixed", "x"))))  # "this Ally" pays
    # ---- issue 32 (session when): "When you test Mind, ... add 3 to the result"
    effect_ops.append(_op("test_bonus", amount=_amount(("fixed",))))
    events["defeat_hero"] = _fields("kind", "defeat_hero")  # "you defeat another Hero"
    events["ally_lost"] = _fields("kind", "ally_lost")  # "one of your Allies is defeated"
    events["test"] = _fields("kind", "test", attribute=_enum((*ATTRIBUTES, None)),
                             skill={"type": ["string", "null"]})
    # issue 32 (branch rbtrig): "you attack and fail", "this Ally attacks and succeeds" (the
    # figure's own attack roll); "this Ally is discarded" (the Ally's own card)
    events["attack_result"] = _fields("kind", "attack_result", who=_enum(("hero", "this_ally")),
                                      success={"type": "boolean"})
    # branch rbattack2: "this Ally succeeds at a melee attack" (that phase's attacks only)
    events["attack_result"]["properties"]["phase"] = _enum(PHASES)
    events["ally_discarded"] = _fields("kind", "ally_discarded")
    # issue 32 (session skills): "You have the Swim skill." (core/skills.py)
    effect_ops.append(_op("grant_skill", skill={"type": "string", "minLength": 1,
                                                "maxLength": 100}))
    # issue 32 (branch rbtrig2): "you escape"; "you fail a Spirit test" (a skill test's result)
    events["escaped"] = _fields("kind", "escaped")
    events["test_result"] = _fields("kind", "test_result", attribute=_enum((*ATTRIBUTES, None)),
                                    skill={"type": ["string", "null"]},
                                    success={"type": "boolean"})
    # issue 32 (session rbdefend): "you fail to defend" (the Hero's defence roll in a combat
    # phase; phase: the tag's phase the lowering bound it to, or null for every phase)
    events["defend_result"] = _fields("kind", "defend_result", success={"type": "boolean"},
                                      phase={"enum": [*PHASES, None]})
    # branch rbcost: "you rest", "another Hero rests", "any Hero hires an Ally"
    events["hero_act"] = _fields("kind", "hero_act", who=_enum(("you", "another", "any")),
                                 verb=_enum(("rest", "hire", *_RBWHO_VERBS)))
    # and an act of "you" said of another Hero or any Hero: the event of "you", for the Hero who acted
    events["other_act"] = _fields("kind", "other_act", who=_enum(("another", "any")),
                                  event={"$ref": "#/$defs/event"})
    for _act in ("other_act", "hero_act"):  # branch rbsubj: "..., that Hero gains 1 gold."
        events[_act]["properties"]["runs_for"] = {"const": "actor"}  # (optional)
    # ---- issue 32 (branch rbboard): the board's adventure counters (ir_board.py)
    from . import ir_board

    effect_ops += ir_board.effect_ops(_op, _enum, COUNT, effects)
    from . import ir_rbwound  # branch rbwound: the first wounds of each combat cancelled

    effect_ops.append(ir_rbwound.schema(_op, _enum, COUNT, target))
    effect_ops += ir_rblimits.effect_ops(_op, _enum)  # branch rblimits: what a card counts as
    from . import ir_rbdamage  # branch rbdamage: how the wounds of an attack are counted

    effect_ops.append(ir_rbdamage.schema(_op, _enum, COUNT, target))
    events["takes_wounds"]["properties"]["attack"] = {"const": True}  # "from a single attack"
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://runeforge.invalid/schemas/ir-ability.schema.json",
        "title": f"Runeforge effect IR v{IR_VERSION}: one ability",
        "type": "object",
        "additionalProperties": False,
        "required": ["source", "timing", "limits", "costs", "static", "reaction", "effects"],
        "properties": {
            "source": {"type": "string"},
            "timing": {"type": "object", "additionalProperties": False, "required": ["tag", "window"],
                       "properties": {"tag": {"enum": [*TAGS, None]}, "window": {"enum": [*WINDOWS, None]}}},
            "limits": {"type": "array", "items": _enum(LIMITS), "uniqueItems": True},
            "costs": {"type": "array", "items": {"$ref": "#/$defs/cost"}},
            "static": {"type": "boolean"},
            "reaction": {"enum": [None, "wounds_inflicted", *REACTIONS_COMBAT]},
            "effects": effects,
        },
        "$defs": {
            "effect": _by_op(effect_ops),
            "event": _branches("kind", events),
            "cost": _by_op(costs),
            "condition": _branches("kind", conditions),  # family 1
        },
    }


class IRError(ValueError):
    """A compiled ability does not conform to the IR of this engine."""


@lru_cache(maxsize=1)
def checker() -> Checker:
    """The compiled IR schema (one effect list at the top, MAX_NESTING more below it)."""
    return Checker(ir_schema(), max_ref_depth={"effect": MAX_NESTING + 1})


def validate_ability(ir: dict) -> None:
    """Raise IRError when ``ir`` is not a valid compiled ability of IR_VERSION.

    Linear in the size of ``ir`` and without recursion: a hostile bundle cannot make it slow
    or exhaust the stack.
    """
    try:
        checker().check(ir)
    except Invalid as err:
        raise IRError(f"invalid IR at {err.where}: {err.message}") from None


def check_bundle_version(bundle: dict) -> None:
    version = bundle.get("ir_version")
    if version not in READS:
        raise IRError(
            f"bundle has IR version {version!r}; this engine runs versions "
            f"{', '.join(map(str, READS))}. Rebuild the bundle with a matching runeforge."
        )
