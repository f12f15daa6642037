"""The campaign's state carried into a Delve adventure (issue 14 depth, contract 1's options
``hero_abilities``, ``hero_dice``, ``adversary_vigour``, ``lieutenants``): each option changes
a scripted Delve game exactly; the bot runner sends the sheet's state; the heuristic campaign
bot spends gold and XP legally; R8 in the game loop."""

from __future__ import annotations

import dataclasses

import pytest

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.delve.game.carried import Carried
from runeforge.engine.delve.game.engine import DelveGame
from runeforge.engine.delve.game.state import Records
from runeforge.engine.delve.rules.attacks import Figure

GARRICK = "garrick-stoneward"
HEW = {"form": "action", "name": "Hew", "cost": {"need": 4, "escalating": False},
       "effects": [{"op": "attack", "target": "adjacent", "range": "combat", "hit": 4,
                    "damage": 2}]}


@pytest.fixture(scope="module")
def records(bundle):
    return Records.from_bundle(bundle)


class Script(Player):
    def __init__(self, answers):
        self.answers = list(answers)

    def decide(self, decision, engine):
        want = self.answers.pop(0) if self.answers else None
        if want is None:
            return None
        return next(o for o in decision.options
                    if isinstance(o, dict) and all(o.get(k) == v for k, v in want.items()))


def game(records, rolls, answers, options=None, foes=(), rules=None):
    if rules is not None:
        records = dataclasses.replace(records, rules_doc={**records.rules_doc, **rules})
    carried = Carried.from_options(options or {}, [GARRICK])
    g = DelveGame(records, [GARRICK], 1, ScriptedDice(list(rolls)), {GARRICK: Script(answers)},
                  debug=True, carried=carried)
    for adv, cell in foes:
        g.state.spawned += 1
        fid = f"{adv}-{g.state.spawned}"
        g.state.figures.append(Figure(fid, "adversary", cell, records.adversaries[adv]["vigour"]))
        g.state.kinds[fid] = adv
    g.state.round = 1
    return g


def events(g, kind):
    return [r for r in g.log.records if r["type"] == kind]


# ------------------------------------------------------------------ the Delve options
def test_an_items_attack_is_offered_and_played_like_the_heros_own(records):
    plain = game(records, [], [], foes=[("mire-crawler", (0, 0))])
    hero = plain.state.figure(GARRICK)
    from runeforge.engine.delve.rules.costs import HeroTurn
    assert not [o for o in plain.options(hero, HeroTurn(GARRICK, [4])) if o.get("weapon") == "Hew"]
    g = game(records, [4, 1, 1, 1, 5], [{"action": "weapon", "weapon": "Hew"}, None],
             {"hero_abilities": {GARRICK: [HEW]}}, foes=[("mire-crawler", (0, 0))])
    g.hero_turn(g.state.figure(GARRICK))
    (hit,) = events(g, "attack")
    assert (hit["weapon"], hit["die"]) == ("Hew", 4)
    assert hit["results"][0]["roll"] == 5 and hit["results"][0]["wounds"] == 2
    assert g.state.figure("mire-crawler-1").wounds == 2


def test_adversary_vigour_adds_to_every_adversary_placed(records):
    plain = game(records, [], [])
    placed = plain.spawn(plain.state.board.chambers[0], ["gloom-rat", "bone-sentry"])
    assert [plain.state.figure(p["id"]).vigour for p in placed] == [1, 2]
    g = game(records, [], [], {"adversary_vigour": 1})
    placed = g.spawn(g.state.board.chambers[0], ["gloom-rat", "bone-sentry"])
    assert [g.state.figure(p["id"]).vigour for p in placed] == [2, 3]


