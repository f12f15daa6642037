"""The Crown showdown's fights on the bare combat engine, for seed 001's worked example
(tests/test_crown.py): a :class:`crown.Battles` with no game around it (no bank, no piles).
The game's own is :class:`runeforge.engine.runebound.adventures.crown_game.GameBattles`."""

from __future__ import annotations

from typing import Mapping, Sequence

from runeforge.engine.common.decisions import Player
from runeforge.engine.runebound.combat.combat import Combat
from runeforge.engine.runebound.combat.duel import Duel


class _NoEscape(Player):
    """Showdown fights have no escape: refuse it, pass every other question on."""

    def __init__(self, inner: Player):
        self.inner = inner

    def decide(self, decision, engine):
        if decision.kind == "escape":
            return False
        return self.inner.decide(decision, engine)


class EngineBattles:
    """Showdown fights through the combat engine. ``heroes`` maps Hero ids to Hero objects
    (state.heroes); ``players`` maps Hero ids to players (bots, scripts)."""

    def __init__(self, catalog, state, dice, players: Mapping, ruleset, log=None):
        wrapped = {k: _NoEscape(p) for k, p in players.items()}
        self.combat = Combat(catalog, state, dice, wrapped, ruleset, log)
        self.duel = Duel(catalog, state, dice, wrapped, ruleset, self.combat.log)
        self.catalog, self.state = catalog, state
        self.figures: dict[str, object] = {}
        self.owner: dict[str, str] = {}

    def set_vassals(self, king: str, vassals: Sequence[str]) -> None:
        for v in vassals:
            self.owner[v] = king

    def _vassal(self, card_id: str):
        fig = self.figures.get(card_id)
        if fig is None:
            fig = self.catalog.new_challenge(card_id)
            fig.reward_gold, fig.reward_keep, fig.colour = 0, False, ""  # no rewards here
            self.figures[card_id] = fig
        return fig

    def refresh(self, heroes: Sequence[str], vassals: Sequence[str]) -> None:
        for hero in self.state.heroes:
            hero.wounds = hero.exhaustion = 0
            hero.activated.clear()
            for ally in hero.allies:
                ally.wounds = ally.exhaustion = 0
        for v in vassals:
            fig = self._vassal(v)
            fig.wounds = fig.exhaustion = 0

    def fight_vassal(self, challenger: str, vassal: str) -> bool:
        hero = self.state.hero(challenger)
        result = self.combat.fight_challenge(hero, self._vassal(vassal))
        if vassal in self.state.undefeated:
            self.state.undefeated.remove(vassal)
        if result.outcome == "defeated":
            owner = self.owner.get(vassal)
            if owner is not None and vassal in self.state.hero(owner).trophies:
                self.state.hero(owner).trophies.remove(vassal)  # out of the game
            return True
        return False

    def fight_king(self, challenger: str, king: str) -> bool:
        result = self.duel.fight_heroes(self.state.hero(challenger), self.state.hero(king))
        return result.winner == challenger
