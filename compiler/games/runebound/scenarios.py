"""Runebound's scenarios: one scripted combat each (a Hero with items and Allies against a
challenge), run by the combat engine with scripted dice and scripted decisions.

A scenario passes when the combat runs to its end with exactly the dice and decisions it
lists, and every value of ``then`` is what the engine reached. A decision that is not offered,
an answer that is not legal, dice or decisions left over: each is a failure at its place in
the file, with what the engine offered.
"""

from __future__ import annotations

import functools

from runeforge.engine.common.errors import EngineError
from runeforge.scenarios import Check, ScenarioResult

FIGURE_FIELDS = ("wounds", "exhaustion", "gold", "activated")


def run(content, compiled, documents) -> list[ScenarioResult]:
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.core.catalog import Catalog

    catalog = Catalog(build_bundle(content, compiled))
    out = []
    for doc in documents:
        for i, scenario in enumerate(doc.data.get("scenarios") or []):
            if isinstance(scenario, dict):
                out.append(run_one(doc, i, scenario, catalog))
    return out


def run_one(doc, index: int, scenario: dict, catalog) -> ScenarioResult:
    keys = ("scenarios", index)
    line, col = doc.pos(*keys, "name")
    given = scenario.get("given") or {}
    named = [given.get("hero"), *given.get("items", []), *given.get("allies", []),
             given.get("enemy"), given.get("play"), given.get("event")]
    result = ScenarioResult(name=str(scenario.get("name")), game=doc.game, path=doc.path,
                            line=line, col=col,
                            covers=list(scenario.get("covers") or [c for c in named if c]))
    at = result.where = _Locator(doc, keys)
    problem = _check_cards(given, catalog, at)
    if problem:
        result.error, result.error_at = problem
        return result
    try:
        combat, hero, enemy, outcome, player, dice = _fight(scenario, given, catalog)
    except _ScenarioError as exc:
        result.error, result.error_at = str(exc), exc.at(at)
        return result
    result.ops = _ops_run(combat, hero, catalog)
    result.branches = {(r["source"], r["outcome"]) for r in combat.log.records
                       if r.get("type") == "branch" and r.get("taken")}
    leftover = _leftovers(scenario, player, dice, at)
    if leftover:
        result.error, result.error_at = leftover
    then = scenario.get("then") or {}
    result.checks = _checks(then, outcome, hero, enemy, combat.log)
    for card_id, expected in (then.get("prices") or {}).items():
        actual = combat.price_of(hero, card_id) if card_id in catalog.cards else None
        result.checks.append(Check(f"price of {card_id}", expected, actual,
                                   ("then", "prices", card_id)))
    result.checks += _log_order(then.get("grants") or [], combat.grants, "grant", "grants")
    return result


class _ScenarioError(Exception):
    def __init__(self, message: str, keys: tuple = ()):
        super().__init__(message)
        self.keys = keys

    def at(self, locator) -> tuple[int, int]:
        return locator(*self.keys)


class _Locator:
    """(line, col) of a place inside scenario ``keys`` of ``doc`` (falls back outward)."""

    def __init__(self, doc, keys):
        self.doc, self.keys = doc, keys

    def __call__(self, *inner) -> tuple[int, int]:
        for cut in range(len(inner), -1, -1):
            try:
                return self.doc.pos(*self.keys, *inner[:cut])
            except (KeyError, IndexError, TypeError, ValueError):
                continue
        return self.doc.pos(*self.keys)


KINDS = {"hero": "hero", "enemy": "challenge", "items": "item", "allies": "ally",
         "play": ("event", "encounter"), "event": "event"}
KINDS.update(companion="hero", companion_items="item")  # ---- family 7: combat


@functools.lru_cache(maxsize=1)
def _combat_class():
    """The combat engine with the game's active-event rules, built once (imported lazily)."""
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.combat.gamecombat import ActiveEventRules

    return type("ScenarioCombat", (_AtTheTable, ActiveEventRules, Combat), {})


class _AtTheTable:
    """Outside a fight every Hero of the scenario (the companion too) is in the game, as the
    game's own combat engine has it (GameCombat.heroes): "each other Hero pays you"."""

    def heroes(self):
        return super().heroes() if self.enemies else list(self.state.heroes)


