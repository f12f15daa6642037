"""Turn steps 1 and 2: refresh and movement (seed 000 "Askel 1", "Askel 2"; seed 002), and
the advanced travel hazards.

Movement decisions: ``movement`` (``roll:<k>`` dice, fewer than the baseline rests;
``step`` for the one-space move without rolling; ``grant:<i>`` for a movement effect such as
Wings of Regiroth), then ``destination`` (a space id from the exact reachable set).
"""

from __future__ import annotations

from ..core.acts_rbwho import act  # branch rbwho: "When you encounter a travel hazard,"
from ..core.durations_more import owner_turn_starts
from ..core.effects_rbcost import hero_act  # branch rbcost: "you rest", "another Hero rests"
from ..core.state import STAT_FIELDS
from ..core.windows import AFTER_MOVING, BEFORE_MOVING, moment_at
from . import faces_rbmove as die_faces  # branch rbmove: a movement die's face
from .movement import Figure as MoveFigure
from .movement import dice_allowed, find_path, free_step_targets, reachable, rest_exhaustion_removed
from .place import entered, unbarred, with_terrain_rules


def _renamed(value, old: str, new: str):
    """``value`` (JSON-like: dicts, lists, tuples, strings) with every ``old`` made ``new``."""
    if isinstance(value, str):
        return new if value == old else value
    if isinstance(value, dict):
        return {_renamed(k, old, new): _renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_renamed(v, old, new) for v in value)
    return value


class TurnOver(Exception):  # noqa: N818 - control flow: the active Hero's turn ends now
    pass


