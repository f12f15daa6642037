"""Delve constructions of issue 32 (session delve7), run in the engine: the other words for
healing ("recover 2 wounds", "remove 1 wound from yourself or from an adjacent hero"), a push
"away" with no one named (away from you), "up to" on a push, and an attack "with +N Damage"
(the extra wounds of a hit, as "If it hits, deal N extra damage"). The corpus
(tests/data/corpus/delve-forms.yaml) holds their variants, which compile to one IR."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.game import ops
from runeforge.engine.delve.rules.effects import distance
from tests.test_delve_abilities import SEFA
from tests.test_delve_forms import AXE, CASTER, base, play  # noqa: F401  (base: a fixture)


@pytest.mark.parametrize("text, mine, theirs", [
    ("(1+): Recover 2 wounds.", 0, 2),
    ("(1+): Remove 1 wound from yourself.", 1, 2),
    ("(1+): Remove a wound from another hero in this chamber.", 2, 1),
    ("(1+): Another hero in this chamber removes 2 wounds.", 2, 0),
])
def test_the_other_words_for_healing_heal(base, text, mine, theirs):  # noqa: F811
    g, me = play(base, [text], [], [], wounds={CASTER: 2, SEFA: 2})
    effects = compile_one(text)[0]["effects"]
    ops.apply(g, me, "test", effects, None)
    assert (me.wounds, g.state.figure(SEFA).wounds) == (mine, theirs)


def test_remove_a_wound_from_yourself_or_from_an_adjacent_hero_is_a_heal_on_either():
    said = compile_one("(2+): Remove 1 wound from yourself or from an adjacent hero.")[0]
    canonical = compile_one("(2+): Heal 1 wound on yourself or on a hero adjacent to you.")[0]
    assert said == canonical


@pytest.mark.parametrize("face, wounds", [(5, 2), (2, 0)])
def test_an_attack_with_plus_damage_deals_it_when_it_hits(base, face, wounds):  # noqa: F811
    g, me = play(base, ["Smite (3+): Make a combat attack against an adjacent adversary with "
                        "+1 Damage.", AXE], [3, 1, 1, 1, face],
                 [{"action": "ability", "ability": "Smite"}, None],
                 foes=[("mire-crawler", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("mire-crawler-1").wounds == wounds   # Damage 1 of the axe, + 1


def test_a_push_away_names_no_one_and_is_away_from_you(base):  # noqa: F811
    g, me = play(base, ["Shove (2+): Push an adjacent adversary 1 space away."],
                 [2, 1, 1, 1], [{"action": "ability", "ability": "Shove"}, None],
                 foes=[("bone-sentry", (1, 2))])
    foe = g.state.figure("bone-sentry-1")
    before = distance(me.cell, foe.cell)
    g.hero_turn(me)
    assert distance(me.cell, foe.cell) == before + 1


@pytest.mark.parametrize("text, kind, code", [
    ("Lunge (2+): Move 2 spaces with +1 Damage.", "hero", "RF301"),
    ("Rest (2+): Recover 0 wounds.", "hero", "RF912"),
    ("When this adversary is slain, each adversary in this chamber recover 1 wound.",
     "adversary", "RF924"),
])
def test_what_the_new_words_cannot_say_is_refused_located(text, kind, code):
    compiled, diags = compile_one(text, kind)
    assert compiled is None
    errors = [d for d in diags if d.severity == "error"]
    assert [d.code for d in errors][:1] == [code] and errors[0].hint


@pytest.mark.parametrize("rule, wounds", [
    ("Heroes adjacent to this adversary are pinned.", 2),
    ("Reduce all damage dealt to this adversary by 1.", 1),
    ("Reduce the damage this adversary suffers by 2.", 0),
])
def test_reduce_the_damage_dealt_to_this_adversary(base, rule, wounds):  # noqa: F811
    """A hit of Damage 2 wounds the adversary twice, less what its rule reduces."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.rules.attacks import Weapon
    from tests.test_delve_delveg import NEAR, _with_warden

    g, me = _with_warden(base, rule, NEAR)
    warden = g.state.adversaries()[0]
    g.dice = ScriptedDice([6])
    assert ops.roll_at(g, me, Weapon("Test", 1, "combat", 4, 2), warden.id)["hit"]
    assert warden.wounds == wounds


@pytest.mark.parametrize("rule, rng, hit", [
    ("Heroes adjacent to this adversary suffer -1 to their combat attack rolls.", "combat",
     False),
    ("Heroes adjacent to this adversary have -1 to their combat attack rolls.", "missile",
     True),
    ("Each hero adjacent to this adversary gets -1 to their attack rolls.", "missile", False),
])
def test_a_penalty_written_as_a_signed_number_takes_from_the_roll(base, rule, rng, hit):  # noqa: F811
    from tests.test_delve_delveg import (
        test_an_adversarys_rule_on_the_attack_rolls_of_the_heroes_it_names as same,
    )
    same(base, rule, rng, hit)


