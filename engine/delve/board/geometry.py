"""Exact plane geometry on rationals (``fractions.Fraction``); no float ever enters.

Coordinates are in cell units, x to the right and y downward; cell (x, y) is the unit square
[x, x+1] x [y, y+1]. A unit *edge* of the grid is ``("h", x, y)`` (from (x, y) to (x+1, y)) or
``("v", x, y)`` (from (x, y) to (x, y+1)).
"""

from __future__ import annotations

from fractions import Fraction

Point = tuple[Fraction, Fraction]
Edge = tuple[str, int, int]


def number(value) -> Fraction:
    """An int or a "p/q" string (or a Fraction) as a Fraction; floats and bools are refused
    with ValueError, since a float is never exact."""
    if isinstance(value, bool) or isinstance(value, float):
        raise ValueError(f"{value!r} is not exact: write an integer or a \"p/q\" string")
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
        raise ValueError(f"{value!r} is not a number: write an integer or a \"p/q\" string")
    raise ValueError(f"{value!r} is not a number: write an integer or a \"p/q\" string")


def orient(a, b, c) -> int:
    """Sign of the cross product (b - a) x (c - a): 1, 0 or -1."""
    v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (v > 0) - (v < 0)


def on_segment(p, a, b) -> bool:
    """p lies on the closed segment ab."""
    return (orient(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0])
            and min(a[1], b[1]) <= p[1] <= max(a[1], b[1]))


def segments_touch(p, q, a, b) -> bool:
    """The closed segments pq and ab share at least one point (a single touch counts)."""
    o1, o2, o3, o4 = orient(p, q, a), orient(p, q, b), orient(a, b, p), orient(a, b, q)
    if o1 * o2 < 0 and o3 * o4 < 0:
        return True
    return on_segment(a, p, q) or on_segment(b, p, q) or on_segment(p, a, b) or on_segment(q, a, b)


def inside_polygon(p, polygon) -> bool:
    """p lies strictly inside or on the boundary of a simple polygon (crossing number)."""
    n = len(polygon)
    for i in range(n):
        if on_segment(p, polygon[i], polygon[(i + 1) % n]):
            return True
    inside = False
    x, y = p
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            cross_x = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if cross_x > x:
                inside = not inside
    return inside


def segment_touches_polygon(p, q, polygon) -> bool:
    """The closed segment pq shares a point with the closed polygon."""
    n = len(polygon)
    return (any(segments_touch(p, q, polygon[i], polygon[(i + 1) % n]) for i in range(n))
            or inside_polygon(p, polygon))


def edge_points(edge: Edge) -> tuple[tuple[int, int], tuple[int, int]]:
    kind, x, y = edge
    return ((x, y), (x + 1, y)) if kind == "h" else ((x, y), (x, y + 1))


def cell_edges(cell) -> dict[str, Edge]:
    """The four unit edges of a cell, by side."""
    x, y = cell
    return {"north": ("h", x, y), "south": ("h", x, y + 1),
            "west": ("v", x, y), "east": ("v", x + 1, y)}


def corner_edges(x: int, y: int) -> tuple[Edge, ...]:
    """The four unit edges meeting at the grid point (x, y)."""
    return (("h", x - 1, y), ("h", x, y), ("v", x, y - 1), ("v", x, y))


def unit_edges(a, b) -> list[Edge]:
    """An axis-parallel segment between grid points as unit edges (ValueError otherwise)."""
    (x1, y1), (x2, y2) = a, b
    if x1 == x2 and y1 != y2:
        return [("v", x1, y) for y in range(min(y1, y2), max(y1, y2))]
    if y1 == y2 and x1 != x2:
        return [("h", x, y1) for x in range(min(x1, x2), max(x1, x2))]
    raise ValueError(f"a wall runs along a grid line: {list(a)} -> {list(b)} is not "
                     "horizontal or vertical, or has no length")
