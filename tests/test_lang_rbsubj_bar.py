"""Branch rbsubj (issue 32, part III): who may not attack, and when.

"This Ally may not attack during the Ranged phase.", "During the first combat round, Allies
cannot attack.", "You cannot attack in the Magic phase.", "This Ally never attacks." are
restrictions whose action is the engine's data (engine/runebound/core/attackbar_rbsubj.py): the
combat does not offer a barred figure's attack in the phase / round the rule names (the engine
tests below fail without the rule: the figure's attack is offered), the kernel leaves such a
combat to the engine and the odds report it; the checks refuse it where it would not run
(RF533-RF536). The corpus is tests/data/corpus/rbsubj.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.dsl.runebound.printer_rbsubj_bar import SENTENCES
from runeforge.engine.runebound.core import attackbar_rbsubj
from runeforge.engine.runebound.core.ir import RESTRICTIONS, validate_ability
from runeforge.games.runebound.checks import CardContext, check_ability
from runeforge.games.runebound.lower import lower
from tests.lang_common import assert_round_trips_and_renders

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "lang_rbsubj"
LOCALES = ("en", "fi", "pl", "el", "ru")


@pytest.mark.parametrize("text, action", [
    ("This Ally cannot attack in the Ranged phase.", "this_ally_attack_ranged"),
    ("This Ally may not attack during the magic phase.", "this_ally_attack_magic"),
    ("This Ally never attacks.", "this_ally_attack"),
    ("This Ally does not attack in the first round of combat.", "this_ally_attack_round_1"),
    ("During the first combat round, Allies cannot attack.", "ally_attack_round_1"),
    ("Allies may not attack in the melee phase.", "ally_attack_melee"),
    ("Your Allies cannot attack during the first combat round.", "own_ally_attack_round_1"),
    ("Each of your Allies may not attack in the Magic phase.", "own_ally_attack_magic"),
    ("You cannot attack in the Ranged phase of the first combat round.",
     "own_hero_attack_ranged_round_1"),
    ("In the Melee phase, your Hero may not attack.", "own_hero_attack_melee"),
    ("Every Hero may not attack during the first round of combat.", "hero_attack_round_1"),
    ("Heroes cannot attack.", "hero_attack"),
])
def test_the_bar_lowers_to_the_engines_action(text, action):
    ability = parse_ability(text)
    out = lower(ability)
    validate_ability(out)
    assert out["static"] is True and out["effects"] == [{"op": "restrict", "action": action}]
    printed = print_ability(ability)
    assert parse_ability(printed) == ability and print_ability(parse_ability(printed)) == printed


def test_the_dsls_actions_are_the_engines():
    assert set(SENTENCES) <= set(attackbar_rbsubj.ACTIONS) <= set(RESTRICTIONS)
    assert set(attackbar_rbsubj.ACTIONS) - set(SENTENCES) == set()  # each has its sentence


@pytest.mark.parametrize("text", sorted(s[0].upper() + s[1:] + "." for s in SENTENCES.values()))
def test_the_canonical_form_round_trips_and_renders_in_five_locales(text):
    assert_round_trips_and_renders(text)


@pytest.mark.parametrize("text, words", [
    ("This challenge cannot attack in the Melee phase.",
     "This challenge cannot attack in the Melee phase"),
    ("Each other Hero cannot attack in the Ranged phase.",
     "Each other Hero cannot attack in the Ranged phase"),
    ("This Ally cannot attack in the same round.", "This Ally cannot attack in the same round"),
])
def test_what_the_engine_cannot_bar_is_refused_at_its_words(text, words):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF533" and err.value.hint
    assert text[err.value.start:err.value.end] == words


@pytest.mark.parametrize("text, kind, code", [
    ("This Ally cannot attack in the Ranged phase.", "item", "RF534"),
    ("Magic: This Ally cannot attack in the Ranged phase.", "ally", "RF535"),
    ("While you have 2 or more wounds, this Ally cannot attack.", "ally", "RF535"),
    ("Allies cannot attack during the first combat round.", "encounter", "RF536"),
])
def test_the_rule_is_refused_where_it_would_not_run(text, kind, code):
    found = [f for f in check_ability(parse_ability(text), CardContext(kind, None))
             if f.code == code]
    assert found and found[0].hint and found[0].severity == "error", text


def test_a_bar_for_a_while_is_a_duration_the_engine_keeps():
    out = lower(parse_ability("Before Combat: Until the end of this combat round, Allies "
                              "cannot attack in the Magic phase."))
    assert out["effects"] == [{"op": "for_duration", "until": "end_of_round", "effects": [
        {"op": "restrict", "action": "ally_attack_magic"}]}]


# ---- the engine -------------------------------------------------------------------------------
def _catalog():
    from tests.engine_bundle import catalog

    return catalog(CONTENT)


class _Recorder:
    """A player who defends in every phase and records the attacks each phase offers."""

    def __init__(self):
        self.offers = []

    def decide(self, decision, engine):
        if decision.kind == "phase_action":
            self.offers.append((engine.moment.round, decision.info["phase"],
                                sorted(decision.options)))
            return "defend"
        if decision.kind == "escape":
            return engine.moment.round >= 3  # two rounds, then away
        return decision.options[0] if decision.options else None


def _offers(cat, challenge, allies):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    hero = cat.new_hero("varikas-the-dead", allies=list(allies))
    player = _Recorder()
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([20] * 40), {hero.id: player}, BASE)
    combat.fight_challenge(hero, cat.new_challenge(challenge), before_combat=False)
    return player.offers, combat


def test_an_ally_barred_in_a_phase_is_not_offered_there():
    """Without the rule the Lanternbearer's attack is offered in every phase."""
    offers, combat = _offers(_catalog(), "idle-marsh-toad",
                             ["shy-lanternbearer", "sworn-pacifist", "steady-pikeman"])
    by_phase = {(r, p): o for r, p, o in offers}
    for rnd in (1, 2):
        assert "ally:shy-lanternbearer" not in by_phase[(rnd, "ranged")]
        assert "ally:shy-lanternbearer" in by_phase[(rnd, "melee")]
        assert "ally:shy-lanternbearer" in by_phase[(rnd, "magic")]
        for phase in ("ranged", "melee", "magic"):  # "never attacks"; the Pikeman always
            assert "ally:sworn-pacifist" not in by_phase[(rnd, phase)]
            assert {"attack", "ally:steady-pikeman"} <= set(by_phase[(rnd, phase)])
    forbidden = [e for e in combat.log.records if e.get("type") == "attack_forbidden"]
    assert {(e["figure"], e["phase"], e["source"]) for e in forbidden} >= {
        ("shy-lanternbearer", "ranged", "shy-lanternbearer"),
        ("sworn-pacifist", "magic", "sworn-pacifist")}


