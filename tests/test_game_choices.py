"""Issue 16, item 6 (and item 7, second bullet): player choices the engine used to make by
itself. Each is now a decision offered to the player; the bots answer as the engine decided
before (``bots/choices.py``). Scripted scenarios with the seed quote in each docstring."""

from __future__ import annotations

import pytest

from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.runebound.adventures import crown
from runeforge.engine.runebound.adventures.adventure_game import new_adventure_game
from runeforge.engine.runebound.adventures.crown_game import GameBattles
from runeforge.engine.runebound.bots.game_bot import GameBot, RandomBot, make_bot
from runeforge.engine.runebound.game.turn import TurnOver
from tests.engine_bundle import bundle
from tests.test_game_scenarios import Script, make, of_kind, ok, take


def asked(game, hero, kind):
    return [d for d in game.players[hero.id].asked if d.kind == kind]


def add_ally(game, hero, **tokens):
    ally_id = take(game, sorted(c for c in game.catalog.cards if game.card(c).kind == "ally"
                                and game.adventure.uses(game.card(c).data)
                                and int(game.card(c).data.get("stamina", 0) or 0) >= 2
                                and int(game.card(c).data.get("life", 1) or 1) >= 2
                                and not game.card(c).data.get("familiar")
                                and c not in [a.id for a in hero.allies])[0])
    ally = game.catalog.new_ally(ally_id)
    for attr, n in tokens.items():
        setattr(ally, attr, n)
    hero.allies.append(ally)
    return ally


# ---------------------------------------------------------------------------------- resting
def test_rest_split_between_hero_and_ally_is_the_players_choice():
    """Seed 000 "Askel 2": "Jokaista noppaa kohden, minkä jätät heittämättä, voit vähentää
    välittömästi yhden väsymysmerkin sankariltasi tai kumppaniltasi ... Merkit voi vähentää
    sankariltasi, kumppaniltasi, tai yksi sankarilta ja yksi kumppanilta"."""
    game, (hero, _) = make(doom=False)
    ally = add_ally(game, hero, exhaustion=2)
    game.combat.set_tokens(hero, "exhaustion", 2, "test")
    start = game.state.positions[hero.id]
    game.players[hero.id] = Script(movement=["roll:2"], rest_split=[ally.id, hero.id],
                                   destination=[start])
    game.movement(hero)  # base: rolling 2 of the 4-die baseline rests 2
    assert (hero.exhaustion, ally.exhaustion) == (1, 1)
    questions = asked(game, hero, "rest_split")
    assert [d.options for d in questions] == [[hero.id, ally.id], [hero.id, ally.id]]
    ok(game)


def test_rest_asks_nothing_without_a_choice():
    """Seed 000: the rest removes exhaustion "sankariltasi tai kumppaniltasi"; with one
    figure tired, or rest enough for all, there is nothing to choose."""
    game, (hero, _) = make(doom=False)
    ally = add_ally(game, hero, exhaustion=1)
    game.combat.set_tokens(hero, "exhaustion", 1, "test")
    game.rest(hero, 3)
    assert (hero.exhaustion, ally.exhaustion) == (0, 0)
    assert asked(game, hero, "rest_split") == []


def test_bots_rest_the_hero_first_as_before():
    """Seed 000 lets the player split the rest; the bots keep the old order (Hero first)."""
    for bot in (GameBot(), RandomBot(1)):
        game, (hero, _) = make(doom=False)
        ally = add_ally(game, hero, exhaustion=2)
        game.combat.set_tokens(hero, "exhaustion", 2, "test")
        game.players[hero.id] = bot
        game.rest(hero, 3)
        assert (hero.exhaustion, ally.exhaustion) == (0, 1)


# ---------------------------------------------------------------------------------- discarding
def test_discard_in_the_market_to_make_room():
    """Seed 000 "Rajoitukset": "Mikäli haluat hankkia uuden aseen, haarniskan tai kumppanin ja
    sinulla on jo maksimi sallittu määrä hallussasi, täytyy sinun ensin myydä tai poistaa yksi
    vanhoista ... Kumppaneiden tai esineiden poistamisen pelistä voi tehdä milloin vain ...
    Poisheitetyt kumppani- ja esinekortit laitetaan markkinakorttipakan alimmaiseksi"."""
    game, (hero, _) = make(doom=False)
    s = game.state
    first, second = add_ally(game, hero), add_ally(game, hero)
    new = add_ally(game, hero)
    hero.allies.remove(new)
    town = game.board.start_town
    s.positions[hero.id] = game.board.town_space(town)
    s.market_stacks[town].append(new.id)
    game.combat.set_tokens(hero, "gold", game.card(new.id).cost, "test")
    game.players[hero.id] = Script(market=[f"discard:{first.id}", f"hire:{new.id}", "done"])
    game.market_step(hero)
    assert [a.id for a in hero.allies] == [second.id, new.id]
    assert s.market_deck[-1] == first.id
    market = asked(game, hero, "market")
    assert f"hire:{new.id}" not in market[0].options  # no room before the discard
    ok(game)


