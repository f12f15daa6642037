"""Issue 32, branch runs: "what compiles runs". Every ability that passes ``check`` does what
it says in the engine, or ``check`` refuses it at its words.

* RF530 (an error now): a duration over a one-off effect ("Gain 2 gold this turn.") compiled,
  and the engine kept the gain as a rule in force and never ran it. The hint proposes the
  text without the duration.
* A duration inside a duration ("Until the end of this turn, until the end of this combat,
  you receive +1 Body.") runs to the earlier end; before, the engine kept the inner one as an
  effect of the outer one and never ran it. RF560 refuses ends that cannot be ordered.
* A limit before a rule made only of triggers ("Once per turn, every time your Hero takes 1 or
  more wounds, gain 1 gold.") counts the triggers' firings; it was refused (RF493), and the
  engine, which keeps such a rule always on, fired it every time. RF493 stays where the limit
  would count uses (a cost, a window, a sentence that is not a trigger).
* A trigger said under a phase's tag ("Melee: Every time your Hero takes 1 or more wounds,
  take 1 exhaustion.") fires in that phase only; before, it stayed in force for the whole
  turn and fired in the magic phase too. RF561 refuses one on an event that never happens in
  a combat phase (it would never fire).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "tests" / "data" / "lang-runs"


def _findings(text: str, kind: str = "item", usage: str | None = None):
    return compile_ability(text, CardContext(kind, usage, None, frozenset()))


def _refused(text: str, code: str, kind: str = "item"):
    ir, found = _findings(text, kind)
    hit = [f for f in found if f.code == code]
    assert ir is None and hit and hit[0].severity == "error", [(f.code, f.message) for f in found]
    assert hit[0].hint
    return hit[0]


# ---- gap 1: a duration over a one-off effect --------------------------------------------------

@pytest.mark.parametrize("text, words, bare", [
    ("Until the end of this turn, gain 1 gold.", "Until the end of this turn",
     "Gain 1 gold."),
    ("Gain 2 gold this turn.", "this turn", "Gain 2 gold."),
    ("Every time you defeat a challenge, gain 1 gold until the end of this turn.",
     "until the end of this turn", "Every time you defeat a challenge, gain 1 gold."),
    ("Until the end of this combat, each Hero gains 1 gold.", "Until the end of this combat",
     "Each Hero gains 1 gold."),
])
def test_a_duration_over_a_one_off_effect_is_an_error_proposing_the_text_without_it(
        text, words, bare):
    hit = _refused(text, "RF530")
    assert words in text[hit.span[0]:hit.span[1]]
    assert f"'{bare}'" in hit.hint, hit.hint
    assert compile_text(bare)


def test_the_engine_never_ran_a_gain_kept_by_a_duration():
    """Why RF530 is an error: the IR the lowering makes of it gains nothing when it runs."""
    from runeforge.dsl.runebound.parser import parse_ability
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.games.runebound.lower import lower
    from tests.test_lang_rbmodi import _combat

    _cat, combat, hero = _combat((), gold=0)
    ir = lower(parse_ability("Until the end of this turn, gain 1 gold."))
    run_all(build_effects(ir["effects"]), Context(combat, hero, "varikas-the-dead"))
    assert hero.gold == 0  # kept as a rule in force, never run
    run_all(build_effects(compile_text("Gain 1 gold.")["effects"]),
            Context(combat, hero, "varikas-the-dead"))
    assert hero.gold == 1


# ---- a duration inside a duration --------------------------------------------------------------

def _use(text: str, **given):
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from tests.test_lang_rbmodi import _combat

    _cat, combat, hero = _combat((), **given)
    before = combat.stat(hero, "body")
    run_all(build_effects(compile_text(text)["effects"]), Context(combat, hero, hero.id))
    return combat, hero, before


@pytest.mark.parametrize("text, ends_at", [
    ("Until the end of this turn, until the end of this combat, you receive +1 Body.",
     "end_of_combat"),
    ("Until the end of this combat, until the end of this turn, you receive +1 Body.",
     "end_of_combat"),
    ("Until the end of this turn, until the end of this turn, you receive +1 Body.",
     "end_of_turn"),
    ("Until the end of this turn, until the end of this combat round, you receive +1 Body.",
     "end_of_round"),
])
def test_a_duration_inside_a_duration_holds_its_rule_to_the_earlier_end(text, ends_at):
    combat, hero, before = _use(text)
    assert combat.stat(hero, "body") == before + 1  # was + 0: the inner duration never ran
    for end in ("end_of_round", "end_of_combat", "end_of_turn"):
        combat.expire(end)
        if end == ends_at:
            break
        assert combat.stat(hero, "body") == before + 1, end
    assert combat.stat(hero, "body") == before


def test_flatten_orders_the_ends_along_a_turn():
    from runeforge.engine.runebound.core.durations_nest import earlier, flatten

    assert earlier("end_of_turn", "end_of_combat") == "end_of_combat"
    assert earlier("end_of_round", "start_of_next_turn") == "end_of_round"
    assert earlier("next_event", "end_of_turn") is None
    bonus = {"op": "modify", "target": "hero", "stat": "body", "value": 1}
    inner = {"op": "for_duration", "until": "end_of_round", "effects": [bonus]}
    assert flatten("end_of_turn", [bonus, inner]) == [("end_of_turn", [bonus]),
                                                      ("end_of_round", [bonus])]


@pytest.mark.parametrize("text, words", [
    ("Until the end of this turn, until the next event, you receive +1 Body.",
     "until the next event"),
    ("Until the next event, until the end of this combat, you receive +1 Body.",
     "until the end of this combat"),
])
def test_ends_that_cannot_be_ordered_are_rf560(text, words):
    hit = _refused(text, "RF560")
    assert text[hit.span[0]:hit.span[1]].lower().startswith(words)


def test_the_kernel_runs_a_duration_inside_a_duration_to_the_earlier_end():
    from runeforge.engine.runebound.combat.kernel_effects import duration_line

    class Src:
        def __init__(self):
            self.lines = []

        def line(self, s):
            self.lines.append(s)

    src = Src()
    bonus = {"op": "modify", "target": "hero", "stat": "body", "value": 1}
    duration_line(src, "end_of_turn",
                  {"op": "for_duration", "until": "end_of_combat", "effects": [bonus]}, "x",
                  None)
    assert len(src.lines) == 1 and "pass" not in src.lines[0]
    plain = Src()
    duration_line(plain, "end_of_combat", bonus, "x", None)
    assert plain.lines == src.lines  # the same line as the rule said under the earlier end


# ---- gap 2: a trigger under a phase's tag ------------------------------------------------------

def test_a_trigger_under_a_phase_tag_is_bound_to_that_phase():
    ir = compile_text("Melee: Every time your Hero takes 1 or more wounds, take 1 exhaustion.",
                      "challenge")
    (trigger,) = ir["effects"]
    assert trigger["op"] == "trigger" and trigger["during"] == "melee"
    held = compile_text("Magic: Until the end of this turn, every time your Hero takes 1 or "
                        "more wounds, gain 1 gold.", "challenge")
    assert "during" not in held["effects"][0]["effects"][0]  # said to last: every phase
    assert "during" not in compile_text("Every time you enter a town, gain 1 gold.", "item",
                                        "constant")["effects"][0]


def test_the_scenarios_fire_the_melee_trigger_in_its_phase_and_the_limited_one_once():
    """Bramble Sentinel: the Hero is wounded in the melee and in the magic phase; 1 exhaustion
    (it was 2: the trigger stayed in force and fired in the magic phase too). Tally Charm:
    three wounds in a turn give 1 gold (it was refused, RF493; the engine alone fires it 3
    times)."""
    from runeforge import pipeline
    from tests.engine_bundle import folder_scenarios

    result = pipeline.check([str(CONTENT)])
    assert result.ok, [d.message for d in result.diagnostics if d.is_error]
    mine, failed = folder_scenarios(result, CONTENT)
    assert len(mine) == 3 and not failed, failed


def test_the_kernel_leaves_a_bound_trigger_to_the_engine():
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from tests.engine_bundle import catalog

    kernel = compile_kernel(catalog(CONTENT), "varikas-the-dead", "bramble-sentinel")
    assert kernel.fn is None and "bound to the melee phase" in kernel.fallback


@pytest.mark.parametrize("text, kind", [
    ("Melee: Every time you defeat a challenge, gain 1 gold.", "item"),
    ("Magic: Every time your Hero enters a town, gain 1 gold.", "item"),
    ("Ranged: At the start of each combat round, gain 1 gold.", "challenge"),
    ("Melee: Every time you escape, take 1 exhaustion.", "challenge"),
])
def test_a_bound_trigger_on_an_event_no_phase_has_is_rf561(text, kind):
    hit = _refused(text, "RF561", kind)
    assert text[hit.span[0]:].startswith(("Every time", "At the start"))
    assert "drop '" in hit.hint


@pytest.mark.parametrize("text", [
    "Melee: Every time your Hero takes 1 or more wounds, gain 1 gold.",
    "Melee: Every time you fail to defend, take 1 exhaustion.",
    "Magic: Until the end of this turn, every time you defeat a challenge, gain 1 gold.",
])
def test_a_trigger_that_can_fire_in_its_phase_compiles(text):
    ir, found = _findings(text, "challenge")
    assert ir is not None, [(f.code, f.message) for f in found]


# ---- gap 3: a limit before a trigger counts its firings ----------------------------------------

def test_a_limit_before_triggers_is_written_into_each_trigger():
    ir = compile_text("Once per combat round, every time your Hero takes 1 or more wounds, "
                      "take 1 exhaustion.", "hero")
    assert [e["limits"] for e in ir["effects"]] == [["round"]]
    both = compile_text("Once per turn and once per combat, every time you attack and fail, "
                        "gain 1 gold.", "item", "constant")
    assert both["effects"][0]["limits"] == ["turn", "combat"]


def _fire_wounds(text: str, times: int, limit_moments) -> int:
    """Gold gained by ``text``'s trigger when the Hero takes a wound ``times`` times, the
    moment moved along ``limit_moments`` (one per wound)."""
    from runeforge.engine.runebound.core.effects import build_effects
    from tests.test_lang_rbmodi import _combat

    _cat, combat, hero = _combat((), gold=0)
    (trigger,) = build_effects(compile_text(text, "item", "constant")["effects"])
    combat.standing_triggers = lambda: [(hero, "tally", trigger, None)]
    for moment in limit_moments[:times]:
        combat.moment = moment
        combat.fire({"kind": "takes_wounds", "figure": hero.id, "amount": 1,
                     "phase": moment.step})
    return hero.gold


def test_the_engine_counts_a_limited_triggers_firings_per_turn_and_per_round():
    from runeforge.engine.runebound.core.windows import Moment

    same_turn = [Moment("phase", "melee", combat=1, round=r, turn=1) for r in (1, 2, 3)]
    assert _fire_wounds("Every time your Hero takes 1 or more wounds, gain 1 gold.", 3,
                        same_turn) == 3
    text = "Once per turn, every time your Hero takes 1 or more wounds, gain 1 gold."
    assert _fire_wounds(text, 3, same_turn) == 1
    two_turns = [Moment("phase", "melee", combat=1, round=1, turn=t) for t in (1, 1, 2)]
    assert _fire_wounds(text, 3, two_turns) == 2
    per_round = "Once per combat round, every time your Hero takes 1 or more wounds, gain 1 gold."
    assert _fire_wounds(per_round, 3, same_turn) == 3


def test_the_kernel_leaves_a_limited_trigger_to_the_engine():
    """The compiled combat kernel does not count firings: it leaves the fight to the engine
    (it would have fired the Tally Charm on every wound)."""
    from runeforge.engine.runebound.combat.kernel import compile_kernel
    from tests.engine_bundle import catalog

    kernel = compile_kernel(catalog(CONTENT), "varikas-the-dead", "bramble-sentinel",
                            items=("tally-charm",))
    assert kernel.fn is None and "a limit counts" in kernel.fallback, kernel.fallback


@pytest.mark.parametrize("text", [
    "Once per turn, gain 1 gold. Every time you defeat a challenge, gain 1 gold.",
    "Once per turn, take 1 exhaustion to gain 1 gold every time you defeat a challenge.",
])
def test_a_limit_the_engine_would_count_against_uses_is_still_rf493(text):
    hit = _refused(text, "RF493")
    assert text[hit.span[0]:hit.span[1]].startswith("Once per turn")


# ---- gap 4: a rule used outside a combat lasted into a later turn -----------------------------

@pytest.mark.parametrize("text, kind, check", [
    ("After combat, you receive +2 Mind.", "hero", "mind"),
    ("At the start of your turn, you cannot buy Items.", "hero", None),
    ("Before moving, take 1 exhaustion to receive +1 Body.", "hero", "body"),
])
def test_a_rule_used_outside_a_combat_lasts_to_the_end_of_the_turn(text, kind, check):
    """A bonus used outside a combat lasted "to the end of the combat round", which came in a
    later turn's combat (or never); a prohibition likewise to the end of a later combat."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import Moment
    from tests.test_lang_rbmodi import _combat

    _cat, combat, hero = _combat(())
    combat.moment = Moment("after_combat", None, combat=1, round=0, turn=1)
    before = combat.stat(hero, check) if check else 0
    run_all(build_effects(compile_text(text, kind)["effects"]), Context(combat, hero, hero.id))
    assert [e.until for e in combat.state.effects] == ["end_of_turn"]
    if check:
        assert combat.stat(hero, check) > before
    combat.expire("end_of_turn")
    assert combat.state.effects == []  # it stayed in force into the next turn


