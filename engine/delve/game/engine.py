"""The Delve game loop: rounds of a hero phase then an adversary phase, to a win or a loss.

Hero phase (R1-R21, A2): each hero still up rolls ``hero_dice`` dice (rules data), then its
player is asked ``delve.action`` (through :meth:`Player.decide`) with every legal action as an
option — ``explore``, ``move`` (to a reachable cell), ``recuperate`` or ``weapon`` (a weapon
action of the hero's IR with its target), each naming the die that pays — or None to stop.
The turn ends when the player stops or no action is possible; unused dice are set aside.
Explore turns over the top exploration card, places its chamber and rolls its encounter table
(one die) to place adversaries nearest the chamber's centre.

Adversary phase: the project's own rule, see :mod:`.adversaries`.

End (the trial's goal, :mod:`.trial`): with ``clear`` the heroes win when the exploration deck
is empty and no adversary is on the board; with ``slay`` the goal's adversary is placed with
the last chamber (after its encounter, nearest the centre) and the heroes win when it is slain.
They lose when every hero is down or after the trial's ``round_limit`` rounds (default: the
rules data's). Every step goes to
the :class:`EventLog`; with ``debug`` the invariants (:mod:`.invariants`) are checked after it.
"""

from __future__ import annotations

from runeforge.engine.common.decisions import Decision
from runeforge.engine.common.errors import EngineError, IllegalAction
from runeforge.engine.common.log import EventLog

from ..board.placement import card_terms, centre_cells, deck_exit, fits
from ..board.placement import explore as place_chamber
from ..board.placement import place as place_exit
from ..rules import actions
from ..rules import effects as fx
from ..rules.attacks import Figure
from ..rules.costs import HeroTurn, roll_hero_dice
from . import adversaries as adv
from . import heroes as hz
from . import move_end_dmove, passage_dmove, spending, tolls, traits  # *_dmove: dmove
from .carried import Carried
from .invariants import Watch
from .state import GameState, Records, new_game
from .trial import Trial, default_trial

ACTION = "delve.action"