def test_discard_before_moving_and_kept_cards_are_never_offered():
    """Seed 000: "poistamisen pelistä voi tehdä milloin vain"; a wounded Ally costs a die
    ("jos sankarillasi tai jollain kumppaneistasi on yhtään haava- ... heität vain
    maksimissaan neljää"), so giving it up before rolling matters. Kept adventure cards:
    "Näitä kortteja ei voi myydä, hukata tai hävittää"."""
    game, (hero, _) = make(doom=False)
    ally = add_ally(game, hero, wounds=1)
    trophy = take(game, of_kind(game, "challenge", colour="red")[0])
    hero.items.append(trophy)
    hero.trophies.append(trophy)
    start = game.state.positions[hero.id]
    game.players[hero.id] = Script(movement=[f"discard:{ally.id}", "roll:5"],
                                   destination=[start])
    game.movement(hero)
    first, second = asked(game, hero, "movement")
    assert "roll:5" not in first.options and "roll:5" in second.options
    assert f"discard:{trophy}" not in first.options
    assert hero.allies == [] and game.state.market_deck[-1] == ally.id
    with pytest.raises(IllegalAction):
        game.discard_card(hero, trophy, why="test")
    ok(game)


# ---------------------------------------------------------------------------------- trading
def _traders(game):
    s = game.state
    hero, other = (game.hero(h) for h in s.seats[:2])
    space = s.positions[hero.id]
    s.positions[other.id] = space
    items = sorted(c for c in of_kind(game, "item", usage="constant")
                   if game.card(c).data.get("class") not in ("weapon", "armor"))
    a, b = take(game, items[0]), take(game, items[1])
    hero.items += [a, b]
    ally = add_ally(game, other)
    game.combat.set_tokens(hero, "gold", 5, "test")
    game.combat.set_tokens(other, "gold", 1, "test")
    return hero, other, a, b, ally


def test_trade_a_deal_of_several_cards_and_gold_is_binding():
    """Seed 000 "Neuvottelut toisten sankarien kanssa": "voit vaihtaa tai kaupata tavaroita
    ja kumppaneita. Kaikkien pelaajien tekemien neuvottelujen tulokset ovat sitovia." Two
    items and 2 gold for an Ally: not one swap, not a buy at the printed cost."""
    game, _ = make(doom=False)
    hero, other, a, b, ally = _traders(game)
    game.players[hero.id] = Script(adventure=[f"trade:{other.id}"], trade=["offer"],
                                   trade_give=[a, b, "done"], trade_ask=[ally.id, "done"],
                                   trade_gold=[2])
    game.players[other.id] = Script(accept_trade=[True])
    game.adventure_step(hero)
    assert sorted(other.items) == sorted([a, b]) and [x.id for x in hero.allies] == [ally.id]
    assert (hero.gold, other.gold) == (3, 3)
    deal = asked(game, other, "accept_trade")[0]
    assert deal.info["deal"] == {"give": [a, b], "ask": [ally.id], "gold": 2}
    assert asked(game, hero, "trade_gold")[0].options == list(range(-1, 6))
    ok(game)


def test_trade_a_refused_deal_changes_nothing_and_bots_judge_deals():
    """Seed 000: the other player agrees or not ("neuvottelut"); a refused offer changes
    nothing. The heuristic bot accepts a deal when what it gets costs at least what it
    gives, and it pays no gold; it never proposes one (it never did)."""
    game, _ = make(doom=False)
    hero, other, a, b, ally = _traders(game)
    game.players[hero.id] = Script(trade=["offer"], trade_give=["done"],
                                   trade_ask=[ally.id, "done"], trade_gold=[-1])
    game.players[other.id] = GameBot()
    game.negotiate(hero, other)
    assert [x.id for x in other.allies] == [ally.id] and (hero.gold, other.gold) == (5, 1)
    assert game.log.of_type("trade_refused")
    game.players[hero.id] = GameBot()
    game.negotiate(hero, other)  # the bot's own answer to "trade" is still "none"
    assert not game.log.of_type("trade")


# ---------------------------------------------------------------------------------- new Hero
def _knock_out_in_a_turn(game, hero, change):
    """Play ``hero``'s whole turn: stay, draw a red challenge from the space's counter, fail
    every roll (knocked out); ``change`` answers ``change_hero``."""
    s = game.state
    space = next(sp for sp, c in sorted(s.board_counters.items()) if c == "blue")
    s.positions[hero.id] = space
    card = take(game, of_kind(game, "challenge", colour="red")[0])
    s.adventure_decks["blue"].insert(0, card)
    game.combat.dice = ScriptedDice([2] * 300)
    game.players[hero.id] = Script(movement=["roll:0"], destination=[space],
                                   adventure=["counter"], escape=[False] * 60,
                                   change_hero=[change])
    s.current = s.seats.index(hero.id)
    game.take_turn(hero.id)


