"""Checks that the language branches' test modules share (issue 32, part III): a canonical
form that round-trips and renders in the five locales, and a rule refused at its own words."""

from __future__ import annotations

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.checks import CardContext, check_ability
from runeforge.games.runebound.text.render import render_ability

LOCALES = ("en", "fi", "pl", "el", "ru")


def assert_round_trips_and_renders(text: str) -> None:
    """``text`` prints as itself, reads back to the same AST, is its own English rules text,
    and renders in every other locale to a text of its own with no slot left unfilled."""
    ability = parse_ability(text)
    assert print_ability(ability) == text and parse_ability(text) == ability
    assert render_ability(ability, "en") == text
    seen = {text}
    for locale in LOCALES[1:]:
        out = render_ability(ability, locale)
        assert out and "{" not in out and out not in seen, (locale, out)
        seen.add(out)


def assert_refused_at(text: str, kind: str, code: str, words: str) -> None:
    """The checks refuse ``text`` on a card of ``kind`` with ``code``, a hint, and a span that
    is exactly ``words``."""
    found = [f for f in check_ability(parse_ability(text), CardContext(kind, None))
             if f.code == code]
    assert found and found[0].hint, text
    start, end = found[0].span
    assert text[start:end] == words
