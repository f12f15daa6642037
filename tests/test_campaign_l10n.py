"""Campaign names in five locales (issue 14): every name of campaign content (cards of every
kind, relic sides, the campaign, its adventures, the map and its locations) in campaign.po and
every Delve trial name in delve.po, translated in fi, pl, el, ru (el and ru in their own
alphabet); the Russian sheet PDF and `runeforge text --locale ru` print them. And a relic's
hero side: `runeforge fmt` rewrites it, the bundle carries its IR as `hero.abilities_ir`."""

from __future__ import annotations

import json
import os
import re
import shutil

import pypdfium2 as pdfium
import pytest
from babel.messages.pofile import read_po
from click.testing import CliRunner

from runeforge import games
from runeforge.cli import main
from runeforge.engine.delve.ir import validate_ability
from runeforge.games.campaign import text as ctext
from runeforge.games.campaign.abilities import bundle_record
from runeforge.games.delve import text as dtext
from runeforge.loader import load_content

LOCALES = ("fi", "pl", "el", "ru")
# an id or a number may stay; a Roman numeral is not in a name
LATIN = re.compile("[A-Za-z]")


@pytest.fixture(scope="module")
def content():
    return load_content([])


def _messages(module, locale):
    with module._catalog_path(locale).open("rb") as fh:
        return {(m.context, m.id): m for m in read_po(fh, locale=locale) if m.id}


def _names(content):
    trials = [m for m in dtext.name_messages(content) if m[0] == "delve.trial.name"]
    return [(ctext, m) for m in ctext.name_messages(content)] + [(dtext, m) for m in trials]


def test_the_name_list_covers_every_kind_of_name(content):
    names = ctext.name_messages(content)
    contexts = {m[0] for m in names}
    assert contexts == {"campaign.card.name", "campaign.campaign.name",
                        "campaign.adventure.name", "campaign.map.name",
                        "campaign.location.name"}
    english = {m[1] for m in names}
    kinds = {c.kind for c in content.cards.values() if c.game == "campaign"}
    assert kinds == set(games.get("campaign").card_kinds)
    for card in content.cards.values():
        if card.game == "campaign":
            assert card.name in english, card.id
            if card.kind == "relic":
                assert {card.data["hero"]["name"], card.data["overlord"]["name"]} <= english
    doc = content.documents["campaign"][0].data
    assert len([m for m in names if m[0] == "campaign.adventure.name"]) == len(
        doc["adventures"]) == 17
    trials = [m for m in dtext.name_messages(content) if m[0] == "delve.trial.name"]
    assert len(trials) >= 16
    # the comment's place: the file and line of the name
    for _, english, _, path, line in names + trials:
        with open(path, encoding="utf-8") as fh:
            assert english.replace("'", "") in fh.read().splitlines()[line - 1].replace(
                "'", "").replace('"', ""), (path, line)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_campaign_and_trial_name_is_translated(locale, content):
    catalogs = {ctext: _messages(ctext, locale), dtext: _messages(dtext, locale)}
    names = _names(content)
    assert len(names) > 120
    for module, (context, english, ident, _, _) in names:
        m = catalogs[module].get((context, english))
        assert m is not None and m.string and not m.fuzzy, (locale, ident, english)
        assert m.string != english, (locale, ident)
        if locale in ("el", "ru"):
            assert not LATIN.search(m.string), (locale, ident, m.string)


@pytest.mark.skipif(shutil.which("msgfmt") is None and not os.environ.get("CI"),
                    reason="GNU gettext's msgfmt is not installed (apt-get install gettext; "
                    "in CI this fails instead)")
@pytest.mark.parametrize("locale", LOCALES)
def test_msgfmt_accepts_the_catalogs(locale):
    import subprocess

    for module in (ctext, dtext):
        out = subprocess.run(["msgfmt", "--check", "-o", "/dev/null",
                              str(module._catalog_path(locale))], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr


def test_names_in_code_follow_the_catalogs(content):
    lantern = content.cards["saltglass-lantern"]
    assert ctext.card_name(lantern, "en") == "Saltglass Lantern"
    assert ctext.card_name(lantern, "ru") == "Фонарь из солёного стекла"
    assert ctext.name("adventure", "The Silent Mill", "el") == "Ο σιωπηλός μύλος"
    assert ctext.name("location", "Quillhaven", "fi") == "Sulkasatama"
    assert dtext.trial_name("The First Descent", "pl") == "Pierwsze zejście"
    assert ctext.name("card", "No Such Card", "ru") == "No Such Card"
    assert games.get("campaign").text.name == "runeforge.games.campaign.text:card_name"


def test_the_text_command_shows_campaign_names_in_russian():
    out = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["text", "--locale", "ru", "--card",
                                                          "notched-broadsword", "--card",
                                                          "sudden-chill"])
    assert out.exit_code == 0, out.output
    assert "Зазубренный палаш (notched-broadsword)" in out.output
    assert "Внезапный холод (sudden-chill)" in out.output
    assert "Notched Broadsword" not in out.output and "Sudden Chill" not in out.output
    english = CliRunner(env={"NO_COLOR": "1"}).invoke(main, ["text", "--card",
                                                              "notched-broadsword"])
    assert "Notched Broadsword (notched-broadsword)" in english.output


