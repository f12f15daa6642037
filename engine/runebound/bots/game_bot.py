"""Game bots. Both answer every question through the same interface as a human player
(:class:`~runeforge.engine.common.decisions.Player`): the engine offers the legal options, the
bot picks one, the engine checks it.

* :class:`RandomBot` picks uniformly among the legal options (its own seeded RNG).
* :class:`GameBot` (``heuristic``): combat decisions from the combat
  :class:`~runeforge.engine.runebound.bots.combat_bot.HeuristicBot`; it moves toward adventure
  counters of colours it expects to beat (a quick estimate against the average challenge of the
  colour, or the undefeated challenge itself), heals and shops in towns, buys the experience
  that most raises its estimated chances against what is left to beat (the undefeated
  challenges and the colours it may still draw), and attacks another Hero only to stop them
  winning with runes. In Sceptre of Kyros it judges an occupied town by the Giant Lord as it
  would fight there (:func:`occupier_at`), goes there when it expects to win or nothing else is
  left, and never escapes from it (escaping leaves the Lord whole; a knock-out heals the Hero).
"""

from __future__ import annotations

import random

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.errors import EngineError

from . import choices
from .combat_bot import HeuristicBot
from .doom_clock import endgame_near
from .estimates import PHASE_ATTR, _has_challenge, _strength, win_estimate
from .space_values import (  # noqa: F401  (stalled, occupier_at: imported from here too)
    _average_of,
    _averages,
    _Spaces,
    before_wounds,
    hazard_spaces,
    occupier_at,
    stalled,
)

# how much more a hurt Hero values a town's healing when the endgame is near
# (doom_clock.endgame_near): above any adventure's value (at most 10 x its odds)
ENDGAME_HEAL = 6.0



class RandomBot(Player):
    """Uniform among the legal options, with two leanings so that games move on: an offered
    adventure is never passed up (``pass`` only when nothing else is offered), and half of
    the time it moves to a reachable space with an adventure counter (not an undefeated
    challenge), if there is one."""

    def __init__(self, seed=0):
        self.rng = random.Random(f"runeforge-random-bot-{seed}")

    def decide(self, decision, engine):
        if decision.kind in choices.NEW_KINDS:
            return choices.answer(decision, engine)
        options = choices.old_options(decision.kind, decision.options)
        if not options:
            raise EngineError(f"no options for {decision.kind}")
        if decision.kind == "adventure" and len(options) > 1:
            options = [o for o in options if o != "pass"]
        if decision.kind == "destination" and self.rng.random() < 0.5:
            s = engine.game.state
            adventures = [o for o in options if o in s.board_counters
                          and s.undefeated_at(o) is None]
            options = adventures or options
        return self.rng.choice(options)


def make_bot(name: str, seed) -> Player:
    if name == "random":
        return RandomBot(seed)
    if name == "heuristic":
        return GameBot()
    raise EngineError(f"unknown bot {name!r}; choose random or heuristic")


