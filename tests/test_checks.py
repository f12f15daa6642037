"""Each semantic check of the reference's section 5 (and the activation rules of seed 002)
has a failing example here, written as a real YAML card, with its code and the exact
file:line:col of the offending words; and a corrected card that passes.
"""


import pytest

from runeforge import pipeline

MANIFEST = "kind: manifest\nid: test-pack\nname: Test pack\ntype: set\norigin: original\n" \
           "skills: [Swim, Climb]\n"

ITEM_HEAD = """\
kind: item
cards:
  - name: Test Item
    origin: original
    cost: 3
    class: artifact
    type: trinket
    usage: {usage}
    abilities:
"""
ITEM = ITEM_HEAD + '      - "{ability}"\n'
HERO = """\
kind: hero
cards:
  - name: Test Hero
    origin: original
    mind: 4
    body: 4
    spirit: 4
    ranged_damage: 1
    melee_damage: 1
    magic_damage: 1
    life: 8
    stamina: 3
    abilities:
      - "{ability}"
"""
ALLY = HERO.replace("kind: hero", "kind: ally").replace("Test Hero", "Test Ally").replace(
    "    mind: 4\n", "    cost: 2\n    mind: 4\n")


def run(tmp_path, template, ability, usage="activated"):
    (tmp_path / "manifest.yaml").write_text(MANIFEST)
    (tmp_path / "cards.yaml").write_text(template.format(ability=ability, usage=usage))
    result = pipeline.check([tmp_path])
    return [d for d in result.diagnostics if d.path.endswith("cards.yaml")]


def col_of(ability: str, fragment: str) -> int:
    # the ability sits on its line after '      - "' (9 characters)
    return 9 + ability.index(fragment) + 1


CASES = [
    # (code, template, usage, ability, offending fragment, fixed ability)
    ("RF401", ITEM, "activated",
     "Magic: Once during 'Before Combat', activate to make a magic attack.",
     "Once during 'Before Combat',", "Magic: Activate to make a magic attack."),
    ("RF401", ITEM, "activated", "Melee: Activate to make a ranged attack.",
     "make a ranged attack", "Melee: Activate to make a melee attack."),
    ("RF402", ITEM, "constant", "Activate to cancel 1 wound being inflicted on your Hero.",
     "Activate", "Once per combat, you may cancel 1 wound being inflicted on your Hero."),
    ("RF402", ITEM, "activated", "Before Combat: Discard to make a ranged attack.",
     "Discard", "Before Combat: Activate to make a ranged attack."),
    ("RF403", ITEM, "activated", "Before moving, activate to cancel 1 wound being inflicted "
     "on your Hero.", "cancel 1 wound being inflicted on your Hero",
     "Activate to cancel 1 wound being inflicted on your Hero."),
    ("RF403", ITEM, "activated", "Before Combat: Activate to make a magic attack. If you "
     "succeed, cancel 1 wound being inflicted on your Hero.",
     "cancel 1 wound being inflicted on your Hero",
     "Before Combat: Activate to make a magic attack. If you succeed, inflict 1 wound on "
     "your enemy."),
    ("RF404", ITEM, "activated", "Before Combat: Activate to make a magic attack. If you "
     "succeed, inflict X wounds on your enemy.", "X",
     "Before Combat: Activate and take X exhaustion to make a magic attack. If you succeed, "
     "inflict X wounds on your enemy."),
    ("RF406", ITEM, "activated", "Activate to gain 1 gold. If you succeed, gain 2 gold.",
     "If you succeed, gain 2 gold", "Activate to test Mind (12). If you succeed, gain 2 gold."),
    ("RF407", ALLY, None, "Before Combat: Test Body Swim (12). If you fail, take 1 wound.",
     "Test Body Swim (12)", "Before Combat: Take 1 exhaustion to make a magic attack."),
    ("RF408", ITEM, "activated", "Activate to test Body Swimm (12).", "test Body Swimm (12)",
     "Activate to test Body Swim (12)."),
    ("RF410", ITEM, "constant", "Your enemy receives +1 Stamina.", "Your enemy receives +1 "
     "Stamina", "Your enemy receives -1 Body."),
    ("RF411", HERO, None, "Before Combat: Activate to make a magic attack.", "Activate",
     "Before Combat: Take 1 exhaustion to make a magic attack."),
    ("RF411", ALLY, None, "Discard to inflict 1 wound on your enemy.", "Discard",
     "Before Combat: Take 1 exhaustion to make a ranged attack."),
    ("RF412", HERO, None, "Before Combat: Take 4 exhaustion to make a magic attack.",
     "Take 4 exhaustion", "Before Combat: Take 3 exhaustion to make a magic attack."),
]


