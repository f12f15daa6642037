"""Card scenarios (issue 20): the bundled ones run as pytest items, and the runner reports a
failing, malformed or mis-scripted scenario at its place in the file."""

from __future__ import annotations

import functools
import json
from xml.etree import ElementTree as ET

import pytest

LANTERN = """\
    kind: item
    cards:
      - name: Lantern of the Deep Road
        origin: original
        cost: 3
        class: artifact
        type: lantern
        usage: activated
        abilities:
          - "Before moving, activate to gain 1 gold."
    """

SCENARIO = """\
    kind: scenarios
    origin: original
    scenarios:
      - name: Before moving, the lantern gives 1 gold
        given:
          hero: varikas-the-dead
          items: [lantern-of-the-deep-road]
          window: before_moving
        do:
          - use_ability: lantern-of-the-deep-road#0
        then:
          hero: {{gold: {gold}, activated: [lantern-of-the-deep-road]}}
    """


@functools.lru_cache(maxsize=1)
def bundled():
    from runeforge import pipeline, scenarios

    result = pipeline.check([])
    assert result.ok
    return result, scenarios.run(result.content, result.compiled)


def _names():
    return [r.name for r in bundled()[1]]


@pytest.mark.parametrize("name", _names())
def test_bundled_scenario(name):
    """Every bundled scenario passes (one pytest item each, so CI names a broken card)."""
    from runeforge.scenarios import report

    result = next(r for r in bundled()[1] if r.name == name)
    assert result.passed, "\n".join(report.failure_lines(result))


def test_the_bundle_has_scenarios_and_keeps_them_out_of_bundle_json():
    from runeforge.backends.bundle import build_bundle

    result, results = bundled()
    # each scenario is its pack's game's: the Delve pack has its own (issue #31)
    assert results and all(r.game == ("delve" if "cards/delve/" in r.path else
                                      "runebound-2e") for r in results)
    assert {r.game for r in results} == {"runebound-2e", "delve"}
    assert "scenarios" not in build_bundle(result.content, result.compiled)["documents"]


def test_a_passing_and_a_failing_scenario(content_dir, cli):
    content_dir.write("items.yaml", LANTERN)
    content_dir.write("lantern.scenarios.yaml", SCENARIO.format(gold=1))
    res = cli("test", content_dir)
    assert res.exit_code == 0, res.output
    assert "pass Before moving, the lantern gives 1 gold" in res.output
    content_dir.write("lantern.scenarios.yaml", SCENARIO.format(gold=2))
    res = cli("test", content_dir)
    assert res.exit_code == 1
    assert "FAIL Before moving, the lantern gives 1 gold" in res.output
    assert "lantern.scenarios.yaml:12:20: hero.gold: expected 2, got 1" in res.output


def test_json_and_junit_reports(content_dir, cli, tmp_path):
    content_dir.write("items.yaml", LANTERN)
    content_dir.write("lantern.scenarios.yaml", SCENARIO.format(gold=5))
    junit = tmp_path / "report.xml"
    res = cli("test", "--format", "json", "--junit", junit, content_dir)
    assert res.exit_code == 1
    data = json.loads(res.output)
    mine = next(s for s in data["scenarios"] if s["path"].endswith("lantern.scenarios.yaml"))
    assert mine["passed"] is False
    assert mine["failures"] == [{"what": "hero.gold", "expected": 5, "actual": 1,
                                 "line": 12, "col": 20}]
    suite = ET.parse(junit).getroot()
    assert suite.get("failures") == "1" and int(suite.get("tests")) == len(data["scenarios"])
    failed = [c for c in suite.iter("testcase") if c.find("failure") is not None]
    assert [c.get("name") for c in failed] == ["Before moving, the lantern gives 1 gold"]


def test_a_malformed_scenario_is_a_located_diagnostic(content_dir, cli):
    content_dir.write("bad.scenarios.yaml", """\
        kind: scenarios
        scenarios:
          - name: A knight that wins
            given: {hero: varikas-the-dead, enemy: hungry-wolves}
            then: {outcome: won}
        """)
    res = cli("test", content_dir)
    assert res.exit_code == 1
    assert "bad.scenarios.yaml:5:21: error[RF204]" in res.output


