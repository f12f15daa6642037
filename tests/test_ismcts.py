"""The searching bot (issue 35, engine/runebound/analysis/ismcts.py): it answers only legal
options, the same seed and budget give the same game, it never sees hidden information
(its search is unchanged when the hidden order of the piles is permuted, and changes with
its own sample seed), a small game ends, and what it cannot determinise is refused with a
clear message. Budgets are tiny: the point is the machinery, not the strength
(benchmarks/ismcts_strength.py measures that)."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner

from runeforge.cli import main
from runeforge.engine.common.errors import EngineError
from runeforge.engine.runebound.analysis import ismcts
from runeforge.engine.runebound.analysis import simulate as sim
from runeforge.engine.runebound.analysis.determinise import determinise, setup_card_hidden

from .engine_bundle import bundle as compiled_bundle

SPEC = sim.GameSpec(3, 2, bots="ismcts,heuristic", budget=2)


@pytest.fixture(scope="module")
def bundle():
    return compiled_bundle()


def new_game(bundle, seed=3, bots="ismcts,heuristic", budget=2):
    return sim.start_game(bundle, {"seed": seed, "players": 2, "bots": bots,
                                   "budget": budget})


def searched(decision, engine) -> bool:
    return (decision.kind in ismcts.SEARCHED and len(decision.options) > 1
            and getattr(engine, "game", None) is not None)


class Spy:
    """Stands in the searching bot's seat and records every question and answer."""

    def __init__(self, inner):
        self.inner, self.seen = inner, []

    def decide(self, decision, engine):
        answer = self.inner.decide(decision, engine)
        self.seen.append((decision.kind, list(decision.options), answer,
                          searched(decision, engine)))
        return answer


@pytest.fixture(scope="module")
def spied(bundle):
    game = new_game(bundle)
    hero = game.state.seats[0]
    spy = game.players[hero] = Spy(game.players[hero])
    with ismcts.contained():
        game.run()
    return game, spy


def test_a_small_game_ends_with_legal_answers(spied):
    game, spy = spied
    assert game.state.phase == "over" and game.state.winner in game.state.seats
    assert sum(s for *_, s in spy.seen) >= 10  # it did search
    for kind, options, answer, _s in spy.seen:
        if kind not in ("use_ability", "x"):
            assert answer in options, (kind, options, answer)
    assert isinstance(spy.inner, ismcts.IsmctsBot) and spy.inner.searched == sum(
        s for *_, s in spy.seen)


def test_same_seed_and_budget_same_game(bundle, spied):
    """The spied game again, through simulate's own path: the same end state to the byte."""
    game, _spy = spied
    again = sim.run_one(bundle, SPEC)
    assert again["seats"] == list(game.state.seats)
    state = json.dumps(game.state.to_dict(), sort_keys=True, ensure_ascii=False)
    assert again["digest"] == hashlib.sha256(state.encode("utf-8")).hexdigest()


class _Stop(Exception):
    pass


def permute_hidden(state) -> None:
    """Another order of every hidden pile (reversed; the face-down doom card swapped with
    the green deck's top), holding the same cards."""
    state.market_deck.reverse()
    for deck in state.adventure_decks.values():
        deck.reverse()
    green = state.adventure_decks.get("green")
    if setup_card_hidden(state) and green:
        state.doom_track[0], green[0] = green[0], state.doom_track[0]


