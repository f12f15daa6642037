"""The campaign engine (issue 14) on the small fixture campaign of tests/campaign_fixture.py:
the seed's worked examples with scripted decks, one test per numbered rule and reading of
docs/campaign-rules.md (R-numbers, B-readings), whole seeded campaigns with bots and every
invariant checked after every step, and the sheet's load checks."""

from __future__ import annotations

import pytest

from runeforge.engine.campaign.data import CampaignData
from runeforge.engine.campaign.phase.bots import HeuristicBot
from runeforge.engine.campaign.phase.machine import Campaign
from runeforge.engine.campaign.rules import invariants, progress, rewards, shop, trade, travel, xp
from runeforge.engine.campaign.rules.common import CampaignIllegal
from runeforge.engine.campaign.rules.setup import setup
from runeforge.engine.campaign.runners.bot import BotRunner
from runeforge.engine.campaign.runners.campaign import advance, play_campaign, run
from runeforge.engine.campaign.runners.manual import ManualRunner
from runeforge.engine.campaign.sheet.state import (
    SheetError,
    clone,
    dumps,
    load_text,
    new_sheet,
    player,
)
from runeforge.engine.common.decisions import ScriptedPlayer
from tests.campaign_fixture import HEROES, bundle, fake_play


@pytest.fixture(scope="module")
def data():
    return CampaignData(bundle())


def fresh(data, seed=1):
    return new_sheet(data, seed, HEROES, "Ov")


def refused(rule, fn, *args, **kwargs):
    with pytest.raises(CampaignIllegal) as info:
        fn(*args, **kwargs)
    assert info.value.rule == rule, str(info.value)
    assert str(info.value).startswith(rule + ":")
    return info.value


def no_shuffle(monkeypatch):
    """Scripted decks: shuffles keep the order the test wrote."""
    import runeforge.engine.campaign.rules.shop as shop_mod
    import runeforge.engine.campaign.sheet.streams as streams_mod

    monkeypatch.setattr(shop_mod, "shuffle", lambda sheet, stream, cards: cards)
    monkeypatch.setattr(streams_mod, "shuffle", lambda sheet, stream, cards: cards)


def top(deck: list, first: list) -> list:
    """The deck with ``first`` on top, in that order (every other copy below)."""
    rest = list(deck)
    for card_id in first:
        rest.remove(card_id)
    return first + rest


def after(data, results, seed=1, sheet=None):
    """A campaign played by hand (a manual runner with ``results``, heuristic choices) until
    those results are used, stopping at step xp after the last one."""
    game = Campaign(data, sheet or fresh(data, seed), {"heroes": HeuristicBot(),
                                                       "overlord": HeuristicBot()}, debug=True)
    runner = ManualRunner(results)
    while runner.results or game.sheet["step"] != "xp":
        if game.sheet["step"] == "over":
            break
        advance(game, runner)
    return game


# -- the seed's worked examples -------------------------------------------------------------

def test_r29_shop_four_heroes_reveal_five_and_buying_275(data, monkeypatch):
    no_shuffle(monkeypatch)
    sheet = fresh(data)
    sheet.update(step="xp", gold=300)
    sheet["shop"]["deck"] = ["leather-armour", "sling", "iron-battleaxe", "iron-spear",
                             "lucky-charm", "rope", "lantern", "great-hammer", "chain-coat"]
    market = shop.reveal(data, sheet)
    assert market == ["leather-armour", "sling", "iron-battleaxe", "iron-spear", "lucky-charm"]
    spent = shop.buy(data, sheet, [("iron-battleaxe", "Ann"), ("lucky-charm", "Bo"),
                                   ("leather-armour", "Cy")])
    assert spent == 275 and sheet["gold"] == 25
    assert "iron-battleaxe" in player(sheet, "Ann")["items"]
    assert "leather-armour" in player(sheet, "Cy")["items"]
    shop.close(data, sheet)
    assert sheet["shop"]["market"] == []
    assert sheet["shop"]["deck"][-2:] == ["sling", "iron-spear"]  # unbought cards back
    invariants.check(data, sheet)


