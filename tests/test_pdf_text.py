"""Text fitting, glyph coverage, the font cache and the YAML styles."""

from __future__ import annotations

import os

import pytest
from reportlab.lib.colors import black

from runeforge.backends.faces import CardFace, TextBlock, faces_from_cards, split_tag
from runeforge.backends.pdf_document import build_deck_pdf
from runeforge.backends.pdf_fonts import (
    BOLD,
    glyph_diagnostics,
    instance_path,
    missing_glyphs,
    register_fonts,
)
from runeforge.backends.pdf_style import load_style
from runeforge.backends.pdf_text import ELLIPSIS, TextSpec, fit_line, fit_text
from runeforge.diagnostics import DiagnosticError

SPEC = TextSpec(size=8, min_size=4.6, leading=1.22, min_leading=1.04, para_gap=0.45,
                icon_width=1.05, colour=black, flavour_colour=black)
W, H = 150.0, 100.0


@pytest.fixture(scope="module", autouse=True)
def fonts():
    register_fonts()


def _height(fitted):
    return sum(h for _, h in fitted.paragraphs) + fitted.gap * (len(fitted.paragraphs) - 1)


def test_short_text_keeps_the_design_size():
    fitted = fit_text((TextBlock("Melee", "Inflict 1 {wound}."),), None, W, H, SPEC)
    assert fitted.size == pytest.approx(8) and not fitted.overflow


def test_longer_text_shrinks_between_the_bounds_and_fills_the_box():
    body = "Each hero takes 1 {exhaustion} and draws a card. " * 9
    fitted = fit_text((TextBlock("At Any Time", body),), "Flavour here.", W, H, SPEC)
    assert 4.6 < fitted.size < 8 and not fitted.overflow
    assert _height(fitted) <= H
    assert _height(fitted) > 0.8 * H  # the search does not give up far too small


def test_far_too_long_text_is_cut_at_the_floor_with_an_ellipsis():
    body = "Each hero takes 1 {exhaustion} and draws a card. " * 60
    fitted = fit_text((TextBlock("At Any Time", body),), "Flavour.", W, H, SPEC)
    assert fitted.overflow and fitted.dropped_flavour
    assert fitted.size == pytest.approx(4.6)
    assert _height(fitted) <= H
    last = fitted.paragraphs[-1][0]
    assert last.text.rstrip().endswith(ELLIPSIS) or ELLIPSIS in last.text


def test_width_is_checked_for_words_longer_than_the_box():
    word = "Ĥŷƥĕŗĺőñĝŵőŗđ" * 12
    fitted = fit_text((TextBlock(None, word),), None, 60.0, 100.0, SPEC)
    for para, _ in fitted.paragraphs:
        assert max(para.getActualLineWidths0()) <= 60.0 + 1e-6


def test_fit_line_shrinks_then_cuts():
    text, size, cut = fit_line("Lord Hawthorne", BOLD, 10, 5, 1000)
    assert (text, size, cut) == ("Lord Hawthorne", 10, False)
    text, size, cut = fit_line("Lord Hawthorne", BOLD, 10, 5, 50)
    assert 5 <= size < 10 and not cut
    text, size, cut = fit_line("Lord Hawthorne of the Very Long Name", BOLD, 10, 5, 40)
    assert cut and size == 5 and text.endswith(ELLIPSIS)


def test_missing_glyphs_finds_what_noto_sans_lacks():
    assert missing_glyphs("Zażółć gęślą jaźń Ωμέγα Съешь ещё ŘŮŽ “…”") == set()
    assert missing_glyphs("漢字 ☀ ok") == {"漢", "字", "☀"}


def test_missing_glyph_is_an_rf604_warning_naming_card_and_locale(tmp_path):
    face = CardFace(id="kanji-card", kind="event", name="漢 Card", locale="ja",
                    blocks=(TextBlock(None, "Draw one."),), colour="red",
                    stats={"event_number": 1})
    warnings = []
    build_deck_pdf([face], tmp_path / "d.pdf", warn=warnings.append)
    rf604 = [d for d in warnings if d.code == "RF604"]
    assert len(rf604) == 1
    assert rf604[0].path == "kanji-card" and "(ja)" in rf604[0].message
    assert "U+6F22" in rf604[0].message
    assert glyph_diagnostics("x", "en", ["plain"]) == []


