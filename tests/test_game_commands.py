"""Commands per game (issue #31): `simulate`, `fight`, `odds`, `balance` and `test` ask the
registry for the game of the content they are given. Delve answers through its engine entries
(compiler/games/delve.py); a game without the command says so in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runeforge.engine.common.sweep import wilson

SIM = ("simulate", "--adventure", "first-descent", "--players", "3", "--games", "4",
       "--seed", "5")


def one_line(res) -> str:
    """The whole output of a refused command: one line, no traceback."""
    text = res.output.strip()
    assert "\n" not in text and "Traceback" not in text, res.output
    return text


# ---------------------------------------------------------------------- simulate
def test_simulate_a_delve_trial_text_and_json(cli):
    res = cli(*SIM, "--format", "json")
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["game"] == "delve" and len(out["games"]) == 4
    assert [g["seed"] for g in out["games"]] == [5, 6, 7, 8]
    assert {g["adventure"] for g in out["games"]} == {"first-descent"}
    assert all(len(g["heroes"]) == 3 and g["winner"] in ("heroes", "adversaries")
               for g in out["games"])
    (trial,) = out["summary"]["adventures"]
    wins = sum(g["winner"] == "heroes" for g in out["games"])
    assert (trial["games"], trial["wins"]) == (4, wins)
    assert trial["ci95"] == pytest.approx(list(wilson(wins, 4)))
    assert sum(e["games"] for e in trial["ended"]) == 4
    rounds = [g["rounds"] for g in out["games"]]
    assert trial["rounds"] == {"mean": sum(rounds) / 4, "min": min(rounds), "max": max(rounds)}
    text = cli(*SIM)
    assert text.exit_code == 0, text.output
    low, high = wilson(wins, 4)
    assert (f"first-descent (3 players): the heroes won {wins}/4 games ({wins / 4:.1%}, 95 % CI "
            f"{low:.1%}–{high:.1%}); rounds: mean {sum(rounds) / 4:.1f}") in text.stdout
    assert "how the game ended" in text.stdout and "Delve" in text.stdout


def test_simulate_plays_the_games_of_delves_play_entry(cli, bundle):
    """Each record is the game `play` plays with the same options (its end-state digest)."""
    from runeforge import games

    res = cli(*SIM, "--format", "json")
    play = games.get("delve").entry("play")
    for record in json.loads(res.stdout)["games"][:2]:
        options = {k: record[k] for k in ("adventure", "players", "seed", "bots")}
        played = play(bundle, options)
        assert played["log"][-1]["sha256"] == record["digest"]
        assert (played["winner"], played["rounds"]) == (record["winner"], record["rounds"])


def test_simulate_of_delve_is_deterministic_for_a_seed(cli):
    first = cli(*SIM, "--format", "json")
    again = cli(*SIM, "--format", "json")
    pooled = cli(*SIM, "--format", "json", "--workers", "2")
    assert first.exit_code == again.exit_code == pooled.exit_code == 0
    assert first.stdout == again.stdout == pooled.stdout
    other = cli(*SIM[:-1], "6", "--format", "json")
    assert [g["digest"] for g in json.loads(other.stdout)["games"]][:3] == \
        [g["digest"] for g in json.loads(first.stdout)["games"]][1:]


def test_simulate_usage_errors_name_the_game(cli):
    res = cli("simulate", "--adventure", "first-descent", "--ruleset", "advanced")
    assert res.exit_code == 2 and "--ruleset is an option of Runebound" in res.output
    res = cli("simulate", "--adventure", "first-descent", "--players", "5", "--games", "1")
    assert res.exit_code == 2 and "seats 1 to 4 players, not 5" in res.output
    res = cli("simulate", "--adventure", "first-descent", "--adventure", "sceptre-of-kyros")
    assert res.exit_code == 2 and "one game per run" in res.output
    res = cli("simulate", "--game", "delve")
    assert res.exit_code == 2 and "--adventure ID" in res.output and "first-descent" in res.output


def test_simulate_of_a_game_without_it_is_one_line(cli):
    res = cli("simulate", "--game", "campaign")
    assert res.exit_code == 2
    assert one_line(res) == ("runeforge simulate: the game 'campaign' has no simulate (it has "
                             "none of: play, replay, simulate, fight, odds, balance, test)")


# ---------------------------------------------------------------------- fight
FIGHT = ("fight", "--hero", "garrick-stoneward", "--challenge", "bone-sentry", "--seed", "3")


def test_fight_of_delve_cards_is_a_game_of_one_hero_and_one_adversary(cli, tmp_path):
    log = tmp_path / "fight.jsonl"
    res = cli(*FIGHT, "--log", log)
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0] == "Garrick Stoneward vs Bone Sentry (Delve (hero-dice dungeon), adjacent, seed 3)"
    assert lines[1] == "Bone Sentry stands adjacent to the hero, at [2, 1]"
    records = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert records[0] == {"seq": 0, "type": "options", "hero": "garrick-stoneward",
                          "adversary": "bone-sentry", "start": "adjacent", "seed": 3}
    # the dice of the game loop, seeded as `play` seeds them (seed*10+1)
    from runeforge.engine.common.dice import Dice

    dice = Dice(31)
    first = next(r for r in records if r["type"] == "hero_dice")
    assert first["faces"] == [dice.die(6) for _ in range(4)]
    assert "  Garrick Stoneward rolls the hero dice: " + " ".join(map(str, first["faces"])) \
        in lines
    end = next(r for r in records if r["type"] == "game_end")
    assert f"Outcome after {end['round']} round(s): {end['how']}" in lines
    assert cli(*FIGHT).stdout == res.stdout           # the same seed, the same fight


def test_fight_engine_places_the_adversary_and_plays_to_an_end(bundle):
    from runeforge.engine.delve.analysis import fight as duel
    from runeforge.engine.delve.board.sight import sees
    from runeforge.engine.delve.game.state import Records

    records = Records.from_bundle(bundle)
    for start in ("adjacent", "apart"):
        from runeforge.engine.common.log import EventLog

        game = duel.setup(records, {"hero": "sefa-quillmark", "adversary": "tunnel-brute",
                                    "start": start, "seed": 1}, EventLog())
        hero, foe = game.state.figure("sefa-quillmark"), game.state.figure(game.state.quarry)
        board = game.state.board
        assert board.adjacent(hero.cell, foe.cell) == (start == "adjacent")
        assert sees(board, hero.cell, foe.cell)
    outcomes = set()
    for seed in range(6):
        r = duel.fight(bundle, {"hero": "sefa-quillmark", "adversary": "tunnel-brute",
                                "start": "apart", "seed": seed, "rounds": 6})
        assert r["rounds"] <= 6
        if r["winner"] == "hero":
            assert r["adversary"]["wounds"] == 6 and r["hero"]["wounds"] < 4
        elif r["winner"] == "adversary":
            assert r["hero"]["wounds"] == 4 and r["how"] == "every hero is down"
        else:
            assert r["how"] == "the round limit (6) is reached"
        outcomes.add(r["winner"])
    assert len(outcomes) > 1      # the dice decide, not the set-up


def test_fight_refuses_runebound_options_for_delve_and_the_other_way(cli):
    res = cli(*FIGHT, "--ally", "acolyte-of-flame")
    assert res.exit_code == 2 and "--ally: options of Runebound" in res.output
    res = cli("fight", "--hero", "garrick-stoneward", "--challenge", "bone-sentr")
    assert res.exit_code == 2 and "did you mean 'bone-sentry'" in res.output
    res = cli("fight", "--hero", "varikas-the-dead", "--challenge", "hungry-wolves", "--start",
              "apart")
    assert res.exit_code == 2 and "--start is an option of Delve" in res.output


# ---------------------------------------------------------------------- odds
def test_odds_of_delve_cards_from_the_command_line(cli, bundle):
    from runeforge.engine.delve.analysis.odds import odds_exact

    res = cli("odds", "--hero", "garrick-stoneward", "--challenge", "bone-sentry")
    assert res.exit_code == 0, res.output
    assert "slay" in res.stdout and "80.25%  (65/81)" in res.stdout
    res = cli("odds", "--hero", "orrin-ashgrove", "--challenge", "fen-witch", "--start", "apart",
              "--format", "json")
    assert json.loads(res.stdout)["probability"] == odds_exact(
        bundle, {"hero": "orrin-ashgrove", "adversary": "fen-witch", "start": "apart"})[
        "probability"]


# ---------------------------------------------------------------------- a game without it
@pytest.mark.parametrize("args, line", [
    (("fight", "--hero", "quilted-jerkin", "--challenge", "bone-sentry"),
     "runeforge fight: the game 'campaign' has no fight"),
    (("odds", "--hero", "quilted-jerkin", "--challenge", "bone-sentry"),
     "runeforge odds: the game 'campaign' has no odds"),
    (("test", "--game", "campaign"), "runeforge test: the game 'campaign' has no test"),
])
def test_a_game_without_the_command_says_so_in_one_line(cli, args, line):
    res = cli(*args)
    assert res.exit_code == 2
    assert one_line(res) == line + (" (it has none of: play, replay, simulate, fight, odds, "
                                    "balance, test)")


# ---------------------------------------------------------------------- balance
def _csv(path):
    import csv

    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def test_balance_of_delve_every_hero_against_every_adversary(cli, tmp_path, bundle):
    from fractions import Fraction

    from runeforge.engine.delve.analysis.odds import odds_exact
    from runeforge.engine.delve.game.state import Records

    res = cli("balance", "--game", "delve", "--out", tmp_path / "a")
    assert res.exit_code == 0, res.output
    assert "Balance of Delve, every adversary: 6 heroes x 10 adversaries" in res.stdout
    assert "per hero, over the adversaries" in res.stdout
    records = Records.from_bundle(bundle)
    rows = _csv(tmp_path / "a" / "delve-balance.csv")
    assert len(rows) == len(records.heroes) * len(records.adversaries) * 2
    assert {(r["hero"], r["adversary"], r["start"]) for r in rows} == {
        (h, a, s) for h in records.heroes for a in records.adversaries
        for s in ("adjacent", "apart")}
    for r in rows[::17]:
        exact = odds_exact(bundle, {"hero": r["hero"], "adversary": r["adversary"],
                                    "start": r["start"]})["probability"]
        assert r["slay_exact"] == exact and float(r["slay"]) == pytest.approx(
            float(Fraction(exact)), abs=1e-6)
    summary = _csv(tmp_path / "a" / "delve-balance-summary.csv")
    brute = next(r for r in summary if r["adversary"] == "tunnel-brute"
                 and r["start"] == "adjacent")
    mine = sorted(float(r["slay"]) for r in rows if r["adversary"] == "tunnel-brute"
                  and r["start"] == "adjacent")
    assert float(brute["min"]) == mine[0] and float(brute["max"]) == mine[-1]
    again = cli("balance", "--game", "delve", "--out", tmp_path / "b")
    for name in ("delve-balance.csv", "delve-balance-summary.csv"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()
    assert again.exit_code == 0


def test_balance_of_a_delve_trial_and_by_fights(cli, tmp_path):
    """--adventure with a Delve trial selects Delve and the adversaries the trial can place
    (the Bargain Cells' deck places no Hollow Archer); --trials fights whole fights."""
    res = cli("balance", "--adventure", "bargain-cells", "--start", "adjacent", "--trials", "2",
              "--out", tmp_path)
    assert res.exit_code == 0, res.output
    assert "6 heroes x 9 adversaries (2 fights a cell (seeds 0..1))" in res.stdout
    rows = _csv(tmp_path / "delve-balance.csv")
    assert "hollow-archer" not in {r["adversary"] for r in rows} and len(rows) == 54
    assert {r["start"] for r in rows} == {"adjacent"} and {r["trials"] for r in rows} == {"2"}
    for r in rows:
        wins = round(float(r["slay"]) * 2)
        assert (float(r["slay_ci_low"]), float(r["slay_ci_high"])) == pytest.approx(
            wilson(wins, 2), abs=1e-6)


def test_balance_options_of_the_other_game_are_usage_errors(cli, tmp_path):
    res = cli("balance", "--game", "delve", "--ruleset", "advanced", "--out", tmp_path)
    assert res.exit_code == 2 and "--ruleset is an option of Runebound" in res.output
    res = cli("balance", "--start", "apart", "--out", tmp_path)
    assert res.exit_code == 2 and "--start is an option of Delve" in res.output
    res = cli("balance", "--game", "campaign", "--out", tmp_path)
    assert res.exit_code == 2 and one_line(res) == (
        "runeforge balance: the game 'campaign' has no balance (it has none of: play, replay, "
        "simulate, fight, odds, balance, test)")


# ---------------------------------------------------------------------- test (Delve scenarios)
DELVE_PACK = """\
    kind: manifest
    id: my-delve
    name: My Delve scenarios
    type: set
    origin: original
    game: delve
    """

DELVE_SCENARIOS = """\
    kind: scenarios
    origin: original
    scenarios:
      - name: Maul Swing slays a Bone Sentry
        given:
          hero: garrick-stoneward
          adversaries: [bone-sentry]
        roll: [3, 1, 1, 1]
        dice: [{hit}]
        do:
          - {{use: Maul Swing, die: 3}}
        then:
          adversaries: {{bone-sentry: {{slain: true}}}}
          hero: {{renown: 1}}
      - name: Longshot from next to the sentry
        given:
          hero: sefa-quillmark
          adversaries: [bone-sentry]
        roll: [3, 1, 1, 1]
        do:
          - {{use: Longshot}}
        then: {{}}
    """


def _delve_pack(content_dir, hit=4):
    content_dir.write("manifest.yaml", DELVE_PACK)
    return content_dir.write("mine.scenarios.yaml", DELVE_SCENARIOS.format(hit=hit))


def test_test_runs_a_delve_packs_scenarios_and_locates_failures(content_dir, cli):
    path = _delve_pack(content_dir, hit=3)          # a 3 misses Maul Swing's Hit 4+
    res = cli("test", "--format", "json", path)     # the file: only its scenarios
    assert res.exit_code == 1
    report = json.loads(res.stdout)
    assert [(s["game"], s["passed"]) for s in report["scenarios"]] == [("delve", False),
                                                                       ("delve", False)]
    first, second = report["scenarios"]
    assert {(f["what"], f["expected"], f["actual"], f["line"]) for f in first["failures"]} == {
        ("adversaries.bone-sentry.slain", True, False, 13),
        ("hero.renown", 1, 0, 14)}
    assert "'Longshot' is not offered so (dice [3, 1, 1, 1]); the engine offers: Quick Feet " \
           "with a 3 to one of" in second["error"]
    text = cli("test", content_dir)
    assert f"{path}:21:9: 'Longshot' is not offered" in text.stdout
    _delve_pack(content_dir, hit=4)
    res = cli("test", "--game", "delve", content_dir)
    assert res.exit_code == 1 and "pass Maul Swing slays a Bone Sentry" in res.stdout
    # with the bundled ones, counted from their files (a new form brings a new scenario)
    bundled = sum(f.read_text(encoding="utf-8").count("\n  - name:")
                  for f in (Path(__file__).resolve().parents[1] / "cards" / "delve").glob(
                      "*.scenarios.yaml"))
    assert bundled >= 59
    assert f"{bundled + 2} scenarios: {bundled + 1} passed, 1 failed" in res.stdout


def test_a_delve_script_that_does_not_fit_fails_at_its_place(bundle):
    from runeforge.engine.delve.analysis.scenarios import run_scenario

    base = {"name": "x", "given": {"hero": "garrick-stoneward", "adversaries": ["bone-sentry"]},
            "roll": [3, 1, 1, 1], "dice": [4], "do": [{"use": "Maul Swing"}], "then": {}}
    assert run_scenario(bundle, base)["error"] is None

    def error(**change):
        return run_scenario(bundle, {**base, **change})["error"]

    assert error(roll=[3, 1, 1]) == {"keys": ["roll"], "message": "the hero rolls 4 hero dice "
                                     "(the rules data's hero_dice); 'roll' lists 3"}
    assert error(dice=[4, 4])["keys"] == ["dice", 1]
    assert "never rolled" in error(dice=[4, 4])["message"]
    assert error(dice=[])["keys"] == ["dice"] and "ran out" in error(dice=[])["message"]
    steps = [{"use": "move", "to": cell} for cell in ([0, 0], [1, 1]) * 3][:5]
    late = error(given={"hero": "garrick-stoneward"}, roll=[1, 1, 1, 1], dice=[], do=steps)
    assert late == {"keys": ["do", 4], "message": "1 step(s) listed but never asked, from #5 "
                    "(the turn ended: no action left to take, or the hero is down)"}
    gone = error(dice=[4], do=[{"use": "Maul Swing"}, {"use": "Shield Wall", "die": 1}])
    assert gone["keys"] == ["do", 1] and "not offered so" in gone["message"]
    unknown = error(given={"hero": "garrick-stoneward", "adversaries": ["bone-sentri"]})
    assert unknown == {"keys": ["given", "adversaries", 0], "message": "no Delve adversary "
                       "'bone-sentri' in the content (did you mean 'bone-sentry'?)"}


def test_the_bundled_delve_scenarios_depend_on_their_dice(bundle):
    """Every bundled Delve scenario that slays passes as written and fails when each later
    die shows 1 (every attack misses): the checks read what the engine did."""
    from ruamel.yaml import YAML

    from runeforge.engine.delve.analysis.scenarios import run_scenario
    from runeforge.loader import bundled_dir

    doc = YAML(typ="safe").load((bundled_dir() / "delve" / "heroes.scenarios.yaml").read_text(
        encoding="utf-8"))
    slaying = [s for s in doc["scenarios"] if s["then"].get("slain")
               or any(v.get("slain") for v in (s["then"].get("adversaries") or {}).values())]
    assert len(slaying) >= 8
    for scenario in slaying:
        ran = run_scenario(bundle, scenario)
        assert ran["error"] is None and all(c["expected"] == c["actual"] for c in ran["checks"])
        missed = run_scenario(bundle, {**scenario, "dice": [1] * len(scenario["dice"])})
        assert missed["error"] is not None or any(c["expected"] != c["actual"]
                                                  for c in missed["checks"]), scenario["name"]


def test_a_malformed_delve_scenario_is_a_located_diagnostic(content_dir, cli):
    content_dir.write("manifest.yaml", DELVE_PACK)
    content_dir.write("bad.scenarios.yaml", """\
        kind: scenarios
        origin: original
        scenarios:
          - name: a die shows 7
            given:
              hero: garrick-stoneward
              wonds: 1
            roll: [7, 1, 1, 1]
            then: {}
        """)
    res = cli("test", content_dir)
    assert res.exit_code == 1
    assert "bad.scenarios.yaml:7:7: error[RF202]: unknown field 'wonds'" in res.output
    assert "did you mean 'wounds'?" in res.output
    assert "bad.scenarios.yaml:8:12: error[RF205]: 'roll': 7 is greater than the maximum of 6" \
        in res.output


def test_which_commands_a_game_has_comes_from_its_registry_entry(capsys):
    from dataclasses import replace

    from runeforge import games
    from runeforge.commands import _pergame

    delve = games.get("delve")
    assert [c for c in _pergame.PER_GAME if _pergame.has(delve, c)] == list(_pergame.PER_GAME)
    assert all(_pergame.has(games.get(), c) for c in _pergame.PER_GAME)   # Runebound: all
    only_play = replace(delve, id="only-play", engine={"play": delve.engine["play"]},
                        scenarios=None)
    assert [c for c in _pergame.PER_GAME if _pergame.has(only_play, c)] == ["play"]
    with pytest.raises(SystemExit) as stop:
        _pergame.require(only_play, "balance", " of adventure 'x'")
    assert stop.value.code == 2
    assert capsys.readouterr().err == ("runeforge balance: the game 'only-play' of adventure "
                                       "'x' has no balance (it has: play)\n")
    assert _pergame.require(delve, "balance") is delve
