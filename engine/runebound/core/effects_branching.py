"""Effects of families 1-3 (issue 21): conditions on the state, choices and random tables.

* ``if_state``: its effects run when the condition holds for the Hero using (or facing)
  the ability; the log says which (a ``condition`` record: its ``kind`` and ``taken``).
* ``while``: a constant rule; its ``modify`` effects count in a stat while the condition
  holds. They are read afresh every time (:func:`while_modifiers`), never cached with the
  standing rules, because the state they read (the Hero's space, wounds, gold, Allies,
  items, the enemy) changes without any card changing hands.
* ``choose``: the Hero's player picks one option (decision kind ``choice``: the option's
  index; ``info["effects"]`` holds each option's IR). Every option is offered, also one that
  would do nothing now (the printed game's reading: a player may choose an option with no
  effect, e.g. "discard 1 wound" with no wound).
* ``roll_table``: one die of the ruleset's ``die_faces`` (from the rules data) from the
  engine's dice stream, then the row that covers it.

The Hero's space comes from ``engine.hero_place(hero)``: ``(terrain, town name or None)``
(the whole game's board and positions; a scenario's ``given``), or None where the engine has
no board (a lone combat): a condition on the space then does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import effects as fx
from .herofacts import count, hero_place
from .ir_dice import row_for, total
from .ir_lists import matches

TOKEN_FIELDS = {"wound": "wounds", "exhaustion": "exhaustion", "gold": "gold"}


def holds(condition: dict, ctx) -> bool:
    """Does ``condition`` (IR) hold now for ``ctx.owner``?"""
    engine, hero, kind = ctx.engine, ctx.owner, condition["kind"]
    if kind in ("terrain", "town", "named_town"):
        place = hero_place(engine, hero)
        if place is None:
            return False
        terrain, town = place
        if kind == "terrain":
            return matches(terrain, condition["terrain"])  # one terrain or a list (lists)
        if kind == "town":
            return town is not None
        return (town or "").lower() == condition["town"].lower()
    if kind == "at_least":  # tokens, gold, and (issue 32) Items, Allies, trophies held
        return count(hero, condition["token"]) >= condition["count"]
    if kind == "none":  # tokens, gold, and (issue 32) Items, Allies, trophies held
        return count(hero, condition["token"]) == 0
    if kind == "unwounded":  # issue 32 (session when): no wound landed in the Hero's combat
        return engine.combat_wounds.get(hero.id, 0) == 0
    if kind == "round_unhurt":  # branch rbsix2: fewer than count wounds on the enemy this round
        enemy = getattr(engine, "enemies", {}).get(hero.id)
        if enemy is None:
            return False
        landed = engine.combat_wounds.get(enemy.id, 0) - engine.round_wounds.get(enemy.id, 0)
        return landed < condition["count"]
    if kind == "skill":  # printed, or given by a card held (branch runs2: the printed only)
        from .skills import skills_of

        return condition["skill"].lower() in skills_of(engine, hero)
    if kind == "ally":
        return bool(getattr(hero, "allies", ()))
    if kind == "item_class":
        card = engine.catalog.card
        return any(card(i).data.get("class") == condition["class"]
                   for i in getattr(hero, "items", ()))
    if kind == "enemy_colour":
        enemy = getattr(engine, "enemies", {}).get(hero.id)
        return matches(getattr(enemy, "colour", None), condition["colour"])
    if kind == "moment":  # branch rbtime: a moment of a combat (core/moments.py)
        from .moments import at_moment

        return at_moment(engine, condition)
    if kind == "ally_none":  # branch rbtime: this Ally (the card's own) has none of a token
        from .moments import ally_none

        return ally_none(hero, ctx.source, condition["token"])
    raise ValueError(f"unknown condition kind {kind!r}")


@dataclass
class IfState(fx.Effect):
    condition: dict
    effects: list
    otherwise: list  # "Otherwise, ..." (IR "else")
    op = "if_state"

    def run(self, ctx):
        taken = holds(self.condition, ctx)
        ctx.engine.log.emit("condition", source=ctx.source, kind=self.condition["kind"],
                            taken=taken)
        fx.run_all(self.effects if taken else self.otherwise, ctx)


@dataclass
class While(fx.Effect):
    condition: dict
    effects: list
    op = "while"
    static_kind = True

    def run(self, ctx):  # used, not standing: its modifiers for this round, if it holds
        if holds(self.condition, ctx):
            fx.run_all(self.effects, ctx)


@dataclass
class Choose(fx.Effect):
    options: list  # of effect lists
    raw: list
    op = "choose"

    def run(self, ctx):
        pick = ctx.engine.ask(ctx.owner, "choice", list(range(len(self.options))),
                              source=ctx.source, effects=self.raw)
        ctx.engine.log.emit("chosen", source=ctx.source, option=pick)
        fx.run_all(self.options[pick], ctx)


@dataclass
class RollTable(fx.Effect):
    rows: list  # (low, high, effects); low/high None: open (issue 32, session rbdice)
    dice: int = 1  # issue 32 (session rbdice, ir_dice): two dice, an attribute, the higher
    add: str | None = None
    keep: str | None = None
    otherwise: list = ()
    op = "roll_table"

    def run(self, ctx):
        engine = ctx.engine
        faces = engine.ruleset.die_faces
        rolled, face = total(engine, ctx.owner, self)
        row = row_for(self.rows, face)
        more = {} if self.dice == 1 and self.add is None else {"dice": rolled}
        engine.log.emit("die_roll", source=ctx.source, hero=ctx.owner.id, face=face,
                        faces=faces, row=None if row is None else [row[0], row[1]], **more)
        if row is not None:
            fx.run_all(row[2], ctx)
        elif self.otherwise:
            fx.run_all(self.otherwise, ctx)


def _while_rules(engine) -> list:
    """(owner Hero, card id, ``while`` effect) of every card in force: which rules there are
    depends only on the cards in play, so the standing-rules cache keeps this list."""
    return [(owner, card.id, effect) for owner, card in engine._standing_cards()
            for effect in card.standing_effects if effect.op == "while"]


def while_sources(engine, op: str):
    """(owner Hero, card id, effect, None) of every ``op`` effect (modify, cost_modifier,
    restrict) of an always-on ``while`` rule whose condition holds now, in the shape of the
    standing rules' sources. The rules come from the cache; their conditions are read afresh
    on every call (see the module's text)."""
    for owner, card_id, effect in engine.standing_cached(("while",), None, _while_rules, engine):
        inner = [e for e in effect.effects if e.op == op]
        if inner and holds(effect.condition, fx.Context(engine, owner, card_id)):
            for e in inner:
                yield owner, card_id, e, None


def while_modifying(engine, name: str) -> tuple:
    """The ``while`` rules in force (owner, card id, effect) with a ``modify`` of ``name``
    among their effects, whatever their conditions: none, and no ``while`` can change it."""
    if name not in while_stats(engine.catalog):
        return ()
    return tuple(rule for rule in engine.standing_cached(("while",), None, _while_rules, engine)
                 if any(e.op == "modify" and e.stat == name for e in rule[2].effects))


def while_stats(catalog) -> frozenset:
    """The stats some always-on ``while`` rule of some card of ``catalog`` modifies (kept on
    the catalog for its current summary: a refresh computes it again)."""
    summary = catalog._summarised()
    found = getattr(catalog, "_while_stats", None)
    if found is None or found[0] is not summary:
        stats = frozenset(e.stat for c in catalog.cards.values() for w in c.standing_effects
                          if w.op == "while" for e in w.effects if e.op == "modify")
        found = catalog._while_stats = (summary, stats)
    return found[1]


def while_ops(catalog) -> frozenset:
    """The ops of the effects of some always-on ``while`` rule of some card of ``catalog``
    (kept on the catalog for its current summary): a question of another op never needs
    the rules' conditions read (the bundled cards' ``while`` rules change prices only, so
    ``restricted`` asks no condition)."""
    summary = catalog._summarised()
    found = getattr(catalog, "_while_ops", None)
    if found is None or found[0] is not summary:
        ops = frozenset(e.op for c in catalog.cards.values() for w in c.standing_effects
                        if w.op == "while" for e in w.effects)
        found = catalog._while_ops = (summary, ops)
    return found[1]


def while_modifiers(engine, fig, name: str) -> int:
    """What the ``while`` rules in force now add to ``fig``'s stat ``name``."""
    return sum(engine._modifier(fig, owner, card_id, e, None)
               for owner, card_id, e, _x in while_sources(engine, "modify") if e.stat == name)


def _build(ir: dict):
    op = ir["op"]
    if op == "if_state":
        return IfState(ir["condition"], fx.build_effects(ir["effects"]),
                       fx.build_effects(ir["else"]))
    if op == "while":
        return While(ir["condition"], fx.build_effects(ir["effects"]))
    if op == "choose":
        return Choose([fx.build_effects(o) for o in ir["options"]], list(ir["options"]))
    return RollTable([(r["low"], r["high"], fx.build_effects(r["effects"]))
                      for r in ir["rows"]], ir.get("dice", 1), ir.get("add"), ir.get("keep"),
                     fx.build_effects(ir.get("else", [])))


for _op in ("if_state", "while", "choose", "roll_table"):
    fx.EXTRA_BUILDERS[_op] = _build
