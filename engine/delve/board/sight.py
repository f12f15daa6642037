"""Exact line of sight (R20, A8).

Two cells see each other when the segment between their centres
* touches no wall (a blocked unit edge, including its end points: a single common point
  blocks), so it leaves a chamber only across an open (joined) exit;
* passes into the interior of no cell but those of the two cells' own chambers ("does not
  pass into another chamber");
* touches no obstruction polygon (closed: a single common point blocks);
Figures never block (A8).

Everything is exact: cell centres are doubled to odd integers, so the walls and cells are
decided with integer arithmetic by separating axes; obstructions (rational vertices) with
Fractions. Nothing is sampled and nothing is rounded.
"""

from __future__ import annotations

from fractions import Fraction

from .board import Board
from .geometry import segment_touches_polygon


def _wall_touch(px, py, qx, qy, nx, ny, c, kind, x, y) -> bool:
    """Closed segment P-Q (doubled coordinates) touches the closed unit edge."""
    if kind == "h":
        ax, ay, bx, by = 2 * x, 2 * y, 2 * x + 2, 2 * y
    else:
        ax, ay, bx, by = 2 * x, 2 * y, 2 * x, 2 * y + 2
    if max(px, qx) < ax or min(px, qx) > bx or max(py, qy) < ay or min(py, qy) > by:
        return False
    da, db = nx * ax + ny * ay - c, nx * bx + ny * by - c
    return not ((da > 0 and db > 0) or (da < 0 and db < 0))


def _enters_cell(px, py, qx, qy, nx, ny, c, x, y) -> bool:
    """Closed segment P-Q (doubled) meets the open interior of cell (x, y)."""
    x0, y0 = 2 * x, 2 * y
    if max(px, qx) <= x0 or min(px, qx) >= x0 + 2 or max(py, qy) <= y0 or min(py, qy) >= y0 + 2:
        return False
    values = [nx * cx + ny * cy - c for cx in (x0, x0 + 2) for cy in (y0, y0 + 2)]
    return min(values) < 0 < max(values)


def blocked_by(board: Board, a, b) -> str | None:
    """Why cell ``a`` does not see cell ``b`` ("wall", "chamber", "obstruction"), or None."""
    if a == b:
        return None
    chambers = {board.owner.get(a), board.owner.get(b)}
    if None in chambers:
        return "chamber"
    px, py, qx, qy = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1
    nx, ny = py - qy, qx - px          # a normal of P-Q
    c = nx * px + ny * py
    x_lo, x_hi = min(a[0], b[0]), max(a[0], b[0])
    y_lo, y_hi = min(a[1], b[1]), max(a[1], b[1])
    owner = board.owner
    for x in range(x_lo, x_hi + 1):
        for y in range(y_lo, y_hi + 1):
            if owner.get((x, y)) not in chambers and _enters_cell(px, py, qx, qy, nx, ny, c,
                                                                  x, y):
                return "chamber"
    blocked = board.blocked
    for x in range(x_lo, x_hi + 2):
        for y in range(y_lo, y_hi + 2):
            for kind in ("h", "v"):
                if ((kind, x, y) in blocked
                        and _wall_touch(px, py, qx, qy, nx, ny, c, kind, x, y)):
                    return "wall"
    if board.obstructions:
        p = (Fraction(2 * a[0] + 1, 2), Fraction(2 * a[1] + 1, 2))
        q = (Fraction(2 * b[0] + 1, 2), Fraction(2 * b[1] + 1, 2))
        lo_x, hi_x, lo_y, hi_y = min(p[0], q[0]), max(p[0], q[0]), min(p[1], q[1]), max(p[1], q[1])
        for _, poly in board.obstructions:
            if (max(v[0] for v in poly) < lo_x or min(v[0] for v in poly) > hi_x
                    or max(v[1] for v in poly) < lo_y or min(v[1] for v in poly) > hi_y):
                continue
            if segment_touches_polygon(p, q, poly):
                return "obstruction"
    return None


def sees(board: Board, a, b) -> bool:
    """R20: cell ``a`` sees cell ``b`` (figures never block, A8). Sight is symmetric and
    depends on the chambers only, so the answer is kept until the board changes."""
    a, b = tuple(a), tuple(b)
    key = (a, b) if a <= b else (b, a)
    cache = getattr(board, "sight_cache", None)
    if cache is None:
        return blocked_by(board, a, b) is None
    if key not in cache:
        cache[key] = blocked_by(board, a, b) is None
    return cache[key]


def visible_cells(board: Board, a) -> set:
    return {c for c in board.owner if sees(board, a, c)}
