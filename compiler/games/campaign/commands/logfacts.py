"""What a logged command did (issue 34: a log that says what happened), beside its
arguments: the purse's change, each player's XP change, the relics won, the shop cards
revealed, the Interlude's and Finale's side once decided, the travel stops, and the rules
that decided it (numbers of docs/campaign-rules.md). Only what the table sees at once is
here; the overlord's hand is a count (his cards are in the arguments only when he named them:
`campaign log --as heroes` hides those)."""

from __future__ import annotations

RULES = {
    "new": ["R14", "R17"], "record": ["R4", "R5", "R6", "R9"], "xp": ["R12", "R15", "R18"],
    "shop": ["R26", "R28"], "sell": ["R30", "R31", "R32"], "trade": ["R33", "R34"],
    "choose": ["R9", "R35", "R39"], "setup": ["R10", "R23", "R48"],
    "travel": ["R41", "R42", "R45"],
}


def facts(command: str, before: dict, after: dict, result) -> dict:
    out: dict = {"rules": list(RULES.get(command, []))}
    if after["gold"] != before["gold"]:
        out["gold"] = after["gold"] - before["gold"]
    old_xp = {p["name"]: p["xp"] for p in before["players"]}
    xp = {p["name"]: p["xp"] - old_xp.get(p["name"], 0) for p in after["players"]
          if p["xp"] != old_xp.get(p["name"], 0)}
    if xp:
        out["xp"] = xp
    had = {r["id"] for r in before["relics"]}
    won = [{"relic": r["id"], "side": r["side"], "holder": r["holder"]}
           for r in after["relics"] if r["id"] not in had]
    if won:
        out["relics"] = won
        out["rules"].append("R46")
    if after["shop"]["market"] and after["shop"]["market"] != before["shop"]["market"]:
        out["revealed"] = list(after["shop"]["market"])
    for key, rule in (("interlude_side", "R52"), ("finale_side", "R57"), ("winner", "R60")):
        if after[key] != before[key]:
            out[key] = after[key]
            out["rules"].append(rule)
    if after["effects"] != before["effects"]:
        out["effects"] = dict(after["effects"])
    if command == "setup" and after["act"] == "finale":
        # the Finale's set-up (R58): which entries of the history acted, with their effects
        out["finale_setup"] = [dict(e) for e in result or []]
        out["rules"].append("R58")
    if command == "travel":
        out["stops"] = result
        out["hand"] = len(after["overlord"]["hand"])
        if any("chosen" in (s.get("effect") or {}) for s in result):
            out["rules"].append("R43")
    if command == "sell":
        out["value"] = result
    return out
