"""The campaign's text in every locale: abilities through Delve's renderer (they are Delve
dialect), structured effects from the templates below, face labels.

The English templates are the msgids of ``locales/<loc>/LC_MESSAGES/campaign.po``; every
context starts with ``campaign.`` (the game's msgctxt family). A tuple is (singular, plural)
for a count ``{n}``. Names of the content are translated under ``NAME_CONTEXTS``; action names and the condition
names printed in effect text are translated under ``campaign.action`` and
``campaign.condition`` (``NAMED``: the names the bundled content gives).
"""

from __future__ import annotations

import dataclasses

from babel.support import Translations

from runeforge.diagnostics import Diagnostic
from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.parser import parse_ability
from runeforge.games.delve.text import render_ability
from runeforge.l10n import gamecatalog

from .abilities import ability_keys

DOMAIN = "campaign"
CTX = "campaign."
LOCALES = ("en", "fi", "pl", "el", "ru")
# the order in which the parts of one effect mapping are read
EFFECT_KEYS = ("gold", "wounds", "fatigue", "condition", "overlord_xp", "adversary_vigour",
               "hero_dice", "choice")

TEMPLATES = {
    "effect.gold.gain": ("The heroes gain {n} gold.", "The heroes gain {n} gold."),
    "effect.gold.lose": ("The heroes lose {n} gold.", "The heroes lose {n} gold."),
    "effect.wounds": ("Each hero suffers {n} wound.", "Each hero suffers {n} wounds."),
    "effect.fatigue": ("Each hero suffers {n} fatigue.", "Each hero suffers {n} fatigue."),
    "effect.condition": "Each hero gains the condition {name}.",
    "effect.overlord_xp.gain": ("The overlord gains {n} XP.", "The overlord gains {n} XP."),
    "effect.overlord_xp.lose": ("The overlord loses {n} XP.", "The overlord loses {n} XP."),
    "effect.adversary_vigour.gain": "Adversaries have +{n} Vigour in this adventure.",
    "effect.adversary_vigour.lose": "Adversaries have -{n} Vigour in this adventure.",
    "effect.hero_dice.gain": ("Each hero rolls {n} more hero die in this adventure.",
                              "Each hero rolls {n} more hero dice in this adventure."),
    "effect.hero_dice.lose": ("Each hero rolls {n} fewer hero die in this adventure.",
                              "Each hero rolls {n} fewer hero dice in this adventure."),
    "effect.choice": "The heroes choose together: {options}",
    "effect.option": "({number}) {text}",
    "effect.or": "{first} Or {next}",  # the first option ends its sentence
    # words printed on faces
    "label.game": "Campaign",
    "label.kind.shop_item": "Shop item",
    "label.kind.starting_equipment": "Starting equipment",
    "label.kind.search_card": "Search card",
    "label.kind.class_skill": "Class skill",
    "label.kind.overlord_card": "Overlord card",
    "label.kind.relic": "Relic",
    "label.kind.travel_event": "Travel event",
    "label.kind.condition": "Condition",
    "label.price": "Price",
    "label.gold": "gold",
    "label.act": "Act",
    "label.xp": "XP",
    "label.tier": "Tier",
    "label.basic": "basic skill",
    "label.hero_side": "Hero side",
    "label.overlord_side": "Overlord side",
    "label.no_event": "no event",
    "label.print_note": "Campaign proxy: print at 100 %.",
    "class.warrior": "Warrior",
    "class.healer": "Healer",
    "class.mage": "Mage",
    "class.scout": "Scout",
    "overlord.basic": "Basic",
    "overlord.universal": "Universal",
    "overlord.warlord": "Warlord",
    "overlord.saboteur": "Saboteur",
    "overlord.magus": "Magus",
    "symbol.road": "Road",
    "symbol.wild": "Wild",
    "symbol.water": "Water",
}
TIERS = {1: "I", 2: "II", 3: "III"}
# names of the bundled content translated in the catalogs: msgctxt suffix -> English names
NAMED = {
    "action": ("Swing", "Mend", "Spark", "Snap Shot", "Row", "Kindle", "Hew", "Loose", "Brace",
               "Lamplight", "Poultice", "Volley", "Crush", "Hurl", "Bearings", "Sweep",
               "Charge", "Tend", "Censer", "Dawnsong", "Ember Bolt", "Lattice", "Stormcall",
               "Pathfinder", "Hidden Blade"),
    "condition": ("Chilled", "Feverish", "Poisoned"),
}


def _catalog_path(locale: str):
    return gamecatalog.catalog_path(DOMAIN, locale)


def translations(locale: str) -> Translations | None:
    """The compiled campaign catalog of ``locale`` (None for English and the pseudo-locale)."""
    return gamecatalog.translations(DOMAIN, locale)


def t(key: str, locale: str, count: int | None = None) -> str:
    """The template ``key`` in ``locale`` (a key without a template is returned as it is:
    an id such as a travel symbol the content added)."""
    text = TEMPLATES.get(key)
    if text is None:
        return key.rpartition(".")[2]
    tr = translations(locale)
    if isinstance(text, tuple):
        if tr is None:
            return text[0] if count == 1 else text[1]
        return tr.npgettext(CTX + key, text[0], text[1], count)
    return text if tr is None else tr.pgettext(CTX + key, text)


def content_name(kind: str, name: str, locale: str) -> str:
    """The name of an action (``kind="action"``) or a condition in ``locale``: translated
    under ``campaign.action`` / ``campaign.condition`` (the names the content gives)."""
    tr = translations(locale)
    return name if tr is None else tr.pgettext(f"{CTX}{kind}", name)


