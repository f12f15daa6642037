"""Card text that happens to a Hero: a challenge's text for the Hero facing it (in the window
its timing names, before the Hero acts), an event's or encounter's text when drawn, the
active event's text for a window. "You" is that Hero; text with a cost is an offer.

A mixin of :class:`~runeforge.engine.runebound.core.resolver.Resolver` (it uses ``enemies``,
``moment``, ``catalog``, ``log``, ``ask`` from there). Which text runs where is the table of
card windows (:mod:`.cardwindows`, docs/windows.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runeforge.engine.common.errors import IllegalAction

from .cardwindows import FACED, FACED_TIMINGS, runner
from .effects import Context, run_all

if TYPE_CHECKING:  # annotations only
    from .catalog import Ability
    from .state import Hero


class CardText:
    def faced_text(self, hero: Hero, window: str) -> None:
        """The text of the challenge ``hero`` faces for ``window`` (its "Melee:", "After
        combat," ... abilities: the table of card windows), run once for that moment, before
        the Hero acts in it; "you" is the Hero. A "Melee:" text runs in every melee phase:
        the rule that an ability is used once per turn unless it says otherwise (seed 002,
        "May only use each ability once/turn unless otherwise noted", the IR's default
        ``turn`` limit) is about a Hero using an ability, not about what a challenge does.
        Its own limits ("Once per combat, ...", "Once per combat round, ...") count for the
        Hero facing it."""
        enemy = self.enemies.get(hero.id)
        if enemy is None or enemy.kind != "challenge" or window not in FACED_TIMINGS:
            return
        moment = self.moment
        key = (moment.combat, moment.round, window)
        if self._faced_done.get(hero.id) == key:
            return  # already run for this moment (a rule module may run it earlier)
        self._faced_done[hero.id] = key
        card = self.catalog.card(enemy.id)
        own = []
        for ability in card.abilities:
            if ability.timing != window or runner(card.kind, window) != FACED:
                continue
            limits = [lim for lim in ability.limits if lim != "turn"]
            buckets = [f"{ability.ref}@{b}" for b in moment.limit_buckets(limits, None)]
            if any(hero.used.get(b, 0) for b in buckets):
                self.log.emit("card_text_used", hero=hero.id, card=card.id,
                              text=ability.source)
                continue
            for b in buckets:
                hero.used[b] = hero.used.get(b, 0) + 1
            own.append(ability)
        if own:
            self.run_card_text(hero, card.id, own, hostile=True)

    def run_card_text(self, hero: Hero, card_id: str, abilities, hostile: bool) -> None:
        """Card text that happens to the Hero (an event, an encounter, a challenge's text).
        Text with a cost ("Pay 2 gold to draw 1 market card.") is an offer: the Hero's player
        decides (``optional``) when the Hero can pay, and nothing happens when it cannot."""
        for ability in abilities:
            self.log.emit("card_text", hero=hero.id, card=card_id, text=ability.source)
            ctx = Context(self, hero, card_id, hostile=hostile, phase=self.moment.step)
            if ability.costs and not self._offer(hero, card_id, ability, ctx):
                continue
            run_all(ability.effects, ctx)

    def _offer(self, hero: Hero, card_id: str, ability: Ability, ctx: Context) -> bool:
        try:
            for cost in ability.costs:
                cost.check(ctx)
        except IllegalAction as exc:
            self.log.emit("offer_unpayable", hero=hero.id, card=card_id, why=str(exc))
            return False
        if not self.ask(hero, "optional", [True, False], source=card_id,
                        text=ability.source):
            return False
        for cost in ability.costs:
            self.log.emit("pay", hero=hero.id, cost=cost.op, source=card_id)
            cost.pay(ctx)
        return True

