"""`runeforge text --locale L`: every bundled ability, no English left, no unfilled slot, no
character the PDF font lacks; the same for names, flavour and labels."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from runeforge.backends.pdf_fonts import missing_glyphs
from runeforge.backends.text import available_locales, render_rules_text
from runeforge.cli import main
from runeforge.games.campaign.abilities import ability_keys
from runeforge.games.campaign.checks import card_effects
from runeforge.l10n.labels import LABELS, PLURAL_LABELS
from runeforge.l10n.names import card_name, flavour, label
from runeforge.pipeline import check

LOCALES = ["fi", "pl", "el", "ru"]
# words that may stay in every locale: the ability variable
ALLOWED = {"X"}
# native words that happen to be spelled like a word of the English text, listed by hand
NATIVE = {"pl": {"test", "to"}, "fi": {"on"}, "el": set(), "ru": set()}  # fi "on": "is"; pl "to": "this"


@pytest.fixture(scope="module")
def english_words(result):
    words = set()
    for r in render_rules_text(result.content, result.compiled, "en"):
        words |= {w.lower() for w in re.findall(r"[A-Za-z']+", r["text"])}
    return words - {w.lower() for w in ALLOWED}


def cli_records(locale, *args):
    out = CliRunner().invoke(main, ["text", "--locale", locale, "--format", "json", *args])
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_all_locales_are_available():
    assert available_locales() == ("en", "fi", "pl", "el", "ru", "en-XA")


@pytest.mark.parametrize("locale", LOCALES)
def test_text_command_has_no_english_left(locale, english_words):
    records = cli_records(locale)
    content = check(()).content  # loaded again: the CLI saw the same files
    abilities = sum(len(c.data.get("abilities") or []) for c in content.cards.values()
                    if c.game != "campaign")
    # a campaign card has a record per ability (a relic's on its hero side) and per effect
    abilities += sum(len(ability_keys(c)) + len(card_effects(c))
                     for c in content.cards.values() if c.game == "campaign")
    # one record per ability; the others describe a card without abilities (issue 36: a
    # Delve adversary's values, or a note saying why there is no text), checked below too
    per_ability = [r for r in records if r["ability"] is not None]
    assert len(per_ability) == abilities
    assert {tuple(sorted(r)) for r in per_ability} == {("ability", "card", "text")}
    assert len(records) > len(per_ability)
    leftovers = {}
    for r in records:
        # Latin-script locales may share short words with English by chance (fi "on"); what
        # must not stay is a word of the generated English text.
        words = re.findall(r"\w+", r["text"])
        latin = [w for w in words if re.fullmatch(r"[A-Za-z]+", w) and w not in ALLOWED]
        if locale in ("el", "ru"):
            english = latin
        else:
            english = [w for w in latin
                       if w.lower() in english_words and w.lower() not in NATIVE[locale]]
        if english:
            leftovers[r["card"]] = english
    assert leftovers == {}


@pytest.mark.parametrize("locale", LOCALES + ["en", "en-XA"])
def test_no_unfilled_slot_and_no_missing_glyph(locale, result):
    texts = [r["text"] for r in render_rules_text(result.content, result.compiled, locale)]
    for card_id in result.content.cards:
        texts.append(card_name(card_id, locale))
        texts.append(flavour(card_id, locale))
    for key, english in LABELS.items():  # a label's own slots ("sheet {n}/{total}") are
        text = label(key, locale)         # filled by the caller: fill those, and only those
        for slot in re.findall(r"\{(\w+)\}", english):
            text = text.replace("{" + slot + "}", "7")
        texts.append(text)
    texts += [label(key, locale, n=v) for key in PLURAL_LABELS for v in (0, 1, 2, 5, 21, 22)]
    for text in texts:
        assert "{" not in text and "}" not in text, text
        assert missing_glyphs(text) == set(), (text, missing_glyphs(text))


def test_text_command_one_card_in_russian():
    records = cli_records("ru", "--card", "belt-of-strength")
    assert records == [{"card": "belt-of-strength", "ability": 0,
                        "text": "Вы получаете +3\u00a0к Телу."}]


def test_text_command_plain_output_english_equals_source():
    out = CliRunner().invoke(main, ["text", "--locale", "en", "--card", "rune-plate"])
    assert out.exit_code == 0
    assert ("Any Phase: Once during 'Before Combat' and once per combat round, you may cancel "
            "1 wound being inflicted on your Hero.") in " ".join(out.output.split())


def test_unknown_locale_is_a_usage_error():
    out = CliRunner().invoke(main, ["text", "--locale", "de"])
    assert out.exit_code != 0
    assert "en-XA" in out.output


@pytest.mark.parametrize("locale", LOCALES)
def test_every_translation_and_term_form_is_in_the_pdf_font(locale):
    """Covers every string the renderer can produce, not only the bundled cards'."""
    from babel.messages.pofile import read_po

    from runeforge.games.runebound.text.terms import load_terms
    from runeforge.l10n.catalogs import po_path
    from runeforge.l10n.localedir import locales_dir

    with open(po_path(locales_dir(), locale), "rb") as fh:
        strings = [s for m in read_po(fh) if m.id
                   for s in (m.string if isinstance(m.string, tuple) else (m.string,))]
    table = load_terms(locale)
    strings += [form for section in table.sections.values() for term in section.values()
                for form in term.forms.values()]
    assert len(strings) > 300
    missing = {ch for s in strings for ch in missing_glyphs(s)}
    assert missing == set()


