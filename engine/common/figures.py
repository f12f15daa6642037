"""The figures a designer reads off a sweep of whole games (issue 35), for any game.

Each result record names its ``adventure``, ``players``, ``heroes`` (ids), ``winner`` and an
``ending``: ``own`` (the adventure's own victory: High Lord Margath, the runes, a Kyros or Crown
ending, a Delve trial's goal), ``all-eliminated`` (decided by "every Hero eliminated"),
``turn-cap`` (an unfinished game: the engine's safety cap, no seed has one) or ``other``
(another ending of the rules: the red deck running out, a trial's round limit). A
competitive game's record also names its ``seats`` (hero ids in turn order); a cooperative
game's heroes win or lose together (``winner`` is then the side, ``team`` is true).

Rows are (adventure, ruleset, players). Per row:

* the shares of each ending, the adventure's own victory with its 95 % Wilson interval;
* each hero's win share against a fair share: in a competitive game 1/players of each game the
  hero played; in a cooperative one the row's team win rate (a hero is "fair" when the team
  wins as often with it as without telling heroes apart). The bounds are 0.5x-1.5x;
* each seat's wins against the 99 % interval of a fair seat (binomial, p = 1/players, over
  the games with a winner; the normal approximation), competitive games only.

``BOUNDS`` are the targets of issue 35; ``checks`` says which a row meets.
"""

from __future__ import annotations

import math
from collections import defaultdict

from .sweep import wilson

BOUNDS = {"own_at_least": 0.70, "all_eliminated_at_most": 0.10, "turn_cap": 0,
          "hero_ratio": (0.5, 1.5), "seat_z": 2.576}
ENDINGS = ("own", "all-eliminated", "turn-cap", "other")


def _row_key(r: dict) -> tuple:
    return (r.get("adventure", ""), r.get("ruleset") or "", int(r.get("players", 0)))


def figures(results: list[dict]) -> list[dict]:
    """One figures row per (adventure, ruleset, players), sorted."""
    rows: dict[tuple, list[dict]] = defaultdict(list)
    for r in results:
        rows[_row_key(r)].append(r)
    return [_row(key, rows[key]) for key in sorted(rows)]


def _row(key: tuple, games: list[dict]) -> dict:
    adventure, ruleset, players = key
    n = len(games)
    counts = {e: sum(r.get("ending") == e for r in games) for e in ENDINGS}
    own = counts["own"]
    team = any(r.get("team") for r in games)
    heroes = _heroes(games, team, own / n if n else 0.0)
    seats = None if team else _seats(games, players)
    low, high = BOUNDS["hero_ratio"]
    checks = {
        "own": n > 0 and own / n >= BOUNDS["own_at_least"],
        "all_eliminated": n > 0 and counts["all-eliminated"] / n
        <= BOUNDS["all_eliminated_at_most"],
        "turn_cap": counts["turn-cap"] == BOUNDS["turn_cap"],
        "heroes": all(low <= h["ratio"] <= high for h in heroes),
        "seats": seats is None or all(s["ok"] for s in seats),
    }
    return {"adventure": adventure, "ruleset": ruleset or None, "players": players,
            "games": n, "endings": counts,
            "shares": {e: (counts[e] / n if n else 0.0) for e in ENDINGS},
            "own_ci95": list(wilson(own, n)), "heroes": heroes, "seats": seats,
            "checks": checks, "ok": all(checks.values())}


def _heroes(games: list[dict], team: bool, team_rate: float) -> list[dict]:
    played: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0.0])  # wins, games, fair
    for r in games:
        for hero in r["heroes"]:
            row = played[hero]
            row[1] += 1
            if team:
                row[0] += r.get("ending") == "own"
                row[2] += team_rate
            else:
                row[0] += r.get("winner") == hero
                row[2] += 1 / max(1, len(r["heroes"]))
    out = []
    for hero in sorted(played):
        wins, count, fair = played[hero]
        share, fair_share = wins / count, fair / count
        ratio = share / fair_share if fair_share else 0.0
        low, high = BOUNDS["hero_ratio"]
        out.append({"id": hero, "games": count, "wins": wins, "share": share,
                    "fair": fair_share, "ratio": ratio, "ok": low <= ratio <= high})
    return out


def _seats(games: list[dict], players: int) -> list[dict]:
    decided = [r for r in games if r.get("winner") in (r.get("seats") or ())]
    n, p, z = len(decided), 1 / max(1, players), BOUNDS["seat_z"]
    expected = n * p
    half = z * math.sqrt(n * p * (1 - p))
    wins = [0] * players
    for r in decided:
        wins[r["seats"].index(r["winner"])] += 1
    return [{"seat": i + 1, "wins": w, "expected": expected,
             "low": max(0.0, expected - half), "high": expected + half,
             "ok": expected - half <= w <= expected + half} for i, w in enumerate(wins)]
