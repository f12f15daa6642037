"""Reports of `runeforge test`: plain records (JSON), JUnit XML for CI, and the coverage table."""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

from . import Coverage, ScenarioResult


def failure_lines(result: ScenarioResult) -> list[str]:
    """What went wrong, each line at its place in the file."""
    lines = []
    if result.error is not None:
        line, col = result.error_at or (result.line, result.col)
        lines.append(f"{result.path}:{line}:{col}: {result.error}")
    for check in result.failures:
        line, col = result.locate(check.keys)
        lines.append(f"{result.path}:{line}:{col}: {check.what}: expected "
                     f"{_show(check.expected)}, got {_show(check.actual)}")
    return lines


def _show(value) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    return text if len(text) <= 300 else text[:300] + "…"


def as_json(results: list[ScenarioResult], cov: Coverage | None = None) -> dict:
    out = {"scenarios": [{
        "name": r.name, "game": r.game, "path": r.path, "line": r.line, "col": r.col,
        "passed": r.passed, "covers": r.covers, "ops": sorted(r.ops),
        "error": r.error,
        "failures": [{"what": c.what, "expected": c.expected, "actual": c.actual,
                      "line": r.locate(c.keys)[0], "col": r.locate(c.keys)[1]}
                     for c in r.failures],
    } for r in results],
        "passed": sum(r.passed for r in results), "failed": sum(not r.passed for r in results)}
    if cov is not None:
        cards, ops = cov.percent()
        out["coverage"] = {"cards": len(cov.cards), "cards_covered": len(cov.covered),
                           "cards_percent": round(cards, 1), "uncovered": cov.uncovered,
                           "ops": sorted(cov.ops), "ops_percent": round(ops, 1),
                           "ops_missing": cov.ops_missing,
                           "branches": len(cov.branches),
                           "branches_taken": len(cov.branches_taken),
                           "branches_missing": [f"{c}:{o}" for c, o in cov.branches_missing]}
    return json.loads(json.dumps(out, default=str))


def junit(results: list[ScenarioResult]) -> bytes:
    suite = ET.Element("testsuite", name="runeforge scenarios", tests=str(len(results)),
                       failures=str(sum(not r.passed for r in results)), errors="0")
    for r in results:
        case = ET.SubElement(suite, "testcase", classname=r.path, name=r.name,
                             file=r.path, line=str(r.line))
        if not r.passed:
            text = "\n".join(failure_lines(r))
            failure = ET.SubElement(case, "failure", message=text.splitlines()[0][:500])
            failure.text = text
    ET.indent(suite)
    return ET.tostring(suite, encoding="utf-8", xml_declaration=True) + b"\n"


def coverage_lines(cov: Coverage, limit: int = 40) -> list[str]:
    cards, ops = cov.percent()
    lines = [f"cards with a passing scenario: {len(cov.covered & set(cov.cards))}/"
             f"{len(cov.cards)} ({cards:.1f} %)",
             f"effect ops the content uses that a passing scenario ran: "
             f"{len(cov.ops & cov.ops_run)}/{len(cov.ops)} ({ops:.1f} %)"]
    if cov.ops_missing:
        lines.append("  ops never run: " + ", ".join(cov.ops_missing))
    done = len(cov.branches_taken)
    lines.append(f"\"If you ...\" branches taken: {done}/{len(cov.branches)} "
                 f"({100.0 * done / max(1, len(cov.branches)):.1f} %)")
    if cov.branches_missing:
        shown = [f"{card} (if {outcome})" for card, outcome in cov.branches_missing[:limit]]
        more = len(cov.branches_missing) - len(shown)
        lines.append("  never taken: " + ", ".join(shown) + (f" … and {more} more" if more
                                                              else ""))
    if cov.uncovered:
        shown = cov.uncovered[:limit]
        more = len(cov.uncovered) - len(shown)
        lines.append("  cards without a scenario: " + ", ".join(shown)
                     + (f" … and {more} more" if more else ""))
    return lines
