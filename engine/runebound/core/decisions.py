"""Runebound's decisions: the kinds of question its engine asks, and its scripted player.

Questions go through the interface of :mod:`runeforge.engine.common.decisions`;
``Decision.actor`` is the id of the Hero whose player answers.

Combat kinds: ``use_ability`` (an ability ref "card#index" or None to pass), ``phase_action``
("attack", "defend" or "ally:<id>"), ``escape`` (bool), ``x`` (int), ``amount`` (int),
``optional`` (bool), ``target`` (figure id), ``skill_exhaustion`` (int), ``spoils``
("item:<id>", "ally:<id>", "gold", "adventure:<id>"), ``knockout_loss`` (card id). The whole
game adds its own (``movement``, ``destination``, ``adventure``, ``market``, ``experience`` …,
see ``docs/engine-game.md``).

The bots (:mod:`runeforge.engine.runebound.bots`) answer through the same interface.
"""

from __future__ import annotations

from runeforge.engine.common import decisions


class ScriptedPlayer(decisions.ScriptedPlayer):
    """A scripted player whose scripts list only the abilities actually used: a
    ``use_ability`` question is passed (None) when the next scripted answer is of another
    kind or the script has ended (with ``auto_pass``, the default)."""

    pass_kinds = ("use_ability",)