class DelveGame:
    def __init__(self, records: Records, hero_ids, seed: int, dice, players: dict,
                 debug: bool = False, log: EventLog | None = None, trial: Trial | None = None,
                 start_wounds: dict | None = None, carried: Carried | None = None):
        self.records = records
        self.rules = records.rules
        self.trial = trial or default_trial(records.exploration, self.rules)
        self.state: GameState = new_game(records, hero_ids, seed, self.trial, start_wounds)
        self.carried = carried or Carried()
        self.dice = dice
        self.players = players          # hero id -> Player
        self.log = log if log is not None else EventLog()
        self.watch = Watch(self) if debug else None
        self.log.emit("setup", heroes=list(hero_ids), seed=seed, deck=list(self.state.deck),
                      cells={f.id: list(f.cell) for f in self.state.figures},
                      trial=self.trial.id, goal=self.trial.goal, quarry=self.trial.quarry,
                      wounds={f.id: f.wounds for f in self.state.figures if f.wounds})
        self.step("setup")

    # ------------------------------------------------------------------ helpers
    def step(self, what: str) -> None:
        if self.watch is not None:
            self.watch.check(what)

    def occupied(self, but=None) -> set:
        return {f.cell for f in self.state.figures if f is not but}

    def hero_record(self, hero_id: str) -> dict:
        return self.records.heroes[hero_id]

    def paying_dice(self, turn: HeroTurn, cost: int) -> list[int]:
        """One die index per distinct face that pays (``cost``+), lowest face first."""
        seen, out = set(), []
        for i in sorted(range(len(turn.dice)), key=lambda i: turn.dice[i]):
            face = turn.dice[i]
            if face >= cost and face not in seen and cost <= self.rules.die_faces:
                seen.add(face)
                out.append(i)
        return out

    def exits_for(self, hero: Figure, turn: HeroTurn | None = None) -> list:
        """The exits ``hero`` may explore through: next to it (R9); for the game's opening
        Explore (R8) the start chamber's unexplored exits, wherever the hero stands in it (the
        project's reading: heroes start at the centre, away from every exit)."""
        s = self.state
        if turn is not None and turn.explore_first and s.board.owner.get(hero.cell) == 0:
            return s.board.unexplored_exits(0)
        return s.board.exits_next_to(hero.cell)

    def top_card(self) -> tuple:
        """The top exploration card's tile and its terms (R10a: the exit that must join, the
        exits that carry a portal)."""
        card = self.records.exploration[self.state.deck[0]]
        return (self.records.tiles[card["tile"]], *card_terms(card))

    def fits_at(self, exit_) -> bool:
        """Whether the top card's chamber can join ``exit_`` (as its card says, R10a)."""
        if not self.state.deck:
            return False
        tile, joining, _ = self.top_card()
        return fits(self.state.board, tile, exit_, joining)

    def can_explore(self, hero: Figure, turn: HeroTurn | None = None) -> bool:
        if traits.forbidden(self, hero, "explore"):     # an adversary's rule (delveg)
            return False
        return any(self.fits_at(e) for e in self.exits_for(hero, turn))

    def pinned(self, hero: Figure) -> bool:
        """A5: next to an adversary, or pinned by an adversary's rule; never, by the hero's
        own rule ("You are never pinned", issue 32, session delveg)."""
        s = self.state
        return not traits.never_pinned(self, hero) and (
            actions.is_pinned(s.board, hero, s.figures) or traits.pinned(self, hero))

    def move_value(self, hero: Figure) -> int:
        """R11: the hero's Move, with its bonuses (``add 1 to your Move``, issue 32)."""
        return self.hero_record(hero.id)["move"] + hz.bonus(self, hero.id, "move")

    def options(self, hero: Figure, turn: HeroTurn) -> list[dict]:
        """Every legal action of ``hero`` now (A2: the turn ends when this is empty)."""
        rules, out = tolls.rules_for(self, hero), []   # delve11: dearer
        if self.can_explore(hero, turn):
            out += [{"action": "explore", "die": d} for d in self.paying_dice(turn, rules.explore)]
        if turn.explore_first:
            if out:
                return out      # R8: the game's first action is Explore
            turn.explore_first = False   # the project's reading: R8 lapses if it cannot be met
        out += hz.options(self, hero, turn)
        pinned = self.pinned(hero)
        if hero.wounds and not traits.forbidden(self, hero, "recuperate"):
            out += [{"action": "recuperate", "die": d}
                    for d in self.paying_dice(turn, turn.recuperate_cost(rules))]
        move_dice = self.paying_dice(turn, turn.move_cost(rules, pinned))
        if move_dice and not traits.rooted(self, hero):
            reach = passage_dmove.reach(self, hero, self.move_value(hero))   # branch dmove
            cells = sorted((c for c in reach if c != hero.cell), key=lambda c: (c[1], c[0]))
            out += [{"action": "move", "die": d, "to": list(c)} for d in move_dice
                    for c in cells]
        return out

    # ------------------------------------------------------------------ hero phase
    def hero_turn(self, hero: Figure, opening: bool = False) -> None:
        s, rules = self.state, self.rules
        faces = roll_hero_dice(self.dice, self.carried.dice_count(self, hero.id), rules)
        turn = HeroTurn(hero.id, faces)
        if rules.recuperate_reset == "game":  # A3: the escalating Recuperate cost runs all
            turn.recuperations = s.recuperations.get(hero.id, 0)  # game long
        turn.explore_first = opening and rules.explore_first and not s.explored
        if rules.escalation_reset == "game":        # (N+*) uses carried from earlier turns
            turn.uses = dict(s.uses.get(hero.id, {}))
        s.turns[hero.id], s.dealt[hero.id] = turn, len(faces)
        if s.lasting:      # "until the start of your next turn" ends now
            s.lasting = fx.expire(s.lasting, hero.id, "next_turn")
        self.log.emit("hero_dice", hero=hero.id, faces=list(faces), round=s.round)
        self.step("hero_dice")
        hz.fire(self, hero, "turn_start")          # "At the start of your turn, …"
        voluntary = False
        while s.result is None and hero in s.figures:
            opts = self.options(hero, turn)
            if not opts:
                break
            # A2: ending the turn with actions left is the rules' choice (voluntary_end); R8:
            # not before the game's first action, the Explore, is taken
            may_end = rules.voluntary_end and not turn.explore_first
            answer = self.players[hero.id].decide(
                Decision(ACTION, hero.id, opts, info={"dice": list(turn.dice),
                                                      "may_end": may_end}), self)
            self.log.emit("decision", kind=ACTION, actor=hero.id, answer=answer)
            if answer is None:
                if turn.explore_first:
                    raise IllegalAction("R8: the first action of the game is Explore; the "
                                        f"turn cannot end before it ({hero.id})")
                voluntary = True
                break
            if answer not in opts:
                raise IllegalAction(f"{hero.id}: {answer!r} is not a legal Delve action now")
            self.do(hero, turn, answer)
            self.check_end()
        if s.result is None and hero in s.figures:
            hz.fire(self, hero, "turn_end")          # "At the end of your turn, …"
        if s.lasting:
            s.lasting = fx.expire(s.lasting, hero.id, "end_of_turn")
        if rules.escalation_reset == "game":
            s.uses[hero.id] = dict(turn.uses)
        if rules.recuperate_reset == "game":
            s.recuperations[hero.id] = turn.recuperations
        turn.end(rules, voluntary=voluntary)
        self.log.emit("turn_end", hero=hero.id, set_aside=list(turn.set_aside))
        self.step("turn_end")

    def do(self, hero: Figure, turn: HeroTurn, act: dict) -> None:
        s, rules, kind = self.state, tolls.rules_for(self, hero), act["action"]
        face = turn.dice[act["die"]]
        if kind == "move":
            goal = tuple(act["to"])
            path = passage_dmove.path(self, hero, goal)   # branch dmove: through figures
            before = hero.cell
            actions.move(turn, s.board, hero, act["die"], path,
                         passage_dmove.in_the_way(self, hero),
                         self.move_value(hero), rules, self.pinned(hero))
            self.log.emit("move", hero=hero.id, die=face, path=[list(c) for c in path])
            hz.approached(self, hero, before)   # "When a hero moves adjacent to this adversary"
            move_end_dmove.ended(self, hero, path, hz.ops.apply)   # "… ends its move …" (dmove)
        elif kind == "recuperate":
            healed = actions.recuperate(turn, hero, act["die"], rules)
            self.log.emit("recuperate", hero=hero.id, die=face, healed=healed)
            hz.fire(self, hero, "recuperated")
        elif kind == "explore":
            self.explore(hero, turn, act["die"], face, rules)
            hz.fire(self, hero, "explored")
        elif kind in ("weapon", "ability"):
            hz.use(self, hero, turn, act)
        else:  # pragma: no cover - options() offers no other kind
            raise EngineError(f"unknown Delve action {kind!r}")
        spending.spent(self, hero, face, hz.apply)   # "each time you spend a 6" (delve9)
        self.step(kind)

    def explore(self, hero: Figure, turn: HeroTurn, die: int, face: int,
                rules=None) -> None:
        """The basic Explore (1+, or dearer by an adversary's rule): pay, then :meth:`reveal`."""
        rules = rules or self.rules
        tile, joining, portals = self.top_card()
        if turn.explore_first:      # R8: the opening Explore, through the start chamber's exit
            exit_ = next(e for e in self.exits_for(hero, turn) if self.fits_at(e))
            turn.begin("Explore", rules.explore, die, rules)
            try:
                chamber = place_exit(self.state.board, tile, exit_, joining, portals=portals)
            finally:
                turn.finish()
        else:
            chamber = actions.explore(turn, self.state.board, hero, die, tile, rules,
                                      joining, portals)
        self.turn_over(hero, chamber, face)

    def reveal(self, hero: Figure) -> str | None:
        """An ability's explore effect (already paid): the top card's chamber at the exit
        next to ``hero`` (R9, A6); None when Explore is not possible now."""
        if not self.can_explore(hero):
            return None
        card_id = self.state.deck[0]
        tile, joining, portals = self.top_card()
        self.turn_over(hero, place_chamber(self.state.board, hero.cell, tile, joining, portals),
                       None)
        return card_id

    def turn_over(self, hero: Figure, chamber, face: int | None) -> None:
        """The top card is explored as ``chamber``: log it and roll its encounter."""
        s = self.state
        card_id = s.deck[0]
        card = self.records.exploration[card_id]
        s.explored.append(s.deck.pop(0))
        at = deck_exit(s.board, chamber)    # R10c: the rest of the deck by the new chamber's exit
        s.deck_at = [chamber.index, at.id] if at is not None and s.deck else None
        self.log.emit("explore", hero=hero.id, die=face, card=card_id, tile=card["tile"],
                      chamber=chamber.index, rotation=chamber.rotation,
                      origin=list(chamber.origin), deck_at=s.deck_at,
                      **({"closed": sorted(chamber.closed)} if chamber.closed else {}))
        table = card.get("encounter")
        if table:
            roll = self.dice.die(self.rules.die_faces)
            row = next((r for r in self.records.encounters[table]["rows"]
                        if roll in r["roll"]), None)
            ids = [a["id"] for a in (row or {}).get("adversaries", [])
                   for _ in range(a["count"])]
            placed = self.spawn(chamber, ids)
            self.log.emit("encounter", table=table, roll=roll, adversaries=placed)
        if not s.deck and self.trial.goal == "slay" and s.quarry is None:
            placed = self.spawn(chamber, [self.trial.quarry], anywhere=True)
            s.quarry = placed[0]["id"]
            self.log.emit("quarry", adversary=self.trial.quarry, **placed[0])

    def spawn(self, chamber, ids: list, anywhere: bool = False) -> list[dict]:
        """Place adversaries ``ids`` on the free cells of ``chamber`` nearest its centre (a
        full chamber places fewer; with ``anywhere`` the overflow goes to the other chambers,
        the newest first)."""
        s = self.state
        cells = centre_cells(s.board, chamber, len(ids), self.occupied())
        for other in reversed(s.board.chambers) if anywhere else ():
            if len(cells) < len(ids):
                cells += centre_cells(s.board, other, len(ids) - len(cells),
                                      self.occupied() | set(cells))
        placed = []
        for adv_id, cell in zip(ids, cells, strict=False):
            s.spawned += 1
            fid = f"{adv_id}-{s.spawned}"
            vigour = self.records.adversaries[adv_id]["vigour"]
            vigour = max(1, vigour + self.carried.placed_vigour(adv_id))
            s.figures.append(Figure(fid, "adversary", cell, vigour))
            s.kinds[fid] = adv_id
            placed.append({"id": fid, "cell": list(cell)})
        return placed

    # ------------------------------------------------------------------ the game
    def check_end(self) -> bool:
        s = self.state
        if s.result is not None:
            return True
        if not s.heroes_up():
            s.result = {"winner": "adversaries", "how": "every hero is down"}
        elif self.trial.goal == "slay":
            if s.quarry is not None and s.figure(s.quarry) is None:
                name = self.records.adversaries[self.trial.quarry]["name"]
                s.result = {"winner": "heroes", "how": f"the {name} is slain"}
        elif not s.deck and not s.adversaries():
            s.result = {"winner": "heroes", "how": "the deck is explored and the board clear"}
        if s.result is not None:
            s.phase = "over"
            self.log.emit("game_end", round=s.round, **s.result)
        return s.result is not None

    def play_round(self) -> None:
        s = self.state
        s.round += 1
        s.turns, s.dealt = {}, {}
        s.phase = "heroes"
        self.log.emit("round", round=s.round)
        hz.clock(self, "round_start")             # the clock's triggers (issue 32)
        for seat, hero_id in enumerate(s.heroes):
            hero = s.figure(hero_id)
            if hero is not None and s.result is None:
                self.hero_turn(hero, opening=s.round == 1 and seat == 0)
        if s.result is None:
            s.phase = "adversaries"
            hz.clock(self, "phase_start")
            adv.adversary_phase(self)
            hz.clock(self, "phase_end")
            if s.lasting:
                s.lasting = fx.expire(s.lasting, None, "end_of_phase")
            self.check_end()
        if s.result is None:
            hz.clock(self, "round_end")
            self.check_end()
        if s.lasting:
            s.lasting = fx.expire(s.lasting, None, "end_of_round")
        limit = self.trial.round_limit
        if s.result is None and limit is not None and s.round >= limit:
            s.result = {"winner": "adversaries", "how": f"the round limit ({limit}) is reached"}
            s.phase = "over"
            self.log.emit("game_end", round=s.round, **s.result)
        self.step("round_end")

    def play(self, max_rounds: int = 1000) -> dict:
        while self.state.result is None:
            if self.state.round >= max_rounds:
                raise EngineError("a Delve game without a round limit did not end")
            self.play_round()
        return {**self.state.result, "rounds": self.state.round}