def test_advanced_knock_out_may_take_a_new_hero_keeping_experience():
    """Seed 002 "Hero takes wounds > Life score: knocked out ... discard wound, exhaustion,
    adventure counters and gold ... may choose a new hero if you want, keeping all current
    experience counters". Ruleset data ``knock_out.may_change_hero`` (advanced)."""
    game, (hero, other) = make("advanced")
    s = game.state
    old = hero.id
    s.experience[old] = ["body", "life"]
    hero.body += 2
    hero.life += 1
    kept = take(game, of_kind(game, "challenge", colour="red")[1])
    hero.items.append(kept)
    hero.trophies.append(kept)  # a kept card (never lost) stays with the player
    new = sorted(c for c in s.removed if game.card(c).kind == "hero")[0]
    _knock_out_in_a_turn(game, hero, new)
    question = asked(game, hero, "change_hero")[0]
    assert question.actor == old and question.options[0] == "keep" and new in question.options
    printed = game.catalog.new_hero(new)
    assert hero.id == new and s.seats.count(new) == 1 and old not in s.seats
    assert (hero.body, hero.life, hero.mind) == (printed.body + 2, printed.life + 1,
                                                printed.mind)
    assert s.experience[new] == ["body", "life"] and old not in s.experience
    assert game.barred_colours(new) == ("green",)
    assert hero.trophies == [kept] and game.board.is_town(s.positions[new])
    assert old in s.removed and new not in s.removed
    assert game.players[new] is not None and old not in game.players
    ok(game)
    game.take_turn(new)  # the new Hero plays on from its seat
    ok(game)


def test_base_knock_out_offers_no_new_hero():
    """Seed 000 "Tajunnan menetys" has no change of Hero (``may_change_hero: false``)."""
    game, (hero, _) = make(doom=False)
    old = hero.id
    _knock_out_in_a_turn(game, hero, "keep")
    assert asked(game, hero, "change_hero") == [] and hero.id == old


@pytest.mark.parametrize("ruleset,left", [("advanced", 0), ("base", 3)])
def test_knock_out_written_down_points_follow_the_counters(ruleset, left):
    """Seed 000 "Askel 5": "mikäli laatikossa ei ole vaihtorahaa, kirjoita paperille ylös
    sinulle kuuluvien seikkailumerkkien pistemäärät" (the paper stands for counters); seed
    002 knock-out: "discard wound, exhaustion, adventure counters and gold". So the points
    written down go in the advanced rules and stay in the base rules (no counters lost)."""
    game, (hero, _) = make(ruleset, doom=False if ruleset == "base" else None,
                           escape=[False] * 60)
    game.state.experience_credit[hero.id] = 3
    card = take(game, of_kind(game, "challenge", colour="red")[0])
    game.combat.dice = ScriptedDice([2] * 300)
    with pytest.raises(TurnOver):
        game.fight_card(hero, card, "normal")
    assert game.state.experience_credit[hero.id] == left
    assert game.experience_points(hero) == left + sum(
        game.adventure.counter_value(c) for c in hero.adventure_counters)
    ok(game)


# ---------------------------------------------------------------------------------- Elder King
def test_elder_king_sets_out_his_vassals_in_the_order_he_chooses():
    """Seed 001 "Ostateczne Starcie": "Gracz, który przeistacza się w Starszego Króla ...
    przed kartę swojego Bohatera, w dowolnej kolejności, wykłada do trzech z posiadanych
    Wasali" — and Tomek "nie musi go wykorzystać" (he need not set out every vassal)."""
    game = new_adventure_game(bundle(), adventure="crown-of-the-elder-kings", players=2,
                              seed=3, make_bot=make_bot)
    king = game.hero(game.state.seats[0])
    vassals = sorted((c for c in game.catalog.cards if crown.vassal_of(game.spec, c)),
                     key=lambda c: (int(game.card(c).data.get("life", 1)), c))
    weak, strong = vassals[0], vassals[-1]
    assert int(game.card(weak).data["life"]) < int(game.card(strong).data["life"])
    others = [v for v in vassals[1:-1]][:2]
    for card in [weak, strong, *others]:
        king.trophies.append(take(game, card))
    game.players[king.id] = Script(vassal_order=[weak, strong, "done"])
    game.battles = GameBattles(game)
    line = game.king_line(king.id)
    assert line == [weak, strong]
    questions = asked(game, king, "vassal_order")
    assert len(questions) == 3 and questions[0].options[-1] == "done"
    assert game.battles.owner == {weak: king.id, strong: king.id}


def test_elder_king_bots_set_out_the_line_as_before():
    """Seed 001 ("w dowolnej kolejności"): the bots keep the engine's old line, the first
    three vassals taken, strongest first."""
    game = new_adventure_game(bundle(), adventure="crown-of-the-elder-kings", players=2,
                              seed=3, make_bot=make_bot)
    king = game.hero(game.state.seats[0])
    vassals = sorted(c for c in game.catalog.cards if crown.vassal_of(game.spec, c))[:4]
    for card in vassals:
        king.trophies.append(take(game, card))
    game.battles = GameBattles(game)
    line = game.king_line(king.id)
    assert line == sorted(vassals[:3], key=lambda c: -int(game.card(c).data.get("life", 1)))
