"""Turn step 4: the market (seed 000 "Askel 4: Markkinat"; seed 002 "Market").

In a town: draw ``draw_on_visit`` market cards into the town's stack, open the market window
(abilities such as "draw 1 market card"), then buy, hire, sell, heal and discard in any order.
Prices go through the cost modifiers in force (items held, the active event): all factors
first, then the deltas (seed 002: discounts apply after doubling); a price is never below 0.
Carrying limits (ruleset data): weapons, armor, Allies, and familiars in a place of their own.

Decision ``market``: ``buy:<card>``, ``hire:<card>``, ``sell:<card>``, ``heal_wound:<figure>``,
``heal_exhaustion:<figure>``, ``discard:<card>`` or ``done``. ``discard_excess`` asks which
card to give up when a limit is exceeded.

Discarding (seed 000 "Kumppaneiden tai esineiden poistamisen pelistä voi tehdä milloin vain"):
an item or Ally may be given up at any time, to the bottom of the market deck; kept adventure
cards never ("Näitä kortteja ei voi myydä, hukata tai hävittää"). The engine offers it as
``discard:<card>`` in the market step and in the ``movement`` decision (the two points of the
turn where it can change anything: room to buy or hire, and the dice a wounded Ally costs),
and asks ``discard_excess`` whenever a limit is exceeded.
"""

from __future__ import annotations

from runeforge.engine.common.errors import IllegalAction

from ..core.effects_rbcost import hero_act  # branch rbcost: "you hire an Ally"
from ..core.effects_trig import ally_leaves
from ..core.market_rbmarket import heal_price as _heal_price  # branch rbmarket
from ..core.market_rbmarket import sell_price as _sell_price
from ..core.state import item_left
from ..core.windows import MARKET_STEP, moment_at
from .carry_rblimits import carried_in, has_room, limit_bonus  # branch rblimits

MAX_MARKET_ACTIONS = 24  # a safety net for players that never say "done"


