"""Delve's card scenarios (``runeforge test``; the ``scenario`` engine entry): one hero turn of
the game loop with scripted dice and decisions, then the state it must reach.

``run_scenario(bundle, scenario) -> result``: ``scenario`` is one entry of a ``kind:
scenarios`` document of a Delve pack (schema ``compiler/schemas/delve/scenarios.schema.json``):

* ``given``: the ``hero`` (required) with its ``wounds``, ``renown``, the ``skills`` it holds
  and its ``cell`` (default: the start chamber's cell nearest the centre); the
  ``adversaries`` (ids, or ``{id, cell}``) placed in its chamber in order, each without a cell
  next to the hero (``start: adjacent``, the default) or apart from it (``start: apart``:
  seen, not next to it), nearest first; the exploration ``deck`` (card ids, top first) that
  an Explore turns over; the ``tile`` of the chamber (default the rules' start tile);
  ``adversary_phase: true`` runs the rest of the round after the hero's turn (the adversary
  phase with the triggers at its start and end, and the round's end); issue 32: ``abilities``
  the hero holds besides its cards' and, on an adversary (``{id, abilities}``), its rules and
  triggers besides its card's (Delve IR: the compiler's runner compiles the scenario's text);
  ``allies``: other heroes in the chamber (``hero``, ``wounds``, ``cell``, ``abilities``),
  who take no turn;
* ``roll``: the hero dice the hero rolls for the turn (as many as the game rolls);
* ``dice``: every later die, in the order the engine rolls them (attack rolls, an explored
  chamber's encounter roll, the adversaries' attack rolls);
* ``do``: the hero's decisions in order; the turn ends after the last one. An action is
  ``use:`` an ability (its name, or ``<card id>#<n>``, the card's n-th ability counting from
  0) or a basic action (``move``, ``recuperate``, ``explore``), with ``die:`` the face that
  pays (default: the lowest that does), ``target:``/``targets:`` (adversary ids, or figure
  ids such as ``gloom-rat-2``) and ``to: [x, y]`` (a move's cell) when more than one is
  offered; a later choice of an ability is a step with only ``to`` or ``targets``, a skill
  to take ``skill: <id>`` (a choice with no step listed is declined: none / the first free
  skill in card order);
* ``then``: the ``hero``'s ``wounds``, ``renown``, ``skills``, ``dice`` (set aside unused at
  the end of the turn), ``spent``, ``cell`` and ``down``; each adversary's ``wounds``,
  ``slain`` and ``cell`` (by id or figure id); ``slain`` and ``explored`` (ids, in order);
  ``log`` records that must occur in that order and records that must ``never`` occur
  (a pattern matches a record that has every key and value it lists).

The result, plain data: ``checks`` (``what``, ``expected``, ``actual``, ``keys``: where the
expected value is in the scenario), ``error`` (None, or ``{message, keys}`` when the scenario
could not run as written: an unknown card, a step the engine did not offer (with what it did),
dice or steps left over), ``ops`` (the IR ops the abilities ran) and ``covers`` (the cards of
``given``). The game never ends in a scenario but when every hero is down.
"""

from __future__ import annotations

from runeforge.engine.common.decisions import Player
from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.common.errors import EngineError, ScriptExhausted
from runeforge.engine.common.log import EventLog

from ..game import heroes as hz
from ..game.engine import ACTION, DelveGame
from ..game.state import Records
from ..game.trial import Trial
from ..rules.attacks import Figure
from . import scenario_cast as cast
from .fight import stand
from .scenario_checks import checks as _checks
from .scenario_checks import given_ids as _given_ids
from .scenario_checks import ran_ops as _ops
from .scenario_checks import resolve as _resolve

BASIC = ("move", "recuperate", "explore")
HERO_FIELDS = ("wounds", "renown", "skills", "dice", "spent", "cell", "down")
ALLY_FIELDS = ("wounds", "renown", "cell", "down")
ADVERSARY_FIELDS = ("wounds", "slain", "cell")


class ScenarioError(Exception):
    """The scenario cannot run as written; ``keys`` locate the cause inside it."""

    def __init__(self, message: str, keys: tuple = ()):
        super().__init__(message)
        self.keys = tuple(keys)


