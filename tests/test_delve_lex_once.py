"""A Delve ability is tokenized once (issue 38, branch speedcold): parse_ability tokenizes
the text to report its length and number limits before the parser reads anything, and the
parser's lexer is handed those tokens instead of tokenizing the text a second time."""

from __future__ import annotations

import pytest

from runeforge.dsl.delve import lexer, parser
from runeforge.dsl.errors import AbilitySyntaxError


@pytest.fixture
def counted(monkeypatch):
    calls: list[str] = []
    real = lexer.tokenize

    def counting(text):
        calls.append(text)
        return real(text)

    monkeypatch.setattr(parser, "tokenize", counting)
    monkeypatch.setattr(lexer, "tokenize", counting)
    return calls


@pytest.mark.parametrize("text", ["Heal 1 wound.",
                                  "Notched Axe (2+): Combat. Hit 4, Damage 2.",
                                  "Every time you explore a chamber, gain 1 renown."])
def test_an_ability_is_tokenized_once_and_parses_alike(counted, text):
    ast = parser.parse_ability(text)
    assert counted == [text]
    assert lexer.HELD.text is None  # nothing held past the parse
    counted.clear()
    assert list(lexer.DelveLexer(None).lex(text)) == list(lexer.tokenize(text))  # not held
    assert repr(ast) == repr(parser.parse_ability(text))


def test_a_text_the_parser_refuses_holds_nothing_after(counted):
    with pytest.raises(AbilitySyntaxError):
        parser.parse_ability("Heal the moon gently.")
    assert lexer.HELD.text is None and lexer.HELD.take("Heal the moon gently.") is None


def test_the_lexer_tokenizes_a_text_other_than_the_one_held():
    lexer.HELD.hold("Heal 1 wound.", ["not these"])
    try:
        got = list(lexer.DelveLexer(None).lex("Gain 1 renown."))
    finally:
        lexer.HELD.take("Heal 1 wound.")
    assert [t.type for t in got] == [t.type for t in lexer.tokenize("Gain 1 renown.")]