@pytest.fixture(scope="module")
def bundle():
    from runeforge import pipeline
    from runeforge.backends.bundle import build_bundle

    result = pipeline.check([])
    assert result.ok
    return build_bundle(result.content, result.compiled)


def test_the_russian_sheet_pdf_prints_translated_names(bundle, tmp_path):
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.sheet.state import new_sheet
    from runeforge.games.campaign.sheetpdf import write_sheet_pdf

    data = CampaignData(bundle)
    heroes = [c["id"] for c in bundle["cards"] if c.get("game") == "delve"
              and c.get("kind") == "hero"]
    sheet = new_sheet(data, 3, [("Ada", heroes[0], "warrior"), ("Bo", heroes[1], "mage")],
                      "Cy")
    path = tmp_path / "sheet-ru.pdf"
    write_sheet_pdf(sheet, bundle, "ru", path)
    pdf = pdfium.PdfDocument(str(path))
    text = " ".join(" ".join(p.get_textpage().get_text_range().split()) for p in pdf)
    pdf.close()
    for english, what in (("Smoke over Quillhaven", "adventure"),
                          ("The Saltmarsh Reckoning", "campaign"),
                          ("Greywater Ford", "location")):
        assert ctext.name(what, english, "ru") in text and english not in text
    assert "Дым над Перьевой Гаванью" in text
    # a starting item of a hero's class, by its Russian name
    items = [i for p in sheet["players"] if p["side"] == "heroes" for i in p["items"]]
    assert items
    for item in items:
        english = data.card(item)["name"]
        assert ctext.name("card", english, "ru") in text and english not in text
    assert "Зазубренный палаш" in text


def test_the_bundle_carries_the_relic_hero_sides_ir(bundle):
    relics = [c for c in bundle["cards"] if c.get("kind") == "relic"]
    assert len(relics) >= 3
    for relic in relics:
        assert relic["text"] == [] and relic["abilities"] == []  # one to one, the card's own
        hero = relic["hero"]
        assert len(hero["abilities_ir"]) == len(hero["abilities"]) >= 1
        for ir in hero["abilities_ir"]:
            validate_ability(ir)
    lantern = next(r for r in relics if r["id"] == "saltglass-lantern")
    assert lantern["hero"]["abilities_ir"][0]["event"] == "explored"
    json.dumps(bundle)


def test_a_relic_whose_hero_side_does_not_compile_has_no_ir(content):
    import dataclasses

    card = content.cards["ferrymans-oar"]
    broken = dataclasses.replace(card, data={**card.data, "hero": {
        **card.data["hero"], "abilities": ["Row (3+): fly away."]}})
    record = {"hero": dict(broken.data["hero"])}
    assert "abilities_ir" not in bundle_record(broken, record)["hero"]
    good = bundle_record(card, {"hero": dict(card.data["hero"])})
    assert good["hero"]["abilities_ir"][0]["name"] == "Row"


RELICS = """\
# a relic file of our own
kind: relic
cards:
  - name: Tidal Charm   # the card
    origin: original
    hero:
      name: Tidal Charm
      abilities:
        - "every time you   explore a chamber,  heal 1 wound."   # keep me
        - 'Row  (3+):  move up to 2 spaces.'
    overlord:
      name: Charm of the Deep
      effect: {gold: -25}
"""


def test_fmt_rewrites_a_relics_hero_abilities_keeping_comments(tmp_path):
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "manifest.yaml").write_text(
        "kind: manifest\nid: my-campaign\nname: Mine\ntype: set\norigin: original\n"
        "game: campaign\n", encoding="utf-8")
    (pack / "relics.yaml").write_text(RELICS, encoding="utf-8")
    runner = CliRunner(env={"NO_COLOR": "1"})
    check = runner.invoke(main, ["fmt", "--check", str(pack)])
    assert check.exit_code == 1 and "relics.yaml" in check.output
    out = runner.invoke(main, ["fmt", str(pack)])
    assert out.exit_code == 0, out.output
    assert "2 abilities" in out.output
    new = (pack / "relics.yaml").read_text(encoding="utf-8")
    assert new == RELICS.replace(
        '"every time you   explore a chamber,  heal 1 wound."',
        '"Every time you explore a chamber, heal 1 wound."').replace(
        "'Row  (3+):  move up to 2 spaces.'", "'Row (3+): Move up to 2 spaces.'")
    again = runner.invoke(main, ["fmt", "--check", str(pack)])
    assert again.exit_code == 0, again.output
