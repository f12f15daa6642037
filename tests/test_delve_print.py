"""Delve in print (issue 13 item 6): the tiles PDF that `runeforge build` writes beside the
card PDFs (1 inch = 1 space, measured between the cut marks in the real PDF), and the Delve
names in the catalogs, on the faces and in `runeforge text`."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction

import pypdf
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from runeforge.cli import main
from runeforge.games.delve.text import _catalog_path, name_messages
from runeforge.games.delve.tile_layout import OVERLAP, geometry, plan_tile
from runeforge.games.delve.tile_pdf import MARK_WIDTH, WALL_WIDTH, render_tiles_pdf
from runeforge.loader import load_content
from tests.test_pdf_fixtures import at, page_ops

A4 = (595.276, 841.89)
LETTER = (612.0, 792.0)
LOCALES = ("fi", "pl", "el", "ru")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("delve-print") / "out"
    result = CliRunner(env={"NO_COLOR": "1"}).invoke(
        main, ["build", "--out", str(out), "--locale", "en", "--locale", "el"],
        catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def tiles(built):
    """The tile records of the build's bundle, in content order."""
    bundle = json.loads((built / "bundle.json").read_text(encoding="utf-8"))
    return [c for c in bundle["cards"] if c["game"] == "delve" and c["kind"] == "tile"]


def _strokes(reader, index):
    """(width, rgb, (x1, y1), (x2, y2)) of every straight segment drawn on a page, in page
    coordinates."""
    out, width, rgb, start = [], 1.0, (0.0, 0.0, 0.0), None
    for operands, op, ctm in page_ops(reader, index):
        if op == b"w":
            width = float(operands[0])
        elif op == b"RG":
            rgb = tuple(float(v) for v in operands)
        elif op == b"m":
            start = at(ctm, float(operands[0]), float(operands[1]))
        elif op == b"l" and start is not None:
            end = at(ctm, float(operands[0]), float(operands[1]))
            out.append((width, rgb, start, end))
            start = end
    return out


def _cut_box(reader, index):
    """x0, y0, x1, y1 of the cut lines, read from the page's black cut marks alone."""
    marks = [(a, b) for w, rgb, a, b in _strokes(reader, index)
             if w == MARK_WIDTH and rgb == (0.0, 0.0, 0.0)]
    xs = sorted({round(a[0], 3) for a, b in marks if abs(a[0] - b[0]) < 1e-6})
    ys = sorted({round(a[1], 3) for a, b in marks if abs(a[1] - b[1]) < 1e-6})
    assert len(marks) == 8 and len(xs) == 2 and len(ys) == 2, marks
    return xs[0], ys[0], xs[1], ys[1]


def _reader(path):
    return pypdf.PdfReader(io.BytesIO(path.read_bytes()))


def test_the_build_writes_one_a4_page_per_tile_with_its_name(built, tiles):
    reader = _reader(built / "pdf" / "delve-tiles-el.pdf")
    layout = json.loads((built / "pdf" / "delve-tiles-el.layout.json").read_text("utf-8"))
    assert len(tiles) > 10 and len(reader.pages) == len(tiles)
    assert [t["tile"] for t in layout["tiles"]] == [t["id"] for t in tiles]
    for page, record in zip(reader.pages, layout["tiles"], strict=True):
        size = (round(float(page.mediabox.width), 3), round(float(page.mediabox.height), 3))
        assert size in (A4, A4[::-1])
        assert record["name"] in page.extract_text()  # the Greek name, on its own page
    assert (built / "pdf" / "delve-tiles-en.pdf").exists()


def test_every_tile_is_one_inch_per_space_between_its_cut_marks(built, tiles):
    reader = _reader(built / "pdf" / "delve-tiles-en.pdf")
    for index, tile in enumerate(tiles):
        x0, y0, x1, y1 = _cut_box(reader, index)
        width, height = tile["size"]
        assert (x1 - x0, y1 - y0) == pytest.approx((72 * width, 72 * height), abs=0.01), tile["id"]
    entry = next(i for i, t in enumerate(tiles) if t["id"] == "entry-hall")
    x0, y0, x1, y1 = _cut_box(reader, entry)
    assert x1 - x0 == pytest.approx(288, abs=0.01) and y1 - y0 == pytest.approx(288, abs=0.01)


