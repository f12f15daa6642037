"""Adversaries held back from attacking for a while (issue 32, branch delve12): the lasting
``disarm`` ("Until the end of the round, each adversary adjacent to you cannot attack.").

An adversary that holds such an entry makes no attack: in the adversary phase it still moves
by its behaviour and then stops (game/adversaries.py), and an ability of its own that would
attack does nothing (game/foes.strike). The entry ends with its duration like every lasting
effect (rules/effects.expire)."""

from __future__ import annotations

from ..rules import effects as fx


def disarmed(game, figure) -> bool:
    """Whether ``figure`` is held back from attacking now."""
    return bool(fx.held(game.state.lasting, figure.id, "disarm"))
