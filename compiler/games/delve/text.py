"""Delve's rules text in every locale, from the ability AST (never written by hand).

The English templates below are the msgids of ``locales/<loc>/LC_MESSAGES/delve.po``; every
context starts with ``delve.`` (the game's msgctxt family). A clause has two moods: the
imperative (after an action header or a trigger's comma) and ``.purp``, after "Spend a hero
die (N+) to" (el "για να" + subjunctive, fi the -kseen form, pl/ru the infinitive). Action
names are translated under ``delve.action``. English is the canonical printer's text.
"""

from __future__ import annotations

from babel.support import Translations

from runeforge.diagnostics import Diagnostic
from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_cost, sentences
from runeforge.l10n import gamecatalog

DOMAIN = "delve"
CTX = "delve."
LOCALES = ("en", "fi", "pl", "el", "ru")

# key -> English text; a tuple is (singular, plural) for a count ``{n}``
CLAUSES = {
    "effect.explore": "explore",
    "effect.move": ("move up to {n} space", "move up to {n} spaces"),
    "effect.heal": ("heal {n} wound", "heal {n} wounds"),
    "effect.renown": ("gain {n} renown", "gain {n} renown"),
    "effect.skill": "gain a skill",
    "effect.attack": "attack {target}: {range}, Hit {hit}+, Damage {damage}",
}
TEMPLATES = {
    **CLAUSES,
    **{f"{key}.purp": text for key, text in CLAUSES.items()},
    "target.adjacent": "an adjacent adversary",
    "target.visible": "a visible adversary",
    "target.each": "each adversary in this chamber",
    "target.adjacent.purp": "an adjacent adversary",
    "target.visible.purp": "a visible adversary",
    "target.each.purp": "each adversary in this chamber",
    "range.combat": "combat",
    "range.missile": "missile",
    "range.area": "area",
    "event.slay": "slay an adversary",
    "event.explored": "explore a chamber",
    "event.recuperated": "recuperate",
    "join": "{first} and {next}",
    # issue 32: the dialect's compositional forms (selectors "who", filters, durations, riders)
    'effect.heal_on': ('heal {n} wound on {who}', 'heal {n} wounds on {who}'),
    'effect.strike': 'make a {range} attack',
    'effect.strike_on': 'make a {range} attack against {who}',
    'effect.stats': ', Hit {hit}+, Damage {damage}',
    'effect.push': ('push {who} {n} space away from you', 'push {who} {n} spaces away from you'),
    'effect.pull': ('pull {who} {n} space towards you', 'pull {who} {n} spaces towards you'),
    'effect.suffer_self': ('suffer {n} wound', 'suffer {n} wounds'),
    'effect.suffer': ('{who} suffers {n} wound', '{who} suffers {n} wounds'),
    'effect.reroll.spent': 'roll one of your spent dice again',
    'effect.reroll.unspent': 'roll one of your unspent dice again',
    'effect.ward': 'prevent the first wound you would suffer',
    'effect.boost.roll': 'add {n} to your attack rolls',
    'effect.boost.roll_range': 'add {n} to your {range} attack rolls',
    'effect.boost.damage': 'your attacks deal +{n} Damage',
    'effect.boost.damage_range': 'your {range} attacks deal +{n} Damage',
    'effect.boost.move': 'add {n} to your Move',
    'until.end_of_turn': 'until the end of your turn, {effects}',
    'until.end_of_round': 'until the end of the round, {effects}',
    'until.next_turn': 'until the start of your next turn, {effects}',
    'rider.rolled': 'if you rolled a {face}, {effects}',
    'rider.hits': 'if it hits, {effects}',
    'rider.slays': 'if this attack slays the target, {effects}',
    'effect.strike_area': 'make an {range} attack',
    'effect.strike_on_area': 'make an {range} attack against {who}',
    'event.slay_range_area': 'slay an adversary with an {range} attack',
    'limit.turn': 'Only once per turn.',
    'event.slay_range': 'slay an adversary with a {range} attack',
    'form.turn_end': 'At the end of your turn, {effects}.',
    'form.bare': '{cost}: {effects}.',
    'form.constant': '{effects}.',
    'form.spend.imp': 'Spend a hero die {cost} to {effects}.',
    'sentence': '{first}. {next}',
    'who.one.adversary': 'an adversary',
    'who.one.adversary.visible': 'a visible adversary',
    'who.each.adversary': 'each adversary',
    'who.each.adversary.visible': 'each visible adversary',
    'who.up_to.adversary': ('up to {n} adversary', 'up to {n} adversaries'),
    'who.up_to.adversary.visible': ('up to {n} visible adversary', 'up to {n} visible adversaries'),
    'who.another.adversary': 'another adversary',
    'who.each_other.adversary': 'each other adversary',
    'who.one.hero': 'a hero',
    'who.one.hero.visible': 'a visible hero',
    'who.each.hero': 'each hero',
    'who.each.hero.visible': 'each visible hero',
    'who.up_to.hero': ('up to {n} hero', 'up to {n} heroes'),
    'who.up_to.hero.visible': ('up to {n} visible hero', 'up to {n} visible heroes'),
    'who.another.hero': 'another hero',
    'who.another.hero.visible': 'another visible hero',
    'who.each_other.hero': 'each other hero',
    'who.another.adversary.visible': 'another visible adversary',
    'who.each_other.adversary.visible': 'each other visible adversary',
    'who.each_other.hero.visible': 'each other visible hero',
    'who.target': 'the target',
    'who.them': 'each of them',
    'who.self': 'yourself',
    'filter.adjacent': 'adjacent to you',
    'filter.adjacent_target': 'adjacent to the target',
    'filter.within': ('within {n} space of you', 'within {n} spaces of you'),
    'filter.chamber': 'in this chamber',
    'who.join': '{who} {filter}',
    "form.action": "{name} {cost}: {effects}.",
    "form.spend": "Spend a hero die {cost} to {effects}.",
    "form.trigger": "Every time you {event}, {effects}.",
    # words printed on faces
    "label.move": "Move",
    "label.vigour": "Vigour",
    "label.damage": "Damage",
    "label.weapon": "Weapon",
    "label.hit": "Hit",
    "label.chamber": "Chamber",
    "label.encounter": "Encounter",
    "label.exits": "exits",
    "label.spaces": "spaces",
    "label.game": "Delve",
    "label.kind.hero": "Hero",
    "label.kind.adversary": "Adversary",
    "label.kind.exploration": "Exploration",
    "label.kind.skill": "Skill",
    "label.kind.tile": "Chamber tile",
    "label.kind.encounter_table": "Encounter table",
    "label.print_note": "Delve proxy: print at 100 %.",
    # printable tiles (tile_pdf)
    "label.side.north": "north",
    "label.side.east": "east",
    "label.side.south": "south",
    "label.side.west": "west",
    "label.piece": "{name}, piece {n} of {total}",
    "label.tile_scale": "1 space = 1 inch: print at 100 %, cut along the marks",
    "label.overlap": "overlap: lay the next piece up to this line",
    "behaviour.advance": "advance",
    "behaviour.hold": "hold",
    "behaviour.skirmish": "skirmish",
}


