"""Proxy PDFs opened with pypdf: pages, sizes, fonts, text, outline, metadata, determinism,
atomic writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pypdf
import pytest

from runeforge.backends.pdf_document import build_deck_pdf
from runeforge.diagnostics import DiagnosticError
from tests.test_pdf_fixtures import LOCALE_TEXT, deck, norm

MM = 72 / 25.4
COPIES = 11  # copies in deck()


def _pages(path) -> list:
    return pypdf.PdfReader(str(path)).pages


@pytest.mark.parametrize(
    "paper, card_size, per_page, paper_mm",
    [
        ("A4", "poker", 9, (210, 297)),
        ("Letter", "poker", 9, (215.9, 279.4)),
        ("A4", "mini", 16, (210, 297)),
        ("A4", "tarot", 4, (210, 297)),
        ("Letter", (50, 70), 12, (215.9, 279.4)),  # 4 columns with 1.07 mm gutters
    ],
)
def test_sheet_pages_size_and_count(tmp_path, paper, card_size, per_page, paper_mm):
    out = tmp_path / "deck.pdf"
    records = build_deck_pdf(deck(), out, paper=paper, card_size=card_size)
    pages = _pages(out)
    sheets = -(-COPIES // per_page)
    assert len(pages) == 2 * sheets  # every sheet of fronts is followed by its backs
    for page in pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert w == pytest.approx(paper_mm[0] * MM, abs=0.01)
        assert h == pytest.approx(paper_mm[1] * MM, abs=0.01)
    fronts = [r for r in records if r["side"] == "front"]
    assert len(fronts) == COPIES
    on_first = [r for r in fronts if r["page"] == 1]
    assert len(on_first) == min(per_page, COPIES)
    cw, ch = {"poker": (63, 88), "mini": (41, 63), "tarot": (70, 120)}.get(card_size, card_size)
    for r in records:
        x0, y0, x1, y1 = r["trim_box"]
        assert x1 - x0 == pytest.approx(cw * MM, abs=0.01)
        assert y1 - y0 == pytest.approx(ch * MM, abs=0.01)
        assert 0 <= x0 and x1 <= paper_mm[0] * MM and 0 <= y0 and y1 <= paper_mm[1] * MM


def test_grid_is_centred_with_gutters(tmp_path):
    records = build_deck_pdf(deck(), tmp_path / "d.pdf")
    boxes = [r["trim_box"] for r in records if r["page"] == 1]
    left = min(b[0] for b in boxes)
    right = max(b[2] for b in boxes)
    bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
    assert left == pytest.approx(210 * MM - right, abs=0.01)
    assert bottom == pytest.approx(297 * MM - top, abs=0.01)
    xs = sorted({b[0] for b in boxes})
    assert xs[1] - (xs[0] + 63 * MM) > 2 * MM  # a gutter between columns, for the crop marks


def test_print_shop_mode_sets_trim_and_bleed_boxes(tmp_path):
    out = tmp_path / "shop.pdf"
    records = build_deck_pdf(deck(), out, mode="print-shop", bleed_mm=3)
    pages = _pages(out)
    assert len(pages) == 2 * COPIES  # front, back, front, back ...
    for page in pages:
        assert float(page.mediabox.width) == pytest.approx(69 * MM, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(94 * MM, abs=0.01)
        trim = [float(v) for v in page.trimbox]
        bleed = [float(v) for v in page.bleedbox]
        assert trim == pytest.approx([3 * MM, 3 * MM, 66 * MM, 91 * MM], abs=0.01)
        assert bleed == pytest.approx([0, 0, 69 * MM, 94 * MM], abs=0.01)
    assert [r["side"] for r in records[:4]] == ["front", "back", "front", "back"]
    assert records[0]["trim_box"] == pytest.approx(trim, abs=0.01)


def test_fonts_are_embedded_truetype_only(tmp_path):
    out = tmp_path / "deck.pdf"
    build_deck_pdf(deck("ru") + deck("el"), out)
    seen = set()
    for page in _pages(out)[:1]:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            name = str(font["/BaseFont"])
            seen.add(name.split("+")[-1])
            descendant = font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font \
                else font
            descriptor = descendant["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, name  # an embedded TrueType program
            assert "+" in name  # subset
    assert {"RF-NotoSans", "RF-NotoSans-Bold", "RF-NotoSans-Italic"} <= seen


@pytest.mark.parametrize("locale", sorted(LOCALE_TEXT))
def test_names_and_rules_text_are_extractable(tmp_path, locale):
    out = tmp_path / f"{locale}.pdf"
    faces = deck(locale)
    records = build_deck_pdf(faces, out)
    pages = _pages(out)
    for face in faces:
        page_no = next(r["page"] for r in records if r["card"] == face.id)
        text = norm(pages[page_no - 1].extract_text())
        assert norm(face.name) in text
        for block in face.blocks:
            assert norm(block.body) in text, (locale, face.id)
            if block.tag:
                assert norm(block.tag) + ":" in text
        if face.flavour:
            assert norm(face.flavour) in text


def test_outline_and_metadata(tmp_path):
    out = tmp_path / "deck.pdf"
    faces = deck("pl")
    build_deck_pdf(faces, out, title="Runebound core (pl)")
    reader = pypdf.PdfReader(str(out))
    titles = [item.title for item in reader.outline]
    assert titles == [f.name for f in faces]  # one bookmark per card, not per copy
    assert reader.get_destination_page_number(reader.outline[1]) == 0
    meta = reader.metadata
    assert meta.title == "Runebound core (pl)"
    assert meta.author == "Runeforge"
    assert "pl" in meta.subject and "11 cards" in meta.subject


def test_layout_json_lists_every_card_and_page(tmp_path):
    out, layout = tmp_path / "deck.pdf", tmp_path / "deck.layout.json"
    build_deck_pdf(deck(), out, layout_json=layout)
    doc = json.loads(layout.read_text(encoding="utf-8"))
    assert doc["pages"] == len(_pages(out)) == 4
    fronts = [r for r in doc["cards"] if r["side"] == "front"]
    expected = [(f.id, n) for f in deck() for n in range(f.count)]
    assert [(r["card"], r["copy"]) for r in fronts] == expected
    assert {r["page"] for r in fronts} == {1, 3}
    assert {r["page"] for r in doc["cards"] if r["side"] == "back"} == {2, 4}


def test_two_builds_are_byte_identical(tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    build_deck_pdf(deck("el"), a)
    build_deck_pdf(deck("el"), b)
    assert a.read_bytes() == b.read_bytes()


def test_build_in_another_process_is_byte_identical_and_honours_source_date_epoch(tmp_path):
    here = tmp_path / "here.pdf"
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}
    script = textwrap.dedent(f"""
        import sys; sys.path.insert(0, {str(Path(__file__).parent.parent)!r})
        from tests.test_pdf_fixtures import deck
        from runeforge.backends.pdf_document import build_deck_pdf
        build_deck_pdf(deck("ru"), sys.argv[1])
    """)
    there = tmp_path / "there.pdf"
    subprocess.run([sys.executable, "-c", script, str(there)], check=True, env=env, timeout=900)
    subprocess.run([sys.executable, "-c", script, str(here)], check=True, env=env, timeout=900)
    assert here.read_bytes() == there.read_bytes()
    assert pypdf.PdfReader(str(here)).metadata["/CreationDate"].startswith("D:20231114")


def test_failed_build_leaves_old_file_and_no_partial(tmp_path):
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"%PDF old")

    def fail_after_three(done, total):
        if done == 3:
            raise RuntimeError("injected failure")

    with pytest.raises(RuntimeError, match="injected"):
        build_deck_pdf(deck(), out, progress=fail_after_three, layout_json=tmp_path / "l.json")
    assert out.read_bytes() == b"%PDF old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]
    # with no old file: none appears
    with pytest.raises(RuntimeError):
        build_deck_pdf(deck(), tmp_path / "new.pdf", progress=fail_after_three)
    assert not (tmp_path / "new.pdf").exists()


def test_killed_build_leaves_old_file(tmp_path):
    out = tmp_path / "deck.pdf"
    out.write_bytes(b"%PDF old")
    script = textwrap.dedent(f"""
        import os, signal, sys; sys.path.insert(0, {str(Path(__file__).parent.parent)!r})
        from tests.test_pdf_fixtures import deck
        from runeforge.backends.pdf_document import build_deck_pdf
        def kill(done, total):
            if done == 5:
                os.kill(os.getpid(), signal.SIGKILL)
        build_deck_pdf(deck(), sys.argv[1], progress=kill)
    """)
    proc = subprocess.run([sys.executable, "-c", script, str(out)], timeout=900)
    assert proc.returncode == -9
    assert out.read_bytes() == b"%PDF old"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.pdf"]


def test_progress_reports_every_copy(tmp_path):
    seen = []
    build_deck_pdf(deck(), tmp_path / "d.pdf", progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, COPIES) for i in range(1, COPIES + 1)]


@pytest.mark.parametrize(
    "options, words",
    [
        ({"paper": "A3"}, "unknown paper"),
        ({"card_size": "huge"}, "unknown card size"),
        ({"card_size": (300, 300)}, "does not fit"),
        ({"mode": "poster"}, "unknown mode"),
        ({"bleed_mm": -1}, "bleed"),
        ({"back_offset_mm": (1, "x")}, "back offset"),
    ],
)
def test_bad_options_are_rf702_and_write_nothing(tmp_path, options, words):
    out = tmp_path / "deck.pdf"
    with pytest.raises(DiagnosticError) as info:
        build_deck_pdf(deck(), out, **options)
    diag = info.value.diagnostics[0]
    assert diag.code == "RF702" and words in diag.message
    assert not out.exists()


def test_build_stage_makes_one_pdf_per_pack_and_locale_from_bundled_cards():
    from runeforge import pipeline
    from runeforge.backends import BuildContext
    from runeforge.backends.pdf_stage import stage
    from runeforge.games.delve.faces import REFERENCE_ID

    result = pipeline.check(())
    outputs = {o.relpath: o.data for o in stage(BuildContext(result, ["en"]))}
    packs = {card.pack for card in result.content.cards.values()}
    extra = {f"pdf/delve-tiles-en.{ext}" for ext in ("pdf", "layout.json")}  # Delve's tiles
    assert set(outputs) == {f"pdf/{p}-en.{ext}" for p in packs
                            for ext in ("pdf", "layout.json")} | extra
    for pack in packs:
        reader = pypdf.PdfReader(__import__("io").BytesIO(outputs[f"pdf/{pack}-en.pdf"]))
        layout = json.loads(outputs[f"pdf/{pack}-en.layout.json"])
        assert len(reader.pages) == layout["pages"]
        ids = {r["card"] for r in layout["cards"]}
        # and Delve's reference card of the basic actions, one per hero (no content card)
        heroes = sum(c.game == "delve" and c.kind == "hero" and c.pack == pack
                     for c in result.content.cards.values())
        assert ids == {cid for cid, c in result.content.cards.items() if c.pack == pack} | (
            {REFERENCE_ID} if heroes else set())
        # copies of a card: `count`, or `copies` in the campaign's cards (shared contract 2)
        copies = sum(int(c.data.get("count", c.data.get("copies", 1)))
                     for c in result.content.cards.values() if c.pack == pack) + heroes
        assert sum(r["side"] == "front" for r in layout["cards"]) == copies
