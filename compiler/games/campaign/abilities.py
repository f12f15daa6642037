"""The campaign's abilities: Delve dialect strings on shop items, starting equipment, class
skills and a relic's hero side (``hero.abilities``), compiled by Delve's parser, checks and
lowering, each problem located at its column in the YAML."""

from __future__ import annotations

from runeforge.games.delve.abilities import compile_texts


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
    ``abilities:`` list), and the hero side keeps its text inside ``hero`` (its IR is the
    bundle's ``hero.abilities_ir``: :func:`bundle_record`)."""
    compiled, diags = compile_texts(card, ability_keys(card))
    return [ir for keys, ir in compiled if keys[0] == "abilities"], diags


def hero_side_ir(card) -> list | None:
    """The IR of a relic's hero-side abilities, one per ``hero.abilities`` text (validated
    like every ability's); None when one of them does not compile (check reported it)."""
    keyed = [(keys, text) for keys, text in ability_keys(card) if keys[0] == "hero"]
    compiled, _ = compile_texts(card, keyed)
    return [ir for _, ir in compiled] if len(compiled) == len(keyed) else None


def bundle_record(card, record: dict) -> dict:
    """A relic's bundle record carries its hero side's IR as ``hero.abilities_ir``, next to
    the side's text ``hero.abilities`` (one to one, in order); ``text``/``abilities`` stay the
    card's own list."""
    if card.kind != "relic" or not isinstance(record.get("hero"), dict):
        return record
    irs = hero_side_ir(card)
    if irs is None:
        return record
    return {**record, "hero": {**record["hero"], "abilities_ir": irs}}
