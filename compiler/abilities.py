"""Compile card abilities: parse (runeforge.dsl), check (section 5), lower to the effect IR.

PROVISIONAL: the lead is writing this module. The signatures below are the contract.
"""

from __future__ import annotations


def compile_card(card, content) -> tuple[list[dict], list]:
    """Return (IR list in the order of card.data['abilities'], diagnostics)."""
    return [], []


def compile_content(content) -> tuple[dict[str, list[dict]], list]:
    """Compile every card of ``content``: ({card_id: [ir, ...]}, diagnostics)."""
    compiled, diags = {}, []
    for card_id, card in content.cards.items():
        irs, ds = compile_card(card, content)
        compiled[card_id] = irs
        diags.extend(ds)
    return compiled, diags


def canonical_text(text: str) -> str:
    """The canonical form of one ability string (for `runeforge fmt`).

    Raises runeforge.diagnostics.DiagnosticError (path '<ability>', col = 1-based column in
    ``text``) when the text does not parse.
    """
    return text
