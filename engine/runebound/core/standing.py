"""The rules in force: what the held cards, the challenge faced, the active event and the
durations add to a figure's stats, restrict, make cost or set off; and the cache of the
standing part of those answers, which a whole game asks for thousands of times.

A mixin of :class:`~runeforge.engine.runebound.core.resolver.Resolver` (it uses
``state``, ``catalog``, ``enemies``, ``targets`` and ``heroes`` from there).

The cache (off unless :meth:`StandingRules.cache_stats` turns it on; the whole game does)
holds only what the *standing* rules give: the always-on abilities of the cards held, of the
challenge faced and of the active event. Durations ("until the end of this combat ...") and
a figure's printed stats are read afresh every time. Every change of a source of the cached
answers calls :meth:`StandingRules.modifiers_changed` (a Hero gains, loses, discards,
trades or is killed an item or Ally; a combat starts or ends; an event becomes active; a
Hero leaves the game or changes card; a Giant Lord's items change), and a refresh of the
catalog drops the cache too. With ``verify_cache`` (the game's debug mode) every answer read
from the cache is compared with a fresh computation, so a change that forgot to call
:meth:`~StandingRules.modifiers_changed` fails the soak instead of changing a game.
"""

from __future__ import annotations

from runeforge.engine.common.errors import EngineError

from .cardwindows import HELD_IN_FORCE_KINDS
from .counted import counted_modifiers
from .effects import Context, build_effects
from .effects_branching import (  # family 1 (issue 21)
    while_modifiers,
    while_modifying,
    while_ops,
    while_sources,
)
from .ir import RESTRICTIONS
from .prices import price_floor
from .state import Figure, Hero

# the acts a card can bar for its own Hero alone ("own_rest"): data of the IR
OWN_RESTRICTIONS = frozenset(a for a in RESTRICTIONS if a.startswith("own_"))
THIS_RESTRICTIONS = frozenset(a for a in RESTRICTIONS if a.startswith("this_"))  # of the card

_MISSING = object()
_ROLLS = frozenset({"ranged_roll", "melee_roll", "magic_roll", "escape_roll"})  # no printed value


