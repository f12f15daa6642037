"""R58: the Finale's set-up from the campaign's history (issue 34), on the fixture campaign
with a ``finale_setup``: a relic's holder and an adventure's winner change the Finale's
modifiers (carried into the adventure like travel's), an Act I adventure not played counts
as an overlord win, no other set-up is touched, and an unknown id in ``finale_setup`` is
RF958."""

from __future__ import annotations

import pytest

from runeforge.engine.campaign.data import CampaignData
from runeforge.engine.campaign.rules import finale, progress
from runeforge.engine.campaign.rules.setup import setup
from runeforge.engine.campaign.sheet.state import clone
from tests.campaign_fixture import bundle
from tests.test_campaign_engine import after

SETUP = [
    {"relic": "ember-crown", "side": "heroes", "effect": {"hero_dice": 1}},
    {"relic": "ember-crown", "side": "overlord", "effect": {"adventure_vigour": 1}},
    {"adventure": "first-d", "side": "overlord", "effect": {"adventure_vigour": 2}},
    {"adventure": "first-a", "side": "heroes", "effect": {"hero_dice": 1}},
]


@pytest.fixture(scope="module")
def data():
    b = bundle()
    b["documents"]["campaign"][0]["finale_setup"] = SETUP
    return CampaignData(b)


def at_finale(data, winner):
    """Eight adventures won by ``winner``; the Finale chosen (step setup)."""
    game = after(data, [{"winner": winner}] * 8)
    sheet = game.sheet
    assert sheet["act"] == "finale"
    progress.choose(data, sheet, progress.available(data, sheet)[0])
    return sheet


def test_r58_the_finale_is_set_up_from_the_campaigns_history(data):
    sheet = at_finale(data, "heroes")
    played = {p["adventure"] for p in sheet["played"]}
    assert "first-d" not in played  # three of the four Act I adventures are played
    holder = {r["id"]: r["side"] for r in sheet["relics"]}
    assert holder.get("ember-crown") == "heroes"
    acting = finale.acting(data, sheet)
    # the heroes hold the crown; first-d, never played, counts as the overlord's win (R58)
    assert SETUP[0] in acting and SETUP[2] in acting and SETUP[1] not in acting
    assert (SETUP[3] in acting) == any(p["adventure"] == "first-a" for p in sheet["played"])
    before = dict(sheet["effects"])
    setup(data, sheet)
    dice = 1 + (1 if SETUP[3] in acting else 0)
    assert sheet["effects"]["hero_dice"] == before["hero_dice"] + dice
    assert sheet["effects"]["adventure_vigour"] == before["adventure_vigour"] + 2


def test_r58_nothing_but_the_finale_is_set_up_so(data):
    game = after(data, [{"winner": "overlord"}] * 2)
    sheet = game.sheet
    progress.choose(data, sheet, progress.available(data, sheet)[0])
    work = clone(sheet)
    setup(data, work)
    assert work["effects"] == sheet["effects"]


def test_r58_an_unknown_id_in_finale_setup_is_rf958():
    from runeforge.games.campaign.checks import _adventures

    class Doc:
        def __init__(self, data):
            self.data = data

        def diag(self, code, message, *keys, **kw):
            return (code, message, keys)

    camp = bundle()["documents"]["campaign"][0]
    camp["finale_setup"] = [{"relic": "ember-crwn", "side": "heroes",
                             "effect": {"hero_dice": 1}},
                            {"adventure": "first-z", "side": "heroes",
                             "effect": {"hero_dice": 1}}]
    found = _adventures(Doc(camp), None, {a["location"] for a in camp["adventures"]},
                        {"ember-crown", "frost-orb"}, None)
    assert ("RF958", "unknown relic 'ember-crwn'", ("finale_setup", 0, "relic")) in found
    assert ("RF958", "unknown adventure 'first-z'", ("finale_setup", 1, "adventure")) in found


