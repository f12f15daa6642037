"""Scenario tests of the whole-game rules with scripted dice and scripted decisions (seed 000
and seed 002): events, the sun icon, encounters, the undefeated track, knock-out, experience,
first-turn dice, travel hazards, the doom track, the endgame, markets and other Heroes."""

from __future__ import annotations

import pytest

from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.runebound.bots.game_bot import GameBot, make_bot
from runeforge.engine.runebound.game.invariants import check_invariants
from runeforge.engine.runebound.game.setup import new_game
from runeforge.engine.runebound.game.turn import TurnOver
from tests.test_game_props import content


class Script(GameBot):
    """Scripted answers per decision kind (in order); the heuristic bot answers the rest.
    Every question asked is recorded."""

    def __init__(self, **answers):
        super().__init__()
        self.answers = {k: list(v) for k, v in answers.items()}
        self.asked: list = []

    def decide(self, decision, engine):
        self.asked.append(decision)
        queue = self.answers.get(decision.kind)
        if queue:
            return queue.pop(0)
        return super().decide(decision, engine)


class Faces:
    """Movement dice with scripted faces: each roll of a die takes the next face index."""

    def __init__(self, faces):
        self.faces = list(faces)

    def randrange(self, n):
        return self.faces.pop(0)


def make(ruleset="base", players=2, doom=None, seed=0, **scripts):
    b, cat = content()
    game = new_game(b, catalog=cat, ruleset=ruleset, players=players, seed=seed, doom=doom,
                    packs="adventure", make_bot=make_bot)
    heroes = [game.hero(h) for h in game.state.seats]
    for hero in heroes:
        game.players[hero.id] = Script(**scripts)
    return game, heroes


def of_kind(game, kind, **data):
    cards = [c for c in sorted(game.catalog.cards) if game.card(c).kind == kind
             and game.adventure.uses(game.card(c).data)
             and all(game.card(c).data.get(k, None if k != "renew" else True) == v
                     for k, v in data.items())]
    assert cards, f"no {kind} with {data}"
    return cards


def take(game, card):
    """Take one copy of ``card`` out of wherever it is (so it can be played)."""
    s = game.state
    for place in [*s.adventure_decks.values(), s.doom_track, s.market_deck, s.removed,
                  *s.market_stacks.values()]:
        if card in place:
            place.remove(card)
            return card
    raise AssertionError(f"{card} is nowhere")


def ok(game):
    assert check_invariants(game) == []


# ---------------------------------------------------------------------------------- events
def test_event_replaces_by_number_and_old_goes_under_its_deck():
    game, (hero, _) = make(doom=False)
    two = next(e for e in of_kind(game, "event") if game.card(e).data["event_number"] == 2)
    one = next(e for e in of_kind(game, "event") if game.card(e).data["event_number"] == 1)
    three = next(e for e in of_kind(game, "event") if game.card(e).data["event_number"] == 3)
    game.play_event(hero, take(game, two))
    assert game.state.active_event == two
    game.play_event(hero, take(game, one))  # lower number: no effect, under its deck
    assert game.state.active_event == two
    assert game.state.adventure_decks[game.colour_of(one)][-1] == one
    game.play_event(hero, take(game, three))  # higher: replaces; the old one under its deck
    assert game.state.active_event == three
    assert game.state.adventure_decks[game.colour_of(two)][-1] == two
    ok(game)


def test_event_discards_go_to_the_doom_track_in_advanced():
    game, (hero, _) = make("advanced")
    three = next(e for e in of_kind(game, "event") if game.card(e).data["event_number"] == 3)
    one = next(e for e in of_kind(game, "event") if game.card(e).data["event_number"] == 1)
    game.play_event(hero, take(game, three))
    game.play_event(hero, take(game, one))
    assert game.state.active_event == three
    assert game.state.doom_track[-1] == one
    ok(game)


def test_sun_icon_renews_counters_only_on_empty_sun_gems():
    game, (hero, _) = make(doom=False)
    s = game.state
    suns = {sp.id for sp in game.board.gems(sun_only=True)}
    for space in list(s.board_counters):  # empty every gem: counters back to the box
        s.box_counters[s.board_counters.pop(space)] += 1
    renewing = of_kind(game, "event", renew=True)[0]
    game.play_event(hero, take(game, renewing))
    assert set(s.board_counters) == suns
    assert all(s.board_counters[sp] == game.board.space(sp).gem for sp in suns)
    ok(game)


