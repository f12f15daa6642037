"""docs/language-reference.md, the normative reference of the ability language, is true.

* Every line of an ``ability`` block parses, prints back to the same text, compiles with every
  semantic check and no finding on the card its info string names (``ability hero``,
  ``ability item activated``; a bare ``ability`` block is a constant Item), validates against
  the IR schema and renders in every locale; and all of them together, written as cards of a
  scratch pack, pass the whole ``runeforge check`` pipeline.
* Every line of a ``diagnostic RFnnn`` block is reported with that code.
* Every line of a ``delve`` block compiles in the Delve dialect.
* Every rule of the grammar (each ``-> alias`` of dsl/ability.lark) is used by an example, so
  the reference shows every construct; the reserved-word list is the tokenizer's.
* The twelve normative examples of section 21 compile to the IR spelled out below.

The reference ships in the repository, so nothing here depends on files outside it.
"""

import re
from pathlib import Path

import pytest

from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import lexer, parse_ability, print_ability
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import raw_parser
from runeforge.engine.runebound.core.ir import validate_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.checks import CardContext
from runeforge.games.runebound.text.render import render_ability

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "docs" / "language-reference.md"
GRAMMAR = ROOT / "dsl" / "runebound" / "ability.lark"
LOCALES = ("en", "fi", "pl", "el", "ru")
SKILLS = ("Swim", "Climb", "Diplomacy")
HERO_STAMINA = 6  # the scratch pack's hero has this Stamina (RF412 reads it)
KINDS = ("hero", "ally", "item", "challenge", "event", "encounter")
USAGES = ("activated", "one-use", "constant")


def _reference_text() -> str:
    return REFERENCE.read_text(encoding="utf-8")


def _section(text: str, start: str, end: str | None = None) -> str:
    rest = text[text.index(start):]
    return rest[:rest.index(end)] if end else rest


def _context(words: list[str]) -> tuple[str, str | None]:
    kind = next((w for w in words if w in KINDS), "item")
    usage = next((w for w in words if w in USAGES), None)
    if kind == "item" and usage is None:
        usage = "constant"
    assert set(words) <= set(KINDS) | set(USAGES), f"unknown card context {words}"
    assert usage is None or kind == "item", f"usage on a {kind}"
    return kind, usage


def blocks() -> list[tuple[str, list[str], list[str]]]:
    """(fence type, info words, lines) of every ability/diagnostic/delve block."""
    out = []
    for m in re.finditer(r"^```(ability|diagnostic|delve|variant)([^\n]*)\n(.*?)^```",
                         _reference_text(),
                         flags=re.M | re.S):
        lines = [line for line in m.group(3).splitlines() if line.strip()]
        out.append((m.group(1), m.group(2).split(), lines))
    return out


def ability_examples() -> list[tuple[str, str, str | None]]:
    return [(text, *_context(words)) for fence, words, lines in blocks() if fence == "ability"
            for text in lines]


def diagnostic_examples() -> list[tuple[str, str, str, str | None]]:
    return [(words[0], text, *_context(words[1:])) for fence, words, lines in blocks()
            if fence == "diagnostic" for text in lines]


def variant_examples() -> list[tuple[str, str, str | None]]:
    """Issue 32: accepted variants (``variant`` blocks), each printed as another text."""
    return [(text, *_context(words)) for fence, words, lines in blocks() if fence == "variant"
            for text in lines]


def delve_examples() -> list[str]:
    return [text for fence, _, lines in blocks() if fence == "delve" for text in lines]


def _ctx(kind: str, usage: str | None) -> CardContext:
    return CardContext(kind, usage, HERO_STAMINA if kind == "hero" else None,
                       frozenset(SKILLS))


ABILITIES = ability_examples()
DIAGNOSTICS = diagnostic_examples()
VARIANTS = variant_examples()


def test_the_reference_has_examples_of_every_kind_of_block():
    assert len(ABILITIES) >= 150
    assert len(DIAGNOSTICS) >= 25
    assert len(delve_examples()) >= 5
    assert len(set(ABILITIES)) == len(ABILITIES), "an example is written twice"


