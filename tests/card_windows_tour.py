"""A tour of the engine for tests/test_card_windows.py: which abilities of which kind of card
the engine really runs, and how, observed rather than read from the table.

A card of every kind (a Hero, an item, an Ally, two challenges, an event, an encounter)
carries one ability of every timing (hand-written IR, so the timings `check` refuses are
there too). A whole game is set up and the engine's own steps are run for the probing Hero:
the event and the encounter are drawn, then the start of the turn, the market step, the
movement step, a fight won against the first challenge, another Hero's fight in the same
space, a fight lost against the second, the end of the turn. The Hero also holds the
challenge as a kept item and the encounter as a placed Ally (their text must never be
offered). The player uses every probing ability the engine offers it, once.

:func:`observe` returns ``{(kind, timing): {how}}``: ``used`` (the player was offered it and
used it: ``use_ability``), ``text`` (the engine ran it as card text: ``card_text``, with
whose card and when), ``trigger`` (a ``trigger`` record), ``in_force`` (its always-on
modifier was in the Hero's stats at some decision).
"""

from __future__ import annotations

import copy

from runeforge.engine.runebound.core import cardwindows as cw
from runeforge.engine.runebound.core.catalog import Catalog
from runeforge.engine.runebound.core.state import Figure

PROBES = {"hero": "probe-hero", "item": "probe-item", "ally": "probe-ally",
          "challenge": "probe-challenge", "event": "probe-event",
          "encounter": "probe-encounter"}
BRUTE = "probe-brute"  # a second challenge with the same texts, that knocks the Hero out
BIT = {"hero": 1, "item": 2, "ally": 4, "challenge": 8, "event": 16, "encounter": 32}
STAT = "ranged_roll"  # the probes' always-on rules add BIT[kind] to it
GOLD = {"op": "gain_gold", "amount": {"kind": "fixed", "value": 1}}
STATS = {"mind": 6, "body": 6, "spirit": 6, "ranged_damage": 1, "melee_damage": 1,
         "magic_damage": 1}


def probe_ir(kind: str, timing: str) -> dict:
    ir = {"source": f"probe {kind} {timing}", "timing": {"tag": None, "window": None},
          "limits": [], "costs": [], "static": False, "reaction": None, "effects": [GOLD]}
    if timing == cw.STATIC:
        ir.update(static=True, effects=[{"op": "modify", "target": "hero", "stat": STAT,
                                         "value": BIT[kind]}])
    elif timing == cw.TRIGGER:
        ir.update(static=True, effects=[{"op": "trigger", "event": {"kind": "defeat_challenge"},
                                         "effects": [GOLD]}])
    elif timing in cw.REACTIONS:
        ir["reaction"] = timing
    elif timing in ("before_combat", "ranged", "melee", "magic", "any_phase"):
        ir["timing"]["tag"] = timing
    elif timing != cw.UNTIMED:
        ir["timing"]["window"] = timing
    return ir


def probe_bundle(base: dict) -> dict:
    """``base`` (a compiled bundle) plus the probing cards, in a pack of their own."""
    out = copy.deepcopy(base)
    abilities = {k: [probe_ir(k, t) for t in cw.TIMINGS] for k in PROBES}
    records = [
        {"id": "probe-hero", "kind": "hero", "life": 30, "stamina": 9, **STATS},
        {"id": "probe-item", "kind": "item", "cost": 1, "usage": "constant",
         "class": "artifact", "type": "charm"},
        {"id": "probe-ally", "kind": "ally", "cost": 1, "life": 30, "stamina": 3, **STATS},
        {"id": "probe-challenge", "kind": "challenge", "colour": "green", "life": 4,
         "mind": 2, "body": 2, "spirit": 2, "ranged_damage": 0, "melee_damage": 0,
         "magic_damage": 0, "reward": {"gold": 1}},
        {"id": BRUTE, "kind": "challenge", "colour": "red", "life": 99, "mind": 40,
         "body": 40, "spirit": 40, "ranged_damage": 40, "melee_damage": 40,
         "magic_damage": 40, "reward": {"gold": 1}},
        {"id": "probe-event", "kind": "event", "colour": "green", "event_number": 3,
         "renew": False},
        {"id": "probe-encounter", "kind": "encounter", "colour": "green"},
    ]
    for record in records:
        kind = record["kind"]
        record.update(name=record["id"], pack="probes", game="runebound-2e",
                      abilities=copy.deepcopy(abilities[kind]),
                      text=[a["source"] for a in abilities[kind]])
        out["cards"].append(record)
    return out


