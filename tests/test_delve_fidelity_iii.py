"""Delve rules fidelity (issue 35): the items of seed 003 that differed, each with a test
that fails without the fix."""

from __future__ import annotations

import dataclasses

import pytest

from runeforge.backends.bundle import build_bundle
from runeforge.engine.common.decisions import Player
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.delve.game.play import play_records
from runeforge.engine.delve.game.state import Records
from runeforge.pipeline import check


@pytest.fixture(scope="module")
def records():
    result = check(())
    return Records.from_bundle(build_bundle(result.content, result.compiled))


def _with_rules(records, **changes):
    doc = {**records.rules_doc, **changes}
    return dataclasses.replace(records, rules_doc=doc)


@pytest.mark.parametrize("bots", ["heuristic", "random"])
def test_voluntary_end_false_plays_whole_games(records, bots):
    """A2 off: a turn ends only when no action is left. It used to crash every game on the
    first turn (IllegalAction A2: the engine ended each turn as if by choice)."""
    strict = _with_rules(records, voluntary_end=False)
    for seed in range(1, 4):
        result = play_records(strict, {"adventure": "first-descent", "players": 2,
                                       "seed": seed, "bots": bots})
        assert result["winner"] in ("heroes", "adversaries")
        assert any(r["type"] == "turn_end" for r in result["log"])


class Stopper(Player):
    """Ends every turn at once (answers None)."""

    def decide(self, decision, engine):
        return None


def test_the_first_action_of_the_game_is_explore(records, monkeypatch):
    """Seed 003: "Η πρώτη δράση που πρέπει να εκτελεστεί από τον μαρκαρισμένο με τον ρούνο
    είναι η Εξερεύνηση (1+), ώστε να αποκαλυφθεί ο πρώτος θάλαμος" (the first action, by the
    rune-marked player, must be Explore, to reveal the first chamber): the first player may
    not end the turn without it (the game used to open with the next hero's Move)."""
    from runeforge.engine.delve.game import play as play_mod

    real = play_mod.start

    def start(recs, options, log, *rest):
        game = real(recs, options, log, *rest)
        for hero in list(game.players):
            game.players[hero] = Stopper()
        return game

    monkeypatch.setattr(play_mod, "start", start)
    with pytest.raises(IllegalAction, match="R8"):
        play_records(records, {"adventure": "first-descent", "players": 2, "seed": 1,
                               "bots": "random"})


def test_random_bots_always_open_with_explore(records):
    """The random bot ends a turn at random only where the rules let it (``may_end``)."""
    for seed in range(1, 41):
        result = play_records(records, {"adventure": "first-descent", "players": 3,
                                        "seed": seed, "bots": "random"})
        first = next(r for r in result["log"] if r["type"] == "decision")
        answer = first.get("answer")
        assert answer is not None and answer["action"] == "explore", (seed, first)


def test_recuperate_reset_game_keeps_the_cost_rising_all_game(records):
    """A3 ``recuperate_reset: game``: the k-th Recuperate of a hero in the game costs
    (1+k)+ (R14's escalation), whichever turn it falls in. Each turn used to start again at
    (1+), so Recuperates were paid below the game-long cost."""
    game_long = _with_rules(records, recuperate_reset="game")
    seen = 0
    for seed in range(1, 31):
        result = play_records(game_long, {"adventure": "first-descent", "players": 4,
                                          "seed": seed, "bots": "heuristic"})
        made: dict = {}
        for r in result["log"]:
            if r["type"] == "recuperate":
                k = made.get(r["hero"], 0)
                assert r["die"] >= 1 + k, (seed, r, k)
                made[r["hero"]] = k + 1
        seen += sum(made.values())
    assert seen >= 3  # the check was exercised


# ---------------------------------------------------------------------- R10a, R10c
def _joined_by(board, index: int) -> str:
    """The exit of chamber ``index`` that joins an older chamber."""
    return next(x for (i, x), (j, _) in board.joined.items() if i == index and j < index)


def _with_terms(records, terms):
    """Records whose exploration cards say ``terms(card, exit ids)`` -> (placement, portals)."""
    cards = {}
    for cid, card in records.exploration.items():
        exits = [e.id for e in records.tiles[card["tile"]].exits]
        placement, portals = terms(card, exits)
        cards[cid] = {**card, "placement": placement, "portals": portals}
    return dataclasses.replace(records, exploration=cards)


