"""A sheet checked on its own, without its log (issue 34): everything on it must be something
the rules can produce from a new sheet.

* The adventures played follow the campaign's order: each of the act the campaign was in and
  available then (R35-R39, B11), the Interlude and the Finale of the side the results give
  (R51-R52, R56-R57), and the act, the sides and the winner on the sheet are the ones those
  results give (R60). The step fits the act (R3), the next adventure is available (R9).
* Each relic is a relic of the campaign (R46) and the reward of an adventure its side won.
* The purse and every player's XP are at most what the adventures played can have brought
  (R4, R6, R31, R43): the winners' rewards, every search card at each adventure, the most
  gold and XP a travel event or an overlord card can give at each stop, every starting item
  sold. These are generous bounds: a sheet within them may still be wrong, one beyond them
  cannot come from the rules.

:func:`problems` gives ``(rule, message, path)`` for each; ``path`` is the sheet's key path
(the caller locates it in the file).
"""

from __future__ import annotations

from ..data import CampaignData
from . import progress
from .travel import route


def _most(node, key: str) -> int:
    """The largest positive ``key`` anywhere in an effect (choices included)."""
    if isinstance(node, dict):
        own = node.get(key)
        best = own if isinstance(own, int) and not isinstance(own, bool) and own > 0 else 0
        return max([best] + [_most(v, key) for v in node.values()])
    if isinstance(node, list):
        return max([0] + [_most(v, key) for v in node])
    return 0


def _order(data: CampaignData, sheet: dict) -> list[tuple[str, str, list]]:
    out = []
    mini = {"act": "introduction", "played": [], "interlude_side": None, "finale_side": None,
            "winner": None, "step": "choose"}
    for i, p in enumerate(sheet["played"]):
        path = ["played", i, "adventure"]
        if mini["act"] == "over":
            return out + [("R59", f"{p['adventure']!r} was played after the Finale", path)]
        if p["adventure"] not in progress.available(data, mini):
            rule, why = progress.why_not(data, mini, p["adventure"])
            return out + [(rule, f"played adventure {i + 1}: {why}", path)]
        if p["act"] != data.adventures[p["adventure"]]["act"]:
            return out + [("R35", f"{p['adventure']!r} is recorded in {p['act']}, but it "
                                  f"belongs to {data.adventures[p['adventure']]['act']}",
                           ["played", i, "act"])]
        mini["played"].append(p)
        progress.next_act(data, mini, p["act"])
    for key, rule in (("act", "R37"), ("interlude_side", "R52"), ("finale_side", "R57"),
                      ("winner", "R60")):
        if sheet[key] != mini[key]:
            out.append((rule, f"{key} is {sheet[key]!r}, but the {len(sheet['played'])} "
                              f"adventures played give {mini[key]!r}", [key]))
    if out:
        return out
    over = sheet["act"] == "over"
    if over != (sheet["step"] == "over"):
        out.append(("R3", f"step {sheet['step']!r} does not fit act {sheet['act']!r}",
                    ["step"]))
    elif not sheet["played"] and sheet["step"] not in ("setup", "travel", "adventure"):
        out.append(("R3", f"no adventure was played, so the campaign is at the Introduction's "
                          f"set-up, travel or play, not at step {sheet['step']!r}", ["step"]))
    nxt = sheet["next_adventure"]
    if sheet["step"] in ("setup", "travel", "adventure"):
        if nxt not in progress.available(data, {**mini, "played": sheet["played"]}):
            out.append(("R9", f"the next adventure {nxt!r} is not one the campaign offers "
                              f"now (act {sheet['act']})", ["next_adventure"]))
    elif nxt is not None:
        out.append(("R9", f"step {sheet['step']!r} comes before the next adventure is chosen, "
                          f"but next_adventure is {nxt!r}", ["next_adventure"]))
    return out


def _relics(data: CampaignData, sheet: dict) -> list[tuple[str, str, list]]:
    known = {c["id"] for c in data.kind("relic")}
    won = {}
    for p in sheet["played"]:
        relic = ((data.adventures[p["adventure"]].get("reward") or {}).get(p["winner"])
                 or {}).get("relic")
        if relic:
            won.setdefault(relic, p["winner"])
    out = []
    for i, r in enumerate(sheet["relics"]):
        path = ["relics", i, "id"]
        if r["id"] not in known:
            out.append(("R46", f"{r['id']!r} is not a relic of campaign {data.id!r}", path))
        elif won.get(r["id"]) != r["side"]:
            out.append(("R46", f"relic {r['id']!r} is held by the {r['side']}, but no adventure "
                               "played gave it to them", path))
    return out


def limits(data: CampaignData, sheet: dict) -> tuple[int, dict[str, int]]:
    """The most gold, and the most XP per side, the adventures played can have brought."""
    played = [data.adventures[p["adventure"]] for p in sheet["played"]
              if p["adventure"] in data.adventures]
    events = [c.get("events") for c in data.kind("travel_event")]
    lord_cards = [c.get("effect") for c in data.kind("overlord_card")]
    stops = 0
    for a in played + ([data.adventures[sheet["next_adventure"]]]
                       if sheet["next_adventure"] in data.adventures else []):
        try:
            stops += len(route(data, data.rule("home"), a.get("location")))
        except Exception:  # noqa: BLE001 - a map without the route: the content's error
            stops += 10
    search = sum(int(c.get("gold", 0) or 0) * data.copies(c) for c in data.kind("search_card"))
    gear = sum(data.copies(c) for c in data.kind("starting_equipment"))
    each = int(data.rule("xp_per_adventure", default=1))
    per_hand = int(data.rule("adventure", "hand_per_hero", default=1)) * len(
        [p for p in sheet["players"] if p["side"] == "heroes"])
    gold = int(data.rule("start_gold", default=0) or 0) + gear * int(
        data.rule("sell", "starting_equipment", default=25) or 25)
    xp = {"heroes": 0, "overlord": 0}
    for a in played:
        reward = a.get("reward") or {}
        gold += int((reward.get("heroes") or {}).get("gold", 0) or 0) + search
        for side in xp:
            xp[side] += each + int((reward.get(side) or {}).get("xp", 0) or 0)
        xp["overlord"] += per_hand * _most(lord_cards, "overlord_xp")
        gold += per_hand * _most(lord_cards, "gold")
    gold += stops * _most(events, "gold")
    xp["overlord"] += stops * _most(events, "overlord_xp")
    return gold, xp


def problems(data: CampaignData, sheet: dict) -> list[tuple[str, str, list]]:
    out = _order(data, sheet) + _relics(data, sheet)
    gold, xp = limits(data, sheet)
    if sheet["gold"] > gold:
        out.append(("R6", f"the purse holds {sheet['gold']} gold; the {len(sheet['played'])} "
                          f"adventures played can have brought at most {gold}", ["gold"]))
    for i, p in enumerate(sheet["players"]):
        if p["xp"] > xp[p["side"]]:
            out.append(("R6", f"{p['name']} has {p['xp']} XP; the {len(sheet['played'])} "
                              f"adventures played can have brought at most {xp[p['side']]}",
                        ["players", i, "xp"]))
    return out
