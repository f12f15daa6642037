"""Issue 22, items 1 and 2: the ability language under hostile input.

Nested prefixes are checked in time linear in the ability (the IR validator visits each node
once), nest at most 32 deep (RF304, before anything recurses), and numbers are at most 999
(RF305, before ``int`` sees a 5,000-digit string), and an ability string is at most 10,000
characters (RF108, so that ``fmt``, which has no schema limit, parses any string in
milliseconds). ``check`` and ``fmt --check`` report each as a located diagnostic, never exit 3.
"""

from __future__ import annotations

import signal

import pytest

from runeforge.diagnostics import DiagnosticError
from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import lexer, parser
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.engine.runebound.core import ir as irmod
from runeforge.engine.runebound.core.ir import IRError, checker, validate_ability
from runeforge.games.runebound.abilities import canonical_text, compile_text
from tests.conftest import item_with

UNTIL = "Until the end of this turn, "
# what a duration keeps in force: "gain 1 gold" under a duration is refused (RF530, issue 32:
# the engine never runs a one-off effect kept by a duration), a bonus lasts
LASTING = "you receive +1 Body."
EVERY = "Every time your Hero takes 1 wound, "
PREFIXES = {
    "duration": UNTIL,
    "trigger": EVERY,
    "outcome": "If you succeed, ",
}


def _ability(prefix: str, depth: int, tail: str | None = None) -> str:
    lead = "Make a magic attack. " if prefix.startswith("If") else ""
    if tail is None:
        tail = LASTING if prefix == UNTIL else "gain 1 gold."
    return lead + prefix * depth + tail


@pytest.fixture
def alarm():
    """A generous wall-clock guard (seconds) that interrupts exponential blow-up: a timing
    target is a benchmark, but a hang must fail the test instead of stalling the suite."""

    def arm(seconds: int):
        def on_alarm(signum, frame):
            raise TimeoutError(f"still running after {seconds} s")
        signal.signal(signal.SIGALRM, on_alarm)
        signal.alarm(seconds)

    yield arm
    signal.alarm(0)
    signal.signal(signal.SIGALRM, signal.SIG_DFL)


def _compile_error(text: str) -> DiagnosticError:
    with pytest.raises(DiagnosticError) as info:
        compile_text(text)
    return info.value


def _codes(err: DiagnosticError) -> list[str]:
    return [d.code for d in err.diagnostics]


# ---- item 1: linear validation ------------------------------------------------------------

@pytest.mark.parametrize("kind", sorted(PREFIXES))
def test_validation_work_grows_linearly_with_nesting(kind):
    visits = []
    for depth in range(1, 21):
        validate_ability(compile_text(_ability(PREFIXES[kind], depth)))
        visits.append(checker().visits)
    steps = {b - a for a, b in zip(visits[:-1], visits[1:], strict=True)}
    assert len(steps) == 1, visits  # the same work per level: linear, not 2**depth or 3**depth
    assert visits[-1] < 20 * 40, visits


def test_the_schema_itself_is_linear_for_a_standard_validator(alarm):
    """Any draft 2020-12 validator checks the published schema in linear time: each node is
    checked against one branch (if/then on its 'op'), not against every oneOf alternative."""
    jsonschema = pytest.importorskip("jsonschema")
    schema = irmod.ir_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    alarm(30)  # was more than 120 s at depth 20; now milliseconds
    for kind in PREFIXES:
        ir = compile_text(_ability(PREFIXES[kind], 20))
        assert validator.is_valid(ir)
        ir["effects"][-1]["effects"][0]["bogus"] = 1
        assert not validator.is_valid(ir)


def test_nested_duration_card_checks_cleanly(content_dir, cli, alarm):
    """The card of issue 22 (twenty nested durations, 572 characters with 'gain 1 gold.'; a
    bonus now, which the durations keep) through `check`."""
    text = _ability(UNTIL, 20)
    assert len(text) == 572 - len("gain 1 gold.") + len(LASTING)
    content_dir.write("items.yaml", item_with(text, _ability(EVERY, 14)))
    alarm(60)  # a hang guard against blow-up (it takes about a second); time is no verdict
    result = cli("check", content_dir)
    assert result.exit_code == 0, result.output
    assert "0 errors" in result.output