@pytest.mark.parametrize("text, kind, usage", ABILITIES)
def test_every_reference_example_compiles_on_its_card(text, kind, usage):
    ability = parse_ability(text)
    assert print_ability(ability) == text, "the printer changes the example: not canonical"
    assert parse_ability(print_ability(ability)) == ability
    ir, findings = compile_ability(text, _ctx(kind, usage))
    assert [(f.code, f.message) for f in findings] == []
    validate_ability(ir)
    assert ir["source"] == text
    for locale in LOCALES:
        rendered = render_ability(ability, locale)
        assert rendered and "{" not in rendered, (locale, rendered)
    assert render_ability(ability, "en") == text


@pytest.mark.parametrize("text, kind, usage", VARIANTS)
def test_every_variant_compiles_to_the_ir_of_its_canonical_text(text, kind, usage):
    """A variant is not canonical: `fmt` rewrites it, and the rewrite means the same."""
    ability = parse_ability(text)
    canonical = print_ability(ability)
    assert canonical != text
    assert parse_ability(canonical) == ability
    ir, findings = compile_ability(text, _ctx(kind, usage))
    assert [(f.code, f.message) for f in findings if f.severity == "error"] == []
    again, _ = compile_ability(canonical, _ctx(kind, usage))
    assert ir == again


@pytest.mark.parametrize("code, text, kind, usage", DIAGNOSTICS)
def test_every_diagnostic_example_is_reported_with_its_code(code, text, kind, usage):
    assert re.fullmatch(r"RF\d{3}", code)
    try:
        parse_ability(text)
    except AbilitySyntaxError as err:
        assert err.code == code, err.message
        return
    _, findings = compile_ability(text, _ctx(kind, usage))
    assert code in {f.code for f in findings}, [(f.code, f.message) for f in findings]


def test_a_diagnostic_check_can_fail():
    """The diagnostic test is not vacuous: a clean ability has no finding of any code."""
    _, findings = compile_ability("Gain 1 gold.", _ctx("item", "constant"))
    assert findings == []


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


_FIELDS = {
    "hero": ["mind: 3", "body: 3", "spirit: 3", "ranged_damage: 1", "melee_damage: 1",
             "magic_damage: 1", "life: 8", f"stamina: {HERO_STAMINA}"],
    "ally": ["cost: 4", "life: 4"],
    "item": ["cost: 3", "class: artifact"],
    "challenge": ["colour: green", "body: 10", "life: 3", "reward: {gold: 1, keep: false}"],
    "event": ["colour: green", "event_number: 1"],
    "encounter": ["colour: green"],
}


def test_the_examples_pass_runeforge_check_as_cards_of_a_scratch_pack(tmp_path):
    """The reference's examples as an author would use them: card files of a pack, checked
    by the same pipeline as `runeforge check DIR`."""
    from runeforge import pipeline

    pack = tmp_path / "reference-pack"
    pack.mkdir()
    (pack / "manifest.yaml").write_text(
        "kind: manifest\nid: reference-pack\nname: Reference examples\ntype: set\n"
        f"origin: original\nskills: [{', '.join(SKILLS)}]\n", encoding="utf-8")
    files: dict[tuple[str, str | None], list[str]] = {}
    for i, (text, kind, usage) in enumerate(ABILITIES):
        fields = _FIELDS[kind] + ([f"usage: {usage}"] if usage else [])
        card = [f"  - name: Reference Example {i}", "    origin: original"]
        card += [f"    {f}" for f in fields]
        card += ["    abilities:", f"      - {_yaml_str(text)}"]
        files.setdefault((kind, usage), []).extend(card)
    for (kind, usage), lines in files.items():
        name = f"{kind}-{usage or 'card'}.yaml"
        (pack / name).write_text(f"kind: {kind}\ncards:\n" + "\n".join(lines) + "\n",
                                 encoding="utf-8")
    delve = tmp_path / "delve-pack"
    delve.mkdir()
    (delve / "manifest.yaml").write_text(
        "kind: manifest\nid: reference-delve\nname: Reference examples (Delve)\ntype: set\n"
        "origin: original\ngame: delve\n", encoding="utf-8")
    (delve / "heroes.yaml").write_text(
        "kind: hero\ncards:\n  - name: Reference Delver\n    origin: original\n    move: 3\n"
        "    vigour: 5\n    abilities:\n"
        + "".join(f"      - {_yaml_str(t)}\n" for t in delve_examples()), encoding="utf-8")
    result = pipeline.check([tmp_path], include_bundled=True)
    mine = [d for d in result.diagnostics if str(tmp_path) in str(d.path)]
    assert [d.render() for d in mine] == []
    assert not [d.render() for d in result.diagnostics if d.severity == "error"]
    compiled = {cid: irs for cid, irs in result.compiled.items()
                if cid.startswith("reference-example-")}
    assert len(compiled) == len(ABILITIES)
    assert all(len(irs) == 1 for irs in compiled.values())
    assert len(result.compiled["reference-delver"]) == len(delve_examples())


