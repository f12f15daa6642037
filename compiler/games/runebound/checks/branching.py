"""Checks of families 1-3 (conditions, choices, random tables; issue 21), run by
:func:`runeforge.games.runebound.checks.check_ability`. Codes RF414-RF419 (docs/diagnostics.md):

* RF414 a condition on a state the game does not have: a terrain or town not on the board
  (the board's vocabulary, :mod:`runeforge.games.runebound.checks.board`), an item class or challenge colour
  the card schemas do not list; with "did you mean". Unknown skills are RF408, as in tests.
* RF415 a condition that cannot be known where the ability is used: the enemy's colour
  outside combat (in a window of the turn, or on an event or encounter's text).
* RF416 "While ..." in anything but a constant ability (no tag, window, limit or cost), or
  over a clause that is not a constant rule (a modifier, a price, a restriction).
* RF417 "Choose one" with fewer than 2 or more than 4 options; RF418 (warning) two options
  that are the same.
* RF419 a "Roll a die" table whose rows overlap, run backwards or name a face that is not on
  the die (N faces, from the rules data: ``combat.die_faces``); located at the row. Faces no
  row names do nothing: the warning RF480 (issue 32, session rbdice: checks/dice.py).
"""

from __future__ import annotations

import json
from functools import lru_cache

from runeforge.dsl.errors import suggest
from runeforge.dsl.pkgfiles import files as package_files
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.nodes_lists import values
from runeforge.dsl.runebound.printer import text

from .board import TERRAINS, TOWNS

MIN_OPTIONS, MAX_OPTIONS = 2, 4
WHILE_CLAUSES = (n.Modifier, n.CostModifier, n.Restrict)  # the static clauses
WHILE_CLAUSES += (n.SellFull, n.HealPrice)  # branch rbmarket: sell and heal prices
# card kinds whose text runs outside combat (their abilities have no combat tag)
_OUT_OF_COMBAT_KINDS = ("event", "encounter")


@lru_cache(maxsize=None)
def _schema_enum(kind: str, prop: str) -> tuple[str, ...]:
    doc = json.loads(package_files("runeforge").joinpath("schemas").joinpath(
        f"{kind}.schema.json").read_text(encoding="utf-8"))
    found = []

    def visit(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == prop and isinstance(value, dict) and "enum" in value:
                    found.extend(value["enum"])
                else:
                    visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)
    visit(doc)
    return tuple(dict.fromkeys(found))


def item_classes() -> tuple[str, ...]:
    return _schema_enum("item", "class")


def colours() -> tuple[str, ...]:
    return _schema_enum("challenge", "colour")


@lru_cache(maxsize=1)
def die_faces() -> int:
    """Faces of one die, from the rules data (the same in every bundled ruleset): read from
    the base rules file as RulesData reads it, without building the whole RulesData (its
    classes alone cost a cold check 8 ms; issue 38)."""
    from runeforge.engine.runebound.core.rulesfile import bundled_document, die_faces

    return die_faces(bundled_document("base"))


def _f(*args, **kw):
    """A finding's arguments (the caller builds the Finding)."""
    return args, kw


KNOWN = {"terrain": ("terrain", lambda: TERRAINS), "named_town": ("town", lambda: TOWNS),
         "item_class": ("item class", item_classes),
         "enemy_colour": ("challenge colour", colours)}


def check_branching(a: n.Ability, ctx, nodes, finding) -> list:
    """The findings of families 1-3; ``finding`` builds one (checks.Finding)."""
    out = []
    for node in nodes:
        if isinstance(node, n.Condition):
            out.extend(_condition(a, ctx, node))
        elif isinstance(node, n.Choice):
            out.extend(_choice(node))
        elif isinstance(node, n.DieTable):
            out.extend(_table(node))
    out.extend(_whiles(a, nodes))
    return [finding(*args, **kw) for args, kw in out]


def _condition(a, ctx, c):
    if c.kind in KNOWN:
        what, known = KNOWN[c.kind]
        pool = known()
        for value in values(c.value):  # one value or several (issue 32, lists): each at its word
            if value in pool:  # towns as the board spells them: "Tamalir"
                continue
            near = next((p for p in pool if p.lower() == value.lower()), None) \
                or suggest(value, pool)
            yield _f("RF414", f"the game has no {what} '{value}'",
                     getattr(value, "span", None) or c.span,
                     hint=f"did you mean '{near}'?" if near else
                     f"{what}s are: " + ", ".join(pool))
    if c.kind == "skill" and c.value.lower() not in {s.lower() for s in ctx.skills}:
        near = suggest(c.value, ctx.skills)
        yield _f("RF408", f"unknown skill '{c.value}'", c.span,
                       hint=f"did you mean '{near}'?" if near else
                       "declare it in the pack's manifest under 'skills:'")
    if c.kind == "enemy_colour":
        where = None
        # the Defeat Challenge window opens in the combat, its enemy still known (issue 32:
        # "When you defeat a blue challenge, ...")
        if a.window is not None and a.window != "defeat_challenge":
            where = f"in the window '{a.window.replace('_', ' ')}'"
        elif ctx.kind in _OUT_OF_COMBAT_KINDS and a.tag is None:
            where = f"on {ctx.kind} text, which runs outside combat"
        if where:
            yield _f("RF415", f"the enemy's colour is known only in combat, not {where}",
                           c.span, hint="give the ability a combat tag (Before Combat:, "
                                        "Melee: ...) or test a condition of the Hero")


def _whiles(a: n.Ability, nodes):
    constant = (a.tag is None and a.window is None and not a.costs and not a.limits)
    top = {id(s) for s in a.sentences}
    for node in nodes:
        if isinstance(node, n.WhileState):
            if id(node) not in top or not constant:
                yield _f("RF416", "'While' makes a constant rule: it must be a whole "
                                  "sentence of an ability without a tag, window, limit or "
                                  "cost", node.span,
                         hint="write it as its own ability, or use 'If ...,' for a check "
                              "at the moment the ability is used")
                continue
            items = node.effect.items if isinstance(node.effect, n.And) else (node.effect,)
            for item in items:
                if not isinstance(item, WHILE_CLAUSES):
                    yield _f("RF416", "'While ...,' holds constant rules only: modifiers "
                                      "('you receive +1 Body'), prices ('Items cost you 1 "
                                      "less gold') or 'you cannot escape from this combat'",
                             item.span, hint="use 'If ...,' for an effect that happens once")


def _choice(node: n.Choice):
    count = len(node.options)
    if not MIN_OPTIONS <= count <= MAX_OPTIONS:
        yield _f("RF417", f"'Choose one' has {count} option{'s' * (count != 1)}; it "
                                f"offers {MIN_OPTIONS} to {MAX_OPTIONS}", node.span,
                       hint="separate options with '; or'" if count < MIN_OPTIONS else
                       "split it into two abilities, or drop options")
    seen = {}
    for option in node.options:
        key = text(option)
        if key in seen:
            yield _f("RF418", f"the option '{key}' is offered twice", option.span,
                           hint="drop one of them, or change it", severity="warning")
        seen.setdefault(key, option)


def _table(node: n.DieTable):
    # issue 32 (session rbdice): two dice, open rows, "Otherwise"; gaps warn (checks/dice.py)
    from .dice import table

    return table(node, die_faces())
