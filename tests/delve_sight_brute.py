"""An independent brute force of Delve's line of sight (R20, A8) on exact rationals, used by
the property tests and by benchmarks/bench_delve_sight.py.

Walls lie on grid lines, so the segment can meet a wall only where it crosses a grid line:
every such crossing is computed exactly (Fractions) and looked up among the blocked unit edges
(a crossing at a grid point checks all four edges meeting there). Between two consecutive
crossings the segment runs inside one cell: its midpoint names the cell, which must belong to
one of the two end cells' chambers. An obstruction is met when some point of the segment lies
in the closed polygon: the segment is cut at every parameter where it meets a polygon edge's
line or passes a vertex, and each cut point and each midpoint between cuts is tested.
"""

from __future__ import annotations

import math
from fractions import Fraction

HALF = Fraction(1, 2)


def _point_in_closed_polygon(p, poly) -> bool:
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if cross == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) \
                and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]):
            return True
    # winding number
    winding = 0
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if a[1] <= p[1] < b[1] and cross > 0:
            winding += 1
        elif b[1] <= p[1] < a[1] and cross < 0:
            winding -= 1
    return winding != 0


def _polygon_cuts(p, d, poly) -> set:
    cuts = {Fraction(0), Fraction(1)}
    n = len(poly)
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        e = (b[0] - a[0], b[1] - a[1])
        denom = d[0] * e[1] - d[1] * e[0]
        if denom != 0:
            t = ((a[0] - p[0]) * e[1] - (a[1] - p[1]) * e[0]) / denom
            if 0 <= t <= 1:
                cuts.add(t)
        for v in (a, b):  # a vertex on the segment's line
            if (v[0] - p[0]) * d[1] - (v[1] - p[1]) * d[0] == 0:
                t = ((v[0] - p[0]) * d[0] + (v[1] - p[1]) * d[1]) / (d[0] ** 2 + d[1] ** 2)
                if 0 <= t <= 1:
                    cuts.add(t)
    return cuts


def _crossings(a, b):
    p = (a[0] + HALF, a[1] + HALF)
    d = (Fraction(b[0] - a[0]), Fraction(b[1] - a[1]))
    ts = {Fraction(0), Fraction(1)}
    for axis in (0, 1):
        if d[axis]:
            lo, hi = sorted((p[axis], p[axis] + d[axis]))
            for k in range(math.ceil(lo), math.floor(hi) + 1):
                ts.add((k - p[axis]) / d[axis])
    return p, d, sorted(ts)


def brute_touches_wall(board, a, b) -> bool:
    """The centre-to-centre segment meets a blocked unit edge (a single point counts)."""
    p, d, ts = _crossings(a, b)
    for t in ts:
        x, y = p[0] + t * d[0], p[1] + t * d[1]
        edges = set()
        if x.denominator == 1 and y.denominator == 1:
            xi, yi = int(x), int(y)
            edges = {("h", xi - 1, yi), ("h", xi, yi), ("v", xi, yi - 1), ("v", xi, yi)}
        elif x.denominator == 1:
            edges = {("v", int(x), math.floor(y))}
        elif y.denominator == 1:
            edges = {("h", math.floor(x), int(y))}
        if edges & board.blocked:
            return True
    return False


def brute_blocked(board, a, b) -> str | None:
    if a == b:
        return None
    chambers = {board.owner.get(a), board.owner.get(b)}
    if None in chambers:
        return "chamber"
    if brute_touches_wall(board, a, b):
        return "wall"
    p, d, ts = _crossings(a, b)
    for t0, t1 in zip(ts, ts[1:], strict=False):
        t = (t0 + t1) / 2
        cell = (math.floor(p[0] + t * d[0]), math.floor(p[1] + t * d[1]))
        if board.owner.get(cell) not in chambers:
            return "chamber"
    for _, poly in board.obstructions:
        cuts = sorted(_polygon_cuts(p, d, poly))
        probes = cuts + [(u + v) / 2 for u, v in zip(cuts, cuts[1:], strict=False)]
        if any(_point_in_closed_polygon((p[0] + t * d[0], p[1] + t * d[1]), poly)
               for t in probes):
            return "obstruction"
    return None