def test_the_delve_examples_compile_in_the_delve_dialect():
    from runeforge.dsl.delve.checks import check_ability
    from runeforge.dsl.delve.parser import parse_ability as parse_delve
    from runeforge.dsl.delve.printer import print_ability as print_delve
    from runeforge.engine.delve.ir import validate_ability as validate_delve
    from runeforge.games.delve.abilities import lower

    for text in delve_examples():
        ability = parse_delve(text)
        assert print_delve(ability) == text
        assert [p.code for p in check_ability(ability)] == []
        validate_delve(lower(ability))


def _grammar_aliases() -> set[str]:
    return set(re.findall(r"->\s*(\w+)", GRAMMAR.read_text(encoding="utf-8")))


def test_every_construct_of_the_grammar_has_an_example():
    parser = raw_parser()
    used = set()
    for text, _, _ in ABILITIES + VARIANTS:
        used |= {t.data for t in parser.parse(text).iter_subtrees()}
    # a construct the language parses only to refuse it where it is written (RF454, RF470,
    # RF471, RF481: "roll a die" inside a clause, branch rbnp) is shown by its diagnostic example
    refused = [text for code, text, *_ in DIAGNOSTICS
               if code in ("RF454", "RF456", "RF470", "RF471", "RF481",
                           "RF483",  # branch rbmod: multipliers, refused at their words
                           "RF489",  # issue 32 (branch rbtrig2): no movement roll window
                           "RF520", "RF521", "RF523",  # branch rbverb: refused at their words
                           "RF514",  # branch rbcost: an act no Ally does ("this Ally rests")
                           "RF532",  # branch rbmodi: 'against <colours>' after an attack
                           "RF533",  # branch rbsubj: a bar "this round", refused
                           "RF540",  # branch rbwho: 'ignore it' of a travel hazard
                           "RF566")]  # branch rbseven: a test with no target number
    assert refused
    for text in refused:
        used |= {t.data for t in parser.parse(text).iter_subtrees()}
    missing = sorted(_grammar_aliases() - used)
    assert len(_grammar_aliases()) > 100
    assert not missing, f"the reference shows no example of {missing}"


def test_the_reserved_word_list_is_the_tokenizers():
    text = _reference_text()
    listed = re.search(r"<!-- reserved-words[^\n]*-->\n(.*?)<!-- /reserved-words -->", text,
                       re.S).group(1)
    words = {w.strip() for w in listed.replace("\n", " ").split(",") if w.strip()}
    base = {spellings[0] for spellings in lexer._TERMINAL_WORDS.values()}
    assert base <= words, sorted(base - words)
    assert words <= set(lexer.VOCABULARY), sorted(words - set(lexer.VOCABULARY))


def test_every_diagnostic_code_of_the_checks_table_exists():
    table = _section(_reference_text(), "## 17. Checks", "## 18.")
    codes = set(re.findall(r"RF\d{3}", table))
    doc = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
    assert codes and all(f"| {c} |" in doc for c in codes), sorted(
        c for c in codes if f"| {c} |" not in doc)


def fixed(v):
    return {"kind": "fixed", "value": v}