class _Game(DelveGame):
    """The game loop, ending only when every hero is down (a scenario is one turn)."""

    def check_end(self) -> bool:
        s = self.state
        if s.result is None and not s.heroes_up():
            s.result = {"winner": "adversaries", "how": "every hero is down"}
            s.phase = "over"
            self.log.emit("game_end", round=s.round, **s.result)
        return s.result is not None


def _offers(opts: list[dict], dice) -> str:
    """The options offered, in words: each action with its die face and targets, and the
    cells a move may go to counted rather than listed."""
    seen: dict = {}
    for o in opts:
        what = o.get("weapon") or o.get("ability") or o["action"]
        text = f"{what} with a {dice[o['die']]}"
        if "targets" in o:
            text += f" at {', '.join(o['targets'])}"
        seen.setdefault(text, []).append(o.get("to"))
    out = []
    for text, cells in seen.items():
        cells = [c for c in cells if c is not None]
        out.append(text + (f" to {cells[0]}" if len(cells) == 1 else
                           f" to one of {len(cells)} cells" if cells else ""))
    return "; ".join(out) or "nothing"


def _unknown(what: str, name, known) -> str:
    """The message for an unknown id, with the likeliest id meant."""
    import difflib

    close = difflib.get_close_matches(str(name), list(known), n=1)
    return f"no Delve {what} '{name}' in the content" + (
        f" (did you mean '{close[0]}'?)" if close else "")


class _Script(Player):
    """Answers the hero's decisions from the scenario's ``do`` steps, in order."""

    def __init__(self, steps: list, names: dict):
        self.steps, self.names, self.used = steps, names, 0

    def _next(self):
        return self.steps[self.used] if self.used < len(self.steps) else None

    def figures(self, step: dict, game, keys: tuple) -> list[str] | None:
        """The figure ids a step names (adversary ids name their first figure; a hero is
        named by its id)."""
        given = step.get("targets", [step["target"]] if "target" in step else None)
        if given is None:
            return None
        out = []
        heroes = {f.id for f in game.state.heroes_up()}
        for name in given:
            fid = name if name in heroes else _resolve(name, self.names, game.state.kinds)
            if fid is None:
                on_board = sorted(game.state.kinds)
                raise ScenarioError(f"no adversary '{name}' on the board (there are: "
                                    f"{', '.join(on_board) or 'none'})", keys)
            out.append(fid)
        return sorted(out)

    def decide(self, decision, game):
        step = self._next()
        keys = ("do", self.used)
        if decision.kind == ACTION:
            if step is None:
                return None                       # the script is done: the turn ends
            if "use" not in step:
                raise ScenarioError("the engine asks for the hero's next action, but this "
                                    "step is a later choice (to/targets/skill)", keys)
            found = self.action(step, decision, game, keys)
        elif decision.kind == hz.EFFECT:
            if step is None or "use" in step or "skill" in step:
                return None                       # no choice listed: the effect does nothing
            found = self.choice(step, decision, game, keys)
        else:  # hz.SKILL
            if step is None or "skill" not in step:
                return None                       # the first free skill, in card order
            if step["skill"] not in decision.options:
                raise ScenarioError(f"the skill '{step['skill']}' is not free to take (free: "
                                    f"{', '.join(decision.options)})", keys + ("skill",))
            found = step["skill"]
        self.used += 1
        return found

    def _key(self, use: str, game, hero: str, keys: tuple) -> str:
        """The option key of ``use``: an ability's name or ``<card>#<n>``."""
        mine = hz.hero_abilities(game, hero)
        if "#" in use:
            card, _, n = use.rpartition("#")
            record = game.records.heroes.get(card) or game.records.skills.get(card)
            irs = (record or {}).get("abilities", [])
            if not n.isdigit() or int(n) >= len(irs):
                raise ScenarioError(f"'{use}': no such ability of a card", keys + ("use",))
            ir = irs[int(n)]
            key = ir.get("name") if ir.get("form") == "action" else f"{card}:{n}"
            if not any(a.key == key and a.source == card for a in mine):
                raise ScenarioError(f"'{use}' is not an ability the hero can use (a "
                                    f"{ir.get('form')} ability, or a card it does not hold)",
                                    keys + ("use",))
            return key
        if any(a.key == use for a in mine):
            return use
        names = sorted({a.name for a in mine if a.form == "action"})
        raise ScenarioError(f"the hero has no ability '{use}' (its abilities: "
                            f"{', '.join(names)}; a Spend ability is named <card>#<n>; basic "
                            f"actions: {', '.join(BASIC)})", keys + ("use",))

    def action(self, step: dict, decision, game, keys: tuple) -> dict:
        dice, opts = decision.info["dice"], decision.options
        use = str(step["use"])
        if use in BASIC:
            mine = [o for o in opts if o["action"] == use]
        else:
            key = self._key(use, game, decision.actor, keys)
            mine = [o for o in opts if o.get("weapon", o.get("ability")) == key]
        if "die" in step:
            mine = [o for o in mine if dice[o["die"]] == step["die"]]
        chosen = self.figures(step, game, keys)
        if chosen is not None:
            mine = [o for o in mine if sorted(o.get("targets", [])) == chosen]
        if "to" in step:
            mine = [o for o in mine if o.get("to") == list(step["to"])]
        offered = _offers(opts, dice)
        if not mine:
            raise ScenarioError(f"'{use}' is not offered so (dice {dice}); the engine offers: "
                                f"{offered}", keys)
        lowest = min(dice[o["die"]] for o in mine)
        mine = [o for o in mine if dice[o["die"]] == lowest]
        for field, word in (("targets", "target"), ("to", "to")):
            if len({str(o.get(field)) for o in mine}) > 1:
                raise ScenarioError(f"'{use}' is offered with several {field}: say which with "
                                    f"'{word}' ({_offers(mine, dice)})", keys)
        return mine[0]

    def choice(self, step: dict, decision, game, keys: tuple) -> dict:
        opts = decision.options
        if "to" in step:
            found = [o for o in opts if o.get("to") == list(step["to"])]
        else:
            chosen = self.figures(step, game, keys)
            found = [o for o in opts if sorted(o.get("targets") or []) == chosen]
        if not found:
            raise ScenarioError(f"this choice is not offered; the engine offers: {opts}", keys)
        return found[0]