def test_r48_r50_a_relic_on_a_lieutenant_works_until_it_is_slain(records):
    dice = records.rules.hero_dice
    opts = {"lieutenants": {"rust-golem": {"hero_dice": -1, "adversary_vigour": 2}}}
    g = game(records, [6] * 20, [], opts)
    placed = g.spawn(g.state.board.chambers[0], ["rust-golem"])
    golem = g.state.figure(placed[0]["id"])
    assert golem.vigour == records.adversaries["rust-golem"]["vigour"] + 2
    g.hero_turn(g.state.figure(GARRICK))
    assert len(events(g, "hero_dice")[-1]["faces"]) == dice - 1
    g.state.figures.remove(golem)            # slain: R50, the relic's side is ignored
    g.state.kinds.pop(golem.id)
    g.hero_turn(g.state.figure(GARRICK))
    assert len(events(g, "hero_dice")[-1]["faces"]) == dice


def test_fatigue_costs_a_die_in_the_first_hero_phase_only(records):
    dice = records.rules.hero_dice
    g = game(records, [6] * 20, [], {"hero_dice": {GARRICK: -1}})
    g.hero_turn(g.state.figure(GARRICK))
    g.state.round = 2
    g.hero_turn(g.state.figure(GARRICK))
    assert [len(e["faces"]) for e in events(g, "hero_dice")] == [dice - 1, dice]
    every = game(records, [6] * 20, [], {"hero_dice": {GARRICK: -1}},
                 rules={"carried_dice_phases": 0})
    every.hero_turn(every.state.figure(GARRICK))
    every.state.round = 2
    every.hero_turn(every.state.figure(GARRICK))
    assert [len(e["faces"]) for e in events(every, "hero_dice")] == [dice - 1, dice - 1]


def test_play_validates_and_replays_the_new_options(bundle):
    import jsonschema

    from runeforge.engine.delve.game.play import LOG_OPTIONS, play
    opts = {"adventure": "first-descent", "players": 2, "seed": 3, "bots": "heuristic",
            "heroes": [GARRICK, "sefa-quillmark"], "hero_abilities": {GARRICK: [HEW]},
            "hero_dice": {"sefa-quillmark": -1}, "adversary_vigour": 1,
            "lieutenants": {"rust-golem": {"wounds": 1}}}
    first = play(bundle, opts)
    jsonschema.validate(first["log"][0] | {}, LOG_OPTIONS)
    assert play(bundle, opts)["log"][-1] == first["log"][-1]
    base = {k: opts[k] for k in ("adventure", "players", "seed", "bots", "heroes")}
    assert play(bundle, base)["log"][-1] != first["log"][-1]


# ------------------------------------------------------------------ the campaign's bot runner
@pytest.fixture(scope="module")
def data(bundle):
    from runeforge.engine.campaign.data import CampaignData
    return CampaignData(bundle)


def _sheet(data, players=2):
    from runeforge.engine.campaign.sheet.state import new_sheet
    heroes = [(f"P{i + 1}", h, c) for i, (h, c) in
              enumerate(zip([GARRICK, "sefa-quillmark"], ["warrior", "healer"], strict=True))]
    return new_sheet(data, 5, heroes[:players], "Overlord")


