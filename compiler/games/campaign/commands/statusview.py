"""`runeforge campaign status`: the sheet as text for a person or as JSON (issue 14's keys:
act, step, gold, players, available, played, interlude_side, finale_side, winner), for a
role (issue 34): ``overlord`` sees his hand, the cards he set aside, what he owns and can
buy; ``heroes`` see only how many cards he holds where. Nobody sees the order of a deck."""

from __future__ import annotations

ROLES = ("heroes", "overlord")


def status(data, sheet: dict, role: str = "heroes") -> dict:
    from runeforge.engine.campaign.rules import progress, xp

    available = progress.available(data, sheet) if sheet["step"] in ("xp", "shop", "choose") \
        else ([sheet["next_adventure"]] if sheet["next_adventure"] else [])
    players = []
    for p in sheet["players"]:
        row = {"name": p["name"], "side": p["side"], "xp": p["xp"]}
        if p["side"] == "heroes":
            row.update(hero=p["hero"], **{"class": p["class"]}, skills=p["skills"],
                       items=p["items"], wounds=p["wounds"], fatigue=p["fatigue"],
                       conditions=p["conditions"])
            if sheet["step"] == "xp":
                row["can_buy"] = xp.skill_options(data, sheet, p["name"])
        elif (sheet["step"] == "xp" or xp.late(data, sheet)) and role == "overlord":
            row["can_buy"] = xp.overlord_options(data, sheet)
        players.append(row)
    lord = sheet["overlord"]
    return {
        "campaign": sheet["campaign"],
        "act": sheet["act"],
        "step": sheet["step"],
        "gold": sheet["gold"],
        "next_adventure": sheet["next_adventure"],
        "chooser": sheet["chooser"],
        "players": players,
        "available": available,
        "played": [{"adventure": p["adventure"], "act": p["act"], "winner": p["winner"]}
                   for p in sheet["played"]],
        "interlude_side": sheet["interlude_side"],
        "finale_side": sheet["finale_side"],
        "winner": sheet["winner"],
        "market": list(sheet["shop"]["market"]),
        "relics": sheet["relics"],
        "lieutenants": sheet["lieutenants"],
        "role": role,
        "overlord": overlord_view(lord, role),
    }


def overlord_view(lord: dict, role: str) -> dict:
    """The overlord's cards for ``role``: counts for the heroes; for the overlord his hand,
    set-aside and bought cards, and what his deck holds, sorted (its order is nobody's)."""
    counts = {key: len(lord[key]) for key in ("deck", "hand", "set_aside", "discard", "bought")}
    if role != "overlord":
        return counts
    return {**counts, "hand_cards": sorted(lord["hand"]), "set_aside_cards":
            sorted(lord["set_aside"]), "bought_cards": sorted(lord["bought"]),
            "deck_cards": sorted(lord["deck"]), "discard_cards": sorted(lord["discard"])}


