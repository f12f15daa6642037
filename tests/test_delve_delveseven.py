"""Delve constructions of issue 32 (branch delveseven), run in the engine or refused: a rider
that replaces the effect before it ("Heal 1 wound. If you rolled a 6, heal 2 wounds
instead."), "if you rolled …" read from the die that paid for the ability, and prohibitions
for a while ("Adversaries cannot target you until the end of the round", "… cannot attack
other heroes", "Until the start of your next turn, you cannot be pushed"). The corpus
(tests/data/corpus/delve-forms.yaml, its delveseven block) holds their variants and the texts
that must fail."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.games.delve.text import render_ability
from tests.test_delve_abilities import events
from tests.test_delve_forms import CASTER, base, play  # noqa: F401  (base: a fixture)

SECOND_WIND = "Second Wind (2+): Heal 1 wound. If you rolled a 6, heal 2 wounds instead."
LOCALES = ("fi", "pl", "el", "ru")


def _canonical(text: str) -> None:
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert parse_ability(print_ability(ability)) == ability
    assert render_ability(ability, "en") == text
    texts = {loc: render_ability(ability, loc) for loc in LOCALES}
    assert all(t and " instead" not in t and "cannot" not in t for t in texts.values()), texts


# ---------------------------------------------------------------- "… instead"
@pytest.mark.parametrize("face, healed", [(6, 2), (3, 1)])
def test_instead_runs_one_effect_or_the_other_by_the_die_that_paid(base, face, healed):  # noqa: F811
    """A 6 paid: 2 wounds healed, not 3; any other face: the 1 wound the text says first."""
    g, me = play(base, [SECOND_WIND], [face, 1, 1, 1],
                 [{"action": "ability", "ability": "Second Wind"}, None], wounds={CASTER: 4})
    g.hero_turn(me)
    assert me.wounds == 4 - healed
    (used,) = events(g, "ability")
    (rider,) = used["effects"]
    assert rider["met"] is (face == 6) and len(rider["effects"]) == 1


def test_if_you_rolled_without_instead_reads_the_die_that_paid(base):  # noqa: F811
    text = "Second Wind (2+): Heal 1 wound. If you rolled a 6, heal 2 wounds."
    g, me = play(base, [text], [6, 1, 1, 1], [{"action": "ability", "ability": "Second Wind"},
                                              None], wounds={CASTER: 4})
    g.hero_turn(me)
    assert me.wounds == 1


@pytest.mark.parametrize("said, canonical", [
    (SECOND_WIND, SECOND_WIND),
    ("Second Wind (2+): Heal 1 wound. Heal 2 wounds instead if you rolled a 6.", SECOND_WIND),
    ("Second Wind (2+): Heal 1 wound. Heal 2 wounds if you rolled a 6 instead.", SECOND_WIND),
    ("Surge (3+): Gain 1 renown and move up to 2 spaces. If you rolled a 5 or higher, move up "
     "to 4 spaces instead.", None),
    ("Every time you slay an adversary, gain 1 renown. If there are no other heroes in this "
     "chamber, gain 2 renown instead.", None),
])
def test_instead_prints_one_wording_and_compiles_to_if_otherwise(said, canonical):
    compiled, diags = compile_one(said)
    assert compiled is not None, [str(d) for d in diags]
    canonical = canonical or said
    assert print_ability(parse_ability(said)) == canonical
    _canonical(canonical)
    rider = compiled["effects"][-1]
    assert rider["op"] == "if" and rider["otherwise"] and rider["effects"]
    assert rider["otherwise"][0]["op"] == rider["effects"][0]["op"]


@pytest.mark.parametrize("text, code", [
    ("Mend (2+): If you rolled a 6, heal 2 wounds instead.", "RF980"),
    ("Smite (3+): Make a combat attack against an adversary adjacent to you. If it hits, the "
     "target suffers 2 wounds instead.", "RF981"),
    ("Mend (2+): Heal 2 wounds instead.", "RF301"),
    ("Every time you slay an adversary, gain 1 renown. If you rolled a 6, gain 2 renown "
     "instead.", "RF914"),
])
def test_instead_that_cannot_run_is_refused_located(text, code):
    compiled, diags = compile_one(text)
    mine = [d for d in diags if d.code == code]
    assert compiled is None and mine, [str(d) for d in diags]
    assert all(d.hint and d.col > 1 for d in mine)


# ---------------------------------------------------------------- "… cannot attack you"
VANISH = "Vanish (5+): Until the end of the round, each adversary cannot attack you."
GUARD = "Guard (3+): Until the start of your next turn, each adversary adjacent to you cannot " \
        "attack each other hero."
BRAG = "Brag (3+): Gain 1 renown."


@pytest.mark.parametrize("text, wounds", [(VANISH, 0), (BRAG, 1)])
def test_an_adversary_that_cannot_attack_you_passes_you_over(base, text, wounds):  # noqa: F811
    """The rat next to the hero bites (a 6) unless the hero's ability spared the hero; when
    the round ends (the entry expires) it bites again."""
    from runeforge.engine.delve.game.adversaries import adversary_phase
    from runeforge.engine.delve.rules import effects as fx

    name = text.split(" (")[0]
    g, me = play(base, [text], [5, 1, 1, 1, 6, 6], [{"action": "ability", "ability": name}, None],
                 foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    g.hero_turn(me)
    held = [e for e in g.state.lasting if e["op"] == "disarm"]
    assert [e.get("spare") for e in held] == ([[CASTER]] if text == VANISH else [])
    adversary_phase(g)
    assert me.wounds == wounds
    g.state.lasting = fx.expire(g.state.lasting, None, "end_of_round")
    adversary_phase(g)
    assert me.wounds == wounds + 1


@pytest.mark.parametrize("text, mine, theirs", [(GUARD, 1, 2), (BRAG, 0, 3)])
def test_adversaries_that_cannot_attack_other_heroes_attack_you(base, text, mine, theirs):  # noqa: F811
    """The rat is next to both heroes and bites the one with more wounds (the other hero)
    unless the guard turned it on the caster."""
    from runeforge.engine.delve.game.adversaries import adversary_phase
    from tests.test_delve_abilities import SEFA

    name = text.split(" (")[0]
    g, me = play(base, [text], [3, 1, 1, 1, 6, 6], [{"action": "ability", "ability": name}, None],
                 foes=[("gloom-rat", (1, 2))], wounds={SEFA: 2})
    g.hero_turn(me)
    adversary_phase(g)
    assert (me.wounds, g.state.figure(SEFA).wounds) == (mine, theirs)


def test_an_adversarys_own_attack_passes_over_the_heroes_it_may_not_attack(base):  # noqa: F811
    from runeforge.engine.delve.game import foes

    g, me = play(base, [VANISH], [5, 1, 1, 1, 6, 6], [{"action": "ability", "ability": "Vanish"},
                                                      None], foes=[("gloom-rat", (1, 2))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    rat = g.state.figure("gloom-rat-1")
    out = foes.strike(g, rat, {"op": "strike", "range": "combat"}, {}, lambda *a, **k: None)
    assert out["results"] == [] and me.wounds == 0


@pytest.mark.parametrize("said, canonical", [
    ("Vanish (5+): Adversaries cannot target you until the end of the round.", VANISH),
    ("Vanish (5+): Until the end of the round, you cannot be attacked.", VANISH),
    ("Vanish (5+): Until the end of the round, you cannot be targeted by adversaries.", VANISH),
    ("Vanish (5+): Until the end of the round, adversaries cannot make attacks against you.",
     VANISH),
    ("Guard (3+): Until the start of your next turn, adversaries adjacent to you cannot attack "
     "other heroes.", GUARD),
    ("Hide (3+): Until the end of the round, you cannot be attacked by adversaries in this "
     "chamber.", "Hide (3+): Until the end of the round, each adversary in this chamber cannot "
     "attack you."),
    ("When this adversary is slain, until the end of the round, each adversary adjacent to it "
     "cannot attack the hero who slew it.", None),
])
def test_cannot_attack_whom_prints_one_wording(said, canonical):
    kind = "adversary" if said.startswith("When this adversary") else "hero"
    compiled, diags = compile_one(said, kind)
    assert compiled is not None, [str(d) for d in diags]
    canonical = canonical or said
    assert print_ability(parse_ability(said)) == canonical
    assert compile_one(canonical, kind)[0] == compiled
    _canonical(canonical)
    (until,) = compiled["effects"]
    assert until["effects"][0]["op"] == "disarm" and until["effects"][0]["against"]


def test_adversaries_cannot_pin_you_keeps_its_meaning():
    assert compile_one("Adversaries cannot pin you.")[0] == compile_one("You are never pinned.")[0]
    moved = compile_one("Calm (3+): Move up to 2 spaces. Adversaries cannot pin you during this "
                        "move.")[0]
    assert moved["effects"] == [{"op": "move", "up_to": 2}]


# ---------------------------------------------------------------- "you cannot be pushed"
BRACE = "Brace (2+): Until the start of your next turn, you cannot be pushed."
SHOVE = "After this adversary attacks, push the hero it attacked 1 space away from this adversary."


def _shover(records):
    import dataclasses
    rat = {**records.adversaries["gloom-rat"],
           "abilities": [compile_one(SHOVE, "adversary")[0]]}
    return dataclasses.replace(records, adversaries={**records.adversaries, "gloom-rat": rat})


@pytest.mark.parametrize("text, moved", [(BRACE, False), (BRAG.replace("3+", "2+"), True)])
def test_a_braced_hero_is_not_pushed_by_an_adversary(base, text, moved):  # noqa: F811
    from runeforge.engine.delve.game.adversaries import adversary_phase

    name = text.split(" (")[0]
    g, me = play(_shover(base), [text], [2, 1, 1, 1, 6, 6],
                 [{"action": "ability", "ability": name}, None], foes=[("gloom-rat", (1, 2))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    before = me.cell
    adversary_phase(g)
    assert me.wounds == 1 and (me.cell != before) is moved


def test_you_cannot_be_pushed_as_a_rule_of_the_heros_card(base):  # noqa: F811
    from runeforge.engine.delve.game.adversaries import adversary_phase

    g, me = play(_shover(base), ["You cannot be pushed or pulled."], [6, 6], [None],
                 foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    before = me.cell
    adversary_phase(g)
    assert me.wounds == 1 and me.cell == before


@pytest.mark.parametrize("said, canonical", [
    (BRACE, BRACE),
    ("Brace (2+): You cannot be pushed or pulled until the end of the round.",
     "Brace (2+): Until the end of the round, you cannot be pushed or pulled."),
    ("You cannot be pushed.", "You cannot be pushed."),
])
def test_you_cannot_be_pushed_prints_one_wording(said, canonical):
    compiled, diags = compile_one(said)
    assert compiled is not None, [str(d) for d in diags]
    assert print_ability(parse_ability(said)) == canonical
    _canonical(canonical)


@pytest.mark.parametrize("text, owner, code", [
    ("Daze (3+): Until the end of the round, each adversary adjacent to you cannot attack "
     "another adversary.", "hero", "RF982"),
    ("Daze (3+): Each adversary adjacent to you cannot attack you.", "hero", "RF915"),
    ("Cower (2+): Until the end of the round, each hero adjacent to you cannot attack you.",
     "hero", "RF970"),
    ("Anchor (3+): Choose an adversary. Until the end of the round, it cannot be pushed.",
     "hero", "RF983"),
    ("This adversary cannot be pushed.", "hero", "RF925"),
    ("Brace (2+): You cannot be pushed.", "hero", "RF928"),
])
def test_prohibitions_that_cannot_run_are_refused_located(text, owner, code):
    compiled, diags = compile_one(text, owner)
    mine = [d for d in diags if d.code == code]
    assert compiled is None and mine, [str(d) for d in diags]
    assert all(d.hint for d in mine)


# ---------------------------------------------------------------- docs/delve.md's block
def _doc_lines() -> list[tuple[str, str, str]]:
    from tests.test_delve_docs import variant_lines
    return variant_lines("delveseven-variants")


def test_the_doc_block_has_variants_and_refusals():
    lines = _doc_lines()
    assert sum(a.startswith("RF") for *_, a in lines) >= 3
    assert sum(not a.startswith("RF") for *_, a in lines) >= 6


@pytest.mark.parametrize("kind, said, after", _doc_lines())
def test_each_doc_line_prints_as_its_canonical_form_or_is_refused(kind, said, after):
    from tests.test_delve_docs import check_variant_line
    check_variant_line(kind, said, after)


# ---------------------------------------------------------------- an adversary's rules on a
# hero's miss and on a hero moving adjacent to it
MISS_RULE = "Each time a hero misses this adversary with an attack, that hero must discard " \
            "one unspent hero die."
NEAR_RULE = "When a hero moves adjacent to this adversary, that hero suffers 1 wound."


def _foe_with(records, text: str, kind: str = "gloom-rat"):
    import dataclasses
    foe = {**records.adversaries[kind], "abilities": [compile_one(text, "adversary")[0]]}
    return dataclasses.replace(records, adversaries={**records.adversaries, kind: foe})


@pytest.mark.parametrize("attack_roll", [1, 6])
def test_a_miss_at_the_adversary_costs_the_hero_an_unspent_die(base, attack_roll):  # noqa: F811
    """The hero pays its axe with the 3 and misses (a 1): its player sets aside the 2 of the
    dice left; a hit (a 6) costs nothing."""
    axe = "Axe (1+): Combat, Hit 4, Damage 1."
    answers = [{"action": "weapon", "weapon": "Axe", "die": 0}]
    answers += [{"die": 2}] if attack_roll == 1 else []
    g, me = play(_foe_with(base, MISS_RULE), [axe], [3, 5, 6, 2, attack_roll],
                 answers + [None], foes=[("gloom-rat", (1, 2))], heroes=(CASTER,))
    g.hero_turn(me)
    seen = [t for t in events(g, "trigger") if t["event"] == "missed"]
    if attack_roll == 1:
        (fired,) = seen
        assert fired["effects"] == [{"op": "discard", "discarded": {CASTER: [2]}}]
    else:
        assert seen == []
    # the die discarded was offered to no later decision: only the 5 and the 6 were left
    later = [d for d in g.players[CASTER].asked if d.kind == "delve.action"][1:]
    assert all(sorted(d.info["dice"]) == ([5, 6] if attack_roll == 1 else [2, 5, 6])
               for d in later) and later


@pytest.mark.parametrize("to, wounds", [([2, 2], 1), ([0, 1], 0)])
def test_a_hero_that_moves_adjacent_to_the_adversary_fires_its_rule(base, to, wounds):  # noqa: F811
    g, me = play(_foe_with(base, NEAR_RULE, "bone-sentry"), [], [1, 1, 1, 1],
                 [{"action": "move", "to": to}, None], foes=[("bone-sentry", (3, 3))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    assert me.cell == tuple(to) and me.wounds == wounds


def test_a_hero_moved_by_its_own_ability_fires_it_too(base):  # noqa: F811
    g, me = play(_foe_with(base, NEAR_RULE, "bone-sentry"), ["Dash (1+): Move up to 2 spaces."],
                 [1, 1, 1, 1], [{"action": "ability", "ability": "Dash", "to": [2, 2]}, None],
                 foes=[("bone-sentry", (3, 3))], heroes=(CASTER,))
    g.hero_turn(me)
    assert me.cell == (2, 2) and me.wounds == 1


@pytest.mark.parametrize("said, canonical", [
    (MISS_RULE, "When a hero attacks this adversary and misses, that hero discards 1 unspent "
                "hero die."),
    ("When a hero attacks this adversary and misses, that hero loses two of their unspent "
     "dice.", "When a hero attacks this adversary and misses, that hero discards 2 unspent "
              "hero dice."),
    (NEAR_RULE, "Every time a hero moves adjacent to this adversary, that hero suffers 1 "
                "wound."),
    ("Whenever a hero moves next to this adversary, that hero discards 1 hero die.",
     "Every time a hero moves adjacent to this adversary, that hero discards 1 unspent hero "
     "die."),
])
def test_an_adversarys_rules_on_heroes_print_one_wording(said, canonical):
    compiled, diags = compile_one(said, "adversary")
    assert compiled is not None, [str(d) for d in diags]
    assert print_ability(parse_ability(said)) == canonical
    assert compile_one(canonical, "adversary")[0] == compiled
    _canonical(canonical)


@pytest.mark.parametrize("text, owner, code", [
    ("After this adversary attacks, the hero it attacked discards 1 unspent hero die.",
     "adversary", "RF984"),
    ("At the end of each round, each hero discards 1 unspent hero die.", "adversary", "RF984"),
    ("When a hero attacks this adversary and misses, each adversary discards 1 unspent hero "
     "die.", "adversary", "RF913"),
    ("Gamble (2+): Discard 1 unspent hero die and gain 1 renown.", "hero", "RF925"),
    ("When a hero moves adjacent to this adversary, that hero suffers 1 wound.", "hero",
     "RF925"),
    ("Whenever an adversary moves adjacent to you, it suffers 1 wound.", "adversary", "RF925"),
])
def test_an_adversarys_rules_on_heroes_that_cannot_run_are_refused(text, owner, code):
    compiled, diags = compile_one(text, owner)
    mine = [d for d in diags if d.code == code]
    assert compiled is None and mine, [str(d) for d in diags]
    assert all(d.hint for d in mine)


# ---------------------------------------------------------------- a limit on an adversary's
# rules: once a round (it has no turn; "once per turn" on its card is the same)
SPITE = "Every time this adversary suffers a wound, each hero adjacent to it suffers 1 wound."


@pytest.mark.parametrize("limit, wounds", [("", 2), (" Only once per turn.", 1),
                                           (" Only once per round.", 1)])
def test_an_adversarys_limited_rule_fires_once_a_round(base, limit, wounds):  # noqa: F811
    """The hero wounds the brute twice in its turn; the brute's rule answers each wound,
    or only the first when it is limited; in the next round it answers again."""
    from runeforge.engine.delve.game import ops

    jab = "Jab (1+): Each adversary adjacent to you suffers 1 wound."
    g, me = play(_foe_with(base, SPITE + limit, "tunnel-brute"), [jab], [1, 1, 1, 1],
                 [{"action": "ability", "ability": "Jab"}, {"action": "ability", "ability": "Jab"},
                  None], foes=[("tunnel-brute", (1, 2))], heroes=(CASTER,))
    g.hero_turn(me)
    assert g.state.figure("tunnel-brute-1").wounds == 2 and me.wounds == wounds
    g.state.round += 1
    ops.apply(g, me, "Jab", [{"op": "suffer", "targets": {"quantity": "each", "side": "adversary",
                                                         "filters": [{"kind": "adjacent"}]},
                              "wounds": 1}], None)
    assert me.wounds == wounds + 1


def test_once_per_round_on_a_trigger_that_fires_in_any_turn_is_its_own_limit():
    said = "Every time an adversary moves adjacent to you, it suffers 1 wound. Only once per round."
    compiled = compile_one(said)[0]
    assert compiled["limit"] == "round"
    _canonical(said)
    own = compile_one("Every time you explore a chamber, gain 1 renown. Only once per round.")[0]
    assert own["limit"] == "turn"    # a hero explores only in its own turn


# ---------------------------------------------------------------- wounds nothing takes off
PIERCE = "Wounds from this adversary's attacks cannot be prevented or reduced."
WARD = "Parry (3+): Until the end of the round, prevent the first wound you would suffer."


@pytest.mark.parametrize("rule, wounds", [(PIERCE, 1), ("", 0)])
def test_a_ward_does_not_take_off_a_piercing_adversarys_wound(base, rule, wounds):  # noqa: F811
    """The hero wards itself; the rat bites (a 6): the ward takes the wound off unless the
    rat's rule says nothing may."""
    from runeforge.engine.delve.game.adversaries import adversary_phase

    records = _foe_with(base, rule) if rule else base
    g, me = play(records, [WARD], [3, 1, 1, 1, 6], [{"action": "ability", "ability": "Parry"},
                                                     None], foes=[("gloom-rat", (1, 2))],
                 heroes=(CASTER,))
    g.hero_turn(me)
    adversary_phase(g)
    assert me.wounds == wounds


@pytest.mark.parametrize("said", [
    PIERCE, "Its attacks cannot be prevented.", "Damage from its attacks cannot be reduced or "
    "prevented.", "This adversary's attacks cannot be prevented or reduced."])
def test_piercing_prints_one_wording(said):
    compiled, diags = compile_one(said, "adversary")
    assert compiled == {"form": "constant", "effects": [{"op": "pierce"}]}, diags
    assert print_ability(parse_ability(said)) == PIERCE
    ability = parse_ability(PIERCE)
    texts = {loc: render_ability(ability, loc) for loc in LOCALES}
    assert all(t and "cannot" not in t for t in texts.values()), texts


@pytest.mark.parametrize("text, owner, code", [
    (PIERCE, "hero", "RF925"),
    ("Your attacks cannot be prevented.", "hero", "RF301"),
    ("When this adversary is activated, its attacks cannot be prevented.", "adversary",
     "RF928"),
])
def test_piercing_that_cannot_run_is_refused(text, owner, code):
    compiled, diags = compile_one(text, owner)
    assert compiled is None and code in {d.code for d in diags}, [str(d) for d in diags]
