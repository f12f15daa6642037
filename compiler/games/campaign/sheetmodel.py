"""What the printable campaign sheet says, apart from how it is drawn: every string of the
sheet in one locale, read from a campaign sheet (the engine's JSON) and the compiled bundle.

Labels are msgids of ``locales/<loc>/LC_MESSAGES/campaign.po`` under the msgctxt family
``campaign.sheet.``; class, overlord-class and tier words are the faces' own
(``campaign.class.*``, ``campaign.overlord.*``). Card, adventure, location and the campaign's
names come from the campaign's catalog like the faces' (``compiler/games/campaign/text.py``), a
Delve hero's from Delve's (``delve.card.name``).
"""

from __future__ import annotations

from runeforge.games.delve.text import name_of as delve_name

from .text import LOCALES, TIERS, name, t, translations

CTX = "campaign.sheet."
LABELS = {
    "title": "Campaign sheet",
    "campaign": "Campaign",
    "act": "Act",
    "step": "Step",
    "purse": "Shared purse (gold)",
    "purse_history": "Purse after each adventure",
    "next": "Next adventure",
    "campaign_winner": "Campaign winner",
    "heroes": "Heroes",
    "player": "Player",
    "hero": "Hero",
    "class": "Class",
    "xp": "Experience points (XP)",
    "skills": "Skills",
    "items": "Items",
    "relics": "Relics",
    "wounds": "Wounds",
    "fatigue": "Fatigue",
    "conditions": "Conditions",
    "overlord": "Overlord",
    "deck": "Overlord deck",
    "set_aside": "Set aside",
    "hand": "Starting hand",
    "lieutenant_relics": "Relics given to lieutenants",
    "lieutenant": "Lieutenant",
    "stored": "Relics in storage",
    "none": "none",
    "adventures": "Adventures of the campaign",
    "no": "No.",
    "part": "Part",
    "adventure": "Adventure",
    "location": "Location",
    "played": "Played",
    "winner": "Winner",
    "available": "Available now",
    "notes": "Notes",
    "by_hand": "Keep this sheet between adventures; the empty lines and boxes are for pencil.",
    "page": "Page",
    "act.introduction": "Introduction",
    "act.act1": "Act I",
    "act.interlude": "Interlude",
    "act.act2": "Act II",
    "act.finale": "Finale",
    "act.over": "Campaign over",
    "step.search": "Search",
    "step.cleanup": "Clean-up",
    "step.rewards": "Rewards",
    "step.xp": "Spend XP",
    "step.shop": "Shop",
    "step.choose": "Choose the next adventure",
    "step.setup": "Set-up",
    "step.travel": "Travel",
    "step.adventure": "Play the adventure",
    "step.over": "Campaign over",
}
OVERLORD_CLASSES = ("basic", "universal", "warlord", "saboteur", "magus")
CHOOSE_STEPS = ("xp", "shop", "choose")


class UnknownLocale(ValueError):
    """The sheet is printed in en, fi, pl, el and ru only."""


def check_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise UnknownLocale(f"unknown locale {locale!r} for the campaign sheet; known: "
                            + ", ".join(LOCALES))
    return locale


def label(key: str, locale: str) -> str:
    english = LABELS[key]
    tr = translations(check_locale(locale))
    return english if tr is None else tr.pgettext(CTX + key, english)


class _Names:
    """Names of the bundle's cards (relics by side), adventures and locations in ``locale``
    (English where a catalog has none)."""

    def __init__(self, bundle: dict, data, locale: str = "en"):
        self.locale = locale
        self.cards = {c["id"]: c for c in bundle.get("cards", []) if isinstance(c, dict)}
        # campaign cards win over another game's card of the same id
        self.cards.update(data.cards)
        self.data = data
        self.places = {p.get("id"): p.get("name", p.get("id"))
                       for p in data.map.get("locations", []) if isinstance(p, dict)}

    def card(self, card_id: str, side: str = "") -> str:
        card = self.cards.get(card_id)
        if card is None:
            return card_id
        english = str(card.get("name", card_id))
        if card.get("kind") == "relic" and side:
            face = card.get("hero" if side == "heroes" else "overlord") or {}
            english = str(face.get("name") or english)
        if card_id in self.data.cards:
            return name("card", english, self.locale)
        return delve_name(english, self.locale)

    def adventure(self, adventure_id: str) -> str:
        english = self.data.adventures.get(adventure_id, {}).get("name")
        return name("adventure", str(english), self.locale) if english else adventure_id

    def place(self, place_id: str) -> str:
        english = self.places.get(place_id)
        return name("location", str(english), self.locale) if english else place_id


def _counted(ids, name) -> list[str]:
    """``["Name ×2", ...]`` for a list of card ids with copies, in name order."""
    counts: dict[str, int] = {}
    for card_id in ids:
        counts[card_id] = counts.get(card_id, 0) + 1
    rows = sorted((name(i), n) for i, n in counts.items())
    return [f"{n} ×{k}" if k > 1 else n for n, k in rows]


def _deck_groups(data, names: _Names, owned, locale: str) -> list[tuple[str, list[str]]]:
    groups: dict[tuple, list[str]] = {}
    for card_id in owned:
        card = data.cards.get(card_id, {})
        cls = card.get("class", "basic")
        tier = int(card.get("tier") or 0)
        order = OVERLORD_CLASSES.index(cls) if cls in OVERLORD_CLASSES else len(OVERLORD_CLASSES)
        groups.setdefault((order, cls, tier), []).append(card_id)
    out = []
    for (_, cls, tier), ids in sorted(groups.items()):
        head = t(f"overlord.{cls}", locale)
        if tier:
            head += f" · {t('label.tier', locale)} {TIERS.get(tier, tier)}"
        out.append((f"{head} ({len(ids)})", _counted(ids, names.card)))
    return out