def test_r29_overdrawing_purchase_refused_and_nothing_applied(data, monkeypatch):
    no_shuffle(monkeypatch)
    sheet = fresh(data)
    sheet.update(step="xp", gold=250)
    sheet["shop"]["deck"] = ["leather-armour", "sling", "iron-battleaxe", "iron-spear",
                             "lucky-charm", "rope", "lantern", "great-hammer", "chain-coat"]
    game = Campaign(data, sheet, debug=True)
    game.apply("reveal", shop.reveal)
    before = clone(game.sheet)
    refused("R28", game.apply, "buy", shop.buy, [("iron-battleaxe", "Ann"),
                                                 ("lucky-charm", "Bo"),
                                                 ("leather-armour", "Cy")])
    assert game.sheet == before  # never half-applied: the axe and charm are not bought either


def test_r45_travel_road_road_two_cards_resolved_and_discarded_in_order(data, monkeypatch):
    no_shuffle(monkeypatch)
    sheet = fresh(data)
    sheet["step"] = "travel"  # the Introduction is at the old mill: road, road from home
    assert travel.route(data, "hearth", "old-mill") == ["road", "road"]
    sheet["travel"]["deck"] = top(sheet["travel"]["deck"], ["event-0", "event-1", "event-2"])
    stops = travel.travel(data, sheet)
    assert [(s["symbol"], s["card"], s["resolved"]) for s in stops] == [
        ("road", "event-0", True), ("road", "event-1", True)]
    assert sheet["travel"]["discard"] == ["event-0", "event-1"]
    assert sheet["gold"] == 25  # event-0's road: +25
    assert all(h["wounds"] == 1 for h in sheet["players"] if h["side"] == "heroes")
    assert len(sheet["overlord"]["hand"]) == 4  # R41: one card per hero
    assert sheet["step"] == "adventure"


def test_r42_b7_card_without_the_symbol_discarded_unresolved(data, monkeypatch):
    no_shuffle(monkeypatch)
    sheet = fresh(data)
    sheet["step"] = "travel"
    sheet["travel"]["deck"] = top(sheet["travel"]["deck"], ["event-2", "event-0", "event-1"])  # event-2 has no road event
    stops = travel.travel(data, sheet)
    assert stops[0] == {"symbol": "road", "card": "event-2", "resolved": False}
    assert stops[1]["card"] == "event-0" and stops[1]["resolved"]
    assert sheet["travel"]["discard"] == ["event-2", "event-0"]
    assert all(not h["conditions"] for h in sheet["players"] if h["side"] == "heroes")


def test_r37_nine_adventure_structure(data):
    game = after(data, [{"winner": "heroes"}, {"winner": "heroes"}, {"winner": "heroes"},
                        {"winner": "overlord"}])
    sheet = game.sheet
    assert [p["act"] for p in sheet["played"]] == ["introduction", "act1", "act1", "act1"]
    assert sheet["act"] == "interlude"
    left = [a["id"] for a in data.of_act("act1") if a["id"] not in
            {p["adventure"] for p in sheet["played"]}]
    assert len(left) == 1  # the fixture has four Act I adventures; the structure plays three
    refused("R37", progress.choose, data, clone(sheet), left[0])  # a fourth Act I adventure
    refused("R35", progress.choose, data, clone(sheet), "second-a-h")  # another act's (R36)
    refused("B11", progress.choose, data, clone(sheet), sheet["played"][1]["adventure"])
    progress.choose(data, sheet, "interlude-h")
    assert sheet["next_adventure"] == "interlude-h"


def test_whole_structure_is_nine_adventures(data):
    game = run(Campaign(data, fresh(data, 3), {"heroes": HeuristicBot(),
                                               "overlord": HeuristicBot()}, debug=True),
               BotRunner(fake_play, bundle()))
    acts = [p["act"] for p in game.sheet["played"]]
    assert acts == ["introduction", "act1", "act1", "act1", "interlude", "act2", "act2", "act2",
                    "finale"]
    assert game.sheet["winner"] == game.sheet["played"][-1]["winner"]  # R60


