"""What compiles runs (issue 32): every ability of every kind of card runs in the window it
names, an ability no window runs is an error at `check`, and docs/windows.md is the engine's
own table.

* the table (engine/runebound/core/cardwindows.py) is the doc's, covers every timing of the
  IR and every kind of card, and the engine's tour (tests/card_windows_tour.py) runs exactly
  the pairs it lists, each the way it says;
* the scenarios of tests/data/card_windows prove it card kind by card kind; `runeforge
  fight` shows a challenge's Melee: and After combat, texts; the odds say what they leave out;
* `check` refuses what would never run or would trip the engine (RF440-RF444, RF421), and
  what `play --adventure` would trip on (RF502, RF811); `check --coverage DIR` counts DIR.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from runeforge.engine.runebound.core import cardwindows as cw

ROOT = Path(__file__).resolve().parent.parent
CARD_WINDOWS = ROOT / "tests" / "data" / "card_windows"
DOC = ROOT / "docs" / "windows.md"


@pytest.fixture(scope="module")
def windows_result():
    """The bundled content plus tests/data/card_windows, checked and compiled once."""
    from runeforge import pipeline

    result = pipeline.check([str(CARD_WINDOWS)])
    assert result.ok, [str(d) for d in result.errors][:3]
    return result


@pytest.fixture(scope="module")
def windows_catalog(windows_result):
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.core.catalog import Catalog

    return Catalog(build_bundle(windows_result.content, windows_result.compiled))


# ---------------------------------------------------------------------------- the table
def test_the_doc_holds_the_engines_table():
    from runeforge.games.runebound.windowsdoc import BEGIN, END, table

    doc = DOC.read_text(encoding="utf-8")
    block = doc[doc.index(BEGIN):doc.index(END) + len(END)]
    assert block == table(), "regenerate: python -m runeforge.games.runebound.windowsdoc"
    rows = {line.split("|")[1].strip(" `"): [c.strip() for c in line.split("|")[3:-2]]
            for line in block.splitlines() if line.startswith("| `")}
    assert list(rows) == list(cw.TIMINGS)  # a row per timing, a cell per kind, as the data
    for timing, cells in rows.items():
        assert [c != "RF440" for c in cells] == [cw.runner(k, timing) is not None
                                                 for k in cw.KINDS]


def test_the_table_covers_every_timing_of_the_ir_and_every_kind_of_card():
    from runeforge.engine.runebound.core.ir import REACTIONS_COMBAT, TAGS, WINDOWS
    from runeforge.games.runebound import GAME

    assert set(cw.TIMINGS) == {"static", "trigger", "untimed", *TAGS, *WINDOWS,
                               "wounds_inflicted", *REACTIONS_COMBAT}
    assert set(cw.TABLE) == set(GAME.card_kinds)
    assert all(set(row) <= set(cw.TIMINGS) and set(row.values()) <= set(cw.RUNNERS)
               for row in cw.TABLE.values())
    assert set(cw.OPENED_BY) == set(cw.TIMINGS)


# how each runner shows in the tour (tests/card_windows_tour.py)
SEEN_AS = {cw.HELD: {"used"}, cw.FACED: {"text"}, cw.DRAWN: {"text"}, cw.ACTIVE: {"text"},
           cw.IN_FORCE: {"trigger", "in_force_away", "in_force_faced"},
           cw.ACTIVE_IN_FORCE: {"trigger", "in_force_away", "in_force_faced"},
           cw.FACED_IN_FORCE: {"trigger", "in_force_faced"}}


def test_the_engine_runs_exactly_the_pairs_of_the_table(windows_result):
    """A card of every kind with an ability of every timing, through the engine's own steps:
    what ran, and how, is what the table says (nothing else: a kept challenge's or a placed
    encounter's text is never offered, a challenge's rules are in force only while faced)."""
    from runeforge.backends.bundle import build_bundle
    from tests.card_windows_tour import observe, probe_bundle

    seen = observe(probe_bundle(build_bundle(windows_result.content,
                                             windows_result.compiled)))
    for kind in cw.KINDS:
        for timing in cw.TIMINGS:
            runner = cw.runner(kind, timing)
            got = seen.get((kind, timing), set())
            if runner is None:
                assert not got, f"{kind} {timing}: the table says nothing runs it, ran: {got}"
                continue
            want = SEEN_AS[runner] if timing != cw.TRIGGER else {"trigger"}
            if timing == cw.STATIC:
                want = want - {"trigger"}
            assert got and got <= want, f"{kind} {timing}: {runner} expected {want}, got {got}"


# ---------------------------------------------------------------------------- scenarios
def test_every_kind_of_card_keeps_its_promises(windows_result, windows_catalog):
    from tests.engine_bundle import folder_scenarios

    results, failed = folder_scenarios(windows_result, CARD_WINDOWS)
    assert len(results) == 10
    assert not failed, "\n".join(failed)
    kinds = {windows_catalog.card(c).kind for r in results for c in r.covers}
    assert kinds == set(cw.KINDS)


def test_a_scenario_plays_a_card_then_opens_a_window_but_not_a_window_and_a_combat(
        windows_catalog):
    from runeforge.games.runebound.scenarios import _fight, _ScenarioError

    given = {"hero": "varikas-the-dead", "window": "start_of_turn", "enemy": "plain-ogre"}
    with pytest.raises(_ScenarioError, match="a card played first"):
        _fight({"given": given}, given, windows_catalog)


# ---------------------------------------------------------------------------- fight, odds
def _fight(cli, monkeypatch, windows_result, challenge, tmp_path):
    from runeforge import pipeline

    monkeypatch.setattr(pipeline, "check", lambda dirs, **_: windows_result)  # compiled once
    log = tmp_path / f"{challenge}.jsonl"
    out = cli("fight", "--hero", "varikas-the-dead", "--challenge", challenge, "--seed", "4",
              "--log", log, CARD_WINDOWS)
    assert out.exit_code == 0, out.output
    return out.output, [json.loads(line) for line in log.read_text().splitlines()]


def test_runeforge_fight_runs_a_challenges_melee_and_after_combat_text(
        cli, monkeypatch, windows_result, tmp_path):
    """The Gilded Ogre and the Plain Ogre differ only by their text: on the same dice the
    Gilded Ogre's fight gives exactly 5 gold more (After combat), 1 wound more per melee phase
    fought (Melee:) and 1 exhaustion more (Ranged: once per combat)."""
    gilded, glog = _fight(cli, monkeypatch, windows_result, "gilded-ogre", tmp_path)
    plain, plog = _fight(cli, monkeypatch, windows_result, "plain-ogre", tmp_path)
    assert 'Gilded Ogre: "After combat, gain 5 gold."' in gilded
    last = {name: re.search(r"(\d+) wound\(s\), (\d+) exhaustion, (\d+) gold\s*$", out)
            for name, out in (("gilded", gilded), ("plain", plain))}
    (gw, gx, gg), (pw, px, pg) = (tuple(map(int, last[k].groups())) for k in last)
    melee = sum(1 for r in glog if r["type"] == "window" and r["window"] == "melee")
    texts = [r["text"] for r in glog if r["type"] == "card_text"]
    assert gg == pg + 5 and gx == px + 1 and gw == pw + melee
    assert texts.count("Ranged: Once per combat, your Hero takes 1 exhaustion.") == 1
    assert texts.count("Melee: Your Hero takes 1 wound.") == melee
    assert not [r for r in plog if r["type"] == "card_text"]


def test_the_odds_say_what_they_leave_out_of_a_challenges_text(windows_result,
                                                               windows_catalog):
    from runeforge.commands.odds import exact
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from runeforge.engine.runebound.core.ruleset import BASE

    res = exact(windows_result.content, "varikas-the-dead", "gilded-ogre", (), (), "base",
                compiled=windows_result.compiled)
    ignored = {i["text"]: i for i in res["ignored"]}
    melee = ignored["Melee: Your Hero takes 1 wound."]
    assert melee["affects_odds"] and "not modelled" in melee["reason"]
    assert "Ranged: Once per combat, your Hero takes 1 exhaustion." in ignored
    assert res["covered"] is False
    kernel = compile_kernel(windows_catalog, "varikas-the-dead", "gilded-ogre", (), (), BASE)
    assert kernel.fn is None and "a challenge's text in its" in kernel.fallback  # engine
    plain = compile_kernel(windows_catalog, "varikas-the-dead", "plain-ogre", (), (), BASE)
    assert plain.fn is not None


# ---------------------------------------------------------------------------- the engine
def test_an_encounter_placed_as_an_ally_offers_its_text_no_more(windows_catalog):
    """The repro of the issue: before, a-question-of-honor#0 was offered in every window."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.cardwindows import drawn_text
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment

    cat = windows_catalog
    hero = cat.new_hero("ilse-of-the-ninth-bell")
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([6]), {hero.id: ScriptedPlayer([])},
                    BASE)
    combat.moment = Moment("none")
    card = cat.card("a-question-of-honor")
    combat.run_card_text(hero, card.id, drawn_text(card), hostile=True)
    assert [a.id for a in hero.allies] == ["a-question-of-honor"]
    for window in ("start_of_turn", "before_moving", "market_step", "end_of_turn"):
        combat.moment = Moment(window)
        assert combat.fitting(hero) == []
        assert "not an ability its holder uses" in combat.refusal(hero, card.abilities[0])


