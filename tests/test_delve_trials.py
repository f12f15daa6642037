"""Delve trials (issue 13, shared contract 1): the `trial` document kind with its located
checks (RF920-RF923), playing a trial (`runeforge play --adventure`), replaying its log, and a
seeded soak of whole games over the bundled trials with every invariant checked."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from runeforge.backends.bundle import build_bundle
from runeforge.engine.common.errors import EngineError
from runeforge.engine.delve.game.play import play, play_records, seats
from runeforge.engine.delve.game.state import Records
from runeforge.pipeline import check

MANIFEST = """\
kind: manifest
id: trial-pack
name: Trial pack
type: set
origin: original
game: delve
"""


def _check(tmp_path: Path, text: str):
    (tmp_path / "manifest.yaml").write_text(MANIFEST, encoding="utf-8")
    (tmp_path / "t.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    result = check((str(tmp_path),))
    return [(d.code, d.line, d.col, d.message, d.hint) for d in result.diagnostics
            if d.path.endswith("t.yaml")]


@pytest.fixture(scope="module")
def bundle():
    result = check(())
    assert [str(d) for d in result.diagnostics if "trial" in d.path] == []
    return build_bundle(result.content, result.compiled)


@pytest.fixture(scope="module")
def records(bundle):
    return Records.from_bundle(bundle)


def test_the_bundled_trials_check_clean_and_reach_the_bundle(bundle):
    docs = bundle["documents"]["trial"]
    trials = [t for d in docs for t in d.get("trials", [d])]
    goals = {t["id"]: t["goal"]["type"] for t in trials}
    assert goals["first-descent"] == "clear" and "slay" in goals.values()
    assert all(t["origin"] == "original" for t in trials)
    assert all(d["game"] == "delve" for d in docs)


def test_unknown_ids_are_located_with_did_you_mean(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        trials:
          - id: bad-trial
            name: Bad
            origin: original
            start_tile: entry-hal
            deck: [dripping-step, hall-of-statues]
            goal: {type: slay, adversary: rust-golm}
            heroes: [garick-stoneward]
        """)
    found = {(code, line, col): hint for code, line, col, _m, hint in diags}
    assert found == {("RF920", 6, 17): "did you mean 'entry-hall'?",
                     ("RF920", 7, 12): "did you mean 'dripping-steps'?",
                     ("RF920", 8, 35): "did you mean 'rust-golem'?",
                     ("RF920", 9, 14): "did you mean 'garrick-stoneward'?"}


def test_an_empty_or_repeating_deck_and_a_slay_goal_without_adversary(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        trials:
          - id: empty-deck
            name: Empty
            origin: original
            deck: []
            goal: {type: slay}
          - id: twice
            name: Twice
            origin: original
            deck: [musty-store, musty-store]
            goal: {type: clear, adversary: rust-golem}
        """)
    codes = sorted((code, line, col) for code, line, col, _m, _h in diags)
    assert codes == [("RF921", 6, 11), ("RF921", 11, 25), ("RF922", 7, 11), ("RF922", 12, 36)]


def test_a_single_trial_file_and_a_duplicate_id(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        id: first-descent
        name: Again
        origin: original
        deck: [musty-store]
        goal: {type: clear}
        """)
    assert [(c, line) for c, line, _col, _m, _h in diags] == [("RF923", 2)]