def test_a_rule_used_in_a_combat_keeps_its_combat_end():
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import Moment
    from tests.test_lang_rbmodi import _combat

    _cat, combat, hero = _combat(())
    combat.moment = Moment("phase", "melee", combat=1, round=1, turn=1)
    run_all(build_effects(compile_text("Melee: You receive +2 Body.", "hero")["effects"]),
            Context(combat, hero, hero.id))
    run_all(build_effects(compile_text("Melee: You cannot escape from this combat.", "hero")["effects"]),
            Context(combat, hero, hero.id))
    assert [e.until for e in combat.state.effects] == ["end_of_round", "end_of_combat"]


# ---- a duration over a choice -------------------------------------------------------------------

def _choose(text: str, kind: str, pick, gold: int = 0):
    from runeforge.engine.common.dice import ScriptedDice
    from runeforge.engine.runebound.combat.combat import Combat
    from runeforge.engine.runebound.core.decisions import ScriptedPlayer
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.ruleset import BASE
    from runeforge.engine.runebound.core.state import State
    from runeforge.engine.runebound.core.windows import Moment
    from tests.engine_bundle import catalog
    from tests.test_lang_rbmodi import CONTENT as RBMODI

    cat = catalog(str(RBMODI))
    hero = cat.new_hero("varikas-the-dead", gold=gold)
    answers = pick if isinstance(pick, list) else [("choice", pick)]
    combat = Combat(cat, State(heroes=[hero]), ScriptedDice([]),
                    {hero.id: ScriptedPlayer(answers)}, BASE)
    combat.moment = Moment("none", turn=1)
    body = combat.stat(hero, "body")
    run_all(build_effects(compile_text(text, kind)["effects"]), Context(combat, hero, hero.id))
    return combat, hero, combat.stat(hero, "body") - body