def _place(game, given: dict, records: Records) -> dict:
    """Set the hero's state and stand the adversaries; returns name -> figure id (each
    adversary id names its first figure, each figure id itself)."""
    s = game.state
    hero = s.figures[0]
    rec = records.heroes[hero.id]
    wounds = int(given.get("wounds", 0))
    if not 0 <= wounds < rec["vigour"]:
        raise ScenarioError(f"wounds {wounds}: a hero on the board has 0 to Vigour - 1 "
                            f"({rec['vigour'] - 1}) wounds", ("given", "wounds"))
    hero.wounds = wounds
    hero.renown = s.renown[hero.id] = int(given.get("renown", 0))
    for i, skill in enumerate(given.get("skills") or []):
        if skill not in records.skills:
            raise ScenarioError(_unknown("skill", skill, records.skills),
                                ("given", "skills", i))
    s.skills[hero.id] = list(given.get("skills") or [])
    if "cell" in given:
        cell = tuple(given["cell"])
        if s.board.owner.get(cell) != 0 or cell in {f.cell for f in s.figures if f is not hero}:
            raise ScenarioError(f"the cell {list(cell)} is not a free cell of the chamber",
                                ("given", "cell"))
        hero.cell = cell
    cast.place_allies(game, given, ScenarioError)
    names: dict = {}
    start = given.get("start", "adjacent")
    for i, entry in enumerate(given.get("adversaries") or []):
        where = ("given", "adversaries", i)
        adv_id = entry if isinstance(entry, str) else entry.get("id")
        if adv_id not in records.adversaries:
            raise ScenarioError(_unknown("adversary", adv_id, records.adversaries), where)
        taken = {f.cell for f in s.figures}
        if isinstance(entry, dict) and "cell" in entry:
            cell = tuple(entry["cell"])
            if cell not in s.board.owner or cell in taken:
                raise ScenarioError(f"the cell {list(cell)} is not a free cell of the board",
                                    where + ("cell",))
        else:
            cell = stand(s.board, hero.cell, start, taken)
            if cell is None:
                raise ScenarioError(f"no free cell {start} to the hero is left", where)
        s.spawned += 1
        fid = f"{adv_id}-{s.spawned}"
        s.figures.append(Figure(fid, "adversary", cell, records.adversaries[adv_id]["vigour"]))
        s.kinds[fid] = adv_id
        names.setdefault(adv_id, fid)
        names[fid] = fid
    game.log.emit("scenario", cells={f.id: list(f.cell) for f in s.figures})
    return names