def test_the_active_events_rule_for_each_hero_reaches_each_hero_once(windows_result):
    from runeforge.backends.bundle import build_bundle
    from runeforge.engine.runebound.bots.game_bot import make_bot
    from runeforge.engine.runebound.core.catalog import Ability, Catalog
    from runeforge.engine.runebound.game.setup import new_game

    bundle = build_bundle(windows_result.content, windows_result.compiled)
    game = new_game(bundle, catalog=Catalog(bundle), players=3, packs="adventure",
                    make_bot=make_bot)  # a catalog of its own: a card gets a rule below
    heroes = [game.hero(h) for h in game.state.seats]
    card = game.catalog.card("tribute-of-the-old-houses")
    ir = {"source": "Each Hero receives -1 Body.", "timing": {"tag": None, "window": None},
          "limits": [], "costs": [], "static": True, "reaction": None,
          "effects": [{"op": "modify", "target": "each_hero", "stat": "body", "value": -1}]}
    card.abilities.append(Ability.from_ir(card.id, len(card.abilities), ir))
    for name in ("modifiers", "standing_effects"):
        card.__dict__.pop(name, None)
    game.catalog.refresh()
    game.play_event(heroes[0], card.id)
    assert game.state.active_event == card.id
    assert [game.combat.stat(h, "body") for h in heroes] == [h.body - 1 for h in heroes]


