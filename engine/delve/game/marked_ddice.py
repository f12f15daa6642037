"""Attacks against a chosen adversary changed for a while (issue 32, part III, branch ddice;
IR ``guard`` under ``until``): "Choose a visible adversary. Until the end of the turn, attacks
against it hit on a roll 1 lower."

:func:`fields` is what a lasting entry keeps of the guard (ops._lasting puts one entry on
each figure ``on`` names when the ability runs); :func:`held` is what those entries add to an
attack at ``figure`` now: every hero's attack of a matching range (traits.guard adds it to the
adversary's own rules), until the duration ends (fx.expire)."""

from __future__ import annotations

from ..rules import effects as fx


def fields(e: dict) -> dict:
    return {k: e[k] for k in ("stat", "amount", "range") if k in e}


def held(game, figure, stat: str, rng: str | None) -> int:
    return sum(e["amount"] for e in fx.held(game.state.lasting, figure.id, "guard")
               if e["stat"] == stat and e.get("range") in (None, rng))