HERO = "hero"
# name -> (kind, usage, expected IR without "source")
EXPECTED = {
    "Mirror of Shael": ("item", "activated", {
        "timing": {"tag": "before_combat", "window": None}, "limits": ["turn"],
        "costs": [{"op": "activate"}, {"op": "exhaustion", "amount": fixed(1)}],
        "static": False, "reaction": None,
        "effects": [{"op": "for_duration", "until": "end_of_combat", "effects": [
            {"op": "trigger",
             "event": {"kind": "takes_wounds", "target": "hero",
                       "amount": {"kind": "at_least", "value": 1}, "phase": "magic"},
             "effects": [{"op": "suffer", "amount": fixed(1), "token": "wound",
                          "target": "enemy"}]}]}]}),
    "Rune Plate": ("item", "constant", {
        "timing": {"tag": "any_phase", "window": None}, "limits": ["before_combat", "round"],
        "costs": [], "static": False, "reaction": "wounds_inflicted",
        "effects": [{"op": "optional", "effects": [
            {"op": "cancel", "amount": fixed(1), "target": "hero"}]}]}),
    "Shield of Light": ("item", "activated", {
        "timing": {"tag": None, "window": None}, "limits": ["turn"],
        "costs": [{"op": "activate"}], "static": False, "reaction": "wounds_inflicted",
        "effects": [{"op": "cancel", "amount": {"kind": "choice", "values": [1, 2]},
                     "target": "hero"},
                    {"op": "inflict", "amount": fixed(1), "target": "enemy"}]}),
    "Staff of Light": ("item", "activated", {
        "timing": {"tag": None, "window": "before_moving"}, "limits": ["turn"],
        "costs": [{"op": "activate"}], "static": False, "reaction": None,
        "effects": [{"op": "heal", "amount": {"kind": "all"},
                     "tokens": ["wound", "exhaustion"], "target": "hero_or_ally"}]}),
    "Touch of Death": ("item", "activated", {
        "timing": {"tag": "before_combat", "window": None}, "limits": ["turn"],
        "costs": [{"op": "activate"}, {"op": "exhaustion", "amount": {"kind": "x"}}],
        "static": False, "reaction": None,
        "effects": [{"op": "attack", "phase": "magic", "bonus": 0, "damage": "effect"},
                    {"op": "if", "outcome": "success", "effects": [
                        {"op": "inflict", "amount": {"kind": "x"}, "target": "enemy"}]}]}),
    "Wings of Regiroth": ("item", "activated", {
        "timing": {"tag": None, "window": "before_moving"}, "limits": ["turn"],
        "costs": [{"op": "activate"}], "static": False, "reaction": None,
        "effects": [{"op": "move", "amount": {"kind": "up_to", "value": 4},
                     "any_direction": True, "instead_of_rolling": True}]}),
    "Belt of Strength": ("item", "constant", {
        "timing": {"tag": None, "window": None}, "limits": [], "costs": [], "static": True,
        "reaction": None,
        "effects": [{"op": "modify", "target": "hero", "stat": "body", "value": 3}]}),
    "Padded Leather Armor": ("item", "activated", {
        "timing": {"tag": None, "window": None}, "limits": ["turn"],
        "costs": [{"op": "activate"}], "static": False, "reaction": "wounds_inflicted",
        "effects": [{"op": "cancel", "amount": fixed(1), "target": "hero"}]}),
    "Varikas the Dead": ("hero", None, {
        "timing": {"tag": "before_combat", "window": None}, "limits": ["turn"],
        "costs": [{"op": "exhaustion", "amount": fixed(1)}], "static": False,
        "reaction": None,
        "effects": [{"op": "attack", "phase": "magic", "bonus": 0, "damage": "normal"}]}),
    "Blood of the Bloodmother": ("challenge", None, {
        "timing": {"tag": "before_combat", "window": None}, "limits": ["turn"], "costs": [],
        "static": False, "reaction": None,
        "effects": [{"op": "test", "attribute": "body", "skill": "Swim", "target_number": 14},
                    {"op": "if", "outcome": "failure", "effects": [
                        {"op": "suffer", "amount": fixed(1), "token": "wound",
                         "target": HERO}]}]}),
    "Dwarven Fire Bomb": ("item", "one-use", {
        "timing": {"tag": "before_combat", "window": None}, "limits": ["turn"],
        "costs": [{"op": "discard"}], "static": False, "reaction": None,
        "effects": [{"op": "attack", "phase": "ranged", "bonus": 0, "damage": "effect"},
                    {"op": "if", "outcome": "success", "effects": [
                        {"op": "inflict", "amount": fixed(2), "target": "enemy"}]}]}),
    "An event": ("event", None, {
        "timing": {"tag": None, "window": None}, "limits": [], "costs": [], "static": True,
        "reaction": None,
        "effects": [{"op": "cost_modifier", "subjects": ["item", "ally"], "factor": 2}]}),
}


def normative_examples() -> list[tuple[str, str]]:
    sec = _section(_reference_text(), "## 21. Normative examples")
    found = re.findall(r"^\d+\. (.+?) (?:\([^)]*\) )?— `([^`]+)`", sec, flags=re.M)
    return [(name.strip(), text) for name, text in found]