class ProbePlayer:
    """The game bot, except that it uses every probing ability it is offered (each once) and
    notes the probing Hero's stat at every decision it is asked."""

    def __init__(self, bot, hero_id: str):
        self.bot, self.hero_id = bot, hero_id
        self.used: set[str] = set()
        self.stats: list[tuple[str | None, int]] = []  # (enemy id, STAT) at each decision

    def decide(self, decision, engine):
        if decision.actor == self.hero_id:
            combat = getattr(engine, "combat", engine)  # a question of the game or a fight
            hero = next(h for h in combat.state.heroes if h.id == self.hero_id)
            enemy = combat.enemies.get(hero.id)
            self.stats.append((enemy.id if enemy is not None else None,
                               combat.stat(hero, STAT)))
            if decision.kind == "use_ability":
                for ref in decision.options:
                    if ref and ref.startswith("probe-") and ref not in self.used:
                        self.used.add(ref)
                        return ref
                return None
            if decision.kind == "escape":
                return False  # fight every combat to its end
        return self.bot.decide(decision, engine)


def tour(bundle: dict):
    """Run the tour; returns (game, probing Hero, its player)."""
    from runeforge.engine.runebound.bots.game_bot import GameBot, make_bot
    from runeforge.engine.runebound.game.setup import new_game
    from runeforge.engine.runebound.game.turn import TurnOver

    catalog = Catalog(bundle)
    game = new_game(bundle, catalog=catalog, players=2, seed=3, packs="adventure",
                    make_bot=make_bot)
    old, other = (game.hero(h) for h in game.state.seats)
    hero = catalog.new_hero("probe-hero", items=["probe-item"], allies=["probe-ally"])
    hero.items.append(BRUTE)  # a challenge kept as an item: its text is not the holder's
    hero.allies.append(Figure.from_card({"id": "probe-encounter", "name": "placed",
                                         "kind": "ally", "life": 30}))  # placed as an Ally
    hero.trophies += [BRUTE, "probe-encounter"]
    state = game.state
    state.heroes[state.heroes.index(old)] = hero
    state.seats[state.seats.index(old.id)] = hero.id
    town = game.board.town_space(game.board.start_town)
    state.positions.pop(old.id, None)
    state.positions[hero.id] = state.positions[other.id] = town
    player = ProbePlayer(GameBot(), hero.id)
    game.players.pop(old.id, None)
    game.players[hero.id] = player
    game.combat.players = game.players
    game.combat.modifiers_changed()

    def step(run, *args):
        try:
            run(*args)
        except TurnOver:
            pass

    step(game.play_event, hero, "probe-event")
    step(game.play_encounter, hero, "probe-encounter")
    step(game.start_of_turn, hero)
    step(game.market_step, hero)
    step(game.fight_card, hero, "probe-challenge", "normal")
    step(game.fight_card, other, "probe-challenge", "normal")  # the Hero stands by: assist
    state.positions[hero.id] = state.positions[other.id]
    step(game.movement, hero)
    step(game.fight_card, hero, BRUTE, "normal")
    step(game.end_turn, hero)
    return game, hero, player


def observe(bundle: dict) -> dict[tuple[str, str], set[str]]:
    game, hero, player = tour(bundle)
    timing_of = {ir["source"]: (k, t) for k in PROBES for t in cw.TIMINGS
                 for ir in [probe_ir(k, t)]}
    card_kind = {cid: game.catalog.card(cid).kind for cid in (*PROBES.values(), BRUTE)}
    seen: dict[tuple[str, str], set[str]] = {}
    for r in game.log.records:
        if r.get("type") == "use_ability" and r.get("hero") == hero.id \
                and r["ability"].startswith("probe-"):
            seen.setdefault(timing_of[r["text"]], set()).add("used")
        elif r.get("type") == "card_text" and r.get("card", "").startswith("probe-") \
                and r.get("hero") == hero.id:
            seen.setdefault(timing_of[r["text"]], set()).add("text")
        elif r.get("type") == "trigger" and r.get("source", "").startswith("probe-") \
                and r.get("hero") == hero.id:
            seen.setdefault((card_kind[r["source"]], cw.TRIGGER), set()).add("trigger")
    for enemy, value in player.stats:
        for kind, bit in BIT.items():
            if value & bit:
                where = "faced" if enemy is not None and enemy.startswith("probe-") else "away"
                seen.setdefault((kind, cw.STATIC), set()).add(f"in_force_{where}")
    return seen
