"""The campaign's abilities: Delve dialect strings on shop items, starting equipment, class
skills and a relic's hero side (``hero.abilities``), compiled by Delve's parser, checks and
lowering, each problem located at its column in the YAML."""

from __future__ import annotations

from runeforge.delve.abilities import lower
from runeforge.dsl.delve.checks import check_ability
from runeforge.dsl.delve.errors import AbilitySyntaxError
from runeforge.dsl.delve.parser import parse_ability
from runeforge.engine.delve.ir import validate_ability


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
    out, diags = [], []
    for keys, text in ability_keys(card):
        try:
            ability = parse_ability(text)
        except AbilitySyntaxError as err:
            diags.append(card.span_diag(keys, (err.start, err.end), err.code, err.message,
                                        hint=err.hint))
            continue
        problems = check_ability(ability)
        diags.extend(card.span_diag(keys, p.span, p.code, p.message, hint=p.hint,
                                    severity=p.severity) for p in problems)
        if any(p.severity == "error" for p in problems):
            continue
        ir = lower(ability)
        validate_ability(ir)
        if keys[0] == "abilities":
            out.append(ir)
    return out, diags