def _face_strings(face) -> list[str]:
    """What a face prints besides its name, flavour and rules text: the kind line (item
    subtypes included), the deck's name on its back, the stat and reward labels."""
    from runeforge.games.runebound.faces import preview_context

    view = preview_context(face)
    out = [face.kind_line(), face.deck_name]
    out += [str(s["label"]) for s in view["stats"]]  # values: numbers and numerals
    out += [face.label(k) for k in ("reward", "keep", "becomes_item", "becomes_ally",
                                    "print_note")]
    return [s for s in out if s]


# face words spelled as in English: Polish "amulet" and "rapier"; the unit of the scale note
NATIVE_FACE = {"pl": {"amulet", "rapier"}, "fi": set(), "el": set(), "ru": set()}
UNITS = {"mm"}


@pytest.mark.parametrize("locale", LOCALES)
def test_faces_have_no_english_left(locale, result):
    from runeforge.backends.pdf_stage import game_faces

    # Runebound's faces (Delve's face words are its own: tests/test_delve_l10n.py)
    english = {w.lower() for game, face in game_faces(result, "en") if game.id == "runebound-2e"
               for text in _face_strings(face) for w in re.findall(r"[A-Za-z]+", text)}
    english -= {w.lower() for w in ALLOWED}
    faces = [face for game, face in game_faces(result, locale) if game.id == "runebound-2e"]
    assert len(faces) == len(result.content.of_game("runebound-2e").cards)
    leftovers = {}
    for face in faces:
        for text in _face_strings(face):
            latin = [w for w in re.findall(r"\w+", text)
                     if re.fullmatch(r"[A-Za-z]+", w) and w not in ALLOWED | UNITS]
            if locale in ("fi", "pl"):
                latin = [w for w in latin if w.lower() in english
                         and w.lower() not in NATIVE_FACE[locale]]
            if latin:
                leftovers.setdefault(face.id, []).extend(latin)
    assert leftovers == {}
    # every bundled item subtype is translated, so none is left off the face
    items = [f for f in faces if f.kind == "item" and f.stats.get("type")]
    assert items and all(len(f.kind_line().split(" \u00b7 ")) == 3 for f in items)


def test_an_item_subtype_missing_from_the_table_is_left_off():
    from runeforge.backends.faces import CardFace
    from runeforge.games.runebound.faces import face_table, labels_for

    labels = labels_for("ru")
    face = CardFace(id="x", kind="item", name="X", locale="ru", labels=labels,
                    stats={"class": "weapon", "type": "spear"})
    assert face.kind_line() == "Предмет · Оружие · " + face_table("ru")["item_types"]["spear"]
    odd = CardFace(id="y", kind="item", name="Y", locale="ru", labels=labels,
                   stats={"class": "weapon", "type": "zweihander"})
    assert odd.kind_line() == "Предмет · Оружие"  # no English word on a Russian face
    assert face_table("en-XA")["item_types"]["spear"] != "Spear"  # pseudo-translated
