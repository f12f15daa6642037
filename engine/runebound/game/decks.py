"""The game's side of family 5/6 of the ability language (issue 21): decks and cards, economy
and experience. The effects record grants (:mod:`..core.effects_decks`); ``Game.apply_grants``
hands them here once the card text is done.

* ``draw_adventure``: the Hero draws one more card from the deck of that colour (``same``: the
  colour of the card whose text says it, branch rbsix2) and plays it, as the text says ("Draw
  another adventure card of the same colour."). Drawn within an adventure, it is the card
  drawn next: a challenge fought there ends the adventure (``challenge_within``), an event or
  encounter lets the adventure's own draws go on (seed 000: after an event or encounter "nosta
  uusi kortti"). Before (branch runs2) the grant began a whole adventure of its own, until a
  challenge was fought, and the turn's draws then went on as well: two challenges.
* ``draw_market_keep``: the top N market cards; the player keeps one (decision ``keep``), free,
  within the carrying limits; the rest go to the bottom of the market deck (seed 000: where a
  market card given up goes).
* ``return_to_deck``: the card goes to the bottom of its deck (an adventure card to its colour's
  deck, a market card to the market deck) from wherever it went (the box, the doom track, the
  undefeated track, a Hero's cards), whatever the rules would do with it.
* ``gain_experience``: experience points written down for the Hero (seed 000 "kirjoita
  paperille ylös"), spent in the experience step with his adventure counters.
* An encounter placed as an Ally stays with the Hero (it is not discarded after play) and counts
  against the Ally limit: over it, the player gives up an old Ally or declines the new one
  (seed 000, "A Question of Honor").
"""

from __future__ import annotations

from ..core.effects import walk
from ..core.effects_decks import GAME_GRANTS
from ..core.ir_decks import SAME_COLOUR