def test_the_bot_runner_sends_the_sheets_state(bundle, data, monkeypatch):
    from runeforge.engine.campaign.phase.machine import Campaign
    from runeforge.engine.campaign.runners.bot import BotRunner
    sent = []
    # the balance by hero count is tested on its own (test_campaign_finale.py); off here
    monkeypatch.setitem(data.doc["adventure"], "by_heroes", {})

    def fake_play(b, options):
        sent.append(options)
        return {"winner": "heroes", "explored": 0, "how": "fake", "rounds": 1}

    sheet = _sheet(data)
    adventure = data.doc["adventures"][0]
    p1, p2 = sheet["players"][0], sheet["players"][1]
    sheet["overlord"]["hand"] = ["pilfered-pack", "pilfered-pack"]   # gold: not in Delve
    plain = BotRunner(fake_play, bundle).options(Campaign(data, sheet), adventure)
    p1["items"].append("bearded-axe")
    p1["wounds"], p1["fatigue"], p1["conditions"] = 1, 1, ["chilled"]
    p2["conditions"] = ["poisoned"]
    sheet["overlord"]["hand"] = ["lurking-menace", "sudden-chill"]   # drawn at travel (R41)
    sheet["lieutenants"] = {"rust-golem": "ferrymans-oar", "fen-witch": "kilnheart-ember"}
    BotRunner(fake_play, bundle)(Campaign(data, sheet), adventure)
    opts = sent[-1]
    axe = data.cards["bearded-axe"]["abilities"]
    assert axe[0]["name"] == "Hew"
    held = [ir for c in p1["items"] + p1["skills"] for ir in data.cards[c].get("abilities", [])]
    assert opts["hero_abilities"][GARRICK] == held and axe[0] in held
    assert axe[0] not in opts["hero_abilities"].get("sefa-quillmark", [])
    assert opts["start_wounds"] == {GARRICK: 1, "sefa-quillmark": 1}     # travel; Poisoned
    # fatigue -1 (original), Chilled -1, the hand's Sudden Chill -1 on every hero
    assert opts["hero_dice"] == {GARRICK: -3, "sefa-quillmark": -1}
    assert opts["adversary_vigour"] == 1                                  # Lurking Menace
    assert opts["lieutenants"] == {"rust-golem": {"adversary_vigour": 2},
                                   "fen-witch": {"wounds": 1}}
    assert {"hero_dice", "lieutenants", "adversary_vigour", "start_wounds"}.isdisjoint(plain)
    assert sent[-1]["hero_abilities"][GARRICK] != plain["hero_abilities"][GARRICK]


# ------------------------------------------------------------------ the heuristic campaign bot
def _campaign(bundle, data, seed, players=3, bots="heuristic", debug=True):
    from runeforge.engine.campaign.runners.bot import BotRunner
    from runeforge.engine.campaign.runners.campaign import play_campaign
    from runeforge.engine.delve.game.play import play
    heroes = [(f"P{i + 1}", h, c) for i, (h, c) in enumerate(zip(
        [c["id"] for c in bundle["cards"] if c.get("game") == "delve" and c["kind"] == "hero"],
        data.doc["classes"], strict=False))][:players]
    sent = []

    def spy(b, options):
        sent.append(options)
        return play(b, options)

    game = play_campaign(data, seed, heroes, "Overlord", BotRunner(spy, bundle, bots),
                         bots=bots, debug=debug)
    game.sent = sent
    return game


def test_the_heuristic_bot_spends_gold_and_xp_legally(bundle, data):
    from runeforge.engine.campaign.phase.bots import item_score
    from runeforge.engine.campaign.rules import xp
    game = _campaign(bundle, data, 7)
    kinds = [e["type"] for e in game.log]
    bought = [e["result"] for e in game.log if e["type"] == "buy"]
    assert bought and sum(bought) > 0 and kinds.count("buy_skill") >= 1
    assert kinds.count("buy_overlord_card") >= 1
    heroes = [p for p in game.sheet["players"] if p["side"] == "heroes"]
    shop = [i for p in heroes for i in p["items"] if data.cards[i]["kind"] == "shop_item"]
    assert shop and all(item_score(data.cards[i]) > 0 for i in shop)   # useful items
    # every tier II/III card it owns had its prerequisites (R20): the rule, on the final deck
    owned = [data.cards[c] for c in xp.owned(game.sheet)]
    for cls in ("warlord", "saboteur", "magus"):
        tiers = [int(c.get("tier", 1)) for c in owned if c.get("class") == cls]
        if 2 in tiers:
            assert tiers.count(1) >= data.rule("overlord", "tier2_needs")
        if 3 in tiers:
            assert tiers.count(1) + tiers.count(2) >= data.rule("overlord", "tier3_needs")


# ------------------------------------------------------------------ R8 in the game loop
class Record(Player):
    def __init__(self):
        self.asked = []

    def decide(self, decision, engine):
        self.asked.append(decision)
        return decision.options[0] if decision.options else None