@pytest.mark.parametrize("said, canonical, kind", [
    ("Attacks against this adversary suffer -1 to the roll.",
     "Attacks against this adversary subtract 1 from their rolls.", "adversary"),
    ("Missile attacks against this adversary get -2 to their rolls.",
     "Missile attacks against this adversary subtract 2 from their rolls.", "adversary"),
    ("Focus (2+): Until the end of your turn, you gain +1 to your combat attack rolls.",
     "Focus (2+): Until the end of your turn, add 1 to your combat attack rolls.", "hero"),
    ("Reduce damage dealt to this adversary by 3.",
     "Attacks against this adversary deal 3 less Damage.", "adversary"),
])
def test_signed_bonuses_and_reduced_damage_are_the_existing_forms(said, canonical, kind):
    assert compile_one(said, kind)[0] == compile_one(canonical, kind)[0] is not None


@pytest.mark.parametrize("duration, wounds", [
    ("During the next adversary phase", 0),
    ("Until the end of the adversary phase", 0),
    ("Until the end of your turn", 1),         # gone before the adversaries act
])
def test_a_ward_during_the_adversary_phase_holds_there_and_ends_with_it(base, duration,  # noqa: F811
                                                                       wounds):
    g, me = play(base, [f"Brace (3+): {duration}, prevent the first wound you would suffer."],
                 [3, 1, 1, 1, 6], [{"action": "ability", "ability": "Brace"}, None],
                 foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    g.play_round()                                   # the rat's bite hits (a 6)
    assert me.wounds == wounds and not g.state.lasting


def test_the_phase_duration_is_printed_one_way_in_every_locale():
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.games.delve.abilities import canonical_text
    from runeforge.games.delve.text import render_ability

    text = "(3+): Prevent the first wound you would suffer during the next adversary phase."
    canonical = canonical_text(text)
    assert canonical == ("(3+): Until the end of the adversary phase, prevent the first wound "
                         "you would suffer.")
    for locale in ("en", "fi", "pl", "el", "ru"):
        out = render_ability(parse_ability(canonical), locale)
        assert "{" not in out and out
        assert (locale == "en") == ("adversary phase" in out), (locale, out)


@pytest.mark.parametrize("rule", [
    "When activated, this adversary heals 1 wound.",
    "When this adversary is activated, it heals 1 wound.",
    "Whenever this adversary activates, heal 1 wound on it.",
])
def test_an_adversarys_rule_when_it_is_activated_runs_before_it_acts(base, rule):  # noqa: F811
    from runeforge.engine.delve.game.adversaries import adversary_phase
    from tests.test_delve_delveg import FAR, _with_warden

    g, me = _with_warden(base, rule, FAR)
    warden = g.state.adversaries()[0]
    warden.wounds = 2
    from runeforge.engine.common.dice import ScriptedDice
    g.dice = ScriptedDice([1] * 6)                   # its attacks miss
    adversary_phase(g)
    assert warden.wounds == 1
    kinds = [r["type"] for r in g.log.records]
    fired = [r for r in g.log.records if r["type"] == "trigger"]
    assert [r["event"] for r in fired] == ["activated"]
    assert kinds.index("trigger") < kinds.index("adversary_move")


@pytest.mark.parametrize("text, kind", [
    ("When activated, gain 1 renown.", "hero"),                       # a hero is not activated
    ("When a hero is activated, it heals 1 wound.", "adversary"),      # its own activation only
])
def test_only_an_adversarys_own_activation_is_a_trigger(text, kind):
    compiled, diags = compile_one(text, kind)
    assert compiled is None and {d.code for d in diags if d.severity == "error"} == {"RF925"}


def test_a_heros_rule_fires_when_an_adversary_moves_adjacent_to_it(base):  # noqa: F811
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.adversaries import adversary_phase

    g, me = play(base, ["Whenever an adversary moves adjacent to you, gain 1 renown."], [], [],
                 foes=[("bone-sentry", (3, 3))], heroes=(CASTER,))
    foe, renown = g.state.figure("bone-sentry-1"), me.renown
    assert distance(me.cell, foe.cell) > 1
    g.dice = ScriptedDice([1] * 6)                   # its attack misses
    adversary_phase(g)
    assert distance(me.cell, foe.cell) == 1 and me.renown == renown + 1
    adversary_phase(g)                               # already adjacent: no new approach
    assert me.renown == renown + 1


def test_a_pull_that_ends_adjacent_fires_it_and_it_is_the_adversary(base):  # noqa: F811
    g, me = play(base, ["Hook (2+): Pull a visible adversary 3 spaces towards you.",
                        "Each time an adversary moves next to you, it suffers 1 wound."],
                 [2, 1, 1, 1], [{"action": "ability", "ability": "Hook"}, None],
                 foes=[("mire-crawler", (3, 3))], heroes=(CASTER,))
    g.hero_turn(me)
    foe = g.state.figure("mire-crawler-1")
    assert distance(me.cell, foe.cell) == 1 and foe.wounds == 1


@pytest.mark.parametrize("text, kind", [
    ("Whenever a hero moves adjacent to you, gain 1 renown.", "hero"),
    # a hero moving adjacent to this adversary is its rule since branch delveseven; an
    # adversary moving adjacent to it is no one's
    ("When an adversary moves adjacent to this adversary, it heals 1 wound.", "adversary"),
    ("Whenever an adversary moves adjacent to you, it heals 1 wound.", "adversary"),
])
def test_only_adversaries_moving_next_to_a_hero_are_watched(text, kind):
    compiled, diags = compile_one(text, kind)
    assert compiled is None and "RF925" in {d.code for d in diags}
    assert all(d.hint for d in diags if d.severity == "error")


def test_an_adversary_slain_as_it_comes_near_does_not_attack(base):  # noqa: F811
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.game.adversaries import adversary_phase

    g, me = play(base, ["Whenever an adversary moves adjacent to you, it suffers 3 wounds."],
                 [], [], foes=[("gloom-rat", (3, 3))], heroes=(CASTER,))
    g.dice = ScriptedDice([6] * 6)                   # an attack would hit
    adversary_phase(g)
    assert g.state.figure("gloom-rat-1") is None and me.wounds == 0
    assert not [r for r in g.log.records if r["type"] == "adversary_attack"]


@pytest.mark.parametrize("text", [
    "Your combat attacks deal +1 damage against adversaries with 3 or more vigour.",
    "Your combat attacks against adversaries with at least 3 Vigour deal +1 Damage.",
])
def test_a_bonus_against_adversaries_with_a_vigour_counts_only_on_them(base, text):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, [text], [], [], foes=[("bone-sentry", (3, 3)), ("mire-crawler", (1, 2))],
                 heroes=(CASTER,))
    sentry, crawler = g.state.adversaries()
    assert traits.bonus(g, CASTER, "damage", "combat", crawler) == 1    # Vigour 3
    assert traits.bonus(g, CASTER, "damage", "combat", sentry) == 0     # Vigour 2
    assert traits.bonus(g, CASTER, "damage", "missile", crawler) == 0


