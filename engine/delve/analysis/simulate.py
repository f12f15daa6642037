"""Delve's ``simulate`` and ``summarize`` engine entries: many trials played by bots.

``run_one(bundle, options) -> record`` plays one whole trial with the ``play`` entry's own
game (:func:`..game.play.play_records`, the records read once per bundle and process) and
returns it without its log: the options (``adventure``, ``players``, ``seed``, ``bots``),
``winner`` (``heroes`` or ``adversaries``), ``how``, ``rounds``, ``explored``, ``slain``,
``heroes`` (ids in seat order), ``down`` (the heroes down at the end) and ``digest`` (the
SHA-256 of the end state, as the log's ``end_state`` record has it). The record depends on the
options alone, so a sweep gives the same records in one process, a pool or on Dask
(:mod:`runeforge.engine.common.sweep`).

``summarize(results) -> summary``: per trial, the games, the heroes' wins with the 95 % Wilson
interval, how the games ended (most often first) and the rounds (mean, min, max); per hero,
the games it played and the heroes' wins in them.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from runeforge.engine.common.figures import figures
from runeforge.engine.common.sweep import rates, wilson

from ..game.play import play_records
from ..game.state import Records

WINNERS = "heroes"        # the players' side: a trial is won when the heroes win

_RECORDS: dict[int, Records] = {}


def _records(bundle: dict) -> Records:
    records = _RECORDS.get(id(bundle))
    if records is None:     # one read of the records per bundle per process, not per game
        _RECORDS.clear()
        records = _RECORDS[id(bundle)] = Records.from_bundle(bundle)
    return records


def run_one(bundle: dict, options: dict) -> dict:
    """One trial played to its end, as a result record (no log)."""
    result = play_records(_records(bundle), dict(options))
    end = result["log"][-1]
    return {**options, "winner": result["winner"], "how": result["how"],
            "rounds": result["rounds"], "explored": result["explored"],
            "slain": result["slain"], "heroes": [h["id"] for h in result["heroes"]],
            "down": [h["id"] for h in result["heroes"] if h["down"]],
            "digest": end["sha256"], "team": True, "ending": _ending(result)}


def _ending(result: dict) -> str:
    """The trial's own victory (its goal: ``own``), every hero down (``all-eliminated``) or
    the round limit (``other``), for the figures (engine/common/figures.py). Delve has no
    safety cap beyond the trial's own round limit, so no game is ``turn-cap``."""
    if result["winner"] == WINNERS:
        return "own"
    return "all-eliminated" if result["how"] == "every hero is down" else "other"


def summarize(results: list[dict]) -> dict:
    """Win rates of the heroes, per trial and per hero, how the games ended and their
    rounds (plain data)."""
    by_trial: dict[str, list[dict]] = defaultdict(list)
    by_hero: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        by_trial[r["adventure"]].append(r)
        for hero in r["heroes"]:
            by_hero[hero][0] += r["winner"] == WINNERS
            by_hero[hero][1] += 1
    adventures = []
    for trial in sorted(by_trial):
        rows = by_trial[trial]
        wins = sum(r["winner"] == WINNERS for r in rows)
        low, high = wilson(wins, len(rows))
        ended = Counter((r["winner"], r["how"]) for r in rows)
        rounds = [r["rounds"] for r in rows]
        heroes: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in rows:
            for hero in r["heroes"]:
                heroes[hero][0] += r["winner"] == WINNERS
                heroes[hero][1] += 1
        adventures.append({
            "id": trial, "games": len(rows), "wins": wins, "rate": wins / len(rows),
            "ci95": [low, high], "players": sorted({r["players"] for r in rows}),
            "ended": [{"winner": w, "how": how, "games": n} for (w, how), n in
                      sorted(ended.items(), key=lambda kv: (-kv[1], kv[0]))],
            "rounds": {"mean": sum(rounds) / len(rounds), "min": min(rounds),
                       "max": max(rounds)},
            "heroes": rates(heroes)})
    return {"games": len(results), "winners": WINNERS, "adventures": adventures,
            "heroes": rates(by_hero), "figures": figures(results)}
