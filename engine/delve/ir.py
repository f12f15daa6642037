"""Delve's effect IR (family ``delve``): its version, JSON Schema and validator.

One IR value per ability::

    {"form": "action", "name": "Shield Wall", "cost": {"need": 5, "escalating": false},
     "effects": [{"op": "heal", "wounds": 1}, {"op": "renown", "amount": 1}]}

``form`` is ``action`` (a named action whose header is its cost; ``name`` may be empty for
``(5+): …``), ``spend`` (``Spend a hero die (N+) to …``), ``trigger`` (``Every time you
<event>, …``, with ``event``, an optional ``range`` for slay, and no cost) or ``constant`` (a
rule that always holds: only ``boost`` effects). ``limit: "turn"`` is ``Only once per turn``.

Version 2 (issue 32) adds selectors (who an effect picks: ``quantity``, ``side``, ``count``,
``filters``), ``heal`` on others, ``strike``, ``shift`` (push/pull), ``suffer``, ``reroll``,
``ward``, ``boost``, ``until`` (a duration over lasting effects) and ``if`` (a rider on the
roll before).

Version 3 (issue 32, part III) adds what a sentence of subject, verb and modifiers says:
selectors ``n`` (exactly N), ``nearest``, ``slayer`` and ``attacked`` (the hero of the
trigger's event), ``or`` (one of several selectors), the filters ``wounded`` and ``other``
and ``within … of the target``; ``renown.on``, ``shift.from`` (towards / away from someone
else), ``ward.on`` and ``ward.per`` (a ward that comes back each round or turn), ``pick``,
``root`` (cannot move, lasting); an adversary's rules ``steadfast``, ``immune``, ``guard``
(attacks against it) and ``pin``; conditions on the board (``if`` ``none``, ``some``,
``wounds``, ``rolled_up``); triggers on the clock and on a figure's events
(``turn_start``, ``round_start``, ``round_end``, ``phase_start``, ``phase_end``,
``wounded``, ``slain``, ``attacks``) with ``who``, a ``label`` and a ``limit``. Every
version-2 value is a valid version-3 value.
"""

from __future__ import annotations

from functools import lru_cache

IR_FAMILY = "delve"
IR_VERSION = 3

_FACE = {"type": "integer", "minimum": 1, "maximum": 6}
_COUNT = {"type": "integer", "minimum": 1, "maximum": 999}


def _op(name: str, **props) -> dict:
    return {"type": "object", "additionalProperties": False,
            "required": ["op", *props], "properties": {"op": {"const": name}, **props}}


QUANTITIES = ["one", "each", "up_to", "n", "another", "each_other", "nearest", "target",
              "them", "self", "slayer", "attacked",
              "wounder",   # "the hero that wounded it" (branch dsight)
              "most", "fewest"]  # "the hero with the most wounds" (issue 32, session delve8)
FILTERS = ["adjacent", "adjacent_target", "within", "chamber", "visible", "wounded", "other",
           "wounds", "vigour",
           "wounds_up_to", "vigour_up_to", "unwounded"]  # at most (issue 32, session delve11)
SELECTOR = {"type": "object", "additionalProperties": False,
            "required": ["quantity"],
            "properties": {
                "quantity": {"enum": QUANTITIES},
                "side": {"enum": ["adversary", "hero"]},
                "count": _COUNT,
                "rank": {"enum": ["wounds", "renown", "vigour"]},   # most / fewest (delve8)
                "filters": {"type": "array", "items": {
                    "type": "object", "additionalProperties": False, "required": ["kind"],
                    "properties": {"kind": {"enum": FILTERS}, "n": _COUNT,
                                   "of": {"const": "target"}}}},
                "or": {"type": "array", "items": {"$ref": "#/$defs/selector"}}}}
