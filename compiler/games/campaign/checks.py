"""Checks of campaign content across cards and documents (codes RF951-RF960), after the
schemas. Every number they compare with is data of the campaign document:

* RF951 the structure totals nine: Introduction, three Act I, Interlude, three Act II, Finale;
* RF952 Act II holds twice as many adventures as Act I, and every Act I adventure names two
  distinct Act II branches (one per winning side);
* RF953 the Interlude and the Finale each exist once per side (heroes, overlord);
* RF954 an overlord card's tier matches its XP cost (``overlord.tier_xp``); tiers only on the
  three upgrade classes; basic cards cost 0 and universal ones ``overlord.universal_xp``;
* RF955 the basic overlord deck (counting copies) holds at least ``overlord.min_deck`` cards;
* RF956 every travel symbol on a route is covered by some travel event;
* RF957 a relic has both sides (hero and overlord);
* RF958 a name that does not exist: trial, location, relic, branch, lieutenant, condition,
  class, map, home or adventure game (a game with trials) (with "did you mean");
* RF959 each hero class has exactly one basic skill, and it costs 0 XP;
* RF960 an adventure or location id used twice.
"""

from __future__ import annotations

from runeforge.diagnostics import Diagnostic, did_you_mean

STRUCTURE = ("introduction", "act1", "act1", "act1", "interlude", "act2", "act2", "act2",
             "finale")
SIDES = ("heroes", "overlord")
UPGRADE = ("warlord", "saboteur", "magus")


def _ref(where, wanted, known, what: str, *keys) -> list[Diagnostic]:
    if wanted in known:
        return []
    return [where.diag("RF958", f"unknown {what} '{wanted}'", *keys,
                       hint=did_you_mean(str(wanted), list(known)) or f"no {what} has that id")]


def _ids(docs) -> dict:
    """{id: document} of documents written one per file or as a list (a list under
    ``trials:`` too: Delve's trial files)."""
    out = {}
    for doc in docs:
        items = doc.data if isinstance(doc.data, list) else [doc.data]
        if isinstance(doc.data, dict) and isinstance(doc.data.get("trials"), list):
            items = doc.data["trials"]
        for item in items:
            if isinstance(item, dict) and isinstance(item.get("id"), str):
                out[item["id"]] = doc
    return out


def walk_effects(effect):
    """Every mapping inside a structured effect (itself and the options of a choice)."""
    if not isinstance(effect, dict):
        return
    yield effect
    for option in effect.get("choice", []) or []:
        yield from walk_effects(option)


def card_effects(card) -> list[tuple[tuple, dict]]:
    """``[(keys, effect)]``: the structured effects of a campaign card and where they are."""
    d = card.data
    if card.kind in ("overlord_card", "condition") and isinstance(d.get("effect"), dict):
        return [(("effect",), d["effect"])]
    if card.kind == "relic" and isinstance(d.get("overlord"), dict):
        return [(("overlord", "effect"), d["overlord"].get("effect"))]
    if card.kind == "travel_event":
        return [(("events", sym, "effect"), ev.get("effect"))
                for sym, ev in (d.get("events") or {}).items() if isinstance(ev, dict)]
    return []


def _structure(doc) -> list[Diagnostic]:
    got = doc.data.get("structure", [])
    if tuple(got) == STRUCTURE:
        return []
    return [doc.diag("RF951", f"the campaign structure has {len(got)} adventures "
                     f"({', '.join(got) or 'none'})", "structure",
                     hint="nine in this order: " + ", ".join(STRUCTURE))]