class DeckEffects:
    def apply_deck_grant(self, grant: dict) -> None:
        hero = self.hero(grant["hero"])
        op = grant["op"]
        if op == "draw_adventure":
            colour = grant["colour"]
            if colour == SAME_COLOUR:  # branch rbsix2: the colour of the card that says it
                colour = self.colour_of(grant["source"]) if grant.get("source") else ""
            if not colour:
                self.emit("grant_unused", **grant, reason="the card has no colour")
            elif self.state.phase == "game":
                self.draw_one_more(hero, colour)
            else:
                self.emit("grant_unused", **grant, reason=f"phase {self.state.phase}")
        elif op == "draw_market_keep":
            self.draw_market_keep(hero, grant["amount"])
        elif op == "return_to_deck":
            self.return_to_deck(grant["card"])
        elif op == "place_ally":
            self.keep_placed_ally(hero, grant["card"])
        elif op == "gain_experience":
            credit = self.state.experience_credit
            credit[hero.id] = credit.get(hero.id, 0) + grant["amount"]
            self.emit("experience_gained", hero=hero.id, points=grant["amount"],
                      written=credit[hero.id])

    # a challenge drawn by an effect was fought: the adventure whose card said it is over
    # (read and reset by draw_and_play around each card it plays; never between two steps)
    challenge_within = False

    def draw_one_more(self, hero, colour: str) -> None:
        """"Draw another adventure card (of the same colour)": one card, played."""
        card = self.draw_adventure(colour)
        if card is None:
            self.emit("deck_empty", colour=colour)
            return
        if self.resolve_card(hero, card) == "challenge":
            self.challenge_within = True

    def played_ends_adventure(self, hero, card: str) -> bool:
        """Play ``card`` drawn by an adventure: does the adventure end (a challenge fought,
        the card's own or one its text drew)?"""
        self.challenge_within = False
        kind = self.resolve_card(hero, card)
        within, self.challenge_within = self.challenge_within, False
        return kind == "challenge" or within

    def draw_market_keep(self, hero, n: int) -> None:
        s = self.state
        drawn = [s.market_deck.pop(0) for _ in range(min(n, len(s.market_deck)))]
        if not drawn:
            self.emit("market_deck_empty", town=None)
            return
        keep = drawn[0] if len(drawn) == 1 else self.ask(hero.id, "keep", sorted(set(drawn)))
        drawn.remove(keep)
        if self.card(keep).kind == "ally":
            hero.allies.append(self.catalog.new_ally(keep))
        else:
            hero.items.append(keep)
        self.combat.modifiers_changed()
        s.market_deck.extend(drawn)
        self.emit("market_keep", hero=hero.id, card=keep, to_bottom=list(drawn))
        self.enforce_limits(hero)

    def return_to_deck(self, card: str) -> None:
        """The card just played goes under its deck. It is looked for where it was just put
        first (the end of a pile: the bottom of its deck already, the doom track, the box),
        so that another copy lying out of the game is never the one taken."""
        s = self.state
        adventure = self.card(card).kind in ("challenge", "event", "encounter")
        deck = s.adventure_decks.setdefault(self.colour_of(card), []) if adventure \
            else s.market_deck
        if deck and deck[-1] == card:
            self.emit("returned_to_deck", card=card)
            return
        if not self._take_out(card):
            self.emit("grant_unused", op="return_to_deck", card=card, reason="not found")
            return
        deck.append(card)
        self.emit("returned_to_deck", card=card)

    def _take_out(self, card: str) -> bool:
        s = self.state
        for place in (s.doom_track, s.removed):
            if place and place[-1] == card:
                place.pop()
                return True
        marker = next((u for u in s.undefeated_track if u["card"] == card), None)
        if marker is not None:
            s.undefeated_track.remove(marker)
            return True
        for hero in s.heroes:
            if card in hero.items or hero.ally(card) is not None:
                self.combat._remove_card(hero, card)
                if card in hero.trophies:
                    hero.trophies.remove(card)
                return True
        for place in (*s.adventure_decks.values(), s.market_deck, s.doom_track, s.removed):
            if card in place:
                place.remove(card)
                return True
        return False

    # ------------------------------------------------------------------ placed as an Ally
    def places_as_ally(self, card_id: str) -> bool:
        """Does the card's text place it in front of the Hero as an Ally?"""
        return any(e.op == "place_ally" for a in self.card(card_id).abilities
                   for e in walk(a.effects))

    def slot_of(self, card_id: str):
        if self.card(card_id).kind != "ally" and (
                self.places_as_ally(card_id)
                or any(h.ally(card_id) is not None for h in self.state.heroes)):
            return "ally"
        return super().slot_of(card_id)

    def keep_placed_ally(self, hero, card: str) -> None:
        """Seed 000: a Hero who already has as many Allies as he may "cannot take the new Ally
        unless he first gives up one of his old ones". Over the limit, the player chooses
        (``discard_excess``) among his Allies he may give up and the new one: an old one goes
        under the market deck, the new one goes where played encounters go."""
        slot = self.slot_of(card)
        held = self.held_in(hero, slot) if slot else []
        if hero.ally(card) is not None and len(held) > self.limit(slot, hero):
            options = sorted({c for c in held if c not in hero.trophies} | {card})
            choice = options[0] if len(options) == 1 else \
                self.ask(hero.id, "discard_excess", options, slot=slot, new=card)
            if choice == card:
                self.combat._remove_card(hero, card)
                hero.trophies.remove(card)
                self.emit("ally_declined", hero=hero.id, card=card)
                self.discard_played(card, self.rules.adventure.encounter_after_play)
            else:
                self.discard_card(hero, choice, why=f"{slot} limit")
        self.enforce_limits(hero)

    def settle_placed_allies(self) -> None:
        """(Called by ``Game.settle``.) An Ally placed from an adventure card that was killed or given up went under the
        market deck with the other Allies: it is a played adventure card, so it goes where
        played encounters go (and is no longer a kept card)."""
        s = self.state
        for card in [c for c in s.market_bottom if self.card(c).kind != "ally"
                     and self.places_as_ally(c)]:
            s.market_bottom.remove(card)
            for hero in s.heroes:
                if card in hero.trophies and hero.ally(card) is None:
                    hero.trophies.remove(card)
            self.discard_played(card, self.rules.adventure.encounter_after_play)

    def discard_played(self, card: str, rule: str) -> None:
        if any(g["op"] == "place_ally" and g["card"] == card for g in self.combat.grants):
            return  # this copy was just placed in front of its Hero as an Ally: it stays
        super().discard_played(card, rule)


__all__ = ["DeckEffects", "GAME_GRANTS"]