def test_a_decision_that_is_not_offered_names_what_was(content_dir, cli):
    content_dir.write("wolves.scenarios.yaml", """\
        kind: scenarios
        scenarios:
          - name: Attack before the escape question
            given: {hero: varikas-the-dead, enemy: hungry-wolves}
            dice: [20, 20, 20]
            do:
              - phase_action: attack
            then: {outcome: defeated}
        """)
    res = cli("test", content_dir)
    assert res.exit_code == 1
    line = next(x for x in res.output.splitlines() if "wolves.scenarios.yaml:7:" in x)
    assert "'escape'" in line and "[False, True]" in line


def test_unknown_cards_and_leftover_script_are_failures_at_their_place(content_dir, cli):
    content_dir.write("items.yaml", LANTERN)
    content_dir.write("odd.scenarios.yaml", """\
        kind: scenarios
        scenarios:
          - name: An unknown enemy
            given: {hero: varikas-the-dead, enemy: hungry-wolfs}
            then: {outcome: defeated}
          - name: A die never rolled
            given: {hero: varikas-the-dead, items: [lantern-of-the-deep-road], window: before_moving}
            dice: [7]
            then: {hero: {gold: 0}}
          - name: A decision never asked
            given: {hero: varikas-the-dead, items: [lantern-of-the-deep-road], window: before_moving}
            do:
              - use_ability: lantern-of-the-deep-road#0
              - escape: false
            then: {hero: {gold: 1}}
        """)
    res = cli("test", content_dir)
    assert res.exit_code == 1
    assert "odd.scenarios.yaml:4:44: no card 'hungry-wolfs' in the content" in res.output
    assert "odd.scenarios.yaml:8:12: 1 die roll(s) listed but never rolled" in res.output
    assert "odd.scenarios.yaml:14:9: 1 decision(s) listed but never asked, from #2: escape" \
        in res.output


def test_coverage_counts_cards_and_effect_ops(content_dir):
    from runeforge import pipeline, scenarios

    content_dir.write("items.yaml", LANTERN)
    content_dir.write("lantern.scenarios.yaml", SCENARIO.format(gold=1))
    result = pipeline.check([str(content_dir)])
    results = scenarios.run(result.content, result.compiled)
    cov = scenarios.coverage(result.content, result.compiled, results)
    assert "lantern-of-the-deep-road" in cov.covered
    assert "gain_gold" in cov.ops_run and "gain_gold" in cov.ops
    assert "lantern-of-the-deep-road" not in cov.uncovered
    assert len(cov.cards) == len(cov.covered & set(cov.cards)) + len(cov.uncovered)
    # a failing scenario covers nothing
    content_dir.write("lantern.scenarios.yaml", SCENARIO.format(gold=9))
    result = pipeline.check([str(content_dir)])
    results = scenarios.run(result.content, result.compiled)
    cov = scenarios.coverage(result.content, result.compiled, results)
    assert "lantern-of-the-deep-road" in cov.uncovered


def test_the_authoring_guides_worked_example(content_dir, cli):
    """docs/authoring.md: the scenario first (it fails: no such card), then the card (it
    passes). The YAML is taken from the guide itself, so the guide cannot rot."""
    import re
    from pathlib import Path

    guide = (Path(__file__).parents[1] / "docs" / "authoring.md").read_text(encoding="utf-8")
    part = guide[guide.index("### Worked example: the scenario first"):]
    scenario, card = re.findall(r"```yaml\n(.*?)```", part, re.S)[:2]
    content_dir.write("charms.scenarios.yaml", scenario)
    res = cli("test", content_dir)
    assert res.exit_code == 1 and "no card 'wardstone' in the content" in res.output
    content_dir.write("items.yaml", card)
    res = cli("test", content_dir)
    assert "pass The Wardstone cancels one wound of the wolves' bite" in res.output