def test_a_bot_campaigns_log_names_what_was_done(data):
    """Issue 34: each action of a bot campaign's log names its skill, card, adventure or
    relic, not only the kind of action."""
    from runeforge.engine.campaign.runners.bot import BotRunner
    from runeforge.engine.campaign.runners.campaign import play_campaign
    from tests.campaign_fixture import HEROES, fake_play

    b = bundle()
    runner = BotRunner(fake_play, b, "heuristic")
    result = play_campaign(CampaignData(b), 3, HEROES[:3], "Ov", runner, bots="heuristic")
    kinds = {}
    for entry in result.log:
        kinds.setdefault(entry["type"], []).append(entry["args"])
    assert all(len(a) == 2 and a[1] in data.cards for a in kinds["buy_skill"])
    assert all(a[0] in data.cards for a in kinds["buy_overlord_card"])
    assert all(a[0] in data.adventures for a in kinds["choose"] + kinds["record"])
    assert all(a[0][0][0] in data.cards for a in kinds["buy"])


def test_r59_overlord_xp_gained_on_the_way_to_the_finale_can_be_spent():
    """R59 (original reading, ``overlord.late_xp``): after travel to the Finale the overlord
    spends the XP he gained on the way; the card goes into his deck, shuffled (set-up is
    over). Heroes cannot, and without ``late_xp`` neither can he (R3)."""
    from runeforge.engine.campaign.rules import travel, xp
    from runeforge.engine.campaign.rules.common import CampaignIllegal
    from runeforge.engine.campaign.sheet.state import overlord_player

    b = bundle()
    b["documents"]["campaign"][0]["overlord"]["late_xp"] = True
    late = CampaignData(b)
    sheet = at_finale(late, "heroes")
    setup(late, sheet)
    travel.travel(late, sheet, lambda options: 0)
    assert sheet["step"] == "adventure" and xp.late(late, sheet)
    overlord_player(sheet)["xp"] = 3  # say, from a travel event on the way (R59)
    options = xp.overlord_options(late, sheet)
    assert options
    deck = len(sheet["overlord"]["deck"])
    xp.buy_overlord_card(late, sheet, options[0])
    assert options[0] in sheet["overlord"]["deck"] and len(sheet["overlord"]["deck"]) == deck + 1
    assert overlord_player(sheet)["xp"] < 3 and options[0] not in sheet["overlord"]["bought"]
    hero = next(p for p in sheet["players"] if p["side"] == "heroes")
    hero["xp"] = 9
    with pytest.raises(CampaignIllegal, match="R3"):
        xp.buy_skill(late, sheet, hero["name"], "any-skill")
    plain = at_finale(CampaignData(bundle()), "heroes")  # the fixture has no late_xp
    setup(CampaignData(bundle()), plain)
    travel.travel(CampaignData(bundle()), plain, lambda options: 0)
    overlord_player(plain)["xp"] = 3
    with pytest.raises(CampaignIllegal, match="R3"):
        xp.buy_overlord_card(CampaignData(bundle()), plain, options[0])


def test_balance_by_the_number_of_heroes_is_carried_into_every_adventure():
    """adventure.by_heroes (original): the entry for this many heroes adds its
    adversary_vigour and, for every hero, its hero_dice; another count gets nothing."""
    from runeforge.engine.campaign.runners.carry import carried
    from runeforge.engine.campaign.sheet.state import new_sheet
    from tests.campaign_fixture import HEROES

    b = bundle()
    b["documents"]["campaign"][0].setdefault("adventure", {})["by_heroes"] = {
        "2": {"adversary_vigour": -2, "hero_dice": 1}, "4": {"adversary_vigour": 1}}
    tuned, plain = CampaignData(b), CampaignData(bundle())
    two = new_sheet(tuned, 5, HEROES[:2], "Zed")
    out, before = carried(tuned, two), carried(plain, two)
    assert out.get("adversary_vigour", 0) == before.get("adversary_vigour", 0) - 2
    for hero in ("hero-a", "hero-b"):
        assert out["hero_dice"][hero] == before.get("hero_dice", {}).get(hero, 0) + 1
    three = new_sheet(tuned, 5, HEROES[:3], "Zed")
    assert carried(tuned, three) == carried(plain, three)
    four = new_sheet(tuned, 5, HEROES[:4], "Zed")
    assert carried(tuned, four).get("adversary_vigour", 0) == \
        carried(plain, four).get("adversary_vigour", 0) + 1
