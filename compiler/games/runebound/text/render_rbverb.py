"""Localised text of branch rbverb (a clause as subject, modal and verb phrase): the subject
"another Hero" (the selector ``another``: one other Hero, picked by the card's Hero), and the verb
phrases the branch lets a subject other than "you" take ("Each Hero discards an Item.").

The renderer's selector (render_core.py) reads ``selector.<who>``, so "another Hero" needs only
its template; a clause said of other Heroes is rendered by render_core's ``_third``, which
:func:`install` teaches the new clauses (called at the end of render.py; templates.py imports
:data:`TEMPLATES`). This module does not import render.py.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from . import render_core

TEMPLATES = {"selector.another": "another Hero",
             "each.discard_item": "discards an Item"}


def install(renderer_cls) -> None:  # noqa: ARG001 - the clause goes through render_core
    core_third = render_core._third

    def third(self, node) -> str:
        if isinstance(node, n.DiscardItem):
            return self.t("each.discard_item")
        return core_third(self, node)

    render_core._third = third