def test_the_outer_wall_is_open_at_the_exits_and_obstructions_are_exact(built, tiles):
    reader = _reader(built / "pdf" / "delve-tiles-en.pdf")
    for index, tile in enumerate(tiles):
        walls = [(a, b) for w, _, a, b in _strokes(reader, index) if w == WALL_WIDTH]
        drawn = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in walls) / 72
        inner = sum(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in tile.get("walls", []))
        assert drawn == pytest.approx(len(geometry(tile).boundary) + inner), tile["id"]
        if not tile.get("void"):  # a plain rectangle: its perimeter less the exits' widths
            w, h = tile["size"]
            assert len(geometry(tile).boundary) == 2 * (w + h) - sum(
                e["width"] for e in tile["exits"])
    # void corners: the wall follows the floor (a corner cell taken off keeps the perimeter)
    crossroads = next(t for t in tiles if t["id"] == "crossroads")
    assert len(crossroads["void"]) == 4 and len(geometry(crossroads).boundary) == 24 - 8
    assert len(geometry(crossroads).floor) == 32
    cistern = next(i for i, t in enumerate(tiles) if t["id"] == "flooded-cistern")
    x0, _, _, y1 = _cut_box(reader, cistern)
    starts = {(round(a[0], 2), round(a[1], 2)) for _, _, a, _ in _strokes(reader, cistern)}
    # the obstruction's vertex ("7/2", 2) lies half-way through a cell
    assert (round(x0 + 3.5 * 72, 2), round(y1 - 2 * 72, 2)) in starts


def test_letter_paper_and_a_tile_too_big_for_the_page():
    data, layout = render_tiles_pdf([("long-gallery", "Long Gallery", {
        "size": [8, 2], "exits": [{"id": "west", "side": "west", "at": 0, "width": 2}]})],
        "en", paper="Letter")
    reader = pypdf.PdfReader(io.BytesIO(data))
    page = reader.pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == LETTER[::-1]
    x0, y0, x1, y1 = _cut_box(reader, 0)
    assert (x1 - x0, y1 - y0) == pytest.approx((576, 144), abs=0.01)
    # 10 x 13 spaces fit neither way: whole cells per page, each piece with its overlap strip
    pieces = plan_tile("vast", (10, 13), "A4")
    assert len(pieces) > 1
    covered = [(x, y) for p in pieces for x in range(p.cells[0], p.cells[2])
               for y in range(p.cells[1], p.cells[3])]
    assert sorted(covered) == sorted((x, y) for x in range(10) for y in range(13))
    for p in pieces:
        x0, y0, x1, y1 = p.view_box
        assert x0 >= 0 and y0 >= 0 and x1 <= p.page_size[0] and y1 <= p.page_size[1]
        assert p.view[3] - p.cells[3] == (OVERLAP if p.cells[3] < 13 else 0)
    big = {"size": [10, 13], "exits": [{"id": "gate", "side": "north", "at": 3, "width": 2}]}
    data, layout = render_tiles_pdf([("vast", "Vast Hall", big)], "en")
    reader = pypdf.PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(pieces) == len(layout["tiles"])
    for index, p in enumerate(pieces):  # the cut takes the overlap strip along
        x0, y0, x1, y1 = _cut_box(reader, index)
        strip = float(OVERLAP) if p.cells[3] < 13 else 0
        assert (x1 - x0) / 72 == pytest.approx(p.cells[2] - p.cells[0])
        assert (y1 - y0) / 72 == pytest.approx(p.cells[3] - p.cells[1] + strip)
        if strip:  # the dashed line where the next piece's edge goes: half a space up
            dashed = {round(a[1], 2) for w, _, a, b in _strokes(reader, index)
                      if w == 0.8 and a[1] == b[1]}
            assert dashed == {round(y0 + 36, 2)}