def run_scenario(bundle: dict, scenario: dict) -> dict:
    """One scenario run, as plain data (see the module's docstring)."""
    given = scenario.get("given") or {}
    result = {"checks": [], "error": None, "ops": [], "covers": _given_ids(given)}
    try:
        records = Records.from_bundle(bundle)
        game, names, kinds = _run(records, scenario, given)
    except ScenarioError as exc:
        result["error"] = {"message": str(exc), "keys": list(exc.keys)}
        return result
    result["ops"] = sorted(_ops(game.log.records))
    result["checks"] = _checks(scenario.get("then") or {}, game, given["hero"], names, kinds)
    return result


def _run(records: Records, scenario: dict, given: dict):
    hero = given.get("hero")
    if hero not in records.heroes:
        raise ScenarioError(_unknown("hero", hero, records.heroes), ("given", "hero"))
    rules = records.rules
    deck = list(given.get("deck") or [])
    for i, card in enumerate(deck):
        if card not in records.exploration:
            raise ScenarioError(_unknown("exploration card", card, records.exploration),
                                ("given", "deck", i))
    tile = given.get("tile") or rules.start_tile
    if tile not in records.tiles:
        raise ScenarioError(_unknown("tile", tile, records.tiles), ("given", "tile"))
    roll, later = list(scenario.get("roll") or []), list(scenario.get("dice") or [])
    steps = list(scenario.get("do") or [])
    trial = Trial("", "scenario", tile, tuple(deck), shuffle=False)
    try:
        dice = ScriptedDice(roll + later)
    except ValueError as exc:
        raise ScenarioError(str(exc), ("dice",)) from None
    names: dict = {}
    script = _Script(steps, names)
    allies = cast.allies(given, records, ScenarioError)
    records, carried = cast.cast(records, given, ScenarioError)
    players = {hero: script, **{a: cast.Idle() for a in allies}}
    try:
        game = _Game(records, [hero, *allies], 0, dice, players, log=EventLog(), trial=trial,
                     carried=carried)
        names.update(_place(game, given, records))
        kinds = dict(game.state.kinds)
        count = game.carried.dice_count(game, hero)
        if len(roll) != count:
            raise ScenarioError(f"the hero rolls {count} hero dice (the rules data's "
                                f"hero_dice); 'roll' lists {len(roll)}", ("roll",))
        hz.clock(game, "round_start")
        game.hero_turn(game.state.figure(hero))
        if given.get("adversary_phase") and game.state.result is None:
            cast.rest_of_round(game)
    except ScriptExhausted as exc:
        raise ScenarioError(f"{exc} ('roll' then 'dice')", ("dice",)) from None
    except EngineError as exc:  # an illegal step, a die out of range: where the engine stopped
        at = ("do", script.used) if script.used < len(steps) else ("dice",)
        raise ScenarioError(str(exc), at) from None
    kinds.update(game.state.kinds)
    if script.used < len(steps):
        raise ScenarioError(f"{len(steps) - script.used} step(s) listed but never asked, from "
                            f"#{script.used + 1} (the turn ended: no action left to take, or "
                            "the hero is down)", ("do", script.used))
    if dice.remaining:
        first = dice.used - len(roll)
        raise ScenarioError(f"{dice.remaining} die roll(s) listed but never rolled (the "
                            f"engine rolled {max(0, first)} of 'dice')",
                            ("dice", max(0, first)))
    return game, names, kinds