# ---- item 2: nesting limit -----------------------------------------------------------------

def test_dsl_limits_are_the_ir_limits():
    assert parser.MAX_NESTING == irmod.MAX_NESTING == 32
    assert lexer.MAX_NUMBER == irmod.MAX_NUMBER == 999


@pytest.mark.parametrize("kind", sorted(PREFIXES))
def test_nesting_up_to_the_limit_compiles(kind):
    ir = compile_text(_ability(PREFIXES[kind], parser.MAX_NESTING))
    depth, effects = 0, ir["effects"]
    while effects and "effects" in effects[-1]:
        depth, effects = depth + 1, effects[-1]["effects"]
    assert depth == parser.MAX_NESTING


@pytest.mark.parametrize("kind", sorted(PREFIXES))
@pytest.mark.parametrize("depth", [33, 100, 250])
def test_nesting_over_the_limit_is_rf304_at_the_33rd_prefix(kind, depth):
    prefix = PREFIXES[kind]
    text = _ability(prefix, depth)
    with pytest.raises(AbilitySyntaxError) as info:
        parse_ability(text)
    err = info.value
    assert err.code == "RF304"
    lead = text.index(prefix)
    assert err.start == lead + 32 * len(prefix)  # counted from the outside
    assert text[err.start:err.end].strip() == prefix.strip()
    assert "the limit is 32" in err.message
    assert _codes(_compile_error(text)) == ["RF304"]


def test_you_may_and_a_trailing_trigger_count_as_levels():
    text = UNTIL * 31 + "you may gain 1 gold every time you defeat a challenge."
    with pytest.raises(AbilitySyntaxError) as info:
        parse_ability(text)
    assert info.value.code == "RF304"
    # the trailing trigger scopes "you may ...": it is level 32, "you may" level 33
    assert text[info.value.start:info.value.end] == "you may "
    assert compile_text(UNTIL * 31 + "you may receive +1 Body.")  # the bonus lasts
    text = UNTIL * 32 + "gain 1 gold every time you defeat a challenge."
    with pytest.raises(AbilitySyntaxError) as info:
        parse_ability(text)
    assert text[info.value.start:info.value.end] == " every time you defeat a challenge"


def test_cost_sentence_nesting_is_limited_too():
    text = "Activate to " + "you may gain 1 gold every time you defeat a challenge. " + (
        "If you succeed, " * 40) + "gain 1 gold."
    err = _compile_error(text)
    assert _codes(err) == ["RF304"]


def test_fmt_reports_deep_nesting_located_in_the_string():
    text = _ability(UNTIL, 40)
    with pytest.raises(DiagnosticError) as info:
        canonical_text(text)
    (diag,) = info.value.diagnostics
    assert diag.code == "RF304"
    assert diag.col == 32 * len(UNTIL) + 1


def test_ir_validator_refuses_deep_hand_made_ir_without_recursion():
    ir = compile_text("Gain 1 gold.")
    for depth in (irmod.MAX_NESTING + 1, 100_000):
        inner = [{"op": "gain_gold", "amount": {"kind": "fixed", "value": 1}}]
        for _ in range(depth):
            inner = [{"op": "optional", "effects": inner}]
        ir["effects"] = inner
        with pytest.raises(IRError, match="nested more than 33 'effect' levels"):
            validate_ability(ir)


def test_ir_validator_survives_hostile_values():
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    hostile = (deep, {"a": deep}, 10 ** 5000, -(10 ** 5000), 4.0, True, None, "1", 1000, -1)
    for bad in hostile:
        ir = compile_text("Gain 1 gold.")
        ir["effects"][0]["amount"]["value"] = bad
        with pytest.raises(IRError, match="effects/0/amount/value"):
            validate_ability(ir)
    for bad in hostile[:-3]:
        ir = compile_text("Gain 1 gold.")
        ir["limits"] = [bad]
        with pytest.raises(IRError, match="limits/0"):
            validate_ability(ir)


