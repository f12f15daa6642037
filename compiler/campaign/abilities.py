"""The campaign's abilities: Delve dialect strings on shop items, starting equipment, class
skills and a relic's hero side (``hero.abilities``), compiled by Delve's parser, checks and
lowering, each problem located at its column in the YAML."""

from __future__ import annotations

from runeforge.delve.abilities import compile_texts


def ability_keys(card) -> list[tuple[tuple, str]]:
    """``[(keys, text)]``: every ability string of a campaign card and where it is."""
    data = card.data
    if card.kind == "relic":
        hero = data.get("hero") if isinstance(data.get("hero"), dict) else {}
        texts, prefix = hero.get("abilities", []) or [], ("hero", "abilities")
    else:
        texts, prefix = data.get("abilities", []) or [], ("abilities",)
    return [((*prefix, i), t) for i, t in enumerate(texts) if isinstance(t, str)]


def compile_card(card, content=None):
    """(Delve IR list, diagnostics) for one campaign card's abilities. A relic's hero-side
    abilities are checked, with located diagnostics, but their IR is not returned: a bundle
    record's ``abilities`` (IR) line up one to one with its ``text`` (the card's own
    ``abilities:`` list), and the hero side keeps its text inside ``hero``."""
    compiled, diags = compile_texts(card, ability_keys(card))
    return [ir for keys, ir in compiled if keys[0] == "abilities"], diags
