"""The effects of Delve's dialect (issue 32) as rules: who a selector picks, pushes and
pulls, wounds dealt by an effect, lasting effects (bonuses, a prevented wound, a figure held
in place) and when they expire. The game loop (``game/resolve.py``) asks the players'
choices; these are the pure rules on the board. ``owner`` is the figure whose card holds the
ability (a hero, or an adversary).

* **Selectors.** ``side`` adversary or hero; ``one``/``another`` pick one, ``up_to`` and
  ``n`` N (as many as there are, up to N), ``each``/``each_other`` take all; ``another``,
  ``each_other`` and the filter ``other`` leave out the owner, ``each hero`` includes it;
  ``nearest``: those at the least distance from the owner; ``most``/``fewest``: those with
  the most (fewest) of ``rank`` (wounds, renown, Vigour), one of them picked; ``self``: the owner; ``target``:
  the attack's target; ``them``: the figures picked last; ``slayer`` / ``attacked``: the hero
  of the trigger's event; ``or``: any figure of the selectors given. Filters: ``adjacent``
  (R12 with A4, as a combat attack's reach), ``adjacent_target`` (to the attack's target, or
  the figure picked last), ``within`` N spaces of the owner (or ``of: target``; steps on an
  empty board: Chebyshev distance, the project's reading), in this ``chamber``, ``visible``
  (R20 sight), ``wounded`` (at least one wound).
* **Push/pull** (the project's own rule): each figure takes up to N single steps (R12, A4),
  each to a free cell strictly farther from (away) or nearer to (towards) the reference
  figure (the owner, or the one the ability names), the farthest (nearest) first, ties by
  lowest (y, x); it stops when no step qualifies.
* **Lasting effects** (``until``, ``constant``): ``boost`` adds to attack rolls (a natural
  roll still decides ``if you rolled a 6``), to Damage, or to the hero's Move; ``ward``
  prevents the next wound its figure would suffer; ``root`` holds a figure in place.
  ``end_of_turn`` expires when the owner's turn ends, ``next_turn`` when its next turn
  starts, ``end_of_round`` when the round ends, ``end_of_phase`` when the adversary phase
  ends (after its ``phase_end`` triggers). Each entry names its ``hero`` (the owner,
  whose turn ends it) and, when another, the ``figure`` it holds.
"""

from __future__ import annotations

from itertools import combinations

from ..board.board import Board
from ..board.sight import sees
from .attacks import Figure