@pytest.mark.parametrize("text, kind", [
    ("Gain 2 gold, or you receive +1 Body until the end of this turn.", "encounter"),
    ("Until the end of this turn, choose one: gain 2 gold; or you receive +1 Body.",
     "encounter"),
    ("Gain 2 gold or receive +1 Body and +1 Mind for the rest of this turn.", "event"),
    ("Until the end of this turn, until the end of this turn, choose one: gain 2 gold; or you "
     "receive +1 Body.", "encounter"),
])
def test_a_duration_over_a_choice_runs_the_choice_and_keeps_the_option_that_lasts(text, kind):
    """The engine kept the whole choice as a rule in force and never ran it: neither the gold
    nor the bonus."""
    combat, hero, body = _choose(text, kind, 0)
    assert (hero.gold, body, combat.state.effects) == (2, 0, [])
    combat, hero, body = _choose(text, kind, 1)
    assert (hero.gold, body) == (0, 1)
    assert [e.until for e in combat.state.effects] == ["end_of_turn"]
    combat.expire("end_of_turn")
    assert combat.state.effects == []


@pytest.mark.parametrize("text", [
    "Gain 2 gold, or gain 1 gold until the end of this turn.",
    "Gain 2 gold, or gain 1 gold and receive +1 Body until the end of this turn.",
])
def test_a_duration_over_a_choice_with_no_option_that_only_lasts_is_rf530(text):
    _refused(text, "RF530", "encounter")


