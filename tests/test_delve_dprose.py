"""Delve (issue 32, part III, branch dprose): ranked selectors with adjectives before the noun
("the visible hero with the most wounds", "the most wounded adjacent hero") and the figure that
dealt a wound in a rule on that wound ("the hero that wounded it", selector ``wounder``).

Its corpus, tests/data/corpus/dprose.yaml, is run by tests/test_corpus_delve_branches.py."""

from __future__ import annotations

import pytest

from benchmarks.corpus_delve import compile_one
from runeforge.games.delve.abilities import canonical_text
from tests.test_delve_abilities import events
from tests.test_delve_delveg import NEAR, _with_warden
from tests.test_delve_docs import variant_lines
from tests.test_delve_dtarget import _hero_attack, _phase
from tests.test_delve_forms import CASTER, SEFA, base  # noqa: F401  (base: a fixture)


# ---- ranked, adjectives first: the adversary's attack goes to the hero they pick
@pytest.mark.parametrize("sefa, target", [(1, CASTER), (3, SEFA)])
def test_the_visible_hero_with_the_most_wounds_is_the_one_it_attacks(base, sefa,  # noqa: F811
                                                                     target):
    line = "Attacks the visible hero with the most wounds. Hit 2+, Damage 1."
    g, _ = _with_warden(base, line, NEAR)
    g.state.figure(SEFA).wounds = sefa          # the caster has 2
    _phase(g, [6] * 12)
    (attack,) = events(g, "adversary_attack")
    assert attack["target"] == target and attack["wounds"] == 1


# ---- the hero that wounded it (events.wounded's ``by``, the context's ``wounder``)

def test_the_hero_who_wounded_it_suffers_the_wound_it_names(base):  # noqa: F811
    g, me = _with_warden(base, "When this adversary is wounded, the hero who wounded it "
                               "suffers 1 wound.", NEAR)
    g.state.figure(SEFA).wounds = me.wounds = 0
    assert _hero_attack(g, me, 1)["wounds"] == 1
    assert me.wounds == 1                       # the attacker, not the other hero
    assert g.state.figure(SEFA).wounds == 0


def test_it_moves_away_from_the_hero_that_wounded_it(base):  # noqa: F811
    g, me = _with_warden(base, "Each time this adversary suffers a wound, it moves 1 space "
                               "away from the hero that wounded it.", NEAR)
    foe = next(f for f in g.state.adversaries())
    before = foe.cell
    _hero_attack(g, me, 1)
    assert foe.wounds == 1 and foe.cell != before
    assert not g.state.board.adjacent(me.cell, foe.cell)       # away from the attacker


def test_a_wound_with_no_wounder_picks_no_one(base):  # noqa: F811
    from runeforge.engine.delve.game import ops
    g, me = _with_warden(base, "When this adversary is wounded, the hero who wounded it "
                               "suffers 1 wound.", NEAR)
    me.wounds = 0
    foe = next(f for f in g.state.adversaries())
    foe.vigour = 9
    ops.hurt(g, foe, 1, None)                   # a wound no figure dealt
    assert foe.wounds == 1 and me.wounds == 0


def test_the_printed_selector_reads_back():
    text = "Every time this adversary suffers a wound, the hero who wounded it suffers 1 wound."
    assert canonical_text(text) == text


# ---- an attack line with its targets, as a stat line, is the attack of its turn

@pytest.mark.parametrize("roll, hit", [(5, True), (4, False)])
def test_a_stat_line_with_targets_is_the_attack_of_its_turn(base, roll, hit):  # noqa: F811
    """Far from both heroes, its club reaches no one: the line's own attack (Hit 5+,
    Damage 1) strikes every hero in its chamber in its turn, and the rule after it holds."""
    from tests.test_delve_delveg import FAR
    text = ("Area: Hit 5+, Damage 1 against every hero in its chamber. When this adversary is "
            "slain, each adjacent hero suffers 1 wound.")
    g, me = _with_warden(base, text, FAR)
    _phase(g, [roll] * 12)
    attacks = events(g, "adversary_attack")
    assert sorted(a["target"] for a in attacks) == sorted([CASTER, SEFA])
    assert all(a["hit"] is hit and a["wounds"] == (1 if hit else 0) for a in attacks)
    assert me.wounds == (3 if hit else 2)


