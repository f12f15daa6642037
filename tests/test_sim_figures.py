"""The designer's figures of a sweep (engine/common/figures.py, issue 35)."""

from __future__ import annotations

from runeforge.engine.common.figures import figures


def _game(winner, ending, seats=("a", "b", "c", "d"), **kw):
    return {"adventure": "adv", "ruleset": "base", "players": len(seats),
            "heroes": list(seats), "seats": list(seats), "winner": winner, "ending": ending,
            **kw}


def test_endings_shares_and_bounds():
    games = ([_game("a", "own")] * 7 + [_game("b", "all-eliminated")]
             + [_game(None, "turn-cap")] + [_game("c", "other")])
    (row,) = figures(games)
    assert row["endings"] == {"own": 7, "all-eliminated": 1, "turn-cap": 1, "other": 1}
    assert row["shares"]["own"] == 0.7
    assert row["checks"]["own"] and row["checks"]["all_eliminated"]
    assert not row["checks"]["turn_cap"] and not row["ok"]


def test_hero_share_against_a_fair_share():
    games = [_game("a", "own")] * 3 + [_game("b", "own")]
    (row,) = figures(games)
    hero = {h["id"]: h for h in row["heroes"]}
    assert hero["a"]["share"] == 0.75 and hero["a"]["fair"] == 0.25
    assert hero["a"]["ratio"] == 3.0 and not hero["a"]["ok"]
    assert hero["c"]["ratio"] == 0.0 and not row["checks"]["heroes"]


def test_seat_outside_its_99_percent_interval():
    fair = [_game(s, "own") for s in "abcd"] * 25
    (row,) = figures(fair)
    assert all(s["ok"] for s in row["seats"]) and row["checks"]["seats"]
    biased = [_game("a", "own")] * 60 + [_game(s, "own") for s in "bcd"] * 13
    (row,) = figures(biased)
    assert not row["seats"][0]["ok"] and not row["checks"]["seats"]


def test_a_team_game_has_no_seats_and_compares_heroes_to_the_team_rate():
    games = [_game("heroes", "own", seats=("x", "y"), team=True)] * 3 + \
        [_game("adversaries", "other", seats=("x", "z"), team=True)]
    (row,) = figures(games)
    assert row["seats"] is None
    hero = {h["id"]: h for h in row["heroes"]}
    assert hero["x"]["fair"] == 0.75 and hero["y"]["ratio"] == 1 / 0.75
    assert hero["z"]["ratio"] == 0.0