def test_r10a_the_card_names_the_exit_that_joins_and_where_the_portals_go(records):
    """Seed 003, R10a: "Τοποθετήστε τον θάλαμο όπως σας δείχνει η κάρτα … Τοποθετήστε τυχόν
    πύλες που βρίσκονται στον θάλαμο (δείτε την κάρτα για το που μπαίνουν)" (place the chamber
    as the card shows … place the chamber's portals, see the card for where they go). Every
    card here names its tile's last exit as the one that joins and puts portals on every other
    exit but the first: the first is a wall and is never explored. The engine used to join the
    first exit that fitted and open every exit."""
    from runeforge.engine.delve.game.play import start

    named = _with_terms(records, lambda card, exits: (exits[-1], exits[1:-1]))
    placed = 0
    for seed in range(1, 7):
        game = start(named, {"adventure": "the-iron-warden", "players": 2, "seed": seed,
                             "bots": "heuristic", "debug": True})
        game.play()
        board = game.state.board
        for index, chamber in enumerate(board.chambers[1:], start=1):
            exits = [e.id for e in chamber.tile.exits]
            assert _joined_by(board, index) == exits[-1], (seed, index)
            assert chamber.closed == ({exits[0]} if len(exits) > 1 else set())
            assert all(e.id in exits[1:] for e in board.unexplored_exits(index))
            if len(exits) > 1:
                assert (index, exits[0]) not in board.joined
            placed += 1
    assert placed >= 6


def test_r10a_a_closed_exit_stays_closed_after_a_round_trip(records):
    """The chambers' closed exits are part of the state (a save or replay keeps them)."""
    from runeforge.engine.delve.board.board import Board
    from runeforge.engine.delve.game.play import start

    named = _with_terms(records, lambda card, exits: (exits[-1], exits[1:-1]))
    game = start(named, {"adventure": "the-iron-warden", "players": 1, "seed": 2,
                         "bots": "heuristic"})
    game.play()
    board = game.state.board
    again = Board.from_dict(board.to_dict(), named.tiles)
    assert [c.closed for c in again.chambers] == [c.closed for c in board.chambers]
    assert any(c.closed for c in board.chambers)


def test_r10c_the_deck_sits_by_the_new_chambers_exit(records):
    """Seed 003, R10c: "τοποθετήστε την υπόλοιπη στοιβάδα των καρτών εξερεύνησης δίπλα από του
    νέου θαλάμου την έξοδο" (put the rest of the exploration deck beside the new chamber's
    exit). The state says where (``deck_at``: the first unexplored exit of the newest chamber in
    the tile's order, A6; None when the deck is spent or the chamber has no exit left), and
    each ``explore`` record logs it. It used to be tracked nowhere."""
    from runeforge.engine.delve.game.play import start
    from runeforge.engine.delve.game.state import GameState

    checked = 0
    for seed in range(1, 5):
        game = start(records, {"adventure": "the-iron-warden", "players": 2, "seed": seed,
                               "bots": "heuristic"})
        board = game.state.board
        assert game.state.deck_at == [0, board.unexplored_exits(0)[0].id]
        game.play()
        for r in (r for r in game.log.records if r["type"] == "explore"):
            chamber = board.chambers[r["chamber"]]
            joined = _joined_by(board, r["chamber"])
            left = [e.id for e in chamber.tile.exits
                    if e.id not in chamber.closed and e.id != joined]
            spent = r["card"] == game.state.explored[-1]
            if r["deck_at"] is not None:
                assert r["deck_at"] == [r["chamber"], left[0]]
                checked += 1
            else:
                assert spent or not left
        state = game.state
        again = GameState.from_dict(state.to_dict(), records.tiles)
        assert again.deck_at == state.deck_at
    assert checked >= 4


# ---------------------------------------------------------------------- R22: renown rules
FAN = ("kind: manifest\nid: fan-delve\nname: Fan Delve\ntype: set\norigin: original\n"
       "game: delve\n")