@pytest.mark.parametrize("text, ends", [
    ("Until the end of this turn, you may receive +1 Body.", ["end_of_turn"]),
    ("You may receive +1 Body until the end of this combat.", ["end_of_combat"]),
    ("Until the end of this turn, until the end of this combat, you may receive +1 Body.",
     ["end_of_combat"]),
])
def test_a_duration_over_what_the_hero_may_do_keeps_it_when_taken(text, ends):
    """It was refused (RF530, a warning before: the engine kept "you may" as a rule and never
    asked); the Hero may take the bonus when the ability is used, and it lasts."""
    combat, _hero, body = _choose(text, "encounter", [("optional", True)])
    assert body == 1 and [e.until for e in combat.state.effects] == ends
    combat, _hero, body = _choose(text, "encounter", [("optional", False)])
    assert body == 0 and combat.state.effects == []


def test_a_duration_over_a_payment_keeps_what_is_paid_for():
    text = "Until the end of this turn, until the end of this combat, pay 1 gold to receive +1 Body."
    combat, hero, body = _choose(text, "encounter", [("optional", True)], gold=2)
    assert (hero.gold, body) == (1, 1)
    assert [e.until for e in combat.state.effects] == ["end_of_combat"]


# ---- docs/language.md "What compiles runs": its examples compile cleanly on their card -------