def render(data, info: dict, out) -> None:
    name = data.doc.get("name", data.id)
    out.print(f"Campaign: {name} ({info['campaign']})", markup=False)
    out.print(f"Act: {info['act']}   step: {info['step']}   gold: {info['gold']}", markup=False)
    if info["winner"]:
        out.print(f"Winner of the campaign: {info['winner']}", markup=False)
    if info["next_adventure"]:
        out.print(f"Next adventure: {info['next_adventure']}", markup=False)
    if info["step"] in ("xp", "shop", "choose"):
        who = {"overlord": "The overlord chooses"}.get(info["chooser"], "The heroes choose")
        out.print(f"{who} the next adventure from: "
                  + ", ".join(info["available"]), markup=False)
    for key, label in (("interlude_side", "Interlude"), ("finale_side", "Finale")):
        if info[key]:
            out.print(f"{label}: {info[key]}", markup=False)
    lord = info["overlord"]
    for p in info["players"]:  # a block per player: ids are never cut at the terminal's width
        if p["side"] == "heroes":
            out.print(f"{p['name']} (hero {p['hero']}, class {p['class']}): XP {p['xp']}, "
                      f"wounds {p['wounds']}, fatigue {p['fatigue']}", markup=False)
            for key in ("skills", "items", "conditions"):
                out.print(f"  {key}: " + (", ".join(p[key]) or "-"), markup=False)
        else:
            out.print(f"{p['name']} (overlord): XP {p['xp']}, deck {lord['deck']}, hand "
                      f"{lord['hand']}, set aside {lord['set_aside']}", markup=False)
        if p.get("can_buy"):
            out.print("  can buy: " + ", ".join(p["can_buy"]), markup=False)
    if info["role"] == "overlord":  # his eyes only (`--as overlord`)
        for key, label in (("hand_cards", "hand"), ("set_aside_cards", "set aside"),
                           ("bought_cards", "bought, to shuffle in"),
                           ("deck_cards", "deck (sorted)")):
            out.print(f"  {label}: " + (", ".join(lord[key]) or "-"), markup=False)
    if info["market"]:
        costs = [f"{c} ({data.cards[c].get('cost')})" for c in info["market"]]
        out.print("Shop (revealed): " + ", ".join(costs), markup=False)
    if info["relics"]:
        out.print("Relics: " + ", ".join(f"{r['id']} ({r['side']}"
                                         + (f", {r['holder']}" if r["holder"] else "") + ")"
                                         for r in info["relics"]), markup=False)
    if info["played"]:
        out.print("Played: " + ", ".join(f"{p['adventure']} ({p['winner']})"
                                         for p in info["played"]), markup=False)


def render_localised(model: dict, out) -> None:
    """The sheet in one locale (``campaign status --locale``): the printed sheet's model
    (``runeforge.games.campaign.sheetmodel``), so every label and name is the sheet PDF's own."""
    lab = model["labels"]
    none = lab["none"]

    def line(*parts):
        out.print("   ".join(parts), markup=False)

    line(f"{lab['campaign']}: {model['campaign']}")
    line(f"{lab['act']}: {model['act']}", f"{lab['step']}: {model['step']}",
         f"{lab['purse']}: {model['gold']}")
    if model["winner"]:
        line(f"{lab['campaign_winner']}: {model['winner']}")
    if model["next"]:
        line(f"{lab['next']}: {model['next']}")
    available = [a["name"] for a in model["adventures"] if a["available"]]
    if available and not model["next"] and not model["winner"]:   # steps 4-6: to choose
        line(f"{lab['available']}: " + ", ".join(available))
    line(f"{lab['heroes']}:")
    for h in model["heroes"]:   # a block per hero: the names are long in every language
        line(f"  {h['name']}: {h['hero']}, {h['class']}", f"{lab['xp']}: {h['xp']}",
             f"{lab['wounds']}: {h['wounds']}", f"{lab['fatigue']}: {h['fatigue']}")
        for key in ("skills", "items", "relics", "conditions"):
            line(f"    {lab[key]}: " + (", ".join(h[key]) or none))
    lord = model["overlord"]
    line(f"{lab['overlord']}: {lord['name']}", f"{lab['xp']}: {lord['xp']}",
         f"{lab['deck']}: {lord['deck_size']}")
    for head, cards in lord["deck"]:
        line(f"  {head}: " + ", ".join(cards))
    if lord.get("hand"):
        line(f"{lab['hand']}: " + ", ".join(lord["hand"]))
    if lord["set_aside"]:
        line(f"{lab['set_aside']}: " + ", ".join(lord["set_aside"]))
    if lord["lieutenants"]:
        line(f"{lab['lieutenant_relics']}: "
             + ", ".join(f"{lt} ({relic})" for lt, relic in lord["lieutenants"]))
    if lord["stored"]:
        line(f"{lab['stored']}: " + ", ".join(lord["stored"]))
    played = [a for a in model["adventures"] if a["played"]]
    if played:
        line(f"{lab['played']}: " + ", ".join(f"{a['name']} ({lab[a['winner']]})"
                                              for a in played))
