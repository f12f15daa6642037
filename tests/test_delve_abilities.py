"""Delve hero abilities in the game loop (issue 13; engine/delve/rules/abilities.py and
engine/delve/game/heroes.py), with scripted dice: each form of ability played and refused,
escalating costs, renown rules (R22), skills after a lap (R24), unique actions from the hero
card (R7) and the adversary phase after every hero (R25)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from runeforge.backends.bundle import build_bundle
from runeforge.engine.common.decisions import Decision, Player
from runeforge.engine.common.dice import Dice, ScriptedDice
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.delve.game import heroes as hz
from runeforge.engine.delve.game.bots import HeuristicBot
from runeforge.engine.delve.game.engine import ACTION, DelveGame
from runeforge.engine.delve.game.state import GameState, Records
from runeforge.engine.delve.rules import abilities as ab
from runeforge.engine.delve.rules.attacks import Figure
from runeforge.engine.delve.rules.costs import HeroTurn
from runeforge.pipeline import check

GARRICK, SEFA, ORRIN, TAMSIN = ("garrick-stoneward", "sefa-quillmark", "orrin-ashgrove",
                                "tamsin-roe")
RISING = {  # a hero with an escalating weapon action (none of the bundled heroes has one)
    "id": "test-riser", "name": "Test Riser", "move": 3, "vigour": 4, "abilities": [
        {"form": "action", "name": "Rising Blow", "cost": {"need": 3, "escalating": True},
         "effects": [{"op": "attack", "target": "adjacent", "range": "combat", "hit": 2,
                      "damage": 1}]}]}


@pytest.fixture(scope="module")
def records():
    result = check(())
    recs = Records.from_bundle(build_bundle(result.content, result.compiled))
    return dataclasses.replace(recs, heroes={**recs.heroes, "test-riser": RISING})


class Script(Player):
    """Answers from a list: a dict picks the first option with those fields, a string is
    answered as is (a skill), None stops; every decision asked is kept in ``asked``."""

    def __init__(self, answers):
        self.answers, self.asked = list(answers), []

    def decide(self, decision, engine):
        self.asked.append(decision)
        want = self.answers.pop(0)
        if want is None or isinstance(want, str):
            return want
        return next(o for o in decision.options
                    if isinstance(o, dict) and all(o.get(k) == v for k, v in want.items()))


def game(records, heroes, rolls, answers, foes=(), wounds=None):
    """A game of ``heroes`` (the first one answers from ``answers``) with scripted dice and
    adversaries ``foes`` ((record id, cell)) placed by hand."""
    players = {h: Script(answers if i == 0 else [None] * 9) for i, h in enumerate(heroes)}
    g = DelveGame(records, heroes, 1, ScriptedDice(list(rolls)), players, debug=True,
                  start_wounds=wounds)
    for adv, cell in foes:
        g.state.spawned += 1
        fid = f"{adv}-{g.state.spawned}"
        g.state.figures.append(Figure(fid, "adversary", cell,
                                      records.adversaries[adv]["vigour"]))
        g.state.kinds[fid] = adv
    g.state.round = 1
    return g


def offered(g, hero_id, faces):
    return g.options(g.state.figure(hero_id), HeroTurn(hero_id, list(faces)))


def events(g, kind):
    return [r for r in g.log.records if r["type"] == kind]


# ---------------------------------------------------------------------- R7: the hero card
def test_r7_unique_actions_come_from_the_hero_card(records):
    g = game(records, [GARRICK, SEFA], [], [], foes=[("mire-crawler", (0, 0))],
             wounds={GARRICK: 1, SEFA: 1})
    for hero in (GARRICK, SEFA):
        card = {a.key for a in ab.abilities_of(records.heroes[hero], hero)}
        keys = {o.get("weapon") or o.get("ability") for o in offered(g, hero, [6, 6, 6, 6])
                if o["action"] in ("weapon", "ability")}
        # everything its card prints that can act now, nothing another card prints
        assert keys <= card and keys
        assert ("Shield Wall" in keys) == (hero == GARRICK)
        assert ("Quick Feet" in keys) == (hero == SEFA)
    assert {"Maul Swing", "garrick-stoneward:2", "Shield Wall"} <= {
        o.get("weapon") or o.get("ability") for o in offered(g, GARRICK, [6])}


# ---------------------------------------------------------------------- each form
def test_spend_attack_is_played_with_a_4_and_refused_with_a_3(records):
    # Garrick: "Spend a hero die (4+) to attack an adjacent adversary: combat, Hit 3+, Damage 1"
    g = game(records, [GARRICK], [4, 1, 1, 1, 3],
             [{"action": "weapon", "weapon": "garrick-stoneward:2"}, None],
             foes=[("bone-sentry", (0, 0))])
    hero = g.state.figure(GARRICK)
    g.hero_turn(hero)
    (hit,) = events(g, "attack")
    assert (hit["weapon"], hit["die"]) == ("Spend a hero die (4+)", 4)
    assert hit["results"][0]["roll"] == 3 and g.state.figure("bone-sentry-1").wounds == 1
    spend = hz.find(g, GARRICK, "garrick-stoneward:2")
    assert spend.form == "spend" and spend.weapon
    assert not [o for o in offered(g, GARRICK, [3, 3]) if o.get("weapon") == spend.key]
    turn = HeroTurn(GARRICK, [3])
    with pytest.raises(IllegalAction, match=r"R2: \(4\+\) needs a die showing 4"):
        ab.use_weapon(turn, g.state.board, hero, spend, 0, ["bone-sentry-1"],
                      g.state.figures, g.dice, g.rules)
    assert turn.dice == [3] and turn.in_action is None


def test_move_ability_goes_up_to_2_spaces_and_is_refused_with_a_1(records):
    # Sefa: "Quick Feet (2+): Move up to 2 spaces."
    g = game(records, [SEFA], [2, 1, 1, 1], [{"action": "ability", "ability": "Quick Feet",
                                              "to": [2, 3]}, None])
    hero = g.state.figure(SEFA)
    start = hero.cell
    g.hero_turn(hero)
    (used,) = events(g, "ability")
    assert (used["ability"], used["die"], used["cost"]) == ("Quick Feet", 2, 2)
    assert hero.cell == (2, 3) != start and len(used["effects"][0]["path"]) == 2
    cells = {tuple(o["to"]) for o in offered(g, SEFA, [2])
             if o.get("ability") == "Quick Feet"}
    assert cells and all(max(abs(x - 2), abs(y - 3)) <= 2 for x, y in cells)
    assert not [o for o in offered(g, SEFA, [1, 1]) if o.get("ability") == "Quick Feet"]
    with pytest.raises(IllegalAction, match="R11: this move goes 1 to 2 spaces, not 3"):
        ab.step_to(g.state.board, hero, [(2, 2), (2, 1), (2, 0)], g.state.figures, 2)


def test_heal_and_renown_ability_with_a_5_and_refused_with_a_4(records):
    # Garrick: "Shield Wall (5+): Heal 1 wound and gain 1 renown."
    g = game(records, [GARRICK], [5, 4, 1, 1], [{"action": "ability",
                                                 "ability": "Shield Wall"}, None],
             wounds={GARRICK: 2})
    hero = g.state.figure(GARRICK)
    g.hero_turn(hero)
    (used,) = events(g, "ability")
    assert used["effects"] == [{"op": "heal", "healed": 1},
                               {"op": "renown", "amount": 1, "skills": 0}]
    assert (hero.wounds, hero.renown, g.state.renown[GARRICK]) == (1, 1, 1)
    assert not [o for o in offered(g, GARRICK, [4]) if o.get("ability") == "Shield Wall"]
    with pytest.raises(IllegalAction, match=r"R2: \(5\+\) needs a die showing 5"):
        ab.pay(HeroTurn(GARRICK, [4]), hz.find(g, GARRICK, "Shield Wall"), 0, g.rules)


def test_a_heal_only_ability_needs_a_wound_and_escalates_per_use(records):
    # Orrin: "Ward Knot (1+*): Heal 1 wound." (1+), then (2+): a 1 cannot pay the second
    g = game(records, [ORRIN], [1, 1, 2, 1],
             [{"action": "ability", "ability": "Ward Knot", "die": 0},
              {"action": "ability", "ability": "Ward Knot"}, None], wounds={ORRIN: 3})
    hero = g.state.figure(ORRIN)
    assert not [o for o in offered(game(records, [ORRIN], [], []), ORRIN, [6])
                if o.get("ability") == "Ward Knot"]
    g.hero_turn(hero)
    assert [(e["die"], e["cost"]) for e in events(g, "ability")] == [(1, 1), (2, 2)]
    assert hero.wounds == 1
    assert g.state.turns[ORRIN].uses == {}          # the turn ended: escalation reset (turn)


def test_an_escalating_weapon_action_costs_3_then_4_and_a_3_is_refused_naming_r14(records):
    g = game(records, ["test-riser"], [3, 4, 3, 6, 1, 1],
             [{"action": "weapon", "weapon": "Rising Blow", "die": 0},
              {"action": "weapon", "weapon": "Rising Blow"}],
             foes=[("mire-crawler", (0, 0))])
    g.state.figure("test-riser").cell = (1, 1)
    hero = g.state.figure("test-riser")
    turn = HeroTurn("test-riser", [3, 4, 3, 6])
    g.state.turns["test-riser"], g.state.dealt["test-riser"] = turn, 4
    for _ in range(2):
        opts = g.options(hero, turn)
        act = g.players["test-riser"].decide(Decision(ACTION, "test-riser", opts,
                                                          info={"dice": turn.dice}), g)
        g.do(hero, turn, act)
    assert [e["die"] for e in events(g, "attack")] == [3, 4]
    assert turn.uses == {"Rising Blow": 2} and turn.dice == [3, 6]
    rising = hz.find(g, "test-riser", "Rising Blow")
    assert ab.cost(turn, rising, g.rules) == 5
    assert {turn.dice[o["die"]] for o in g.options(hero, turn)
            if o.get("weapon") == "Rising Blow"} == {6}
    with pytest.raises(IllegalAction, match=r"R14: Rising Blow \(3\+\*\).*\(5\+\).*showing 3"):
        hz.use(g, hero, turn, {"action": "weapon", "weapon": "Rising Blow", "die": 0,
                               "targets": ["mire-crawler-1"]})
    turn.uses["Rising Blow"] = 1                       # as after one use: (4+)
    with pytest.raises(IllegalAction, match=r"R14: .*use #2 costs \(4\+\), and a die showing 3"):
        hz.use(g, hero, turn, {"action": "weapon", "weapon": "Rising Blow", "die": 0,
                               "targets": ["mire-crawler-1"]})
    turn.end(g.rules, voluntary=True)
    assert turn.uses == {}


def test_escalation_can_last_the_game_by_rules_data(records):
    doc = {**records.rules_doc, "escalation_reset": "game"}
    recs = dataclasses.replace(records, rules_doc=doc)
    g = game(recs, [ORRIN], [1, 6, 6, 6, 2, 6, 6, 6],
             [{"action": "ability", "ability": "Ward Knot"}, None,
              {"action": "ability", "ability": "Ward Knot"}, None], wounds={ORRIN: 3})
    hero = g.state.figure(ORRIN)
    g.hero_turn(hero)
    g.hero_turn(hero)
    assert [(e["die"], e["cost"]) for e in events(g, "ability")] == [(1, 1), (2, 2)]
    assert g.state.uses[ORRIN] == {"Ward Knot": 2}
    again = GameState.from_dict(g.state.to_dict(), recs.tiles)
    assert again.uses == g.state.uses


# ---------------------------------------------------------------------- R22, R24
def with_last_ability(records, hero: str, ir: dict):
    """``records`` with ``hero``'s last ability replaced by ``ir`` (a trigger once bundled)."""
    card = records.heroes[hero]
    heroes = {**records.heroes, hero: {**card, "abilities": [*card["abilities"][:-1], ir]}}
    return dataclasses.replace(records, heroes=heroes)


