"""`runeforge fight`: one bot combat from the compiled bundle, a readable account, a log."""

from __future__ import annotations

from runeforge.engine.runebound.core.ruleset import RULESETS

ARGS = ["fight", "--hero", "varikas-the-dead", "--challenge", "blood-of-the-bloodmother",
        "--item", "padded-leather-armor", "--item", "dwarven-fire-bomb",
        "--ally", "acolyte-of-flame"]


def test_fight_prints_an_account_and_writes_a_reproducible_log(cli, tmp_path):
    logs = []
    for name in ("a.jsonl", "b.jsonl"):
        result = cli(*ARGS, "--seed", "3", "--log", tmp_path / name)
        assert result.exit_code == 0, result.output
        assert "Varikas the Dead vs Blood of the Bloodmother (ruleset: base, seed 3)" \
            in result.stdout
        assert "Before Combat" in result.stdout and "Outcome: " in result.stdout
        assert "test Body Swim: rolls" in result.stdout
        logs.append((tmp_path / name).read_text(encoding="utf-8"))
    assert logs[0] == logs[1] and '"type": "combat_end"' in logs[0]


def test_fight_ruleset_option(cli):
    result = cli(*ARGS, "--seed", "5", "--ruleset", "advanced")
    assert result.exit_code == 0 and "(ruleset: advanced, seed 5)" in result.stdout


def test_unknown_ids_are_usage_errors_with_did_you_mean(cli):
    result = cli("fight", "--hero", "varikas-the-ded", "--challenge", "blood-of-the-bloodmother",
                 "--ally", "acolyte-of-flam")
    assert result.exit_code == 2
    out = result.output
    assert "error[RF004]: unknown hero id 'varikas-the-ded' given to --hero" in out
    assert "did you mean 'varikas-the-dead'?" in out
    assert "did you mean 'acolyte-of-flame'?" in out
    assert "Traceback" not in out


def test_cli_ruleset_comes_from_the_rules_yaml_and_matches_the_engine_values():
    from runeforge.commands.fight import load_ruleset

    for name, ruleset in RULESETS.items():
        assert load_ruleset(name) == ruleset
