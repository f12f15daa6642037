"""The campaign's state as an adventure game's play options (contract 1's carried-in keys).

From the sheet, before an adventure (after travel):

* ``hero_abilities``: the IR ``abilities`` of every item (shop items, starting equipment) and
  skill each hero holds, then the hero side of every relic its player holds (R47: the bundle's
  ``hero.abilities_ir``), in that order (cards without abilities add nothing).
* ``start_wounds``: the wounds from travel (R44) plus the ``wounds`` of each condition.
* ``hero_dice``: per hero, ``adventure.dice_per_fatigue`` (campaign document, the project's own
  reading: -1) per fatigue — from travel and from conditions — plus the ``hero_dice`` of its
  conditions, of the travel modifiers (``effects``) and of the overlord's hand.
* the overlord's hand (R41, drawn at travel): its cards' ``adversary_vigour`` and ``hero_dice``
  act in the adventure, and their ``wounds`` / ``fatigue`` on each hero like travel's. What a
  card does to the sheet (gold, overlord XP, a condition) and a card with a choice are played
  on the sheet before a bot-played adventure (``Campaign.play_hand``): a condition then acts
  like any condition, a choice's chosen branch like travel's.
* ``adversary_vigour``: the hand's plus the travel modifier's.
* balance by the number of heroes (original): the campaign document's ``adventure.by_heroes``
  entry for this many heroes adds its ``adversary_vigour`` and, for every hero, its
  ``hero_dice``.
* ``lieutenants``: the overlord side's effect of each relic given to a lieutenant (R48-R49);
  the adventure ignores it once that lieutenant is slain (R50).

Only keys with an effect are sent, so a campaign without any of this plays as before.
"""

from __future__ import annotations

from ..sheet.state import hero_players

LIEUTENANT_KEYS = ("hero_dice", "adversary_vigour", "wounds")


def _vigour(effect: dict) -> int:
    return int(effect.get("adversary_vigour", 0)) + int(effect.get("adventure_vigour", 0))


def by_heroes(data, sheet: dict) -> dict:
    """Balance by the number of heroes (original): the campaign document's
    ``adventure.by_heroes`` entry for this many heroes (``adversary_vigour``, ``hero_dice``
    for every hero), ``{}`` when not named."""
    table = data.rule("adventure", "by_heroes", default=None) or {}
    return dict(table.get(str(len(hero_players(sheet))), {}) or {})


def hand(data, sheet: dict) -> list[str]:
    """R41: the overlord's hand for this adventure, drawn at travel (step 8)."""
    return list(sheet["overlord"]["hand"])


def abilities(data, player: dict, relics=()) -> list[dict]:
    """The IR a hero carries in: its items' and skills' abilities, then the hero side of each
    relic its player holds (``relics``: the sheet's relic entries)."""
    out = []
    for card_id in list(player.get("items", [])) + list(player.get("skills", [])):
        out += [ir for ir in (data.cards.get(card_id) or {}).get("abilities", []) or []
                if isinstance(ir, dict)]
    for relic in relics:
        if relic.get("side") == "heroes" and relic.get("holder") == player.get("name"):
            hero_side = (data.cards.get(relic["id"]) or {}).get("hero") or {}
            out += [ir for ir in hero_side.get("abilities_ir", []) or [] if isinstance(ir, dict)]
    return out


def carried(data, sheet: dict) -> dict:
    """The carried-in play options of the sheet's next adventure."""
    per_fatigue = int(data.rule("adventure", "dice_per_fatigue", default=-1))
    cards = [data.cards[c].get("effect") or {} for c in hand(data, sheet) if c in data.cards]
    flat = [e for e in cards if "choice" not in e]
    travel = sheet.get("effects") or {}
    balance = by_heroes(data, sheet)
    out: dict = {"hero_abilities": {}, "start_wounds": {}, "hero_dice": {}}
    for p in hero_players(sheet):
        conds = [(data.cards.get(c) or {}).get("effect") or {} for c in p.get("conditions", [])]
        every = flat + conds
        wounds = p.get("wounds", 0) + sum(int(e.get("wounds", 0)) for e in every)
        fatigue = p.get("fatigue", 0) + sum(int(e.get("fatigue", 0)) for e in every)
        dice = (per_fatigue * fatigue + int(travel.get("hero_dice", 0))
                + int(balance.get("hero_dice", 0))
                + sum(int(e.get("hero_dice", 0)) for e in every))
        if ab := abilities(data, p, sheet.get("relics") or ()):
            out["hero_abilities"][p["hero"]] = ab
        if wounds > 0:
            out["start_wounds"][p["hero"]] = wounds
        if dice:
            out["hero_dice"][p["hero"]] = dice
    vigour = (_vigour(travel) + sum(_vigour(e) for e in flat)
              + int(balance.get("adversary_vigour", 0)))
    if vigour:
        out["adversary_vigour"] = vigour
    lts = {}
    for lieutenant, relic in sorted((sheet.get("lieutenants") or {}).items()):
        effect = ((data.cards.get(relic) or {}).get("overlord") or {}).get("effect") or {}
        kept = {k: int(v) for k, v in effect.items() if k in LIEUTENANT_KEYS}
        if kept:
            lts[lieutenant] = kept
    if lts:
        out["lieutenants"] = lts
    return {k: v for k, v in out.items() if v}
