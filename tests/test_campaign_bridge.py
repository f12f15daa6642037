"""The campaign's state carried into a Delve adventure (issue 14 depth, contract 1's options
``hero_abilities``, ``hero_dice``, ``adversary_vigour``, ``lieutenants``): each option changes
a scripted Delve game exactly; the bot runner sends the sheet's state; the heuristic campaign
bot spends gold and XP legally; R8 in the game loop."""

from __future__ import annotations

import dataclasses

import pytest

from runeforge.backends.bundle import build_bundle
from runeforge.engine.common.decisions import Player
from runeforge.engine.common.dice import ScriptedDice
from runeforge.engine.delve.game.carried import Carried
from runeforge.engine.delve.game.engine import DelveGame
from runeforge.engine.delve.game.state import Records
from runeforge.engine.delve.rules.attacks import Figure
from runeforge.pipeline import check

GARRICK = "garrick-stoneward"
HEW = {"form": "action", "name": "Hew", "cost": {"need": 4, "escalating": False},
       "effects": [{"op": "attack", "target": "adjacent", "range": "combat", "hit": 4,
                    "damage": 2}]}


@pytest.fixture(scope="module")
def bundle():
    result = check(())
    return build_bundle(result.content, result.compiled)


@pytest.fixture(scope="module")
def records(bundle):
    return Records.from_bundle(bundle)


class Script(Player):
    def __init__(self, answers):
        self.answers = list(answers)

    def decide(self, decision, engine):
        want = self.answers.pop(0) if self.answers else None
        if want is None:
            return None
        return next(o for o in decision.options
                    if isinstance(o, dict) and all(o.get(k) == v for k, v in want.items()))


def game(records, rolls, answers, options=None, foes=(), rules=None):
    if rules is not None:
        records = dataclasses.replace(records, rules_doc={**records.rules_doc, **rules})
    carried = Carried.from_options(options or {}, [GARRICK])
    g = DelveGame(records, [GARRICK], 1, ScriptedDice(list(rolls)), {GARRICK: Script(answers)},
                  debug=True, carried=carried)
    for adv, cell in foes:
        g.state.spawned += 1
        fid = f"{adv}-{g.state.spawned}"
        g.state.figures.append(Figure(fid, "adversary", cell, records.adversaries[adv]["vigour"]))
        g.state.kinds[fid] = adv
    g.state.round = 1
    return g


def events(g, kind):
    return [r for r in g.log.records if r["type"] == kind]


# ------------------------------------------------------------------ the Delve options
def test_an_items_attack_is_offered_and_played_like_the_heros_own(records):
    plain = game(records, [], [], foes=[("mire-crawler", (0, 0))])
    hero = plain.state.figure(GARRICK)
    from runeforge.engine.delve.rules.costs import HeroTurn
    assert not [o for o in plain.options(hero, HeroTurn(GARRICK, [4])) if o.get("weapon") == "Hew"]
    g = game(records, [4, 1, 1, 1, 5], [{"action": "weapon", "weapon": "Hew"}, None],
             {"hero_abilities": {GARRICK: [HEW]}}, foes=[("mire-crawler", (0, 0))])
    g.hero_turn(g.state.figure(GARRICK))
    (hit,) = events(g, "attack")
    assert (hit["weapon"], hit["die"]) == ("Hew", 4)
    assert hit["results"][0]["roll"] == 5 and hit["results"][0]["wounds"] == 2
    assert g.state.figure("mire-crawler-1").wounds == 2


def test_adversary_vigour_adds_to_every_adversary_placed(records):
    plain = game(records, [], [])
    placed = plain.spawn(plain.state.board.chambers[0], ["gloom-rat", "bone-sentry"])
    assert [plain.state.figure(p["id"]).vigour for p in placed] == [1, 2]
    g = game(records, [], [], {"adversary_vigour": 1})
    placed = g.spawn(g.state.board.chambers[0], ["gloom-rat", "bone-sentry"])
    assert [g.state.figure(p["id"]).vigour for p in placed] == [2, 3]


def test_a_relic_on_a_lieutenant_works_until_it_is_slain(records):
    dice = records.rules.hero_dice
    opts = {"lieutenants": {"rust-golem": {"hero_dice": -1, "adversary_vigour": 2}}}
    g = game(records, [6] * 20, [], opts)
    placed = g.spawn(g.state.board.chambers[0], ["rust-golem"])
    golem = g.state.figure(placed[0]["id"])
    assert golem.vigour == records.adversaries["rust-golem"]["vigour"] + 2
    g.hero_turn(g.state.figure(GARRICK))
    assert len(events(g, "hero_dice")[-1]["faces"]) == dice - 1
    g.state.figures.remove(golem)            # slain: R50, the relic's side is ignored
    g.state.kinds.pop(golem.id)
    g.hero_turn(g.state.figure(GARRICK))
    assert len(events(g, "hero_dice")[-1]["faces"]) == dice


def test_fatigue_costs_a_die_in_the_first_hero_phase_only(records):
    dice = records.rules.hero_dice
    g = game(records, [6] * 20, [], {"hero_dice": {GARRICK: -1}})
    g.hero_turn(g.state.figure(GARRICK))
    g.state.round = 2
    g.hero_turn(g.state.figure(GARRICK))
    assert [len(e["faces"]) for e in events(g, "hero_dice")] == [dice - 1, dice]
    every = game(records, [6] * 20, [], {"hero_dice": {GARRICK: -1}},
                 rules={"carried_dice_phases": 0})
    every.hero_turn(every.state.figure(GARRICK))
    every.state.round = 2
    every.hero_turn(every.state.figure(GARRICK))
    assert [len(e["faces"]) for e in events(every, "hero_dice")] == [dice - 1, dice - 1]


def test_play_validates_and_replays_the_new_options(bundle):
    import jsonschema

    from runeforge.engine.delve.game.play import LOG_OPTIONS, play
    opts = {"adventure": "first-descent", "players": 2, "seed": 3, "bots": "heuristic",
            "heroes": [GARRICK, "sefa-quillmark"], "hero_abilities": {GARRICK: [HEW]},
            "hero_dice": {"sefa-quillmark": -1}, "adversary_vigour": 1,
            "lieutenants": {"rust-golem": {"wounds": 1}}}
    first = play(bundle, opts)
    jsonschema.validate(first["log"][0] | {}, LOG_OPTIONS)
    assert play(bundle, opts)["log"][-1] == first["log"][-1]
    base = {k: opts[k] for k in ("adventure", "players", "seed", "bots", "heroes")}
    assert play(bundle, base)["log"][-1] != first["log"][-1]
