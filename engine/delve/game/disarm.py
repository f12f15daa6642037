"""Adversaries held back from attacking for a while (issue 32, branch delve12): the lasting
``disarm`` ("Until the end of the round, each adversary adjacent to you cannot attack.").

An adversary that holds such an entry makes no attack: in the adversary phase it still moves
by its behaviour and then stops (game/adversaries.py), and an ability of its own that would
attack does nothing (game/foes.strike). The entry ends with its duration like every lasting
effect (rules/effects.expire).

An entry with ``spare`` (branch delveseven) holds it back from attacking those heroes only:
they are no target of its weapons in the adversary phase (an area attack passes them over)
nor of its own abilities; it attacks whom else it reaches."""

from __future__ import annotations

from ..rules import effects as fx


def disarmed(game, figure) -> bool:
    """Whether ``figure`` is held back from attacking anyone now."""
    return any("spare" not in e for e in fx.held(game.state.lasting, figure.id, "disarm"))


def spared(game, figure) -> set[str]:
    """The heroes ``figure`` may not attack now ("Adversaries cannot target you until the end
    of the round", "… cannot attack other heroes"; branch delveseven): the entry names them
    as its ability picked them when it was used."""
    return {h for e in fx.held(game.state.lasting, figure.id, "disarm")
            for h in e.get("spare", ())}
