"""Turn step 3: the adventure (seed 000 "Askel 3: Seikkailu"; seed 002 "Adventure").

On a space with an adventure counter the Hero may draw from the deck of its colour: events and
encounters are played and another card drawn, until a challenge is fought. On an undefeated
challenge marker the Hero fights that challenge instead. With other Heroes on the space the
Hero may attack one or negotiate (trade) instead of adventuring.

Decision ``adventure``: ``counter``, ``undefeated``, ``attack:<hero>``, ``trade:<hero>`` or
``pass``. A trade asks ``trade`` (and, for a deal, ``trade_give``, ``trade_ask`` and
``trade_gold``) of the active player and ``accept_trade`` of the other.
"""

from __future__ import annotations

from ..core.cardwindows import drawn_text
from ..core.durations_more import event_drawn
from .turn import TurnOver

MAX_DRAWS = 60  # a safety net: an adventure ends once this many cards were drawn


class AdventureStep:
    # ------------------------------------------------------------------ the step
    def adventure_step(self, hero) -> None:
        s = self.state
        space = s.positions[hero.id]
        barred = self.barred_colours(hero.id)
        options = []
        marker = s.undefeated_at(space)
        if marker is not None:
            if self.colour_of(marker["card"]) not in barred:
                options.append("undefeated")
        elif (space in s.board_counters and s.board_counters[space] not in barred
              and self.can_draw(s.board_counters[space])):
            options.append("counter")
        others = [h for h in s.heroes_at(space) if h != hero.id]
        no_attack = others and self.combat.restricted("attack_heroes", hero) is not None  # rbrules
        for other in others:
            options += [f"trade:{other}"] if no_attack else [f"attack:{other}", f"trade:{other}"]
        if not options:
            return
        options.append("pass")
        choice = self.ask(hero.id, "adventure", options, space=space)
        if choice == "counter":
            self.draw_and_play(hero, s.board_counters[space])
        elif choice == "undefeated":
            s.undefeated_track.remove(marker)
            self.emit("undefeated_challenge", hero=hero.id, card=marker["card"], space=space)
            self.fight_card(hero, marker["card"], "normal")
        elif choice.startswith("attack:"):
            self.attack_hero(hero, self.hero(choice[7:]))
        elif choice.startswith("trade:"):
            self.negotiate(hero, self.hero(choice[6:]))
        self.after_effects(hero)

    def draw_and_play(self, hero, colour: str) -> None:
        for _ in range(MAX_DRAWS):
            card = self.draw_adventure(colour)
            if card is None:
                self.emit("deck_empty", colour=colour)
                return
            if self.played_ends_adventure(hero, card):
                return

    def resolve_card(self, hero, card: str, hazard: bool = False) -> str:
        kind = self.card(card).kind
        self.emit("adventure_card", hero=hero.id, card=card, kind=kind, hazard=hazard)
        if kind == "event":
            self.play_event(hero, card)
        elif kind == "encounter":
            self.play_encounter(hero, card)
        elif kind == "challenge":
            self.fight_card(hero, card, "hazard" if hazard else "normal")
        else:  # pragma: no cover - decks hold adventure cards only
            self.discard_played(card, "deck-bottom")
        self.after_effects(hero)
        return kind

    # ------------------------------------------------------------------ challenges
    def fight_card(self, hero, card: str, mode: str):
        result = self.combat.fight(hero, self.catalog.new_challenge(card), mode)
        self.settle()
        self.emit("fight_result", hero=hero.id, card=card, outcome=result.outcome)
        if result.outcome == "escaped":
            self.move_back(hero)
            raise TurnOver()
        if result.outcome in ("knocked_out", "abandoned"):
            if result.outcome == "abandoned":
                self.challenge_undefeated(card, hero.id, mode)
            if mode != "endgame":
                self.move_to_nearest_town(hero)
            self.check_win(hero)
            raise TurnOver()
        self.enforce_limits(hero)
        self.check_win(hero)
        return result

    def take_counter(self, hero, colour: str, mode: str) -> str | None:
        """The adventure counter of a defeated challenge: from the space (normal), from the
        box (travel hazard; none if the box has none of that colour), none in the endgame."""
        s = self.state
        space = s.positions.get(hero.id)
        if mode == "normal" and space in s.board_counters:
            got = s.board_counters.pop(space)
        elif mode != "endgame" and s.box_counters.get(colour, 0) > 0:
            s.box_counters[colour] -= 1
            got = colour
        else:
            return None
        hero.adventure_counters.append(got)
        return got

    def challenge_done(self, card: str, mode: str) -> None:
        rule = "removed" if mode == "endgame" else self.rules.adventure.defeated_challenge
        self.discard_played(card, rule)

    def challenge_undefeated(self, card: str, hero_id: str, mode: str) -> None:
        if mode == "hazard":  # seed 002: to the doom track, not an undefeated adventure
            self.discard_played(card, "doom-track")
        elif mode == "endgame":
            self.state.adventure_decks.setdefault(self.colour_of(card), []).append(card)
        else:
            self.to_undefeated(card, self.state.positions.get(hero_id))

    def to_undefeated(self, card: str, space: str | None) -> None:
        """Seed 000: the track has 6 places; when full, the card that has been there longest
        goes to the bottom of its colour deck and its marker moves to the new place. While the
        doom track is in play that card, fought and not defeated, is a played card: it goes to
        the doom track instead (seed 000 Path of Doom: played cards never go under the deck;
        seed 002: every discard goes to the doom track)."""
        track = self.state.undefeated_track
        if len(track) >= self.board.undefeated_slots:
            oldest = track.pop(0)
            self.emit("undefeated_full", card=oldest["card"])
            self.discard_played(oldest["card"], "deck-bottom")
        track.append({"card": card, "space": space})
        self.emit("undefeated", card=card, space=space)

    # ------------------------------------------------------------------ events
    def play_event(self, hero, card: str) -> None:
        s = self.state
        event_drawn(self.combat)  # family 8: "until the next event" ends (durations_more.py)
        self.combat.fire({"kind": "event_draw", "hero": hero.id, "card": card})  # issue 32
        number = int(self.card(card).data.get("event_number", 1))
        current = s.active_event
        now = int(self.card(current).data.get("event_number", 1)) if current else None
        renews = self.card(card).data.get("renew", True)
        if not self.rules.adventure.event_replaces(number, now):
            self.emit("event_ignored", card=card, active=current)
            self.discard_played(card, self.rules.adventure.event_discard)
            if renews and self.rules.adventure.renew_on == "draw":
                self.renew_counters(hero)  # the sun icon is on the card drawn (seed 001)
            return
        if current:
            self.discard_played(current, self.rules.adventure.event_discard)
        s.active_event = card
        self.combat.modifiers_changed()  # its always-on rules apply to every Hero
        self.emit("event", card=card, replaces=current)
        self.combat.run_card_text(hero, card, drawn_text(self.card(card)), hostile=True)
        if renews:
            self.renew_counters(hero)

    def renew_counters(self, hero) -> None:
        """The sun icon: counters from the box onto empty sun-ringed gems of their colour; if
        the box is short, the Hero who drew the event chooses the spaces."""
        s = self.state
        for colour in ("green", "yellow", "blue", "red"):
            empty = sorted(sp.id for sp in self.board.gems(colour, sun_only=True)
                           if sp.id not in s.board_counters)
            while empty and s.box_counters.get(colour, 0) > 0:
                space = empty[0] if s.box_counters[colour] >= len(empty) else \
                    self.ask(hero.id, "renew_space", list(empty), colour=colour)
                empty.remove(space)
                s.box_counters[colour] -= 1
                s.board_counters[space] = colour
                self.emit("counter_renewed", space=space, colour=colour)

    # ------------------------------------------------------------------ encounters
    def play_encounter(self, hero, card: str) -> None:
        cdef = self.card(card)
        self.combat.run_card_text(hero, card, drawn_text(cdef), hostile=True)
        reward = cdef.data.get("reward") or {}
        if reward.get("gold"):
            self.combat.gain_gold(hero, int(reward["gold"]), source=card)
        if reward.get("keep") and reward.get("becomes") == "item":
            hero.items.append(card)
            self.combat.modifiers_changed()
            hero.trophies.append(card)
            self.enforce_limits(hero)
            return
        if card in hero.trophies:  # its text said "keep it as a trophy" (issue 32)
            return
        self.discard_played(card, self.rules.adventure.encounter_after_play)

    # ------------------------------------------------------------------ decks
    def draw_adventure(self, colour: str) -> str | None:
        deck = self.state.adventure_decks.get(colour) or []
        if not deck:
            self.refill_deck(colour)
        return deck.pop(0) if deck else None

    def can_draw(self, colour: str) -> bool:
        if not self.state.adventure_decks.get(colour):
            self.refill_deck(colour)
        return bool(self.state.adventure_decks.get(colour))

    def has_challenge(self, colour: str) -> bool:
        """Does the deck of ``colour`` (refilled if empty) still hold a challenge?"""
        self.can_draw(colour)
        card = self.card
        return any(card(c).kind == "challenge" for c in self.state.adventure_decks[colour])

    def refill_deck(self, colour: str) -> None:
        """Seed 002: an exhausted draw pile is rebuilt from the challenge cards of its colour
        in the discard pile (the doom track and the cards it discarded when full), shuffled. Never in the endgame."""
        s = self.state
        if s.phase != "game":
            return
        found = [(place, c) for place in (s.doom_track, s.discard_pile) for c in place
                 if self.card(c).kind == "challenge" and self.colour_of(c) == colour]
        if not found:
            return
        for place, card in found:
            place.remove(card)
        cards = [c for _, c in found]
        self.rng.shuffle(cards)
        s.adventure_decks.setdefault(colour, []).extend(cards)
        self.emit("deck_refilled", colour=colour, cards=len(cards))

    def to_deck_bottom(self, card: str) -> None:
        self.state.adventure_decks.setdefault(self.colour_of(card), []).append(card)

    def discard_played(self, card: str, rule: str) -> None:
        """Where a played adventure card goes: ``deck-bottom``, ``doom-track`` or
        ``removed``. While the doom track is in play, every card that would go under its
        deck goes to the doom track instead (Path of Doom); without it, to the deck."""
        if self.state.phase == "endgame":
            rule = "removed"
        if rule == "deck-bottom" and self.state.doom:
            rule = "doom-track"
        if rule == "doom-track" and not self.state.doom:
            rule = "deck-bottom"
        if rule == "removed":
            self.state.removed.append(card)
        elif rule == "doom-track":
            self.add_to_doom_track(card)
        else:
            self.to_deck_bottom(card)

    # ------------------------------------------------------------------ other Heroes
    def attack_hero(self, hero, other) -> None:
        self.emit("hero_attack", attacker=hero.id, defender=other.id)
        result = self.combat.fight_heroes(hero, other)
        self.settle()
        if result.outcome == "escaped":
            self.move_back(hero)
        elif result.loser in (hero.id, other.id) and result.outcome == "won":
            self.move_to_nearest_town(self.hero(result.loser))
            self.enforce_limits(self.hero(result.winner))
        self.check_win(hero)
        raise TurnOver()

    def negotiate(self, hero, other) -> None:
        """Seed 000 "Neuvottelut": "voit vaihtaa tai kaupata tavaroita ja kumppaneita.
        Kaikkien pelaajien tekemien neuvottelujen tulokset ovat sitovia." Decision ``trade``:
        ``none``, the quick offers ``swap:<mine>:<theirs>`` and ``buy:<theirs>:<printed
        cost>``, or ``offer``: a deal of any cards and gold each way, built in steps
        (:meth:`build_deal`). The other player accepts or refuses (``accept_trade``); an
        accepted deal is carried out at once (binding)."""
        offers = ["none"]
        mine = [*hero.items, *(a.id for a in hero.allies)]
        theirs = [*other.items, *(a.id for a in other.allies)]
        offers += [f"swap:{a}:{b}" for a in sorted(set(mine)) for b in sorted(set(theirs))]
        offers += [f"buy:{b}:{self.card(b).cost}" for b in sorted(set(theirs))
                   if 0 < self.card(b).cost <= hero.gold]
        offers.append("offer")
        offer = self.ask(hero.id, "trade", offers, other=other.id)
        if offer == "none":
            return
        info = {}
        if offer == "offer":
            deal = self.build_deal(hero, other, mine, theirs)
            if deal is None:
                self.emit("trade_empty", hero=hero.id, other=other.id)
                return
            offer = "deal:{}:{}:{}".format(",".join(deal["give"]), ",".join(deal["ask"]),
                                           deal["gold"])
            info["deal"] = deal
        if not self.ask(other.id, "accept_trade", [True, False], offer=offer, other=hero.id,
                        **info):
            self.emit("trade_refused", hero=hero.id, other=other.id, offer=offer)
            return
        parts = offer.split(":")
        if parts[0] == "swap":
            self.transfer(hero, other, parts[1])
            self.transfer(other, hero, parts[2])
        elif parts[0] == "buy":
            self.transfer(other, hero, parts[1])
            price = int(parts[2])
            self.combat.set_tokens(hero, "gold", hero.gold - price, "trade")
            self.combat.set_tokens(other, "gold", other.gold + price, "trade")
        else:
            deal = info["deal"]
            for card in deal["give"]:
                self.transfer(hero, other, card)
            for card in deal["ask"]:
                self.transfer(other, hero, card)
            payer, payee = (hero, other) if deal["gold"] > 0 else (other, hero)
            if deal["gold"]:
                amount = abs(deal["gold"])
                self.combat.set_tokens(payer, "gold", payer.gold - amount, "trade")
                self.combat.set_tokens(payee, "gold", payee.gold + amount, "trade")
        self.emit("trade", hero=hero.id, other=other.id, offer=offer)
        self.enforce_limits(hero)
        self.enforce_limits(other)
        self.check_win(hero)

    def build_deal(self, hero, other, mine: list, theirs: list) -> dict | None:
        """The active player's offer, in steps: ``trade_give`` (a card of his to give, one
        at a time, or ``done``), ``trade_ask`` (a card of the other's to ask for, or
        ``done``), then ``trade_gold`` (gold he pays, from 0 to all his gold, or, negative,
        gold he asks, down to all the other's). Returns ``{give, ask, gold}`` or None when
        nothing would change hands."""
        picked = {}
        for kind, pool in (("trade_give", mine), ("trade_ask", theirs)):
            chosen: list[str] = []
            left = list(pool)
            while left:
                choice = self.ask(hero.id, kind, [*sorted(set(left)), "done"], other=other.id,
                                  chosen=list(chosen))
                if choice == "done":
                    break
                left.remove(choice)
                chosen.append(choice)
            picked[kind] = chosen
        gold = self.ask(hero.id, "trade_gold", list(range(-other.gold, hero.gold + 1)),
                        other=other.id, give=picked["trade_give"], ask=picked["trade_ask"])
        if not (picked["trade_give"] or picked["trade_ask"] or gold):
            return None
        return {"give": picked["trade_give"], "ask": picked["trade_ask"], "gold": gold}

    def transfer(self, giver, taker, card: str) -> None:
        got = self.combat._remove_card(giver, card)
        if isinstance(got, str):
            taker.items.append(card)
        else:
            taker.allies.append(got)
        self.combat.modifiers_changed()
        if card in giver.trophies:
            giver.trophies.remove(card)
            taker.trophies.append(card)
            self.combat.trophy_moved(giver, taker, card)
