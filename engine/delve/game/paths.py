"""Shortest paths over a Delve board (BFS, figures blocking), for the game loop and bots."""

from __future__ import annotations

from collections import deque


def path_to(board, start, goal, occupied, limit=None):
    """The cells after ``start`` of a shortest legal path to ``goal`` (BFS), or None."""
    parent = {start: None}
    queue = deque([(start, 0)])
    while queue:
        cell, d = queue.popleft()
        if cell == goal:
            path = []
            while cell != start:
                path.append(cell)
                cell = parent[cell]
            return path[::-1]
        if limit is not None and d >= limit:
            continue
        for n in board.steps(cell, occupied):
            if n not in parent:
                parent[n] = cell
                queue.append((n, d + 1))
    return None


def distances(board, sources, occupied) -> dict:
    """BFS steps to every cell from the nearest of ``sources`` (``occupied`` cells block)."""
    best = {c: 0 for c in sources}
    queue = deque(sources)
    while queue:
        cell = queue.popleft()
        for n in board.steps(cell, occupied):
            if n not in best:
                best[n] = best[cell] + 1
                queue.append(n)
    return best
