"""`runeforge fmt` is idempotent on every valid input (issue 37): what it writes reads back
and a second `fmt` (or `fmt --check`) leaves it as it is, also for abilities near the
language's length limit (10,000 characters: fmt has no schema) that fmt spells out longer: a
valid 9,999-character ability became 10,499 characters, which `fmt --check` then refused
(RF108). Such an ability now stays as written, with a warning.

Inputs (Hypothesis, few examples: each is an ability of up to 10,000 characters): random
abilities of the grammar (tests/strategies.py, nested as deep as the strategy goes),
repeated to a random length up to the limit, then written the short ways the parser also
reads (no space between a word and a number, "wound" for "wounds"), kept only when they
parse."""

from __future__ import annotations

import json
import re
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from runeforge import games
from runeforge.diagnostics import DiagnosticError
from runeforge.dsl.runebound import print_ability
from runeforge.dsl.runebound.limits import MAX_TEXT
from runeforge.formatter import format_file
from tests.conftest import item_with

from .strategies import ability

GAME = games.get("runebound-2e")
# short spellings the parser reads as the printed ones (fmt writes them out again)
SQUEEZES = [(re.compile(r"\b([A-Za-z]+) (\d)"), r"\1\2"), (re.compile(r"\bwounds\b"), "wound")]


def parses(text: str) -> bool:
    try:
        GAME.canonical(text)
    except DiagnosticError:
        return False
    return True


def squeeze(text: str, rules) -> str:
    for rule, short in rules:
        text = rule.sub(short, text)
    return text


@st.composite
def long_abilities(draw):
    """An ability of the grammar, its sentences repeated up to a random length (most often
    as near the limit as they go), written in some of the short ways when those parse."""
    ast = draw(ability())
    rules = [r for r in SQUEEZES if draw(st.booleans())]
    if rules and not parses(squeeze(print_ability(ast), rules)):
        rules = []
    per = max(1, len(squeeze(print_ability(ast), rules)) // max(1, len(ast.sentences)))
    most = max(1, MAX_TEXT // per + 1)
    times = draw(st.one_of(st.just(most), st.integers(1, most)))
    text = squeeze(print_ability(replace(ast, sentences=tuple(ast.sentences) * times)), rules)
    while len(text) > MAX_TEXT:  # cut whole sentences off the end to fit the limit
        text = text[: text.rstrip(".").rfind(". ") + 1]
    return text


def fmt(path, text: str) -> tuple[str, list]:
    """One `fmt` of a file holding ``text``: (the file's text after it, diagnostics)."""
    res = format_file(path, GAME.canonical, GAME.card_kinds,
                      raw=text.encode("utf-8"), places=GAME.ability_places)
    return (res.new_text if res.new_bytes is not None else text), res.diagnostics


def file_with(ability_text: str) -> str:
    return item_with("PLACEHOLDER").replace('"PLACEHOLDER"', json.dumps(ability_text))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(long_abilities())
def test_fmt_is_idempotent_and_its_output_is_valid(tmp_path_factory, text):
    if not text or not parses(text):
        return  # not a valid input
    path = tmp_path_factory.getbasetemp() / "items.yaml"
    once, diags = fmt(path, file_with(text))
    assert not [d for d in diags if d.is_error], diags
    written = re.search(r'abilities:\n\s+- (".*")\n', once).group(1)
    assert parses(json.loads(written))  # what fmt wrote reads back
    twice, again = fmt(path, once)
    assert twice == once  # a second fmt (fmt --check) changes nothing


def test_the_9999_character_ability_that_fmt_made_too_long(cli, tmp_path):
    text = "Take3 wound" + " and take3 wound" * 700 + "."
    while len(text) > 9_999:
        text = text.replace(" and take3 wound", "", 1)
    assert parses(text) and len(GAME.canonical(text)) > MAX_TEXT  # its canonical form is
    folder = tmp_path / "cards"  # over the limit: fmt leaves it as written, and says why
    folder.mkdir()
    (folder / "items.yaml").write_text(file_with(text), encoding="utf-8")
    res = cli("fmt", folder)
    assert res.exit_code == 0, res.output
    assert "warning[RF108]" in res.stdout and "not rewritten" in res.stdout
    assert (folder / "items.yaml").read_text(encoding="utf-8") == file_with(text)
    res = cli("fmt", "--check", folder)
    assert res.exit_code == 0 and "would reformat" not in res.stdout
