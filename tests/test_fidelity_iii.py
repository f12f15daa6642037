"""Rules fidelity III (issue 35): Runebound readings re-decided against seeds 000-002, each
with a test that fails without the fix."""

from __future__ import annotations

from tests.test_game_props import content


def test_every_core_event_has_the_sun_icon():
    """Seed 000: "Jokaisen tapahtumakortin vasemmassa alakulmassa on auringonkehä ikoni" (every
    event card has the sun icon); seed 001 confirms it for the base events. Only the Kyros
    events (seed 001: no sun icon) may say ``renew: false``."""
    b, _ = content()
    core = [c for c in b["cards"] if c.get("kind") == "event" and c.get("pack") == "core"]
    assert len(core) >= 6
    assert [c["id"] for c in core if not c.get("renew", True)] == []


def _game(ruleset="base", players=4, doom=True, seed=3):
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.game.setup import new_game

    b, cat = content()
    return new_game(b, catalog=cat, ruleset=ruleset, players=players, seed=seed, doom=doom,
                    packs="adventure", make_bot=make_bot)


def test_bots_see_the_doom_track_refill_the_red_deck():
    """The red deck holds no challenge, but red challenges lie on the doom track: they come
    back (under the deck when the track fills, seed 000; as the rebuilt deck, seed 002), so a
    red counter still gives a challenge and the board has not run dry."""
    from runeforge.engine.runebound.bots.estimates import _has_challenge

    for ruleset in ("base", "advanced"):
        game = _game(ruleset)
        s = game.state
        red = s.adventure_decks["red"]
        challenges = [c for c in red if game.card(c).kind == "challenge"]
        for c in challenges:
            red.remove(c)
        assert not _has_challenge(game, "red")
        s.doom_track.append(challenges[0])
        assert _has_challenge(game, "red"), ruleset
        s.doom = False  # without the doom track nothing comes back from it
        assert not _has_challenge(game, "red")


def test_advanced_full_doom_track_discards_and_rebuilds_from_challenges_only():
    """Seed 002: "Move just-discarded card to first spot on Doom Track, discarding the rest of
    the cards" and "if draw pile exhausted, reshuffle Challenge cards only from discard pile to
    form new deck": the used encounters and events never come back to a deck. Seed 000 (base)
    puts them under their decks instead."""
    for ruleset, back in (("advanced", False), ("base", True)):
        game = _game(ruleset)
        s = game.state
        green = s.adventure_decks["green"]
        chal = next(c for c in green if game.card(c).kind == "challenge")
        other = next(c for deck in s.adventure_decks.values() for c in deck
                     if game.card(c).kind in ("event", "encounter"))
        colour = game.colour_of(other)
        s.adventure_decks[colour].remove(other)
        copies = s.adventure_decks[colour].count(other)  # other copies of it stay put
        green.remove(chal)
        s.doom_track[:] = s.doom_track[:1]
        s.doom_track += [chal, other]
        need = game.rules.doom_track.cards_per_token(s.players)
        fillers = [c for c in s.adventure_decks["yellow"]
                   if game.card(c).kind == "challenge"][: need - len(s.doom_track)]
        for c in fillers:
            s.adventure_decks["yellow"].remove(c)
        for c in fillers[:-1]:
            s.doom_track.append(c)
        game.add_to_doom_track(fillers[-1])  # the track is full now
        assert s.doom_tokens == 1 and s.doom_track == [fillers[-1]]
        assert s.adventure_decks[colour].count(other) == copies + back, ruleset
        assert (other in s.discard_pile) is not back, ruleset
        if not back:
            s.adventure_decks["green"].clear()
            assert game.can_draw("green")
            rebuilt = s.adventure_decks["green"]
            assert chal in rebuilt
            assert all(game.card(c).kind == "challenge" for c in rebuilt)
            assert other in s.discard_pile


# ---- the bots and High Lord Margath on the undefeated track -----------------------------------

def _margath_waiting(odds, wounds=0, dry=False):
    from runeforge.engine.common.decisions import Decision
    from runeforge.engine.runebound.bots.game_bot import GameBot

    game = _game("base", players=2)
    s = game.state
    hero = game.hero(s.seats[0])
    for deck in s.adventure_decks.values():
        if "high-lord-margath" in deck:
            deck.remove("high-lord-margath")
    space = next(sp for sp in game.board.spaces if sp not in s.board_counters
                 and not game.board.is_town(sp))
    s.undefeated_track.append({"card": "high-lord-margath", "space": space})
    s.positions[hero.id] = space
    hero.wounds = wounds
    if dry:
        for sp in list(s.board_counters):
            s.box_counters[s.board_counters.pop(sp)] += 1
    bot = GameBot(odds=odds)
    bot._desperate = True  # nothing else it expects to beat: the old bot fought anyway
    d = Decision("adventure", hero.id, ["undefeated", "pass"])
    return bot.decide(d, game.combat), bot


def test_bot_fights_margath_when_its_exact_odds_make_it_worth_it():
    answer, bot = _margath_waiting(lambda *a: 0.6)
    assert answer == "undefeated"


def test_bot_never_fights_margath_as_a_throw_away():
    """Odds below the threshold and fresh counters on the board: it passes, even when it
    would otherwise fight any undefeated challenge for the knock-out's healing."""
    seen = []

    def odds(engine, hero, enemy, before):
        seen.append(before)
        return 0.05

    answer, _ = _margath_waiting(odds)
    assert answer == "pass"
    assert seen and seen[0] == 1  # Margath's Before Combat wound is counted


def test_bot_fights_margath_when_nothing_else_moves_the_game():
    """A dry board (no fresh counter, base rules: no hazards): waiting gains nothing, so an
    unhurt Hero takes its best odds."""
    answer, _ = _margath_waiting(lambda *a: 0.05, dry=True)
    assert answer == "undefeated"


def test_exact_win_is_the_exact_odds_of_the_heros_stats():
    from runeforge.engine.runebound.analysis.bot_odds import exact_win
    from runeforge.engine.runebound.analysis.odds_exact import exact_odds

    game = _game("base", players=2)
    hero = game.hero(game.state.seats[0])
    stat = game.combat.stat
    weak = {"mind": 9, "body": 9, "spirit": 9, "ranged_damage": 1, "melee_damage": 1,
            "magic_damage": 1, "life": 2}
    mine = {a: stat(hero, a) + stat(hero, f"{p}_roll") for p, a in
            (("ranged", "mind"), ("melee", "body"), ("magic", "spirit"))}
    mine.update({f"{p}_damage": stat(hero, f"{p}_damage") for p in ("ranged", "melee", "magic")},
                life=stat(hero, "life"))
    assert exact_win(game.combat, hero, weak) == exact_odds(mine, weak).win
    assert 0 < exact_win(game.combat, hero, weak) <= 1
    assert exact_win(game.combat, hero, weak, before_wounds=stat(hero, "life")) == 0.0
