"""Invariants checked after every step of a game in debug mode: dice spent + unused + set
aside = dealt, figures on the board have wounds < Vigour on distinct cells (the rules core's
:func:`~..rules.state.problems`), renown only rises, and every exploration card is in exactly
one place (the deck or the turned-over pile) and no other card is, and a slay goal's
adversary is placed once the last chamber is."""

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
        dealt = Counter(self.game.trial.deck)
        for card in dealt:
            if places[card] != 1:
                out.append(f"exploration card {card} is in {places[card]} places")
        if set(places) - set(dealt):
            out.append("an exploration card not in the trial's deck is in play")
        goal = self.game.trial.goal
        if goal == "slay" and not s.deck and s.quarry is None:
            out.append("the last chamber is explored but the slay goal's adversary was not "
                       "placed")
        for f in s.heroes_up():
            if len(s.skills.get(f.id, [])) > f.skills:
                out.append(f"{f.id} holds {len(s.skills[f.id])} skills but gained {f.skills}")
        held = [k for ks in s.skills.values() for k in ks]
        if len(held) != len(set(held)):
            out.append("a skill is held by two heroes")
        for h in s.down:
            if s.figure(h) is not None:
                out.append(f"{h} is down but on the board")
        return out

    def check(self, what: str) -> None:
        found = self.problems()
        if found:
            raise EngineError(f"Delve invariants broken after {what}: " + "; ".join(found))
