"""Delve's printed reference card of the three basic actions (issue 36; seed 003, R6).

The card is drawn by the Delve face style into a real PDF and read back with pypdfium2 (the
text on the page), in each of the five locales; its costs come from the rules document, so a
changed document changes the card; a build prints one per hero in the Delve PDF.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import replace

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from runeforge import games
from runeforge.backends.pdf_document import render_deck_pdf
from runeforge.cli import main
from runeforge.games.delve.faces import REFERENCE_ID
from runeforge.loader import load_content

# the names of the three actions on the card, per locale (the seed's Greek words in el)
ACTIONS = {
    "en": ("Explore", "Move", "Recuperate"),
    "fi": ("Tutkiminen", "Liikkuminen", "Toipuminen"),
    "pl": ("Eksploracja", "Ruch", "Odpoczynek"),
    "el": ("Εξερεύνηση", "Κίνηση", "Ανάρρωση"),  # seed 003: "Εξερεύνηση (1+), Κίνηση (1+), Ανάρρωση (1+*)"
    "ru": ("Исследование", "Движение", "Восстановление"),
}
TITLES = {"en": "Basic actions", "fi": "Perustoiminnot", "pl": "Akcje podstawowe",
          "el": "Βασικές δράσεις", "ru": "Базовые действия"}


@pytest.fixture(scope="module")
def content():
    return load_content([])


def _reference(content, locale):
    cards = list(content.of_game("delve").cards.values())
    faces = games.get("delve").card_faces(cards, locale, content=content)
    return [f for f in faces if f.id == REFERENCE_ID], cards


def _page_text(face) -> str:
    warnings = []
    data, _ = render_deck_pdf([replace(face, count=1)], mode="print-shop", backs=False,
                              drawer=games.get("delve").face_drawer, warn=warnings.append)
    assert warnings == []  # nothing cut, no glyph missing
    pdf = pdfium.PdfDocument(data)
    try:
        return re.sub(r"\s+", " ", pdf[0].get_textpage().get_text_bounded())
    finally:
        pdf.close()


@pytest.mark.parametrize("locale", list(ACTIONS))
def test_the_card_prints_the_three_basic_actions_and_their_costs(content, locale):
    faces, cards = _reference(content, locale)
    assert len(faces) == 1
    face = faces[0]
    heroes = [c for c in cards if c.kind == "hero"]
    assert face.count == len(heroes) == 6 and face.deck == "delve-reference"
    text = _page_text(face)
    assert TITLES[locale] in text
    badges = [badge for badge, _ in face.lines if badge]
    assert badges == ["1+", "1+", "1+*"]  # the rules document's Explore, Move, Recuperate
    for name in ACTIONS[locale]:
        assert f"{name}:" in text, (name, text)
    assert all(b in text for b in ("1+", "1+*"))
    if locale != "en":  # translated: none of the English action names is left
        assert not re.search(r"\b(Explore|Recuperate|hero|wound)\b", text), text
        assert "2+" in text  # the pinned Move's cost, from the rules document


def test_the_costs_and_the_wording_follow_the_rules_document(content):
    changed = copy.copy(content)
    rules = copy.deepcopy(content.documents["rules"][0])
    data = rules.data
    for entry in data["basic_actions"]:
        if entry["action"] == "move":
            entry["need"] = 2
        if entry["action"] == "recuperate":
            entry["escalating"] = False
    data["pinned_move_need"] = 3
    data["recuperate_reset"] = "game"
    changed.documents = {**content.documents, "rules": [rules]}
    (face,), _ = _reference(changed, "en")
    assert [b for b, _ in face.lines if b] == ["1+", "2+", "1+"]
    text = " ".join(t for _, t in face.lines)
    assert "Move needs 3+" in text and "in the game" in text and "same turn" not in text


def test_no_reference_card_without_heroes_or_rules(content):
    delve = content.of_game("delve")
    adversaries = [c for c in delve.cards.values() if c.kind == "adversary"]
    faces = games.get("delve").card_faces(adversaries, "en", content=content)
    assert all(f.id != REFERENCE_ID for f in faces)
    heroes = [c for c in delve.cards.values() if c.kind == "hero"]
    bare = games.get("delve").card_faces(heroes, "en")  # no content: no rules to read
    assert all(f.id != REFERENCE_ID for f in bare)


def test_a_build_prints_the_card_in_the_delve_pdf(tmp_path):
    out = tmp_path / "out"
    res = CliRunner(env={"NO_COLOR": "1"}).invoke(
        main, ["build", "--out", str(out), "--locale", "ru", "--fronts-only"],
        catch_exceptions=False)
    assert res.exit_code == 0, res.output
    layout = json.loads((out / "pdf" / "delve-ru.layout.json").read_text(encoding="utf-8"))
    pages = sorted({r["page"] for r in layout["cards"] if r["card"] == REFERENCE_ID})
    assert len([r for r in layout["cards"] if r["card"] == REFERENCE_ID]) == 6  # one a hero
    pdf = pdfium.PdfDocument(str(out / "pdf" / "delve-ru.pdf"))
    try:
        text = pdf[pages[0] - 1].get_textpage().get_text_bounded()
    finally:
        pdf.close()
    assert "Базовые действия" in text and "Восстановление" in text


def test_a_fan_pack_with_a_hero_gets_its_own_reference_card(tmp_path):
    fan = tmp_path / "fan"
    fan.mkdir()
    (fan / "manifest.yaml").write_text(
        "kind: manifest\nid: fan-delve\nname: Fan Delve\ntype: set\norigin: original\n"
        "game: delve\n", encoding="utf-8")
    (fan / "heroes.yaml").write_text(
        "kind: hero\ncards:\n  - name: Tamsin Brightwell\n    origin: original\n    move: 3\n"
        "    vigour: 5\n    abilities:\n      - \"Quick Step (2+): Move up to 2 spaces.\"\n",
        encoding="utf-8")
    content = load_content([fan])
    cards = list(content.of_game("delve").cards.values())
    faces = [f for f in games.get("delve").card_faces(cards, "pl", content=content)
             if f.id == REFERENCE_ID]
    assert sorted((f.pack, f.count) for f in faces) == [("delve", 6), ("fan-delve", 1)]


def test_a_number_and_its_noun_stay_on_one_line(content):
    """The catalogs join "1" and "урон" with a no-break space; the face keeps them together
    (reportlab's simpleSplit broke the line there: "снимает 1" / "урон.")."""
    (face,), _ = _reference(content, "ru")
    assert "1\u00a0урон" in face.lines[-1][1]
    data, _ = render_deck_pdf([replace(face, count=1)], mode="print-shop", backs=False,
                              drawer=games.get("delve").face_drawer)
    pdf = pdfium.PdfDocument(data)
    try:
        lines = pdf[0].get_textpage().get_text_bounded().splitlines()
    finally:
        pdf.close()
    assert any(re.search(r"\b1[\u00a0 ]урон", line) for line in lines), lines
    assert not any(re.search(r"\b1\s*$", line) for line in lines), lines


def test_decks_selects_the_reference_cards_alone(tmp_path):
    out = tmp_path / "out"
    res = CliRunner(env={"NO_COLOR": "1"}).invoke(
        main, ["build", "--out", str(out), "--locale", "en", "--decks", "delve-reference"],
        catch_exceptions=False)
    assert res.exit_code == 0, res.output
    layout = json.loads((out / "pdf" / "delve-en.layout.json").read_text(encoding="utf-8"))
    assert {r["card"] for r in layout["cards"]} == {REFERENCE_ID}
    assert sorted(p.name for p in (out / "pdf").glob("*.pdf")) == ["delve-en.pdf"]