def test_font_instances_are_cached_by_hash(tmp_path, monkeypatch):
    monkeypatch.setenv("RUNEFORGE_FONT_CACHE", str(tmp_path))
    path = instance_path(BOLD)
    assert path.parent == tmp_path and path.exists()
    stamp = path.stat().st_mtime_ns
    assert instance_path(BOLD) == path and path.stat().st_mtime_ns == stamp
    from fontTools.ttLib import TTFont

    font = TTFont(str(path))
    assert "fvar" not in font and font["OS/2"].usWeightClass == 700
    assert font["name"].getDebugName(6) == BOLD  # distinct PostScript name per face
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_styles_inherit_with_extends():
    base, hero, ally = load_style("base"), load_style("hero"), load_style("ally")
    assert ally["attributes"] == hero["attributes"]  # from hero, through extends
    assert ally["text"] == base["text"]  # from base, two levels up
    assert ally["colours"]["accent"] != hero["colours"]["accent"]  # overridden key
    assert ally["colours"]["paper"] == base["colours"]["paper"]  # merged sibling key
    assert "extends" not in ally


def test_user_style_dir_extends_bundled_and_cycles_are_rf702(tmp_path):
    (tmp_path / "hero.yaml").write_text("extends: hero\ntext: {size: 9.5}\n", encoding="utf-8")
    style = load_style("hero", str(tmp_path))
    assert style["text"]["size"] == 9.5 and style["text"]["min_size"] == 6.5
    (tmp_path / "a.yaml").write_text("extends: b\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("extends: a\n", encoding="utf-8")
    with pytest.raises(DiagnosticError) as info:
        load_style("a", str(tmp_path))
    assert info.value.diagnostics[0].code == "RF702" and "cycle" in str(info.value)
    (tmp_path / "event.yaml").write_text("extends: base\n", encoding="utf-8")  # lacks numeral
    with pytest.raises(DiagnosticError) as info:
        load_style("event", str(tmp_path))
    assert "lacks numeral" in str(info.value) and "extends: event" in str(info.value)


def test_style_values_drive_the_drawing(tmp_path):
    faces = [CardFace(id="e", kind="event", name="E", blocks=(TextBlock(None, "x " * 40),),
                      colour="blue", stats={"event_number": 1})]
    big, small = tmp_path / "big", tmp_path / "small"
    for folder, size in ((big, 11), (small, 5)):
        folder.mkdir()
        (folder / "event.yaml").write_text(f"extends: event\ntext: {{size: {size}, min_size: 4}}\n",
                                           encoding="utf-8")
        build_deck_pdf(faces, folder / "d.pdf", style_dir=str(folder))
    import pypdf

    from tests.test_pdf_fixtures import runs

    def body_size(path):
        page = pypdf.PdfReader(str(path)).pages[0]
        return max(r["size"] for r in runs(page) if r["text"].startswith("x x"))

    assert body_size(big / "d.pdf") > body_size(small / "d.pdf")


def test_faces_from_cards_adapter():
    cards = [{"kind": "item", "name": "Belt of Strength", "origin": "seed-002", "cost": 4,
              "class": "artifact", "type": "belt", "usage": "constant", "count": 2,
              "abilities": ["Before Combat: Gain 1 {gold}."], "flavour": "Old iron."}]
    (face,) = faces_from_cards(cards, "en")
    assert face.id == "belt-of-strength" and face.count == 2 and face.origin == "seed-002"
    assert face.blocks == (TextBlock("Before Combat", "Gain 1 {gold}."),)
    assert face.stats["cost"] == 4 and "abilities" not in face.stats
    assert split_tag("You receive +3 Body.") == TextBlock(None, "You receive +3 Body.")


def test_no_system_fonts_are_consulted(monkeypatch, tmp_path):
    """Registration reads only the packaged font and the cache (not /usr/share/fonts)."""
    opened = []
    real_open = open

    def spy(path, *a, **k):
        opened.append(str(path))
        return real_open(path, *a, **k)

    import builtins

    monkeypatch.setattr(builtins, "open", spy)
    monkeypatch.setenv("RUNEFORGE_FONT_CACHE", str(tmp_path))
    instance_path(BOLD)
    assert opened and not any(p.startswith("/usr/share/fonts") for p in opened)
    assert any("fontpkg_noto_sans" in p for p in opened) or os.listdir(tmp_path)


def test_option_parsers_for_the_command_line():
    from runeforge.backends.pdf_style import parse_back_offset, parse_card_size, parse_length_mm

    assert parse_length_mm("3mm") == 3 and parse_length_mm("0.5cm") == 5
    assert parse_length_mm("0.125in") == pytest.approx(3.175)
    assert parse_back_offset("0.5,-1") == (0.5, -1.0)
    assert parse_card_size("Tarot") == "tarot" and parse_card_size("50x70mm") == (50.0, 70.0)
    for bad, parser in (("3 parsecs", parse_length_mm), ("1;2", parse_back_offset),
                        ("50by70", parse_card_size), ("5x5", parse_card_size)):
        with pytest.raises(DiagnosticError) as info:
            parser(bad)
        assert info.value.diagnostics[0].code == "RF702"
