"""Choices inside an ability (issue 32): who decides, what a selector picks now, where a move
may go, what an attack may target.

A choice is the player's when the figure whose ability it is (the owner) is a hero: a
``delve.effect`` decision, None doing nothing. An adversary's choices are the project's own
rule: the first option, in figure order. ``ctx`` carries what came before in the ability:
the attack's ``target``, the figures ``picked`` last ("each of them", "it", "that hero"), the
trigger's ``slayer`` / ``attacked`` hero, the last ``rolls``."""

from __future__ import annotations

from runeforge.engine.common.decisions import Decision

from ..rules import abilities as ab
from ..rules import effects as fx
from ..rules.attacks import Weapon, targets
from . import passage_dmove, traits  # passage_dmove: branch dmove
from .cards import DEFAULT_TARGET

EFFECT = "delve.effect"


def ask(game, owner, opts: list[dict], field: str):
    """A choice among ``opts``: the hero's player (``delve.effect``), or for an adversary
    the first option. None: the effect does nothing."""
    if not opts:
        return None
    if owner.side == "adversary":
        return opts[0][field]
    answer = game.players[owner.id].decide(Decision(EFFECT, owner.id, opts), game)
    game.log.emit("decision", kind=EFFECT, actor=owner.id, answer=answer)
    return None if answer not in opts else answer[field]


def fallen(game) -> dict:
    """figure id -> Figure of the adversaries slain by abilities and attacks in this game
    (their "when slain" rules count from their last cell); not part of the state."""
    if not hasattr(game, "fallen_figures"):
        game.fallen_figures = {}
    return game.fallen_figures


def reach(game, hero, up_to: int, through: str | None = None) -> list[tuple]:
    """The cells a move of up to ``up_to`` spaces may end on (none for a figure held);
    ``through``: the figures it passes (branch dmove, passage_dmove.py)."""
    if traits.rooted(game, hero):
        return []
    cells = passage_dmove.reach(game, hero, up_to, through)
    return sorted((c for c in cells if c != hero.cell), key=lambda c: (c[1], c[0]))


def foes(game, hero, w: Weapon) -> list:
    """The adversaries ``w`` may target from ``hero`` (R16, A7), less those immune to it."""
    s = game.state
    return [f for f in targets(s.board, hero, w, s.figures)
            if not traits.immune(game, f, w.range)]


def pick(game, owner, sel: dict, ctx: dict, choice=None) -> list:
    """The figures ``sel`` picks now: all of them, or the owner's choice."""
    s = game.state
    found = fx.candidates(s.board, owner, sel, s.figures, ctx)
    sets = fx.choices(sel, found)
    if not sets:
        return []
    if len(sets) == 1:
        ids = sets[0]
    else:
        ids = choice["targets"] if choice and "targets" in choice else ask(
            game, owner, [{"targets": t} for t in sets], "targets")
        if not ids or ids not in sets:
            return []
    picked = [f for f in found if f.id in ids]
    if sel["quantity"] not in ("self", "target"):
        ctx["picked"] = picked
    return picked


def strike_sets(game, hero, effect: dict, w: Weapon, ctx: dict) -> list[list[str]]:
    """The target sets of a ``strike``: its selector among what the weapon reaches."""
    s = game.state
    sel = effect.get("targets") or DEFAULT_TARGET[w.range]
    reach_ids = {f.id for f in foes(game, hero, w)}
    found = [f for f in fx.candidates(s.board, hero, sel, s.figures, ctx) if f.id in reach_ids]
    return fx.choices(sel, found)


def attack_sets(game, hero, effect: dict) -> list[list[str]]:
    """The target sets of an ``attack`` (a weapon): one each, or every one for area."""
    w = ab.weapon_of(ab.Ability("", "", "action", 1, False, (effect,), ""), effect, 1)
    found = foes(game, hero, w)
    if not found:
        return []
    if w.range == "area":
        return [[f.id for f in found]]
    return [[f.id] for f in found]