@pytest.mark.parametrize("on", [True, False])
def test_r8_the_first_action_of_the_game_is_explore_by_the_first_hero(records, on):
    recs = dataclasses.replace(records, rules_doc={**records.rules_doc, "explore_first": on})
    heroes = [GARRICK, "sefa-quillmark"]
    players = {h: Record() for h in heroes}
    g = DelveGame(recs, heroes, 4, ScriptedDice([3] * 200), players, debug=True)
    assert not g.state.board.exits_next_to(g.state.figure(GARRICK).cell)   # at the centre
    g.play_round()
    first = players[GARRICK].asked[0]
    if on:
        assert {o["action"] for o in first.options} == {"explore"}
        assert g.state.explored and g.log.records[[r["type"] for r in g.log.records]
                                                  .index("explore")]["hero"] == GARRICK
        later = players[GARRICK].asked[1]
        assert {o["action"] for o in later.options} != {"explore"}
    else:
        assert {o["action"] for o in first.options} != {"explore"}
    assert {o["action"] for o in players["sefa-quillmark"].asked[0].options} != {"explore"}


def test_seeded_campaigns_with_the_state_carried_in_keep_every_invariant(bundle, data):
    """A few here (the file stays fast); benchmarks/balance_campaign.py plays 200 per hero
    count and benchmarks/soak_campaign.py 2000, with the same checks."""
    from runeforge.engine.campaign.rules.invariants import check
    keys = set()
    for seed, players, bots in ((1, 2, "heuristic"), (2, 4, "heuristic"), (3, 3, "random")):
        game = _campaign(bundle, data, seed, players, bots)
        check(data, game.sheet)
        assert len(game.sheet["played"]) == 9 and game.sheet["winner"] in ("heroes", "overlord")
        assert len(game.sent) == 9 and all(o["hero_abilities"] for o in game.sent)
        keys |= {k for o in game.sent for k in o}
    assert {"hero_abilities", "hero_dice", "adversary_vigour"} <= keys


def test_r47_a_heros_relic_side_is_carried_in_and_played(bundle, data, records):
    """R47: a relic won by the heroes is played with its hero side. Its IR (the bundle's
    ``hero.abilities_ir``) goes to Delve with its holder's items and skills, not to the other
    hero's, and the Saltglass Lantern's trigger heals on an explored chamber (R22)."""
    from runeforge.engine.campaign.runners.carry import carried
    from runeforge.engine.delve.game import heroes

    sheet = _sheet(data)
    lantern = data.cards["saltglass-lantern"]["hero"]["abilities_ir"]
    assert lantern and lantern[0]["event"] == "explored"
    before = carried(data, sheet).get("hero_abilities", {})
    sheet["relics"] = [{"id": "saltglass-lantern", "side": "heroes", "holder": "P1"},
                       {"id": "ferrymans-oar", "side": "overlord", "holder": None}]
    opts = carried(data, sheet)
    assert opts["hero_abilities"][GARRICK] == before.get(GARRICK, []) + lantern
    oar = data.cards["ferrymans-oar"]["hero"]["abilities_ir"]
    assert not [ir for ir in opts["hero_abilities"].get("sefa-quillmark", [])
                if ir in lantern or ir in oar]     # not the other hero's; the overlord's oar

    g = game(records, [], [], {"hero_abilities": {GARRICK: opts["hero_abilities"][GARRICK]}})
    hero = g.state.figure(GARRICK)
    hero.wounds = 2
    heroes.fire(g, hero, "explored")
    assert hero.wounds == 1
    plain = game(records, [], [])
    hero = plain.state.figure(GARRICK)
    hero.wounds = 2
    heroes.fire(plain, hero, "explored")
    assert hero.wounds == 2 - sum(1 for ir in records.heroes[GARRICK].get("abilities", [])
                                  if ir.get("event") == "explored")