def test_cards_that_set_each_other_off_stop_instead_of_failing(windows_catalog):
    """Two cards, each wounding the other's figure every time: the chain stops at the depth
    bound with a record (it used to end the game with an internal error)."""
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.catalog import Ability
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.resolver import MAX_TRIGGER_DEPTH
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State

    def ping(card_id, watched, hurt):
        card = windows_catalog.card(card_id)
        ir = {"source": f"{watched} -> {hurt}", "timing": {"tag": None, "window": None},
              "limits": [], "costs": [], "static": True, "reaction": None,
              "effects": [{"op": "trigger", "event": {
                  "kind": "takes_wounds", "target": watched, "phase": None,
                  "amount": {"kind": "at_least", "value": 1}},
                  "effects": [{"op": "suffer", "token": "wound", "target": hurt,
                               "amount": {"kind": "fixed", "value": 1}}]}]}
        return card, Ability.from_ir(card_id, len(card.abilities), ir)

    hero = windows_catalog.new_hero("oda-marrowgate", items=["mourning-locket"],
                                    allies=["coin-counting-squire"])
    hero.life = hero.allies[0].life = 99
    added = [ping("mourning-locket", "hero", "each_ally"),
             ping("coin-counting-squire", "each_ally", "hero")]
    try:
        for card, ability in added:
            card.abilities.append(ability)
            card.__dict__.pop("standing_effects", None)
        windows_catalog.refresh()
        combat = Combat(windows_catalog, State(heroes=[hero]), ScriptedDice([]),
                        {hero.id: ScriptedPlayer([])}, BASE)
        combat.inflict(hero, 1, source="test", phase=None)
        loops = combat.log.of_type("trigger_loop")
        assert loops and loops[0]["depth"] == MAX_TRIGGER_DEPTH
        assert hero.wounds + hero.allies[0].wounds == MAX_TRIGGER_DEPTH + 1
    finally:
        for card, ability in added:
            card.abilities.remove(ability)
            card.__dict__.pop("standing_effects", None)
        windows_catalog.refresh()