def test_the_readme_tutorials_lantern_scenario(content_dir, cli):
    """README step 7: the scenario of step 1's lantern passes, and with gold: 2 it fails
    where the README says."""
    import re
    import textwrap
    from pathlib import Path

    readme = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = [textwrap.dedent(b) for b in re.findall(r"```yaml\n(.*?)```", readme, re.S)]
    item = next(b for b in blocks if "Lantern of the Deep Road" in b)
    scenario = next(b for b in blocks if "kind: scenarios" in b)
    content_dir.write("items.yaml", item)
    content_dir.write("lantern.scenarios.yaml", scenario)
    res = cli("test", content_dir)
    assert res.exit_code == 0, res.output
    assert "pass Before moving, the lantern gives 1 gold and stays face down" in res.output
    content_dir.write("lantern.scenarios.yaml", scenario.replace("gold: 1", "gold: 2"))
    res = cli("test", content_dir)
    assert "lantern.scenarios.yaml:12:20: hero.gold: expected 2, got 1" in res.output


def test_a_scenario_is_one_combat_window_or_played_card(content_dir, cli):
    content_dir.write("two.scenarios.yaml", """\
        kind: scenarios
        scenarios:
          - name: Both a combat and a window
            given: {hero: varikas-the-dead, enemy: hungry-wolves, window: before_moving}
            then: {hero: {gold: 0}}
          - name: A challenge is not played like an event
            given: {hero: varikas-the-dead, play: hungry-wolves}
            then: {hero: {gold: 0}}
        """)
    res = cli("test", content_dir)
    assert res.exit_code == 1
    assert ("two.scenarios.yaml:4:12: a scenario has a card to play, an enemy (a combat) or a "
            "window of the turn") in res.output
    assert "'hungry-wolves' is a challenge, not an event or encounter" in res.output


def test_the_bundled_scenarios_cover_every_card_op_and_branch():
    """Issue 20's acceptance, kept: every bundled card has a passing scenario, and every
    effect op and every "If you succeed/fail" branch the bundle uses was run."""
    from runeforge import scenarios

    result, results = bundled()
    cov = scenarios.coverage(result.content, result.compiled, results)
    assert cov.uncovered == []
    assert cov.ops_missing == [] and cov.ops
    assert cov.branches_missing == [] and cov.branches


def test_a_branch_never_taken_is_reported(content_dir):
    """A card whose "If you fail" is never taken by a scenario shows up as not covered."""
    from runeforge import pipeline, scenarios

    content_dir.write("items.yaml", """\
        kind: item
        cards:
          - name: Test Charm
            origin: original
            cost: 2
            class: artifact
            type: charm
            usage: activated
            abilities:
              - "Before moving, activate to test Spirit (12). If you succeed, gain 2 gold. If you fail, take 1 wound."
        """)
    content_dir.write("charm.scenarios.yaml", """\
        kind: scenarios
        scenarios:
          - name: The charm pays on a success
            given: {hero: varikas-the-dead, items: [test-charm], window: before_moving}
            dice: [20]
            do:
              - use_ability: test-charm#0
            then: {hero: {gold: 2, wounds: 0}}
        """)
    result = pipeline.check([str(content_dir)])
    assert result.ok, [d.render() for d in result.diagnostics]
    results = scenarios.run(result.content, result.compiled)
    mine = next(r for r in results if r.name == "The charm pays on a success")
    assert mine.passed, mine.checks
    cov = scenarios.coverage(result.content, result.compiled, results)
    assert ("test-charm", "success") in cov.branches_taken
    assert ("test-charm", "failure") in cov.branches_missing


def test_a_script_that_ends_early_points_after_its_last_decision(content_dir, cli):
    content_dir.write("short.scenarios.yaml", """\
        kind: scenarios
        scenarios:
          - name: Too short a script
            given: {hero: varikas-the-dead, enemy: hungry-wolves, escape: false}
            dice: [2]
            do:
              - phase_action: defend
              - phase_action: attack
            then: {outcome: defeated}
        """)
    res = cli("test", content_dir)
    assert res.exit_code == 1
    assert ("short.scenarios.yaml:8:9: scripted player for varikas-the-dead ran out of "
            "answers: the engine asks 'phase_action' (options ['defend'])") in res.output