def test_r22_a_renown_rule_fires_every_time_its_event_happens(records):
    # Garrick with "Every time you slay an adversary, heal 1 wound." (his rule before issue
    # 35 gave him a renown rule of his own). Maul Swing rolls a 6: slain
    healer = with_last_ability(records, GARRICK, {"form": "trigger", "event": "slay",
                                                  "effects": [{"op": "heal", "wounds": 1}]})
    g = game(healer, [GARRICK], [3, 1, 1, 1, 6],
             [{"action": "weapon", "weapon": "Maul Swing"}, None],
             foes=[("bone-sentry", (0, 0))], wounds={GARRICK: 2})
    hero = g.state.figure(GARRICK)
    g.hero_turn(hero)
    (fired,) = events(g, "trigger")
    assert (fired["event"], fired["effects"]) == ("slay", [{"op": "heal", "healed": 1}])
    assert (hero.wounds, hero.renown, g.state.slain) == (1, 1, ["bone-sentry"])
    # Tamsin: "Every time you recuperate, gain 1 renown."
    t = game(records, [TAMSIN], [1, 2, 1, 1], [{"action": "recuperate"},
                                              {"action": "recuperate"}, None],
             wounds={TAMSIN: 2})
    t.hero_turn(t.state.figure(TAMSIN))
    assert [e["event"] for e in events(t, "trigger")] == ["recuperated", "recuperated"]
    assert t.state.figure(TAMSIN).renown == 2


