"""Hero abilities of branch dhero (issue 32, part III): a hero's state as a condition
("While you are pinned, …", "As long as you have no wounds, …", "If that hero is not pinned,
…"), the period of "the first time" before its event, "hit on a roll 1 lower", "Hit rolls"
and "with a Vigour of 4 or more"."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.engine.delve.rules.effects import distance
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)


@pytest.mark.parametrize("text", [
    "While you are pinned, your Combat weapons deal +1 Damage.",
    "Your combat attacks deal +1 Damage while you are pinned.",
    "As long as this hero is pinned, your combat attacks deal +1 Damage.",
])
def test_a_bonus_while_pinned_counts_only_while_the_hero_is_pinned(base, text):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, [text], [], [], foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    crawler = g.state.adversaries()[0]
    assert distance(me.cell, crawler.cell) == 1 and g.pinned(me)
    assert traits.bonus(g, CASTER, "damage", "combat") == 1
    assert traits.bonus(g, CASTER, "damage", "missile") == 0
    crawler.cell = (3, 3)                      # no longer adjacent: not pinned (A5)
    assert not g.pinned(me)
    assert traits.bonus(g, CASTER, "damage", "combat") == 0


def test_a_bonus_while_not_pinned_is_the_other_way_round(base):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, ["If you are not pinned, add 1 to your attack rolls."], [], [],
                 foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    crawler = g.state.adversaries()[0]
    assert traits.bonus(g, CASTER, "roll", "combat") == 0
    crawler.cell = (3, 3)
    assert traits.bonus(g, CASTER, "roll", "combat") == 1


@pytest.mark.parametrize("text", [
    "As long as you have no wounds, add 1 to your Move value.",
    "If you are not wounded, add 1 to your Move.",
    "While you do not have a wound, add 1 to your Move.",
])
def test_a_bonus_while_unwounded(base, text):  # noqa: F811
    from runeforge.engine.delve.game import traits

    g, me = play(base, [text], [], [], foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    me.wounds = 0
    assert traits.bonus(g, CASTER, "move") == 1
    me.wounds = 1
    assert traits.bonus(g, CASTER, "move") == 0


def test_a_rider_on_another_heros_state_runs_when_it_holds():
    from runeforge.engine.delve.game import states_dhero

    class Game:   # the smallest game the state reads: a pin the game answers
        def __init__(self, pinned):
            self.answer = pinned

        def pinned(self, hero):
            return self.answer

    class Hero:
        side, id, wounds = "hero", "h", 0

    e = {"op": "if", "cond": "pinned", "effects": []}
    for answer in (True, False):
        game = Game(answer)
        assert states_dhero.CONDS["pinned"](game, Hero()) is answer
        assert states_dhero.CONDS["not_pinned"](game, Hero()) is not answer
    assert e["cond"] in states_dhero.CONDS


def test_state_conditions_lower_print_and_parse_back():
    from runeforge.games.delve.abilities import canonical_text

    for said, cond in [("While you are pinned, your combat attacks deal +1 Damage.", "pinned"),
                       ("If you are not pinned, add 1 to your attack rolls.", "not_pinned"),
                       ("As long as you have no wounds, add 1 to your Move.", "unwounded")]:
        ir, _ = compile_one(said, "hero")
        assert ir["effects"][0]["cond"] == cond
        text = canonical_text(said)
        assert canonical_text(text) == text and compile_one(text, "hero")[0] == ir
    ir, _ = compile_one("(3+): Choose an adjacent hero. If that hero is not pinned, gain 1 "
                        "renown.", "hero")
    assert ir["effects"][1] == {"op": "if", "cond": "not_pinned", "who": {"quantity": "them"},
                                "effects": [{"op": "renown", "amount": 1}]}


@pytest.mark.parametrize("text", [
    "While this adversary is pinned, its attacks deal +1 Damage.",
    "(2+): Choose an adversary. If that adversary is pinned, gain 1 renown.",
    "If each hero is pinned, add 1 to your attack rolls.",
])
def test_a_state_of_a_figure_that_is_not_one_hero_is_refused(text):
    ir, diags = compile_one(text, "adversary" if "its attacks" in text else "hero")
    assert ir is None and any(d.code == "RF925" for d in diags)


@pytest.mark.parametrize("said, canonical", [
    ("Renown: Gain 1 renown the first time each round you Explore.",
     "Renown: Gain 1 renown the first time you explore each round."),
    ("Your missile weapons hit on a roll 1 lower than their Hit value.",
     "Your missile attacks add 1 to their rolls."),
    ("Your missile attacks hit on a roll 1 lower.", "Your missile attacks add 1 to their rolls."),
    ("Add 1 to your Hit rolls.", "Add 1 to your attack rolls."),
])
def test_wordings_are_the_existing_forms(said, canonical):
    ir, _ = compile_one(said, "hero")
    assert ir is not None and ir == compile_one(canonical, "hero")[0]


STRIKE = "Crush (1+): Make a combat attack against an adjacent adversary, Hit 2+, Damage 9."


@pytest.mark.parametrize("rule, foe, gained", [
    ("Every time you slay an adversary with a Vigour of 5 or more, gain 1 renown.",
     "rust-golem", 1),
    ("Every time you slay an adversary with a Vigour of 5 or more, gain 1 renown.",
     "gloom-rat", 0),
    ("Renown: Gain 1 renown whenever you slay an adversary with 5 or more Vigour.",
     "gloom-rat", 0),
    ("Every time you slay an adversary, gain 1 renown.", "gloom-rat", 1),
])
def test_a_slay_rule_counts_only_the_adversaries_it_names(base, rule, foe, gained):  # noqa: F811
    from benchmarks.corpus_delve import compile_one as one
    assert one(rule, "hero")[0] is not None
    g, me = play(base, [STRIKE, rule], [2, 1, 1, 1, 6, 6, 6, 6],
                 [{"action": "ability", "ability": "Crush"}, None], foes=[(foe, (1, 2))],
                 heroes=(CASTER,))
    target = g.state.adversaries()[0]
    before = me.renown
    g.hero_turn(me)
    assert target not in g.state.figures            # the attack slew it
    assert me.renown - before == gained + 1         # R21: 1 for the slay, and the rule's


# ---------------------------------------------------------------- docs/delve.md's block
def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("dhero-variants")


def test_the_doc_block_has_variants_and_refusals():
    lines = _doc_lines()
    assert sum(a.startswith("RF") for *_, a in lines) >= 3
    assert sum(not a.startswith("RF") for *_, a in lines) >= 6


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    check_variant_line(kind, said, after)


# ---------------------------------------------------------------- heroes spared the pin
@pytest.mark.parametrize("text, spared", [
    ("Heroes adjacent to you are not pinned.", True),
    ("Each other hero within 2 spaces of you cannot be pinned.", True),
    ("Each hero in your chamber is never pinned.", True),
    ("Your combat attacks deal +1 Damage.", False),
])
def test_a_rule_spares_the_heroes_it_names(base, text, spared):  # noqa: F811
    from tests.test_delve_forms import SEFA
    g, me = play(base, [text], [], [], foes=[("mire-crawler", (2, 3))])
    other = g.state.figure(SEFA)
    other.cell, me.cell = (2, 2), (1, 2)            # the ally next to the crawler, and to me
    crawler = g.state.adversaries()[0]
    assert distance(other.cell, crawler.cell) == 1 and distance(me.cell, other.cell) == 1
    assert g.pinned(other) is not spared
    g.state.figures.remove(me)                      # the rule's hero gone: its rule with it
    assert g.pinned(other)


def test_a_spared_hero_rule_does_not_spare_its_own_hero_unless_it_names_it(base):  # noqa: F811
    g, me = play(base, ["Heroes adjacent to you are not pinned."], [], [],
                 foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    assert distance(me.cell, g.state.adversaries()[0].cell) == 1
    assert g.pinned(me)                             # "adjacent to you" is never you


@pytest.mark.parametrize("text", [
    "Root Stance (1+): Until the start of your next turn, you cannot be pinned.",
    "Root Stance (1+): Until the end of the round, this hero is no longer pinned.",
])
def test_not_pinned_for_a_while(base, text):  # noqa: F811
    from runeforge.engine.delve.rules.effects import expire
    g, me = play(base, [text], [1, 1, 1, 1], [{"action": "ability", "ability": "Root Stance"},
                                              None],
                 foes=[("mire-crawler", (1, 2))], heroes=(CASTER,))
    assert g.pinned(me)
    g.hero_turn(me)
    lasting = [e for e in g.state.lasting if e["op"] == "unpinned"]
    assert lasting and not g.pinned(me)
    g.state.lasting = expire(g.state.lasting, None, lasting[0]["until"])
    assert g.pinned(me)


def test_spared_lowers_prints_and_is_refused_for_adversaries():
    from runeforge.games.delve.abilities import canonical_text
    ir, _ = compile_one("Heroes adjacent to you are not pinned.", "hero")
    assert ir["effects"] == [{"op": "unpinned", "targets": {
        "quantity": "each", "side": "hero", "filters": [{"kind": "adjacent"}]}}]
    text = canonical_text("Heroes adjacent to you are not pinned.")
    assert text == "Each hero adjacent to you is never pinned." or "never pinned" in text
    assert compile_one(text, "hero")[0] == ir
    assert compile_one("You are not pinned.", "hero")[0] == compile_one(
        "You are never pinned.", "hero")[0]
    ir, diags = compile_one("Heroes adjacent to this adversary are not pinned.", "adversary")
    assert ir is None and any(d.code == "RF925" for d in diags)


# ---------------------------------------------------------------- a hero's events
MEND = "Mend (1+): Heal 1 wound on another hero adjacent to you."


@pytest.mark.parametrize("rule, sefa_wounds, gained", [
    ("Renown: Each time you heal a wound on another hero, gain 1 renown.", 2, 1),
    ("Each time you heal a wound on a hero with 2 or more wounds, gain 1 renown.", 2, 0),
    ("Each time you heal another hero, that hero gains 1 renown.", 2, 0),   # the healed gains
    ("Every time you heal a wound on a hero within 2 spaces of you, gain 1 renown.", 2, 1),
])
def test_a_rule_on_healing_another_hero_fires_when_it_heals(  # noqa: F811
        base, rule, sefa_wounds, gained):  # noqa: F811
    from tests.test_delve_forms import SEFA
    g, me = play(base, [MEND, rule], [1, 1, 1, 1],
                 [{"action": "ability", "ability": "Mend"}, None],
                 wounds={SEFA: sefa_wounds, CASTER: 0})
    sefa = g.state.figure(SEFA)
    sefa.cell = (me.cell[0] + 1, me.cell[1])
    assert distance(me.cell, sefa.cell) == 1
    mine, theirs = me.renown, sefa.renown
    g.hero_turn(me)
    assert sefa.wounds == max(0, sefa_wounds - 1)
    assert me.renown - mine == gained
    if "that hero gains" in rule:
        assert sefa.renown - theirs == 1


def test_a_rule_on_gaining_a_skill_fires_after_the_skill(base):  # noqa: F811
    from runeforge.engine.delve.game.growth import grant_skill
    from runeforge.engine.delve.game.ops import apply
    g, me = play(base, ["When you gain a skill, heal 1 wound."], [], [None], heroes=(CASTER,),
                 wounds={CASTER: 2})
    assert grant_skill(g, me, apply) is not None
    assert me.wounds == 1 and g.state.skills[CASTER]


@pytest.mark.parametrize("text", [
    "Each time you heal a wound on yourself, gain 1 renown.",
    "Each time you heal 2 wounds on another hero, gain 1 renown.",
    "Each time you heal an adversary, gain 1 renown.",
])
def test_healing_rules_the_engine_does_not_watch_are_refused(text):
    ir, diags = compile_one(text, "hero")
    assert ir is None and any(d.code == "RF925" for d in diags)


# ---------------------------------------------------------------- moved this round
@pytest.mark.parametrize("text, before, after", [
    ("If you have not moved this round, add 1 to your attack rolls.", 1, 0),
    ("While you have moved this turn, add 1 to your attack rolls.", 0, 1),
])
def test_a_bonus_held_by_whether_the_hero_moved_this_round(  # noqa: F811
        base, text, before, after):  # noqa: F811
    from runeforge.engine.delve.game import traits
    from runeforge.engine.delve.rules.effects import expire
    g, me = play(base, [text, "Dash (1+): Move up to 2 spaces."], [1, 1, 1, 1],
                 [{"action": "ability", "ability": "Dash"}, None, None], heroes=(CASTER,))
    assert traits.bonus(g, CASTER, "roll", "combat") == before
    start = me.cell
    g.hero_turn(me)
    assert me.cell != start                          # the ability moved the hero
    assert traits.bonus(g, CASTER, "roll", "combat") == after
    g.state.lasting = expire(g.state.lasting, None, "end_of_round")   # a new round
    assert traits.bonus(g, CASTER, "roll", "combat") == before


# ---------------------------------------------------------------- a bonus to other heroes
@pytest.mark.parametrize("text, stat, rng", [
    ("Other heroes in your chamber add 1 to their attack rolls.", "roll", "combat"),
    ("Heroes adjacent to you add 1 to their combat attack rolls.", "roll", "combat"),
    ("Each other hero within 2 spaces of you deals +1 Damage.", "damage", "missile"),
    ("Heroes adjacent to you get +1 Move.", "move", None),
])
def test_a_bonus_to_other_heroes_counts_for_them_not_for_you(  # noqa: F811
        base, text, stat, rng):  # noqa: F811
    from runeforge.engine.delve.game import traits
    from tests.test_delve_forms import SEFA
    g, me = play(base, [text], [], [])
    other = g.state.figure(SEFA)
    other.cell = (me.cell[0] + 1, me.cell[1])
    assert distance(me.cell, other.cell) == 1
    assert traits.bonus(g, SEFA, stat, rng) == 1
    assert traits.bonus(g, CASTER, stat, rng) == 0          # "other heroes", "adjacent to you"
    g.state.figures.remove(me)                               # the rule's hero gone
    assert traits.bonus(g, SEFA, stat, rng) == 0


def test_a_bonus_to_other_heroes_against_adversaries_near_the_rules_hero(base):  # noqa: F811
    from runeforge.engine.delve.game import traits
    from tests.test_delve_forms import SEFA
    g, me = play(base, ["Other heroes in your chamber add 1 to their Hit rolls against "
                        "adversaries adjacent to you."], [], [],
                 foes=[("mire-crawler", (1, 2))])
    crawler = g.state.adversaries()[0]
    other = g.state.figure(SEFA)
    assert distance(me.cell, crawler.cell) == 1
    assert traits.bonus(g, SEFA, "roll", "combat", crawler) == 1
    crawler.cell = (3, 3)                                    # no longer adjacent to me
    assert traits.bonus(g, SEFA, "roll", "combat", crawler) == 0
    assert traits.bonus(g, other.id, "roll", "combat", None) == 0


@pytest.mark.parametrize("text", [
    "(2+): Until the end of your turn, heroes adjacent to you add 1 to their attack rolls.",
    "Add 1 to their attack rolls.",
    "(2+): Choose a hero adjacent to you. That hero adds 1 to their attack rolls.",
])
def test_a_bonus_to_other_heroes_the_engine_does_not_time_is_refused(text):
    ir, diags = compile_one(text, "hero")
    assert ir is None and any(d.code == "RF925" for d in diags), [str(d) for d in diags]