def _doc_examples() -> list[tuple[str, str]]:
    import re

    text = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = text.split("## What compiles runs", 1)[1].split("\n## ", 1)[0]
    return [(kind, line) for kind, block in re.findall(r"```ability (\w+)\n(.*?)```", section,
                                                       re.S)
            for line in block.splitlines() if line.strip()]


def test_the_docs_section_has_examples():
    assert len(_doc_examples()) >= 3


@pytest.mark.parametrize("kind, text", _doc_examples())
def test_each_docs_example_compiles_cleanly(kind, text):
    from runeforge.games.runebound.abilities import canonical_text

    ir, found = _findings(text, kind, "constant" if kind == "item" else None)
    assert ir is not None and not found, [(f.code, f.message) for f in found]
    assert canonical_text(text) == text


# ---- movement granted outside the movement step ------------------------------------------------

@pytest.fixture(scope="module")
def place_bundle():
    from tests.engine_bundle import bundle
    from tests.test_lang_place import CONTENT as PLACE

    return bundle(str(PLACE))


def _granted(game, hero, text: str, kind: str, window: str) -> None:
    """Run ``text`` for ``hero`` at ``window`` as the turn loop does, then its grants."""
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import moment_at

    game.combat.moment = moment_at(window, turn=game.state.turn)
    run_all(build_effects(compile_text(text, kind)["effects"]),
            Context(game.combat, hero, hero.id))
    game.after_effects(hero)


def _movement_step(game, hero) -> dict:
    """Run the movement step (the scripted player steps to a neighbouring space) and return
    the movement question's info."""
    game.movement(hero)
    return next(d for d in game.players[hero.id].asked if d.kind == "movement").info


def test_extra_movement_dice_from_the_start_of_the_turn_reach_the_movement_step(place_bundle):
    """The movement step emptied the grants when it began: those of the start of the turn
    were dropped ("extra": 0)."""
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    _granted(game, hero, "At the start of your turn, roll 1 additional movement die.", "hero",
             "start_of_turn")
    assert _movement_step(game, hero)["extra"] == 1


def test_extra_movement_dice_after_the_step_wait_for_the_next_one(place_bundle):
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step", "step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    assert _movement_step(game, hero)["extra"] == 0
    _granted(game, hero, "After combat, roll 1 additional movement die.", "hero",
             "after_combat")
    game.players[hero.id].asked.clear()
    game.refresh(hero)
    assert _movement_step(game, hero)["extra"] == 1  # was 0: dropped
    game.players[hero.id].asked.clear()
    assert _movement_step(game, hero)["extra"] == 0  # used up


def test_a_move_granted_after_the_movement_step_moves_the_hero_at_once(place_bundle):
    """An encounter is drawn after the movement step: its move waited for a step that had
    passed and was dropped."""
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle, movement=["step"])
    game.state.positions[hero.id] = "H2"
    game.refresh(hero)
    _movement_step(game, hero)
    here = game.state.positions[hero.id]
    far = max(game.board.distances_from(here).items(), key=lambda kv: (kv[1] <= 2, kv[1]))[0]
    game.players[hero.id].answers["destination"] = [far]
    _granted(game, hero, "Take 1 wound. Then you may move 2 spaces.", "encounter", "none")
    assert game.state.positions[hero.id] == far != here
    asked = [d for d in game.players[hero.id].asked if d.kind == "destination"][-1]
    assert far in asked.options and here in asked.options  # up to 2 spaces
    assert max(game.board.distances_from(here)[s] for s in asked.options) == 2