@pytest.mark.parametrize("code,template,usage,ability,fragment,fixed", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_check_fails_at_the_offending_words_and_passes_when_fixed(
        tmp_path, code, template, usage, ability, fragment, fixed):
    diags = run(tmp_path, template, ability, usage)
    hits = [d for d in diags if d.code == code]
    assert hits, [d.render() for d in diags]
    d = hits[0]
    assert d.severity == "error"
    assert d.line == template.count("\n")  # the ability is the template's last line
    assert d.col == col_of(ability, fragment), d.render()
    assert d.hint
    assert d.render().startswith(f"{d.path}:{d.line}:{d.col}: error[{code}]")
    clean = run(tmp_path, template, fixed, usage)
    assert not [x for x in clean if x.is_error], [x.render() for x in clean]


WARNINGS = [
    ("RF405", ITEM, "activated", "Before Combat: Activate and take X exhaustion to make a "
     "magic attack.", "take X exhaustion"),
    ("RF409", ITEM, "constant", "Melee: Once per combat round, you may cancel 1 wound being "
     "inflicted on your Hero.", "Once per combat round,"),
    ("RF413", ITEM, "activated", "Once per turn, activate to gain 1 gold.", "Once per turn,"),
]


@pytest.mark.parametrize("code,template,usage,ability,fragment", WARNINGS,
                         ids=[w[0] for w in WARNINGS])
def test_warning_checks(tmp_path, code, template, usage, ability, fragment):
    diags = run(tmp_path, template, ability, usage)
    hits = [d for d in diags if d.code == code]
    assert hits and hits[0].severity == "warning", [d.render() for d in diags]
    assert hits[0].col == col_of(ability, fragment)
    # a warning does not stop the build: the ability still compiles
    result = pipeline.check([tmp_path])
    assert result.ok


def test_syntax_error_points_inside_the_yaml_string_with_words_and_suggestion(tmp_path):
    ability = "Before Combat: Activate and take exhaustoin to make a magic attack."
    diags = run(tmp_path, ITEM, ability)
    (d,) = diags
    assert (d.code, d.line, d.col) == ("RF302", 10, col_of(ability, "exhaustoin"))
    assert "expected a number, 'X', 'up to', 'all', 'a', 'one' or 'this' after 'take'" in d.message
    # issue 32: not "did you mean 'exhaustion'?", which fails again at the same place (the
    # amount is missing): the nearest whole sentence that parses
    assert d.hint == ("did you mean: 'Before Combat: Activate and take an exhaustion to make a "
                      "magic attack.'?")
    assert d.render().splitlines()[2].strip().startswith("| ")
    assert d.render().splitlines()[2].endswith("^" * len("exhaustoin"))


def test_plain_and_single_quoted_scalars_are_located_exactly(tmp_path):
    (tmp_path / "manifest.yaml").write_text(MANIFEST)
    (tmp_path / "cards.yaml").write_text(
        ITEM_HEAD.format(usage="activated")
        + "      - Activate to gain 1 goldd.\n"
        + "      - 'Activate to gain 1 gold. If you''re lucky, gain 2 gold.'\n")
    diags = [d for d in pipeline.check([tmp_path]).diagnostics if d.path.endswith("cards.yaml")]
    by_line = {d.line: d for d in diags}
    assert by_line[10].col == 8 + len("Activate to gain 1 ") + 1
    # in a single-quoted scalar '' is one quote: "re" is the unknown word after "If you'"
    line11 = "      - 'Activate to gain 1 gold. If you''re lucky, gain 2 gold.'"
    assert by_line[11].line == 11
    assert line11[by_line[11].col - 1:].startswith(("you''re", "'re", "re"))


def test_activation_cost_only_starts_the_ability(tmp_path):
    diags = run(tmp_path, ITEM, "Gain 1 gold. Activate to gain 1 gold.")
    assert [d.code for d in diags] == ["RF301"]
    assert "a cost can only start the ability" in diags[0].message
