"""Delve hero actions of issue 32 (branch delveheroes), run in the engine or refused: the
hero whose card it is named in the third person ("this hero" = "you", "this hero's" =
"your"). The corpus (tests/data/corpus/delve-forms.yaml, its delveheroes block) holds their
variants and the texts that must fail."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)


def _same(said: str, canonical: str) -> None:
    ir, diags = compile_one(said)
    assert ir is not None, [str(d) for d in diags]
    assert ir == compile_one(canonical)[0]
    assert print_ability(parse_ability(said)) == canonical


# ---------------------------------------------------------------- "this hero"
@pytest.mark.parametrize("said, canonical", [
    ("Ring (5+): Every adversary adjacent to this hero suffers 1 wound.",
     "Ring (5+): Each adversary adjacent to you suffers 1 wound."),
    ("Reckless (2+): This hero suffers 1 wound and gains 2 renown.",
     "Reckless (2+): Suffer 1 wound and gain 2 renown."),
    ("Step (2+): This hero may move up to 2 spaces.", "Step (2+): Move up to 2 spaces."),
    ("Cleave (4+): This hero makes a combat attack against an adjacent adversary, Hit 4+, "
     "Damage 1.", "Cleave (4+): Make a combat attack against an adversary adjacent to you, "
     "Hit 4+, Damage 1."),
])
def test_this_hero_is_you_and_prints_so(said, canonical):
    _same(said, canonical)


def test_this_hero_as_a_subject_takes_the_third_person():
    _, diags = compile_one("Reckless (2+): This hero suffer 1 wound.")
    assert [d.code for d in diags] == ["RF924"]
    assert "This hero suffers 1 wound" in diags[0].hint


def test_this_heros_is_your():
    a = parse_ability("Steady (2+): Add 1 to this hero's attack rolls until the end of your "
                      "turn.")
    assert a == parse_ability("Steady (2+): Add 1 to your attack rolls until the end of your "
                              "turn.")


def test_this_hero_suffers_the_wound_in_the_engine(base):  # noqa: F811
    g, me = play(base, ["Reckless (2+): This hero suffers 1 wound and gains 2 renown."],
                 [2, 1, 1, 1], [{"action": "ability", "ability": "Reckless"}, None])
    renown = me.renown
    g.hero_turn(me)
    assert me.wounds == 1 and me.renown == renown + 2


def test_adversaries_adjacent_to_this_hero_suffer_in_the_engine(base):  # noqa: F811
    g, me = play(base, ["Ring (5+): Every adversary adjacent to this hero takes 1 wound."],
                 [5, 1, 1, 1], [{"action": "ability", "ability": "Ring"}, None],
                 foes=[("bone-sentry", (1, 2))])
    foe = g.state.figure("bone-sentry-1")
    g.hero_turn(me)
    assert foe.wounds == 1


# ---------------------------------------------------------------- riders, "takes"
THORNSHOT = "Thornshot (3+): Combat. Hit 3+, Damage 2. If the target is slain, gain 1 extra renown."


@pytest.mark.parametrize("roll, renown", [(6, 2), (1, 0)])
def test_if_the_target_is_slain_runs_on_the_slay_only(base, roll, renown):  # noqa: F811
    """A hit of Damage 2 slays the bone sentry (Vigour 2): the rule's renown and the rider's;
    a miss, neither."""
    g, me = play(base, [THORNSHOT], [3, 1, 1, 1, roll],
                 [{"action": "ability", "ability": "Thornshot"}, None],
                 foes=[("bone-sentry", (1, 2))])
    before = me.renown
    g.hero_turn(me)
    assert me.renown - before == renown


def test_on_a_hit_is_if_it_hits_in_the_engine(base):  # noqa: F811
    text = "Hook (2+): Combat. Hit 3+, Damage 1. On a hit, take 1 wound."
    _same(text, "Hook (2+): Attack an adjacent adversary: combat, Hit 3+, Damage 1. If it "
                "hits, suffer 1 wound.")
    for roll, wounds in ((5, 1), (1, 0)):
        g, me = play(base, [text], [2, 1, 1, 1, roll],
                     [{"action": "ability", "ability": "Hook"}, None],
                     foes=[("bone-sentry", (1, 2))])
        g.hero_turn(me)
        assert me.wounds == wounds


@pytest.mark.parametrize("said, canonical", [
    ("Ring (5+): Every adversary adjacent to this hero takes 1 wound.",
     "Ring (5+): Each adversary adjacent to you suffers 1 wound."),
    ("Oath (3+): Combat. Hit 3+, Damage 2. If you roll a 6, the target takes 1 more wound.",
     "Oath (3+): Attack an adjacent adversary: combat, Hit 3+, Damage 2. If you rolled a 6, "
     "the target suffers 1 wound."),
    ("Tin (3+): Until the start of your next turn, ignore the first wound you would take.",
     "Tin (3+): Until the start of your next turn, prevent the first wound you would "
     "suffer."),
    ("Shove (4+): Push each adjacent adversary 1 space directly away from you.",
     "Shove (4+): Push each adversary adjacent to you 1 space away from you."),
    ("Ward (2+): Until the end of the turn, prevent the first wound you would suffer.",
     "Ward (2+): Until the end of your turn, prevent the first wound you would suffer."),
    ("Thornshot (3+): Missile. Hit 3+, Damage 1. If this slays the target, gain 1 renown.",
     "Thornshot (3+): Attack a visible adversary: missile, Hit 3+, Damage 1. If this attack "
     "slays the target, gain 1 renown."),
])
def test_authors_wordings_are_the_dialects_forms(said, canonical):
    _same(said, canonical)


@pytest.mark.parametrize("text, code", [
    ("Glory (3+): If a hero is slain, gain 1 renown.", "RF301"),
    ("Glory (3+): If the target is slain, gain 1 renown.", "RF914"),
    ("Shove (4+): Push each adjacent adversary 1 space directly.", "RF302"),
])
def test_what_stays_refused(text, code):
    ir, diags = compile_one(text)
    assert ir is None and code in [d.code for d in diags]
    assert all(d.hint for d in diags)


def test_take_a_move_action_stays_an_action():
    assert print_ability(parse_ability("X (3+): Take a Move action.")) == \
        "X (3+): Take a Move action."


def _doc_variants():
    from tests.test_delve_docs import variant_lines
    return variant_lines("delveheroes-variants")


@pytest.mark.parametrize("kind, said, after", _doc_variants())
def test_the_docs_variants_print_and_compile_as_the_doc_says(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    check_variant_line(kind, said, after)


# ---------------------------------------------------------------- "your next attack"
TWIN = ("Twin (1+): {bonus} Make 2 combat attacks against an adjacent adversary, Hit 2+, "
        "Damage 1.")


@pytest.mark.parametrize("bonus, wounds", [
    ("Your next attack this turn deals +1 Damage.", 3),          # the first attack only
    ("Until the end of your turn, your attacks deal +1 Damage.", 4),   # both
    ("Your next missile attack this turn deals +1 Damage.", 2),  # not a combat attack's
])
def test_the_next_attack_bonus_counts_on_one_attack(base, bonus, wounds):  # noqa: F811
    g, me = play(base, [TWIN.format(bonus=bonus)], [1, 1, 1, 1, 6, 6],
                 [{"action": "ability", "ability": "Twin"}, None],
                 foes=[("rust-golem", (1, 2))])
    g.hero_turn(me)
    assert g.state.figure("rust-golem-1").wounds == wounds
    assert not [e for e in g.state.lasting if e.get("next") and e.get("range") is None]


@pytest.mark.parametrize("said, canonical", [
    ("Wolf (2+): Move up to 2 spaces. Your next Combat attack this turn gets +1 to its roll.",
     "Wolf (2+): Move up to 2 spaces. Until the end of your turn, your next combat attack "
     "adds 1 to its roll."),
    ("Hunter (1+): Until the end of your turn, the next attack you make deals +1 Damage.",
     "Hunter (1+): Until the end of your turn, your next attack deals +1 Damage."),
    ("Hunter (1+): Until the end of your turn, the next attack this hero makes deals 1 "
     "additional damage.",
     "Hunter (1+): Until the end of your turn, your next attack deals +1 Damage."),
])
def test_next_attack_variants(said, canonical):
    _same(said, canonical)
    from runeforge.games.delve.text import render_ability
    a = parse_ability(canonical)
    texts = [render_ability(a, loc) for loc in ("fi", "pl", "el", "ru")]
    assert all(t and "next" not in t for t in texts), texts


@pytest.mark.parametrize("text, code", [
    ("Hunter (1+): Your next attack deals +1 Damage.", "RF915"),
    ("Hunter: Your next attack deals +1 Damage.", "RF915"),
    ("Hunter (1+): Until the end of your turn, your next attack deal +1 Damage.", "RF924"),
    ("Hunter (1+): Until the end of your turn, your next attack deals -1 Damage.", "RF301"),
])
def test_next_attack_refusals(text, code):
    ir, diags = compile_one(text)
    assert ir is None and code in [d.code for d in diags]


# ---------------------------------------------------------------- not pinned for this move
@pytest.mark.parametrize("said", [
    "Slip (4+): Move up to 3 spaces. You are never pinned during this move.",
    "Slip (4+): Move up to 3 spaces. This hero counts as not pinned for this move.",
    "Slip (4+): Move up to 3 spaces. Ignore pinning for this move.",
    "Slip (4+): Move up to 3 spaces; you cannot be pinned during this move.",
])
def test_not_pinned_for_this_move_is_the_move_that_ignores_pinning(said):
    _same(said, "Slip (4+): Move up to 3 spaces.")


def test_not_pinned_with_no_move_is_refused_and_the_rule_stays_a_rule():
    ir, diags = compile_one("Slip (4+): You are never pinned during this move.")
    assert ir is None and diags and diags[0].hint
    assert print_ability(parse_ability("Nimble: You are never pinned.")) == \
        "Nimble: You are never pinned."


# ---------------------------------------------------------------- free actions, attacks, deck
def test_another_hero_may_recuperate_without_spending_a_die_in_the_engine(base):  # noqa: F811
    from tests.test_delve_forms import SEFA
    text = ("Kindle Resolve (5+): Each other hero in this chamber may Recuperate once without "
            "spending a die.")
    _same(text, "Kindle Resolve (5+): Each other hero in this chamber may take a Recuperate "
                "action.")
    g, me = play(base, [text], [5, 1, 1, 1],
                 [{"action": "ability", "ability": "Kindle Resolve"}, None],
                 wounds={SEFA: 2, CASTER: 2})
    g.hero_turn(me)
    assert g.state.figure(SEFA).wounds == 1 and me.wounds == 2


@pytest.mark.parametrize("said, canonical", [
    ("Rest (2+): Recuperate without spending a die.", "Rest (2+): Take a Recuperate action."),
    ("Dash (2+): Move without spending a die.", "Dash (2+): Take a Move action."),
    ("Twin (5+): Make two combat attacks against an adjacent adversary. Each has Hit 4+, "
     "Damage 1.", "Twin (5+): Make a combat attack against an adversary adjacent to you, Hit "
     "4+, Damage 1 and make a combat attack against an adversary adjacent to you, Hit 4+, "
     "Damage 1."),
    ("Volley (5+): Make two missile attacks against two different visible adversaries. Each "
     "has Hit 4+, Damage 1.", "Volley (5+): Make a missile attack against 2 visible "
     "adversaries, Hit 4+, Damage 1."),
    ("Read the Draught (3+): Look at the top exploration card, then put it back on the top or "
     "the bottom of the deck.", "Read the Draught (3+): Look at the top card of the "
     "exploration deck. You may put it on the bottom of the exploration deck."),
])
def test_more_wordings_are_the_dialects_forms(said, canonical):
    _same(said, canonical)


def test_two_attacks_at_two_adversaries_roll_once_at_each_in_the_engine(base):  # noqa: F811
    from tests.test_delve_abilities import events
    text = ("Volley (5+): Make two missile attacks against two different visible adversaries. "
            "Each has Hit 4+, Damage 1.")
    g, me = play(base, [text], [5, 1, 1, 1, 6, 6, 6, 6],
                 [{"action": "ability", "ability": "Volley"}, None],
                 foes=[("rust-golem", (3, 1)), ("rust-golem", (3, 3))])
    g.hero_turn(me)
    rolls = [r for e in events(g, "ability") for x in e["effects"] if x["op"] == "strike"
             for r in x.get("results", [])]
    wounds = [g.state.figure(f).wounds for f in ("rust-golem-1", "rust-golem-2")]
    assert wounds == [1, 1], (rolls, wounds)


@pytest.mark.parametrize("text, code", [
    ("Read (3+): Put it back on the top or the bottom of the deck.", "RF914"),
    ("Rest (2+): Explore. Each has Hit 4+, Damage 1.", "RF301"),
])
def test_more_refusals(text, code):
    ir, diags = compile_one(text)
    assert ir is None and code in [d.code for d in diags]


# ---------------------------------------------------------------- "if it misses", durations
RECKLESS = "Reckless Swing (2+): Combat. Hit 5+, Damage 3. If the attack misses, this hero takes 1 wound."


@pytest.mark.parametrize("roll, wounds", [(2, 1), (6, 0)])
def test_if_it_misses_runs_on_a_miss_only(base, roll, wounds):  # noqa: F811
    g, me = play(base, [RECKLESS], [2, 1, 1, 1, roll],
                 [{"action": "ability", "ability": "Reckless Swing"}, None],
                 foes=[("rust-golem", (1, 2))])
    g.hero_turn(me)
    assert me.wounds == wounds


@pytest.mark.parametrize("said, canonical", [
    (RECKLESS, "Reckless Swing (2+): Attack an adjacent adversary: combat, Hit 5+, Damage 3. "
               "If it misses, suffer 1 wound."),
    ("Reckless Swing (2+): Combat. Hit 5+, Damage 3. On a miss, suffer 1 wound.",
     "Reckless Swing (2+): Attack an adjacent adversary: combat, Hit 5+, Damage 3. If it "
     "misses, suffer 1 wound."),
    ("Guard (2+): For the rest of your turn, add 1 to your attack rolls.",
     "Guard (2+): Until the end of your turn, add 1 to your attack rolls."),
    ("Guard (2+): Until your next turn, prevent the first wound you would suffer.",
     "Guard (2+): Until the start of your next turn, prevent the first wound you would "
     "suffer."),
])
def test_misses_and_durations_print_canonically(said, canonical):
    _same(said, canonical)
    from runeforge.games.delve.text import render_ability
    a = parse_ability(canonical)
    assert all("miss" not in render_ability(a, loc) for loc in ("fi", "pl", "el", "ru"))


@pytest.mark.parametrize("text, owner, code", [
    ("Reckless (2+): If it misses, suffer 1 wound.", "hero", "RF914"),
    ("When this adversary is slain, if it misses, each hero suffers 1 wound.", "adversary",
     "RF925"),
])
def test_misses_needs_an_attack_of_a_hero(text, owner, code):
    ir, diags = compile_one(text, owner)
    assert ir is None and code in [d.code for d in diags]