# -- experience -----------------------------------------------------------------------------

def test_r14_basic_skill_free_and_only_own_class(data):
    sheet = fresh(data)
    assert player(sheet, "Ann")["skills"] == ["warrior-basic"]
    sheet["step"] = "xp"
    player(sheet, "Ann")["xp"] = 3
    refused("R14", xp.buy_skill, data, clone(sheet), "Ann", "mage-one")
    refused("R14", xp.buy_skill, data, clone(sheet), "Ann", "warrior-basic")
    xp.buy_skill(data, sheet, "Ann", "warrior-two")
    assert player(sheet, "Ann")["xp"] == 1


def test_r15_skill_costs_its_xp_and_r12_rest_is_saved(data):
    sheet = fresh(data)
    sheet["step"] = "xp"
    player(sheet, "Ann")["xp"] = 1
    refused("R15", xp.buy_skill, data, clone(sheet), "Ann", "warrior-two")
    xp.buy_skill(data, sheet, "Ann", "warrior-one")
    assert player(sheet, "Ann")["xp"] == 0


def test_r13_xp_is_not_pooled(data):
    sheet = fresh(data)
    sheet["step"] = "xp"
    player(sheet, "Bo")["xp"] = 5  # Ann has 0 and cannot use Bo's
    refused("R15", xp.buy_skill, data, sheet, "Ann", "warrior-one")


def test_r20_tier_prerequisites_and_b4(data):
    sheet = fresh(data)
    sheet["step"] = "xp"
    lord = player(sheet, "Ov")
    lord["xp"] = 20
    refused("R20", xp.buy_overlord_card, data, clone(sheet), "warlord-t2-0")
    xp.buy_overlord_card(data, sheet, "warlord-t1-0")
    xp.buy_overlord_card(data, sheet, "saboteur-t1-0")  # R21: classes may be mixed
    refused("R20", xp.buy_overlord_card, data, clone(sheet), "warlord-t2-0")  # one of two
    xp.buy_overlord_card(data, sheet, "warlord-t1-1")
    refused("R20", xp.buy_overlord_card, data, clone(sheet), "warlord-t3-0")  # two of three
    xp.buy_overlord_card(data, sheet, "warlord-t2-0")  # two tier I warlord cards
    xp.buy_overlord_card(data, sheet, "warlord-t3-0")  # tier I + I + II: three
    assert lord["xp"] == 20 - 1 - 1 - 1 - 2 - 3
    refused("B4", xp.buy_overlord_card, data, clone(sheet), "warlord-t1-0")  # not twice


def test_b4_tier_three_cards_do_not_count_toward_three(data):
    sheet = fresh(data)
    sheet["step"] = "xp"
    player(sheet, "Ov")["xp"] = 20
    sheet["overlord"]["box"].remove("magus-t1-0")
    sheet["overlord"]["box"].remove("magus-t3-0")
    sheet["overlord"]["deck"] += ["magus-t1-0", "magus-t3-0"]
    refused("R20", xp.buy_overlord_card, data, clone(sheet), "magus-t2-0")
    sheet["overlord"]["box"].remove("magus-t2-0")
    sheet["overlord"]["deck"].append("magus-t2-0")
    # I + II + III: the tier III card does not count, so another tier III is not open
    assert xp.prerequisite(data, sheet, data.cards["magus-t1-1"]) is None


def test_r21_universal_always_available_and_r19_cost(data):
    sheet = fresh(data)
    sheet["step"] = "xp"
    refused("R19", xp.buy_overlord_card, data, clone(sheet), "dark-pact")  # 0 XP
    player(sheet, "Ov")["xp"] = 1
    xp.buy_overlord_card(data, sheet, "dark-pact")
    assert sheet["overlord"]["bought"] == ["dark-pact"]
    refused("R17", xp.buy_overlord_card, data, clone(sheet), "basic-0")


# -- selling and trading --------------------------------------------------------------------

@pytest.mark.parametrize("cost,value", [(100, 50), (75, 25), (150, 75), (125, 50), (50, 25),
                                        (25, 0)])