def test_reference_lists_all_twelve_examples():
    names = [name for name, _ in normative_examples()]
    assert len(names) == 12
    assert set(names) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_normative_example_round_trips_and_compiles(name):
    text = dict(normative_examples())[name]
    ability = parse_ability(text)
    assert print_ability(ability) == text
    assert parse_ability(print_ability(ability)) == ability
    kind, usage, expected = EXPECTED[name]
    ir = compile_text(text, kind=kind, usage=usage)
    validate_ability(ir)
    assert ir["source"] == text
    assert {k: v for k, v in ir.items() if k != "source"} == expected


def test_durations_and_trigger_events_of_the_reference():
    durations = ["Until the end of this combat", "Until the end of this combat round",
                 "Until the end of this turn", "Until the start of your next turn"]
    table = _section(_reference_text(), "## 13. Durations", "## 14.")
    for d in durations:
        assert f"`{d},`" in table
        text = f"{d}, you receive +1 Mind."
        assert print_ability(parse_ability(text)) == text
    events = ["your Hero takes 2 wounds", "each of your Allies takes 1 or more wounds",
              "your Hero takes 1 wound as the result of a ranged combat roll",
              "you defeat a challenge", "your Hero is knocked out"]
    for e in events:
        text = f"Every time {e}, gain 1 gold."
        assert print_ability(parse_ability(text)) == text


def test_windows_and_limits_of_the_reference():
    windows = ["Before moving", "After moving", "At the start of your turn",
               "At the end of your turn", "During your market step", "After combat",
               "When you defeat a challenge", "When your Hero is knocked out"]
    table = _section(_reference_text(), "## 6. Windows", "## 7.")
    for w in windows:
        assert f"`{w},`" in table
        text = f"{w}, gain 1 gold."
        a = parse_ability(text)
        assert a.window is not None and print_ability(a) == text
    limits = ["Once per turn", "Once per combat", "Once per combat round",
              "Once during 'Before Combat'",
              "Once during 'Before Combat' and once per combat round"]
    for lim in limits:
        text = f"{lim}, you may gain 1 gold."
        assert print_ability(parse_ability(text)) == text


def test_all_phases_and_any_phase_mean_the_same_but_print_as_written():
    a = parse_ability("All Phases: You receive +1 Mind.")
    b = parse_ability("Any Phase: You receive +1 Mind.")
    assert print_ability(a) == "All Phases: You receive +1 Mind."
    assert compile_text("All Phases: You receive +1 Mind.")["timing"] == \
        compile_text("Any Phase: You receive +1 Mind.")["timing"]
    assert a != b


def test_keywords_are_case_insensitive_and_spacing_is_free():
    messy = ("before   combat:ACTIVATE and take x EXHAUSTION to make a Magic attack.if you "
             "SUCCEED,inflict x wound on your ENEMY.")
    assert print_ability(parse_ability(messy)) == (
        "Before Combat: Activate and take X exhaustion to make a magic attack. "
        "If you succeed, inflict X wounds on your enemy.")


def test_icons_stand_for_words():
    a = parse_ability("Inflict 2 {wound} on your enemy.")
    assert a == parse_ability("Inflict 2 wounds on your enemy.")
    assert print_ability(parse_ability("You receive +1 {body}.")) == "You receive +1 Body."


def test_the_not_yet_accepted_forms_are_refused():
    """Section 19's table: each form in its left column is still a syntax error (when one
    becomes accepted, move it into the reference with an example)."""
    table = _section(_reference_text(), "## 19. Not yet accepted", "## 20.")
    refused = [t for t in re.findall(r"^\| [^|]*?`([^`]+)`", table, flags=re.M)]
    assert len(refused) >= 6
    for text in refused:
        whole = text.replace("…", "gain 1 gold.")
        with pytest.raises(AbilitySyntaxError):
            parse_ability(whole)


def test_spans_point_into_the_text():
    text = "Before Combat: Test Body Swim (14). If you fail, take 1 wound."
    a = parse_ability(text)
    test, outcome = a.sentences
    assert text[slice(*test.span)] == "Test Body Swim (14)"
    assert text[slice(*outcome.span)] == "If you fail, take 1 wound"
    assert isinstance(outcome.effect, n.Suffer)
    assert text[slice(*outcome.effect.amount.span)] == "1"
