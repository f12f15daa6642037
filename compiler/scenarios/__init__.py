"""Card scenarios: what cards must do, stated in YAML next to the cards, run by `runeforge test`.

A scenario file is a document of kind ``scenarios`` (``<name>.scenarios.yaml``; the schema is
the game's ``scenarios.schema.json``). Each game of the registry that has scenarios names a
runner (``Game.scenarios``, ``run(content, compiled, documents) -> [ScenarioResult]``); this
module collects the documents per game, runs them and measures what they covered. Reports
(text, JSON, JUnit XML) are in :mod:`.report`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from runeforge import games

KIND = "scenarios"


@dataclass
class Check:
    """One expected value: ``what`` (e.g. ``hero.wounds``) at ``keys`` inside the scenario."""

    what: str
    expected: object
    actual: object
    keys: tuple

    @property
    def ok(self) -> bool:
        return self.expected == self.actual


@dataclass
class ScenarioResult:
    """The outcome of one card scenario run by the engine."""

    name: str
    game: str
    path: str
    line: int
    col: int
    checks: list[Check] = field(default_factory=list)
    error: str | None = None  # the scenario could not run to its end
    error_at: tuple[int, int] | None = None  # (line, col) of the error's cause
    covers: list[str] = field(default_factory=list)  # card ids whose behaviour it states
    ops: set[str] = field(default_factory=set)  # IR ops it ran
    branches: set = field(default_factory=set)  # (card id, outcome) of "If you ..." taken
    where: object = field(default=None, repr=False)  # keys inside the scenario -> (line, col)

    def locate(self, keys: tuple) -> tuple[int, int]:
        return self.where(*keys) if self.where is not None else (self.line, self.col)

    @property
    def passed(self) -> bool:
        return self.error is None and all(c.ok for c in self.checks)

    @property
    def failures(self) -> list[Check]:
        return [c for c in self.checks if not c.ok]


class Locator:
    """(line, col) of a place inside the scenario at ``keys`` of ``doc``: the deepest of the
    inner keys that the file has (an expected value missing from the file falls back to its
    parent)."""

    def __init__(self, doc, keys: tuple):
        self.doc, self.keys = doc, tuple(keys)

    def __call__(self, *inner) -> tuple[int, int]:
        for cut in range(len(inner), -1, -1):
            try:
                return self.doc.pos(*self.keys, *inner[:cut])
            except (KeyError, IndexError, TypeError, ValueError):
                continue
        return self.doc.pos(*self.keys)


def run(content, compiled, game: str | None = None) -> list[ScenarioResult]:
    """Every scenario of the content (of ``game`` only, when given), game by game, in file
    order."""
    results: list[ScenarioResult] = []
    docs = content.documents.get(KIND, [])
    for each in games.all_games():
        if game is not None and each.id != game:
            continue
        mine = [d for d in docs if d.game == each.id and isinstance(d.data, dict)]
        if mine and each.scenarios:
            results.extend(games.resolve(each.scenarios)(content, compiled, mine))
    return results


@dataclass
class Coverage:
    """Which cards and IR ops the scenarios exercise, of those of the games that have scenarios."""

    cards: list[str]  # every card of the games that have scenarios
    covered: set[str]
    ops: set[str]  # every IR op the compiled abilities of those cards use
    ops_run: set[str]
    branches: set = field(default_factory=set)  # (card, outcome) of every "If you ..."
    branches_taken: set = field(default_factory=set)

    @property
    def branches_missing(self) -> list[tuple[str, str]]:
        return sorted(self.branches - self.branches_taken)

    @property
    def uncovered(self) -> list[str]:
        return [c for c in self.cards if c not in self.covered]

    @property
    def ops_missing(self) -> list[str]:
        return sorted(self.ops - self.ops_run)

    def percent(self) -> tuple[float, float]:
        cards = 100.0 * len(self.covered & set(self.cards)) / max(1, len(self.cards))
        ops = 100.0 * len(self.ops & self.ops_run) / max(1, len(self.ops))
        return cards, ops


def coverage(content, compiled, results: list[ScenarioResult],
             game: str | None = None) -> Coverage:
    """Cards covered by a passing scenario, and the IR ops the bundle uses that some passing
    scenario ran (an op of an always-on ability counts when its card was in play). The cards
    counted are those of the games with scenarios (of ``game`` only, when given), of the
    kinds each game's scenarios state (``Game.scenario_kinds``; empty: every kind)."""
    kinds = {g.id: g.scenario_kinds for g in games.all_games() if g.scenarios
             and (game is None or g.id == game)}
    cards = [cid for cid, card in content.cards.items() if card.game in kinds
             and (not kinds[card.game] or card.kind in kinds[card.game])]
    ops = {op for cid in cards for ir in compiled.get(cid, []) for op in _ops(ir)}
    passed = [r for r in results if r.passed]
    branches = {(cid, outcome) for cid in cards for ir in compiled.get(cid, [])
                for outcome in _branches(ir)}
    return Coverage(cards=cards, covered={c for r in passed for c in r.covers},
                    ops=ops, ops_run={op for r in passed for op in r.ops},
                    branches=branches,
                    branches_taken={b for r in passed for b in r.branches} & branches)


def _effects(ir):
    """Every effect of an ability's IR, nested ones (``if``, ``optional``, durations,
    triggers: their ``effects`` lists) included; not its costs (``activate`` is a cost op).
    Walked without recursion."""
    stack = list(ir.get("effects", [])) if isinstance(ir, dict) else []
    while stack:
        effect = stack.pop()
        if isinstance(effect, dict) and isinstance(effect.get("op"), str):
            yield effect
            stack.extend(effect.get("effects") or [])


def _ops(ir) -> set[str]:
    """The effect ops of an ability (what the engine logs as ``effect`` records)."""
    return {e["op"] for e in _effects(ir)}


def _branches(ir) -> set[str]:
    """The outcomes of the ``if`` effects of an ability ("If you succeed" / "If you fail")."""
    return {e["outcome"] for e in _effects(ir) if e["op"] == "if" and "outcome" in e}
