"""Invariants checked after every step of a game in debug mode: dice spent + unused + set
aside = dealt, figures on the board have wounds < Vigour on distinct cells (the rules core's
:func:`~..rules.state.problems`), renown only rises, and every exploration card is in exactly
one place (the deck or the turned-over pile)."""

from __future__ import annotations

from collections import Counter

from runeforge.engine.common.errors import EngineError

from ..rules.state import DelveState, problems


class Watch:
    def __init__(self, game):
        self.game = game
        self.renown: dict = {}

    def problems(self) -> list[str]:
        s = self.game.state
        out = problems(DelveState(s.board, s.figures, s.turns, s.dealt))
        for f in s.figures:
            before = self.renown.get(f.id, 0)
            if f.renown < before:
                out.append(f"{f.id}: renown fell from {before} to {f.renown}")
            self.renown[f.id] = f.renown
        places = Counter(s.deck) + Counter(s.explored)
        for card in self.game.records.exploration:
            if places[card] != 1:
                out.append(f"exploration card {card} is in {places[card]} places")
        if set(places) - set(self.game.records.exploration):
            out.append("an unknown exploration card is in play")
        for h in s.down:
            if s.figure(h) is not None:
                out.append(f"{h} is down but on the board")
        return out

    def check(self, what: str) -> None:
        found = self.problems()
        if found:
            raise EngineError(f"Delve invariants broken after {what}: " + "; ".join(found))
