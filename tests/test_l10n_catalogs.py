"""The shipped gettext catalogs: complete, slot-exact, every plural form renderable, in step
with the extractor; compile errors are diagnostics."""

from __future__ import annotations

import gettext
import shutil
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from runeforge.diagnostics import DiagnosticError
from runeforge.games import DEFAULT_GAME
from runeforge.games.runebound.text.templates import TEMPLATES
from runeforge.games.runebound.text.terms import category
from runeforge.l10n.catalogs import LOCALES, catalog_diagnostics, compile_catalogs, po_path
from runeforge.l10n.labels import LABELS, PLURAL_LABELS
from runeforge.l10n.localedir import locales_dir
from runeforge.l10n.names import card_name, flavour, label
from runeforge.l10n.slots import check_message
from runeforge.loader import load_content

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def content():
    return load_content([]).of_game(DEFAULT_GAME)  # Delve has its own catalogs (delve.po)


def catalog(locale):
    with open(po_path(locales_dir(), locale), "rb") as fh:
        return read_po(fh, locale=locale)


def messages(locale):
    return [m for m in catalog(locale) if m.id]


@pytest.mark.parametrize("locale", LOCALES)
def test_no_untranslated_or_fuzzy_entries(locale):
    cat = catalog(locale)
    assert not cat.fuzzy
    bad = []
    for m in messages(locale):
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(f.strip() for f in forms):
            bad.append((m.context, m.id))
    assert bad == []


@pytest.mark.parametrize("locale", LOCALES)
def test_slot_names_are_identical_in_every_translation_and_plural_form(locale):
    problems = {(m.context, str(m.id)): check_message(m.id, m.string)
                for m in messages(locale)}
    assert {k: v for k, v in problems.items() if v} == {}


@pytest.mark.parametrize("locale", LOCALES)
def test_catalog_diagnostics_are_clean(locale):
    assert [d.render() for d in catalog_diagnostics(locales=(locale,))] == []


def test_slot_checker_catches_what_babel_misses():
    assert check_message("inflict {wounds} on {target}", "нанесите {wounds.acc} {target.dat}") == []
    assert check_message("inflict {wounds} on {target}", "нанесите {wounds.acc}") == \
        ["translation: missing {target}"]
    assert check_message("pay {gold}", "zapłać {złoto}") != []  # malformed slot = stray brace
    assert check_message("pay {gold}", "zapłać {money}") == ["translation: missing {gold}; "
                                                            "unknown {money}"]
    # one plural form drops the placeholder: only that form is reported
    assert check_message(("{n} copy", "{n} copies"), ("{n} копия", "копии", "{n} копий")) == \
        ["form [1]: missing {n}"]
    assert check_message("x {a}", "") == ["translation is empty"]
    assert check_message("x {a}", "x {a} }") == ["translation has a brace outside a slot: "
                                                 "'x {a} }'"]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_plural_form_renders_for_a_number_of_its_category(locale):
    cat = catalog(locale)
    plural = gettext.c2py(cat.plural_expr)
    plural_messages = [m for m in messages(locale) if isinstance(m.id, tuple)]
    assert len(plural_messages) == len(PLURAL_LABELS)
    for m in plural_messages:
        key = m.context[len("label."):]
        index_of_category = {}
        for i, form in enumerate(m.string):
            samples = [v for v in range(0, 200) if plural(v) == i]
            assert samples, f"{locale} {key}: no number selects form [{i}]"
            for v in samples[:6]:
                assert label(key, locale, n=v) == form.replace("{n}", str(v))
                # gettext's integer formula agrees with Babel's CLDR category
                assert index_of_category.setdefault(category(locale, v), i) == i


def _pot_keys(path):
    with open(path, "rb") as fh:
        return {(m.context, m.id) for m in read_po(fh) if m.id}


def test_the_template_catalog_is_what_the_extractor_gives():
    method_map = [("cards/**.yaml", "runeforge_cards"),
                  ("compiler/games/runebound/text/templates.py", "runeforge_cards"),
                  ("compiler/l10n/labels.py", "runeforge_cards")]
    extracted = {}
    for filename, lineno, message, comments, context in extract_from_dir(str(ROOT), method_map):
        extracted[(context, message if isinstance(message, str) else tuple(message))] = \
            (filename, lineno, comments)
    assert _pot_keys(locales_dir() / "runeforge.pot") == set(extracted)
    name = extracted[("card.name", "Belt of Strength")]
    assert any("belt-of-strength" in c and "cards/core/items.yaml:" in c for c in name[2])
    assert name[0].endswith("items.yaml") and name[1] > 1


