"""What the wording tests of the Runebound branches share (test_lang_rbsix2.py,
test_lang_rbkinds.py, test_lang_rbverbs.py, test_lang_rbsubj_np.py): several wordings of one
form are one node, printed one way, and the canonical one renders in every locale."""

from __future__ import annotations

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.printer import print_ability
from runeforge.games.runebound.abilities import compile_ability, compile_text
from runeforge.games.runebound.text.render import render_ability

LOCALES = ("en", "fi", "pl", "el", "ru")


def assert_one_node_printed_one_way(kind: str, written: list, canonical: str, ctx) -> None:
    """``canonical`` prints as itself; each text of ``written`` parses to its node and
    compiles with no error on a card of ``kind`` (``ctx``: its CardContext); the canonical
    IR is valid (the engine's own schema)."""
    ast = parse_ability(canonical)
    assert print_ability(ast) == canonical
    for text in written:
        assert parse_ability(text) == ast, text
        ir, found = compile_ability(text, ctx)
        assert ir is not None and [f.code for f in found if f.severity == "error"] == [], \
            [(f.code, f.message) for f in found]
    compile_text(canonical, kind)


def assert_renders_in_every_locale(canonical: str, english_is_itself: bool = True) -> None:
    """``canonical`` renders in each locale with every slot filled; in English, as itself
    (unless ``english_is_itself`` is False: the rules text words it otherwise)."""
    ast = parse_ability(canonical)
    if english_is_itself:
        assert render_ability(ast, "en") == canonical
    for locale in LOCALES:
        said = render_ability(ast, locale)
        assert said and "{" not in said, (locale, said)
