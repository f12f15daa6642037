"""A small campaign as bundle records (plain dicts shaped like contract 2's records), for the
campaign engine's tests: four hero classes, a shop whose first five cards are the seed's R29
example, a basic overlord deck of 15, three upgrade classes in three tiers, four Act I
adventures (one more than the structure plays, so R37 and R39's unplayed adventure can be
tested), eight Act II branches, two Interludes, two Finales."""

from __future__ import annotations

import copy

CLASSES = ("warrior", "healer", "mage", "scout")


def card(kind, id, **fields):
    return {"id": id, "kind": kind, "game": "campaign", "origin": "original",
            "name": id.replace("-", " ").title(), **fields}


def cards() -> list[dict]:
    out = []
    for cls in CLASSES:
        out.append(card("class_skill", f"{cls}-basic", **{"class": cls, "xp": 0, "basic": True}))
        out.append(card("class_skill", f"{cls}-one", **{"class": cls, "xp": 1, "basic": False}))
        out.append(card("class_skill", f"{cls}-two", **{"class": cls, "xp": 2, "basic": False}))
        out.append(card("starting_equipment", f"{cls}-kit", **{"class": cls}))
    act1 = {"leather-armour": 75, "sling": 50, "iron-battleaxe": 100, "iron-spear": 100,
            "lucky-charm": 100, "rope": 25, "lantern": 50, "great-hammer": 150,
            "chain-coat": 125}
    for i, (name, cost) in enumerate(act1.items()):
        out.append(card("shop_item", name, cost=cost, act=1, order=i))
    for name, cost in {"star-blade": 200, "ward-cloak": 150, "moon-bow": 175,
                       "sun-shield": 125}.items():
        out.append(card("shop_item", name, cost=cost, act=2))
    out.append(card("search_card", "coin-purse", gold=25, copies=3))
    out.append(card("search_card", "gem", gold=50, copies=2))
    out.append(card("search_card", "empty-chest", gold=0, copies=2))
    for i in range(5):
        out.append(card("overlord_card", f"basic-{i}", copies=3, effect={"adventure_vigour": 1},
                        **{"class": "basic"}))
    for cls in ("warlord", "saboteur", "magus"):
        for tier, n in ((1, 3), (2, 2), (3, 1)):
            for i in range(n):
                out.append(card("overlord_card", f"{cls}-t{tier}-{i}", tier=tier, xp=tier,
                                effect={"adventure_vigour": tier}, **{"class": cls}))
    out.append(card("overlord_card", "dark-pact", xp=1, effect={"hero_dice": -1},
                    **{"class": "universal"}))
    for name in ("ember-crown", "frost-orb"):
        out.append(card("relic", name, hero={"name": f"{name} (hero)", "abilities": []},
                        overlord={"name": f"{name} (overlord)", "effect": {}}))
    out.append(card("condition", "poisoned", effect={"wounds": 1}))
    events = [
        {"road": {"gold": 25}},
        {"road": {"wounds": 1}, "wild": {"fatigue": 1}},
        {"wild": {"condition": "poisoned"}},
        {"road": {"choice": [{"gold": -25}, {"fatigue": 1}]}, "water": {"gold": -50}},
        {"water": {"overlord_xp": 1}, "wild": {"gold": 50}},
        {"road": {"hero_dice": 1}, "water": {"adventure_vigour": 1}},
    ]
    for i, ev in enumerate(events):
        out.append(card("travel_event", f"event-{i}",
                        events={symbol: {"effect": e} for symbol, e in ev.items()}))
    return out


def adventure(id, act, location, **extra):
    reward = {"heroes": {"gold": 100, "xp": 1}, "overlord": {"xp": 1}}
    return {"id": id, "name": id.title(), "act": act, "trial": f"trial-{id}",
            "location": location, "reward": reward, **extra}


def documents() -> dict:
    advs = [adventure("intro", "introduction", "old-mill")]
    for i, a in enumerate("abcd"):
        advs.append(adventure(f"first-{a}", "act1", ["old-mill", "grey-fen", "far-keep",
                                                      "old-mill"][i],
                              branches={"heroes": f"second-{a}-h", "overlord": f"second-{a}-o"},
                              lieutenants=[f"captain-{a}"]))
    for a in "abcd":
        for s in "ho":
            advs.append(adventure(f"second-{a}-{s}", "act2", "far-keep",
                                  lieutenants=[f"captain-{a}", "warden"]))
    advs.append(adventure("interlude-h", "interlude", "grey-fen", side="heroes"))
    advs.append(adventure("interlude-o", "interlude", "grey-fen", side="overlord",
                          lieutenants=["warden"]))
    advs.append(adventure("finale-h", "finale", "far-keep", side="heroes"))
    advs.append(adventure("finale-o", "finale", "far-keep", side="overlord"))
    advs[1]["reward"]["heroes"]["relic"] = "ember-crown"
    advs[1]["reward"]["overlord"]["relic"] = "ember-crown"
    advs[2]["reward"]["overlord"]["relic"] = "frost-orb"
    advs[2]["reward"]["heroes"]["relic"] = "frost-orb"
    camp = {
        "kind": "campaign", "id": "test-campaign", "name": "Test", "origin": "original",
        "game": "campaign", "adventure_game": "delve",
        "structure": ["introduction", "act1", "act1", "act1", "interlude", "act2", "act2",
                      "act2", "finale"],
        "classes": list(CLASSES), "chooser": "winner", "xp_per_adventure": 1, "start_gold": 0,
        "shop": {"extra_cards": 1},
        "sell": {"fraction": "1/2", "round_down_to": 25, "starting_equipment": 25},
        "overlord": {"min_deck": 15, "tier_xp": {1: 1, 2: 2, 3: 3}, "tier2_needs": 2,
                     "tier3_needs": 3, "buy_twice": False, "universal_xp": 1},
        "search": {"per_explored_chamber": 1},
        "home": "hearth", "map": "test-map", "adventures": advs,
    }
    cmap = {"kind": "campaign_map", "id": "test-map", "name": "Map", "origin": "original",
            "game": "campaign",
            "locations": [{"id": x, "name": x} for x in ("hearth", "old-mill", "grey-fen",
                                                         "far-keep")],
            "routes": [{"from": "hearth", "to": "old-mill", "symbols": ["road", "road"]},
                       {"from": "old-mill", "to": "grey-fen", "symbols": ["wild", "water"]},
                       {"from": "hearth", "to": "far-keep",
                        "symbols": ["road", "wild", "wild", "water"]}]}
    return {"campaign": [camp], "campaign_map": [cmap]}


def bundle() -> dict:
    return copy.deepcopy({"format": "runeforge-bundle", "cards": cards(),
                          "documents": documents()})


HEROES = [("Ann", "hero-a", "warrior"), ("Bo", "hero-b", "healer"), ("Cy", "hero-c", "mage"),
          ("Di", "hero-d", "scout")]


def fake_play(bundle, options):
    """A stand-in for an adventure game's ``play``: a seeded coin for the winner."""
    import random

    rng = random.Random(f"{options['adventure']}/{options['seed']}")
    return {"winner": rng.choice(["heroes", "adversaries"]), "how": "fake", "rounds": 1,
            "log": [], "explored": rng.randrange(0, 5), "slain": 0}