def test_an_attack_with_no_enemy_is_not_offered_and_does_nothing(windows_catalog):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.catalog import Ability
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.effects import Context, run_all
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment

    hero = windows_catalog.new_hero("oda-marrowgate")
    combat = Combat(windows_catalog, State(heroes=[hero]), ScriptedDice([]),
                    {hero.id: ScriptedPlayer([])}, BASE)
    combat.moment = Moment("before_moving")
    card = windows_catalog.card("oda-marrowgate")
    ability = Ability.from_ir(card.id, len(card.abilities), {
        "source": "Make a magic attack.", "timing": {"tag": None, "window": None},
        "limits": [], "costs": [], "static": False, "reaction": None,
        "effects": [{"op": "attack", "phase": "magic", "bonus": 0, "damage": "normal"}]})
    card.abilities.append(ability)
    card.__dict__.pop("held_abilities", None)
    try:
        assert "no enemy" in combat.refusal(hero, ability)
        combat.open_window(hero, "before_moving")  # asked, with nothing to use but "pass"
        (asked,) = [r for r in combat.log.records if r["type"] == "decision"]
        assert asked["options"] == [None]
    finally:
        card.abilities.remove(ability)
        card.__dict__.pop("held_abilities", None)
    run_all(ability.effects, Context(combat, hero, card.id, hostile=True))  # a drawn text
    assert combat.log.of_type("no_enemy") and not combat.log.of_type("roll")


# ---------------------------------------------------------------------------- check
BAD_CARDS = {
    "challenges.yaml": """\
kind: challenge
cards:
  - name: Restless Toll
    origin: original
    colour: green
    mind: 8
    body: 8
    spirit: 8
    ranged_damage: 0
    melee_damage: 1
    magic_damage: 0
    life: 2
    reward: {gold: 1}
    abilities:
      - "Before moving, gain 1 gold."
      - "Take 1 wound."
      - "Melee: Your enemy takes 1 wound."
      - "Before Combat: Move 1 space."
""",
    "encounters.yaml": """\
kind: encounter
cards:
  - name: Echoing Duel
    origin: original
    colour: green
    abilities:
      - "Before Combat: Take 1 wound."
      - "Make a magic attack. If you succeed, gain 2 gold."
      - "You receive +1 Body."
""",
    "events.yaml": """\
kind: event
cards:
  - name: Grudging Truce
    origin: original
    colour: green
    event_number: 1
    abilities:
      - "Each other Hero receives -1 Body."
      - "Any Phase: Take 1 wound."
""",
    "items.yaml": """\
kind: item
cards:
  - name: Thorned Charm
    origin: original
    cost: 2
    class: artifact
    type: charm
    usage: constant
    abilities:
      - "Every time your Hero takes 1 or more wounds, your Hero takes 1 wound."
      - "Before moving, make a magic attack."
      - "Every time your Hero takes 2 or more wounds, your Hero takes 1 wound."
""",
}


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    """A pack of cards and adventures `check` must refuse, checked once: {code: [diag]}."""
    from runeforge import pipeline

    root = tmp_path_factory.mktemp("bad-windows")
    for name, text in {**BAD_CARDS, **BAD_ADVENTURES}.items():
        (root / name).write_text(text, encoding="utf-8")
    result = pipeline.check([str(root)])
    found: dict[str, list] = {}
    for d in result.diagnostics:
        if str(root) in d.path:
            found.setdefault(d.code, []).append(d)
    found["result"] = result  # for the commands below, which would compile it again
    return found