_RANGE = {"enum": ["combat", "missile", "area"]}
_EFFECTS = {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/effect"}}


def _opt(name: str, required: tuple, **props) -> dict:
    return {"type": "object", "additionalProperties": False, "required": ["op", *required],
            "properties": {"op": {"const": name}, **props}}


_SEL = {"$ref": "#/$defs/selector"}
# "Roll two dice and use the higher result." (issue 32, session delve9): the highest of N
_BEST = {"type": "integer", "minimum": 2, "maximum": 6}
_SIGNED = {"type": "integer", "minimum": -999, "maximum": 999, "not": {"const": 0}}
EFFECT_SCHEMA = {"oneOf": [
    _op("explore"),
    _opt("move", ("up_to",), up_to=_COUNT, targets=_SEL, chooser={"const": "them"}),
    _opt("heal", ("wounds",), wounds=_COUNT, on=_SEL, for_each=_SEL),   # for_each: delve12
    _opt("attack", ("target", "range", "hit", "damage"),
         target={"enum": ["adjacent", "visible", "each"]},
         range={"enum": ["combat", "missile", "area"]}, hit=_FACE, damage=_COUNT,
         best_of=_BEST),
    _opt("renown", ("amount",), amount=_COUNT, on=_SEL, for_each=_SEL),   # for_each: delve12
    _op("skill"),
    # no range: the first weapon that reaches; ``by``: the adversary attacks (delve8)
    _opt("strike", (), range=_RANGE, targets=_SEL, hit=_FACE, damage=_COUNT, by=_SEL,
         best_of=_BEST),
    _opt("shift", ("targets", "spaces", "direction"), targets=_SEL, spaces=_COUNT,
         direction={"enum": ["away", "towards"]}, **{"from": _SEL}),
    _opt("suffer", ("targets", "wounds"), targets=_SEL, wounds=_COUNT,
         for_each=_SEL),   # for_each: an amount per figure (issue 32, branch delve12)
    _opt("reroll", ("dice",), dice={"enum": ["spent", "unspent"]}, best_of=_BEST),
    _opt("ward", (), on=_SEL, per={"enum": ["round", "turn"]}, wounds=_COUNT),
    _opt("boost", ("stat", "amount"), stat={"enum": ["roll", "damage", "move"]},
         amount=_COUNT, range=_RANGE, against=_SEL, on=_SEL,
         next={"const": True}),   # one attack only (issue 32, branch delveheroes)
    _op("pick", targets=_SEL),
    _op("root", targets=_SEL),
    _opt("disarm", ("targets",), targets=_SEL,   # issue 32 (branch delve12): no attack
         against=_SEL),   # branch delveseven: "… cannot attack you": only these heroes
    _op("pin", targets=_SEL),
    _op("discard", targets=_SEL, dice=_COUNT),
    _opt("die", ("dice",), dice={"enum": ["spent", "unspent"]}, face=_FACE, by=_SIGNED,
         most=_FACE),   # branch ddice: a hero's own die changed
    _opt("pierce", (), range=_RANGE),   # branch delveseven: its hits lessened by nothing   # branch delveseven: unspent dice set aside
    _op("unpinned"),
    _opt("hamper", ("targets", "amount"), targets=_SEL, amount=_SIGNED, range=_RANGE),  # a hero's rule: never pinned (delveg)
    _op("forbid", targets=_SEL, act={"enum": ["heal", "recuperate", "explore"]}),  # delveg
    _op("steadfast", pushed={"type": "boolean"}, pulled={"type": "boolean"}),
    _op("immune", range=_RANGE),
    _opt("guard", ("stat", "amount"), stat={"enum": ["roll", "damage"]}, amount=_SIGNED,
         range=_RANGE, on=_SEL),   # on: a chosen adversary, for a while (branch ddice)
    # issue 32 (session delve9): a move with no number, as far as each figure's Move allows
    # (towards: until adjacent); under ``until``, the adversaries' course in their phase
    _opt("approach", ("targets", "direction"), targets=_SEL,
         direction={"enum": ["away", "towards"]}, **{"from": _SEL}),
    # a rule: an attack of ``at_least`` wounds or more deals ``amount`` fewer (delve9)
    # "… prevent 1 of them" (delve9); a cap, or only small attacks (branch dtarget)
    {**_opt("soak", ("at_least",), at_least=_COUNT, amount=_COUNT, at_most=_COUNT,
            cap=_COUNT), "oneOf": [{"required": ["amount"]}, {"required": ["cap"]}]},
    # what attacks against the figure must roll (branch dtarget): at least ``need``, or
    # ``need`` whatever the weapon's Hit (``set``)
    _opt("hit_need", ("need", "mode"), need=_FACE, mode={"enum": ["least", "set"]},
         range=_RANGE),
    # the hero's next attack hits on ``need`` or more, whatever its Hit (lasting; dtarget)
    _opt("next_hit", ("need",), need=_FACE, range=_RANGE),
    # a basic action taken by name, free (delve9): Move up to the hero's Move, Recuperate
    _opt("basic", ("act",), act={"enum": ["move", "recuperate"]},
         targets=_SEL, chooser={"const": "them"}),  # other heroes take it (delve10)
    # a die rolled for its faces (delve10): each of ``who`` (none: the ability's figure) rolls
    # one; the row whose faces hold it happens, "them" being the figure that rolled
    _opt("roll", ("rows",), who=_SEL, rows={"type": "array", "minItems": 1, "items": {
        "type": "object", "additionalProperties": False, "required": ["faces", "effects"],
        "properties": {"faces": {"type": "array", "minItems": 1, "items": _FACE},
                       "effects": _EFFECTS}}}),
    _op("until", duration={"enum": ["end_of_turn", "end_of_round", "next_turn",
                                                 "end_of_phase"]},
        effects=_EFFECTS),
    _opt("if", ("cond", "effects"), cond={"enum": ["rolled", "rolled_up", "hits", "slays",
                                                   "misses",   # branch delveheroes
                                                   "none", "some", "wounds",
                                                   # after a push or pull that left
                                                   # its figure in place (delve10)
                                                   "unpushed", "unpulled"]},
         face=_FACE, who=_SEL, n={"type": "integer", "minimum": 0, "maximum": 999},
         effects=_EFFECTS,
         otherwise=_EFFECTS),   # "… instead": run when cond fails (branch delveseven)
]}
# issue 32 (session delve11): an adversary's rule, the heroes it names must spend a die of
# ``need`` or more for their Explore or Move (engine/delve/game/tolls.py)
EFFECT_SCHEMA["oneOf"].append(_op("toll", targets=_SEL, act={"enum": ["explore", "move"]},
                                  need={"type": "integer", "minimum": 2, "maximum": 6}))
# the top exploration card looked at, then put on the bottom ("may": the hero chooses)
EFFECT_SCHEMA["oneOf"].append(_opt("scout", (), bury={"enum": ["may", "must"]}))
# a hero's figure to an empty cell of its chamber and/or an adjacent one
EFFECT_SCHEMA["oneOf"].append(_op("place", where={"type": "array", "minItems": 1,
                                                  "items": {"enum": ["adjacent", "own"]}}))
# branch dadv2: adversaries of the rule's adversary's kind placed next to it or in its chamber
EFFECT_SCHEMA["oneOf"].append(_opt("spawn", ("count", "where"),
                                   count={"type": "integer", "minimum": 1, "maximum": 999},
                                   where={"enum": ["adjacent", "centre"]},
                                   vigour={"type": "integer", "minimum": 1, "maximum": 999}))
# "It deals +1 Damage against …" after a hero's strike: on that attack's rolls only
for _schema in EFFECT_SCHEMA["oneOf"]:
    if _schema["properties"]["op"] == {"const": "strike"}:
        _schema["properties"]["bonus"] = {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["stat", "amount"],
            "properties": {"stat": {"const": "damage"}, "amount": _COUNT, "against": _SEL}}}