def distance(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _event_figure(ctx: dict, key: str, figures) -> list:
    f = ctx.get(key)
    return [f] if f is not None and f in figures else []


def candidates(board: Board, owner: Figure, sel: dict, figures, ctx: dict | None = None
               ) -> list[Figure]:
    """The figures ``sel`` may pick, before the choice of how many (in figure order).
    ``ctx``: the attack's ``target``, the figures ``picked`` last, the trigger's ``slayer``
    and ``attacked`` hero."""
    ctx = ctx or {}
    out = _base(board, owner, sel, figures, ctx)
    for other in sel.get("or", []):
        out += [f for f in candidates(board, owner, other, figures, ctx) if f not in out]
    return out


def _base(board: Board, owner: Figure, sel: dict, figures, ctx: dict) -> list[Figure]:
    q = sel["quantity"]
    if q == "self":
        return [owner] if owner in figures else []
    if q == "target":
        return _event_figure(ctx, "target", figures)
    if q == "them":
        return [f for f in ctx.get("picked", ()) if f in figures]
    if q in ("slayer", "attacked", "wounder"):   # wounder: branch dsight
        return _event_figure(ctx, q, figures)
    if q == "wounder":   # branch dprose: the figure that dealt the wound, of the side named
        return [f for f in _event_figure(ctx, q, figures) if f.side == sel.get("side")]
    side = sel.get("side", "adversary")
    out = [f for f in figures if f.side == side and not f.slain]
    if q in ("another", "each_other"):
        out = [f for f in out if f is not owner]
    room = board.owner.get(owner.cell)
    target = ctx.get("target") or next(iter(ctx.get("picked", ())), None)
    for flt in sel.get("filters", []):
        k = flt["kind"]
        if k == "adjacent":
            out = [f for f in out if f is not owner and board.adjacent(owner.cell, f.cell)]
        elif k == "adjacent_target":
            out = [f for f in out if target is not None and f is not target
                   and board.adjacent(target.cell, f.cell)]
        elif k == "within":
            ref = target if flt.get("of") == "target" else owner
            out = [f for f in out if ref is not None and distance(ref.cell, f.cell) <= flt["n"]]
        elif k == "chamber":
            out = [f for f in out if board.owner.get(f.cell) == room]
        elif k == "visible":
            out = [f for f in out if f is owner or sees(board, owner.cell, f.cell)]
        elif k == "wounded":
            out = [f for f in out if f.wounds > 0]
        elif k == "wounds":  # "with 2 or more wounds" (issue 32)
            out = [f for f in out if f.wounds >= flt["n"]]
        elif k == "vigour":  # "with 3 or more Vigour" (issue 32, session delve7)
            out = [f for f in out if f.vigour >= flt["n"]]
        elif k == "wounds_up_to":  # "with at most 1 wound" (issue 32, session delve11)
            out = [f for f in out if f.wounds <= flt["n"]]
        elif k == "vigour_up_to":  # "with at most 2 Vigour" (issue 32, session delve11)
            out = [f for f in out if f.vigour <= flt["n"]]
        elif k == "unwounded":     # "with no wounds" (issue 32, session delve11)
            out = [f for f in out if f.wounds == 0]
        elif k == "other":
            out = [f for f in out if f is not owner]
    if q in ("most", "fewest") and out:  # "the hero with the most wounds" (issue 32, delve8)
        counts = {f.id: getattr(f, sel["rank"]) for f in out}
        best = (max if q == "most" else min)(counts.values())
        out = [f for f in out if counts[f.id] == best]
    if q == "nearest" and out:
        least = min(distance(owner.cell, f.cell) for f in out if f is not owner) \
            if any(f is not owner for f in out) else 0
        out = [f for f in out if f is not owner and distance(owner.cell, f.cell) == least]
    return out


def choices(sel: dict, found: list[Figure]) -> list[list[str]]:
    """The legal picks (lists of figure ids) among ``found``: one set for each/them/self."""
    q = sel["quantity"]
    ids = [f.id for f in found]
    if not ids:
        return []
    if q in ("one", "another", "target", "nearest", "slayer", "attacked", "wounder", "most",
             "fewest") or (
            sel.get("or") and q in ("self", "one")):
        return [[i] for i in ids]
    if q in ("up_to", "n"):
        k = min(sel.get("count", 1), len(ids))
        return [list(c) for c in combinations(ids, k)]
    return [ids]


def shift(board: Board, ref_cell, figure: Figure, spaces: int, towards: bool,
          occupied) -> list:
    """Move ``figure`` up to ``spaces`` steps towards or away from ``ref_cell``; returns its
    path."""
    path = []
    for _ in range(spaces):
        here = distance(ref_cell, figure.cell)
        options = [c for c in board.steps(figure.cell, occupied)
                   if (distance(ref_cell, c) < here if towards else distance(ref_cell, c) > here)
                   and c != ref_cell]
        if not options:
            break
        key = (lambda c: (distance(ref_cell, c), c[1], c[0])) if towards else \
            (lambda c: (-distance(ref_cell, c), c[1], c[0]))
        occupied = (set(occupied) - {figure.cell})
        figure.cell = min(options, key=key)
        occupied.add(figure.cell)
        path.append(list(figure.cell))
    return path


def lasting_bonus(lasting, hero_id: str, stat: str, rng: str | None) -> int:
    """The sum of the hero's ``boost`` effects for ``stat`` (and the attack's range)."""
    return sum(e["amount"] for e in lasting if e["hero"] == hero_id and e["op"] == "boost"
               and e["stat"] == stat and (e.get("range") is None or e.get("range") == rng))


def held(lasting, figure_id: str, op: str) -> list[dict]:
    """The lasting entries of ``op`` that hold ``figure_id`` (its own, or put on it)."""
    return [e for e in lasting if e["op"] == op and e.get("figure", e["hero"]) == figure_id]


def expire(lasting: list, hero_id: str | None, when: str) -> list:
    """``lasting`` without the effects that end now (``when``: a duration name)."""
    return [e for e in lasting if not (e["until"] == when and (hero_id is None
                                                               or e["hero"] == hero_id))]