def test_r30_b5_sale_values(data, cost, value):
    assert trade.sale_value(data, {"kind": "shop_item", "cost": cost}) == value


def test_r31_r32_selling_items_equipment_and_relics(data):
    sheet = fresh(data)
    sheet["step"] = "shop"
    ann = player(sheet, "Ann")
    sheet["shop"]["deck"].remove("great-hammer")
    ann["items"].append("great-hammer")
    assert trade.sell(data, sheet, "Ann", "great-hammer") == 75
    assert "great-hammer" in sheet["shop"]["deck"]  # R32: back into the shop deck
    assert trade.sell(data, sheet, "Ann", "warrior-kit") == 25  # R31
    assert "warrior-kit" in sheet["shop"]["box"]
    sheet["relics"].append({"id": "ember-crown", "side": "heroes", "holder": "Ann"})
    refused("R32", trade.sell, data, sheet, "Ann", "ember-crown")
    assert sheet["gold"] == 100
    invariants.check(data, sheet)


def test_r33_r34_trading(data):
    sheet = fresh(data)
    sheet["step"] = "xp"
    sheet["shop"]["deck"].remove("sling")
    player(sheet, "Ann")["items"].append("sling")
    trade.trade(data, sheet, "sling", "Ann", "Bo")
    assert "sling" in player(sheet, "Bo")["items"]
    refused("R34", trade.trade, data, sheet, "warrior-kit", "Ann", "Bo")
    refused("R33", trade.trade, data, sheet, "sling", "Ann", "Bo")  # Ann has it no more
    sheet["step"] = "travel"
    refused("R3", trade.trade, data, sheet, "sling", "Bo", "Ann")  # B9: not during travel


# -- progress ------------------------------------------------------------------------------

def test_r39_act_two_from_act_one_winners_unplayed_counts_for_the_overlord(data):
    sheet = fresh(data)
    sheet["act"] = "act2"
    sheet["played"] = [{"adventure": "first-a", "act": "act1", "winner": "heroes"},
                       {"adventure": "first-b", "act": "act1", "winner": "overlord"},
                       {"adventure": "first-c", "act": "act1", "winner": "heroes"},
                       {"adventure": "interlude-h", "act": "interlude", "winner": "heroes"}]
    # first-d was not played: an overlord win
    assert progress.available(data, sheet) == ["second-a-h", "second-b-o", "second-c-h",
                                               "second-d-o"]
    sheet["step"] = "choose"
    refused("R39", progress.choose, data, clone(sheet), "second-a-o")


@pytest.mark.parametrize("wins,side", [(("heroes", "heroes", "overlord"), "heroes"),
                                       (("heroes", "overlord", "overlord"), "overlord"),
                                       (("heroes", "heroes", "heroes"), "heroes")])
def test_r51_r52_interlude_side(data, wins, side):
    results = [{"winner": "heroes"}] + [{"winner": w} for w in wins]
    sheet = after(data, results).sheet
    assert sheet["interlude_side"] == side
    assert progress.available(data, sheet) == [f"interlude-{side[0]}"]
    other = "interlude-o" if side == "heroes" else "interlude-h"
    refused("R52", progress.choose, data, clone(sheet), other)


@pytest.mark.parametrize("wins,side", [(("heroes", "heroes", "overlord"), "heroes"),
                                       (("overlord", "heroes", "overlord"), "overlord")])
def test_r57_b2_finale_side_by_act_two_played(data, wins, side):
    results = [{"winner": "heroes"}] * 5 + [{"winner": w} for w in wins]
    sheet = after(data, results).sheet
    assert sheet["act"] == "finale" and sheet["finale_side"] == side
    assert progress.available(data, sheet) == [f"finale-{side[0]}"]


def test_r59_r60_finale_winner_wins_and_no_phase_after(data):
    game = after(data, [{"winner": "heroes"}] * 8 + [{"winner": "overlord"}])
    assert game.sheet["step"] == "over" and game.sheet["winner"] == "overlord"
    gold = game.sheet["gold"]
    refused("R60", progress.choose, data, game.sheet, "finale-h")
    assert game.sheet["gold"] == gold