def test_sun_icon_with_too_few_counters_lets_the_drawing_hero_choose():
    game, (hero, _) = make(doom=False)
    s = game.state
    for space in list(s.board_counters):
        s.box_counters[s.board_counters.pop(space)] += 1
    greens = sorted(sp.id for sp in game.board.gems("green", sun_only=True))
    assert len(greens) >= 3
    held = s.box_counters["green"] - 1
    hero.adventure_counters += ["green"] * held  # only one green counter left in the box
    s.box_counters["green"] = 1
    game.players[hero.id] = Script(renew_space=[greens[-1]])
    game.play_event(hero, take(game, of_kind(game, "event", renew=True)[0]))
    assert [sp for sp, c in s.board_counters.items() if c == "green"] == [greens[-1]]
    ok(game)


def test_event_without_sun_icon_renews_nothing(monkeypatch):
    """Every core event has the sun icon (seed 000), so the card is made iconless here: only
    Kyros events (seed 001) lack it in the bundled content."""
    game, (hero, _) = make(doom=False)
    s = game.state
    for space in list(s.board_counters):
        s.box_counters[s.board_counters.pop(space)] += 1
    card = of_kind(game, "event")[0]
    monkeypatch.setitem(game.card(card).data, "renew", False)
    game.play_event(hero, take(game, card))
    assert s.board_counters == {}


# ---------------------------------------------------------------------------------- encounters
@pytest.mark.parametrize("ruleset,place", [("base", "removed"), ("advanced", "doom_track")])
def test_encounter_is_played_then_removed_or_discarded(ruleset, place):
    game, (hero, _) = make(ruleset, doom=False if ruleset == "base" else None)
    encounter = "ferrymans-riddle"  # Test Mind Lore (11): success gains 2 gold
    take(game, encounter)
    game.combat.dice = ScriptedDice([20])
    gold = hero.gold
    game.play_encounter(hero, encounter)
    assert hero.gold == gold + 2
    assert getattr(game.state, place)[-1] == encounter
    ok(game)


@pytest.mark.parametrize("ruleset", ["base", "advanced"])
def test_an_encounter_that_places_itself_as_an_ally_stays_with_the_hero(ruleset):
    """Seed 000's "A Question of Honor" may give an Ally: passed, the card itself is placed in
    front of the Hero as an Ally (issue 21, family 5), and it is neither removed nor put on
    the doom track as a played encounter is."""
    game, (hero, _) = make(ruleset, doom=False if ruleset == "base" else None)
    encounter = "a-question-of-honor"
    take(game, encounter)
    game.combat.dice = ScriptedDice([20])
    game.play_encounter(hero, encounter)
    ally = next(a for a in hero.allies if a.id == encounter)
    assert (ally.life, ally.body, ally.melee_damage) == (3, 4, 2)
    assert encounter not in game.state.removed
    assert encounter not in getattr(game.state, "doom_track", [])
    ok(game)


# ---------------------------------------------------------------------------------- undefeated
@pytest.mark.parametrize("doom", [False, True])
def test_undefeated_track_full_sends_the_oldest_away(doom):
    game, _ = make(doom=doom)
    s = game.state
    cards = [take(game, c) for c in of_kind(game, "challenge", colour="green")[:7]]
    spaces = sorted(game.board.spaces)[:7]
    for card, space in zip(cards, spaces, strict=True):
        game.to_undefeated(card, space)
    assert [u["card"] for u in s.undefeated_track] == cards[1:]
    assert len(s.undefeated_track) == game.board.undefeated_slots == 6
    if doom:
        assert s.doom_track[-1] == cards[0]  # a played card: to the doom track
    else:
        assert s.adventure_decks["green"][-1] == cards[0]
    ok(game)