class GameBot(HeuristicBot):
    """``odds(engine, hero, enemy_stats, before_wounds) -> float``: the exact win probability
    the bot judges a victory card's fight by (engine/runebound/analysis/bot_odds.py gives it;
    the bots' layer cannot import the analysis), else the quick estimate."""

    def __init__(self, odds=None):
        self._averages: dict[str, dict] = {}
        self._tries: dict[str, int] = {}  # undefeated challenges this bot failed against
        self.odds = odds

    # ---- the victory card (High Lord Margath) on the undefeated track ----------------------
    def victory_odds(self, engine, hero, card) -> float:
        """The chance to defeat a card that wins the game, from the Hero's current wounds."""
        if self.odds is None:
            return win_estimate(engine, hero, card.data)
        return self.odds(engine, hero, card.data, before_wounds(card))

    @staticmethod
    def victory_threshold(game) -> float:
        """Fight the card that wins the game from this chance on: 0.5 at the start, falling to
        0.2 as the doom track nears the endgame (waiting is worth less and less; a knock-out
        costs gold and a card, not the game). Not a throw-away: below it, never."""
        total = max(1, game.doom_tokens_total()) if game.state.doom else 0
        left = 1 - game.state.doom_tokens / total if total else 1.0
        return 0.2 + 0.3 * left

    def wins_by_defeating(self, game, card_id: str) -> bool:
        return card_id in game.adventure.defeat_to_win

    def decide(self, decision, engine):
        if decision.kind in choices.NEW_KINDS:
            return choices.answer(decision, engine)
        if decision.kind == "accept_trade" and "deal" in decision.info:
            return choices.accept_deal(decision, engine)
        method = getattr(self, "_" + decision.kind, None)
        if method is None:
            return decision.options[0]
        return method(decision, engine)

    # ------------------------------------------------------------------ estimates
    def average(self, game, colour: str) -> dict:
        if colour not in self._averages:
            self._averages[colour] = _averages(game.catalog).get(colour) \
                or _average_of([])  # a colour with no challenge
        return self._averages[colour]

    def space_value(self, engine, hero, space: str, me: dict | None = None) -> float:
        return _Spaces(self, engine, hero, me).value(space)

    def town_value(self, engine, hero, space: str) -> float:
        if not engine.game.board.is_town(space) or occupier_at(engine.game, space):
            return 0.0  # no market step in an occupied town
        hurt = hero.wounds / max(1, engine.stat(hero, "life"))
        heal = 2.5 * hurt if hero.gold else 0.0
        shop = 0.8 if hero.gold >= 5 else 0.0
        if endgame_near(engine.game):  # the endgame keeps every wound and has no market
            heal, shop = heal * ENDGAME_HEAL, shop * ENDGAME_HEAL
        return heal + shop

    # ------------------------------------------------------------------ movement
    def _movement(self, d, engine):
        hero = engine.state.hero(d.actor)
        grants = [o for o in d.options if o.startswith("grant:")]
        if grants:
            return grants[0]
        rolls = [o for o in d.options if o.startswith("roll:")]
        if hero.exhaustion >= 2 and hero.exhaustion * 2 >= engine.stat(hero, "stamina"):
            return "roll:2" if "roll:2" in rolls else rolls[-1]
        return rolls[0]

    def _destination(self, d, engine):
        hero = engine.state.hero(d.actor)
        game = engine.game
        spaces = _Spaces(self, engine, hero)  # every value computed once for this decision
        # only a space with a Lord, an undefeated challenge or a counter can have an
        # adventure value (value() is 0 elsewhere) and only a town a town value: the other
        # options are worth 0 without asking
        towns = game.board.town_spaces
        some = None if spaces._any_lord else spaces._markers.keys() | spaces._counters
        adventure = {sp: spaces.value(sp) for sp in d.options if some is None or sp in some}
        values = {sp: adventure.get(sp, 0.0)
                  + (self.town_value(engine, hero, sp) if sp in towns else 0.0)
                  for sp in d.options if sp in adventure or sp in towns}
        best = max(d.options, key=lambda sp: values.get(sp, 0.0))
        top = values.get(best, 0.0)
        if top > 0 and (adventure.get(best, 0.0) > 0 or hero.wounds):
            return best  # (the targets below are worked out only when they are read)
        lords = [sp for sp in game.state.board_counters if spaces.occupier(sp)]
        targets = [sp for sp in list(game.state.board_counters) +
                   [u["space"] for u in game.state.undefeated_track if u["space"]]
                   if spaces.value(sp) > 0]
        if top > 0 and not (lords or targets):
            return best  # an unhurt Hero goes shopping only when no adventure is worth it
        # (and never while Lords hold towns)
        barred = spaces.barred
        if not targets:  # nothing it expects to beat: any new card it may draw
            targets = [sp for sp, colour in game.state.board_counters.items()
                       if colour not in barred and game.state.undefeated_at(sp) is None
                       and spaces.has_challenge(colour) and spaces.occupier(sp) is None]
        if not targets:  # or a town a Giant Lord occupies: liberating it ends the game
            targets = [sp for sp in game.state.board_counters if spaces.occupier(sp)]
            if targets:
                self._desperate = True
        if not targets:  # or any undefeated challenge: a knock-out at least heals (never the
            targets = [u["space"] for u in game.state.undefeated_track  # victory card as a
                       if u["space"] and game.colour_of(u["card"]) not in barred  # throw-away)
                       and not self.wins_by_defeating(game, u["card"])]
            self._desperate = bool(targets)
        wild = hazard_spaces(game, d.options) if stalled(game, hero.id) else []
        if wild:  # a hazard won gives a counter, one lost feeds the doom (and a knock-out
            return wild[0]  # heals a Hero who cannot pay for healing)
        if not targets:
            targets = sorted(game.board.towns.values())
        dists = [game.board.distances_view(t) for t in sorted(set(targets))[:12]]
        return min(d.options, key=lambda sp: min(dd.get(sp, 99) for dd in dists))

    # ------------------------------------------------------------------ adventure
    def _adventure(self, d, engine):
        game = engine.game
        hero = engine.state.hero(d.actor)
        space = game.state.positions[hero.id]
        marker = game.state.undefeated_at(space) if "undefeated" in d.options else None
        victory = marker is not None and self.wins_by_defeating(game, marker["card"])
        if marker is not None and (self.space_value(engine, hero, space) > 0
                                   or (getattr(self, "_desperate", False) and not victory)):
            self._desperate = False
            card = marker["card"]
            self._tries[card] = self._tries.get(card, 0) + 1
            return "undefeated"
        if occupier_at(game, space) is not None:
            if "counter" in d.options and (self.space_value(engine, hero, space) > 0
                                           or getattr(self, "_desperate", False)):
                self._desperate = False
                return "counter"
            return "pass"
        colour = game.state.board_counters.get(space)
        if "counter" in d.options and _has_challenge(game, colour):
            return "counter"  # a new card is the only way the game moves on
        for option in d.options:
            if option.startswith("attack:"):
                other = engine.state.hero(option[7:])
                runes = sum(game.adventure.carries_marker(game.card(c).data)
                            for c in other.items)
                if runes >= game.adventure.hold_count - 1 and hero.wounds == 0:
                    return option
        return "pass"

    # ------------------------------------------------------------------ combat
    def _escape(self, d, engine):
        """Never from a Giant Lord occupying a town: escaping leaves the Lord whole and the
        Hero wounded, while a knock-out heals the Hero; the town is the game's end."""
        game = getattr(engine, "game", None)
        enemy = engine.enemies.get(d.actor) if hasattr(engine, "enemies") else None
        if game is not None and enemy is not None:
            space = game.state.positions.get(d.actor)
            if occupier_at(game, space) is not None and enemy.id in game.occupied().values():
                return False
        space = game.state.positions.get(d.actor) if game is not None else None
        if space is not None and stalled(game, d.actor, ignore=space):
            return False  # escaping moves nothing on; a knock-out at least heals the Hero
        return super()._escape(d, engine)

    def _trade(self, d, engine):
        return "none"

    def _accept_trade(self, d, engine):
        game = engine.game
        parts = d.info.get("offer", "none").split(":")
        if parts[0] == "swap":
            return game.card(parts[1]).cost >= game.card(parts[2]).cost
        return False

    # ------------------------------------------------------------------ market
    def _market(self, d, engine):
        game = engine.game
        hero = engine.state.hero(d.actor)
        opts = d.options
        if f"heal_wound:{hero.id}" in opts:
            return f"heal_wound:{hero.id}"
        if f"heal_exhaustion:{hero.id}" in opts and hero.exhaustion >= 2:
            return f"heal_exhaustion:{hero.id}"
        prices = d.info.get("prices", {})
        buys = [o for o in opts if o.startswith(("buy:", "hire:"))
                and game.card(o.split(":", 1)[1]).data.get("usage") != "one-use"]
        if buys:
            return max(buys, key=lambda o: (game.card(o.split(":", 1)[1]).cost - prices[o], o))
        return "done"

    # ------------------------------------------------------------------ experience
    def _experience(self, d, engine):
        hero = engine.state.hero(d.actor)
        buys = [o for o in d.options if o != "done"]
        if not buys:
            return "done"
        self._tries.clear()  # stronger now: worth trying the undefeated challenges again
        lords = [lord for sp in engine.game.state.board_counters
                 if (lord := occupier_at(engine.game, sp)) is not None]
        if lords:  # the invasion: grow where it most helps against the easiest Lord
            return self._experience_against(hero, engine, lords, buys)
        threats = self.threats(engine, hero)
        if threats:
            return self._experience_against(hero, engine, threats, buys, total=True)
        score = {}
        for p, attr in PHASE_ATTR:
            score[attr] = engine.stat(hero, f"{p}_damage") * 2 + engine.stat(hero, attr) / 10
        score["stamina"] = 1.0
        score["life"] = 0.5
        return max(buys, key=lambda o: (sum(score.get(t, 0) for t in o[4:].split("+")), o))

    def threats(self, engine, hero) -> list[dict]:
        """What is left to beat. With the doom track in play, the cards that win the game
        (High Lord Margath): the doom track ends in the endgame, where one of the Heroes must
        beat them with the tokens it has by then (at 2 players, 400 games, own victory 63.75 %
        -> 67.25 % against the easier challenges below; the whole red deck gave 62.25 %).
        Else the undefeated challenges and the average challenge of every colour it may
        still draw (not barred, the deck still holding a challenge)."""
        game = engine.game
        if game.state.doom and game.adventure.defeat_to_win:
            return [game.card(c).data for c in game.adventure.defeat_to_win]
        barred = game.barred_colours(hero.id)
        out = [game.card(u["card"]).data for u in game.state.undefeated_track
               if game.colour_of(u["card"]) not in barred]
        out += [self.average(game, c) for c in ("green", "yellow", "blue", "red")
                if c not in barred and _has_challenge(game, c)]
        return out

    def _experience_against(self, hero, engine, lords: list[dict], buys: list[str],
                            total: bool = False) -> str:
        bonus = dict(engine.game.rules.experience.tokens)
        me = _strength(engine, hero)

        def after(option):
            mine = dict(me)
            for kind in option[4:].split("+"):
                if kind in mine:
                    mine[kind] += bonus.get(kind, 1)
            found = [win_estimate(engine, hero, lord, mine) for lord in lords]
            return sum(found) if total else max(found)

        return max(buys, key=lambda o: (after(o), o))

    # ------------------------------------------------------------------ small choices
    def _town(self, d, engine):
        return d.options[0]

    def _renew_space(self, d, engine):
        return d.options[0]

    def _discard_excess(self, d, engine):
        game = engine.game
        return min(d.options, key=lambda c: (game.card(c).cost, c))

    # ---- family 5/6 (issue 21): the dearest market card is kept, the cheapest Item discarded
    def _keep(self, d, engine):
        game = engine.game
        return max(d.options, key=lambda c: (game.card(c).cost, c))

    def _discard_item(self, d, engine):
        return min(d.options, key=lambda c: (engine.catalog.card(c).cost, c))