def test_r22_a_renown_rule_with_a_move_asks_where(records):
    # Vesna with "Every time you explore a chamber, move up to 1 space." (her rule before
    # issue 35): a delve.effect choice
    mover = with_last_ability(records, "vesna-kolt", {"form": "trigger", "event": "explored",
                                                      "effects": [{"op": "move", "up_to": 1}]})
    g = game(mover, ["vesna-kolt"], [1, 1, 1, 1, 1], [{"action": "explore"}, None, None])
    hero = g.state.figure("vesna-kolt")
    g.state.deck.remove("dripping-steps")
    g.state.deck.insert(0, "dripping-steps")
    hero.cell = (1, 0)
    g.hero_turn(hero)
    asked = g.players["vesna-kolt"].asked
    assert [d.kind for d in asked][:2] == [ACTION, hz.EFFECT]
    assert all("to" in o for o in asked[1].options)
    assert events(g, "trigger")[0]["effects"] == [{"op": "move", "path": []}]


def test_r24_a_skill_gained_by_a_lap_is_playable(records):
    # renown 5 of a 6-space track; slaying gives the 6th: a lap, a skill (Keen Eye) chosen
    g = game(records, [GARRICK], [3, 1, 1, 1, 6],
             [{"action": "weapon", "weapon": "Maul Swing"}, "keen-eye", None],
             foes=[("gloom-rat", (0, 0)), ("bone-sentry", (3, 3))])
    hero = g.state.figure(GARRICK)
    hero.renown = g.state.renown[GARRICK] = 5
    g.hero_turn(hero)
    skill_q = g.players[GARRICK].asked[1]
    assert skill_q.kind == hz.SKILL and skill_q.options == list(records.skills)
    assert (hero.renown, hero.skills, g.state.skills) == (6, 1, {GARRICK: ["keen-eye"]})
    keen = [o for o in offered(g, GARRICK, [4]) if o.get("weapon") == "Keen Eye"]
    assert keen and keen[0]["targets"] == ["bone-sentry-2"]
    assert not [o for o in offered(g, GARRICK, [3]) if o.get("weapon") == "Keen Eye"]
    # one copy of each skill: the next question no longer offers Keen Eye
    g.players[GARRICK].answers = ["keen-eye"]
    assert hz.grant_skill(g, hero, hz.apply) == "deep-breath"
    assert "keen-eye" not in g.players[GARRICK].asked[-1].options