def test_escape_puts_the_challenge_on_the_track_and_moves_back():
    game, (hero, _) = make(doom=False, escape=[True])
    s = game.state
    space = next(sp for sp, c in sorted(s.board_counters.items()) if c == "green")
    prev = game.board.neighbours(space)[0]
    s.positions[hero.id], s.previous[hero.id] = space, prev
    card = take(game, of_kind(game, "challenge", colour="green")[0])
    game.combat.dice = ScriptedDice([20] * 30)
    with pytest.raises(TurnOver):
        game.fight_card(hero, card, "normal")
    assert s.undefeated_track[-1] == {"card": card, "space": space}
    assert s.positions[hero.id] == prev
    assert s.board_counters[space] == "green"  # the counter stays with the marker
    ok(game)


# ---------------------------------------------------------------------------------- knock-out
@pytest.mark.parametrize("ruleset", ["base", "advanced"])
def test_knock_out(ruleset):
    game, (hero, _) = make(ruleset, doom=False if ruleset == "base" else None, escape=[False] * 50)
    s = game.state
    space = next(sp for sp, c in sorted(s.board_counters.items()) if c == "blue")
    s.positions[hero.id] = space
    cheap, dear = sorted(of_kind(game, "item", usage="constant"),
                         key=lambda c: game.card(c).cost)[::len(of_kind(game, "item",
                                                                         usage="constant")) - 1]
    hero.items += [take(game, cheap), take(game, dear)]
    hero.adventure_counters.append("green")
    s.box_counters["green"] -= 1
    game.combat.set_tokens(hero, "gold", 5, "test")
    bank = s.bank_gold
    card = take(game, of_kind(game, "challenge", colour="red")[0])
    game.combat.dice = ScriptedDice([2] * 200)  # every roll fails
    with pytest.raises(TurnOver):
        game.fight_card(hero, card, "normal")
    assert (hero.wounds, hero.exhaustion, hero.gold) == (0, 0, 0)
    assert s.bank_gold == bank + 5
    assert dear not in hero.items and cheap in hero.items
    assert s.market_deck[-1] == dear  # the priciest card to the bottom of the market deck
    assert s.undefeated_track[-1] == {"card": card, "space": space}
    assert game.board.is_town(s.positions[hero.id])
    town = game.board.space(s.positions[hero.id]).town
    assert town in game.board.nearest_towns(space)
    assert hero.adventure_counters == ([] if ruleset == "advanced" else ["green"])
    ok(game)


# ---------------------------------------------------------------------------------- experience
def give_counters(game, hero, colours):
    for colour in colours:
        game.state.box_counters[colour] -= 1
        hero.adventure_counters.append(colour)


def test_life_token_bars_the_easiest_colour_up_to_three():
    game, heroes = make(players=4, doom=False)  # base, 4 players: 4 points a token
    hero = heroes[0]
    s = game.state
    give_counters(game, hero, ["red", "red", "red", "red"])
    life = hero.life
    for n, barred in enumerate([("green",), ("green", "yellow"),
                                ("green", "yellow", "blue")], 1):
        assert "buy:life" in game.experience_options(hero)
        game.buy_experience(hero, ["life"])
        assert hero.life == life + n
        assert game.barred_colours(hero.id) == barred
    assert "buy:life" not in game.experience_options(hero)  # at most +3 Life
    space = next(sp for sp, c in sorted(s.board_counters.items()) if c == "green")
    s.positions[hero.id] = space
    game.players[hero.id] = Script(adventure=["pass"])
    game.adventure_step(hero)
    assert game.players[hero.id].asked == []  # a green counter is no adventure for it now
    ok(game)


def test_base_experience_costs_points_and_gives_change():
    game, (hero, _) = make(players=2, doom=False)  # base, 2 players: 6 points a token
    give_counters(game, hero, ["blue", "red"])  # 3 + 4 = 7 points
    box_green = game.state.box_counters["green"]
    game.players[hero.id] = Script(experience=["buy:body"])
    body = hero.body
    game.experience_step(hero)
    assert hero.body == body + 2
    assert hero.adventure_counters == ["green"]  # 1 point of change from the box
    assert game.state.box_counters["green"] == box_green - 1
    ok(game)


