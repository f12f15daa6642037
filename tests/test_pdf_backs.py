"""One back per physical deck (issue 15): decks come from data (heroes, market, an adventure
deck per colour, each adventure's own decks from its deck list); every card of a deck has
the same back (one back key per deck in the layout JSON, equal pixels when rendered); the
adventure colours differ by pattern and shape, not by hue alone."""

from __future__ import annotations

import json
from collections import defaultdict

import pypdfium2 as pdfium
import pytest

from runeforge import games
from runeforge.backends.pdf_document import render_deck_pdf
from runeforge.backends.pdf_stage import game_faces


@pytest.fixture(scope="module")
def layouts(result, tmp_path_factory):
    from click.testing import CliRunner

    from runeforge.cli import main

    out = tmp_path_factory.mktemp("backs")
    res = CliRunner().invoke(main, ["build", "--locale", "ru", "--out", str(out / "out"),
                                    "--layout-json", str(out / "layout.json")])
    assert res.exit_code == 0, res.output
    layouts = json.loads((out / "layout.json").read_text(encoding="utf-8"))
    layouts["_out"] = str(out / "out")
    return layouts


def test_decks_come_from_the_adventures_deck_lists(result):
    rb = games.get()
    content = result.content
    decks = {card.id: rb.deck_of(card, content) for card in content.cards.values()}
    by_pack = defaultdict(set)
    for card in content.cards.values():
        by_pack[card.pack].add(decks[card.id])
    assert by_pack["core"] == {"hero", "market", "adventure-green", "adventure-yellow",
                               "adventure-blue", "adventure-red"}
    # the Crown's and Kyros' cards lie beside (green, yellow) or replace (blue) the base decks
    assert by_pack["crown-of-the-elder-kings"] == {
        f"crown-of-the-elder-kings-{c}" for c in ("green", "yellow", "blue")}
    assert by_pack["sceptre-of-kyros"] == {f"sceptre-of-kyros-{c}"
                                           for c in ("green", "yellow", "blue")}
    # expansions are shuffled into the base decks
    assert by_pack["dark-forest"] <= {f"adventure-{c}" for c in ("green", "yellow", "blue", "red")}
    assert by_pack["artifacts-and-allies"] == {"market"}
    assert by_pack["legendary-relics"] == {"market"}
    # without the content (no deck lists) an adventure's card falls back to its colour's deck
    crown = next(c for c in content.cards.values() if c.pack == "crown-of-the-elder-kings")
    assert rb.deck_of(crown).startswith("adventure-")


def test_one_back_per_deck_id_in_the_layout_json(layouts, result):
    from runeforge.games.delve.faces import REFERENCE_ID

    assert layouts
    kinds = {cid: card.kind for cid, card in result.content.cards.items()}
    kinds[REFERENCE_ID] = "reference"  # Delve's card of the basic actions is no content card
    seen_decks = set()
    for name, layout in layouts.items():
        if name == "_out":
            continue
        backs = defaultdict(set)
        kinds_of = defaultdict(set)
        for record in layout["cards"]:
            if record["side"] == "back":
                assert record.get("deck") and record.get("back"), (name, record)
                if record["back"] == f"{record['deck']}:{record['card']}":
                    continue  # a double-sided card (a campaign relic) prints its own back
                backs[record["deck"]].add(record["back"])
                kinds_of[record["deck"]].add(kinds[record["card"]])
        assert backs, name
        for deck, keys in backs.items():
            assert len(keys) == 1, (name, deck, keys)  # every card of a deck: one back
        assert len({k for keys in backs.values() for k in keys}) == len(backs)  # decks differ
        seen_decks |= set(backs)
        if name == "pdf/core-ru.layout.json":  # decks holding several kinds of card
            assert kinds_of["adventure-yellow"] >= {"challenge", "event", "encounter"}
            assert kinds_of["market"] == {"item", "ally"}
    assert "crown-of-the-elder-kings-blue" in seen_decks and "market" in seen_decks