def _adventures(doc, trials: set, locations: set, relics: set, adversaries: set):
    out: list[Diagnostic] = []
    advs = doc.data.get("adventures", [])
    by_id: dict[str, dict] = {}
    for i, adv in enumerate(advs):
        if adv["id"] in by_id:
            out.append(doc.diag("RF960", f"adventure id '{adv['id']}' is used twice",
                                "adventures", i, "id"))
        by_id.setdefault(adv["id"], adv)
        if trials is not None:
            out += _ref(doc, adv["trial"], trials, "trial", "adventures", i, "trial")
        out += _ref(doc, adv["location"], locations, "map location", "adventures", i,
                    "location")
        for j, lt in enumerate(adv.get("lieutenants", []) or []):
            if adversaries is not None:
                out += _ref(doc, lt, adversaries, "adversary", "adventures", i, "lieutenants", j)
        for side in SIDES:
            relic = ((adv.get("reward") or {}).get(side) or {}).get("relic")
            if relic is not None:
                out += _ref(doc, relic, relics, "relic", "adventures", i, "reward", side,
                            "relic")
    for i, entry in enumerate(doc.data.get("finale_setup", []) or []):  # R58
        if "relic" in entry:
            out += _ref(doc, entry["relic"], relics, "relic", "finale_setup", i, "relic")
        if "adventure" in entry:
            out += _ref(doc, entry["adventure"], by_id, "adventure", "finale_setup", i,
                        "adventure")
    act = {a: [x for x in advs if x["act"] == a] for a in set(STRUCTURE)}
    act2 = {x["id"] for x in act["act2"]}
    if len(act["act2"]) != 2 * len(act["act1"]):
        out.append(doc.diag("RF952", f"Act II has {len(act['act2'])} adventures and Act I "
                            f"{len(act['act1'])}: Act II needs twice as many", "adventures",
                            key=True,
                            hint="each Act I adventure opens one of two Act II adventures"))
    for i, adv in enumerate(advs):
        branches = adv.get("branches")
        if adv["act"] != "act1":
            if branches is not None:
                out.append(doc.diag("RF952", "only Act I adventures have branches",
                                    "adventures", i, "branches", key=True))
            continue
        if branches is None:
            out.append(doc.diag("RF952", f"Act I adventure '{adv['id']}' names no Act II "
                                "branches", "adventures", i, "id",
                                hint="add `branches: {heroes: <act2 id>, overlord: <act2 id>}`"))
            continue
        for side in SIDES:
            target = branches[side]
            if target not in by_id:
                out += _ref(doc, target, act2, "Act II adventure", "adventures", i,
                            "branches", side)
            elif target not in act2:
                out.append(doc.diag("RF952", f"branch '{target}' is not an Act II adventure",
                                    "adventures", i, "branches", side))
        if branches["heroes"] == branches["overlord"]:
            out.append(doc.diag("RF952", "both branches name the same adventure "
                                f"'{branches['heroes']}'", "adventures", i, "branches",
                                "overlord", hint="the two winning sides open two distinct "
                                "Act II adventures"))
    for kind, title in (("interlude", "Interlude"), ("finale", "Finale")):
        sides = [x.get("side") for x in act[kind]]
        for side in SIDES:
            if sides.count(side) != 1:
                out.append(doc.diag("RF953", f"the {title} of the side '{side}' is given "
                                    f"{sides.count(side)} times (once is right)", "adventures",
                                    key=True,
                                    hint=f"two {title} adventures: `side: heroes` and "
                                    "`side: overlord`"))
        for i, adv in enumerate(advs):
            if adv["act"] == kind and adv.get("side") is None:
                out.append(doc.diag("RF953", f"{title} adventure '{adv['id']}' has no side",
                                    "adventures", i, "id", hint="`side: heroes` or "
                                    "`side: overlord`"))
    return out


def _tier_xp(doc) -> dict[int, int]:
    raw = (doc.data.get("overlord") or {}).get("tier_xp") or {}
    out = {}
    for k, v in raw.items():
        try:
            out[int(k)] = v
        except (TypeError, ValueError):
            continue
    return out


def _overlord(doc, cards) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    rules = doc.data.get("overlord") or {}
    tier_xp = _tier_xp(doc)
    for tier in (1, 2, 3):
        if not isinstance(tier_xp.get(tier), int):
            out.append(doc.diag("RF954", f"overlord.tier_xp gives no cost for tier {tier}",
                                "overlord", "tier_xp", hint="tier_xp: {1: 1, 2: 2, 3: 3}"))
    basic = 0
    for card in cards:
        d = card.data
        cls, tier, xp = d["class"], d.get("tier"), d["xp"]
        if cls in UPGRADE:
            if tier is None:
                out.append(card.diag("RF954", f"a {cls} card needs a tier (1-3)", "class"))
            elif isinstance(tier_xp.get(tier), int) and xp != tier_xp[tier]:
                out.append(card.diag("RF954", f"a tier {tier} card costs {tier_xp[tier]} XP, "
                                     f"not {xp}", "xp", hint="the campaign's overlord.tier_xp"))
        elif tier is not None:
            out.append(card.diag("RF954", f"a {cls} card has no tier", "tier",
                                 hint="tiers are for warlord, saboteur and magus cards"))
        elif cls == "basic" and xp != 0:
            out.append(card.diag("RF954", f"a basic card is in the starting deck: it costs 0 "
                                 f"XP, not {xp}", "xp"))
        elif cls == "universal" and "universal_xp" in rules and xp != rules["universal_xp"]:
            out.append(card.diag("RF954", f"a universal card costs {rules['universal_xp']} XP, "
                                 f"not {xp}", "xp", hint="the campaign's overlord.universal_xp"))
        if cls == "basic":
            basic += int(d.get("copies", 1))
    need = rules.get("min_deck", 0)
    if basic < need:
        out.append(doc.diag("RF955", f"the basic overlord deck holds {basic} cards (copies "
                            f"counted); the campaign needs at least {need}", "overlord",
                            "min_deck", hint="add basic overlord cards or copies"))
    return out