def test_r9_b1_winner_chooses(data):
    sheet = after(data, [{"winner": "overlord"}]).sheet
    assert sheet["chooser"] == "overlord"
    refused("R9", progress.choose, data, clone(sheet), "first-a", "heroes")
    progress.choose(data, sheet, "first-a", "overlord")


def test_b12_phase_after_introduction_with_the_act_one_shop(data):
    sheet = after(data, [{"winner": "heroes"}]).sheet
    assert sheet["step"] == "xp" and sheet["act"] == "act1"
    market = shop.reveal(data, sheet)
    assert len(market) == 5 and all(data.cards[c]["act"] == 1 for c in market)


def test_r3_steps_in_order(data):
    sheet = after(data, [{"winner": "heroes"}]).sheet
    progress.choose(data, sheet, "first-a")
    player(sheet, "Ann")["xp"] = 5
    refused("R3", xp.buy_skill, data, sheet, "Ann", "warrior-one")  # step 4 after step 6
    refused("R3", shop.reveal, data, sheet)
    refused("R3", travel.travel, data, sheet)  # set-up first


def test_r4_b10_r6_search_gold_into_the_purse_and_rewards(data):
    sheet = fresh(data)
    sheet["step"] = "adventure"
    rewards.record(data, sheet, "intro", "heroes", ["gem", "coin-purse", "empty-chest"])
    assert sheet["gold"] == 75 + 100  # R4 + the heroes' reward
    assert [p["xp"] for p in sheet["players"]] == [2, 2, 2, 2, 1]  # R6: everyone 1, winners +1
    assert len(sheet["search"]["deck"]) == 7  # every search card back in its deck
    bad = fresh(data)
    bad["step"] = "adventure"
    refused("R4", rewards.record, data, bad, "intro", "heroes", ["gem", "gem", "gem"])


def test_r5_cleanup(data):
    sheet = fresh(data)
    for h in sheet["players"][:4]:
        h.update(wounds=2, fatigue=1, conditions=["poisoned"])
    lord = sheet["overlord"]
    lord["hand"], lord["deck"] = lord["deck"][:4], lord["deck"][4:]
    sheet["step"] = "adventure"
    rewards.record(data, sheet, "intro", "overlord")
    assert all(h["wounds"] == h["fatigue"] == 0 and not h["conditions"]
               for h in sheet["players"][:4])
    assert len(sheet["overlord"]["deck"]) == 15 and not sheet["overlord"]["hand"]


def test_r23_setup_keeps_fifteen_and_r10_b8_shuffles_bought_in_before_travel(data):
    sheet = fresh(data)
    refused("R23", setup, data, clone(sheet), ["basic-0"])  # 15 - 1 < 15
    sheet["overlord"]["box"].remove("dark-pact")
    sheet["overlord"]["bought"] = ["dark-pact"]
    setup(data, sheet, ["basic-0"])
    assert sheet["overlord"]["set_aside"] == ["basic-0"]
    assert len(sheet["overlord"]["deck"]) == 15 and "dark-pact" in sheet["overlord"]["deck"]
    assert sheet["overlord"]["bought"] == []


def test_r48_r49_relics_on_lieutenants(data):
    sheet = fresh(data)
    sheet["relics"] = [{"id": "ember-crown", "side": "overlord", "holder": None},
                       {"id": "frost-orb", "side": "overlord", "holder": None}]
    refused("R48", setup, data, clone(sheet), (), {"nobody": "ember-crown"})  # intro: none
    sheet["next_adventure"] = "second-a-h"
    refused("R48", setup, data, clone(sheet), (), {"captain-a": "ember-crown",
                                                   "warden": "ember-crown"})
    setup(data, sheet, (), {"captain-a": "ember-crown", "warden": "frost-orb"})
    assert sheet["lieutenants"] == {"captain-a": "ember-crown", "warden": "frost-orb"}
    invariants.check(data, sheet)