# branch dhero: a hero's state as a condition ("While you are pinned, …", "As long as you
# have no wounds, …"), read by game/states_dhero.py
for _schema in EFFECT_SCHEMA["oneOf"]:
    if _schema["properties"]["op"] == {"const": "if"}:
        _schema["properties"]["cond"]["enum"] += ["pinned", "not_pinned", "unwounded",
                                                  "moved", "not_moved"]
    if _schema["properties"]["op"] == {"const": "unpinned"}:   # the heroes it spares
        _schema["properties"]["targets"] = _SEL
# branch dmove: a move that passes through other figures (engine/delve/game/passage_dmove.py):
# a move effect's rider, or a figure's own rule for every move it makes
_THROUGH = {"enum": ["figures", "heroes", "adversaries"]}
EFFECT_SCHEMA["oneOf"].append(_opt("pass_through", ("through",), through=_THROUGH))
EFFECT_SCHEMA["oneOf"].append(_opt("keep_away", ("from",), **{"from": _SEL}))  # never adjacent
for _schema in EFFECT_SCHEMA["oneOf"]:
    if _schema["properties"]["op"] == {"const": "move"}:
        _schema["properties"]["through"] = _THROUGH
EVENTS = ["slay", "explored", "explored_empty", "recuperated", "turn_end", "turn_start",
          "round_start", "round_end", "phase_start", "phase_end", "wounded", "slain", "attacks", "pushed",
          "pulled", "activated", "approached", "missed",
          "spent",  # a hero die spent (issue 32, session delve9): with ``faces``
          "healed", "skill",  # another hero healed, a skill gained (branch dhero)
          "wounds"]  # an adversary's attack wounded a hero (branch dtarget)
