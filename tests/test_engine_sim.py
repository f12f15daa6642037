"""Hero-vs-hero combat, the event log's reproducibility, JSON round-trips, and bot fights."""

from __future__ import annotations

import json
import random

import pytest

from runeforge.engine.common.dice import Dice, ScriptedDice
from runeforge.engine.common.errors import IllegalAction
from runeforge.engine.runebound.bots.combat_bot import HeuristicBot
from runeforge.engine.runebound.combat.combat import Combat
from runeforge.engine.runebound.combat.duel import Duel
from runeforge.engine.runebound.core.decisions import ScriptedPlayer
from runeforge.engine.runebound.core.ruleset import ADVANCED, BASE
from runeforge.engine.runebound.core.state import ActiveEffect, State
from tests.engine_bundle import catalog

VARIKAS, TESSA = "varikas-the-dead", "tessa-brightwater"
OUTCOMES = {"defeated", "knocked_out", "escaped", "abandoned"}


@pytest.fixture(scope="module")
def cat():
    return catalog()


# ------------------------------------------------------------------ hero vs hero
def duel_setup(cat, ruleset=BASE):
    attacker = cat.new_hero(VARIKAS)
    defender = cat.new_hero(TESSA, items=["belt-of-strength"], gold=5, wounds=6,
                            trophies=["marsh-goblins"])
    state = State(heroes=[attacker, defender])
    return attacker, defender, state


def test_hero_vs_hero_follows_its_rules(cat):
    attacker, defender, state = duel_setup(cat)
    players = {
        VARIKAS: ScriptedPlayer([("escape", False), ("phase_action", "defend"),
                                 ("phase_action", "attack"), ("phase_action", "defend"),
                                 ("escape", False), ("spoils", "gold")]),
        TESSA: ScriptedPlayer([("phase_action", "attack"), ("phase_action", "defend")]),
    }
    dice = ScriptedDice([10, 15, 5, 10, 2, 2, 2, 20, 10, 2])
    duel = Duel(cat, state, dice, players, BASE)
    result = duel.fight_heroes(attacker, defender)
    log = duel.log
    # the defender's Before Combat first (Varikas is asked only after: Tessa has no BC ability)
    assert log.of_type("window")[0]["window"] == "before_combat"
    # only the Hero who attacked is asked whether to escape, in every round
    escapes = [d for d in log.of_type("decision") if d["kind"] == "escape"]
    assert [d["hero"] for d in escapes] == [VARIKAS, VARIKAS]
    # roles swap each round
    assert [(r["attacker"], r["defender"]) for r in log.of_type("roles")] == \
        [(VARIKAS, TESSA), (TESSA, VARIKAS)]
    actions = [(d["hero"], d["answer"]) for d in log.of_type("decision")
               if d["kind"] == "phase_action"]
    assert actions == [(VARIKAS, "defend"), (VARIKAS, "attack"), (VARIKAS, "defend"),
                       (TESSA, "attack"), (TESSA, "defend")]
    # in each phase the defender rolls first and that total is the attacker's target
    rolls = log.of_type("roll")
    pairs = list(zip(rolls[::2], rolls[1::2], strict=False))
    for target, roll in pairs:
        assert target["purpose"] == "target" and roll["target"] == target["total"]
        assert target["figure"] != roll["figure"]
    assert [(t["figure"], t["total"]) for t, _ in pairs] == [
        (TESSA, 16), (TESSA, 11), (TESSA, 6), (VARIKAS, 7), (VARIKAS, 14)]
    assert [r["success"] for _, r in pairs] == [True, True, True, True, False]
    # outcome: Tessa knocked out; Varikas takes all her gold; she loses her priciest item
    assert result.outcome == "won" and (result.winner, result.loser) == (VARIKAS, TESSA)
    assert result.spoils == ["gold"] and attacker.gold == 5 and defender.gold == 0
    assert defender.items == [] and state.market_bottom == ["belt-of-strength"]
    assert attacker.wounds == 3 and defender.wounds == 0
    assert attacker.adventure_counters == [] and attacker.trophies == []  # no experience


@pytest.mark.parametrize("ruleset,legal", [
    (BASE, ["item:belt-of-strength", "gold", "adventure:marsh-goblins"]),
    (ADVANCED, ["item:belt-of-strength"]),
])
def test_spoils_are_ruleset_data(cat, ruleset, legal):
    attacker, defender, state = duel_setup(cat)
    duel = Duel(cat, state, Dice(0), {VARIKAS: ScriptedPlayer([("spoils", "gold")])}, ruleset)
    if "gold" in legal:
        assert duel._spoils(attacker, defender) == ["gold"]
    else:
        with pytest.raises(IllegalAction, match="not a legal answer to 'spoils'"):
            duel._spoils(attacker, defender)
    assert duel.log.of_type("decision")[0]["options"] == legal


# ------------------------------------------------------------------ reproducibility
def bot_fight(cat, seed, ruleset=BASE):
    rng = random.Random(seed)
    items = cat.ids("item")
    hero = cat.new_hero(rng.choice(cat.ids("hero")), items=rng.sample(items, 2),
                        allies=rng.sample(cat.ids("ally"), rng.randint(0, 2)))
    state = State(heroes=[hero])
    combat = Combat(cat, state, Dice(seed), {hero.id: HeuristicBot()}, ruleset)
    result = combat.fight_challenge(hero, cat.new_challenge(rng.choice(cat.ids("challenge"))))
    return result, combat, state


