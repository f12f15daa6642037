"""Branch rbattack2: an attack's result said with the attack's kind ("When this Ally succeeds at
a melee attack, ...", "Every time this Ally's ranged attack fails, ...", "you fail a magic
attack"): IR attack_result with ``phase``, matched by the engine against the phase of the attack
rolled (core/trig_rbattack2.py); other subjects refused (RF542); a trigger bound to one phase's
tag on another phase's attack refused (RF543)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
CONTENT = ROOT / "tests" / "data" / "lang-rbattack2"
LOCALES = ("en", "fi", "pl", "el", "ru")


def _compile(text: str, kind: str):
    ir, findings = compile_ability(text, CardContext(kind, None, None, frozenset()))
    return ir, [f.code for f in findings if f.severity == "error"]


# sentences of our own: other subjects, kinds, outcomes, connectives and effects
OWN = [
    ("Whenever this Ally misses a ranged attack, this Ally takes 1 wound.", "ally",
     "this_ally", False, "ranged"),
    ("Each time your Hero succeeds at a magic attack, gain 2 gold.", "hero", "hero", True,
     "magic"),
    ("When you make a ranged attack against your enemy and miss, take 1 wound.", "item",
     "hero", False, "ranged"),
    ("Every time this Ally's magic attack succeeds, heal 1 wound.", "ally", "this_ally",
     True, "magic"),
    ("Melee: Until the end of this combat, every time this Ally fails at a melee attack, gain "
     "1 gold.", "ally", "this_ally", False, "melee"),
]


@pytest.mark.parametrize("text,kind,who,success,phase", OWN, ids=lambda x: str(x)[:40])
def test_own_sentences_compile_to_the_phase_of_their_attack(text, kind, who, success, phase):
    ir, errors = _compile(text, kind)
    assert errors == [], text
    events = [e for e in _walk(ir["effects"]) if e.get("kind") == "attack_result"]
    assert events == [{"kind": "attack_result", "who": who, "success": success,
                       "phase": phase}]
    again = print_ability(parse_ability(text))
    assert print_ability(parse_ability(again)) == again
    for locale in LOCALES:
        said = render_ability(parse_ability(text), locale)
        assert "{" not in said and said


def _walk(effects):
    for e in effects:
        if e.get("op") == "trigger":
            yield e["event"]
        yield from _walk(e.get("effects", []))


def test_no_kind_is_the_attack_result_before():
    ir, errors = _compile("When this Ally's attack succeeds, gain 1 gold.", "ally")
    old, _ = _compile("Every time this Ally attacks and succeeds, gain 1 gold.", "ally")
    assert errors == [] and ir["effects"] == old["effects"]


@pytest.mark.parametrize("text", [
    "Every time another Hero succeeds at a melee attack, gain 1 gold.",
    "Every time one of your Allies fails a ranged attack, gain 1 gold.",
    "When any Hero fails a magic attack, gain 1 gold.",
])
def test_a_subject_the_engine_fires_no_result_for_is_refused_at_its_words(text):
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability(text)
    assert err.value.code == "RF542" and "this Ally" in err.value.hint
    assert text[err.value.start:err.value.end].endswith("attack")


def test_another_phases_attack_under_a_tag_is_refused():
    assert _compile("Melee: Every time you fail a ranged attack, take 1 wound.", "item")[1] \
        == ["RF543"]
    assert _compile("Melee: Every time you fail a melee attack, take 1 wound.", "item")[1] == []
    # a duration holds the trigger past the tag's phase: left alone
    assert _compile("Ranged: Until the end of this combat, every time you succeed at a melee "
                    "attack, gain 1 gold.", "item")[1] == []


def test_the_matcher_reads_the_phase():
    from runeforge.engine.runebound.core.trig_rbattack2 import attack_kind_matches

    assert attack_kind_matches({"phase": "melee"}, {"phase": "melee"})
    assert not attack_kind_matches({"phase": "melee"}, {"phase": "ranged"})
    assert attack_kind_matches({}, {"phase": "ranged"})


def test_the_scenarios_run_each_kind():
    """Fails without the rule: the ranged miss would pay Ash Sparrow's gold, the melee hit
    Thorn Warden's."""
    from runeforge import pipeline, scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine = [r for r in scenarios.run(result.content, result.compiled)
            if "lang-rbattack2" in r.path]
    assert len(mine) == 4 and not [(r.name, r.error) for r in mine if not r.passed]