def test_r46_relic_reward_and_r55_act_one_cards_leave_after_interlude(data):
    game = after(data, [{"winner": "heroes"}, {"winner": "heroes", "relic_to": "Bo"},
                        {"winner": "heroes"}, {"winner": "heroes"}, {"winner": "heroes"}])
    sheet = game.sheet
    relic = next(r for r in sheet["relics"] if r["side"] == "heroes")
    assert relic == {"id": "ember-crown", "side": "heroes", "holder": "Bo"}
    waiting = sorted(sheet["shop"]["deck"])
    assert waiting and all(data.cards[c]["act"] == 1 for c in waiting)
    market = shop.reveal(data, sheet)
    act1 = sorted(c for c in market if data.cards[c]["act"] == 1)
    assert act1 == waiting  # R55: every Act I card left, revealed at once
    assert len(market) == len(waiting) + 4  # then Act II: heroes + 1, but the deck holds 4
    assert not [c for c in sheet["shop"]["deck"] if data.cards[c]["act"] == 1]
    shop.close(data, sheet)
    assert all(data.cards[c]["act"] == 2 for c in sheet["shop"]["deck"])
    assert set(act1) <= set(sheet["shop"]["box"])
    invariants.check(data, sheet)


def test_r43_choice_made_by_the_heroes_through_the_player(data, monkeypatch):
    no_shuffle(monkeypatch)
    sheet = fresh(data)
    sheet["step"] = "travel"
    sheet["travel"]["deck"] = top(sheet["travel"]["deck"], ["event-3", "event-2", "event-0"])  # road: choice
    heroes = ScriptedPlayer([("travel_choice", 1)])
    game = Campaign(data, sheet, {"heroes": heroes, "overlord": HeuristicBot()}, debug=True)
    stops = game.travel()
    assert stops[0]["effect"]["chosen"] == 1
    assert all(h["fatigue"] == 1 for h in game.sheet["players"] if h["side"] == "heroes")
    assert heroes.remaining == []


def test_r44_travel_wounds_go_into_the_adventure(data, monkeypatch):
    no_shuffle(monkeypatch)
    sheet = fresh(data)
    sheet["step"] = "travel"
    sheet["travel"]["deck"] = top(sheet["travel"]["deck"], ["event-1", "event-0"])
    game = Campaign(data, sheet, debug=True)
    game.travel()
    options = BotRunner(fake_play, bundle()).options(game, data.adventure("intro"))
    assert options["start_wounds"] == {"hero-a": 1, "hero-b": 1, "hero-c": 1, "hero-d": 1}
    assert options["adventure"] == "trial-intro" and options["players"] == 4


# -- whole campaigns ------------------------------------------------------------------------

def test_two_hundred_seeded_campaigns_end_with_a_winner_and_invariants(data):
    winners = set()
    for seed in range(200):
        bots = "random" if seed % 2 else "heuristic"
        heroes = HEROES[: 2 + seed % 3]
        game = play_campaign(data, seed, heroes, "Ov", BotRunner(fake_play, bundle()),
                             bots=bots, debug=True)
        assert game.sheet["winner"] in ("heroes", "overlord")
        assert len(game.sheet["played"]) == 9
        invariants.check(data, game.sheet)
        winners.add(game.sheet["winner"])
    assert winners == {"heroes", "overlord"}


def test_same_seed_same_campaign_and_a_reloaded_sheet_continues_identically(data):
    a = play_campaign(data, 7, HEROES, "Ov", BotRunner(fake_play, bundle()), bots="random")
    b = play_campaign(data, 7, HEROES, "Ov", BotRunner(fake_play, bundle()), bots="random")
    assert a.sheet == b.sheet
    whole = after(data, [{"winner": "heroes"}] * 4)
    for _ in range(3):
        advance(whole, ManualRunner([]))
    half = after(data, [{"winner": "heroes"}] * 4)
    reloaded = Campaign(data, load_text(dumps(half.sheet)), half.players, debug=True)
    for _ in range(3):
        advance(reloaded, ManualRunner([]))
    assert reloaded.sheet == whole.sheet


# -- the sheet -----------------------------------------------------------------------------