def test_advanced_experience_pairs_are_distinct_and_heal():
    game, heroes = make("advanced", players=3)  # 3 players: 5 points a pair
    hero = heroes[0]
    give_counters(game, hero, ["red", "green"])
    hero.wounds, hero.exhaustion = 1, 1
    options = game.experience_options(hero)
    assert options and all("+" in o and len(set(o[4:].split("+"))) == 2 for o in options)
    game.buy_experience(hero, ["mind", "stamina"])
    assert (hero.wounds, hero.exhaustion) == (0, 0)
    assert game.tokens_of(hero.id) == ["mind", "stamina"]
    assert game.level(hero.id) == 2  # advanced: level = experience counters
    ok(game)


# ---------------------------------------------------------------------------------- movement
@pytest.mark.parametrize("ruleset,players,dice", [
    ("advanced", 4, [2, 3, 4, 5]), ("advanced", 2, [4, 5]), ("advanced", 3, [3, 4, 5]),
    ("base", 4, [5, 5, 5, 5])])
def test_first_turn_dice_by_seat(ruleset, players, dice):
    game, heroes = make(ruleset, players=players, movement=["roll:0"] * 10,
                        destination=[])
    got = []
    for hero in heroes:
        game.movement(hero)
        asked = [d for d in game.players[hero.id].asked if d.kind == "movement"][0]
        got.append(asked.info["allowed"])
    assert got == dice


def test_wounds_reduce_dice_in_base_and_exhaustion_outside_town_in_advanced():
    game, (hero, _) = make("base", movement=["roll:0"])
    game.state.turns_taken[hero.id] = 1
    hero.wounds = 1
    game.movement(hero)
    assert [d for d in game.players[hero.id].asked if d.kind == "movement"][0].info[
        "allowed"] == 4
    game, (hero, _) = make("advanced", movement=["roll:0", "roll:0"])
    game.state.turns_taken[hero.id] = 1
    hero.exhaustion = 1
    game.movement(hero)  # in Tamalir: 5 dice
    game.state.positions[hero.id] = "G4"
    hero.exhaustion = 1
    game.movement(hero)
    allowed = [d.info["allowed"] for d in game.players[hero.id].asked if d.kind == "movement"]
    assert allowed == [5, 4]


def test_rest_removes_exhaustion_per_die_not_rolled():
    game, (hero, _) = make("base", movement=["roll:2"])
    game.state.turns_taken[hero.id] = 1
    hero.exhaustion = 3
    game.rng = Faces([0, 0])
    game.movement(hero)
    assert hero.exhaustion == 1  # base: 4 - 2 dice = 2 exhaustion removed


def test_wings_of_regiroth_moves_up_to_four_spaces_any_direction():
    game, (hero, _) = make("base", use_ability=["wings-of-regiroth#0"], amount=[4],
                           movement=["grant:0"])
    hero.items.append(take(game, "wings-of-regiroth"))
    start = game.state.positions[hero.id]
    game.movement(hero)
    dest = [d for d in game.players[hero.id].asked if d.kind == "destination"][0]
    dist = game.board.distances_from(start)
    assert set(dest.options) == {sp for sp, d in dist.items() if d <= 4}


# ---------------------------------------------------------------------------------- hazards
def test_travel_hazard_challenge_without_before_combat_or_escape():
    game, (hero, _) = make("advanced")
    s = game.state
    space = next(sp.id for sp in sorted(game.board.spaces.values(), key=lambda x: x.id)
                 if sp.terrain == "mountains" and not sp.gem)
    s.positions[hero.id] = space
    # faces of the movement die: 0 road/plains/river, 5 river/hills/swamp/mountains
    faces = game.movement_dice.dice[0].faces
    plain = next(i for i, f in enumerate(faces) if "mountains" not in f)
    big = max(range(len(faces)), key=lambda i: len(faces[i]))
    hn = 2 * len(faces[big])
    for card in s.doom_track:
        game.to_deck_bottom(card)
    s.doom_track[:] = [take(game, c) for c in of_kind(game, "challenge", colour="green")[:1]]
    green_challenge = next(c for c in of_kind(game, "challenge", colour="green")
                           if any(a.tag == "before_combat" for a in game.card(c).abilities))
    expected_colour = game.colour_of(s.doom_track[(hn - 1) % len(s.doom_track)])
    s.adventure_decks[expected_colour].insert(0, take(game, green_challenge))
    game.rng = Faces([plain, plain, big, big])
    game.combat.dice = ScriptedDice([20] * 40)
    gold, counters = hero.gold, len(hero.adventure_counters)
    with pytest.raises(TurnOver):
        game.travel_hazard(hero, space)
    kinds = [d.kind for d in game.players[hero.id].asked]
    assert "escape" not in kinds
    assert not game.log.of_type("card_text")  # no Before Combat text
    assert hero.gold == gold  # no reward
    assert len(hero.adventure_counters) == counters + 1  # a counter from the box
    drawn = game.log.of_type("adventure_card")[-1]
    assert (drawn["card"], drawn["hazard"]) == (green_challenge, True)
    assert game.log.of_type("travel_hazard")[-1]["number"] == hn
    assert s.doom_track[-1] == green_challenge  # defeated: discarded to the doom track
    ok(game)