# names of campaign content (cards, a relic's two sides, the campaign, its adventures, its map
# and the map's locations): msgids are the English of the content, under these contexts
NAME_CONTEXTS = {"card": CTX + "card.name", "campaign": CTX + "campaign.name",
                 "adventure": CTX + "adventure.name", "map": CTX + "map.name",
                 "location": CTX + "location.name"}


def name(what: str, english: str, locale: str) -> str:
    """A name of campaign content (``what``: a key of NAME_CONTEXTS) in ``locale``; English
    where the catalog has none."""
    tr = translations(locale)
    if tr is None or not isinstance(english, str) or not english:
        return english
    return tr.pgettext(NAME_CONTEXTS[what], english)


def card_name(card, locale: str) -> str:
    """A campaign card's name in ``locale`` (TextStyle.name: also what ``runeforge text``
    prints)."""
    return name("card", card.name, locale)


def name_messages(content) -> list[tuple[str, str, str, str, int]]:
    """``(msgctxt, English, id, file, line)`` of every name of campaign content the catalogs
    translate, once each, in content order (the catalogs' source list)."""
    out, seen = [], set()

    def add(what, english, ident, located, *keys):
        if isinstance(english, str) and english and (what, english) not in seen:
            seen.add((what, english))
            out.append((NAME_CONTEXTS[what], english, str(ident), str(located.path),
                        located.pos(*keys)[0]))

    for card in content.cards.values():
        if card.game != "campaign":
            continue
        add("card", card.name, card.id, card, "name")
        for side in ("hero", "overlord"):
            if isinstance(card.data.get(side), dict):
                add("card", card.data[side].get("name"), card.id, card, side, "name")
    # (document kind, its name's family, the list of named parts, their family)
    for kind, family, part, part_family in (("campaign", "campaign", "adventures", "adventure"),
                                            ("campaign_map", "map", "locations", "location")):
        for doc in content.documents.get(kind, []):
            d = doc.data if isinstance(doc.data, dict) else {}
            add(family, d.get("name"), d.get("id"), doc, "name")
            for i, item in enumerate(d.get(part) or []):
                if isinstance(item, dict):
                    add(part_family, item.get("name"), item.get("id"), doc, part, i, "name")
    return out


def render_ability_text(text: str, locale: str) -> str:
    """One Delve-dialect ability of a campaign card in ``locale`` (its action name from the
    campaign's catalog, the rest from Delve's renderer)."""
    ability = parse_ability(text)
    if isinstance(ability, n.Action):
        ability = dataclasses.replace(ability, name=content_name("action", ability.name,
                                                                 locale))
    return render_ability(ability, locale)


def _signed(key: str, value: int, locale: str, plural: bool = True) -> str:
    which = f"{key}.{'gain' if value >= 0 else 'lose'}"
    return t(which, locale, abs(value) if plural else None).replace("{n}", str(abs(value)))


def render_effect(effect: dict, locale: str, names: dict | None = None) -> str:
    """The text of one structured effect; ``names`` maps condition ids to names."""
    parts = []
    for key in EFFECT_KEYS:
        if key not in effect:
            continue
        value = effect[key]
        if key in ("gold", "overlord_xp", "hero_dice"):
            parts.append(_signed(f"effect.{key}", value, locale))
        elif key == "adversary_vigour":
            parts.append(_signed("effect.adversary_vigour", value, locale, plural=False))
        elif key in ("wounds", "fatigue"):
            parts.append(t(f"effect.{key}", locale, value).replace("{n}", str(value)))
        elif key == "condition":
            name = (names or {}).get(value) or value.replace("-", " ").title()
            parts.append(t("effect.condition", locale).replace(
                "{name}", content_name("condition", name, locale)))
        else:
            options = [t("effect.option", locale).format(number=i + 1,
                                                         text=render_effect(o, locale, names))
                       for i, o in enumerate(value)]
            text = options[0]
            for option in options[1:]:
                text = t("effect.or", locale).format(first=text, next=option)
            parts.append(t("effect.choice", locale).format(options=text))
    return " ".join(parts)


def condition_names(content=None) -> dict:
    if content is None:
        return {}
    return {c.id: c.name for c in content.cards.values() if c.kind == "condition"}


def card_texts(card, locale: str, names: dict | None = None) -> list[tuple[str, str]]:
    """``[(label, text)]``: every line of rules text of a campaign card, in order (label: a
    travel symbol, or "" for an ability or the card's one effect)."""
    out: list[tuple[str, str]] = []
    for _keys, text in ability_keys(card):
        try:
            out.append(("", render_ability_text(text, locale)))
        except Exception:  # noqa: BLE001 - a text that does not parse was reported by check
            continue
    d = card.data
    if card.kind in ("overlord_card", "condition") and isinstance(d.get("effect"), dict):
        out.append(("", render_effect(d["effect"], locale, names)))
    elif card.kind == "relic" and isinstance(d.get("overlord"), dict):
        out.append(("overlord", render_effect(d["overlord"].get("effect") or {}, locale,
                                              names)))
    elif card.kind == "travel_event":
        for sym, event in sorted((d.get("events") or {}).items()):
            if isinstance(event, dict) and isinstance(event.get("effect"), dict):
                out.append((sym, render_effect(event["effect"], locale, names)))
    return out


def render_card(card, locale: str) -> list[tuple[int, str]]:
    out = []
    for i, (label, text) in enumerate(card_texts(card, locale)):
        if label and label != "overlord":
            text = f"{t('symbol.' + label, locale)}: {text}"
        out.append((i, text))
    return out


def prepare(locales) -> list[Diagnostic]:
    """RF603 for a campaign catalog that cannot be read, RF601 for a missing translation."""
    return gamecatalog.prepare(DOMAIN, "campaign", locales)