def test_the_kernel_leaves_the_trigger_to_the_engine():
    from runeforge.engine.runebound.combat.kernel_plan import Plan, Unsupported
    from tests.engine_bundle import catalog

    with pytest.raises(Unsupported, match="attack_result"):
        Plan.build(catalog(CONTENT), "varikas-the-dead", "fen-newt", allies=["ash-sparrow"])


def test_the_exact_odds_list_the_trigger_as_ignored(cli):
    from tests.odds_support import exact_ignored

    report, ignored = exact_ignored(cli, "varikas-the-dead", "fen-newt", CONTENT,
                                    allies=["thorn-warden"])
    # reported as ignored; gold only, so the odds still cover the fight
    assert ignored["thorn-warden"]["affects_odds"] is False
    assert report["covered"] is True


def test_still_and_but_if_after_a_bonus_are_the_result_before():
    plain, errors = _compile("Melee: Add 2 to your combat roll. If the attack fails, take 1 "
                             "wound.", "item")
    for text in ("Melee: Add 2 to your combat roll, but if the attack still fails, take 1 wound.",
                 "Melee: Add 2 to your combat roll. If the attack still fails, take 1 wound."):
        ir, found = _compile(text, "item")
        assert errors == found == [] and ir["effects"] == plain["effects"], text
    with pytest.raises(AbilitySyntaxError) as err:
        parse_ability("Melee: Add 2 to your combat roll, but still take 1 wound.")
    assert err.value.code == "RF302"


# ---- "that Hero may ..." after a trigger said of another or any Hero ----------------------

THAT_MAY = [
    ("Whenever a Hero defeats a challenge, that Hero may gain 1 gold.", "event",
     "Every time any Hero defeats a challenge, that Hero may gain 1 gold."),
    ("Each Hero who defeats a challenge may gain 1 gold.", "event",
     "Every time any Hero defeats a challenge, that Hero may gain 1 gold."),
    ("When another Hero rests, that Hero may gain 2 gold.", "hero",
     "Every time another Hero rests, that Hero may gain 2 gold."),
]


@pytest.mark.parametrize("text,kind,canonical", THAT_MAY, ids=lambda x: str(x)[:40])
def test_that_hero_may_is_the_acting_heros_choice(text, kind, canonical):
    ir, errors = _compile(text, kind)
    assert errors == []
    assert print_ability(parse_ability(text)) == canonical
    trigger = ir["effects"][0]
    assert trigger["event"]["runs_for"] == "actor"
    assert [e["op"] for e in trigger["effects"]] == ["optional"]


@pytest.mark.parametrize("text", [
    "Whenever you rest, that Hero may gain 1 gold.",  # no other Hero acted
    "That Hero may gain 1 gold.",
    "Whenever another Hero rests, that Hero may gain 1 gold and heal 1 wound.",
])
def test_that_hero_may_with_no_acting_hero_to_name_is_refused(text):
    assert "RF481" in _compile(text, "hero")[1]


class _Asked:
    def __init__(self, answer, log):
        self.answer, self.log = answer, log

    def decide(self, decision, engine):
        self.log.append((decision.kind, decision.actor))
        return self.answer if decision.kind == "optional" else decision.options[0]


@pytest.mark.parametrize("answer", [True, False])
def test_the_hero_who_acted_is_asked_and_gains_the_gold(answer):
    from runeforge.engine.runebound.core.catalog import Ability, CardDef
    from tests.test_game_scenarios import make

    game, (hero, other) = make(players=2)
    card = next(c for c in sorted(game.catalog.cards) if game.card(c).kind == "item")
    ir, errors = _compile("Whenever another Hero escapes, that Hero may gain 2 gold.", "item")
    assert errors == []
    old = game.catalog.cards[card]
    game.catalog.cards[card] = CardDef(card, "item", old.name, old.data,
                                       [Ability.from_ir(card, 0, ir)])
    game.catalog.refresh()
    hero.items.append(card)
    game.combat.modifiers_changed()
    asked: list = []
    game.players[hero.id], game.players[other.id] = _Asked(True, asked), _Asked(answer, asked)
    before = (hero.gold, other.gold)
    game.combat.fire({"kind": "escaped", "hero": other.id})
    assert asked == [("optional", other.id)]  # the Hero who escaped chooses, not the holder
    assert (hero.gold - before[0], other.gold - before[1]) == (0, 2 if answer else 0)
