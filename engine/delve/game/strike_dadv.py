"""An adversary's attack by ability with its own Hit and Damage and no range (issue 32, branch
dadv): "this adversary attacks the nearest hero: Hit 4+, Damage 1", "… attacks each hero in
its chamber. Hit 5+, Damage 1".

The text names no range, so the attack reaches every hero any range reaches from where the
adversary stands (R16: an adjacent hero, a visible one, one in its chamber), among those its
selector names; each hero is rolled at with the first range, in the order combat, missile,
area, that reaches it (so its rules on the attacks of one range count for that hero). Its
choice is the first option, as for its other attacks (game/foes.strike)."""

from __future__ import annotations

from ..rules import effects as fx
from ..rules.attacks import Weapon, targets
from . import disarm

ORDER = ("combat", "missile", "area")


def reach(game, figure, hit: int, damage: int) -> dict:
    """hero id -> the weapon that reaches it (its range the first of ``ORDER`` that does)."""
    s = game.state
    out: dict = {}
    for rng in ORDER:
        w = Weapon("strike", 1, rng, hit, damage)
        for f in targets(s.board, figure, w, s.figures):
            out.setdefault(f.id, w)
    for spared in disarm.spared(game, figure):   # "… cannot attack you" (delveseven)
        out.pop(spared, None)
    return out


def strike_any(game, figure, e: dict, ctx: dict, apply, roll_at) -> dict:
    s = game.state
    weapon_of = reach(game, figure, e["hit"], e["damage"])
    sel = e.get("targets") or {"quantity": "one", "side": "hero"}
    found = [f for f in fx.candidates(s.board, figure, sel, s.figures, ctx)
             if f.id in weapon_of]
    sets = fx.choices(sel, found)
    if not sets:
        return {"op": "strike", "results": []}
    chosen = [s.figure(i) for i in sets[0]]
    ctx["picked"] = chosen
    results = [roll_at(game, figure, weapon_of[h.id], h, apply) for h in chosen
               if h in s.figures]
    ctx["rolls"] = [r["roll"] for r in results]
    ctx["hit"] = any(r["hit"] for r in results)
    return {"op": "strike", "weapon": "strike", "results": results}