class Probe:
    """At the searching bot's first ``n`` searched decisions: the bot's search, that of a
    copy of it after every hidden pile was permuted, and that of a copy with another seed;
    then the game stops. (In a forked playout it only passes the questions on to the bot
    whose playout it is.)"""

    def __init__(self, bot, n):
        self.bot, self.n, self.pairs, self.other_seed = bot, n, [], []
        self.active = bot

    def ask(self, bot, decision, engine):
        self.active = bot
        return bot.decide(decision, engine)

    def decide(self, decision, engine):
        if ismcts._IN_PLAYOUT[0] or not searched(decision, engine):
            return self.active.decide(decision, engine)
        state = engine.game.state
        twin, other = copy.deepcopy(self.bot), copy.deepcopy(self.bot)
        other.seed = "another sample"
        kept = copy.deepcopy(state.to_dict())
        answer = self.ask(self.bot, decision, engine)
        if ismcts._IN_PLAYOUT[0]:
            return answer
        permute_hidden(state)
        assert state.to_dict() != kept or not (state.market_deck or state.adventure_decks)
        twin_answer = self.ask(twin, decision, engine)
        if ismcts._IN_PLAYOUT[0]:
            return twin_answer
        self.pairs.append((answer, self.bot.last, twin_answer, twin.last))
        for key in ("market_deck", "adventure_decks", "doom_track"):  # the real order back
            setattr(state, key, kept[key])
        other_answer = self.ask(other, decision, engine)
        if ismcts._IN_PLAYOUT[0]:
            return other_answer
        self.other_seed.append(other.last)
        self.active = self.bot
        if len(self.pairs) >= self.n:
            raise _Stop()
        return answer


def test_the_search_does_not_see_the_hidden_order(bundle):
    game = new_game(bundle, seed=5, budget=3)
    hero = game.state.seats[0]
    probe = game.players[hero] = Probe(game.players[hero], 3)
    with pytest.raises(_Stop), ismcts.contained():
        game.run()
    assert len(probe.pairs) == 3
    for answer, stats, twin_answer, twin_stats in probe.pairs:
        assert answer == twin_answer and stats == twin_stats
    # the playouts do depend on the sample: another seed gives other rewards somewhere
    assert any(o != p[1] for o, p in zip(probe.other_seed, probe.pairs, strict=True))


def test_determinise_reads_what_piles_hold_never_their_order(bundle):
    a, b, c = (new_game(bundle, seed=9) for _ in range(3))
    permute_hidden(b.state)
    before = a.state.to_dict()
    real_next = random.Random()
    real_next.setstate(a.rng.getstate())
    for game in (a, b):
        determinise(game, random.Random(7))
    assert a.state.to_dict() == b.state.to_dict()
    assert a.rng.random() == b.rng.random() != real_next.random()
    assert a.combat.dice.d10() == b.combat.dice.d10()
    assert Counter(a.state.market_deck) == Counter(before["market_deck"])
    green = a.rules.doom_track.first_card_from
    for colour, deck in a.state.adventure_decks.items():
        was = list(before["adventure_decks"][colour])
        if colour == green and setup_card_hidden(a.state):
            deck, was = [*deck, a.state.doom_track[0]], [*was, before["doom_track"][0]]
        assert Counter(deck) == Counter(was)
    assert a.state.to_dict() != before  # the piles were dealt again
    determinise(c, random.Random(8))
    assert c.state.to_dict() != a.state.to_dict()


@pytest.mark.parametrize("adventure", ["sceptre-of-kyros", "crown-of-the-elder-kings"])
def test_adventures_it_cannot_determinise_are_refused(bundle, adventure):
    with pytest.raises(EngineError, match=f"cannot play adventure '{adventure}'"):
        sim.start_game(bundle, {"adventure": adventure, "players": 2, "seed": 1,
                                "bots": "ismcts,heuristic"})


def test_a_game_outside_contained_is_refused(bundle):
    game = new_game(bundle)
    with pytest.raises(EngineError, match="contained"):
        game.run()


def test_cli_usage_errors():
    runner = CliRunner()
    res = runner.invoke(main, ["simulate", "--games", "1", "--players", "3", "--bots",
                               "ismcts,heuristic"])
    assert res.exit_code == 2 and "2 bots, one per seat" in res.output
    res = runner.invoke(main, ["simulate", "--games", "1", "--budget", "4"])
    assert res.exit_code == 2 and "--budget is the ismcts bot's" in res.output
    res = runner.invoke(main, ["simulate", "--games", "1", "--bots", "clever"])
    assert res.exit_code == 2 and "'clever' is not a bot" in res.output
    res = runner.invoke(main, ["simulate", "--games", "1", "--players", "2", "--adventure",
                               "sceptre-of-kyros", "--bots", "ismcts,heuristic"])
    assert res.exit_code == 2 and "cannot play adventure 'sceptre-of-kyros'" in res.output
    assert "Traceback" not in res.output
