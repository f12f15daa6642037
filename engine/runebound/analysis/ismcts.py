"""The searching bot (``ismcts``): information-set Monte-Carlo tree search over the engine's
own decisions, with determinised hidden information (issue 35).

At each decision of the kinds in :data:`SEARCHED` with two or more options, the bot plays
``budget`` playouts from the decision itself. Each playout

1. copies the whole running game with ``os.fork()`` (the engine asks its questions from deep
   inside its turn loop, so the copy must be of the process: the state *and* the call stack);
2. deals the copy's hidden piles again and reseeds its dice (:mod:`.determinise`): the bot
   never reads the real order of a pile or the real future rolls, only a sample;
3. answers the bot's own searched decisions from a tree shared by all playouts of this
   decision (single-observer ISMCTS: a node is the bot's own decisions and answers so far in
   the playout; UCB1 with availability counts picks among the node's candidates; one new
   node per playout), and every other decision, its own and the other players', with the
   heuristic bot on its quick estimates (:class:`..bots.game_bot.GameBot`, a fresh one for
   each player: the exact odds of :class:`.bot_odds.ExactGameBot`, which the bot itself
   uses outside the search, would cost a playout about five times as much);
4. stops when the game ends (1 for a win, 0 for a loss) or after ``horizon`` rounds, where
   :func:`value` scores the position, and sends the reward back through a pipe.

The answer is the candidate played most often (then the best mean, then the heuristic's
order). Candidates are the heuristic bot's own answer first and up to ``WIDTH - 1`` other
options in an order drawn from the bot's seed. Playouts run one after the other, each with
a seed made from the bot's seed, the decision's number and the playout's number, so a game
is the same for the same seed and budget on any machine, however fast.

A game with an ``ismcts`` player must run inside :func:`contained` (``simulate`` does this):
a forked copy must never leave the game it plays, whatever happens in it.
"""

from __future__ import annotations

import gc
import math
import os
import pickle
import random
import sys

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.log import EventLog

from ..bots.game_bot import GameBot
from .bot_odds import ExactGameBot
from .determinise import determinise, refusal

SEARCHED = frozenset(("movement", "destination", "adventure", "market", "experience",
                      "escape"))
WIDTH = 5  # candidates per node: the heuristic's answer and up to 4 others
EXPLORE = 0.7  # UCB1's exploration constant (rewards are 0..1)
DEFAULT_BUDGET = 8
DEFAULT_HORIZON = 2  # rounds a playout looks ahead before scoring the position

_CONTAINED = [0]  # depth of contained() blocks in this process
_IN_PLAYOUT = [False]  # this process is a forked playout


class contained:
    """The block a game with an ``ismcts`` player runs in. In a forked playout, leaving it
    (the game ended, or an error escaped the engine) ends the forked process at once, so a
    copy never goes on to run its caller's code (the next game of a sweep, the next test)."""

    def __enter__(self):
        _CONTAINED[0] += 1
        return self

    def __exit__(self, kind, exc, tb):
        _CONTAINED[0] -= 1
        if _IN_PLAYOUT[0]:  # a finished playout has ended the process already
            import traceback
            _send(_Playout.channel, ("error", "".join(traceback.format_exception(exc)) if kind else
                                     "the game returned without its end"))
            os._exit(3)
        return False


def can_fork() -> str | None:
    """Why playouts cannot run here, or None."""
    if not hasattr(os, "fork"):
        return "the ismcts bot copies running games with os.fork(), which this system lacks"
    return None


