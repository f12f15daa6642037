"""check_ability runs a check that reads only some node types (checks.GATED: a module's NODES)
only on an ability that has one of them (issue 38). Here every check runs ungated over every
Runebound text we have (the bundled cards, the language families' card files, the author-style
corpus, the readable held-out sets) on every kind of card: the findings must be the very ones
check_ability gives, and a gated check must find nothing on an ability without its types (a
check that starts reading another type without saying so in its NODES fails here)."""

from __future__ import annotations

import pytest

from benchmarks.ast_snapshot import _texts
from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound import checks as c
from runeforge.games.runebound.checks import CardContext, Finding, check_ability

SKILLS = frozenset({"Swim", "Climb", "Diplomacy", "Stealth"})
CONTEXTS = [CardContext("item", usage, None, SKILLS)
            for usage in ("activated", "one-use", "constant")] + \
    [CardContext("hero", None, 3, SKILLS)] + \
    [CardContext(kind, None, None, SKILLS)
     for kind in ("ally", "challenge", "event", "encounter")]


def _ungated(a, ctx):
    """Every check, in check_ability's order, none skipped."""
    nodes = n.ability_nodes(a)
    modules = [c.checks_decks, c.checks_core, c.checks_when, c.checks_trig, c.checks_prohib,
               c.checks_limited, c.checks_skills, c.checks_rbnp, c.checks_trig2,
               c.checks_rbcost, c.checks_rbmodi, c.checks_phasetrig, c.checks_rbsix2,
               c.checks_rbseven, c.checks_rbtime, c.checks_rbwound,
               c.checks_rblimits,  # branch rblimits
               c.checks_rbsubj,  # branch rbsubj
               c.checks_rbwho,  # branch rbwho
               c.checks_rbdamage,  # branch rbdamage
               c.checks_rbattack2]  # branch rbattack2 (last in check_ability)
    found = [*c._phase_tag(a, nodes), *c._usage(a, ctx), *c._reaction(a, nodes),
             *c._x_binding(a, nodes), *c._outcomes(nodes), *c._tests(nodes, ctx),
             *c._modifiers(nodes), *c._limits(a, ctx),
             *c.check_branching(a, ctx, nodes, Finding), *c.check_combat(a, nodes, ctx, Finding),
             *c.check_place(a, ctx, nodes, Finding)]
    for module in modules:
        found += list(module.check(a, ctx, nodes, Finding))
    return found


def _gated_alone(check, a, ctx):
    nodes = n.ability_nodes(a)
    if check in (c._reaction,):
        return list(check(a, nodes))
    if check is c._tests:
        return list(check(nodes, ctx))
    if check in (c._outcomes, c._modifiers):
        return list(check(nodes))
    if check is c.check_branching:
        return list(check(a, ctx, nodes, Finding))
    if check is c.check_combat:
        return list(check(a, nodes, ctx, Finding))
    return list(check.check(a, ctx, nodes, Finding))


@pytest.fixture(scope="module")
def abilities():
    out = []
    for _kind, text in _texts():
        try:
            out.append(parse_ability(text))
        except AbilitySyntaxError:
            continue
    assert len(out) > 1500
    return out


def test_check_ability_finds_what_every_check_run_ungated_finds(abilities):
    found = 0
    for a in abilities:
        for ctx in CONTEXTS:
            want = _ungated(a, ctx)
            assert list(check_ability(a, ctx)) == want, (a, ctx)
            found += len(want)
    assert found > 100  # the corpus holds texts the checks refuse


def test_a_gated_check_finds_nothing_without_its_node_types(abilities):
    woke = dict.fromkeys(c.GATED, 0)
    for a in abilities:
        kinds = {type(node) for node in n.ability_nodes(a)}
        for check, types in c.GATED.items():
            if any(issubclass(k, types) for k in kinds):
                woke[check] += 1
                continue
            for ctx in CONTEXTS:
                assert _gated_alone(check, a, ctx) == [], (check, a, ctx)
    assert all(woke.values()), woke  # each gated check runs on some ability of the corpus