def label(key: str, locale: str) -> str:
    """A word printed on a Delve face (``label.*``, ``behaviour.*``, ``range.*``)."""
    return _t(key, locale)


def _catalog_path(locale: str):
    return gamecatalog.catalog_path(DOMAIN, locale)


def translations(locale: str) -> Translations | None:
    """The compiled Delve catalog of ``locale`` (None for English and the pseudo-locale)."""
    return gamecatalog.translations(DOMAIN, locale)


def _t(key: str, locale: str, count: int | None = None) -> str:
    text = TEMPLATES[key]
    tr = translations(locale)
    if isinstance(text, tuple):
        if tr is None:
            return text[0] if count == 1 else text[1]
        return tr.npgettext(CTX + key, text[0], text[1], count)
    return text if tr is None else tr.pgettext(CTX + key, text)


def action_name(name: str, locale: str) -> str:
    tr = translations(locale)
    return name if tr is None else tr.pgettext(CTX + "action", name)


# names on Delve faces (cards, adversary weapons) and an exploration card's text: msgids are
# the English of the content, under these contexts (like Runebound's ``card.name``)
NAME_CONTEXTS = {"card": CTX + "card.name", "weapon": CTX + "weapon.name",
                 "text": CTX + "card.text", "trial": CTX + "trial.name"}


def _content_text(what: str, english: str, locale: str) -> str:
    tr = translations(locale)
    return english if tr is None or not english else tr.pgettext(NAME_CONTEXTS[what], english)


def card_name(card, locale: str) -> str:
    """A Delve card's name in ``locale`` (TextStyle.name: also what ``runeforge text``
    prints); English where the catalog has none."""
    return _content_text("card", card.name, locale)


def name_of(english: str, locale: str) -> str:
    """A Delve card's name in ``locale`` from its English name (a bundle's card mapping)."""
    return _content_text("card", english, locale)


def weapon_name(name: str, locale: str) -> str:
    return _content_text("weapon", name, locale)


def card_text(text: str, locale: str) -> str:
    return _content_text("text", text, locale)


