"""Delve's ``balance`` engine entry (``runeforge balance --game delve``): every hero against
every adversary, as tables a front end writes as CSV and prints.

``balance(bundle, options) -> report``. Options: ``adventure`` (a trial id: the adversaries
its exploration deck's encounter tables can place, and its ``slay`` goal's; None: every
adversary of the bundle), ``pack`` (named in the title: the bundle holds that pack's
adversaries), ``starts`` (default both: ``adjacent`` and ``apart``, as ``runeforge
odds --start`` reads them), ``trials`` (None: the exact odds; N: N fights a cell instead) and
``seed`` (the first fight's seed; fight i has seed ``seed+i``).

Two measures, each of one hero against one adversary:

* exact (default): the chance to slay it in one hero turn (:mod:`.odds`, the hero's best
  adaptive play; the adversary does nothing in that turn);
* ``trials``: the share of whole fights the hero wins (:mod:`.fight`: rounds of the game,
  the adversary's own behaviour too, the round limit of the rules data), with the 95 % Wilson
  interval.

The report: ``title``, ``method``, ``rule`` (what the numbers mean), ``files`` (name ->
``{columns, rows}``: ``balance.csv``, one row per hero, adversary and start;
``balance-summary.csv``, one row per adversary and start: median, min and max over the heroes,
the best and the worst hero) and ``summary`` (tables to print, each ``{title, columns,
rows}``: per adversary over the heroes, per hero over the adversaries).
"""

from __future__ import annotations

import statistics
from fractions import Fraction

from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.log import EventLog
from runeforge.engine.common.sweep import wilson

from ..game.state import Records
from . import fight as duel
from .odds import POSITIONS, problem, solve

RULE_EXACT = ("The exact chance that the hero slays the adversary in one hero turn, spending "
              "its hero dice as well as possible (docs/delve.md, Odds); the adversary does "
              "nothing in that turn, so only its Vigour counts. adjacent: the hero starts "
              "next to it; apart: it is visible and not adjacent.")
RULE_TRIALS = ("The share of whole fights the hero wins: rounds of the game loop, the hero's "
               "turn by the heuristic bot, then the adversary's own behaviour, until one "
               "falls or the rules data's round limit (an unfinished fight counts as not "
               "won); the 95 % Wilson interval. adjacent: the adversary starts next to the "
               "hero; apart: visible and not adjacent.")


def trial_adversaries(records: Records, trial_id: str) -> list[str]:
    """The adversaries a trial can place: those of its deck's encounter tables and its
    ``slay`` goal's, in card order."""
    trial = records.trial(trial_id)
    found = set()
    for card in trial.deck:
        table = records.exploration.get(card, {}).get("encounter")
        for row in records.encounters.get(table, {}).get("rows", []) if table else ():
            found.update(a["id"] for a in row.get("adversaries", []))
    if trial.quarry:
        found.add(trial.quarry)
    return [a for a in records.adversaries if a in found]


def _fights(records: Records, hero: str, adversary: str, start: str, trials: int,
            seed: int) -> int:
    wins = 0
    for i in range(trials):
        game = duel.setup(records, {"hero": hero, "adversary": adversary, "start": start,
                                    "seed": seed + i}, EventLog())
        game.play()
        wins += game.state.figure(game.state.quarry) is None     # slain: the hero won
    return wins