def test_r22_check_requires_every_hero_to_have_a_renown_rule(tmp_path):
    """Seed 003: "κάθε ήρωας μπορεί να κερδίσει πόντους φήμης με τον δικό του μοναδικό τρόπο,
    ο οποίος αναφέρεται στο κάτω μέρος της κάρτας του ήρωα" (each hero gains renown in its own
    way, printed at the bottom of its card). A hero without a trigger that gains renown is
    RF930, located at its abilities; `check` used to pass it."""
    (tmp_path / "manifest.yaml").write_text(FAN, encoding="utf-8")
    text = ("kind: hero\ncards:\n  - name: Plain Delver\n    origin: original\n    move: 3\n"
            "    vigour: 5\n    abilities:\n      - \"Quick Step (2+): Move up to 2 spaces.\"\n"
            "      - \"Brace (3+): Heal 1 wound and gain 1 renown.\"\n"
            "  - name: Proud Delver\n    origin: original\n    move: 3\n    vigour: 5\n"
            "    abilities:\n      - \"Every time you explore a chamber, gain 1 renown.\"\n")
    (tmp_path / "heroes.yaml").write_text(text, encoding="utf-8")
    found = [d for d in check([tmp_path]).diagnostics if d.code == "RF930"]
    assert [(d.line, "Plain Delver" in d.message) for d in found] == [(8, True)]
    assert found[0].severity == "error" and "renown" in (found[0].hint or "")


def test_r22_every_bundled_hero_has_its_own_renown_rule(records):
    from runeforge.games.delve.abilities import is_renown_rule

    rules = {}
    for hid, hero in records.heroes.items():
        found = [ir for ir in hero["abilities"] if is_renown_rule(ir)]
        assert found, hid
        rules[hid] = (found[-1]["event"], found[-1].get("range"), bool(found[-1].get("who")))
    assert len(set(rules.values())) == len(rules)       # each its own way


def test_r22_garricks_rule_pays_when_a_hero_next_to_him_is_wounded(records):
    """The new rule fires in whole games: Garrick gains renown when a hero beside him is
    wounded (more renown than his slays give)."""
    from runeforge.engine.delve.game.play import start

    fired = 0
    for seed in range(1, 16):
        game = start(records, {"adventure": "first-descent", "players": 4, "seed": seed,
                               "bots": "heuristic",
                               "heroes": ["garrick-stoneward", "sefa-quillmark",
                                          "orrin-ashgrove", "tamsin-roe"]})
        game.play()
        fired += sum(1 for r in game.log.records if r["type"] == "trigger"
                     and r.get("hero") == "garrick-stoneward" and r.get("event") == "wounded")
    assert fired >= 1


# ---------------------------------------------------------------------- the heuristic bot
ACTS = {"move", "explore", "recuperate", "attack", "ability"}


@pytest.mark.parametrize("players, seed", [(2, 44), (1, 58), (3, 70)])
def test_the_heuristic_bot_explores_only_where_the_next_chamber_fits(records, players, seed):
    """Issue 35: the heuristic bot stood on an exit where the top card's chamber does not fit
    and waited there for the rest of the game (these seeds idled 9-10 rounds to the round
    limit). It now heads only for exits where the chamber fits (``DelveGame.fits_at``), the
    one the deck sits by first; every round of these games has a hero action."""
    result = play_records(records, {"adventure": "the-iron-warden", "players": players,
                                    "seed": seed, "bots": "heuristic"})
    idle, acted = 0, True
    for r in result["log"]:
        if r["type"] == "round":
            idle = 0 if acted else idle + 1
            acted = False
        elif r["type"] in ACTS:
            acted = True
    assert idle < 2, (result["how"], idle)


def test_the_heuristic_bots_goals_are_exits_where_the_chamber_fits(records):
    from runeforge.engine.delve.game.bots import _goals
    from runeforge.engine.delve.game.play import start

    checked = 0          # random bots lead the game where the chamber may not fit
    for seed in range(1, 30):
        game = start(records, {"adventure": "the-iron-warden", "players": 2, "seed": seed,
                               "bots": "random"})
        while game.state.result is None:
            game.play_round()
            s = game.state
            if not s.deck or not s.heroes_up():
                continue
            for f in s.adversaries():       # the goals when the board is clear
                s.figures.remove(f)
            goals = set(_goals(game, s.heroes_up()[0]))
            exits = [e for ch in s.board.chambers for e in s.board.unexplored_exits(ch.index)]
            for e in exits:
                if not game.fits_at(e):
                    assert not goals & set(e.cells)
                    checked += 1
    assert checked >= 1