def test_the_tiles_pdf_is_deterministic():
    tile = {"size": [3, 3], "obstructions": [[[1, 1], ["3/2", 1], [1, "3/2"]]],
            "exits": [{"id": "door", "side": "south", "at": 1, "width": 1}]}
    assert render_tiles_pdf([("t", "T", tile)], "ru")[0] == render_tiles_pdf(
        [("t", "T", tile)], "ru")[0]
    assert geometry(tile).obstructions[0][1] == (Fraction(3, 2), Fraction(1))


@pytest.mark.parametrize("locale", LOCALES)
def test_every_delve_name_is_translated(locale):
    with _catalog_path(locale).open("rb") as fh:
        messages = {(m.context, m.id): m for m in read_po(fh, locale=locale) if m.id}
    names = name_messages(load_content([]))
    assert len(names) > 60
    for context, english, card, _, _ in names:
        m = messages.get((context, english))
        assert m is not None and m.string and not m.fuzzy, (card, english)
        if locale in ("el", "ru"):  # their own alphabet, nothing left in Latin letters
            assert not re.search("[A-Za-z]", m.string), (card, m.string)


def test_the_greek_faces_carry_the_greek_names(built):
    text = "".join(p.extract_text() for p in _reader(built / "pdf" / "delve-el.pdf").pages)
    for greek in ("Αρουραίος του Σκότους", "Όριν Άσγκροουβ", "Αίθουσα Εισόδου",
                  "Δόντια που Ροκανίζουν", "Ρηχές Αίθουσες", "βορράς"):
        assert greek in text
    for english in ("Gloom Rat", "Orrin Ashgrove", "Entry Hall", "Gnawing Teeth"):
        assert english not in text
    assert "Gloom Rat" in "".join(p.extract_text() for p in _reader(
        built / "pdf" / "delve-en.pdf").pages)


def test_the_text_command_shows_delve_cards_in_greek():
    out = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["text", "--locale", "el", "--card",
                                                          "orrin-ashgrove", "--card",
                                                          "deep-breath"])
    assert out.exit_code == 0, out.output
    assert "Όριν Άσγκροουβ (orrin-ashgrove)" in out.output
    assert "Βαθιά Ανάσα (deep-breath)" in out.output
    assert "θάλαμο" in out.output and "Απόσταση Περιοχής" in out.output
    assert "Orrin Ashgrove" not in out.output
    english = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["text", "--card",
                                                              "orrin-ashgrove"])
    assert "Orrin Ashgrove (orrin-ashgrove)" in english.output


@pytest.mark.parametrize("locale", ("en", "fi", "pl", "el", "ru"))
def test_every_delve_kind_has_a_face_in_every_locale(locale):
    from runeforge import games
    from runeforge.backends.pdf_document import render_deck_pdf
    from runeforge.backends.pdf_fonts import missing_glyphs
    from runeforge.games.delve.faces import kind_line

    game = games.get("delve")
    cards = list(load_content([]).of_game("delve").cards.values())
    faces = game.card_faces(cards, locale)
    assert {f.kind for f in faces} == set(game.card_kinds)
    warnings = []
    data, layout = render_deck_pdf(faces, drawer=game.face_drawer, warn=warnings.append)
    assert warnings == []
    words = "".join(f.name + "".join(b + t for b, t in f.lines) + "".join(
        "".join(w) for w in f.weapons) for f in faces)
    assert missing_glyphs(words) == set()  # no tofu
    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages)
    assert all(f.name in text for f in faces)
    hit = {"en": "Hit", "fi": "Osuma", "pl": "Trafienie", "el": "Χτύπημα", "ru": "Попадание"}
    assert hit[locale] in text  # the weapon table's header
    assert all(f.weapons for f in faces if f.kind == "adversary")
    if locale in ("el", "ru"):  # only the game's name and the "x" of sizes stay Latin
        assert set(re.findall("[A-Za-z]+", words + "".join(
            kind_line(f.kind, locale) for f in faces))) <= {"Delve", "x"}