def test_a_stat_line_is_an_ability_of_its_own_beside_another():
    from benchmarks.corpus_delve import TextCard
    from runeforge.games.delve.abilities import compile_texts
    text = ("Combat: Hit 4+, Damage 2 against each adjacent hero. When this adversary is slain, "
            "each adjacent hero suffers 1 wound.")
    compiled, _ = compile_texts(TextCard(text, "adversary"), [(("abilities", 0), text)])
    assert [ir["event"] for _, ir in compiled] == ["activated", "slain"]
    assert [e["op"] for e in compiled[1][1]["effects"]] == ["suffer"]


@pytest.mark.parametrize("kind, said, after", variant_lines("dprose-variants"))
def test_each_doc_variant_prints_as_its_form_or_is_refused(kind, said, after):
    ir, diags = compile_one(said, kind)
    if after.startswith("RF"):
        assert ir is None and after in {d.code for d in diags}, [str(d) for d in diags]
        return
    assert ir is not None, [str(d) for d in diags]
    assert canonical_text(said) == after
    assert compile_one(after, kind)[0] == ir


# ---- stat lines that restate the card's data (compiler/games/delve/restate_dprose.py)

class _Card:
    """An adversary card with the Tunnel Brute's data and one ability text."""

    kind = "adversary"
    path = "<card>"

    def __init__(self, text: str):
        self.text = text
        self.data = {"vigour": 6, "abilities": [text], "weapons": [
            {"name": "Stone Club", "range": "combat", "hit": 3, "damage": 3}]}

    def span_diag(self, keys, span, code, message, *, hint=None, severity="error"):
        from runeforge.diagnostics import Diagnostic
        start, end = span
        return Diagnostic(code, message, self.path, 1, start + 1, max(1, end - start),
                          severity, hint, self.text)


def _card(text: str):
    from runeforge.games.delve.abilities import compile_texts
    card = _Card(text)
    return compile_texts(card, [(("abilities", 0), text)])


@pytest.mark.parametrize("text, code, col", [
    ("Vigour 6. Attacks the nearest visible hero.", "RF946", 1),
    ("Attacks the nearest visible hero. Combat: Hit 3+, Damage 3.", "RF946", 35),
    ("Vigour 4. Attacks the nearest visible hero.", "RF947", 1),
    ("Attacks the nearest visible hero. Combat: Hit 4+, Damage 2.", "RF947", 35),
    ("Missile: Hit 4+, Damage 2. Attacks the nearest visible hero.", "RF947", 1),
])
def test_a_stat_line_is_checked_against_the_cards_data(text, code, col):
    compiled, diags = _card(text)
    (found,) = [d for d in diags if d.code in ("RF946", "RF947")]
    assert found.code == code and found.col == col and found.hint
    if code == "RF946":      # a repeat: a warning, the rest compiles as it would alone
        assert found.severity == "warning"
        alone = _card(text.replace("Vigour 6. ", "").replace(" Combat: Hit 3+, Damage 3.", ""))
        assert [ir for _, ir in compiled] == [ir for _, ir in alone[0]]
    else:                    # a disagreement: an error naming the data field, no IR
        assert found.severity == "error" and not compiled
        assert ("'vigour'" if "Vigour" in text else "'weapons'") in found.message


def test_a_restated_stat_line_changes_nothing_the_engine_runs(base):  # noqa: F811
    """The Brute's club is its data: with the line restating it, the adversary phase runs
    as without it (Hit 3+, Damage 3 from its Stone Club)."""
    said = "Vigour 6. Combat: Hit 3+, Damage 3. This adversary attacks the nearest visible hero."
    compiled, _ = _card(said)
    (ir,) = [ir for _, ir in compiled]
    assert ir == compile_one("This adversary attacks the nearest visible hero.", "adversary")[0]
    g, me = _with_warden(base, said, NEAR)
    _phase(g, [3] * 12)
    (attack,) = events(g, "adversary_attack")
    assert attack["hit"] and attack["wounds"] == 3


def test_a_stat_line_prints_first_and_in_each_locale():
    from runeforge.games.delve.text import render_card
    text = "Attacks the nearest visible hero. Vigour 6."
    assert canonical_text(text) == "Vigour 6. This adversary attacks the nearest visible hero."
    rendered = {loc: render_card(_Card(text), loc)[0][1] for loc in ("en", "fi", "pl", "el",
                                                                     "ru")}
    assert rendered["en"] == "Vigour 6. This adversary attacks the nearest visible hero."
    assert rendered["fi"].startswith("Elinvoima 6.") and rendered["ru"].startswith("Живучесть 6.")
    assert len(set(rendered.values())) == 5
