"""Localised text of branch rbtime (issue 32, part III): the condition ``moment``, a moment of a
combat (dsl/runebound/parser_rbtime.py). One whole template per moment, so each language words
it as it needs; the English is the canonical printer's (printer_rbtime.moment_text)."""

from __future__ import annotations

TEMPLATES = {
    "condition.moment.ranged": "it is the ranged phase",
    "condition.moment.melee": "it is the melee phase",
    "condition.moment.magic": "it is the magic phase",
    "condition.moment.first": "it is the first combat round",
    "condition.moment.ranged.first": "it is the ranged phase of the first combat round",
    "condition.moment.melee.first": "it is the melee phase of the first combat round",
    "condition.moment.magic.first": "it is the magic phase of the first combat round",
    "condition.moment.combat": "you are in combat",
    # this Ally's own tokens (the condition ally_none)
    "condition.ally_none.wound": "this Ally has no wounds",
    "condition.ally_none.exhaustion": "this Ally has no exhaustion",
}

__all__ = ["TEMPLATES"]
