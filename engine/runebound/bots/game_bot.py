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

# how much more a hurt Hero values a town's healing when the endgame is near
# (doom_clock.endgame_near): above any adventure's value (at most 10 x its odds)
ENDGAME_HEAL = 6.0

FIGURE_STATS = ("mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage",
                "life")


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


def occupier_at(game, space: str) -> dict | None:
    """The stats of the Giant Lord occupying the town at ``space`` as it would fight now
    (Sceptre of Kyros: tokens and items of the town's market stack), or None."""
    occupied = getattr(game, "occupied", None)
    if occupied is None or space is None or not game.board.is_town(space):
        return None
    town = game.board.space(space).town
    if town not in occupied():
        return None
    fig = game.occupier_figure(town)[0]
    return {k: getattr(fig, k) for k in FIGURE_STATS}


def stalled(game, hero_id: str, ignore: str | None = None) -> bool:
    """No fresh counter on the board this Hero may play (outside undefeated markers, of a
    colour it may face, its deck still holding a challenge; the space ``ignore`` left out,
    e.g. the one being fought on): the game moves on only through the undefeated
    challenges or, where the ruleset has them, travel hazards."""
    s = game.state
    barred = game.barred_colours(hero_id)
    return not any(sp != ignore and s.undefeated_at(sp) is None and colour not in barred
                   and _has_challenge(game, colour) for sp, colour in s.board_counters.items())


def hazard_spaces(game, options) -> list[str]:
    """The destinations where a travel hazard can strike (ruleset with travel hazards): no
    town, counter, undefeated marker or Hero."""
    s = game.state
    if not game.rules.travel_hazards:
        return []
    taken = set(s.board_counters) | {u["space"] for u in s.undefeated_track} | \
        set(s.positions.values())
    return [sp for sp in options if sp not in taken and not game.board.is_town(sp)]


def _averages(catalog) -> dict[str, dict]:
    """colour -> the average challenge of that colour (its stats rounded), worked out once
    per catalog (kept on it for its current summary: a refresh works them out again), not
    once per bot and game: they depend on the cards alone."""
    summary = catalog._summarised()
    found = getattr(catalog, "_colour_averages", None)
    if found is None or found[0] is not summary:
        by_colour: dict[str, list[dict]] = {}
        for c in catalog.cards.values():
            if c.kind == "challenge":
                by_colour.setdefault(c.data.get("colour"), []).append(c.data)
        found = catalog._colour_averages = (
            summary, {colour: _average_of(cards) for colour, cards in by_colour.items()})
    return found[1]


def _average_of(cards: list[dict]) -> dict:
    keys = ("mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage", "life")
    return {k: round(sum(int(c.get(k, 0) or 0) for c in cards) / max(1, len(cards)))
            for k in keys}


def _worth(p: float, gain: float) -> float:
    """Value of trying an adventure won with chance ``p``: worth it from p = 0.3 on (a
    knock-out costs gold and a card, but standing still ends no game)."""
    return p * gain + 0.05 if p >= 0.3 else 0.0


class _Spaces:
    """What a Hero's adventure on each space is worth (:meth:`GameBot.space_value`), for one
    decision: the Hero's strength, its barred colours, the value of a colour's average
    challenge, whether a deck still holds a challenge and who occupies a town are worked
    out once, not once per space (nothing changes while a bot decides)."""

    def __init__(self, bot, engine, hero, me: dict | None = None):
        self.bot, self.engine, self.hero = bot, engine, hero
        self.game = engine.game
        self.me = me or _strength(engine, hero)
        self.barred = self.game.barred_colours(hero.id)
        self._values: dict[str, float] = {}
        self._colours: dict[str, float] = {}
        self._decks: dict[str, bool] = {}
        self._lords: dict[str, dict | None] = {}
        self._stuck: bool | None = None
        occupied = getattr(self.game, "occupied", None)
        self._any_lord = occupied is not None and bool(occupied())  # Sceptre of Kyros
        self._counters = self.game.state.board_counters
        self._markers: dict[str, dict] = {}
        for marker in self.game.state.undefeated_track:  # the first on a space, as
            self._markers.setdefault(marker["space"], marker)  # GameState.undefeated_at

    def stuck(self) -> bool:
        """No fresh counter for this Hero and, where the ruleset has them, no travel hazard:
        only the undefeated challenges move the game on, so waiting for better odds against
        the card that wins it gains nothing (a fresh Hero fights it at its best odds)."""
        if self._stuck is None:
            self._stuck = (not self.game.rules.travel_hazards
                           and stalled(self.game, self.hero.id)
                           and (self.hero.wounds == 0 or self.hero.gold == 0))
        return self._stuck

    def has_challenge(self, colour) -> bool:
        found = self._decks.get(colour)
        if found is None:
            found = self._decks[colour] = _has_challenge(self.game, colour)
        return found

    def occupier(self, space) -> dict | None:
        if not self._any_lord:  # no town is occupied: occupier_at is None everywhere
            return None
        if space not in self._lords:
            self._lords[space] = occupier_at(self.game, space)
        return self._lords[space]

    def value(self, space: str) -> float:
        if not (self._any_lord or space in self._markers or space in self._counters):
            return 0.0  # no Lord, no undefeated challenge and no counter here
        found = self._values.get(space)
        if found is None:
            found = self._values[space] = self._value(space)
        return found

    def _value(self, space: str) -> float:
        game, engine, hero, me = self.game, self.engine, self.hero, self.me
        s = game.state
        lord = self.occupier(space)
        if lord is not None:  # its fame and the town's end are worth more than a counter
            return _worth(win_estimate(engine, hero, lord, me), 3)
        marker = self._markers.get(space)
        if marker is not None:
            card = game.card(marker["card"])
            if card.data.get("colour") in self.barred:
                return 0.0
            if self.bot.wins_by_defeating(game, card.id):  # the game's end: exact odds
                p = self.bot.victory_odds(engine, hero, card)
                if p >= self.bot.victory_threshold(game) or (p > 0 and self.stuck()):
                    return 10.0 * p
                return 0.0
            p = win_estimate(engine, hero, card.data, me) * 0.6 ** self.bot._tries.get(card.id, 0)
            return _worth(p, 1 + game.adventure.counter_value(card.data["colour"]))
        colour = s.board_counters.get(space)
        if colour is None or colour in self.barred or not self.has_challenge(colour):
            return 0.0
        found = self._colours.get(colour)
        if found is None:
            p = win_estimate(engine, hero, self.bot.average(game, colour), me)
            found = self._colours[colour] = _worth(p, 1 + game.adventure.counter_value(colour))
        return found


def before_wounds(card) -> int:
    """The wounds a challenge's own Before Combat text deals the Hero for sure (High Lord
    Margath: "Each Hero takes 1 wound."): its unconditional ``suffer wound`` effects."""
    total = 0
    for ability in card.abilities:
        if (ability.ir.get("timing") or {}).get("tag") != "before_combat":
            continue
        for e in ability.ir.get("effects", ()):
            amount = e.get("amount") or {}
            if (e.get("op") == "suffer" and e.get("token") == "wound"
                    and e.get("target") in ("hero", "each_hero") and amount.get("kind") == "fixed"):
                total += int(amount.get("value", 0))
    return total


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