class MarketStep:
    def market_step(self, hero) -> None:
        s = self.state
        town = self.board.space(s.positions[hero.id]).town
        self.market_draw(town, self.rules.market.draw_on_visit)
        self.combat.moment = moment_at(MARKET_STEP, turn=s.turn)
        self.combat.open_window(hero, MARKET_STEP)
        self.combat.moment = moment_at("none", turn=s.turn)
        self.after_effects(hero)
        for _ in range(MAX_MARKET_ACTIONS):
            options = self.market_options(hero, town)
            prices = {o: self.price(hero, o.split(":", 1)[1]) for o in options
                      if o.startswith(("buy:", "hire:"))}
            choice = self.ask(hero.id, "market", options, town=town, prices=prices)
            if choice == "done":
                break
            self.market_action(hero, town, choice)
        self.after_effects(hero)

    def market_draw(self, town: str, n: int) -> None:
        s = self.state
        for _ in range(n):
            if not s.market_deck:
                self.emit("market_deck_empty", town=town)
                return
            card = s.market_deck.pop(0)
            s.market_stacks.setdefault(town, []).append(card)
            self.emit("market_draw", town=town, card=card)

    # ------------------------------------------------------------------ prices
    def price(self, hero, card_id: str) -> int:
        return self.combat.price_of(hero, card_id)

    def sell_price(self, card_id: str, hero=None) -> int | None:
        cost = self.card(card_id).cost
        share = self.rules.market.sell_price(cost)
        # branch rbmarket: "Heroes sell Items for their full cost instead of half."
        return share if hero is None else _sell_price(self.combat, hero, card_id, cost, share)

    def heal_price(self, hero, token: str) -> int:
        """Gold to heal one wound / exhaustion: the ruleset's, or a rule's in force (rbmarket:
        "Healing a wound costs 2 gold instead of 1.")."""
        m = self.rules.market
        base = m.wound_price if token == "wounds" else m.exhaustion_price
        return _heal_price(self.combat, hero, token, base)

    # ------------------------------------------------------------------ options
    def market_options(self, hero, town: str) -> list[str]:
        options = []
        # issue 32: "Heroes cannot buy Items.", "... Allies." (lang4), "You cannot ..." (prohib)
        no_items = self.combat.restricted("buy_items", hero)
        no_allies = self.combat.restricted("buy_allies", hero)
        for card_id in sorted(set(self.state.market_stacks.get(town, []))):
            kind = self.card(card_id).kind
            if (no_allies if kind == "ally" else no_items):
                continue
            if self.price(hero, card_id) <= hero.gold and self.room_for(hero, card_id):
                options.append(("hire:" if kind == "ally" else "buy:") + card_id)
        no_selling = self.combat.restricted("sell_items", hero)  # "Items cannot be sold." (rbrules)
        for card_id in sorted(set(hero.items)) if no_selling is None else ():
            if card_id not in hero.trophies and self.sell_price(card_id, hero) is not None \
                    and self.combat.card_restricted("sell_items", card_id) is None:
                options.append(f"sell:{card_id}")
        options += [f"discard:{c}" for c in self.discardable(hero)]
        wound_price, exhaustion_price = (self.heal_price(hero, t) for t in ("wounds", "exhaustion"))
        unhealed = self.combat.restricted("heal_in_town", hero)  # "Heroes cannot be healed in towns."
        for fig in [hero, *hero.allies]:
            if fig.wounds and hero.gold >= wound_price and (fig is not hero or unhealed is None):
                options.append(f"heal_wound:{fig.id}")
            if fig.exhaustion and hero.gold >= exhaustion_price:
                options.append(f"heal_exhaustion:{fig.id}")
        options.append("done")
        return list(dict.fromkeys(options))

    def market_action(self, hero, town: str, choice: str) -> None:
        verb, _, what = choice.partition(":")
        stack = self.state.market_stacks.setdefault(town, [])
        m = self.rules.market
        if verb in ("buy", "hire"):
            self.combat.set_tokens(hero, "gold", hero.gold - self.price(hero, what), verb)
            stack.remove(what)
            if verb == "hire":
                hero.allies.append(self.catalog.new_ally(what))
            else:
                hero.items.append(what)
            self.combat.modifiers_changed()
            if verb == "hire":  # "When you hire an Ally, ..." (branch rbcost)
                hero_act(self.combat, hero, "hire", card=what)  # rbwho: "hire this Ally"
            if verb == "buy":  # issue 32: "When you buy this card / an Item, ..."
                self.combat.fire({"kind": "card_buy", "hero": hero.id, "card": what})
                self.combat.fire({"kind": "item_buy", "hero": hero.id, "card": what})
        elif verb == "sell":
            # issue 32: "When you sell this card, ..." runs while the Hero still holds it
            self.combat.fire({"kind": "card_sell", "hero": hero.id, "card": what})
            self.combat.fire({"kind": "item_sell", "hero": hero.id, "card": what})
            price = self.sell_price(what, hero)  # while the Hero holds it ("this card")
            hero.items.remove(what)
            self.combat.modifiers_changed()
            item_left(hero, what)
            stack.append(what)
            self.combat.gain_gold(hero, price, source="sell")
        elif verb == "heal_wound":
            fig = self._figure(hero, what)
            self.combat.set_tokens(hero, "gold", hero.gold - self.heal_price(hero, "wounds"), "heal")
            self.combat.set_tokens(fig, "wounds", fig.wounds - 1, "heal")
        elif verb == "heal_exhaustion":
            fig = self._figure(hero, what)
            self.combat.set_tokens(hero, "gold", hero.gold - self.heal_price(hero, "exhaustion"),
                                   "heal")
            cleared = fig.exhaustion if m.exhaustion_per == "figure" else 1
            self.combat.set_tokens(fig, "exhaustion", fig.exhaustion - cleared, "heal")
        elif verb == "discard":
            self.discard_card(hero, what, why="player")
        self.emit("market", hero=hero.id, action=choice, gold=hero.gold)

    @staticmethod
    def _figure(hero, fig_id: str):
        return hero if fig_id == hero.id else hero.ally(fig_id)

    # ------------------------------------------------------------------ carrying limits
    def slot_of(self, card_id: str) -> str | None:
        card = self.card(card_id)
        if card.kind == "ally" or card.data.get("becomes") == "ally":
            return "familiar" if card.data.get("familiar") else "ally"
        cls = card.data.get("class")
        return cls if cls in ("weapon", "armor") else None

    def limit(self, slot: str, hero=None) -> int:  # hero: with the rules that change it
        m = self.rules.market
        return max(0, {"weapon": m.weapon_limit, "armor": m.armor_limit, "ally": m.ally_limit,
                       "familiar": m.familiar_limit}[slot] + limit_bonus(self, hero, slot))

    def held_in(self, hero, slot: str) -> list[str]:
        return carried_in(self, hero, slot)  # branch rblimits: what each card counts as

    def room_for(self, hero, card_id: str) -> bool:
        return has_room(self, hero, card_id)  # branch rblimits: every slot the card fills

    def enforce_limits(self, hero) -> None:
        """Over a limit (a reward, spoils, a trade): give up cards of that kind until within
        it; kept adventure cards are never given up (seed 000)."""
        for slot in ("weapon", "armor", "ally", "familiar"):
            while len(self.held_in(hero, slot)) > self.limit(slot, hero):
                losable = sorted({c for c in self.held_in(hero, slot) if c not in hero.trophies})
                if not losable:
                    break
                card = losable[0] if len(losable) == 1 else \
                    self.ask(hero.id, "discard_excess", losable, slot=slot)
                self.discard_card(hero, card, why=f"{slot} limit")

    def discardable(self, hero) -> list[str]:
        """The items and Allies the player may give up (not kept adventure cards)."""
        cards = [*hero.items, *(a.id for a in hero.allies)]
        return sorted({c for c in cards if c not in hero.trophies})

    def discard_card(self, hero, card: str, why: str) -> None:
        """Seed 000: a discarded item or Ally goes to the bottom of the market deck."""
        if card not in self.discardable(hero):
            raise IllegalAction(f"{hero.name} cannot discard {card!r}")
        if hero.ally(card) is not None:  # "this Ally is discarded" (issue 32, branch rbtrig)
            ally_leaves(self.combat, hero, card)
        self.combat._remove_card(hero, card)
        self.state.market_deck.append(card)
        self.emit("discarded", hero=hero.id, card=card, to="market_bottom", why=why)