def _map(doc, events) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    locs: set[str] = set()
    for i, loc in enumerate(doc.data.get("locations", [])):
        if loc["id"] in locs:
            out.append(doc.diag("RF960", f"location id '{loc['id']}' is used twice",
                                "locations", i, "id"))
        locs.add(loc["id"])
    covered = {sym for card in events for sym in (card.data.get("events") or {})}
    for i, route in enumerate(doc.data.get("routes", [])):
        for end in ("from", "to"):
            out += _ref(doc, route[end], locs, "map location", "routes", i, end)
        for j, sym in enumerate(route["symbols"]):
            if sym not in covered:
                out.append(doc.diag("RF956", f"no travel event has an event for the symbol "
                                    f"'{sym}'", "routes", i, "symbols", j,
                                    hint=did_you_mean(sym, covered)
                                    or "add it under `events:` of some travel event"))
    return out


def _cards(by_kind, conditions: set, classes) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for card in by_kind.get("relic", {}).values():
        for side in SIDES:
            if not isinstance(card.data.get("hero" if side == "heroes" else "overlord"), dict):
                which = "hero" if side == "heroes" else "overlord"
                out.append(card.diag("RF957", f"relic '{card.id}' has no {which} side", "name",
                                     hint=f"add `{which}:` (a relic is double-sided)"))
    for cards in by_kind.values():
        for card in cards.values():
            for keys, effect in card_effects(card):
                for sub in walk_effects(effect):
                    if "condition" in sub:
                        where = (*keys, "condition") if sub is effect else keys
                        out += _ref(card, sub["condition"], conditions, "condition", *where)
    if classes is None:
        return out
    for kind in ("class_skill", "starting_equipment"):
        for card in by_kind.get(kind, {}).values():
            out += _ref(card, card.data["class"], classes, "hero class", "class")
    return out


def _skills(doc, skills) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for k, cls in enumerate(doc.data.get("classes", [])):
        basics = [c for c in skills if c.data["class"] == cls and c.data.get("basic")]
        if len(basics) != 1:
            out.append(doc.diag("RF959", f"the class '{cls}' has {len(basics)} basic skills "
                                "(exactly one is right)", "classes", k,
                                hint="mark one class skill `basic: true`"))
        for card in basics:
            if card.data["xp"] != 0:
                out.append(card.diag("RF959", f"a basic skill is free: xp 0, not "
                                     f"{card.data['xp']}", "xp"))
    return out


def _adventure_game(doc) -> list[Diagnostic]:
    """RF958: ``adventure_game`` names a registered game that has trials to play."""
    from runeforge import games

    wanted = doc.data.get("adventure_game")
    if not isinstance(wanted, str):
        return []
    able = [g.id for g in games.all_games() if "trial" in g.document_kinds]
    return _ref(doc, wanted, able, "adventure game (a game with `trial` documents)",
                "adventure_game")


def check_documents(content, everything=None) -> list[Diagnostic]:
    """Every cross-card problem of the campaign content; ``everything`` (all games' content)
    gives the adventure game's trials and adversaries to check names against."""
    by_kind: dict[str, dict] = {}
    for card in content.cards.values():
        by_kind.setdefault(card.kind, {})[card.id] = card
    whole = everything if everything is not None else content
    trials = set(_ids(whole.documents.get("trial", [])))
    adversaries = {c.id for c in whole.cards.values() if c.kind == "adversary"}
    maps = _ids(content.documents.get("campaign_map", []))
    out: list[Diagnostic] = []
    for doc in content.documents.get("campaign_map", []):
        out += _map(doc, by_kind.get("travel_event", {}).values())
    conditions = set(by_kind.get("condition", {}))
    campaigns = content.documents.get("campaign", [])
    out += _cards(by_kind, conditions, None if not campaigns else
                  {c for doc in campaigns for c in doc.data.get("classes", [])})
    for doc in campaigns:
        out += _structure(doc)
        out += _adventure_game(doc)
        if "map" in doc.data:  # a missing key is the schema's RF203, not a KeyError here
            out += _ref(doc, doc.data["map"], maps, "campaign map", "map")
        locations = set()
        if doc.data.get("map") in maps:
            locations = {loc["id"] for loc in maps[doc.data["map"]].data.get("locations", [])}
            if "home" in doc.data:
                out += _ref(doc, doc.data["home"], locations, "map location", "home")
        out += _adventures(doc, trials, locations, set(by_kind.get("relic", {})), adversaries)
        out += _overlord(doc, list(by_kind.get("overlord_card", {}).values()))
        out += _skills(doc, list(by_kind.get("class_skill", {}).values()))
    return out