def test_a_challenge_bars_allies_in_the_first_round_and_the_hero_in_its_ranged_phase():
    offers, _ = _offers(_catalog(), "dusk-ambusher", ["steady-pikeman"])
    by_phase = {(r, p): o for r, p, o in offers}
    for phase in ("ranged", "melee", "magic"):
        assert "ally:steady-pikeman" not in by_phase[(1, phase)]
        assert "ally:steady-pikeman" in by_phase[(2, phase)]
    assert "attack" not in by_phase[(1, "ranged")]
    assert "attack" in by_phase[(1, "melee")] and "attack" in by_phase[(2, "ranged")]


def test_the_kernel_leaves_the_rule_to_the_engine_and_the_odds_report_it():
    from runeforge.engine.runebound.analysis.before_model import before_model
    from runeforge.engine.runebound.combat.kernel_plan import Plan, Unsupported

    cat = _catalog()
    with pytest.raises(Unsupported, match="may not attack"):
        Plan.build(cat, "varikas-the-dead", "idle-marsh-toad", allies=["shy-lanternbearer"])
    ir = lower(parse_ability("This Ally may not attack during the Ranged phase."))
    model = before_model([("shy-lanternbearer", 0, "ally", ir)])
    assert [why for *_x, why in model.uncovered] == [
        "a rule of who may not attack in a phase or round (not modelled)"]


def test_a_bar_held_while_a_condition_holds_bars_only_then():
    """The Chains bar the Hero's magic attack while the Hero is wounded (a 'while' rule: no
    card's standing restriction names it, so the engine must read the 'while' rules too)."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.attackbar_rbsubj import barring
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment

    cat = _catalog()
    hero = cat.new_hero("varikas-the-dead", items=["heavy-chains"])
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]), {hero.id: ScriptedPlayer([])},
                    BASE)
    combat._begin({hero.id: cat.new_challenge("idle-marsh-toad")})
    combat.moment = Moment("magic", "magic", combat.state.combat_no, 1)
    assert barring(combat, hero, hero, "magic") is None
    hero.wounds = 1
    assert barring(combat, hero, hero, "magic") == "heavy-chains"
    assert barring(combat, hero, hero, "melee") is None