def _at(found, code, path_end, text):
    """The diagnostics of ``code`` in the file ending ``path_end`` whose caret is on ``text``."""
    out = []
    for d in found.get(code, []):
        if d.path.endswith(path_end) and d.source_line[d.col - 1:].startswith(text):
            out.append(d)
    return out


@pytest.mark.parametrize("code, path, text, severity", [
    ("RF440", "challenges.yaml", "Before moving", "error"),
    ("RF440", "challenges.yaml", "Take 1 wound.", "error"),
    ("RF440", "encounters.yaml", "Before Combat:", "error"),
    ("RF440", "encounters.yaml", "You receive +1 Body.", "error"),
    ("RF440", "events.yaml", "Any Phase:", "error"),
    ("RF441", "challenges.yaml", "Your enemy", "warning"),
    ("RF442", "events.yaml", "Each other Hero", "error"),
    ("RF443", "encounters.yaml", "Make a magic attack", "error"),
    ("RF443", "items.yaml", "make a magic attack", "error"),
    ("RF421", "challenges.yaml", "Move", "error"),
    ("RF444", "items.yaml", "Every time your Hero takes 1 or more", "error"),
])
def test_check_refuses_what_would_never_run_or_trip_the_engine(bad, code, path, text,
                                                               severity):
    (diag,) = _at(bad, code, path, text)
    assert diag.severity == severity and diag.line > 0 and diag.hint
    if code == "RF440":
        assert "docs/windows.md" in diag.hint


def test_a_trigger_that_reacts_to_more_wounds_than_it_gives_is_fine(bad):
    assert not _at(bad, "RF444", "items.yaml", "Every time your Hero takes 2 or more")


def test_the_hint_of_rf440_lists_what_runs_on_that_kind_of_card(bad):
    (diag,) = _at(bad, "RF440", "challenges.yaml", "Before moving")
    assert "'Melee:'" in diag.hint and "'After combat,'" in diag.hint
    assert "'Before moving,'" not in diag.hint
    (enc,) = _at(bad, "RF440", "encounters.yaml", "Before Combat:")
    assert "runs once, when the card is drawn" in enc.hint


def test_bundled_challenges_say_this_challenge_and_check_without_warnings(windows_result):
    """Six bundled challenges wounded themselves with 'your enemy' on a test's success (RF441);
    with 'this challenge' in the language they say so, and the bundled content checks with no
    warning at all."""
    assert [d for d in windows_result.diagnostics if d.code == "RF441"] == []
    assert [d for d in windows_result.diagnostics if not d.is_error] == []
    said = [c for c in windows_result.content.cards.values() if c.kind == "challenge"
            and any("this challenge takes" in a for a in c.data.get("abilities", ()))]
    assert len(said) >= 6