class IsmctsBot(Player):
    def __init__(self, seed, budget: int = DEFAULT_BUDGET, horizon: int = DEFAULT_HORIZON):
        if budget < 1:
            raise EngineError(f"the ismcts bot needs a budget of at least 1 playout, not "
                              f"{budget}")
        self.seed, self.budget, self.horizon = str(seed), budget, horizon
        self.default = ExactGameBot()
        self.searched = 0  # searched decisions so far: numbers the playouts' seeds
        self.last: dict | None = None  # the last search: {repr(candidate): [plays, mean]}
        self._playout: _Playout | None = None

    def decide(self, decision, engine):
        if self._playout is not None:  # in a forked copy
            return self._playout.decide(decision, engine)
        answer = self.default.decide(decision, engine)
        game = getattr(engine, "game", None)
        if (game is None or decision.kind not in SEARCHED or len(decision.options) < 2
                or game.state.phase == "over" or _IN_PLAYOUT[0]):  # no search in a search
            return answer
        reason = refusal(game) or can_fork()
        if reason:
            raise EngineError(reason)
        if not _CONTAINED[0]:
            raise EngineError("a game with an ismcts player runs inside "
                              "runeforge.engine.runebound.analysis.ismcts.contained() (its "
                              "playouts fork the process)")
        return self.search(decision, engine, game, answer)

    # ------------------------------------------------------------------ the search
    def search(self, decision, engine, game, answer):
        number, self.searched = self.searched, self.searched + 1
        tree: dict[tuple, dict[str, list]] = {}
        root = _node((), decision)
        for k in range(self.budget):
            found = self._fork(game, decision, engine, tree, number, k)
            if self._playout is not None:  # the forked copy: its answer goes to the engine
                return found
            steps, reward = found
            for node, key, tried in steps:
                stats = tree.setdefault(node, {})
                for other in tried:  # availability: this candidate could have been chosen
                    stats.setdefault(other, [0, 0.0, 0])[2] += 1
                entry = stats.setdefault(key, [0, 0.0, 0])
                entry[0] += 1
                entry[1] += reward
        order = [repr(c) for c in self.candidates(root, decision, answer)]
        stats = tree.get(root, {})
        self.last = {k: [v[0], v[1] / v[0]] for k, v in stats.items() if v[0]}
        best = max(order, key=lambda k: (stats.get(k, [0])[0],
                                         self.last.get(k, [0, -1.0])[1], -order.index(k)))
        return next(o for o in decision.options if repr(o) == best)

    def candidates(self, node: tuple, decision, answer) -> list:
        """The heuristic's answer, then up to WIDTH - 1 other options (discarding a card
        only when the heuristic does) in an order drawn from the bot's seed and the node."""
        others = [o for o in decision.options if o != answer
                  and not (isinstance(o, str) and o.startswith("discard:"))]
        random.Random(f"runeforge-ismcts-width-{self.seed}-{node!r}").shuffle(others)
        return [answer, *others[:WIDTH - 1]]

    def _fork(self, game, decision, engine, tree, number: int, k: int):
        sys.stdout.flush()
        sys.stderr.flush()
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the copy: plays on from this decision, sends (steps, reward), ends
            os.close(read)
            gc.disable()  # a collection would walk (and so copy) the parent's whole heap
            _IN_PLAYOUT[0] = True
            _Playout.channel = write
            try:
                rng = random.Random(f"runeforge-ismcts-{self.seed}-{number}-{k}")
                determinise(game, rng)
                self._playout = _Playout(self, game, decision.actor, tree)
                return self._playout.decide(decision, engine)
            except BaseException as exc:  # noqa: BLE001 - reported to the parent, then gone
                _send(write, ("error", f"{type(exc).__name__}: {exc}"))
                os._exit(2)
        os.close(write)
        chunks = []
        with os.fdopen(read, "rb") as pipe:
            while True:
                chunk = pipe.read(65536)
                if not chunk:
                    break
                chunks.append(chunk)
        os.waitpid(pid, 0)
        result = pickle.loads(b"".join(chunks)) if chunks else ("error", "no result")
        if result[0] == "error":
            raise EngineError(f"an ismcts playout failed: {result[1]}")
        return result[1], result[2]