def balance(bundle: dict, options: dict) -> dict:
    records = Records.from_bundle(bundle)
    trial = options.get("adventure")
    starts = tuple(options.get("starts") or POSITIONS)
    for start in starts:
        if start not in POSITIONS:
            raise EngineError(f"balance: a start is one of {', '.join(POSITIONS)}, not "
                              f"{start!r}")
    trials, seed = options.get("trials"), options.get("seed", 0)
    heroes = list(records.heroes)
    foes = trial_adversaries(records, trial) if trial else list(records.adversaries)
    if not heroes or not foes:
        raise EngineError(f"balance: nothing to compare: {len(heroes)} heroes, {len(foes)} "
                          "adversaries")
    where = (f"{records.trials[trial].get('name', trial)} ({trial})" if trial
             else f"the adversaries of the pack {options['pack']}" if options.get("pack")
             else "every adversary")
    cells = []
    for a in foes:
        adv = records.adversaries[a]
        for h in heroes:
            hero = records.heroes[h]
            for start in starts:
                if trials:
                    wins = _fights(records, h, a, start, trials, seed)
                    p, exact, ci = wins / trials, "", wilson(wins, trials)
                else:
                    got = solve(problem(hero, adv, records.rules, records.rules_doc), start)
                    exact = got["probability"]
                    p, ci = float(Fraction(exact)), None
                cells.append({"adversary": a, "adversary_name": adv["name"],
                              "vigour": adv["vigour"], "hero": h, "hero_name": hero["name"],
                              "start": start, "p": p, "exact": exact, "ci": ci})
    return {"title": f"Balance of Delve, {where}: {len(heroes)} heroes x {len(foes)} "
                     "adversaries",
            "method": (f"{trials} fights a cell (seeds {seed}..{seed + trials - 1})" if trials
                       else "exact odds to slay in one hero turn"),
            "rule": RULE_TRIALS if trials else RULE_EXACT,
            "files": {"balance.csv": _cells_table(cells, trials),
                      "balance-summary.csv": _summary_table(cells, foes, starts)},
            "summary": _printed(cells, foes, heroes, starts, records)}


def _cells_table(cells: list[dict], trials) -> dict:
    columns = ["adversary", "adversary_name", "vigour", "hero", "hero_name", "start", "slay",
               "slay_exact", "slay_ci_low", "slay_ci_high", "trials"]
    rows = []
    for c in cells:
        low, high = c["ci"] or (c["p"], c["p"])
        rows.append([c["adversary"], c["adversary_name"], c["vigour"], c["hero"],
                     c["hero_name"], c["start"], f"{c['p']:.6f}", c["exact"], f"{low:.6f}",
                     f"{high:.6f}", trials or ""])
    return {"columns": columns, "rows": rows}


def _stats(cells: list[dict]) -> tuple[float, dict, dict]:
    best = max(cells, key=lambda c: (c["p"], c["hero"]))
    worst = min(cells, key=lambda c: (c["p"], c["hero"]))
    return statistics.median(c["p"] for c in cells), best, worst


def _summary_table(cells: list[dict], foes: list[str], starts) -> dict:
    columns = ["adversary", "adversary_name", "vigour", "start", "heroes", "median", "min",
               "max", "best_hero", "worst_hero"]
    rows = []
    for a in foes:
        for start in starts:
            mine = [c for c in cells if c["adversary"] == a and c["start"] == start]
            if not mine:
                continue
            median, best, worst = _stats(mine)
            rows.append([a, mine[0]["adversary_name"], mine[0]["vigour"], start, len(mine),
                         f"{median:.6f}", f"{worst['p']:.6f}", f"{best['p']:.6f}",
                         best["hero"], worst["hero"]])
    return {"columns": columns, "rows": rows}


def _spread(cells: list[dict]) -> str:
    median, best, worst = _stats(cells)
    return f"{median:.1%} ({worst['p']:.1%}–{best['p']:.1%})"


def _printed(cells: list[dict], foes: list[str], heroes: list[str], starts,
             records: Records) -> list[dict]:
    """Two tables to print: per adversary, and per hero, the median (min–max) of each
    start."""
    head = [f"{start}: median (min–max)" for start in starts]
    by_foe = {"title": "per adversary, over the heroes", "columns": ["adversary", "Vigour", *head],
              "rows": []}
    for a in foes:
        row = [records.adversaries[a]["name"], str(records.adversaries[a]["vigour"])]
        row += [_spread([c for c in cells if c["adversary"] == a and c["start"] == start])
                for start in starts]
        by_foe["rows"].append(row)
    by_hero = {"title": "per hero, over the adversaries", "columns": ["hero", *head],
               "rows": []}
    for h in heroes:
        by_hero["rows"].append([records.heroes[h]["name"]] + [
            _spread([c for c in cells if c["hero"] == h and c["start"] == start])
            for start in starts])
    return [by_foe, by_hero]
