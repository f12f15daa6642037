"""What an adventure on each board space is worth to a Hero, for the game bot
(:class:`~runeforge.engine.runebound.bots.game_bot.GameBot`): the occupier of a town (Sceptre of
Kyros), whether the board has a fresh counter left for a Hero, the spaces a travel hazard can
strike, the average challenge of a colour, and the sure wounds of a challenge's Before Combat
text. Worked out once per decision (:class:`_Spaces`), not once per space."""

from __future__ import annotations

from .estimates import _has_challenge, _strength, win_estimate

FIGURE_STATS = ("mind", "body", "spirit", "ranged_damage", "melee_damage", "magic_damage",
                "life")


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
