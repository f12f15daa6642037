"""The caches of whole games (issue 19 item 4) change no game.

* games of both rulesets, several player counts, random bots, the three adventures and the
  card expansions log exactly what the engine logged before the caches existed (digests in
  tests/data/game_log_digests.json, written at commit 5c1ab7c, before the work on speed);
* the same games with the caches turned off (RUNEFORGE_NO_GAME_CACHES=1) log the same;
* a change of a standing rule's source that does not drop the cache is caught in debug mode,
  and every way the engine changes a source drops it.

When a change of the rules is *meant* to change games, rewrite the digests with
``RUNEFORGE_WRITE_DIGESTS=1 python -m pytest tests/test_game_caches.py`` and say why in the
commit.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from runeforge.commands.play import play_game
from runeforge.engine.common.errors import EngineError
from runeforge.engine.runebound.core.state import STAT_FIELDS
from tests.test_game_props import content
from tests.test_game_scenarios import make

DIGESTS = Path(__file__).parent / "data" / "game_log_digests.json"
EXPANSIONS = ["legendary-relics", "artifacts-and-allies", "into-the-tomb", "dark-forest"]
STATS = (*STAT_FIELDS, "ranged_roll", "melee_roll", "magic_roll", "movement_dice")


def options(adventure="rise-of-the-dragon-lords", ruleset="base", players=4, seed=1,
            bots="heuristic", **more) -> dict:
    return {"adventure": adventure, "ruleset": ruleset, "players": players, "seed": seed,
            "bots": bots, "doom": None, "debug": False, **more}


GAMES = {
    "base-4-1": options(),
    "base-4-2": options(seed=2),
    "advanced-4-1": options(ruleset="advanced"),
    "advanced-4-3": options(ruleset="advanced", seed=3),
    "base-2-1": options(players=2),
    "advanced-6-2": options(ruleset="advanced", players=6, seed=2),
    "base-4-1-random": options(bots="random"),
    "crown-base-1": options("crown-of-the-elder-kings"),
    "kyros-advanced-2": options("sceptre-of-kyros", ruleset="advanced", seed=2),
    "expansions-base-1": options(expansions=EXPANSIONS, expansion_mode="shuffle"),
    "expansions-first-advanced-2": options(ruleset="advanced", players=3, seed=2,
                                           expansions=EXPANSIONS, expansion_mode="first"),
}


def log_of(opts: dict) -> str:
    bundle, _ = content()
    return play_game(bundle, dict(opts)).log.to_jsonl()


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_game_logs_what_it_logged_before_the_caches(name):
    found = digest(log_of(GAMES[name]))
    stored = json.loads(DIGESTS.read_text(encoding="utf-8")) if DIGESTS.exists() else {}
    if os.environ.get("RUNEFORGE_WRITE_DIGESTS"):
        stored[name] = found
        DIGESTS.write_text(json.dumps(stored, indent=1, sort_keys=True) + "\n",
                           encoding="utf-8")
    assert found == stored[name], f"{name}: the event log changed"


@pytest.mark.parametrize("name", ["base-4-2", "advanced-4-3", "crown-base-1",
                                  "kyros-advanced-2", "expansions-base-1"])
def test_the_caches_change_no_log(name, monkeypatch):
    monkeypatch.setenv("RUNEFORGE_NO_GAME_CACHES", "1")
    without = log_of(GAMES[name])
    monkeypatch.delenv("RUNEFORGE_NO_GAME_CACHES")
    assert log_of(GAMES[name]) == without


def test_the_switch_turns_the_cache_off(monkeypatch):
    game, (hero, _) = make()
    assert game.combat._stat_cache is not None
    game.combat.stat(hero, "body")
    assert game.combat._stat_cache
    monkeypatch.setenv("RUNEFORGE_NO_GAME_CACHES", "1")
    game, (hero, _) = make()
    game.combat.stat(hero, "body")
    assert game.combat._stat_cache is None


# ------------------------------------------------------------------------- invalidation
def every_stat(game) -> dict:
    """Every stat of every figure (reads and fills the cache)."""
    figs = [f for h in game.state.heroes for f in (h, *h.allies)]
    return {(f.id, s): game.combat.stat(f, s) for f in figs for s in STATS}


def test_a_change_that_keeps_the_cache_is_caught_in_debug_mode():
    game, (hero, _) = make()
    body = game.combat.stat(hero, "body")
    hero.items.append("belt-of-strength")  # +3 Body, behind the engine's back
    assert game.combat.stat(hero, "body") == body  # the cache answers: stale
    game.combat.verify_cache = True
    with pytest.raises(EngineError, match="stale standing-rules cache.*body"):
        game.combat.stat(hero, "body")
    game.combat.modifiers_changed()
    assert game.combat.stat(hero, "body") == body + 3


def test_debug_mode_turns_the_check_on():
    bundle, catalog = content()
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.game.setup import new_game

    game = new_game(bundle, catalog=catalog, packs="adventure", make_bot=make_bot, debug=True)
    assert game.combat.verify_cache
    assert not make()[0].combat.verify_cache


def changes():
    """Each way the engine changes a source of the standing rules: (name, change(game,
    hero, other))."""
    def buy(game, hero, other):
        town = game.board.space(game.state.positions[hero.id]).town
        game.state.market_stacks.setdefault(town, []).append("belt-of-strength")
        hero.gold = 20
        game.market_action(hero, town, "buy:belt-of-strength")

    def hire(game, hero, other):
        town = game.board.space(game.state.positions[hero.id]).town
        game.state.market_stacks.setdefault(town, []).append("hedge-mage")
        hero.gold = 20
        game.market_action(hero, town, "hire:hedge-mage")

    def sell(game, hero, other):
        town = game.board.space(game.state.positions[hero.id]).town
        game.market_action(hero, town, "sell:belt-of-strength")

    def discard(game, hero, other):
        game.combat.discard_item(hero, "belt-of-strength")

    def lose(game, hero, other):
        game.combat._remove_card(hero, "belt-of-strength")

    def give(game, hero, other):
        game.transfer(hero, other, "belt-of-strength")

    def ally_killed(game, hero, other):
        ally = hero.ally("hedge-mage")
        ally.wounds = ally.life - 1
        game.combat.set_tokens(ally, "wounds", ally.life, "test")

    def new_hero(game, hero, other):
        unused = sorted(c for c in game.catalog.ids("hero")
                        if c not in game.state.seats)
        game.state.removed.append(unused[0])
        game.change_hero(hero, unused[0])

    def eliminated(game, hero, other):
        game.eliminate(other.id)

    def combat_start_and_end(game, hero, other):
        challenge = game.catalog.new_challenge(game.catalog.ids("challenge")[0])
        game.combat._begin({hero.id: challenge})
        assert game.combat.stat(hero, "body") == game.combat.standing_modifier(
            hero, "body") + hero.body
        every_stat(game)
        game.combat.expire("end_of_combat")
        game.combat.enemies = {}  # as Combat._end leaves it
        game.combat.modifiers_changed()

    return [("buy", buy, ()), ("hire", hire, ()), ("sell", sell, ("belt-of-strength",)),
            ("discard", discard, ("belt-of-strength",)), ("lose", lose, ("belt-of-strength",)),
            ("give", give, ("belt-of-strength",)), ("ally killed", ally_killed, ("!hedge-mage",)),
            ("new Hero", new_hero, ()), ("eliminated", eliminated, ()),
            ("combat", combat_start_and_end, ())]


@pytest.mark.parametrize("name,change,holding", changes(), ids=[c[0] for c in changes()])
def test_every_change_of_a_source_drops_the_cache(name, change, holding):
    game, (hero, other) = make()
    for card in holding:
        if card.startswith("!"):
            hero.allies.append(game.catalog.new_ally(card[1:]))
        else:
            hero.items.append(card)
    game.combat.modifiers_changed()
    before = every_stat(game)
    change(game, hero, other)
    game.combat.verify_cache = True  # a stale value read now raises
    after = every_stat(game)
    if name not in ("eliminated", "combat"):
        assert after != before, f"{name} changed no stat: the test shows nothing"