class StandingRules:
    _stat_cache: dict | None = None  # key -> (identity checked object, value); None: off
    _cache_catalog = None  # the catalog summary the cached values were computed under
    _outside_cache = None  # the cache of the moment no combat runs, kept during a combat
    _held_cache: dict | None = None  # answers that depend on the cards held only,
    # keyed by those cards (held_cached)
    verify_cache = False  # recompute every value read from the cache and compare

    # ----------------------------------------------------------------- sources
    def held_cards(self, hero: Hero) -> list[str]:
        return [hero.id, *hero.items, *(a.id for a in hero.allies)]

    def _standing_cards(self):
        """(owner Hero, CardDef) of every card whose always-on rules are in force."""
        card = self.catalog.card
        for hero in self.state.heroes:
            for card_id in self.held_cards(hero):
                held = card(card_id)
                if held.kind in HELD_IN_FORCE_KINDS:  # not the text of a kept adventure card
                    yield hero, held
            enemy = self.enemies.get(hero.id)
            if enemy is not None and enemy.kind == "challenge":
                yield hero, card(enemy.id)  # the challenge's rules apply to the Hero facing it

    def _durations(self):
        """(owner Hero, card id, built effects, x) of every duration in force."""
        for active in self.state.effects:
            built = self._built.get(id(active))
            if built is None:
                built = self._built[id(active)] = build_effects(active.effects)
            owner = next((h for h in self.state.heroes if h.id == active.owner), None)
            if owner is not None:
                yield owner, active.source, built, active.x

    def static_sources(self):
        """(owner Hero, card id, effect, x) for every always-on effect and duration in force."""
        for hero, card in self._standing_cards():
            for effect in card.standing_effects:
                yield hero, card.id, effect, None
        for owner, source, built, x in self._durations():
            for effect in built:
                yield owner, source, effect, x

    def _duration_sources(self):
        """``static_sources`` of the durations only (they follow the standing ones)."""
        for owner, source, built, x in self._durations():
            for effect in built:
                yield owner, source, effect, x

    # ----------------------------------------------------------------- stats
    def stat(self, fig: Figure, name: str) -> int:
        cache = self._stat_cache
        if cache is not None and not self.verify_cache:  # the hot path: a cache hit
            hit = cache.get((id(fig), name))
            summary = self._cache_catalog
            if hit is not None and hit[0] is fig and not hit[2] \
                    and self.catalog._summary is summary \
                    and len(self.catalog.cards) == summary[0]:
                total = hit[1] if name in _ROLLS else hit[1] + getattr(fig, name, 0)
                if self.state.effects:
                    total += self.duration_modifiers(fig, name)
                if "repeat" in summary[2]:  # issue 32: counted bonuses, never cached
                    total += counted_modifiers(self, fig, name)
                return total
        total = 0 if name in _ROLLS else getattr(fig, name, 0)
        if cache is None:
            total += self.standing_modifier(fig, name)
            if "while" in self.catalog.standing_ops:  # family 1: conditional, never cached
                total += while_modifiers(self, fig, name)
        else:
            if self.catalog._summary is not self._cache_catalog \
                    or len(self.catalog.cards) != self._cache_catalog[0]:
                self.modifiers_changed()  # the catalog was refreshed (a card replaced)
                cache = self._stat_cache
            # (fig, standing part, the 'while' rules (family 1) in force that modify the
            # stat: their list is cached with the cards in play, their conditions are read
            # afresh)
            hit = cache.get((id(fig), name))
            if hit is None or hit[0] is not fig:
                hit = cache[(id(fig), name)] = (fig, self.standing_modifier(fig, name),
                                                while_modifying(self, name))
            elif self.verify_cache:
                self._verify(f"{fig.id} {name}", hit[1:],
                             (self.standing_modifier(fig, name), while_modifying(self, name)))
            total += hit[1]
            if hit[2]:
                total += while_modifiers(self, fig, name)
        if self.state.effects:
            total += self.duration_modifiers(fig, name)
        if "repeat" in self.catalog.standing_ops:  # issue 32: counted bonuses, never cached
            total += counted_modifiers(self, fig, name)
        return total

    def standing_modifier(self, fig: Figure, name: str) -> int:
        """What the always-on rules in force (held cards, the challenge faced) add to
        ``fig``'s stat ``name``; durations are not included."""
        total = 0
        if name in self.catalog.modified_stats:
            for owner, card in self._standing_cards():
                if fig is not owner and isinstance(fig, Hero) and self.everyones(card):
                    continue  # every Hero has the rule as "you": it reaches each Hero once
                for effect in card.modifiers.get(name, ()):
                    total += self._modifier(fig, owner, card.id, effect, None)
        return total

    def everyones(self, card) -> bool:
        """Is ``card``'s always-on rule every Hero's at once (the active event's, in the
        game), so that "each Hero" in it means each Hero once, not once per Hero?"""
        return False

    def duration_modifiers(self, fig: Figure, name: str) -> int:
        """What the effects lasting "until the end of …" add to ``fig``'s stat ``name``."""
        total = 0
        if self.state.effects:
            for owner, source, built, x in self._durations():
                for effect in built:
                    if effect.op == "modify" and effect.stat == name:
                        total += self._modifier(fig, owner, source, effect, x)
        return total

    def _modifier(self, fig: Figure, owner: Hero, card_id: str, effect, x) -> int:
        """``effect.value`` if the modify effect applies to ``fig``, else 0."""
        target = effect.target
        if target in ("hero", "you"):
            return effect.value if fig is owner else 0
        ctx = Context(self, owner, card_id, x=x)
        if any(f is fig for f in self.targets(ctx, target, choose=False)):
            return effect.value
        return 0

    # ----------------------------------------------------------------- restrictions, prices
    def restricted(self, action: str, hero: Hero | None = None,
                   card: str | None = None) -> str | None:
        """The card whose rule forbids ``action`` now (the first in force), or None.

        Given the ``hero`` who would act, a rule of that Hero's own (``own_<action>``: said by
        a card of theirs, the challenge they face, or, as an active event's rule, of every
        Hero) bars them too; given the ``card`` acted on, that card's rule of itself
        (``this_<action>``: "This Item cannot be sold.") does. The IR names which acts have
        such rules (``ir.RESTRICTIONS``)."""
        found = self._restricted(action, None)
        if found is None and hero is not None and f"own_{action}" in OWN_RESTRICTIONS:
            found = self._restricted(f"own_{action}", hero)
        if found is None and card is not None:
            found = self.card_restricted(action, card)
        return found

    def card_restricted(self, action: str, card: str) -> str | None:
        """``card`` when its own rule forbids ``action`` on it ("This Item cannot be sold.":
        ``this_<action>``), else None."""
        this = f"this_{action}"
        if this not in THIS_RESTRICTIONS or this not in self.catalog.restricted_actions:
            return None  # no card has such a rule of itself
        found = any(e.op == "restrict" and e.action == this
                    for e in self.catalog.card(card).standing_effects)
        return card if found else None

    def _restricted(self, action: str, hero: Hero | None) -> str | None:
        whiles = "restrict" in while_ops(self.catalog)  # family 1: conditional, never cached
        if not self.state.effects and action not in self.catalog.restricted_actions \
                and not whiles:
            return None  # no card has such a rule and no duration is in force
        found = self.standing_cached(("restricted", action, id(hero)), hero,
                                     self._restricted_by, action, hero)
        if found is None and self.state.effects:
            found = self._restricted_by(action, hero, self._duration_sources())
        if found is None and whiles:
            found = self._restricted_by(action, hero, while_sources(self, "restrict"))
        return found

    def _restricted_by(self, action: str, hero: Hero | None, sources=None) -> str | None:
        """The first card of ``sources`` (the standing ones when None) with the rule; of
        ``hero``'s own when one is given."""
        for owner, card_id, effect, _x in (self._standing_sources() if sources is None
                                           else sources):
            if effect.op == "restrict" and effect.action == action \
                    and (hero is None or owner is hero):
                return card_id
        return None

    def _standing_sources(self):
        for hero, card in self._standing_cards():
            for effect in card.standing_effects:
                yield hero, card.id, effect, None

    def price_of(self, hero: Hero, card_id: str) -> int:
        """What ``card_id`` (an item or Ally) costs ``hero``: the printed cost times every cost
        factor in force for it, then plus every delta (seed 002: discounts after doubling),
        never below 0."""
        card = self.catalog.card(card_id)
        subject = "ally" if card.kind == "ally" else "item"
        factor, delta = self.standing_cached(("price", id(hero), subject), hero,
                                             self._cost_factors, hero, subject)
        if self.state.effects:
            more, plus = self._cost_factors(hero, subject, self._duration_sources())
            factor, delta = factor * more, delta + plus
        if "cost_modifier" in while_ops(self.catalog):  # family 1: conditional, never cached
            more, plus = self._cost_factors(hero, subject, while_sources(self, "cost_modifier"))
            factor, delta = factor * more, delta + plus
        floor = self.standing_cached(("price_floor", id(hero), subject), hero, price_floor,
                                     self, hero, subject)  # issue 32 (session rbrules)
        if self.state.effects or "cost_modifier" in while_ops(self.catalog):
            floor = max(floor, price_floor(self, hero, subject, live=True))
        return max(min(floor, card.cost), card.cost * factor + delta, 0)

    def _cost_factors(self, hero: Hero, subject: str, sources=None) -> tuple[int, int]:
        factor, delta = 1, 0
        for owner, _src, effect, _x in (self._standing_sources() if sources is None
                                        else sources):
            if owner is hero and effect.op == "cost_modifier" and subject in effect.subjects:
                if effect.factor is not None:
                    factor *= effect.factor
                if effect.delta is not None:
                    delta += effect.delta
        return factor, delta

    def standing_triggers(self) -> list[tuple]:
        """(owner, card id, effect, None) of every standing trigger in force, in the order of
        ``static_sources`` (a list: firing one may change what is held)."""
        return self.standing_cached(("triggers",), None, lambda: [
            source for source in self._standing_sources() if source[2].op == "trigger"])

    # ----------------------------------------------------------------- the cache
    def cache_stats(self, on: bool = True) -> None:
        """Cache the standing part of ``stat``, ``restricted``, ``price_of``, the standing
        triggers and the abilities a Hero may use in a window (see the module's text)."""
        self._stat_cache = {} if on else None
        self._held_cache = {} if on else None
        self._cache_catalog = self.catalog._summary

    def modifiers_changed(self) -> None:
        """Drop every cached answer: a source of the standing rules changed."""
        end_unheld(self)  # family 8: "until this card is discarded" (durations_more.py)
        if self._stat_cache is not None:
            self._drop_standing()  # (the held-card answers are keyed by the cards held)

    def _drop_standing(self) -> None:
        self._stat_cache = {}
        self._outside_cache = None
        self.catalog._summarised()  # refreshed if cards were added
        if self._cache_catalog is not self.catalog._summary:
            self._held_cache = {}
            self._cache_catalog = self.catalog._summary

    def enemies_changed(self, before: dict) -> None:
        """``enemies`` changed from ``before``: a combat started or ended. The answers of the
        moment no combat runs are kept for its end, unless a source changes meanwhile."""
        if self._stat_cache is None:
            return
        if not before and self.enemies:  # a combat starts: keep the answers outside it
            outside = self._stat_cache
            self._drop_standing()
            self._outside_cache = outside
        elif before and not self.enemies and self._outside_cache is not None:
            self._stat_cache, self._outside_cache = self._outside_cache, None
        else:
            self._drop_standing()

    def standing_cached(self, key: tuple, owner, compute, *args):
        """``compute(*args)``, from the cache when it is on (``owner``, when given, is the
        object ``key`` names by ``id()``, checked on every hit)."""
        if self._stat_cache is None:
            return compute(*args)
        if self.catalog._summary is not self._cache_catalog:
            self.modifiers_changed()
        cache = self._stat_cache
        hit = cache.get(key, _MISSING)
        if hit is _MISSING or hit[0] is not owner:
            value = compute(*args)
            cache[key] = (owner, value)
            return value
        if self.verify_cache:
            self._verify(repr(key), hit[1], compute(*args))
        return hit[1]

    def held_cached(self, key: tuple, compute, *args):
        """``compute(*args)`` for an answer that depends on nothing but the cards ``key``
        names (all of them: the cards a Hero holds) and the catalog: kept for the whole game,
        whatever changes hands (other cards make another key), dropped only when the
        catalog is refreshed. Cards change hands about 20 times a game, and each change
        used to drop the answers of every Hero."""
        memo = self._held_cache
        if memo is None:
            return compute(*args)
        if self.catalog._summary is not self._cache_catalog:
            self.modifiers_changed()
            memo = self._held_cache
        found = memo.get(key, _MISSING)
        if found is _MISSING:
            found = memo[key] = compute(*args)
        elif self.verify_cache:
            self._verify(repr(key), found, compute(*args))
        return found

    @staticmethod
    def _verify(what: str, cached, fresh) -> None:
        if fresh != cached:
            raise EngineError(f"stale standing-rules cache: {what} is {fresh!r}, the cache "
                              f"says {cached!r} (a change of its sources did not call "
                              "modifiers_changed)")


from .durations_more import end_unheld  # noqa: E402  family 8 (issue 21)
