"""Issue 21's acceptance, end to end: an author writes each family of the grown language in a
card file and sees it checked, translated, printed and played.

The card files are the test content of the families (tests/data/lang-branching,
tests/data/lang-place, tests/data/decks_content, tests/lang_combat): ordinary card folders.
One ``runeforge build`` of them writes the bundle, the rules text in English and Polish and
the proxy PDFs; for every family this test finds a card whose compiled IR uses one of the
family's ops, reads its rules text in both locales out of the printed PDF (pdfium), and runs
``runeforge test`` on the same folders to see a passing scenario that covers the card.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIRS = [ROOT / "tests" / "data" / "lang-branching", ROOT / "tests" / "data" / "lang-place",
        ROOT / "tests" / "data" / "decks_content", ROOT / "tests" / "lang_combat"]
PACKS = {"lang-branching", "lang-place", "decks-content", "lang-combat"}
LOCALES = ("en", "pl")

# family -> what marks an ability of it in the IR: effect ops, trigger event kinds, durations
FAMILIES = {
    1: {"ops": {"if_state", "while"}},
    2: {"ops": {"choose"}},
    3: {"ops": {"roll_table"}},
    4: {"ops": {"move_to", "terrain_rule"}, "events": {"enters_space"}},
    5: {"ops": {"draw_adventure", "draw_market_keep", "return_to_deck", "place_ally",
                "gain_gold_equal"}},
    6: {"ops": {"gain_experience", "pay_you"}},
    7: {"ops": {"extra_wounds", "inflict_additional", "reroll", "wound_cap", "immune",
                "attack_other"}},
    8: {"untils": {"next_event", "end_of_next_turn", "while_held"}},
    9: {"ops": {"doom_tokens", "discard_event", "discard_undefeated"}},
}


def _marks(effects):
    for e in effects:
        yield "ops", e["op"]
        if e["op"] == "trigger":
            yield "events", e["event"]["kind"]
        if e["op"] == "for_duration":
            yield "untils", e["until"]
        for key in ("effects", "else"):
            yield from _marks(e.get(key) or [])
        for option in e.get("options") or []:
            yield from _marks(option)
        for row in e.get("rows") or []:
            yield from _marks(row["effects"])


def _family_cards(bundle) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {f: [] for f in FAMILIES}
    for card in bundle["cards"]:
        if card.get("pack") not in PACKS:
            continue
        marks = {m for a in card.get("abilities") or [] for m in _marks(a["effects"])}
        for family, wanted in FAMILIES.items():
            if any((kind, value) in marks for kind, values in wanted.items()
                   for value in values):
                found[family].append(card["id"])
    return found


def _pdf_text(path: Path) -> str:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return "\n".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    finally:
        pdf.close()


def _words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.replace("\u00ad", ""))).lower()


def _cli(*args):
    from click.testing import CliRunner

    from runeforge.cli import main

    return CliRunner(env={"NO_COLOR": "1"}).invoke(main, [str(a) for a in args],
                                                   catch_exceptions=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("families") / "out"
    args = ["build", "--out", str(out), *[a for loc in LOCALES for a in ("--locale", loc)],
            *map(str, DIRS)]
    result = _cli(*args)
    assert result.exit_code == 0, result.output
    bundle = json.loads((out / "bundle.json").read_text(encoding="utf-8"))
    texts = {loc: json.loads((out / "text" / f"{loc}.json").read_text(encoding="utf-8"))
             for loc in LOCALES}
    pdfs = {(pack, loc): _words(_pdf_text(out / "pdf" / f"{pack}-{loc}.pdf"))
            for pack in PACKS for loc in LOCALES}
    return bundle, texts, pdfs


@pytest.fixture(scope="module")
def played():
    result = _cli("test", "--format", "json", *map(str, DIRS))
    assert result.exit_code == 0, result.output[-2000:]
    report = json.loads(result.output)
    return {card for s in report["scenarios"] if s["passed"] for card in s["covers"]}


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_each_family_is_checked_translated_printed_and_played(family, built, played):
    bundle, texts, pdfs = built
    cards = _family_cards(bundle)[family]
    assert cards, f"no card of the test content uses family {family}"
    pack_of = {c["id"]: c["pack"] for c in bundle["cards"]}
    for card in cards:
        for loc in LOCALES:
            rules = [t["text"] for t in texts[loc] if t["card"] == card]
            assert rules, (card, loc)
            printed = pdfs[(pack_of[card], loc)]
            for text in rules:
                # the whole rules text is on the printed face, word for word
                assert _words(text) in printed, (card, loc, text)
        assert card in played, f"{card}: no passing scenario plays it"


def test_the_printed_check_can_fail(built):
    """The PDF check reads real text: a sentence no card has is not found."""
    _bundle, _texts, pdfs = built
    assert _words("Choose one: gain 99 gold; or fly to the moon.") not in pdfs[
        ("lang-branching", "en")]
