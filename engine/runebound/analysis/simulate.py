"""Simulation sweeps: many whole games with bots, locally or on a Dask cluster.

Every game is fully determined by its :class:`GameSpec` (the seed, the player count, the
ruleset, the adventure and the bots), so a sweep gives the same per-game results whether
it runs in one process, in a local process pool, or on Dask workers. Results are plain
dicts; :func:`summarize` turns them into win rates with 95 % Wilson intervals.

The engine never imports the compiler: callers pass a compiled bundle (a dict).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from dataclasses import asdict, dataclass

from runeforge.engine.common import sweep
from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.figures import figures
from runeforge.engine.common.sweep import rates, wilson

from ..adventures.adventure_game import new_adventure_game
from ..core.catalog import Catalog
from ..game.scenario import ADVENTURES
from ..game.setup import new_game
from .bot_odds import make_bot
from .determinise import refusal
from .ismcts import DEFAULT_BUDGET, IsmctsBot, can_fork, contained

DEFAULT_ADVENTURE = "rise-of-the-dragon-lords"


@dataclass(frozen=True)
class GameSpec:
    seed: int
    players: int
    ruleset: str = "base"
    adventure: str = DEFAULT_ADVENTURE
    bots: str = "heuristic"  # one name for every seat, or one per seat: "ismcts,heuristic"
    budget: int = 0  # the ismcts bot's playouts per decision (0: its default)


def start_game(bundle: dict, options: dict, log=None, catalog=None):
    """A ready game from plain options: a scripted-in adventure of
    engine/runebound/game/scenario.py, or an adventure document of the bundle
    (engine/runebound/adventures/adventure_game.py), which is also used for any adventure
    played with card expansions (``expansions``, ``expansion_mode``). The bots named in
    ``bots`` are those of :func:`..bots.game_bot.make_bot` unless ``make_bot`` is given."""
    opts = {"make_bot": make_bot, **options}
    adventure = opts.pop("adventure", DEFAULT_ADVENTURE)
    opts["bots"] = seat_bots(opts.get("bots", "heuristic"))
    budget = opts.pop("budget", 0)
    if "ismcts" in opts["bots"]:
        opts["make_bot"] = ismcts_bots(opts["make_bot"], budget or DEFAULT_BUDGET)
    if catalog is not None:
        opts["catalog"] = catalog
    if adventure in ADVENTURES and not opts.get("expansions"):
        opts.pop("expansions", None)
        opts.pop("expansion_mode", None)
        game = new_game(bundle, adventure=adventure, packs="adventure", log=log, **opts)
    else:
        game = new_adventure_game(bundle, adventure=adventure, log=log, **opts)
    if "ismcts" in opts["bots"]:
        reason = refusal(game) or can_fork()
        if reason:
            raise EngineError(reason)
    return game


def seat_bots(bots):
    """``"heuristic"`` (every seat) or ``"ismcts,heuristic,heuristic"`` (seat by seat, in
    turn order) as new_game takes it: a name, or a list of one name per seat."""
    if isinstance(bots, str) and "," in bots:
        return [b.strip() for b in bots.split(",")]
    return bots


def ismcts_bots(make, budget: int):
    """``make`` with ``ismcts`` added: the searching bot (:mod:`.ismcts`) with ``budget``
    playouts per decision."""
    def make_bot(name: str, seed):
        return IsmctsBot(seed, budget=budget) if name == "ismcts" else make(name, seed)
    return make_bot


def specs(games: int, seed: int = 1, players=(4,), rulesets=("base",),
          adventures=(DEFAULT_ADVENTURE,), bots: str = "heuristic",
          budget: int = 0) -> list[GameSpec]:
    """``games`` specs; game i has seed ``seed + i`` and cycles through the player counts,
    rulesets and adventures, so a sweep is balanced and reproducible."""
    combos = [(p, r, a) for a in adventures for r in rulesets for p in players]
    return [GameSpec(seed + i, *combos[i % len(combos)], bots=bots, budget=budget)
            for i in range(games)]


# (bundle, its catalog): the bundle itself is held, so a later bundle cannot take a freed
# one's id() and be played with the old bundle's cards (a game's result then depended on
# what the process had run before)
_CATALOG: list = [None, None]


def run_one(bundle: dict, spec: GameSpec) -> dict:
    """Play one game to its end and return its result record."""
    if _CATALOG[0] is not bundle:  # one catalog per bundle per process, not per game
        _CATALOG[:] = [bundle, Catalog(bundle)]
    catalog = _CATALOG[1]
    options = {k: v for k, v in asdict(spec).items()}
    game = start_game(bundle, options, catalog=catalog)
    with contained():  # a forked ismcts playout never leaves its game
        game.run()
    state = game.state
    digest = hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True, ensure_ascii=False)
                            .encode("utf-8")).hexdigest()
    return {**asdict(spec), "heroes": [h.id for h in state.heroes], "winner": state.winner,
            "how": state.how, "rounds": state.round, "digest": digest,
            "seats": list(state.seats), "ending": ending_of(state)}


def ending_of(state) -> str:
    """How a finished game ended, for the figures (engine/common/figures.py): ``turn-cap``
    (unfinished), ``all-eliminated`` (the endgame ranking after every Hero was eliminated),
    ``other`` (another ranking, e.g. the red deck ran out) or ``own`` (the adventure's own
    victory: Margath, the runes, a Kyros or Crown ending)."""
    how = state.how or ""
    if state.winner is None and how.startswith("turn cap"):
        return "turn-cap"
    if "every Hero eliminated" in how:
        return "all-eliminated"
    if state.winner is None or how.startswith("endgame ranking"):
        return "other"
    return "own"


# ---- a local process pool, or Dask (engine/common/sweep.py: every game's simulate) ----------

def run_local(bundle: dict, game_specs: list[GameSpec], workers: int = 1,
              progress=None) -> list[dict]:
    """Results in spec order; ``workers`` > 1 uses a process pool (the bundle is sent to
    each worker once)."""
    return sweep.run_local(run_one, bundle, game_specs, workers, progress)


def run_dask(bundle: dict, game_specs: list[GameSpec], scheduler, progress=None) -> list[dict]:
    """The same results on a Dask cluster: ``scheduler`` is an address ("tcp://host:8786")
    or a ``distributed.Client``. Needs the optional extra: pip install runeforge[distributed]."""
    return sweep.run_dask(run_one, bundle, game_specs, scheduler, progress)


# ---- summaries --------------------------------------------------------------------------------

def summarize(results: list[dict]) -> dict:
    """Win rates by hero (over the games the hero played) and, per adventure, the share of
    games with a winner and each hero's win rate there."""
    by_hero: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    by_adventure: dict[str, dict] = {}
    for r in results:
        adv = by_adventure.setdefault(r["adventure"], {"games": 0, "decided": 0,
                                                       "heroes": defaultdict(lambda: [0, 0])})
        adv["games"] += 1
        adv["decided"] += r["winner"] is not None
        for hero in r["heroes"]:
            won = int(hero == r["winner"])
            by_hero[hero][0] += won
            by_hero[hero][1] += 1
            adv["heroes"][hero][0] += won
            adv["heroes"][hero][1] += 1
    adventures = []
    for adv_id in sorted(by_adventure):
        adv = by_adventure[adv_id]
        low, high = wilson(adv["decided"], adv["games"])
        adventures.append({"id": adv_id, "games": adv["games"], "decided": adv["decided"],
                           "decided_rate": adv["decided"] / adv["games"],
                           "ci95": [low, high], "heroes": rates(adv["heroes"])})
    return {"games": len(results), "heroes": rates(by_hero), "adventures": adventures,
            "figures": figures(results), "bots": by_bot(results)}


def by_bot(results: list[dict]) -> list[dict]:
    """Win rates by bot (over the seats it played) when a game's seats had different bots
    ("ismcts,heuristic,..."; seat i is the i-th Hero in turn order), else []: how the
    searching bot checks the heuristic one."""
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        names = seat_bots(r.get("bots", ""))
        if isinstance(names, str):
            continue
        for name, hero in zip(names, r["seats"], strict=False):
            tally[name][0] += int(hero == r["winner"])
            tally[name][1] += 1
    return rates(tally)
