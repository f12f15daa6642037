"""Sceptre of Kyros in the whole game: the Giant Lord invasion (seed 001).

A mixin of the adventure game (:mod:`.adventure_game`). The occupying Lords wait in
``adventure_decks["red"]`` (the red deck is set aside in this adventure), so every card stays
in exactly one place; an occupied town has a red counter on its space, no market step, and a
knocked-out Hero is not moved there. When a Hero attacks a Lord in its town, the player on
the attacker's left chooses its experience tokens (decision ``giant_lord_tokens``) and then
makes every choice of the Lord: the Lord holds the usable items of the town's market stack
and fights with them through the normal effect engine (:class:`LordCombat`, mixed into the
game's combat engine). The Hero who defeats it takes one card of the stack for free. The
last liberation ends the game by fame (:func:`.kyros.ranking`).
"""

from __future__ import annotations

from ..core.effects import build_effects
from ..core.resolver import Resolver, WoundBatch
from ..core.windows import BEFORE_COMBAT, PHASES, WOUNDS_INFLICTED
from ..game.turn import TurnOver
from . import kyros

LORD_WINDOWS = (BEFORE_COMBAT, *PHASES)


class LordCombat:
    """Mixed into the game's combat engine for the fight against a Giant Lord in its town
    (seed 001: the Lord uses the town's items "tak jakby był Bohaterem", and "o tym, w jaki
    sposób Przedmioty zostaną wykorzystane, aktywowane lub odrzucone decyduje gracz na lewo
    od atakującego gracza"). While :attr:`lord` is in the fight:

    * the Lord holds its items (``held_cards``): their always-on rules and durations are in
      force for it, and in Before Combat and every phase its window opens before the
      attacker's (the challenge's side first, as the defender's in a duel); wounds inflicted
      on it open its wounds-being-inflicted window; activation, exhaustion and discard costs
      are the Lord's (a discarded item leaves the town's stack for the market deck's bottom);
    * every question about the Lord is asked of the player of ``lord.decider`` (the Hero on
      the attacker's left) with ``info["figure"]`` = the Lord's id;
    * its own rolls (an item's attack or test) are at attribute + ``test_modifier`` (−10);
      an attack against the Hero is rolled against the Hero's roll, as between two Heroes;
    * it keeps no gold and takes no market grant (a town's Lord never shops).

    Outside such a fight every method is the combat engine's own."""

    lord = None  # the LordFigure fighting now
    lord_attacker = None
    lord_stack = None  # the town's market stack (a discarded item leaves it)

    def fight_lord(self, hero, lord, stack: list):
        self.lord, self.lord_attacker, self.lord_stack = lord, hero, stack
        try:
            return self.fight(hero, lord, "normal")
        finally:
            for active in [e for e in self.state.effects if e.owner == lord.id]:
                self.state.effects.remove(active)  # the Lord's durations leave with it
                self._built.pop(id(active), None)
                self.log.emit("expired", hero=lord.id, source=active.source, until="lord")
            self.lord = self.lord_attacker = self.lord_stack = None
            self.modifiers_changed()

    def _lord_in_play(self):
        lord = self.lord
        return lord if lord is not None and lord.id in self.enemies else None

    def _begin(self, enemies: dict) -> None:
        super()._begin(enemies)
        attacker = self.lord_attacker
        if self.lord is not None and attacker is not None and enemies.get(attacker.id) is self.lord:
            self.enemies[self.lord.id] = attacker  # "your enemy" on the Lord's items
            self.modifiers_changed()

    def ask(self, hero, kind, options, source=None, **info):
        if hero is not None and hero is self.lord:
            decider = self.state.hero(hero.decider)
            return super().ask(decider, kind, options, source, figure=hero.id, **info)
        return super().ask(hero, kind, options, source, **info)

    def held_cards(self, hero):
        if hero is self.lord:
            return list(hero.items)  # its own card is the challenge the Hero faces
        return super().held_cards(hero)

    def _standing_cards(self):
        yield from super()._standing_cards()
        lord = self._lord_in_play()
        if lord is not None:
            for card_id in lord.items:
                yield lord, self.catalog.card(card_id)

    def _durations(self):
        yield from super()._durations()
        lord = self._lord_in_play()
        if lord is None:
            return
        for active in self.state.effects:  # the Lord is no Hero of the game's state
            if active.owner != lord.id:
                continue
            built = self._built.get(id(active))
            if built is None:
                built = self._built[id(active)] = build_effects(active.effects)
            yield lord, active.source, built, active.x

    def standing_modifier(self, fig, name: str) -> int:
        if fig is self.lord and fig.id in self.enemies:
            return Resolver.standing_modifier(self, fig, name)  # the full path: its items'
        return super().standing_modifier(fig, name)  # rules too

    def open_window(self, hero, window, pending=None) -> None:
        lord = self._lord_in_play()
        if (lord is not None and hero is self.lord_attacker and pending is None
                and window in LORD_WINDOWS):
            self.faced_text(hero, window)  # the challenge's own text, then the Lord
            super().open_window(lord, window)  # the Lord first
        super().open_window(hero, window, pending)

    def inflict(self, fig, amount, source, phase):
        if fig is self.lord and amount > 0 and self._lord_in_play() is not None:
            batch = WoundBatch(fig, amount, source or "", phase)
            self.open_window(fig, WOUNDS_INFLICTED, pending=batch)
            amount = batch.amount
        return super().inflict(fig, amount, source, phase)

    def roll(self, fig, purpose, attribute, bonus, target, **extra):
        if fig is self.lord and fig.test_modifier:
            extra["test_modifier"] = fig.test_modifier  # seed 001: "@, % i < ... –10"
            bonus += fig.test_modifier
        return super().roll(fig, purpose, attribute, bonus, target, **extra)

    def discard_item(self, hero, card_id):
        super().discard_item(hero, card_id)
        if hero is self.lord and self.lord_stack is not None and card_id in self.lord_stack:
            self.lord_stack.remove(card_id)

    def gain_gold(self, hero, n, source):
        if hero is self.lord:
            self.log.emit("no_effect", figure=hero.id, source=source, why="a Giant Lord "
                          "keeps no gold")
            return
        super().gain_gold(hero, n, source)

    def market_effect(self, ctx, effect):
        if ctx.owner is self.lord:
            self.log.emit("no_effect", figure=ctx.owner.id, source=ctx.source,
                          why="a Giant Lord never leaves its town to shop")
            return
        super().market_effect(ctx, effect)


