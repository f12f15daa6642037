"""The scenarios runner of a game whose engine runs one scenario itself: its ``scenario``
engine entry, ``scenario(bundle, scenario) -> {checks, error, ops, covers}`` (plain data: each
check's ``keys`` and the error's locate it inside the scenario). Delve's is
``engine/delve/analysis/scenarios.py``. This module only turns those results into located
:class:`~runeforge.scenarios.ScenarioResult` values; it knows no game.
"""

from __future__ import annotations

from runeforge import games

from . import Check, Locator, ScenarioResult


def run(content, compiled, documents) -> list[ScenarioResult]:
    """``Game.scenarios`` of such a game: every scenario of ``documents`` (one game's)."""
    from runeforge.backends.bundle import build_bundle

    bundle = build_bundle(content, compiled)
    out = []
    for doc in documents:
        entry = games.get(doc.game).entry("scenario")
        for i, scenario in enumerate(doc.data.get("scenarios") or []):
            if isinstance(scenario, dict):
                out.append(_result(doc, i, scenario, entry(bundle, scenario)))
    return out


def _result(doc, index: int, scenario: dict, ran: dict) -> ScenarioResult:
    keys = ("scenarios", index)
    line, col = doc.pos(*keys, "name")
    result = ScenarioResult(name=str(scenario.get("name")), game=doc.game, path=doc.path,
                            line=line, col=col,
                            covers=list(scenario.get("covers") or ran["covers"]),
                            ops=set(ran["ops"]))
    result.where = Locator(doc, keys)
    if ran["error"] is not None:
        result.error = ran["error"]["message"]
        result.error_at = result.where(*ran["error"]["keys"])
    result.checks = [Check(c["what"], c["expected"], c["actual"], tuple(c["keys"]))
                     for c in ran["checks"]]
    return result
