"""Sceptre of Kyros in the whole game: the Giant Lord invasion (seed 001).

A mixin of the adventure game (:mod:`.adventure_game`). The occupying Lords wait in
``adventure_decks["red"]`` (the red deck is set aside in this adventure), so every card stays
in exactly one place; an occupied town has a red counter on its space, no market step, and a
knocked-out Hero is not moved there. A Lord fought in its town gets the experience tokens and
the constant items of the town's market stack (:func:`.kyros.giant_lord`,
:func:`.kyros.static_bonus`); the Hero who defeats it takes one card of the stack for free.
The last liberation ends the game by fame (:func:`.kyros.ranking`).
"""

from __future__ import annotations

from ..game.turn import TurnOver
from . import kyros


class InvasionSteps:
    def occupied(self) -> dict:
        return self.state.endgame.get("occupied", {})

    def occupied_town_of(self, hero):
        space = self.state.positions.get(hero.id)
        if space is None or not self.board.is_town(space):
            return None
        town = self.board.space(space).town
        return town if town in self.occupied() else None

    def start_invasion(self) -> None:
        s = self.state
        lords = set(self.spec.cards_with("giant_lord"))
        track = [u["card"] for u in s.undefeated_track]
        back = [c for c in track if c in lords]
        s.undefeated_track[:] = [u for u in s.undefeated_track if u["card"] not in lords]
        deck = s.adventure_decks.setdefault("blue", [])
        occupations = kyros.invade(deck, back, self.board.market_column, s.players, self.rng,
                                   extra=int(self.spec.endgame.get("extra_towns", 1)),
                                   is_lord=lambda c: c in lords)
        deck.extend(back)  # none left: invade shuffled them all in
        s.endgame["occupied"] = {o.town: o.lord for o in occupations}
        s.endgame.setdefault("fame_tokens", {})
        for o in occupations:
            s.adventure_decks.setdefault("red", []).append(o.lord)
            space = self.board.town_space(o.town)
            if s.box_counters.get("red", 0) > 0 and space not in s.board_counters:
                s.box_counters["red"] -= 1
                s.board_counters[space] = "red"
        self.emit("invasion", occupied=dict(s.endgame["occupied"]))
        s.phase = "game"
        if not s.endgame["occupied"]:
            self.finish_by_fame()
            return
        self.next_player()

    def occupier_figure(self, town: str):
        """(figure, tokens, usable items) of the Lord occupying ``town`` as it would fight
        now; changes nothing (bots use it to judge the fight)."""
        lord = self.occupied()[town]
        stack = self.state.market_stacks.get(town, [])
        tokens = kyros.choose_tokens(len(stack))  # the bot on the attacker's left
        fig = kyros.giant_lord(self.card(lord).data, tokens)
        cards = {c: self.card(c).data for c in stack}
        usable = kyros.usable_items(stack, cards)
        for stat in ("mind", "body", "spirit", "ranged_damage", "melee_damage",
                     "magic_damage", "life"):
            setattr(fig, stat, getattr(fig, stat) + kyros.static_bonus(usable, cards, stat))
        return fig, tokens, usable

    def fight_occupier(self, hero, town: str) -> None:
        s = self.state
        lord = self.occupied()[town]
        fig, tokens, usable = self.occupier_figure(town)
        s.adventure_decks["red"].remove(lord)
        self.emit("giant_lord_in_town", hero=hero.id, town=town, lord=lord, tokens=tokens,
                  items=usable, stats=kyros.stat_line(fig))
        result = self.combat.fight(hero, fig, "normal")
        self.settle()
        self.emit("fight_result", hero=hero.id, card=lord, outcome=result.outcome)
        if result.outcome != "defeated":
            if lord not in s.adventure_decks.get("red", []):  # abandoned: back to its town
                s.adventure_decks.setdefault("red", []).append(lord)
            if result.outcome == "escaped":
                self.move_back(hero)
            else:
                self.move_to_nearest_town(hero)
            raise TurnOver()
        self.adventure_defeats.append((hero.id, lord))
        del s.endgame["occupied"][town]
        s.endgame["fame_tokens"][lord] = len(tokens)
        s.endgame["free_card"] = hero.id
        self.enforce_limits(hero)
        if not self.occupied():
            self.finish_by_fame()

    def market_step(self, hero) -> None:
        town = self.occupied_town_of(hero)
        if town is not None:
            self.emit("market_closed", hero=hero.id, town=town, why="occupied")
            return
        if self.state.endgame.pop("free_card", None) == hero.id:
            town = self.board.space(self.state.positions[hero.id]).town
            stack = self.state.market_stacks.get(town, [])
            options = [c for c in stack if self.room_for(hero, c)]
            if options:
                card = self.ask(hero.id, "free_market_card", options, town=town)
                stack.remove(card)
                if self.card(card).kind == "ally":
                    hero.allies.append(self.catalog.new_ally(card))
                else:
                    hero.items.append(card)
                self.emit("free_market_card", hero=hero.id, card=card, town=town)
                self.enforce_limits(hero)
        super().market_step(hero)

    def move_to_nearest_town(self, hero) -> None:
        occupied = self.occupied()
        if not occupied:
            return super().move_to_nearest_town(hero)
        dist = self.board.distances_from(self.state.positions[hero.id])
        free = [t for t in self.board.towns if t not in occupied]
        best = min(dist.get(self.board.town_space(t), 10**6) for t in free)
        towns = sorted(t for t in free if dist.get(self.board.town_space(t), 10**6) == best)
        town = towns[0] if len(towns) == 1 else self.ask(hero.id, "town", towns)
        self.state.positions[hero.id] = self.board.town_space(town)
        self.state.previous.pop(hero.id, None)
        self.emit("moved", hero=hero.id, to=self.board.town_space(town), why="knocked_out")

    def finish_by_fame(self) -> None:
        s = self.state
        lords = set(self.spec.cards_with("giant_lord"))
        tokens = s.endgame.get("fame_tokens", {})
        entries = [kyros.FameEntry(h.id, [(c, tokens.get(c, 0)) for c in h.trophies
                                          if c in lords],
                                   self.level(h.id), h.gold, len(h.adventure_counters))
                   for h in s.heroes if h.id not in self.out()]
        base = self.adventure_rules.base_fame()
        order = kyros.ranking(entries, base)
        fame = {e.hero: kyros.fame(e, base) for e in entries}
        s.endgame["fame"] = fame
        self.declare(order[0] if order else None,
                     f"most fame ({fame.get(order[0], 0) if order else 0}) when the last "
                     "occupied town was liberated (Sceptre of Kyros)")
