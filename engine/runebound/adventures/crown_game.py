"""Crown of the Elder Kings in the whole game: the Elder King showdown (seed 001).

A mixin of the adventure game (:mod:`.adventure_game`): when a Hero becomes Elder King (the
rule module :class:`.crown.CrownRules`), the showdown runs after his experience step through
:func:`.crown.showdown`, with the fights in the game's combat engine (:class:`GameBattles`:
the bank, the pending piles and the invariants stay the game's).
"""

from __future__ import annotations

from . import crown


class ShowdownSteps:
    def king_line(self, hero_id: str) -> list[str]:
        """Seed 001: the new King "w dowolnej kolejności, wykłada do trzech z posiadanych
        Wasali" (sets out up to three of his vassals, in any order). Decision
        ``vassal_order``, asked while he holds a vassal not yet set out and the line has
        room: the next vassal of the line, or ``done``. ``info["suggested"]`` is the line
        the engine used to set (the first three vassals taken, strongest first)."""
        hero = self.hero(hero_id)
        most = int(self.spec.endgame.get("vassals", 3))

        def card_of(card_id):
            return self.card(card_id).data

        def strength(card_id):  # strongest first, then by id
            return -int(card_of(card_id).get("life", 1)), card_id

        first = crown.become_king(self.spec, hero, self.state.removed, card_of=card_of)
        self.combat.modifiers_changed()  # the Dragon Runes he held as items are gone
        suggested = sorted(first, key=lambda c: strength(c)[0])[:most]  # strongest first
        held = crown.vassal_cards(self.spec, hero.trophies)
        line: list[str] = []
        while len(line) < most:
            left = sorted({c for c in held if line.count(c) < held.count(c)}, key=strength)
            if not left:
                break
            choice = self.ask(hero_id, "vassal_order", [*left, "done"], chosen=list(line),
                              suggested=suggested)
            if choice == "done":
                break
            line.append(choice)
        line = crown.become_king(self.spec, hero, self.state.removed, order=line,
                                 max_vassals=most, card_of=card_of)
        self.combat.modifiers_changed()
        self.battles.set_vassals(hero_id, line)
        return line

    def run_showdown(self) -> None:
        s = self.state
        king = s.endgame["king"]
        s.endgame["showdown"] = True
        self.battles = GameBattles(self)
        line = self.king_line(king)
        out = set(self.out())
        standings = [crown.Standing(h, self.level(h), self.hero(h).gold,
                                    len(self.hero(h).adventure_counters))
                     for h in s.seats if h != king and h not in out]
        order = crown.challenger_order(standings, roll=self.combat.dice.roll_2d10)
        self.emit("showdown", king=king, vassals=line, order=order)
        result = crown.showdown(king, line, order, self.battles, self.king_line,
                                max_vassals=int(self.spec.endgame.get("vassals", 3)))
        for hero_id in result.eliminated:
            self.eliminate(hero_id)
        s.endgame.pop("showdown", None)
        self.declare(result.winner, "last Elder King standing (Crown of the Elder Kings)")


class GameBattles:
    """The showdown's fights through the game's combat engine (bank, pending piles)."""

    def __init__(self, game):
        self.game = game
        self.owner: dict[str, str] = {}

    def set_vassals(self, king: str, vassals) -> None:
        for v in vassals:
            self.owner[v] = king

    def refresh(self, heroes, vassals) -> None:
        g = self.game
        for hero in g.state.heroes:
            if hero.id in g.out():
                continue
            for fig in (hero, *hero.allies):
                g.combat.set_tokens(fig, "wounds", 0, "showdown refresh")
                g.combat.set_tokens(fig, "exhaustion", 0, "showdown refresh")
            hero.activated.clear()
        g.emit("showdown_refresh", heroes=list(heroes), vassals=list(vassals))

    def fight_vassal(self, challenger: str, vassal: str) -> bool:
        g = self.game
        fig = g.catalog.new_challenge(vassal)
        fig.reward_gold, fig.reward_keep, fig.colour = 0, False, ""
        owner = g.hero(self.owner[vassal])
        if vassal in owner.trophies:
            owner.trophies.remove(vassal)  # in the fight; goes to the box if defeated
        result = g.combat.fight(g.hero(challenger), fig, "endgame")
        g.settle()
        g.emit("showdown_fight", challenger=challenger, vassal=vassal, outcome=result.outcome)
        if result.outcome == "defeated":
            return True
        owner.trophies.append(vassal)
        g.eliminate(challenger)
        return False

    def fight_king(self, challenger: str, king: str) -> bool:
        g = self.game
        g.combat.mode = "endgame"
        try:
            result = g.combat.fight_heroes(g.hero(challenger), g.hero(king))
        finally:
            g.combat.mode = "normal"
        g.settle()
        g.emit("showdown_duel", challenger=challenger, king=king, winner=result.winner)
        won = result.winner == challenger
        g.eliminate(king if won else challenger)
        return won