def test_a_push_picks_only_an_adversary_with_that_vigour(base):  # noqa: F811
    g, me = play(base, ["Topple (2+): Push an adversary adjacent to you with 3 or more Vigour "
                        "1 space."], [2, 1, 1, 1], [{"action": "ability", "ability": "Topple"},
                                                    None],
                 foes=[("bone-sentry", (0, 2)), ("mire-crawler", (1, 2))], heroes=(CASTER,))
    sentry, crawler = g.state.adversaries()
    near = {f.id: distance(me.cell, f.cell) for f in (sentry, crawler)}
    g.hero_turn(me)
    assert distance(me.cell, crawler.cell) == near[crawler.id] + 1
    assert distance(me.cell, sentry.cell) == near[sentry.id]


@pytest.mark.parametrize("face, mine", [(1, 1), (6, 0)])
def test_an_adversarys_rule_on_a_heros_miss_at_it(base, face, mine):  # noqa: F811
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.delve.rules.attacks import Weapon
    from tests.test_delve_delveg import NEAR, _with_warden

    g, me = _with_warden(base, "When a hero attacks this adversary and misses, that hero "
                               "suffers 1 wound.", NEAR)
    before = me.wounds
    warden = g.state.adversaries()[0]
    g.dice = ScriptedDice([face])
    result = ops.roll_at(g, me, Weapon("Test", 1, "combat", 4, 1), warden.id)
    assert result["hit"] == (face == 6) and me.wounds == before + mine
    assert g.state.figure(SEFA).wounds == 2           # the other hero is not "that hero"


@pytest.mark.parametrize("text, kind", [
    ("When a hero attacks this adversary and misses, gain 1 renown.", "hero"),
    ("When a hero attacks an adversary and misses, that hero suffers 1 wound.", "adversary"),
    ("When a wounded hero attacks this adversary and misses, it heals 1 wound.", "adversary"),
])
def test_only_a_miss_at_the_adversary_itself_is_its_trigger(text, kind):
    compiled, diags = compile_one(text, kind)
    assert compiled is None and "RF925" in {d.code for d in diags}
