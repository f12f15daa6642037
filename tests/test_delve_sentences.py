"""Delve's dialect, part III (issue 32): parse ∘ print = id on the canonical form of the new
forms (a Hypothesis strategy over subjects and selectors with their new quantities, filters
and unions; moves towards or away from someone; wards on others and each round; picks and
figures held in place; an adversary's rules; conditions on the board; triggers on the clock,
on wounds, on an adversary's end and attack, with labels and limits); every text renders in
every locale with no slot left and English as the printer; a checked one lowers to valid IR;
and what each kind of card runs is one table, in the checks, the engine and docs/delve.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.approach import Approach
from runeforge.dsl.delve.attack_riders import AttackBonus
from runeforge.dsl.delve.basic_actions import TakeAction
from runeforge.dsl.delve.checks import check_ability
from runeforge.dsl.delve.dice_ddice import SetDie  # issue 32 (branch ddice)
from runeforge.dsl.delve.disarm import Disarm  # issue 32 (branch delve12)
from runeforge.dsl.delve.discard import Discard  # issue 32 (branch delveseven)
from runeforge.dsl.delve.hit_dtarget import HitNeed, NextHit  # issue 32 (branch dtarget)
from runeforge.dsl.delve.keep_away_dmove import KeepAway  # branch dmove
from runeforge.dsl.delve.owners import EFFECTS, EVENTS
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.passage_dmove import Passage  # branch dmove
from runeforge.dsl.delve.pierce import Pierce  # issue 32 (branch delveseven)
from runeforge.dsl.delve.placing import Place
from runeforge.dsl.delve.printer import print_ability
from runeforge.dsl.delve.rolls import RollDie
from runeforge.dsl.delve.scouting import Scout
from runeforge.dsl.delve.soak import Soak
from runeforge.dsl.delve.spared_dhero import Spared  # issue 32 (branch dhero)
from runeforge.dsl.delve.spawn_dadv2 import Spawn  # branch dadv2
from runeforge.dsl.delve.tolls import Toll
from runeforge.engine.delve.game import events, ops
from runeforge.engine.delve.ir import validate_ability
from runeforge.games.delve.abilities import lower
from runeforge.games.delve.text import render_ability
from runeforge.pipeline import check

nums = st.integers(min_value=1, max_value=9)
rng = st.sampled_from(n.RANGES)
ORDER = {k: i for i, k in enumerate(n.FILTERS)}
FOLDED = ("one", "each", "another", "each_other")


@st.composite
def filters(draw, quantity):
    adj = ("visible", "wounded") if quantity in FOLDED else ("other", "visible", "wounded")
    kinds = draw(st.lists(st.sampled_from(adj + ("adjacent", "adjacent_target", "within",
                                                 "chamber", "vigour")),  # vigour: delve7
                          unique=True, max_size=3))
    out = []
    for k in kinds:
        ref = draw(st.sampled_from(n.REFS[:3])) if k in ("adjacent", "within") else ""
        if k == "within":
            ref = draw(st.sampled_from(n.REFS))
        out.append(n.Filter(k, draw(nums) if k in ("within", "vigour") else 0, ref=ref))
    return tuple(sorted(out, key=lambda f: (ORDER[f.kind], f.n, f.ref)))


@st.composite
def picked(draw):
    """A selector that picks figures by quantity, side and filters."""
    q = draw(st.sampled_from(("one", "each", "up_to", "n", "another", "each_other",
                              "nearest")))
    count = draw(st.integers(2, 5)) if q in ("up_to", "n") else 1
    return n.Selector(q, draw(st.sampled_from(n.SIDES)), count, draw(filters(q)))


named = st.one_of(st.builds(n.Selector, st.sampled_from(("target", "them", "it"))),
                  st.builds(n.Selector, st.just("self"), st.sampled_from((None, "adversary"))),
                  st.builds(n.Selector, st.sampled_from(("that", "slayer", "attacked")),
                            st.sampled_from(n.SIDES)))
who = st.one_of(picked(), named)
# whom a figure moves towards or away from: a figure named, or the nearest of a side
refs = st.one_of(named, st.builds(
    lambda side, adjs: n.Selector("nearest", side, 1, tuple(n.Filter(a) for a in adjs)),
    st.sampled_from(n.SIDES), st.sampled_from(((), ("visible",), ("wounded",)))))
union = st.builds(lambda a, b: n.Selector(a.quantity, a.side, a.count, a.filters,
                                          union=(b,)), picked(),
                  picked().filter(lambda s: s.quantity != "nearest"))
others = who.filter(lambda s: not (s.quantity == "self" and s.side is None))  # "you": None
lasting = st.one_of(st.builds(n.Ward, on=st.none() | others), st.builds(n.Root, who),
                    st.builds(n.Boost, st.sampled_from(("roll", "damage")), nums,
                              st.none() | rng))
simple = st.one_of(
    st.builds(n.Heal, nums, st.one_of(who, union).filter(lambda s: s.quantity != "self"
                                                         or s.side or s.union)),
    st.builds(n.Renown, nums, on=others),
    st.builds(n.Shift, who, nums, st.booleans(), ref=refs),
    st.builds(n.Shift, st.just(n.Selector("self")), nums, st.booleans(), ref=refs),
    st.builds(n.Suffer, who, nums), st.builds(n.Pick, who),
    st.builds(lambda r, t, s: n.Strike(r, t, *(s or (None, None))), rng, st.none() | who,
              st.none() | st.tuples(nums, nums)),
)
state = st.one_of(
    st.builds(lambda s, k: n.Rider("none", None, k, who=n.Selector("each", s.side, 1,
                                                                   s.filters)),
              picked().filter(lambda s: s.quantity not in FOLDED), st.just(())),
    st.builds(lambda s, c: n.Rider("some", None, (), who=n.Selector("each", s.side, 1,
                                                                    s.filters), n=c),
              picked().filter(lambda s: s.quantity not in FOLDED), nums),
    st.builds(lambda w, c: n.Rider("wounds", None, (), who=w, n=c),
              st.sampled_from((n.Selector("self"), n.Selector("self", "adversary"),
                               n.Selector("it"))), nums),
    st.builds(lambda f: n.Rider("rolled_up", f, ()), nums))
modal = st.one_of(
    st.builds(n.Until, st.sampled_from(n.DURATIONS), st.lists(lasting, min_size=1,
                                                              max_size=2).map(tuple)),
    st.builds(lambda r, e: n.Rider(r.cond, r.face, e, who=r.who, n=r.n), state,
              st.lists(simple, min_size=1, max_size=2).map(tuple)))
effects = st.lists(st.one_of(simple, modal), min_size=1, max_size=3).map(tuple)
rules = st.lists(st.one_of(
    st.builds(n.Steadfast, st.none() | st.just(n.Selector("self", "adversary")),
              st.booleans(), st.booleans()).filter(lambda e: e.pushed or e.pulled),
    st.builds(n.Immune, st.none() | st.just(n.Selector("self", "adversary")), rng),
    st.builds(n.Guard, st.just(n.Selector("self", "adversary")),
              st.sampled_from(("roll", "damage")), st.integers(1, 3), st.none() | rng).map(
        lambda g: g if g.stat == "damage" else n.Guard(g.on, g.stat, -g.amount, g.range)),
    st.builds(n.Pin, picked()),
    st.builds(n.Forbid, picked(), st.sampled_from(n.FORBIDDEN)),  # issue 32 (delveg)
    st.builds(n.Unpinned),
    st.builds(n.Hamper, picked().filter(lambda s: s.side == "hero"), st.integers(-3, -1),
              st.none() | rng),
    st.builds(n.Ward, on=st.none() | st.just(n.Selector("it")),
              per=st.sampled_from(("round", "turn")))), min_size=1, max_size=2).map(tuple)
label = st.sampled_from(("", "Thick Hide", "Renown"))
EVENT_WHO = {"wounded": st.none() | who, "slain": st.just(n.Selector("self", "adversary")),
             "pushed": st.just(n.Selector("self", "adversary")),  # issue 32 (delveg)
             "pulled": st.just(n.Selector("self", "adversary")),
             "activated": st.just(n.Selector("self", "adversary")),  # issue 32 (delve7)
             "missed": st.just(n.Selector("self", "adversary")),  # issue 32 (delve7)
             "approached": st.sampled_from((n.Selector("one", "adversary"),  # delve7
                                            n.Selector("each", "adversary"))),
             "attacks": st.none() | st.just(n.Selector("it")),
             "move_ended": st.sampled_from((n.Selector("one", "hero"),  # branch dmove
                                            n.Selector("each", "hero")))}
EVENT_WHO["wounds"] = st.just(n.Selector("self", "adversary"))   # branch dtarget


@st.composite
def triggers(draw):
    event = draw(st.sampled_from(n.EVENTS))
    w = draw(EVENT_WHO[event]) if event in EVENT_WHO else None
    return n.Trigger(event, draw(effects), draw(st.none() | rng) if event == "slay" else None,
                     who=w, name=draw(label), limit=draw(st.sampled_from((None, "turn"))))


ability = st.one_of(
    st.builds(n.Action, st.sampled_from(("", "Pounce", "Rain of Steel")),
              st.builds(n.Cost, st.integers(1, 6)), effects, st.sampled_from((None, "turn"))),
    st.builds(n.Spend, st.builds(n.Cost, st.integers(1, 6)), effects),
    triggers(),
    st.builds(n.Constant, rules, name=label))


@settings(max_examples=150, deadline=None)
@given(ability)
def test_print_then_parse_is_the_same_ast_for_the_sentence_forms(ab):
    text = print_ability(ab)
    assert parse_ability(text) == ab, text
    assert print_ability(parse_ability(text)) == text


@settings(max_examples=80, deadline=None)
@given(ability)
def test_each_form_renders_in_every_locale_and_lowers_when_checked(ab):
    for locale in ("en", "fi", "pl", "el", "ru"):
        text = render_ability(ab, locale)
        assert "{" not in text and "}" not in text, text
        if locale in ("el", "ru"):     # no English left but the action's name
            assert not re.findall(r"[a-z]{3,}", text.replace(getattr(ab, "name", ""), "")), text
    assert render_ability(ab, "en") == print_ability(ab)
    for owner in ("hero", "adversary"):
        if not any(p.severity == "error" for p in check_ability(ab, owner)):
            validate_ability(lower(ab, owner))


# ---------------------------------------------------------------------- one table
DOC = Path(__file__).resolve().parent.parent / "docs" / "delve.md"
RUNS = {n.Explore: "explore", n.Move: "move", n.Heal: "heal", n.Attack: "attack",
        n.Renown: "renown", n.Skill: "skill", n.Strike: "strike", n.Shift: "shift",
        n.Suffer: "suffer", n.Reroll: "reroll", n.Until: "until", n.Rider: "if",
        n.Pick: "pick"}
RUNS[Approach] = "approach"   # issue 32 (session delve9): a move with no number
RUNS[TakeAction] = "basic"     # issue 32 (session delve9): a basic action by name
RUNS[RollDie] = "roll"         # issue 32 (session delve10): a die rolled for its faces
LASTING_OR_RULES_9 = {Soak: "soak"}   # issue 32 (session delve9): a rule on one attack
LASTING_OR_RULES = {n.Ward: "ward", n.Boost: "boost", n.Root: "root",
                    n.Steadfast: "steadfast", n.Immune: "immune", n.Guard: "guard",
                    n.Pin: "pin", n.Forbid: "forbid",
                    n.Unpinned: "unpinned", n.Hamper: "hamper", **LASTING_OR_RULES_9}
LASTING_OR_RULES[Toll] = "toll"   # issue 32 (session delve11): a dearer basic action
RUNS[Scout] = "scout"             # issue 32 (session delve11): the exploration deck
RUNS[AttackBonus] = "strike"      # issue 32 (session delve11): on the strike before it
RUNS[Place] = "place"             # issue 32 (session delve11): your figure set down
LASTING_OR_RULES[Disarm] = "disarm"   # issue 32 (branch delve12): no attack for a while
RUNS[Discard] = "discard"   # issue 32 (branch delveseven): unspent hero dice set aside
RUNS[Spawn] = "spawn"   # branch dadv2: adversaries of its kind placed by its rule
LASTING_OR_RULES[Pierce] = "pierce"   # issue 32 (branch delveseven): a rule on its hits
LASTING_OR_RULES[Spared] = "unpinned"   # branch dhero: heroes spared the pin
RUNS[SetDie] = "die"   # branch ddice: a hero's own die changed
LASTING_OR_RULES[Passage] = "pass_through"   # branch dmove: moves through other figures
LASTING_OR_RULES[KeepAway] = "keep_away"   # branch dmove: never adjacent to …
LASTING_OR_RULES[HitNeed] = "hit_need"   # branch dtarget: what attacks against it must roll
LASTING_OR_RULES[NextHit] = "next_hit"   # branch dtarget: the next attack's need


def test_the_checks_accept_the_events_the_engine_fires():
    assert EVENTS == events.FIRED


def test_every_effect_a_card_may_hold_has_its_place_in_the_engine():
    for owner, kinds in EFFECTS.items():
        for kind in kinds:
            if kind in RUNS:                  # run in order by ops.apply
                assert ops.OPS[RUNS[kind]].__name__ != "_never_bare", (owner, kind)
            else:                             # lasting (until) or a rule (traits)
                assert LASTING_OR_RULES[kind] in ops.OPS, (owner, kind)


def test_the_doc_table_is_the_checks_table():
    doc = DOC.read_text(encoding="utf-8")
    table = re.search(r"\| kind of card \| its triggers fire on \|\n\|[-| ]+\|\n(.*?)\n\n",
                      doc, re.S)
    assert table, "docs/delve.md lacks the table of what each kind of card runs"
    rows = {}
    for line in table.group(1).splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = set(re.findall(r"`(\w+)`", cells[1]))
    assert rows == {"hero": set(EVENTS["hero"]), "adversary": set(EVENTS["adversary"])}


# ---------------------------------------------------------------------- located checks
PACK = """kind: manifest
id: delve-part-three
name: Part three
type: set
origin: original
game: delve
"""
ADVERSARY = """  - name: Odd Thing {i}
    origin: original
    vigour: 2
    move: 3
    behaviour: advance
    weapons:
      - {{name: Claw, range: combat, hit: 4, damage: 1}}
    abilities:
      - "{text}"
