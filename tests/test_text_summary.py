"""`runeforge text` prints something for every card (issue 36): Delve adversaries,
exploration cards, tiles and tables are described; a card without abilities says why.
`preview` files Delve cards under their kinds; hero faces print the hero's skills."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from runeforge.backends.preview import sections
from runeforge.cli import main
from runeforge.games.delve.faces import faces as delve_faces
from runeforge.games.delve.faces import preview
from runeforge.games.runebound.faces import localised_faces
from runeforge.l10n.labels import LABELS
from runeforge.loader import load_content


def text(*args: str) -> str:
    out = CliRunner().invoke(main, ["text", *args])
    assert out.exit_code == 0, out.output
    return out.output


@pytest.mark.parametrize("card, locale, lines", [
    ("gloom-rat", "en", ["Vigour 1 · Move 5 · advance",
                         "Weapon: Gnawing Teeth (combat) · Hit 5+ · Damage 1"]),
    ("dripping-steps", "en", ["Chamber tile: Flooded Cistern · Encounter: Shallow Halls"]),
    ("entry-hall", "en", ["4×4 · exits: north, east, south, west"]),
    ("shallow-halls", "en", ["1: —", "2–3: 2× Gloom Rat"]),
    ("gloom-rat", "ru", ["Живучесть 1 · Движение 5 · наступление"]),
])
def test_delve_cards_without_abilities_are_described(card, locale, lines):
    out = text("--locale", locale, "--card", card)
    body = [line.strip() for line in out.splitlines()[1:]]
    assert body[:len(lines)] == lines, out


NO_TEXT = {"en": LABELS["no_text"],
           "pl": "(brak tekstu zasad: karta nie ma zdolności; na jej awersie są tylko wartości)",
           "ru": "(нет текста правил: у карты нет свойств; на её лицевой стороне только значения)"}


@pytest.mark.parametrize("locale", ["en", "pl", "ru"])
def test_a_card_without_abilities_says_why_in_the_texts_language(locale):
    out = text("--locale", locale, "--card", "thornhedge-boar")
    assert out.splitlines()[1].strip() == NO_TEXT[locale]


@pytest.mark.parametrize("locale", ["en", "ru"])
def test_json_gives_every_card_its_description_or_says_why(locale):
    records = json.loads(text("--locale", locale, "--format", "json"))
    content = load_content([])
    by_card: dict = {}
    for r in records:
        by_card.setdefault(r["card"], []).append(r)
    assert set(by_card) == set(content.cards)  # every card of every kind, none left out
    for card_id, rows in by_card.items():
        notes = [r for r in rows if "note" in r]
        assert all(r["text"] for r in rows if "note" not in r), card_id
        assert not notes or (len(rows) == 1 and rows[0]["note"] == NO_TEXT[locale]), card_id
    rat = [r["text"] for r in by_card["gloom-rat"]]
    assert rat[0].startswith("Vigour 1" if locale == "en" else "Живучесть 1")
    assert [r["ability"] for r in by_card["entry-hall"]] == [None]
    assert by_card["thornhedge-boar"] == [{"card": "thornhedge-boar", "ability": None,
                                           "text": "", "note": NO_TEXT[locale]}]
    kinds = {content.cards[c].kind for c, rows in by_card.items() if "note" not in rows[0]}
    assert {"adversary", "exploration", "tile", "encounter_table", "hero", "item"} <= kinds


def test_json_lists_the_abilities_after_the_description():
    rows = json.loads(text("--format", "json", "--card", "orrin-ashgrove"))
    assert rows and all(r["ability"] == i for i, r in enumerate(rows)), rows


def test_every_card_prints_a_line_under_its_name():
    out = text("--locale", "en")
    content = load_content([])
    names = [line for line in out.splitlines() if not line.startswith("  ")]
    assert len(names) == len(content.cards)


def test_preview_files_delve_cards_under_their_kinds():
    content = load_content([])
    cards = [c for c in content.cards.values() if c.game == "delve"]
    faces = delve_faces(cards, "en")
    views = [preview(f) for f in faces]
    kinds = {g["kind"]: g["name"] for s in sections(faces, views) for g in s["groups"]}
    assert "unknown" not in kinds
    assert kinds["adversary"] == "Adversary" and kinds["tile"] == "Chamber tile"


@pytest.mark.parametrize("locale, tag, body", [("en", "Skills", "Tracking, Survival"),
                                               ("pl", "Umiejętności", "Tropienie, Przetrwanie")])
def test_hero_faces_print_the_skills(locale, tag, body):
    content = load_content([])
    face, = localised_faces([content.cards["sable-quickwind"]], locale, content)
    assert (face.blocks[0].tag, face.blocks[0].body) == (tag, body)