# ---------------------------------------------------------------------------- adventures
ADVENTURE = """\
kind: adventure
id: {id}
name: "Broken {id}"
origin: original
decks:
  - {{pack: {pack}, colours: [{colour}], place: base}}
victory:
  - type: {type}
    {what}
endgame: {{type: none}}
"""
BAD_ADVENTURES = {
    "a1.yaml": ADVENTURE.format(id="typo-victory", pack="core", colour="green",
                                type="defeat", what="card: high-lord-margth"),
    "a2.yaml": ADVENTURE.format(id="item-victory", pack="core", colour="green",
                                type="defeat", what="card: belt-of-strength"),
    "a3.yaml": ADVENTURE.format(id="event-hold", pack="core", colour="green", type="hold",
                                what="cards: [the-dragon-stirs]"),
    "a4.yaml": ADVENTURE.format(id="no-pack", pack="coer", colour="green", type="defeat",
                                what="card: high-lord-margath"),
    "a5.yaml": ADVENTURE.format(id="no-red", pack="sceptre-of-kyros", colour="red",
                                type="defeat", what="card: high-lord-margath"),
    "a6.yaml": ADVENTURE.format(id="no-adventure-cards", pack="artifacts-and-allies",
                                colour="red", type="hold", what="cards: [belt-of-strength]"),
    "a7.yaml": ADVENTURE.format(id="margath-elsewhere", pack="core", colour="green",
                                type="defeat", what="card: high-lord-margath"),
}


@pytest.mark.parametrize("code, path, text, words", [
    ("RF502", "a1.yaml", "high-lord-margth", "did you mean 'high-lord-margath'?"),
    ("RF811", "a2.yaml", "belt-of-strength", "only a challenge is defeated"),
    ("RF811", "a3.yaml", "the-dragon-stirs", "never holds"),
    ("RF502", "a4.yaml", "coer", "did you mean 'core'?"),
    ("RF811", "a5.yaml", "red", "no red adventure cards"),
    ("RF811", "a6.yaml", "artifacts-and-allies", "has no adventure cards"),
])
def test_check_refuses_an_adventure_play_would_stop_on(bad, code, path, text, words):
    (diag,) = _at(bad, code, path, text)
    assert words in diag.message + (diag.hint or "") and diag.is_error


def test_an_adventure_victory_out_of_its_decks_is_a_warning(bad):
    """High Lord Margath is red; a7's only deck is the core's green one (where the deck or
    the card is unknown, a1, a4, a5, there is nothing to compare and no warning)."""
    found = [d for d in bad.get("RF811", []) if not d.is_error]
    assert [d.path.rsplit("/", 1)[1] for d in found] == ["a7.yaml"]
    assert "none of the adventure's decks" in found[0].message


def test_play_reports_a_broken_adventure_at_its_place_not_as_an_internal_error(
        cli, monkeypatch, bad):
    from runeforge import pipeline

    monkeypatch.setattr(pipeline, "check", lambda dirs, **_: bad["result"])  # checked once
    out = cli("play", "--adventure", "typo-victory", "--players", "2", "bad-windows")
    assert out.exit_code == 1 and "internal error" not in out.output
    assert "a1.yaml:9:11: error[RF502]" in out.output


def test_the_schemas_rule_modules_are_the_engines():
    from runeforge.engine.runebound.adventures.rule_modules import RULE_MODULES

    schema = json.loads((ROOT / "compiler" / "schemas" / "adventure.schema.json").read_text())
    assert schema["properties"]["rules"]["enum"] == list(RULE_MODULES)


# ---------------------------------------------------------------------------- coverage
def test_check_coverage_of_a_folder_counts_the_folders_cards(cli, monkeypatch, bad):
    """With a folder, the folder's cards (Thorned Charm: 1 of 3 abilities compiles); without,
    the bundled ones (all of them)."""
    from runeforge.commands import check

    class Checked:  # the analysis service, with the pack above already checked
        def __init__(self, dirs):
            self.dirs = dirs

        def check_all(self):
            return bad["result"]

    monkeypatch.setattr(check, "AnalysisService", Checked)
    out = cli("check", "--coverage", "--format", "json", "bad-windows")
    cov = json.loads(out.stdout)["coverage"]
    mine = {r["card"] for r in cov["abilities"]}
    assert "thorned-charm" in mine and "belt-of-strength" not in mine
    charm = [r for r in cov["abilities"] if r["card"] == "thorned-charm"]
    assert [r["compiles"] for r in charm] == [False, False, True]
    bundled = check.coverage(bad["result"])
    assert "thorned-charm" not in {r["card"] for r in bundled["abilities"]}
    assert bundled["total"] > 200 and bundled["percent"] == 100.0