"""
SKILL = """  - name: Odd Skill {i}
    origin: original
    abilities:
      - "{text}"
"""
LOCATED = [
    ("RF924", SKILL, "(3+): Each hero in this chamber heal 1 wound.", "heal"),
    ("RF925", ADVERSARY, "(3+): Heal 1 wound.", "(3+)"),
    ("RF925", SKILL, "This adversary is immune to area attacks.",
     "This adversary is immune to area attacks"),
    ("RF925", ADVERSARY, "Every time you slay an adversary, gain 1 renown.",
     "Every time you slay an adversary"),
    ("RF926", SKILL, "(3+): Heal 1 wound every time you slay an adversary.",
     "every time you slay an adversary"),
    ("RF927", SKILL, "(4+): Each adversary in this chamber moves 2 spaces.",
     "Each adversary in this chamber moves 2 spaces"),
    ("RF928", ADVERSARY, "When this adversary is slain, this adversary is immune to area attacks.",
     "this adversary is immune to area attacks"),
]


@pytest.fixture(scope="module")
def located(tmp_path_factory):
    """One pack holding every case, each ability on a card of its own: checked once."""
    root = tmp_path_factory.mktemp("part3")
    (root / "manifest.yaml").write_text(PACK)
    files = {SKILL: ("skills.yaml", "kind: skill\ncards:\n"),
             ADVERSARY: ("adversaries.yaml", "kind: adversary\ncards:\n")}
    texts = {name: head for name, head in files.values()}
    where = {}
    for i, (_code, card, text, _at) in enumerate(LOCATED):
        name = files[card][0]
        lines = texts[name].count("\n")
        block = card.format(i=i, text=text)
        where[i] = (name, lines + block.splitlines().index(f'      - "{text}"') + 1)
        texts[name] += block
    for name, body in texts.items():
        (root / name).write_text(body)
    return check([root]).diagnostics, where


@pytest.mark.parametrize("case", range(len(LOCATED)), ids=[c[0] for c in LOCATED])
def test_each_check_of_part_three_is_located_in_the_yaml(located, case):
    diagnostics, where = located
    code, _card, text, at = LOCATED[case]
    name, line = where[case]
    found = [d for d in diagnostics if d.code == code and d.path.endswith(name)
             and d.line == line]
    assert len(found) == 1, [str(d) for d in diagnostics if d.line == line]
    d = found[0]
    assert d.hint
    # the caret is under the offending words (the string opens at column 10)
    assert d.col == 10 + text.index(at) and d.length == len(at)