def _with_lord_combat(combat) -> None:
    """Mix :class:`LordCombat` into the game's combat engine (once; like the adventure game's
    own class, :func:`.adventure_game._game_class`)."""
    if not isinstance(combat, LordCombat):
        combat.__class__ = _LORD_CLASSES.setdefault(
            type(combat), type("Lord" + type(combat).__name__, (LordCombat, type(combat)), {}))


_LORD_CLASSES: dict[type, type] = {}


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
        """(figure, tokens, usable items) of the Lord occupying ``town`` as the bots judge
        it: the bots' tokens and the static bonuses of the usable items (the fight itself
        asks the player on the left and runs the items' abilities); changes nothing."""
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

    def left_of(self, hero_id: str) -> str:
        """The Hero of the player on ``hero_id``'s left (the next seat in turn order)."""
        seats = self.state.seats
        return seats[(seats.index(hero_id) + 1) % len(seats)]

    def lord_tokens(self, decider: str, hero, town: str, lord: str, stack) -> list[str]:
        """Seed 001: "gracz na lewo od atakującego gracza może, za każdą kartę znajdującą
        się na stosie kart Handlu tego miasta, obdarzyć Lorda Olbrzymów jednym żetonem
        Doświadczenia" — the decision ``giant_lord_tokens`` of ``decider``."""
        options = kyros.token_options(len(stack))
        if len(options) == 1:  # an empty stack: nothing to give
            return []
        answer = self.ask(decider, "giant_lord_tokens", options, lord=lord, town=town,
                          attacker=hero.id, market_cards=len(stack))
        return kyros.choose_tokens(len(stack), lambda n, kinds: kyros.parse_tokens(answer))

    def fight_occupier(self, hero, town: str) -> None:
        s = self.state
        lord = self.occupied()[town]
        stack = s.market_stacks.get(town)
        stack = stack if stack is not None else []
        decider = self.left_of(hero.id)
        tokens = self.lord_tokens(decider, hero, town, lord, stack)
        usable = kyros.usable_items(stack, {c: self.card(c).data for c in stack})
        fig = kyros.giant_lord(self.card(lord).data, tokens, items=usable, decider=decider,
                               test_modifier=int(self.spec.endgame.get("test_penalty", -10)))
        s.adventure_decks["red"].remove(lord)
        self.emit("giant_lord_in_town", hero=hero.id, town=town, lord=lord, tokens=tokens,
                  items=usable, decider=decider, stats=kyros.stat_line(fig))
        _with_lord_combat(self.combat)
        result = self.combat.fight_lord(hero, fig, stack)
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
        self.adventure_defeats.append([hero.id, lord])
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
                self.combat.modifiers_changed()
                self.emit("free_market_card", hero=hero.id, card=card, town=town)
                self.enforce_limits(hero)
        super().market_step(hero)

    def closed_towns(self) -> frozenset:
        """A knocked-out Hero (or "Move your Hero to the nearest town") cannot go to an
        occupied town."""
        return frozenset(self.occupied())

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