def test_schema_errors_in_a_trial_are_located(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        id: odd-one
        name: Odd
        origin: original
        deck: [musty-store]
        goal: {type: kill}
        round_limit: 0
        """)
    assert sorted((c, line) for c, line, _col, _m, _h in diags) == [("RF204", 6),
                                                                 ("RF205", 7)]


def test_play_a_trial_from_the_command_line(cli, tmp_path):
    log = tmp_path / "delve.jsonl"
    res = cli("play", "--adventure", "first-descent", "--players", "3", "--seed", "1",
              "--log", log)
    assert res.exit_code == 0, res.output
    assert "game: delve   adventure: first-descent   players: 3   seed: 1" in res.output
    first = res.output.splitlines()[0]
    assert first.startswith(("Winner: heroes (", "Winner: adversaries"))
    # the suggested heroes of the trial take the seats, in order
    for name in ("Garrick Stoneward", "Sefa Quillmark", "Orrin Ashgrove"):
        assert name in res.output
    assert "Tamsin Roe" not in res.output
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert records[0] == {"seq": 0, "type": "options", "adventure": "first-descent",
                          "players": 3, "seed": 1, "bots": "heuristic"}
    assert records[-1]["type"] == "end_state" and len(records[-1]["sha256"]) == 64
    assert [r["seq"] for r in records] == list(range(len(records)))
    again = cli("play", "--adventure", "first-descent", "--players", "3", "--seed", "1")
    assert again.output == res.output
    bad = cli("play", "--adventure", "first-decent")
    assert bad.exit_code == 2 and "did you mean 'first-descent'" in bad.output
    bad = cli("play", "--adventure", "first-descent", "--ruleset", "advanced")
    assert bad.exit_code == 2 and "Runebound" in bad.output
    bad = cli("play", "--adventure", "first-descent", "--players", "5")
    assert bad.exit_code == 2 and "seats 1 to 4 players, not 5" in bad.output
    assert "try --players 4" in bad.output and "rules data seats at most 4" in bad.output
    assert "Traceback" not in bad.output


def test_seats_come_from_the_rules_data_and_the_hero_cards(bundle):
    assert seats(bundle, {"adventure": "first-descent"}) == {
        "most": 4, "why": "the rules data seats at most 4 heroes"}
    few = [c for c in bundle["cards"] if not (c.get("game") == "delve" and c["kind"] == "hero"
                                              and c["id"] not in ("vesna-kolt", "tamsin-roe"))]
    small = {**bundle, "cards": few}
    assert seats(small, {"adventure": "first-descent"}) == {
        "most": 2, "why": "the bundle has 2 Delve hero cards"}
    with pytest.raises(EngineError, match="1 to 2 heroes, not 3"):
        play(small, {"adventure": "first-descent", "players": 3, "seed": 1})
    with pytest.raises(EngineError, match="no Delve trial 'nowhere'"):
        seats(bundle, {"adventure": "nowhere"})


def test_the_result_holds_what_a_campaign_runner_needs(bundle):
    options = {"adventure": "first-descent", "players": 2, "seed": 3, "bots": "heuristic",
               "heroes": ["vesna-kolt", "tamsin-roe"], "start_wounds": {"vesna-kolt": 2}}
    result = play(bundle, options)
    assert result["winner"] in ("heroes", "adversaries")
    assert [h["id"] for h in result["heroes"]] == ["vesna-kolt", "tamsin-roe"]
    setup = next(r for r in result["log"] if r["type"] == "setup")
    assert setup["wounds"] == {"vesna-kolt": 2} and setup["trial"] == "first-descent"
    explores = [r["card"] for r in result["log"] if r["type"] == "explore"]
    assert result["explored"] == len(explores) and result["explored_cards"] == explores
    slain = sum(r["slain"] for a in result["log"] if a["type"] == "attack"
                for r in a["results"])
    assert result["slain"] == slain == len(result["slain_adversaries"])
    with pytest.raises(EngineError, match="not in the game"):
        play(bundle, {**options, "start_wounds": {"garrick-stoneward": 1}})
    with pytest.raises(EngineError, match="no Delve trial 'nowhere'"):
        play(bundle, {**options, "adventure": "nowhere"})


def test_an_unshuffled_slay_trial_places_its_adversary_with_the_last_chamber(records):
    won = 0
    for seed in range(6):
        result = play_records(records, {"adventure": "the-iron-warden", "players": 4,
                                        "seed": seed, "bots": "heuristic", "debug": True})
        log = result["log"]
        setup = next(r for r in log if r["type"] == "setup")
        assert setup["deck"] == list(records.trials["the-iron-warden"]["deck"])
        cards = [r["card"] for r in log if r["type"] == "explore"]
        quarry = [i for i, r in enumerate(log) if r["type"] == "quarry"]
        if len(cards) == len(setup["deck"]):
            assert len(quarry) == 1 and log[quarry[0]]["adversary"] == "rust-golem"
            assert log[quarry[0] - 1]["type"] in ("explore", "encounter")
        else:
            assert quarry == []
        if result["winner"] == "heroes":
            won += 1
            assert result["how"] == "the Rust Golem is slain"
            assert "rust-golem" in result["slain_adversaries"]
    assert won >= 1


def test_replay_reproduces_a_delve_game_and_names_the_first_tampered_record(cli, tmp_path):
    log = tmp_path / "slay.jsonl"
    res = cli("play", "--adventure", "the-iron-warden", "--players", "2", "--seed", "5",
              "--bots", "random", "--log", log)
    assert res.exit_code == 0, res.output
    again = cli("replay", log)
    assert again.exit_code == 0, again.output
    assert "Replayed" in again.output and "same end state" in again.output
    lines = log.read_text(encoding="utf-8").splitlines()
    # one hero die changed: the replay rolls the seed's die and differs there
    n = next(i for i, line in enumerate(lines) if '"type": "hero_dice"' in line)
    record = json.loads(lines[n])
    record["faces"][0] = record["faces"][0] % 6 + 1
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines[:n] + [json.dumps(record)] + lines[n + 1:]) + "\n",
                        encoding="utf-8")
    bad = cli("replay", tampered)
    assert bad.exit_code == 1
    assert f"the replay differs at record {n} (hero_dice)" in bad.output
    # the end state's digest changed
    end = json.loads(lines[-1])
    end["sha256"] = "0" * 64
    tampered.write_text("\n".join(lines[:-1] + [json.dumps(end)]) + "\n", encoding="utf-8")
    bad = cli("replay", tampered)
    assert bad.exit_code == 1 and f"record {len(lines) - 1} (end_state)" in bad.output
    # options outside what Delve's play accepts are refused, located
    first = json.loads(lines[0])
    first["players"] = 6
    tampered.write_text("\n".join([json.dumps(first)] + lines[1:]) + "\n", encoding="utf-8")
    bad = cli("replay", tampered)
    assert bad.exit_code == 1 and ":1:1: error[RF966]: 'players' of this options record" in bad.output


def test_200_seeded_games_over_the_bundled_trials_keep_every_invariant(records):
    """Every trial, 1-4 heroes, random and heuristic bots; debug mode checks every invariant
    after every step (a broken one raises). Full round limits (no shortening)."""
    trials = sorted(records.trials)
    ends, seen = {}, set()
    for i in range(200):
        trial = trials[i % len(trials)]
        # bots alternate by trial and by lap, so every trial meets both bots whatever the
        # number of trials (with 16, ``i // 8`` gave the first eight the random bot only)
        players = 1 + i // len(trials) % 4
        bots = ("random", "heuristic")[(i + i // len(trials)) % 2]
        result = play_records(records, {"adventure": trial, "players": players,
                                        "seed": 1000 + i, "bots": bots, "debug": True})
        limit = records.trials[trial].get("round_limit", records.rules.round_limit)
        assert result["winner"] in ("heroes", "adversaries")
        assert 1 <= result["rounds"] <= limit
        assert len(result["heroes"]) == players
        assert result["log"][-1]["type"] == "end_state"
        if result["winner"] == "adversaries" and result["rounds"] < limit:
            assert all(h["down"] for h in result["heroes"])
        ends[(trial, result["winner"])] = ends.get((trial, result["winner"]), 0) + 1
        seen.add((players, bots))
    assert len(seen) == 8
    # the heroes can win this file's two trials (other content's trials may be harder)
    assert all(ends.get((t, "heroes"), 0) > 0 for t in ("first-descent", "the-iron-warden")), \
        ends


def test_the_debug_watch_catches_a_broken_invariant(records):
    from runeforge.engine.delve.game.play import start

    game = start(records, {"adventure": "first-descent", "players": 2, "seed": 1,
                           "bots": "heuristic", "debug": True})
    assert game.watch.problems() == []
    game.state.explored.append(game.state.deck[0])      # one card in two places
    assert any("in 2 places" in p for p in game.watch.problems())
    game.state.explored.pop()
    game.state.deck.append("bottomless-shaft")          # a card the trial does not deal
    assert any("not in the trial's deck" in p for p in game.watch.problems())
    with pytest.raises(EngineError, match="invariants broken"):
        game.step("test")