def trial_name(name: str, locale: str) -> str:
    """A trial's name in ``locale`` (msgctxt ``delve.trial.name``); English where the catalog
    has none."""
    return _content_text("trial", name, locale)


def trial_entries(doc) -> list[tuple[dict, tuple]]:
    """``[(trial mapping, keys)]`` of a trial document: one trial, or a ``trials:`` list."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if isinstance(data.get("trials"), list):
        return [(t, ("trials", i)) for i, t in enumerate(data["trials"]) if isinstance(t, dict)]
    return [(data, ())] if data.get("id") else []


def exit_label(exit_id: str, side: str, locale: str) -> str:
    """An exit as printed: its side in the locale, and its id too when that differs."""
    word = _t(f"label.side.{side}", locale)
    return word if exit_id == side else f"{exit_id} ({word})"


def name_messages(content) -> list[tuple[str, str, str, str, int]]:
    """``(msgctxt, English, card id, file, line)`` of every name and text of Delve content the
    catalogs translate, once each, in content order (the catalogs' source list)."""
    out, seen = [], set()

    def add(what, english, card, *keys):
        if isinstance(english, str) and english and (what, english) not in seen:
            seen.add((what, english))
            out.append((NAME_CONTEXTS[what], english, card.id, str(card.path),
                        card.pos(*keys)[0]))

    for card in content.cards.values():
        if card.game != "delve":
            continue
        add("card", card.name, card, "name")
        for i, weapon in enumerate(card.data.get("weapons", []) or []):
            add("weapon", weapon.get("name"), card, "weapons", i, "name")
        add("text", card.data.get("text"), card, "text")
    for doc in content.documents.get("trial", []):
        if doc.game == "delve":
            for trial, keys in trial_entries(doc):
                _add_doc(out, seen, "trial", trial.get("name"), trial.get("id"), doc, *keys)
    return out


def _add_doc(out, seen, what, english, ident, doc, *keys) -> None:
    if isinstance(english, str) and english and (what, english) not in seen:
        seen.add((what, english))
        out.append((NAME_CONTEXTS[what], english, str(ident), str(doc.path),
                    doc.pos(*keys, "name")[0]))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


NEW_NODES = (n.Strike, n.Shift, n.Suffer, n.Reroll, n.Ward, n.Boost, n.Until, n.Rider)


def _n(key: str, locale: str, count: int, **slots) -> str:
    return _t(key, locale, count).replace("{n}", str(count)).format(**slots) if slots else \
        _t(key, locale, count).replace("{n}", str(count))


def _who(sel: n.Selector, locale: str) -> str:
    if sel.quantity in ("target", "them", "self"):
        return _t(f"who.{sel.quantity}", locale)
    visible = ".visible" if any(f.kind == "visible" for f in sel.filters) else ""
    key = f"who.{sel.quantity}.{sel.side}{visible}"
    text = _n(key, locale, sel.count) if sel.quantity == "up_to" else _t(key, locale)
    for f in sel.filters:
        if f.kind == "visible":
            continue
        part = _n("filter.within", locale, f.n) if f.kind == "within" else \
            _t(f"filter.{f.kind}", locale)
        text = _t("who.join", locale).format(who=text, filter=part)
    return text


def _range_word(rng: str, locale: str) -> str:
    return _t(f"range.{rng}", locale)


def _new_clause(effect, locale: str) -> str:
    if isinstance(effect, n.Heal):
        return _n("effect.heal_on", locale, effect.wounds, who=_who(effect.on, locale))
    if isinstance(effect, n.Strike):
        rng = _range_word(effect.range, locale)
        area = "_area" if effect.range == "area" else ""
        text = (_t("effect.strike_on" + area, locale).format(range=rng,
                                                             who=_who(effect.target, locale))
                if effect.target is not None else
                _t("effect.strike" + area, locale).format(range=rng))
        if effect.hit is not None:
            text += _t("effect.stats", locale).format(hit=effect.hit, damage=effect.damage)
        return text
    if isinstance(effect, n.Shift):
        key = "effect.pull" if effect.towards else "effect.push"
        return _n(key, locale, effect.spaces, who=_who(effect.target, locale))
    if isinstance(effect, n.Suffer):
        if effect.target.quantity == "self":
            return _n("effect.suffer_self", locale, effect.wounds)
        return _n("effect.suffer", locale, effect.wounds, who=_who(effect.target, locale))
    if isinstance(effect, n.Reroll):
        return _t(f"effect.reroll.{effect.dice}", locale)
    if isinstance(effect, n.Ward):
        return _t("effect.ward", locale)
    if isinstance(effect, n.Boost):
        if effect.stat == "move":
            return _t("effect.boost.move", locale).replace("{n}", str(effect.amount))
        key = f"effect.boost.{effect.stat}" + ("_range" if effect.range else "")
        slots = {"range": _range_word(effect.range, locale)} if effect.range else {}
        return _t(key, locale).replace("{n}", str(effect.amount)).format(**slots)
    if isinstance(effect, n.Until):
        return _t(f"until.{effect.duration}", locale).format(
            effects=_effects(effect.effects, locale, "imp"))
    return _t(f"rider.{effect.cond}", locale).format(
        face=effect.face, effects=_effects(effect.effects, locale, "imp"))


def _clause(effect, locale: str, mood: str) -> str:
    suffix = ".purp" if mood == "purp" else ""
    if isinstance(effect, NEW_NODES) or (isinstance(effect, n.Heal) and effect.on):
        return _new_clause(effect, locale)
    if isinstance(effect, n.Explore):
        return _t("effect.explore" + suffix, locale)
    if isinstance(effect, n.Skill):
        return _t("effect.skill" + suffix, locale)
    if isinstance(effect, n.Move):
        return _t("effect.move" + suffix, locale, effect.up_to).replace("{n}", str(effect.up_to))
    if isinstance(effect, n.Heal):
        return _t("effect.heal" + suffix, locale, effect.wounds).replace("{n}", str(effect.wounds))
    if isinstance(effect, n.Renown):
        return _t("effect.renown" + suffix, locale, effect.amount).replace("{n}",
                                                                          str(effect.amount))
    return _t("effect.attack" + suffix, locale).format(
        target=_t(f"target.{effect.target}{suffix}", locale),
        range=_t(f"range.{effect.range}", locale), hit=effect.hit, damage=effect.damage)


def _effects(effects, locale: str, mood: str) -> str:
    text = _clause(effects[0], locale, mood)
    for effect in effects[1:]:
        text = _t("join", locale).format(first=text, next=_clause(effect, locale, mood))
    return text


def _body(effects, locale: str, mood: str, first_capital: bool = True,
          limit: str | None = None) -> str:
    """The sentences of ``effects`` (a duration or a rider starts its own), without the
    final full stop the form adds."""
    parts = [_effects(s, locale, mood) for s in sentences(effects)]
    text = _cap(parts[0]) if first_capital else parts[0]
    for part in parts[1:]:
        text = _t("sentence", locale).format(first=text, next=_cap(part))
    if limit == "turn":
        text += ". " + _t("limit.turn", locale)[:-1]
    return text


def _old_only(effects) -> bool:
    return len(sentences(effects)) == 1 and not any(
        isinstance(e, NEW_NODES) or (isinstance(e, n.Heal) and e.on) for e in effects)


def render_ability(ability, locale: str) -> str:
    """The text of one parsed ability in ``locale``."""
    if isinstance(ability, n.Action):
        body = _body(ability.effects, locale, "imp", limit=ability.limit)
        if not ability.name:
            return _t("form.bare", locale).format(cost=print_cost(ability.cost), effects=body)
        return _t("form.action", locale).format(
            name=action_name(ability.name, locale), cost=print_cost(ability.cost), effects=body)
    if isinstance(ability, n.Spend):
        if _old_only(ability.effects) and not ability.limit:
            return _t("form.spend", locale).format(
                cost=print_cost(ability.cost), effects=_effects(ability.effects, locale, "purp"))
        return _t("form.spend.imp", locale).format(
            cost=print_cost(ability.cost),
            effects=_body(ability.effects, locale, "imp", False, ability.limit))
    if isinstance(ability, n.Constant):
        return _t("form.constant", locale).format(effects=_body(ability.effects, locale, "imp"))
    body = _body(ability.effects, locale, "imp", first_capital=False)
    if ability.event == "turn_end":
        return _t("form.turn_end", locale).format(effects=body)
    area = "_area" if ability.range == "area" else ""
    event = (_t("event.slay_range" + area, locale).format(
        range=_range_word(ability.range, locale))
             if ability.range else _t(f"event.{ability.event}", locale))
    return _t("form.trigger", locale).format(event=event, effects=body)


def render_card(card, locale: str) -> list[tuple[int, str]]:
    out = []
    for i, text in enumerate(card.data.get("abilities", []) or []):
        if isinstance(text, str):
            try:
                out.append((i, render_ability(parse_ability(text), locale)))
            except Exception:  # noqa: BLE001 - a text that does not parse was reported by check
                continue
    return out


def prepare(locales) -> list[Diagnostic]:
    """RF603 for a Delve catalog that cannot be read, RF601 for a missing translation."""
    return gamecatalog.prepare(DOMAIN, "Delve", locales)
