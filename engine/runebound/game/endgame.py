"""The endgame (seed 000 "Pudotuspeli"; seed 002 "The Endgame").

Set-up: events and encounters leave the red deck; red challenges on the undefeated track go
back into it; it is shuffled. Heroes confront in order of level (ruleset data: 1 + tokens in
base, tokens in advanced), ties by gold, then a die roll. There is no refresh, movement or
market. Seed 002: "If the Hero is defeated, it is eliminated ...; proceed to next-highest
level Hero until someone wins": a Hero who wins a confrontation takes the next one too; a
defeated Hero hands over to the next-highest Hero still in (ruleset data
``endgame.next_after_win``: ``same-hero``; ``next-hero`` is the round-robin reading). A
confrontation is
one red challenge, fought without escape; wounds stay between confrontations. A knocked-out
Hero is eliminated and loses nothing; the challenge goes back under the red deck. A defeated
challenge is kept (Dragon Runes) or leaves the game, so every confrontation either removes a
card or eliminates a Hero, and the endgame ends. The normal winning conditions apply; if every
Hero is eliminated (or the red deck runs out), the ranking is: most red challenges beaten and
kept in the game (seed 000 "Pelaajat pitävät kaikki punaiset haasteet jotka he ovat aiemmin
voittaneet"; seed 002 "most red Challenge cards in inventory"), then level, then gold (ruleset
data), then seat order.
"""

from __future__ import annotations

from ..core.windows import moment_at
from .turn import TurnOver


class Endgame:
    def run_endgame(self) -> None:
        """Confrontations until someone wins, every Hero is out or the red deck is empty.
        Who goes next is ruleset data (``endgame.next_after_win``)."""
        s, eg = self.state, self.state.endgame
        if "order" not in eg:
            self.setup_endgame()
        deck = s.adventure_decks.setdefault(self.rules.endgame.deck, [])
        rules = self.rules.endgame
        while s.phase == "endgame":
            hero_id = rules.next_confronter(eg["order"], eg["out"], eg.get("current"),
                                            eg.get("won", False))
            if hero_id is None or not deck:
                self.rank_endgame([h for h in eg["order"] if h not in eg["out"]])
                return
            eg["current"], eg["won"] = hero_id, False  # set by GameCombat on a defeat
            self.confront(self.hero(hero_id))
            self.checkpoint("endgame confrontation")

    def setup_endgame(self) -> None:
        s, rules = self.state, self.rules.endgame
        deck = s.adventure_decks.setdefault(rules.deck, [])
        for card in list(deck):
            if self.card(card).kind in rules.remove:
                deck.remove(card)
                s.removed.append(card)
        for entry in list(s.undefeated_track):
            if self.colour_of(entry["card"]) == rules.return_undefeated:
                s.undefeated_track.remove(entry)
                deck.append(entry["card"])
        self.rng.shuffle(deck)
        roll = {h: self.rng.random() for h in s.seats}
        keys = {"gold": lambda h: -self.hero(h).gold, "die-roll": lambda h: roll[h]}
        order = sorted(s.seats, key=lambda h: (-self.level(h),
                                               *(keys[k](h) for k in rules.order_tiebreak
                                                 if k in keys)))
        s.endgame.update(order=order, out=[])
        self.emit("endgame", order=order, levels={h: self.level(h) for h in order},
                  deck=len(deck))

    def confront(self, hero) -> None:
        s = self.state
        s.turn += 1
        self.combat.moment = moment_at("none", turn=s.turn)
        card = self.draw_adventure(self.rules.endgame.deck)
        self.emit("confrontation", hero=hero.id, card=card)
        try:
            self.fight_card(hero, card, "endgame")
        except TurnOver:
            if s.phase == "endgame" and hero.id not in s.endgame["out"]:
                self.eliminate(hero.id)  # a combat that never ended counts as a defeat
        self.settle()
        for h in s.heroes:  # wounds taken after the combat (e.g. "after combat" text)
            if (h.wounds and h.id not in s.endgame["out"] and s.phase == "endgame"
                    and self.combat.ruleset.is_defeated(h.wounds, self.combat.stat(h, "life"))):
                self.combat.mode = "endgame"
                try:
                    self.combat.knock_out(h)  # in the endgame: eliminated, losing nothing
                finally:
                    self.combat.mode = "normal"

    def eliminate(self, hero_id: str) -> None:
        out = self.state.endgame.setdefault("out", [])
        if hero_id not in out:
            out.append(hero_id)
            self.combat.modifiers_changed()  # "each Hero" no longer counts it
            self.emit("eliminated", hero=hero_id)

    def red_challenges(self, hero_id: str) -> int:
        """The red challenge cards a Hero has "in inventory" for the ranking: every red
        challenge it defeated in the game (seed 000: the players keep the red challenges
        they have beaten), plus those taken from other Heroes, less those taken from it
        (the tally moves with the card, ``GameCombat.trophy_moved``)."""
        return self.state.red_challenges.get(hero_id, 0)

    def rank_endgame(self, alive: list[str]) -> None:
        s = self.state
        pool = alive or list(s.seats)
        keys = {"red-challenges": self.red_challenges, "level": self.level,
                "gold": lambda h: self.hero(h).gold}
        ranking = self.rules.endgame.all_eliminated_ranking
        best = max(pool, key=lambda h: (*(keys[k](h) for k in ranking if k in keys),
                                        -s.seats.index(h)))
        why = "every Hero eliminated" if not alive else "the red deck ran out"
        self.emit("endgame_ranking", ranking=list(ranking),
                  heroes={h: [keys[k](h) for k in ranking if k in keys] for h in pool})
        self.declare(best, f"endgame ranking ({why}): most red challenges beaten, then "
                           "level, then gold")