def test_event_log_is_reproducible_from_the_seed(cat):
    logs = [bot_fight(cat, 7)[1].log.to_jsonl() for _ in range(2)]
    assert logs[0] == logs[1] and logs[0].count("\n") > 5
    assert bot_fight(cat, 8)[1].log.to_jsonl() != logs[0]
    for line in logs[0].splitlines():
        record = json.loads(line)
        assert {"seq", "type"} <= set(record)


def test_log_written_atomically(cat, tmp_path):
    _, combat, _ = bot_fight(cat, 3)
    path = tmp_path / "fight.jsonl"
    combat.log.write(str(path))
    assert path.read_text(encoding="utf-8") == combat.log.to_jsonl()
    assert [p.name for p in tmp_path.iterdir()] == ["fight.jsonl"]


def test_log_temp_files_have_the_name_the_commands_clean_up(cat, tmp_path, monkeypatch):
    """A write killed before its rename leaves .fight.jsonl.XXXXXXXX.tmp, the naming that
    `runeforge` commands remove on their next run (compiler/atomic.TEMP_NAME)."""
    import os

    from runeforge.atomic import TEMP_NAME

    _, combat, _ = bot_fight(cat, 3)

    def killed(src, dst):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", killed)
    seen = []
    real_unlink = os.unlink
    monkeypatch.setattr(os, "unlink", lambda p: (seen.append(os.path.basename(p)),
                                                 real_unlink(p)))
    with pytest.raises(KeyboardInterrupt):
        combat.log.write(str(tmp_path / "fight.jsonl"))
    assert len(seen) == 1 and TEMP_NAME.match(seen[0]) and seen[0].startswith(".fight.jsonl.")


def test_state_round_trips_through_json(cat):
    result, combat, state = bot_fight(cat, 11)
    state.effects.append(ActiveEffect(state.heroes[0].id, "mirror-of-shael", "end_of_combat",
                                      [{"op": "restrict", "action": "escape"}], x=2))
    state.heroes[0].activations["round:1:1"] = 1
    text = json.dumps(state.to_dict(), sort_keys=True)
    again = State.from_dict(json.loads(text))
    assert again == state
    assert json.dumps(again.to_dict(), sort_keys=True) == text


# ------------------------------------------------------------------ bot fights
@pytest.mark.parametrize("ruleset", [BASE, ADVANCED])
def test_heuristic_bot_fights_complete(cat, ruleset):
    outcomes = {}
    for seed in range(150):
        result, combat, state = bot_fight(cat, seed, ruleset)
        assert result.outcome in OUTCOMES, (seed, result)
        assert combat.log.of_type("combat_end")
        hero = state.heroes[0]
        assert hero.exhaustion <= combat.stat(hero, "stamina")
        outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
    assert outcomes.get("defeated", 0) > 10 and outcomes.get("knocked_out", 0) + \
        outcomes.get("escaped", 0) > 0


def test_heuristic_bot_duels_complete(cat):
    for seed in range(40):
        rng = random.Random(seed)
        a_id, d_id = rng.sample(cat.ids("hero"), 2)
        a = cat.new_hero(a_id, items=rng.sample(cat.ids("item"), 2), gold=3)
        d = cat.new_hero(d_id, items=rng.sample(cat.ids("item"), 2), gold=2)
        state = State(heroes=[a, d])
        duel = Duel(cat, state, Dice(seed), {a.id: HeuristicBot(), d.id: HeuristicBot()}, BASE)
        result = duel.fight_heroes(a, d)
        assert result.outcome in {"won", "escaped", "abandoned"}
        if result.outcome == "won":
            assert result.spoils or not state.hero(result.loser).items


# ------------------------------------------------------------------ the bundle contract
def test_a_version_1_bundle_still_runs():
    """IR version 2 only adds to version 1 (issue 21): a bundle built before it still loads
    and fights (every card of the core set, whose abilities are all version-1 ops)."""
    from runeforge.engine.runebound.core.catalog import Catalog
    from runeforge.engine.runebound.core.ir import IR_VERSION
    from tests.engine_bundle import bundle

    data = bundle()
    assert data["ir_version"] == IR_VERSION == 2
    data["ir_version"] = 1
    data.pop("ir_versions", None)
    v1_ops = {"attack", "inflict", "suffer", "cancel", "heal", "test", "if", "modify",
              "cost_modifier", "restrict", "move", "movement_dice", "gain_gold", "draw_market",
              "for_duration", "trigger", "optional"}

    def ops(effects):
        for e in effects:
            yield e["op"]
            yield from ops(e.get("effects", []))

    data["cards"] = [c for c in data["cards"] if c.get("pack") == "core"
                     and all(set(ops(a["effects"])) <= v1_ops for a in c.get("abilities") or ())]
    catalog = Catalog(data)
    assert VARIKAS in catalog.cards and len(catalog.cards) > 50


def test_bundle_of_another_ir_version_is_refused():
    from runeforge.engine.common.errors import BundleError
    from runeforge.engine.runebound.core.catalog import Catalog
    from tests.engine_bundle import bundle

    data = bundle()
    data["ir_version"] = 3
    with pytest.raises(BundleError, match="IR version 3; this engine runs versions 1, 2"):
        Catalog(data)
    data = bundle()
    card = next(c for c in data["cards"] if c["id"] == VARIKAS)
    card["abilities"][0]["effects"][0]["phase"] = "psychic"
    with pytest.raises(BundleError, match="card 'varikas-the-dead', ability 1: invalid IR"):
        Catalog(data)


def test_unknown_card_ids_get_a_suggestion(cat):
    from runeforge.engine.common.errors import BundleError

    with pytest.raises(BundleError, match="unknown hero card id 'varikas'; did you mean "
                                          "'varikas-the-dead'"):
        cat.new_hero("varikas")