def _path(data, sheet: dict, names: _Names, available: list[str], locale: str) -> list[dict]:
    """The nine slots of the structure with the adventure played in each (R37)."""
    played: dict[str, list[dict]] = {}
    for entry in sheet["played"]:
        played.setdefault(entry["act"], []).append(entry)
    seen: dict[str, int] = {}
    current_marked = False
    rows = []
    for number, act in enumerate(data.doc.get("structure", []), 1):
        k = seen.get(act, 0)
        seen[act] = k + 1
        entry = (played.get(act) or [])[k] if k < len(played.get(act) or []) else None
        current = (entry is None and not current_marked and act == sheet["act"])
        current_marked = current_marked or current
        rows.append({
            "no": number,
            "part": label(f"act.{act}", locale),
            "adventure": names.adventure(entry["adventure"]) if entry else "",
            "winner": entry["winner"] if entry else None,
            "options": [names.adventure(a) for a in available] if current else [],
            # chosen already (set-up, travel, the adventure itself) or still to choose
            "options_label": "available" if sheet["step"] in CHOOSE_STEPS else "next",
        })
    return rows


def sheet_model(sheet: dict, bundle: dict, locale: str, role: str = "overlord") -> dict:
    """Every string the printed sheet shows, in ``locale``, for ``role``. ``sheet`` is a
    loaded (checked) campaign sheet; its campaign must be in ``bundle`` (a BundleError
    otherwise). The heroes' sheet (``role="heroes"``) names none of the overlord's cards:
    his deck and his set-aside cards are counts (issue 34, R23: set aside in secret)."""
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.rules import progress

    check_locale(locale)
    data = CampaignData(bundle, sheet["campaign"])
    names = _Names(bundle, data, locale)
    if sheet["step"] in CHOOSE_STEPS:
        available = progress.available(data, sheet)
    else:
        available = [sheet["next_adventure"]] if sheet.get("next_adventure") else []
    heroes = []
    for p in sheet["players"]:
        if p["side"] != "heroes":
            continue
        relics = [names.card(r["id"], "heroes") for r in sheet["relics"]
                  if r["side"] == "heroes" and r.get("holder") == p["name"]]
        heroes.append({
            "name": p["name"], "hero": names.card(p["hero"]),
            "class": t(f"class.{p['class']}", locale), "xp": p["xp"],
            "skills": _counted(p["skills"], names.card), "items": _counted(p["items"], names.card),
            "relics": sorted(relics), "wounds": p.get("wounds", 0),
            "fatigue": p.get("fatigue", 0),
            "conditions": _counted(p.get("conditions", []), names.card),
        })
    lord_player = next((p for p in sheet["players"] if p["side"] == "overlord"), {})
    lord = sheet["overlord"]
    owned = list(lord["deck"]) + list(lord["hand"]) + list(lord["discard"]) + list(lord["bought"])
    given = {relic: lt for lt, relic in sheet.get("lieutenants", {}).items()}
    mine = sorted(r["id"] for r in sheet["relics"] if r["side"] == "overlord")
    overlord = {
        "name": lord_player.get("name", ""), "xp": lord_player.get("xp", 0),
        "deck_size": len(owned), "deck": _deck_groups(data, names, owned, locale),
        "hand": _counted(lord["hand"], names.card) if role == "overlord" else [],
        "set_aside": _counted(lord["set_aside"], names.card) if role == "overlord"
        else ([str(len(lord["set_aside"]))] if lord["set_aside"] else []),
        "lieutenants": sorted((names.card(given[r]), names.card(r, "overlord"))
                              for r in mine if r in given),
        "stored": sorted(names.card(r, "overlord") for r in mine if r not in given),
    }
    if role != "overlord":
        overlord["deck"] = []
    played = {p["adventure"]: p["winner"] for p in sheet["played"]}
    adventures = [{
        "part": label(f"act.{a['act']}", locale)
        + (f" · {label(a['side'], locale)}" if a.get("side") else ""),
        "name": names.adventure(a["id"]), "location": names.place(a.get("location", "")),
        "played": a["id"] in played, "winner": played.get(a["id"]),
        "available": a["id"] in available,
    } for a in data.doc.get("adventures", [])]
    act_key = sheet["act"] if f"act.{sheet['act']}" in LABELS else "over"
    winner = sheet.get("winner")
    return {
        "role": role,
        "locale": locale,
        "labels": {key: label(key, locale) for key in LABELS},
        "campaign": name("campaign", str(data.doc.get("name", data.id)), locale),
        "act": label(f"act.{act_key}", locale),
        "step": label(f"step.{sheet['step']}", locale) if f"step.{sheet['step']}" in LABELS
        else sheet["step"],
        "gold": int(sheet["gold"]),
        "next": names.adventure(sheet["next_adventure"]) if sheet.get("next_adventure") else "",
        "winner": label(winner, locale) if winner else "",
        "heroes": heroes,
        "overlord": overlord,
        "path": _path(data, sheet, names, available, locale),
        "adventures": adventures,
    }


def strings(model: dict) -> list[str]:
    """Every string of a model (for the glyph check)."""
    out: list[str] = []

    def walk(node):
        if isinstance(node, str):
            out.append(node)
        elif isinstance(node, dict):
            for value in node.values():
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)

    walk(model)
    return out
