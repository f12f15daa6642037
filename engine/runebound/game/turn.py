"""Turn steps 1 and 2: refresh and movement (seed 000 "Askel 1", "Askel 2"; seed 002), and
the advanced travel hazards.

Movement decisions: ``movement`` (``roll:<k>`` dice, fewer than the baseline rests;
``step`` for the one-space move without rolling; ``grant:<i>`` for a movement effect such as
Wings of Regiroth), then ``destination`` (a space id from the exact reachable set).
"""

from __future__ import annotations

from ..core.windows import AFTER_MOVING, BEFORE_MOVING, Moment
from .movement import Figure as MoveFigure
from .movement import dice_allowed, find_path, free_step_targets, reachable, rest_exhaustion_removed


class TurnOver(Exception):  # noqa: N818 - control flow: the active Hero's turn ends now
    pass


class TurnSteps:
    # ------------------------------------------------------------------ refresh
    def refresh(self, hero) -> None:
        """Turn activated cards face up; durations "until the start of your next turn" end."""
        if hero.activated:
            self.emit("refresh", hero=hero.id, cards=list(hero.activated))
        hero.activated.clear()
        hero.used.clear()
        hero.activations.clear()
        for active in [e for e in self.state.effects
                       if e.until == "start_of_next_turn" and e.owner == hero.id]:
            self.state.effects.remove(active)
            self.emit("expired", hero=hero.id, source=active.source, until=active.until)
        self.start_of_turn(hero)

    # ------------------------------------------------------------------ movement
    def movement(self, hero) -> None:
        s, rules = self.state, self.rules.movement
        start = s.positions[hero.id]
        self.pending_movement = []
        self.combat.moment = Moment(BEFORE_MOVING, turn=s.turn)
        self.combat.open_window(hero, BEFORE_MOVING)
        self.after_effects(hero)
        figures = [MoveFigure("hero", hero.wounds, hero.exhaustion)]
        figures += [MoveFigure("ally", a.wounds, a.exhaustion) for a in hero.allies]
        allowed = dice_allowed(rules, figures, in_town=self.board.is_town(start),
                               players=s.players, seat=s.seats.index(hero.id) + 1,
                               first_turn=s.turns_taken.get(hero.id, 0) == 0)
        extra = sum(g["amount"] for g in self.pending_movement if g["op"] == "movement_dice")
        extra += max(0, self.combat.stat(hero, "movement_dice"))
        options = [f"roll:{k}" for k in range(allowed + extra, -1, -1)]
        if free_step_targets(rules, self.board, start, resting=False):
            options.append("step")
        moves = [g for g in self.pending_movement if g["op"] == "move"]
        options += [f"grant:{i}" for i in range(len(moves))]
        choice = self.ask(hero.id, "movement", options, allowed=allowed, extra=extra, at=start)
        if choice.startswith("roll:"):
            k = int(choice[5:])
            rested = rest_exhaustion_removed(rules, min(k, allowed), allowed) if k <= allowed \
                else 0
            if rested:
                self.rest(hero, rested)
            rolled = self.roll_movement(k)
            reach = sorted(reachable(self.board, start, rolled))
            dest = self.ask(hero.id, "destination", reach, how="dice", at=start,
                            rolled=[sorted(f) for f in rolled])
            self.last_roll = (hero.id, start, dest, rolled)  # the path is found if needed
            prev = start
        elif choice == "step":
            reach = sorted(free_step_targets(rules, self.board, start, resting=False))
            dest = self.ask(hero.id, "destination", reach, how="step", at=start)
            prev = start
        else:
            grant = moves[int(choice.split(":")[1])]
            dist = self.board.distances_from(start)
            reach = sorted(sp for sp, d in dist.items() if d <= grant["amount"])
            dest = self.ask(hero.id, "destination", reach, how=grant["source"], at=start)
            prev = self._step_back(start, dest)
        self.move_hero(hero, dest, prev)
        self.combat.moment = Moment(AFTER_MOVING, turn=s.turn)
        self.combat.open_window(hero, AFTER_MOVING)
        self.combat.moment = Moment("none", turn=s.turn)
        self.after_effects(hero)
        if dest != start and self.rules.travel_hazards and self.is_empty_space(dest, hero.id):
            self.travel_hazard(hero, dest)

    last_roll: tuple | None = None

    def roll_movement(self, n: int) -> tuple:
        dice = self.movement_dice.dice
        rolled = tuple(dice[i % len(dice)].roll(self.rng) for i in range(n))
        self.emit("movement_roll", dice=[sorted(f) for f in rolled])
        return rolled

    def rest(self, hero, n: int) -> None:
        """Remove ``n`` exhaustion, the Hero's first, then the Allies' in order."""
        for fig in [hero, *hero.allies]:
            take = min(n, fig.exhaustion)
            if take:
                self.combat.set_tokens(fig, "exhaustion", fig.exhaustion - take, "rest")
                n -= take
        self.emit("rest", hero=hero.id)

    def _step_back(self, start: str, dest: str) -> str | None:
        if dest == start:
            return self.state.previous.get(start)
        dist = self.board.distances_from(start)
        near = sorted(n for n in self.board.neighbours(dest) if dist.get(n) == dist[dest] - 1)
        return near[0] if near else start

    def move_hero(self, hero, dest: str, prev: str | None) -> None:
        s = self.state
        if dest != s.positions[hero.id]:
            s.previous[hero.id] = prev if prev is not None else s.positions[hero.id]
        s.positions[hero.id] = dest
        self.emit("moved", hero=hero.id, to=dest)

    def move_back(self, hero) -> None:
        """After a successful escape: one space back the way the Hero came (along a path the
        dice allowed, when the Hero rolled)."""
        last = getattr(self, "last_roll", None)
        if last and last[0] == hero.id and last[2] == self.state.positions[hero.id]:
            found = find_path(self.board, last[1], last[2], last[3])
            if found and len(found[0]) > 1:
                self.state.previous[hero.id] = found[0][-2]
        back = self.state.previous.get(hero.id)
        if back and back in self.board:
            self.state.positions[hero.id] = back
            self.emit("moved", hero=hero.id, to=back, why="escape")

    def move_to_nearest_town(self, hero) -> None:
        towns = self.board.nearest_towns(self.state.positions[hero.id])
        town = towns[0] if len(towns) == 1 else self.ask(hero.id, "town", sorted(towns))
        self.state.positions[hero.id] = self.board.town_space(town)
        self.state.previous.pop(hero.id, None)
        self.emit("moved", hero=hero.id, to=self.board.town_space(town), why="knocked_out")

    def is_empty_space(self, space: str, hero_id: str) -> bool:
        s = self.state
        return (not self.board.is_town(space) and space not in s.board_counters
                and s.undefeated_at(space) is None
                and not [h for h in s.heroes_at(space) if h != hero_id])

    # ------------------------------------------------------------------ travel hazards
    def travel_hazard(self, hero, space: str) -> None:
        """Seed 002: roll 2 dice; no symbol of the space's terrain means a hazard. Its colour
        is the card at place hn of the doom track (hn = symbols on 2 more dice, wrapping)."""
        n = self.rules.travel_hazard_dice
        rolled = self.roll_movement(n)
        terrain = self.board.terrain(space)
        if any(terrain in face for face in rolled):
            self.emit("no_hazard", hero=hero.id, space=space)
            return
        track = self.state.doom_track
        hn = sum(len(face) for face in self.roll_movement(n))
        colour = self.colour_of(track[(hn - 1) % len(track)]) if track else "green"
        self.emit("travel_hazard", hero=hero.id, space=space, number=hn, colour=colour)
        card = self.draw_adventure(colour)
        if card is not None:
            self.resolve_card(hero, card, hazard=True)
        self.settle()
        raise TurnOver()