def test_back_cells_of_one_deck_on_the_sheets_are_equal(layouts, result):
    """On the built sheets, the back cells of cards of different kinds in one adventure deck
    (same slot, different sheets) are the same pixels; another deck's are not."""
    kinds = {cid: card.kind for cid, card in result.content.cards.items()}
    layout = layouts["pdf/core-ru.layout.json"]
    doc = pdfium.PdfDocument(f"{layouts['_out']}/pdf/core-ru.pdf")
    scale = 100 / 72
    height = layout["page_size"][1]
    pages: dict = {}

    def cell(record):
        if record["page"] not in pages:
            pages[record["page"]] = doc[record["page"] - 1].render(scale=scale).to_pil()
        x0, y0, x1, y1 = record["trim_box"]
        box = (round(x0 * scale) + 2, round((height - y1) * scale) + 2,
               round(x1 * scale) - 2, round((height - y0) * scale) - 2)
        return pages[record["page"]].crop(box)

    backs = [r for r in layout["cards"] if r["side"] == "back"]
    by_slot = defaultdict(dict)
    for r in backs:
        by_slot[(r["deck"], r["slot"])].setdefault(kinds[r["card"]], r)
    deck, slot = next(key for key, found in sorted(by_slot.items())
                      if key[0].startswith("adventure-") and len(found) >= 2)
    found = list(by_slot[(deck, slot)].values())
    cells = [cell(r) for r in found]
    assert len({kinds[r["card"]] for r in found}) == len(found) >= 2
    assert len({r["page"] for r in found}) > 1
    assert all(c.tobytes() == cells[0].tobytes() for c in cells)
    other = next(r for r in backs if r["deck"] != deck and r["deck"].startswith("adventure-")
                 and r["slot"] == slot)
    assert _diff(cells[0], cell(other)) > 5


def _render_backs(faces):
    """Each face's back alone on a print-shop page, rendered with pdfium: {id: PIL image}."""
    data, layout = render_deck_pdf(faces, mode="print-shop", bleed_mm=0)
    doc = pdfium.PdfDocument(data)
    out = {}
    for record in layout["cards"]:
        if record["side"] == "back":
            out[record["card"]] = doc[record["page"] - 1].render(scale=100 / 72).to_pil()
    return out, layout


def _diff(a, b) -> float:
    """Mean absolute difference of two images (0..255)."""
    from PIL import ImageChops, ImageStat

    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / len(a.getbands())


def test_cards_of_different_kinds_in_one_deck_have_equal_backs(result):
    faces = [f for _, f in game_faces(result, "el")]
    pick = {}
    for face in faces:
        if face.deck in ("adventure-yellow", "adventure-green", "market"):
            pick.setdefault((face.deck, face.kind), face)
    chosen = list(pick.values())
    images, layout = _render_backs(chosen)
    assert {r.get("back") for r in layout["cards"] if r["side"] == "back"} == {
        "adventure-yellow", "adventure-green", "market"}
    by = {(f.deck, f.kind): images[f.id] for f in chosen}
    challenge, event = by[("adventure-yellow", "challenge")], by[("adventure-yellow", "event")]
    encounter = by[("adventure-yellow", "encounter")]
    assert challenge.tobytes() == event.tobytes() == encounter.tobytes()  # pixel for pixel
    assert by[("market", "item")].tobytes() == by[("market", "ally")].tobytes()
    assert _diff(challenge, by[("adventure-green", "challenge")]) > 5
    assert _diff(challenge, by[("market", "item")]) > 5


def test_adventure_colours_differ_without_hue(result):
    """In greyscale (as a colour-blind player might see it) the four colour decks' backs still
    differ clearly: pattern and pip shape, not only the line colour."""
    faces = [f for _, f in game_faces(result, "en")]
    per_colour = {}
    for face in faces:
        if face.deck.startswith("adventure-"):
            per_colour.setdefault(face.colour, face)
    assert set(per_colour) == {"green", "yellow", "blue", "red"}
    images, _ = _render_backs(list(per_colour.values()))
    grey = {colour: images[face.id].convert("L") for colour, face in per_colour.items()}
    colours = sorted(grey)
    for i, a in enumerate(colours):
        for b in colours[i + 1:]:
            assert _diff(grey[a], grey[b]) > 3, (a, b)


def test_a_two_sided_card_prints_its_own_back():
    from dataclasses import replace

    from tests.test_pdf_fixtures import deck

    faces = deck("en")
    relic = replace(faces[2], id="relic-of-two-sides", own_back=True)
    data, layout = render_deck_pdf([faces[2], relic], mode="print-shop")
    backs = {r["card"]: r["back"] for r in layout["cards"] if r["side"] == "back"}
    assert backs == {faces[2].id: faces[2].back_key, "relic-of-two-sides":
                     "card:relic-of-two-sides"}
    assert faces[2].back_key == "item"  # a face made without a deck: its kind's deck
