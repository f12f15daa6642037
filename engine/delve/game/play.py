"""Delve's ``play`` engine entry (shared contract 1): a whole trial played by bots.

``play(bundle, options) -> result``. Options: ``adventure`` (a trial id), ``players`` (1-4),
``seed``, ``bots`` (``heuristic`` or ``random``), and optionally ``heroes`` (hero ids in seat
order, overriding the pick: the trial's suggested heroes, filled by a seeded pick),
``start_wounds`` ({hero id: n}, wounds carried in, e.g. from campaign travel),
``hero_abilities``, ``hero_dice``, ``adversary_vigour`` and ``lieutenants`` (a campaign's state
carried in: :mod:`.carried`) and ``debug`` (every invariant checked after every step).

The result: ``winner`` ("heroes" or "adversaries"), ``how``, ``rounds``, ``explored`` and
``slain`` (how many chambers were explored and adversaries slain; ``explored_cards`` and
``slain_adversaries`` list them), ``heroes`` (each hero's id, name, wounds, renown and whether
it is down), ``trial`` and ``log``: the event records, the options first and an ``end_state``
record with the SHA-256 of the end state last, so that the game can be replayed and checked
(:data:`LOG_OPTIONS` is the JSON Schema of the logged options record).
"""

from __future__ import annotations

import hashlib
import json

from runeforge.engine.common.dice import Dice
from runeforge.engine.common.errors import EngineError
from runeforge.engine.common.log import EventLog

from .bots import HeuristicBot, RandomBot
from .carried import LIEUTENANT_EFFECTS, Carried
from .engine import DelveGame
from .state import Records
from .trial import most_heroes, pick_heroes

_ID = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 200}
_INT = {"type": "integer", "minimum": -20, "maximum": 20}
_EFFECT = {"type": "object", "additionalProperties": False,
           "properties": {k: _INT for k in LIEUTENANT_EFFECTS}}
LOG_OPTIONS = {
    "type": "object",
    "additionalProperties": False,
    "required": ["seq", "type", "adventure", "players", "seed", "bots"],
    "properties": {
        "seq": {"const": 0},
        "type": {"const": "options"},
        "adventure": _ID,
        "players": {"type": "integer", "minimum": 1, "maximum": 4},
        "seed": {"type": "integer", "minimum": -(2 ** 63), "maximum": 2 ** 63 - 1},
        "bots": {"enum": ["heuristic", "random"]},
        "heroes": {"type": "array", "minItems": 1, "maxItems": 4, "uniqueItems": True,
                   "items": _ID},
        "start_wounds": {"type": "object", "propertyNames": _ID,
                         "additionalProperties": {"type": "integer", "minimum": 0,
                                                  "maximum": 99}},
        "hero_abilities": {"type": "object", "propertyNames": _ID,
                           "additionalProperties": {"type": "array", "maxItems": 64,
                                                    "items": {"type": "object"}}},
        "hero_dice": {"type": "object", "propertyNames": _ID,
                      "additionalProperties": {"type": "integer", "minimum": -20,
                                               "maximum": 20}},
        "adversary_vigour": {"type": "integer", "minimum": -20, "maximum": 20},
        "lieutenants": {"type": "object", "propertyNames": _ID,
                        "additionalProperties": _EFFECT},
        "debug": {"type": "boolean"},
        # the seats (0-based, in seat order) whose answers are a person's, not the bot's: a
        # replay reads them from the log's decision records (`runeforge table`)
        "humans": {"type": "array", "minItems": 1, "maxItems": 4, "uniqueItems": True,
                   "items": {"type": "integer", "minimum": 0, "maximum": 3}},
    },
}
# the streams of one seed: dice, and the random bots' choices (the deck and the hero pick use
# the seed itself)
DICE_SALT, BOT_SALT = 1, 2


def state_digest(state) -> str:
    text = json.dumps(state.to_dict(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def bots(kind: str, heroes, seed: int) -> dict:
    if kind == "random":
        return {h: RandomBot(seed * 10 + BOT_SALT * 100_003 + i) for i, h in enumerate(heroes)}
    return {h: HeuristicBot() for h in heroes}


def start(records: Records, options: dict, log: EventLog | None = None,
          players: dict | None = None) -> DelveGame:
    """The game of ``options`` set up (before its first round). ``players``: seat index ->
    :class:`~runeforge.engine.common.decisions.Player` for the seats the caller plays (a
    person at `runeforge table`, or the answers of a log), the bots playing the others."""
    trial = records.trial(options["adventure"])
    seed = options["seed"]
    heroes = pick_heroes(trial, records.heroes, options["players"], seed, options.get("heroes"),
                         most_heroes(records.rules, records.heroes))
    seated = bots(options.get("bots", "heuristic"), heroes, seed)
    for i, player in (players or {}).items():
        if not 0 <= i < len(heroes):
            raise EngineError(f"seat {i} is not one of the {len(heroes)} seats")
        seated[heroes[i]] = player
    return DelveGame(records, heroes, seed, Dice(seed * 10 + DICE_SALT), seated,
                     debug=bool(options.get("debug")), log=log, trial=trial,
                     start_wounds=options.get("start_wounds"),
                     carried=Carried.from_options(options, heroes))


def outcome(game: DelveGame) -> dict:
    s = game.state
    heroes = []
    for h in s.heroes:
        fig = s.figure(h)
        heroes.append({"id": h, "name": game.records.heroes[h]["name"],
                       "wounds": fig.wounds if fig else game.records.heroes[h]["vigour"],
                       "renown": s.renown.get(h, 0), "down": fig is None})
    return {**s.result, "rounds": s.round, "trial": s.trial, "explored": len(s.explored),
            "slain": len(s.slain), "explored_cards": list(s.explored),
            "slain_adversaries": list(s.slain), "heroes": heroes}


def play_records(records: Records, options: dict, players: dict | None = None) -> dict:
    """:func:`play` over records already read from a bundle (the soak reuses them)."""
    log = EventLog()
    log.emit("options", **options)
    game = start(records, options, log, players)
    game.play()
    return finish(game, log)


def finish(game: DelveGame, log: EventLog) -> dict:
    """The result of a game played to its end, its ``end_state`` record logged."""
    result = outcome(game)
    log.emit("end_state", sha256=state_digest(game.state), winner=result["winner"],
             how=result["how"], rounds=result["rounds"])
    return {**result, "log": log.records}


def play(bundle: dict, options: dict, players: dict | None = None) -> dict:
    return play_records(Records.from_bundle(bundle), options, players)


def seats(bundle: dict, options: dict) -> dict:
    """The ``seats`` engine entry: how many players the adventure ``options["adventure"]``
    seats (``most``) and why (``why``), so that a front end can refuse more before playing."""
    records = Records.from_bundle(bundle)
    records.trial(options["adventure"])
    rules, known = records.rules, records.heroes
    most = most_heroes(rules, known)
    why = (f"the rules data seats at most {rules.max_heroes} heroes"
           if rules.max_heroes is not None and rules.max_heroes <= len(known)
           else f"the bundle has {len(known)} Delve hero cards")
    return {"most": most, "why": why}


def begin(bundle: dict, options: dict, players: dict | None = None,
          log: EventLog | None = None) -> DelveGame:
    """A game set up from ``options``, its options logged, to be played by the caller
    (``game.play()``, then :func:`finish`): what a front end that holds the game uses."""
    log = log if log is not None else EventLog()
    log.emit("options", **options)
    return start(Records.from_bundle(bundle), options, log, players)