# ---- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, start", [
    ("Gain 1000 gold.", 5),
    ("Gain " + "9" * 5000 + " gold.", 5),
    ("You receive +" + "9" * 4301 + " Body.", 12),
    ("You receive -1000 Body.", 12),
    ("Test Body (" + "1" * 9_000 + ").", 11),
    ("Activate to gain 1 or " + "7" * 5000 + " gold.", 22),
])
def test_a_number_over_999_is_rf305_at_the_number(text, start):
    with pytest.raises(AbilitySyntaxError) as info:
        parse_ability(text)
    assert info.value.code == "RF305"
    assert info.value.start == start
    assert "at most 999" in info.value.message
    assert len(info.value.message) < 200  # the number is not copied into the message
    assert _codes(_compile_error(text)) == ["RF305"]


def test_numbers_up_to_999_and_leading_zeros_are_fine():
    assert compile_text("You receive +999 Body.")["effects"][0]["value"] == 999
    assert compile_text("You receive -999 Body.")["effects"][0]["value"] == -999
    assert canonical_text("Gain " + "0" * 5000 + "7 gold.") == "Gain 7 gold."


def test_parse_of_nested_text_stays_linear():
    """The amount check walks each sentence once ("N or more" inside its event)."""
    sentence = "Every time your Hero takes 1 or more wounds, gain 1 gold. "
    ast = parse_ability(sentence * 150)
    assert len(ast.sentences) == 150
    assert all(isinstance(s, n.Trigger) for s in ast.sentences)


# ---- the CLI: located diagnostics, exit 1, never 3 -------------------------------------------

def test_check_and_fmt_report_hostile_abilities(content_dir, cli):
    content_dir.write("items.yaml",
                      item_with(_ability("If you succeed, ", 40), "Gain 1000 gold."))
    checked = cli("check", content_dir)
    assert checked.exit_code == 1, checked.output
    path = str(content_dir.root / "items.yaml")
    assert f"items.yaml:10:{9 + 1 + len('Make a magic attack. ') + 32 * 16}: error[RF304]" \
        in checked.output
    assert "items.yaml:11:15: error[RF305]" in checked.output
    formatted = cli("fmt", "--check", content_dir)
    assert formatted.exit_code == 1, formatted.output
    assert "[RF304]" in formatted.output and "[RF305]" in formatted.output
    assert path  # the file was not rewritten by --check
    assert "1000 gold" in (content_dir.root / "items.yaml").read_text(encoding="utf-8")


def test_fmt_check_on_long_hostile_abilities_never_exits_3(content_dir, cli, alarm):
    """fmt has no 1,000-character limit: 300 nested prefixes, 5,000-digit numbers, and a
    string of 5,000 prefixes (140,000 characters) over the language's own 10,000."""
    nines = "9" * 5000
    content_dir.write("items.yaml", item_with(_ability(UNTIL, 300), f"Gain {nines} gold.",
                                              f"You receive +{nines} Body.",
                                              _ability(UNTIL, 5000)))
    alarm(60)
    result = cli("fmt", "--check", content_dir)
    assert result.exit_code == 1, result.output[:2000]
    assert result.output.count("[RF304]") == 1
    assert result.output.count("[RF305]") == 2
    assert f"items.yaml:13:{9 + 10_000 + 1}: error[RF108]" in result.output
    assert "internal error" not in result.output


def test_ability_text_over_10000_characters_is_rf108():
    text = "Gain 1 gold. " * 800
    assert len(parse_ability(("Gain 1 gold. " * 769).rstrip()).sentences) == 769
    with pytest.raises(AbilitySyntaxError) as info:
        parse_ability(text)
    assert (info.value.code, info.value.start, info.value.end) == ("RF108", 10_000, len(text))
    assert parser.MAX_TEXT == 10_000