# ---------------------------------------------------------------------- R25
def test_r25_the_adversary_phase_begins_when_every_hero_has_acted(records):
    phases = []

    class Watcher(HeuristicBot):
        def decide(self, decision, engine):
            phases.append((decision.actor, engine.state.phase))
            return super().decide(decision, engine)

    heroes = [GARRICK, SEFA, ORRIN]
    g = DelveGame(records, heroes, 3, Dice(3), {h: Watcher() for h in heroes}, debug=True)
    g.state.figures.append(Figure("gloom-rat-99", "adversary", (3, 3), 1))
    g.state.kinds["gloom-rat-99"] = "gloom-rat"
    g.play_round()
    types = [r["type"] for r in g.log.records]
    ends = [i for i, t in enumerate(types) if t == "turn_end"]
    foes = [i for i, t in enumerate(types) if t.startswith("adversary_")]
    assert len(ends) == len(heroes) and {a for a, _ in phases} == set(heroes)
    assert {p for _, p in phases} == {"heroes"}
    assert not foes or max(ends) < min(foes)


def test_every_numbered_rule_of_the_notes_has_a_test_named_after_it():
    notes = Path(__file__).resolve().parents[1] / "docs" / "delve-rules.md"
    rules = {int(n) for n in re.findall(r"\*\*R(\d+)[a-z]?\*\*", notes.read_text("utf-8"))}
    named = set()
    for path in Path(__file__).parent.glob("test_delve*.py"):
        for name in re.findall(r"def (test_r\w+)", path.read_text("utf-8")):
            named |= {int(n) for n in re.findall(r"r(\d+)", name.split("_", 1)[1])}
    assert rules and rules <= named, sorted(rules - named)