EVENTS += ["move_ended"]   # branch dmove: a hero ends its own move next to the adversary

IR_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://runeforge.invalid/delve/ir.schema.json",
    "title": f"Delve ability IR, version {IR_VERSION}",
    "type": "object", "additionalProperties": False,
    "required": ["form", "effects"],
    "$defs": {"effect": EFFECT_SCHEMA, "selector": SELECTOR},
    "properties": {
        "form": {"enum": ["action", "spend", "trigger", "constant"]},
        "name": {"type": "string"},
        "limit": {"enum": ["turn", "round", "game"]},   # "round": delveseven; "game": dadv2
        "range": _RANGE,
        "cost": {"type": "object", "additionalProperties": False,
                 "required": ["need", "escalating"],
                 "properties": {"need": _FACE, "escalating": {"type": "boolean"}}},
        "event": {"enum": EVENTS},
        "who": _SEL,
        "faces": {"type": "array", "minItems": 1, "uniqueItems": True, "items": _FACE},
        "label": {"type": "string"},
        # an activation rule's own move / attack of the turn (branch dfix)
        "replaces": {"type": "array", "uniqueItems": True,
                     "items": {"enum": ["move", "attack"]}},
        "effects": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/effect"}},
    },
    "allOf": [
        {"if": {"properties": {"form": {"const": "action"}}},
         "then": {"required": ["name", "cost"], "not": {"required": ["event"]}}},
        {"if": {"properties": {"form": {"const": "spend"}}},
         "then": {"required": ["cost"], "not": {"anyOf": [{"required": ["name"]},
                                                          {"required": ["event"]}]}}},
        {"if": {"properties": {"form": {"const": "trigger"}}},
         "then": {"required": ["event"], "not": {"anyOf": [{"required": ["name"]},
                                                           {"required": ["cost"]}]}}},
        {"if": {"properties": {"form": {"const": "constant"}}},
         "then": {"not": {"anyOf": [{"required": ["name"]}, {"required": ["cost"]},
                                    {"required": ["event"]}, {"required": ["limit"]}]}}},
        {"if": {"not": {"properties": {"form": {"const": "trigger"}}}},
         "then": {"not": {"anyOf": [{"required": ["who"]}]}}},
        {"if": {"properties": {"form": {"enum": ["action", "spend"]}}},
         "then": {"not": {"required": ["label"]}}},
    ],
}


def ir_schema() -> dict:
    return IR_SCHEMA


@lru_cache(maxsize=1)
def _validator():
    # imported here: jsonschema costs a cold `check` a tenth of its imports, and the compiler
    # passes a compiled check that answers for a valid IR (issue 38)
    from jsonschema import Draft202012Validator

    return Draft202012Validator(IR_SCHEMA)


def validate_ability(ir: dict, schema_check=None) -> None:
    """ValueError naming the first problem when ``ir`` is not a valid Delve ability IR; an
    escalating cost is an action header's only, and an area attack targets each adversary.

    ``schema_check``: a yes/no check of :data:`IR_SCHEMA` that says yes only when jsonschema
    would (the compiler's compiled one); a yes spares jsonschema, anything else (no, or an
    exception) leaves the verdict and its message to jsonschema."""
    try:
        valid = schema_check is not None and schema_check(ir) is True
    except Exception:  # noqa: BLE001 - a check that cannot judge leaves it to jsonschema
        valid = False
    if not valid:
        errors = sorted(_validator().iter_errors(ir), key=lambda e: list(e.path))
        if errors:
            where = "/".join(str(p) for p in errors[0].path) or "(root)"
            raise ValueError(f"delve IR at {where}: {errors[0].message}")
    if ir["form"] == "spend" and ir["cost"]["escalating"]:
        raise ValueError("delve IR: an escalating cost belongs only to an action header")
    for effect in ir["effects"]:
        if effect["op"] == "attack" and (effect["range"] == "area") != (effect["target"] == "each"):
            raise ValueError("delve IR: an area attack (and only it) targets each adversary")