@pytest.mark.parametrize("text, kind", [
    ("Every time your Hero enters a town, move 1 space.", "hero"),
    ("Every time your Hero takes 1 or more wounds, roll 1 additional movement die.", "ally"),
])
def test_a_movement_effect_in_a_trigger_is_rf562(text, kind):
    hit = _refused(text, "RF562", kind)
    assert text[hit.span[0]:].lower().startswith(("move", "movement"))


# ---- a window before a rule made only of triggers ----------------------------------------------

@pytest.mark.parametrize("text, kind, lasting", [
    ("Before Combat: Every time your Hero takes 1 or more wounds, gain 1 gold.", "hero",
     "Before Combat: Until the end of this combat, every time your Hero takes 1 or more "
     "wounds, gain 1 gold."),
    ("When you defeat a challenge, every time your Hero enters a town, gain 1 gold.", "item",
     "When you defeat a challenge, until the end of this turn, every time your Hero enters a "
     "town, gain 1 gold."),
    ("At the start of your turn, every time your Hero enters a town, gain 1 gold.", "ally",
     "At the start of your turn, until the end of this turn, every time your Hero enters a "
     "town, gain 1 gold."),
    ("Any Phase: Every time your Hero takes 1 or more wounds, gain 1 gold.", "hero",
     "Any Phase: Until the end of this combat, every time your Hero takes 1 or more wounds, "
     "gain 1 gold."),
])
def test_a_window_before_a_rule_always_on_is_rf564_with_the_form_that_lasts(text, kind,
                                                                           lasting):
    """Such a rule is always on (no cost, only triggers): the engine fired it before the
    window and out of it. The hint's form, with a duration, is used at the window."""
    hit = _refused(text, "RF564", kind)
    assert lasting.split(" every time", 1)[0] in hit.hint, hit.hint
    usage = "constant" if kind == "item" else None
    ir, found = _findings(lasting, kind, usage)
    assert ir is not None and not found, [(f.code, f.message) for f in found]
    assert ir["effects"][0]["op"] == "for_duration" and not ir["static"]


def test_what_rf564_refuses_was_kept_always_on():
    from runeforge.dsl.runebound.parser import parse_ability
    from runeforge.engine.runebound.core import cardwindows as cw
    from runeforge.games.runebound.lower import lower

    ir = lower(parse_ability("Before Combat: Every time your Hero takes 1 or more wounds, "
                             "gain 1 gold."))
    assert cw.timing_of(ir) == "trigger"  # always on: "Before Combat:" is dropped


# ---- a rule given at the end of the turn --------------------------------------------------------

@pytest.mark.parametrize("text", [
    "At the end of your turn, you receive +1 Body.",
    "At the end of your turn, until the end of this turn, you receive +1 Body.",
    "At the end of your turn, Items cost you 1 less gold.",
])
def test_a_rule_given_as_the_turn_ends_that_ends_with_it_is_rf563(text):
    hit = _refused(text, "RF563", "hero")
    assert text[hit.span[0]:hit.span[1]] == "At the end of your turn"


def test_the_engine_ends_a_rule_given_at_the_end_of_the_turn_at_once(place_bundle):
    """What RF563 refuses: end_turn opens the window, then ends the turn's durations."""
    from runeforge.dsl.runebound.parser import parse_ability
    from runeforge.engine.runebound.core.effects import Context, build_effects, run_all
    from runeforge.engine.runebound.core.windows import END_OF_TURN, moment_at
    from runeforge.games.runebound.lower import lower
    from tests.test_lang_place_games import _game

    game, hero = _game(place_bundle)
    game.combat.moment = moment_at(END_OF_TURN, turn=game.state.turn)
    ir = lower(parse_ability("At the end of your turn, you receive +1 Body."))
    run_all(build_effects(ir["effects"]), Context(game.combat, hero, hero.id))
    assert game.combat.state.effects
    game.combat.expire("end_of_turn")  # what end_turn does right after the window
    assert not game.combat.state.effects


def test_a_rule_given_as_the_turn_ends_that_outlasts_it_compiles():
    ir, found = _findings("At the end of your turn, until the end of your next turn, you "
                          "receive +1 Body.", "hero")
    assert ir is not None and not found