def _check_cards(given: dict, catalog, at):
    for field, kind in KINDS.items():
        ids = given.get(field)
        for i, card_id in enumerate(ids if isinstance(ids, list) else [ids]):
            if card_id is None:
                continue
            where = (field, i) if isinstance(ids, list) else (field,)
            card = catalog.cards.get(card_id)
            if card is None:
                return f"no card '{card_id}' in the content", at("given", *where)
            allowed = kind if isinstance(kind, tuple) else (kind,)
            if card.kind not in allowed:
                return (f"'{card_id}' is a {card.kind}, not {_a(' or '.join(allowed))}",
                        at("given", *where))
    return None


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _fight(scenario: dict, given: dict, catalog):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.core.cardwindows import drawn_text
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import get_ruleset
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment

    hero = catalog.new_hero(given["hero"], items=given.get("items", []),
                            allies=given.get("allies", []), gold=given.get("gold", 0),
                            wounds=given.get("wounds", 0),
                            exhaustion=given.get("exhaustion", 0))
    if given.get("enemy") and given.get("window") or not any(
            given.get(k) for k in ("enemy", "window", "play")):
        raise _ScenarioError("a scenario has a card to play, an enemy (a combat) or a window "
                             "of the turn: a card played first, then one of the others, or "
                             "one alone", ("given",))
    enemy = catalog.new_challenge(given["enemy"]) if given.get("enemy") else None
    answers = [next(iter(step.items())) for step in scenario.get("do") or []]
    player = ScriptedPlayer(answers)
    dice = ScriptedDice(list(scenario.get("dice") or []))
    state = State(heroes=[hero])
    state.active_event = given.get("event")  # as GameState holds it
    players = {hero.id: player}
    if given.get("companion"):  # ---- family 7: combat: another Hero in the space
        other = catalog.new_hero(given["companion"], items=given.get("companion_items", []))
        other.gold = int(given.get("companion_gold", 0))  # family 6: "other Heroes pay you"
        state.heroes.append(other)
        players[other.id] = player  # one script answers both, in order
    combat = _combat_class()(catalog, state, dice, players,
                             get_ruleset(given.get("ruleset", "base")))
    if given.get("terrain") or given.get("town"):  # family 1: the Hero's space
        place = ("town" if given.get("town") else given["terrain"], given.get("town"))
        combat.hero_place = lambda _hero: place
    try:
        outcome = None
        if given.get("play"):  # an event or encounter drawn: its text, as when drawn
            card = catalog.card(given["play"])
            combat.moment = Moment("none", turn=combat.state.turn)
            combat.run_card_text(hero, card.id, drawn_text(card), hostile=True)
        if given.get("window"):  # a window of the turn, outside combat (after the card)
            combat.moment = Moment(given["window"], turn=combat.state.turn)
            combat.open_window(hero, given["window"])
        elif enemy is not None:
            outcome = combat.fight_challenge(hero, enemy,
                                             before_combat=given.get("before_combat", True),
                                             escape=given.get("escape", True)).outcome
    except EngineError as exc:  # a script that does not fit: where the engine stopped
        if player.used < len(answers):
            keys = ("do", player.used)
        elif "answers" in str(exc):  # the script ended early: after its last decision
            keys = ("do", len(answers) - 1) if answers else ("given",)
        else:
            keys = ("dice",)
        raise _ScenarioError(str(exc), keys) from None
    return combat, hero, enemy, outcome, player, dice


def _leftovers(scenario, player, dice, at):
    answers = scenario.get("do") or []
    if player.used < len(answers):
        rest = [next(iter(a)) for a in answers[player.used:]]
        return (f"{len(rest)} decision(s) listed but never asked, from #{player.used + 1}: "
                f"{', '.join(rest)}", at("do", player.used))
    if dice.remaining:
        return (f"{dice.remaining} die roll(s) listed but never rolled "
                f"(the combat rolled {dice.used})", at("dice", dice.used))
    return None


def _checks(then: dict, outcome, hero, enemy, log) -> list[Check]:
    checks = []
    if "outcome" in then:
        checks.append(Check("outcome", then["outcome"], outcome, ("then", "outcome")))
    for side, fig in (("hero", hero), ("enemy", enemy)):
        for name, expected in (then.get(side) or {}).items():
            checks.append(Check(f"{side}.{name}", expected, _value(fig, name),
                                ("then", side, name)))
    for ally_id, fields in (then.get("allies") or {}).items():
        ally = hero.ally(ally_id)
        for name, expected in fields.items():
            actual = ally is not None if name == "alive" else _value(ally, name)
            checks.append(Check(f"allies.{ally_id}.{name}", expected, actual,
                                ("then", "allies", ally_id, name)))
    records = log.records
    checks.extend(_log_order(then.get("log") or [], records))
    for i, pattern in enumerate(then.get("never") or []):
        hits = [r for r in records if _matches(r, pattern)]
        checks.append(Check(f"never {pattern}", 0, len(hits), ("then", "never", i)))
    return checks


def _value(fig, name: str):
    if fig is None:
        return None
    value = getattr(fig, name, None)
    return sorted(value) if name == "activated" and value is not None else value


def _log_order(patterns: list, records: list, label: str = "log",
               key: str = "log") -> list[Check]:
    """Each pattern must match a record after the one the previous pattern matched."""
    checks, start = [], 0
    for i, pattern in enumerate(patterns):
        found = next((k for k in range(start, len(records))
                      if _matches(records[k], pattern)), None)
        shown = records[found] if found is not None else "no such record after the previous"
        checks.append(Check(f"{label} #{i + 1} {pattern}", pattern,
                            pattern if found is not None else shown, ("then", key, i)))
        if found is not None:
            start = found + 1
    return checks


def _matches(record: dict, pattern: dict) -> bool:
    return all(record.get(k) == v for k, v in pattern.items())


def _ops_run(combat, hero, catalog) -> set[str]:
    """The effect ops the combat ran, and those of the always-on abilities in play (the
    Hero's cards, its enemy, the event in play)."""
    ops = {r["op"] for r in combat.log.records if r.get("type") == "effect"}
    event = [combat.state.active_event] if combat.state.active_event else []  # in play too
    for card_id in [hero.id, *hero.items, *(a.id for a in hero.allies), *combat_enemy(combat),
                    *event]:
        for ability in catalog.card(card_id).abilities:
            if ability.standing:
                ops.update(e.op for e in _walk(ability.effects))
    return ops


def combat_enemy(combat) -> list[str]:
    return [r["challenge"] for r in combat.log.records if r.get("type") == "combat_start"]


def _walk(effects):
    from runeforge.engine.runebound.core.effects import walk

    return walk(effects)