@pytest.mark.parametrize("locale", LOCALES)
def test_every_template_and_label_is_in_the_catalog(locale):
    keys = {(m.context, m.id) for m in messages(locale)}
    for key, english in TEMPLATES.items():
        assert (key, english) in keys
    for key, english in LABELS.items():
        assert (f"label.{key}", english) in keys
    for key, forms in PLURAL_LABELS.items():
        assert (f"label.{key}", forms) in keys


@pytest.mark.parametrize("locale", LOCALES)
def test_every_bundled_card_name_and_flavour_is_translated(locale, content):
    """Cards added later show up here until their names and flavour are translated."""
    translated = {(m.context, m.id) for m in messages(locale) if m.string and not m.fuzzy}
    missing = []
    for card_id, card in content.cards.items():
        if ("card.name", card.name) not in translated:
            missing.append(f"{card_id}: name {card.name!r}")
        text = card.data.get("flavour")
        if isinstance(text, str) and text.strip() and ("card.flavour", text) not in translated:
            missing.append(f"{card_id}: flavour {text!r}")
    assert missing == [], "run pybabel extract/update and translate (docs/translating.md)"
    assert card_name("belt-of-strength", locale) != "Belt of Strength"
    assert flavour("belt-of-strength", locale) not in ("", "The buckle is warm, as if someone "
                                                        "just took it off.")


def test_compile_catalogs_gives_translations_for_every_locale():
    compiled = compile_catalogs()
    assert sorted(compiled) == sorted(LOCALES)
    assert compiled["ru"].pgettext("tag.before_combat", "Before Combat") == "Перед боем"
    assert compiled["fi"].pgettext("card.name", "Belt of Strength") == "Voiman vyö"


def _copy_locales(tmp_path):
    root = tmp_path / "locales"
    for locale in LOCALES:
        dest = po_path(root, locale)
        dest.parent.mkdir(parents=True)
        shutil.copy(po_path(locales_dir(), locale), dest)
    return root


def test_a_po_syntax_error_is_rf603(tmp_path):
    root = _copy_locales(tmp_path)
    path = po_path(root, "pl")
    path.write_text(path.read_text(encoding="utf-8").replace('msgstr "Przed walką"',
                                                             'msgstr Przed walką"', 1),
                    encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        compile_catalogs(root)
    assert [d.code for d in err.value.diagnostics] == ["RF603"]
    assert err.value.diagnostics[0].path == str(path)


def test_a_missing_catalog_is_an_error_not_null_translations(tmp_path):
    root = _copy_locales(tmp_path)
    po_path(root, "el").unlink()
    with pytest.raises(DiagnosticError) as err:
        compile_catalogs(root)
    assert [d.code for d in err.value.diagnostics] == ["RF603"]
    assert "'el'" in err.value.diagnostics[0].message


def test_a_broken_slot_stops_the_compile(tmp_path):
    root = _copy_locales(tmp_path)
    path = po_path(root, "ru")
    text = path.read_text(encoding="utf-8")
    assert 'msgstr "нанесите {wounds.acc} {target.dat}"' in text
    path.write_text(text.replace('msgstr "нанесите {wounds.acc} {target.dat}"',
                                 'msgstr "нанесите {wounds.acc} {цель.dat}"'), encoding="utf-8")
    with pytest.raises(DiagnosticError) as err:
        compile_catalogs(root)
    assert {d.code for d in err.value.diagnostics} == {"RF602"}


def test_build_stops_on_a_broken_catalog_and_writes_nothing(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from runeforge.cli import main
    from runeforge.l10n import catalogs

    root = _copy_locales(tmp_path)
    path = po_path(root, "fi")
    path.write_text(path.read_text(encoding="utf-8").replace('msgid "Before Combat"',
                                                             'msgid Before Combat"', 1),
                    encoding="utf-8")
    monkeypatch.setattr(catalogs, "locales_dir", lambda: root)
    out_dir = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--out", str(out_dir), "--locale", "fi"])
    assert result.exit_code != 0
    assert "RF603" in result.output
    assert not out_dir.exists() or not any(out_dir.rglob("*.json"))