def test_no_hazard_when_a_die_shows_the_terrain():
    game, (hero, _) = make("advanced")
    space = next(sp.id for sp in game.board.spaces.values() if sp.terrain == "mountains")
    faces = game.movement_dice.dice[0].faces
    mountain = next(i for i, f in enumerate(faces) if "mountains" in f)
    game.rng = Faces([mountain, 0])
    game.travel_hazard(hero, space)
    assert game.log.of_type("no_hazard")


# ---------------------------------------------------------------------------------- doom track
@pytest.mark.parametrize("players,per_token", [(2, 4), (3, 6), (4, 8), (6, 8)])
def test_doom_token_per_player_count(players, per_token):
    game, _ = make("advanced", players=players)
    s = game.state
    assert len(s.doom_track) == 1  # the first card laid at setup
    cards = [take(game, c) for c in of_kind(game, "challenge", colour="yellow")[:per_token - 1]]
    for card in cards[:per_token - 2]:
        game.add_to_doom_track(card)
    assert s.doom_tokens == 0
    game.add_to_doom_track(cards[per_token - 2])
    assert s.doom_tokens == 1
    assert s.doom_track == [cards[per_token - 2]]  # the card just added moves to place 1
    ok(game)


def test_last_doom_token_starts_the_endgame_in_level_order():
    game, heroes = make("base", players=3)
    s = game.state
    s.doom_tokens = 7
    give_counters(game, heroes[1], ["red", "red"])
    game.buy_experience(heroes[1], ["body"])
    cards = [take(game, c) for c in of_kind(game, "challenge", colour="yellow")[:5]]
    for card in cards:
        game.add_to_doom_track(card)
    assert s.phase == "endgame" and s.doom_tokens == 8
    game.setup_endgame()
    order = s.endgame["order"]
    assert order[0] == heroes[1].id  # the highest level confronts first
    deck = s.adventure_decks["red"]
    assert deck and all(game.card(c).kind == "challenge" for c in deck)
    ok(game)


def test_endgame_eliminates_without_losses_and_ranks_when_all_are_out():
    game, heroes = make("base", players=2, escape=[])
    s = game.state
    s.phase = "endgame"
    game.setup_endgame()
    for hero in heroes:
        game.combat.set_tokens(hero, "gold", 4, "test")
    game.combat.dice = ScriptedDice([2] * 2000)  # nobody can win
    game.run_endgame()
    assert s.phase == "over" and s.winner in s.seats
    assert all(h.gold == 4 for h in heroes)  # eliminated Heroes lose nothing
    assert sorted(s.endgame["out"]) == sorted(s.seats)
    assert "every Hero eliminated" in s.how
    assert not [d for h in heroes for d in game.players[h.id].asked if d.kind == "escape"]


# ---------------------------------------------------------------------------------- market
def test_prices_apply_factors_before_deltas_and_limits():
    game, (hero, _) = make("base")
    s = game.state
    s.active_event = take(game, "no-more-business-as-usual")  # items cost twice as much
    hero.items.append(take(game, "merchants-seal"))  # items cost 1 less
    weapon = next(c for c in of_kind(game, "item", **{"class": "weapon"})
                  if game.card(c).cost == 3) if any(
        game.card(c).cost == 3 for c in of_kind(game, "item", **{"class": "weapon"})) else None
    if weapon is not None:
        assert game.price(hero, weapon) == 3 * 2 - 1
    weapons = of_kind(game, "item", **{"class": "weapon"})[:3]
    hero.items += [take(game, w) for w in weapons[:2]]
    town = "Vynelvale"
    s.market_stacks[town].append(take(game, weapons[2]))
    game.combat.set_tokens(hero, "gold", 40, "test")
    assert f"buy:{weapons[2]}" not in game.market_options(hero, town)  # 2 weapons at most
    ok(game)


