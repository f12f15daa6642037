"""The seeds' published words are the ones the term tables, catalogs and generated text use."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pytest

from runeforge.dsl.runebound.parser import parse_ability
from runeforge.games.runebound.text.render import render_ability
from runeforge.games.runebound.text.templates import TEMPLATES
from runeforge.games.runebound.text.terms import load_glossary, load_terms
from runeforge.l10n.catalogs import translations
from runeforge.l10n.labels import LABELS
from runeforge.loader import load_content

LOCALES = ["fi", "pl", "el", "ru"]


@lru_cache(maxsize=1)
def bundled_abilities():
    content = load_content([]).of_game("runebound-2e")  # Delve: tests/test_delve_l10n.py
    return sorted({parse_ability(t) for card in content.cards.values()
                   for t in (card.data.get("abilities") or []) if isinstance(t, str)},
                  key=repr)


def generated_text(locale):
    return " ".join(render_ability(a, locale) for a in bundled_abilities())


ROOT = Path(__file__).resolve().parent.parent


def english(context):
    if context.startswith("label."):
        return LABELS[context[len("label."):]]
    return TEMPLATES[context]


@pytest.mark.parametrize("locale", LOCALES)
def test_glossary_names_its_seed(locale):
    glossary = load_glossary(locale)
    # "seed 000_....txt (what it is)": the seeds are not distributed with the project; where a
    # copy sits beside the checkout (../shared/seeds/, as in CI) the spellings are checked
    word, name = glossary["source"].split(" ")[:2]
    assert word == "seed" and name.split("_")[0] in {"000", "001", "003", "004"}
    copy = ROOT.parent / "shared" / "seeds" / name
    if copy.exists():
        seed = copy.read_text(encoding="utf-8").lower()
        # every word is spelled as the seed spells it (entries marked seed: false excepted)
        absent = [c for c, e in glossary["entries"].items() if e.get("seed", True)
                  and e.get("stem", e["word"]).lower() not in seed]
        assert absent == []


@pytest.mark.parametrize("locale", LOCALES)
def test_term_tables_and_catalogs_use_the_glossary_words(locale):
    glossary = load_glossary(locale)["entries"]
    terms = load_terms(locale)
    catalog = translations(locale)
    checked = 0
    for concept, entry in glossary.items():
        if "term" in entry:
            section, key, form = entry["term"].split(".", 2)
            assert terms.get(section, key).form(form) == entry["word"], concept
            checked += 1
        if "message" in entry:
            text = catalog.pgettext(entry["message"], english(entry["message"]))
            assert entry.get("stem", entry["word"]).lower() in text.lower(), (concept, text)
            checked += 1
    assert checked >= len(glossary)


@pytest.mark.parametrize("locale", LOCALES)
def test_generated_text_uses_the_glossary_words(locale):
    text = generated_text(locale).lower()
    entries = load_glossary(locale)["entries"]
    in_text = {c: e for c, e in entries.items() if e.get("in_text")}
    assert len(in_text) >= 5
    missing = {c: e["word"] for c, e in in_text.items()
               if e.get("stem", e["word"]).lower() not in text}
    assert missing == {}


def test_spot_check_seed_words_in_the_normative_texts():
    ability = parse_ability("Before Combat: Test Body Swim (14). If you fail, take 1 wound.")
    assert render_ability(ability, "fi").startswith("Ennen taistelua: ")
    assert "haava" in render_ability(ability, "fi")
    assert render_ability(ability, "pl").startswith("Przed walką: ")
    assert "урон" in render_ability(ability, "ru")
    assert "πλήγμα" in render_ability(ability, "el")