# ---- the core's scopes (issue 32, part III): each is an effect list of the IR too ------------
# A fuzz failure: "Gain 1 gold for each Ally you have" with the modifier 33 times parsed and
# passed the checks, then lowered to IR the schema refuses (33 'repeat' effect lists nested,
# over MAX_NESTING); "each Hero ..." and "pay 1 gold to ..." under 32 prefixes did the same.
FOR_EACH = " for each Ally you have"
CORE_NESTS = {  # kind: (the text nesting `depth` effect lists, the words of the deepest)
    "for_each": (lambda d: "Gain 1 gold" + FOR_EACH * d + ".", FOR_EACH.strip()),
    # nested under triggers: a duration over a one-off effect is refused (RF530), so the filler
    # is a prefix that runs what it holds (issue 32, "what compiles runs")
    "each_hero": (lambda d: EVERY * (d - 1) + "each Hero gains 1 gold.", "each Hero"),
    "heroes_may": (lambda d: EVERY * (d - 2) + "each other Hero may gain 1 gold.",
                   "each other Hero may"),
    "pay_to": (lambda d: UNTIL * (d - 1) + "pay 1 gold to receive +1 Body.", "pay 1 gold to"),
}


def _ir_depth(effects: list) -> int:
    """How many effect lists nest below the ability's own (the deepest path)."""
    deepest, stack = 0, [(e, 0) for e in effects]
    while stack:
        effect, depth = stack.pop()
        deepest = max(deepest, depth)
        lists = [effect[k] for k in ("effects", "else") if isinstance(effect.get(k), list)]
        lists += effect.get("options", []) + [r["effects"] for r in effect.get("rows", [])]
        stack.extend((e, depth + 1) for inner in lists for e in inner)
    return deepest


@pytest.mark.parametrize("kind", sorted(CORE_NESTS))
def test_core_scopes_up_to_the_limit_compile_to_valid_ir(kind):
    text = CORE_NESTS[kind][0](parser.MAX_NESTING)
    ir = compile_text(text)  # validates the IR
    assert _ir_depth(ir["effects"]) == parser.MAX_NESTING == irmod.MAX_NESTING


@pytest.mark.parametrize("kind", sorted(CORE_NESTS))
@pytest.mark.parametrize("depth", [33, 40])
def test_core_scopes_over_the_limit_are_rf304_at_the_deepest_words(kind, depth):
    make, words = CORE_NESTS[kind]
    text = make(depth)
    with pytest.raises(AbilitySyntaxError) as info:
        parse_ability(text)
    err = info.value
    assert err.code == "RF304" and "the limit is 32" in err.message
    assert err.hint and "split" in err.hint
    filler = UNTIL if kind == "pay_to" else EVERY
    deepest = words if kind == "for_each" or depth == 33 else filler.strip()  # 33rd from outside
    assert text[err.start:err.end].strip() == deepest
    if kind == "for_each":  # each modifier wraps those before it: the 33rd from the right
        assert err.start == len("Gain 1 gold") + (depth - 33) * len(FOR_EACH) + 1
    assert _codes(_compile_error(text)) == ["RF304"]


def test_every_node_with_an_effect_counts_as_a_level():
    """Each AST node that holds an effect lowers to an IR op with an effect list of its own,
    so check_nesting must count it, or the IR schema refuses what the checks passed."""
    import dataclasses

    from runeforge.dsl.runebound.limits import SCOPES

    holders = {c for c in vars(n).values() if isinstance(c, type)
               and dataclasses.is_dataclass(c)
               and "effect" in {f.name for f in dataclasses.fields(c)}}
    assert holders and holders <= set(SCOPES), sorted(c.__name__ for c in holders - set(SCOPES))


def test_check_reports_deep_for_each_located(content_dir, cli):
    text = CORE_NESTS["for_each"][0](40)
    content_dir.write("items.yaml", item_with(text))
    checked = cli("check", content_dir)
    assert checked.exit_code == 1, checked.output
    column = 9 + 1 + len("Gain 1 gold") + (40 - 33) * len(FOR_EACH) + 1
    assert f"items.yaml:10:{column}: error[RF304]" in checked.output, checked.output
    assert "internal error" not in checked.output and "Traceback" not in checked.output