class TurnSteps:
    # ------------------------------------------------------------------ refresh
    def refresh(self, hero) -> None:
        """Turn activated cards face up; durations "until the start of your next turn" end."""
        self.movement_done = False  # a move granted before the step waits for it
        if hero.activated:
            self.emit("refresh", hero=hero.id, cards=list(hero.activated))
        hero.activated.clear()
        hero.used.clear()
        hero.activations.clear()
        for active in [e for e in self.state.effects
                       if e.until == "start_of_next_turn" and e.owner == hero.id]:
            self.state.effects.remove(active)
            self.emit("expired", hero=hero.id, source=active.source, until=active.until)
        owner_turn_starts(self.combat, hero.id)  # family 8: "until the end of your next turn"
        self.start_of_turn(hero)

    # ------------------------------------------------------------------ movement
    def movement(self, hero) -> None:
        s, rules = self.state, self.rules.movement
        start = s.positions[hero.id]
        # the Hero's grants wait for its movement step, which uses them up: those of the start
        # of the turn, and those given after its last step ("After combat, roll 1 additional
        # movement die."); the list was emptied here and dropped them (branch runs)
        self.combat.moment = moment_at(BEFORE_MOVING, turn=s.turn)
        self.combat.open_window(hero, BEFORE_MOVING)
        self.after_effects(hero)
        start = s.positions[hero.id]  # "Move your Hero to ..." may have moved the Hero
        while True:  # a discard (seed 000 "milloin vain") may change the dice allowed
            figures = [MoveFigure("hero", hero.wounds, hero.exhaustion)]
            figures += [MoveFigure("ally", a.wounds, a.exhaustion) for a in hero.allies]
            allowed = dice_allowed(rules, figures, in_town=self.board.is_town(start),
                                   players=s.players, seat=s.seats.index(hero.id) + 1,
                                   first_turn=s.turns_taken.get(hero.id, 0) == 0)
            mine = [g for g in self.pending_movement if g["hero"] == hero.id]
            extra = sum(g["amount"] for g in mine if g["op"] == "movement_dice")
            bonus = self.combat.stat(hero, "movement_dice")
            extra += max(0, bonus)
            allowed = max(0, allowed + min(0, bonus))  # "roll one fewer movement die"
            options = [f"roll:{k}" for k in range(allowed + extra, -1, -1)]
            if unbarred(self, hero, free_step_targets(rules, self.board, start, resting=False)):
                options.append("step")
            moves = [g for g in mine if g["op"] == "move"]
            options += [f"grant:{i}" for i in range(len(moves))]
            options += [f"discard:{c}" for c in self.discardable(hero)]
            choice = self.ask(hero.id, "movement", options, allowed=allowed, extra=extra,
                              at=start)
            if not choice.startswith("discard:"):
                break
            self.discard_card(hero, choice[8:], why="player")
        self.pending_movement = [g for g in self.pending_movement if g["hero"] != hero.id]
        if choice.startswith("roll:"):
            k = int(choice[5:])
            rested = rest_exhaustion_removed(rules, min(k, allowed), allowed) if k <= allowed \
                else 0
            if rested:
                self.rest(hero, rested)
            rolled = with_terrain_rules(self, hero, self.roll_movement(k))  # family 4
            faced = die_faces.variants(self, hero, rolled)  # rbmove: "treat one die as ..."
            reach = sorted(reachable(self.board, start, rolled)) if faced == [rolled] else \
                die_faces.reach(self, start, faced)
            dest = self.ask(hero.id, "destination", reach, how="dice", at=start,
                            rolled=[sorted(f) for f in rolled])
            if faced != [rolled]:
                rolled = die_faces.used(self, start, dest, faced)
            self.last_roll = (hero.id, start, dest, rolled)  # the path is found if needed
            prev = start
        elif choice == "step":
            reach = sorted(unbarred(self, hero, free_step_targets(rules, self.board, start,
                                                                  resting=False)))
            dest = self.ask(hero.id, "destination", reach, how="step", at=start)
            prev = start
        else:
            grant = moves[int(choice.split(":")[1])]
            dist = self.board.distances_from(start)
            reach = sorted(unbarred(self, hero, (sp for sp, d in dist.items()
                                                 if d <= grant["amount"])))
            dest = self.ask(hero.id, "destination", reach, how=grant["source"], at=start)
            prev = self._step_back(start, dest)
        self.move_hero(hero, dest, prev)
        self.movement_done = True  # a move granted from now on moves the Hero at once
        self.combat.moment = moment_at(AFTER_MOVING, turn=s.turn)
        self.combat.open_window(hero, AFTER_MOVING)
        self.combat.moment = moment_at("none", turn=s.turn)
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
        """Remove ``n`` exhaustion from the Hero and the Allies as the player splits it (seed
        000: "yksi sankarilta ja yksi kumppanilta"). Decision ``rest_split`` (the figure that
        loses the next exhaustion), asked only while there is a choice: more than one figure
        with exhaustion and less rest than their exhaustion. Otherwise (and in the option
        order) the Hero's first, then the Allies' in order."""
        if self.combat.restricted("rest", hero) is not None:  # "Heroes cannot rest." (session rbrules)
            self.emit("rest_barred", hero=hero.id)
            return
        while n > 0:
            tired = [fig for fig in [hero, *hero.allies] if fig.exhaustion]
            if not tired:
                break
            if len(tired) == 1 or n >= sum(fig.exhaustion for fig in tired):
                fig = tired[0]
            else:
                pick = self.ask(hero.id, "rest_split", [f.id for f in tired], left=n)
                fig = next(f for f in tired if f.id == pick)
            take = 1 if len(tired) > 1 and n < sum(f.exhaustion for f in tired) \
                else min(n, fig.exhaustion)
            self.combat.set_tokens(fig, "exhaustion", fig.exhaustion - take, "rest")
            n -= take
        self.emit("rest", hero=hero.id)
        hero_act(self.combat, hero, "rest")  # "After you rest, ..." (branch rbcost)

    def _step_back(self, start: str, dest: str) -> str | None:
        if dest == start:
            return self.state.previous.get(start)
        dist = self.board.distances_from(start)
        near = sorted(n for n in self.board.neighbours(dest) if dist.get(n) == dist[dest] - 1)
        return near[0] if near else start

    def move_hero(self, hero, dest: str, prev: str | None) -> None:
        s = self.state
        moved = dest != s.positions[hero.id]
        if moved:
            s.previous[hero.id] = prev if prev is not None else s.positions[hero.id]
        s.positions[hero.id] = dest
        self.emit("moved", hero=hero.id, to=dest)
        if moved:
            entered(self, hero, dest)  # family 4: "Every time your Hero enters ..." (place.py)

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

    def closed_towns(self) -> frozenset:
        """Towns no Hero may be moved to (an adventure's: Sceptre of Kyros's occupied towns)."""
        return frozenset()

    def choose_nearest_town(self, hero) -> str:
        """The nearest open town; the Hero's player chooses between equally near ones."""
        towns = self.board.nearest_towns(self.state.positions[hero.id], self.closed_towns())
        return towns[0] if len(towns) == 1 else self.ask(hero.id, "town", sorted(towns))

    def move_to_nearest_town(self, hero) -> None:
        town = self.choose_nearest_town(hero)
        self.state.positions[hero.id] = self.board.town_space(town)
        self.state.previous.pop(hero.id, None)
        self.emit("moved", hero=hero.id, to=self.board.town_space(town), why="knocked_out")

    # ------------------------------------------------------------------ a new Hero
    def offer_hero_changes(self) -> None:
        """Seed 002, knock-out: "may choose a new hero if you want, keeping all current
        experience counters" (ruleset data ``knock_out.may_change_hero``). Asked after the
        turn of the knock-out (no one is in the middle of a step then), for every Hero knocked
        out since: decision ``change_hero``, ``keep`` or the id of a Hero card in the box."""
        queue, self.knocked_out = list(self.knocked_out), []
        if not self.rules.knock_out.may_change_hero or self.state.phase == "over":
            return
        for hero_id in dict.fromkeys(queue):
            if hero_id not in self.state.seats or hero_id in self.out():
                continue
            unused = sorted({c for c in self.state.removed if self.card(c).kind == "hero"
                             and self.adventure.uses(self.card(c).data)})
            if not unused:
                return
            choice = self.ask(hero_id, "change_hero", ["keep", *unused])
            if choice != "keep":
                self.change_hero(self.hero(hero_id), choice)

    def change_hero(self, hero, new_id: str) -> None:
        """The player's new Hero takes the old one's place: the printed stats, name and
        skills of the new card plus the bonuses of the experience tokens kept; everything the
        player holds (items, Allies, kept cards, tokens, position) stays. The Hero object is
        the same, so every key that names the Hero is renamed; the old card goes to the box."""
        s, old = self.state, hero.id
        fresh = self.catalog.new_hero(new_id)
        for token in s.experience.get(old, []):
            setattr(fresh, token, getattr(fresh, token) + self.rules.experience.bonus(token))
        hero.id, hero.name, hero.skills = fresh.id, fresh.name, list(fresh.skills)
        self.combat.modifiers_changed()  # the new Hero card's own rules
        for stat in STAT_FIELDS:
            setattr(hero, stat, getattr(fresh, stat))
        s.removed.remove(new_id)
        s.removed.append(old)
        s.seats[s.seats.index(old)] = new_id
        for name in ("positions", "previous", "turns_taken", "experience",
                     "experience_credit", "red_challenges"):
            table = getattr(s, name)
            if old in table:
                table[new_id] = table.pop(old)
        endgame = _renamed(s.endgame, old, new_id)
        s.endgame.clear()
        s.endgame.update(endgame)
        for effect in s.effects:
            if effect.owner == old:
                effect.owner = new_id
        # the grants waiting for the Hero's movement step are the new Hero's (branch runs2)
        s.pending_movement[:] = _renamed(s.pending_movement, old, new_id)
        for players in {id(self.players): self.players,
                        id(self.combat.players): self.combat.players}.values():
            if old in players:
                players[new_id] = players.pop(old)
        self.defeated_challenges[:] = _renamed(self.defeated_challenges, old, new_id)
        if hasattr(self, "adventure_defeats"):  # the adventure layer's records
            self.adventure_defeats[:] = _renamed(self.adventure_defeats, old, new_id)
        if getattr(self, "elder_king", None) == old:
            self.elder_king = new_id
        self.emit("hero_changed", old=old, new=new_id, tokens=list(s.experience.get(new_id, [])))

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
        act(self.combat, hero, "hazard")  # branch rbwho: "When you encounter a travel hazard"
        card = self.draw_adventure(colour)
        if card is not None:
            self.resolve_card(hero, card, hazard=True)
        self.settle()
        raise TurnOver()