class _Playout:
    """The bot inside a forked copy: the tree's answers while the playout is in the tree,
    then the heuristic's; ends the process at the horizon or the game's end."""

    channel: int = -1

    def __init__(self, bot: IsmctsBot, game, hero_id: str, tree: dict):
        self.bot, self.game, self.hero_id, self.tree = bot, game, hero_id, tree
        self.steps: list[tuple] = []
        self.path: tuple = ()
        self.in_tree = True
        self.rollout = GameBot()  # quick estimates: the exact solver costs a playout 5x
        for hid in list(game.players):  # the other players: the heuristic, fresh
            if hid != hero_id:
                game.players[hid] = GameBot()
        turns = bot.horizon * max(1, len(game.state.seats))
        game.log = game.combat.log = _PlayoutLog(self, turns)

    def decide(self, decision, engine):
        answer = self.rollout.decide(decision, engine)
        if (not self.in_tree or decision.kind not in SEARCHED or len(decision.options) < 2
                or getattr(engine, "game", None) is None):
            return answer
        node = _node(self.path, decision)
        cands = self.bot.candidates(node, decision, answer)
        keys = [repr(c) for c in cands]
        stats = self.tree.get(node, {})
        untried = [i for i, k in enumerate(keys) if stats.get(k, [0])[0] == 0]
        if untried:
            pick = untried[0]
            self.in_tree = False  # a new node: the rest is the heuristic's
        else:
            def ucb(i):
                plays, total, avail = stats[keys[i]]
                return total / plays + EXPLORE * math.sqrt(math.log(max(avail, 1)) / plays)
            pick = max(range(len(keys)), key=lambda i: (ucb(i), -i))
        self.steps.append((node, keys[pick], keys))
        self.path = (*self.path, (node[-1], keys[pick]))
        return cands[pick]

    def finish(self) -> None:
        _send(self.channel, ("ok", self.steps, value(self.game, self.hero_id)))
        os._exit(0)


class _PlayoutLog(EventLog):
    """The copy's log: counts turns to the horizon and ends the playout at the game's end."""

    def __init__(self, playout: _Playout, turns: int):
        super().__init__()
        self.playout, self.turns = playout, turns

    def emit(self, type_: str, **fields) -> None:
        if type_ in ("turn", "confrontation"):
            self.turns -= 1
            if self.turns < 0:
                self.playout.finish()
        elif type_ == "game_end":
            self.playout.finish()


def _node(path: tuple, decision) -> tuple:
    return (*path, (decision.kind, repr(decision.options)))


def _send(fd: int, result) -> None:
    data = pickle.dumps(result)
    while data:
        data = data[os.write(fd, data):]
    os.close(fd)


def value(game, hero_id: str) -> float:
    """The playout's reward for ``hero_id``: 1 or 0 once the game is over (a game without a
    winner shares it), else the Hero's share of exp(score / 1.5) over the Heroes still in,
    the score being what the endgame ranks by (red challenges beaten x3, level, gold / 4)
    plus held cards of the adventure's marker (x2) less the share of Life lost."""
    s = game.state
    if s.phase == "over":
        if s.winner is None:
            return 1.0 / max(1, len(s.seats))
        return 1.0 if s.winner == hero_id else 0.0
    out = set(s.endgame.get("out", ()))
    if hero_id in out:
        return 0.0
    adv = game.adventure

    def score(h):
        hero = game.hero(h)
        marked = sum(1 for c in hero.items if adv.hold_marker
                     and adv.carries_marker(game.card(c).data))
        life = max(1, game.combat.stat(hero, "life"))
        return (3 * game.red_challenges(h) + game.level(h) + hero.gold / 4 + 2 * marked
                - hero.wounds / life)

    scores = {h: score(h) for h in s.seats if h not in out}
    top = max(scores.values())
    weights = {h: math.exp((v - top) / 1.5) for h, v in scores.items()}
    return weights[hero_id] / sum(weights.values())