def test_sheet_round_trips_and_bad_sheets_are_refused(data):
    sheet = fresh(data)
    assert load_text(dumps(sheet)) == sheet
    text = dumps(sheet)
    with pytest.raises(SheetError) as info:
        load_text(text[: len(text) // 2])
    assert info.value.kind == "json" and "truncated" in str(info.value)
    with pytest.raises(SheetError) as info:
        load_text(text.replace('"version": 1', '"version": 2'))
    assert info.value.kind == "version" and info.value.line > 1
    tampered = clone(sheet)
    tampered["gold"] = -50
    with pytest.raises(SheetError) as info:
        load_text(dumps(tampered))
    assert info.value.kind == "schema" and "gold" in str(info.value)
    extra = clone(sheet)
    extra["overlord"]["deck"].append("warlord-t3-0")  # a copy in two places
    assert any("overlord_card" in p for p in invariants.problems(data, extra))


def test_r56_a_campaign_phase_before_the_finale(data):
    sheet = after(data, [{"winner": "heroes"}] * 8).sheet
    assert sheet["act"] == "finale" and sheet["step"] == "xp"  # steps 4-8 still to come
    assert sheet["finale_side"] == "heroes" and sheet["next_adventure"] is None


def test_b6_r26_act_two_switch_happens_even_when_the_shop_is_skipped(data):
    sheet = after(data, [{"winner": "heroes"}] * 5).sheet
    assert sheet["act"] == "act2" and sheet["shop"]["act2"]
    progress.choose(data, sheet, progress.available(data, sheet)[0])
    assert not sheet["shop"]["act2"]
    assert all(data.cards[c]["act"] == 2 for c in sheet["shop"]["deck"])
    invariants.check(data, sheet)


def test_r55_act_one_item_sold_after_the_interlude_goes_to_the_box(data):
    sheet = after(data, [{"winner": "heroes"}] * 5).sheet
    item = next(c for c in sheet["shop"]["deck"] if data.cards[c]["act"] == 1)
    sheet["shop"]["deck"].remove(item)
    player(sheet, "Ann")["items"].append(item)
    trade.sell(data, sheet, "Ann", item)
    assert item in sheet["shop"]["box"] and item not in sheet["shop"]["deck"]
    invariants.check(data, sheet)


def test_r40_r41_travel_from_home_and_the_overlords_hand(data):
    assert travel.route(data, "hearth", "grey-fen") == ["road", "road", "wild", "water"]
    assert travel.route(data, "hearth", "hearth") == []
    sheet = fresh(data)
    sheet["step"] = "travel"
    deck = len(sheet["overlord"]["deck"])
    travel.travel(data, sheet)
    assert len(sheet["overlord"]["hand"]) == 4 and len(sheet["overlord"]["deck"]) == deck - 4


def test_decisions_go_through_the_player_and_illegal_answers_are_refused(data):
    sheet = after(data, [{"winner": "overlord"}]).sheet
    sheet["step"] = "choose"
    lord = ScriptedPlayer([("choose_adventure", "first-c")])
    game = Campaign(data, clone(sheet), {"heroes": HeuristicBot(), "overlord": lord},
                    debug=True)
    game.choose()
    assert game.sheet["next_adventure"] == "first-c"  # B1: the overlord won and chose
    cheat = ScriptedPlayer([("choose_adventure", "finale-h")])
    game = Campaign(data, clone(sheet), {"heroes": HeuristicBot(), "overlord": cheat})
    before = clone(game.sheet)
    refused("R3", game.choose)
    assert game.sheet == before


def test_random_and_heuristic_bots_both_finish(data):
    for bots in ("random", "heuristic"):
        game = play_campaign(data, 11, HEROES[:3], "Ov", BotRunner(fake_play, bundle()),
                             bots=bots, debug=True)
        assert game.sheet["step"] == "over"
        assert any(e["type"] == "buy_skill" for e in game.log)  # XP was spent


def test_campaign_layers_import_only_downward_and_no_game():
    """data < sheet < rules < phase < runners; nothing of a game (Delve) or the compiler."""
    import ast
    from pathlib import Path

    order = ["data", "sheet", "rules", "phase", "runners"]
    root = Path(__file__).resolve().parents[1] / "engine" / "campaign"
    bad = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).parts
        layer = rel[0] if len(rel) > 1 else path.stem
        if layer not in order:
            continue
        depth = len(rel) - 1  # how many dots reach engine/campaign from this module
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    target = node.module or ""
                    if target.startswith("runeforge") and not target.startswith(
                            "runeforge.engine.common"):
                        bad.append(f"{path.name} imports {target}")
                    continue
                if node.level <= depth:
                    continue  # inside its own subpackage
                target = (node.module or "").split(".")[0] or node.names[0].name
                if target in order and order.index(target) > order.index(layer):
                    bad.append(f"{'/'.join(rel)} imports the higher layer {target}")
    assert not bad, bad


def test_r18_r19_tier_costs_are_the_campaigns_data(data):
    for cls in ("warlord", "saboteur", "magus"):
        for tier in (1, 2, 3):
            card = data.cards[f"{cls}-t{tier}-0"]
            assert xp.overlord_cost(data, card) == data.tier_xp(tier) == tier


def test_r24_r25_one_purse_that_need_not_be_spent(data):
    sheet = fresh(data)
    sheet.update(step="xp", gold=400)
    first, second = shop.reveal(data, sheet)[:2]
    shop.buy(data, sheet, [(first, "Ann")])
    shop.buy(data, sheet, [(second, "Di")])
    costs = data.cards[first]["cost"] + data.cards[second]["cost"]
    assert sheet["gold"] == 400 - costs  # both heroes paid from the one purse
    kept = after(data, [{"winner": "heroes"}]).sheet
    gold = kept["gold"]
    assert gold >= 100  # the reward (and what travel gave or took)
    progress.choose(data, kept, "first-a")  # nothing bought: the gold stays (R25)
    assert kept["gold"] == gold


def test_r27_act_one_shop_until_the_interlude_is_completed(data):
    sheet = after(data, [{"winner": "heroes"}] * 4).sheet  # Act I done, Interlude not played
    assert sheet["act"] == "interlude"
    assert all(data.cards[c]["act"] == 1 for c in shop.reveal(data, sheet))
    assert sheet["shop"]["act2"]  # the Act II cards still wait


# Rules of the notes that the campaign layer does not play, with the reason (every other R
# and B number is named by a test above or in test_campaign_cli/_bridge/_content.py).
NOT_PLAYED = {
    "R1": "an adventure is one call of the game's play (its encounters are the game's)",
}
RULES = ("R1 R3 R4 R5 R6 R9 R10 R12 R13 R14 R15 R17 R18 R19 R20 R21 R23 R24 R25 R26 R27 R28 R29 "
         "R30 R31 R32 R33 R34 R35 R36 R37 R39 R40 R41 R42 R43 R44 R45 R46 R47 R48 R49 R50 R51 "
         "R52 R55 R56 R57 R58 R59 R60 B1 B2 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13").split()


def test_every_rule_of_the_notes_has_a_test_or_a_reason():
    import re
    from pathlib import Path

    here = Path(__file__).resolve()
    text = here.read_text(encoding="utf-8").split("# Rules of the notes")[0]
    for other in ("test_campaign_cli.py", "test_campaign_bridge.py", "test_campaign_content.py",
                  "test_campaign_finale.py"):
        text += (here.parent / other).read_text(encoding="utf-8")
    missing = [r for r in RULES if r not in NOT_PLAYED
               and not re.search(rf"(?i)(^|[^0-9a-z]){r}([^0-9]|$)", text)]
    assert not missing, f"no test names {missing}"


def test_the_rules_map_numbers_exactly_these_rules():
    """docs/campaign-rules.md (the R-numbers in bold) and RULES above are the same list, so the
    map and this check cannot drift apart."""
    import re
    from pathlib import Path

    doc = Path(__file__).resolve().parents[1] / "docs" / "campaign-rules.md"
    bold = set(re.findall(r"\*\*([RB]\d+)\*\*", doc.read_text(encoding="utf-8")))
    assert bold == set(RULES), (sorted(bold - set(RULES)), sorted(set(RULES) - bold))
