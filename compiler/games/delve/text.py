"""Delve's rules text in every locale, from the ability AST (never written by hand).

The English templates below are the msgids of ``locales/<loc>/LC_MESSAGES/delve.po``; every
context starts with ``delve.`` (the game's msgctxt family). A clause has two moods: the
imperative (after an action header or a trigger's comma) and ``.purp``, after "Spend a hero
die (N+) to" (el "για να" + subjunctive, fi the -kseen form, pl/ru the infinitive). Action
names are translated under ``delve.action``. English is the canonical printer's text.
"""

from __future__ import annotations

from runeforge.diagnostics import Diagnostic
from runeforge.dsl.delve.sequence import abilities_of  # issue 32 (branch delvelang)
from runeforge.l10n import gamecatalog

from . import restate_dprose as restate  # branch dprose
from .text_catalog import CTX, DOMAIN, _catalog_path, _t, action_name, label, translations
from .text_forms import render_ability
from .text_templates import TEMPLATES

LOCALES = ("en", "fi", "pl", "el", "ru")
__all__ = ["CTX", "DOMAIN", "LOCALES", "TEMPLATES", "_catalog_path", "_t", "action_name",
           "card_name", "label", "name_messages", "prepare", "render_ability", "render_card",
           "translations"]

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


def render_card(card, locale: str) -> list[tuple[int, str]]:
    out = []
    for i, text in enumerate(card.data.get("abilities", []) or []):
        if isinstance(text, str):
            try:
                owner = "adversary" if getattr(card, "kind", "") == "adversary" else "hero"
                text, stats = restate.split(text, owner)   # branch dprose: "Vigour 3."
                parts = abilities_of(text, owner) if text.strip() else []
                out.append((i, " ".join([*(restate.render(s, locale, _t) for s in stats),
                                         *(render_ability(a, locale) for _, _, a in parts)])))
            except Exception:  # noqa: BLE001 - a text that does not parse was reported by check
                continue
    return out


def prepare(locales) -> list[Diagnostic]:
    """RF603 for a Delve catalog that cannot be read, RF601 for a missing translation."""
    return gamecatalog.prepare(DOMAIN, "Delve", locales)