@pytest.mark.parametrize("ruleset,cost,price", [("base", 3, 1), ("advanced", 3, 2),
                                                 ("base", 1, None)])
def test_sell_price_by_ruleset(ruleset, cost, price):
    game, _ = make(ruleset)
    assert game.rules.market.sell_price(cost) == price


def test_market_draws_a_card_and_heals():
    game, (hero, _) = make("base", market=["heal_wound:" + "X", "done"])
    s = game.state
    game.players[hero.id] = Script(market=[f"heal_wound:{hero.id}", "done"])
    town_space = game.board.town_space("Riverwatch")
    s.positions[hero.id] = town_space
    before = len(s.market_stacks["Riverwatch"])
    hero.wounds = 2
    game.combat.set_tokens(hero, "gold", 3, "test")
    game.market_step(hero)
    assert len(s.market_stacks["Riverwatch"]) == before + 1
    assert (hero.wounds, hero.gold) == (1, 2)
    ok(game)


# ---------------------------------------------------------------------------------- other Heroes
def test_hero_attack_spoils_and_knock_out():
    game, (a, b) = make("base", spoils=["gold"], escape=[False] * 50)
    s = game.state
    s.positions[b.id] = s.positions[a.id] = "G4"
    game.combat.set_tokens(b, "gold", 7, "test")
    game.combat.dice = ScriptedDice([20, 2] * 200)  # the attacker's rolls beat the defender's
    game.players[a.id].answers["phase_action"] = ["attack", "defend", "defend"] * 50
    with pytest.raises(TurnOver):
        game.attack_hero(a, b)
    winner = game.log.of_type("combat_end")[-1]["winner"]
    loser = b if winner == a.id else a
    assert game.board.is_town(s.positions[loser.id])
    assert loser.gold == 0
    ok(game)


def test_negotiation_swaps_cards_when_the_other_agrees():
    game, (a, b) = make("base")
    x, y = of_kind(game, "item", usage="constant")[:2]
    a.items.append(take(game, x))
    b.items.append(take(game, y))
    game.players[a.id] = Script(trade=[f"swap:{x}:{y}"])
    game.players[b.id] = Script(accept_trade=[True])
    game.negotiate(a, b)
    assert a.items == [y] and b.items == [x]
    ok(game)


def test_three_dragon_runes_win():
    game, (hero, _) = make("base")
    runes = [c for c in sorted(game.catalog.cards)
             if game.adventure.carries_marker(game.card(c).data)]
    assert len(runes) == 3
    for rune in runes:
        hero.items.append(take(game, rune))
        hero.trophies.append(rune)
    assert game.check_win(hero)
    assert game.state.winner == hero.id and "dragon-rune" in game.state.how


def test_hero_defeat_stands_when_a_trigger_kills_the_enemy_in_the_same_wounds():
    """Found by the soak: Bloodthorn Talisman's trigger wounds the enemy as the Hero falls;
    the Hero's defeat (first) ends the combat: knocked out, not a defeated challenge."""
    game, (hero, _) = make("base", use_ability=["bloodthorn-talisman#0"] + [None] * 20,
                           escape=[False] * 5, phase_action=["defend"] * 6)
    hero.items.append(take(game, "bloodthorn-talisman"))
    hero.wounds = hero.life - 2
    wolves = game.catalog.new_challenge(take(game, "hungry-wolves"))  # melee 2, ranged 0
    wolves.wounds = wolves.life - 1
    game.combat.dice = ScriptedDice([2] * 10)
    result = game.combat.fight(hero, wolves, "normal")
    assert result.outcome == "knocked_out"
    assert game.log.of_type("simultaneous_defeat")
    assert game.log.of_type("trigger")[-1]["source"] == "bloodthorn-talisman"