def test_r41_the_adventure_gets_the_hand_drawn_at_travel(bundle, data):
    """R41: the hand the overlord drew at travel is the one that acts in the adventure (the
    carry once read the next cards of his deck instead)."""
    seen = []

    class Spy:
        def __init__(self, runner):
            self.runner = runner

        def __call__(self, game, adventure):
            opts = self.runner.options(game, adventure)
            seen.append((list(game.sheet["overlord"]["hand"]), list(game.sheet["overlord"]
                                                                  ["deck"]), opts))
            return self.runner(game, adventure)

    from runeforge.engine.campaign.runners.bot import BotRunner
    from runeforge.engine.campaign.runners.campaign import play_campaign
    from runeforge.engine.delve.game.play import play
    heroes = [("P1", GARRICK, "warrior"), ("P2", "sefa-quillmark", "healer")]
    runner = BotRunner(play, bundle)
    play_campaign(data, 3, heroes, "O", Spy(runner), debug=True)
    per = data.rule("adventure", "hand_per_hero", default=1)
    assert seen and all(len(h) == per * len(heroes) for h, _, _ in seen)
    assert [g["hand"] for g in runner.games] == [h for h, _, _ in seen]
    assert any(h != deck[:len(h)] for h, deck, _ in seen)   # not the next cards of the deck
    chills = [(h, opts) for h, _, opts in seen if "sudden-chill" in h]
    assert chills, "no adventure of this seed had a Sudden Chill in hand: pick another seed"
    for h, opts in chills:  # the hand's -1 die on each hero reaches Delve
        assert all(opts["hero_dice"].get(x, 0) <= -h.count("sudden-chill")
                   for x in (GARRICK, "sefa-quillmark"))


def test_r41_r43_the_hands_sheet_effects_are_played_before_a_bot_adventure(data):
    """Gold, a condition and a choice in the overlord's hand change the sheet once, at the
    adventure's start, the choice made by the heroes together (R43); the condition then acts
    in the adventure like any condition."""
    from runeforge.engine.campaign.phase.machine import Campaign
    from runeforge.engine.campaign.runners.carry import carried
    from runeforge.engine.common.decisions import ScriptedPlayer

    sheet = _sheet(data)
    sheet["step"] = "adventure"
    sheet["next_adventure"] = data.doc["adventures"][0]["id"]
    sheet["gold"] = 100
    for card in ("pilfered-pack", "marsh-fever", "dark-bargain"):   # drawn at travel
        sheet["overlord"]["deck"].remove(card)
        sheet["overlord"]["hand"].append(card)
    heroes = ScriptedPlayer([("hand_choice", 1)])       # Dark Bargain: pay 50 gold
    game = Campaign(data, sheet, {"heroes": heroes}, debug=True)
    before = carried(data, game.sheet)
    played = game.play_hand()
    assert [p["card"] for p in played] == ["pilfered-pack", "marsh-fever", "dark-bargain"]
    assert played[-1]["effect"]["chosen"] == 1 and heroes.remaining == []
    assert game.sheet["gold"] == 100 - 25 - 50
    players = [p for p in game.sheet["players"] if p["side"] == "heroes"]
    assert all(p["conditions"] == ["feverish"] and p["wounds"] == 0 for p in players)
    after = carried(data, game.sheet)
    fever = data.cards["feverish"]["effect"]
    per_fatigue = data.rule("adventure", "dice_per_fatigue", default=-1)
    dice = per_fatigue * fever.get("fatigue", 0) + fever.get("hero_dice", 0)
    assert dice or fever.get("wounds"), "Feverish does nothing in an adventure"
    for p in players:
        for opt, delta in (("start_wounds", fever.get("wounds", 0)), ("hero_dice", dice)):
            assert (after.get(opt, {}).get(p["hero"], 0)
                    - before.get(opt, {}).get(p["hero"], 0)) == delta, (opt, p["hero"])
