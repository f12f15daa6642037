"""The bundled campaign (issue 14, shared contract 2): the content checks clean and is big
enough, each campaign check (RF951-RF960) fires on a broken copy at the right line, the
Russian text uses the seed's terms, and the real PDF prints a relic's overlord side on the
back of its hero side."""

from __future__ import annotations

import re
import shutil
from io import BytesIO
from pathlib import Path

import pytest
from pypdf import PdfReader

from runeforge import games
from runeforge.games.campaign.text import name, render_card
from runeforge.pipeline import check

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "cards"
FORBIDDEN = re.compile(r"silver tower|warhammer|descent|terrinoth|rhynn|carthridge|arhynn|"
                       r"daerion|fantasy flight", re.I)


@pytest.fixture(scope="module")
def result():
    return check(())


@pytest.fixture(scope="module")
def cards(result):
    return {cid: c for cid, c in result.content.cards.items() if c.game == "campaign"}


def _of(cards, kind):
    return [c for c in cards.values() if c.kind == kind]


def test_the_bundled_campaign_checks_clean_and_is_complete(result, cards):
    bad = [d.render() for d in result.diagnostics if "campaign" in d.path]
    assert bad == []
    assert all(c.data["origin"] == "original" for c in cards.values())
    (doc,) = [d for d in result.content.documents["campaign"] if d.game == "campaign"]
    (cmap,) = [d for d in result.content.documents["campaign_map"] if d.game == "campaign"]
    advs = doc.data["adventures"]
    assert len(advs) == 17 and len({a["trial"] for a in advs}) == 17
    assert len(cmap.data["locations"]) >= 9
    assert {s for r in cmap.data["routes"] for s in r["symbols"]} == {"road", "wild", "water"}
    shop = _of(cards, "shop_item")
    assert len(shop) >= 12 and {c.data["act"] for c in shop} == {1, 2}
    assert all(25 <= c.data["cost"] <= 150 for c in shop)
    assert sorted(c.data["cost"] for c in shop).count(100) >= 2  # R29: 100 + 100 + 75
    for cls in doc.data["classes"]:
        skills = [c for c in _of(cards, "class_skill") if c.data["class"] == cls]
        assert len(skills) >= 4 and {c.data["xp"] for c in skills if not c.data.get("basic")} \
            <= {1, 2, 3}
        assert any(c.data["class"] == cls for c in _of(cards, "starting_equipment"))
    assert len(_of(cards, "search_card")) >= 10
    assert all(25 <= c.data["gold"] <= 100 for c in _of(cards, "search_card"))
    overlord = _of(cards, "overlord_card")
    assert sum(c.data.get("copies", 1) for c in overlord if c.data["class"] == "basic") >= 15
    for cls in ("warlord", "saboteur", "magus"):
        for tier in (1, 2, 3):
            assert len([c for c in overlord if c.data["class"] == cls
                        and c.data.get("tier") == tier]) >= 2, (cls, tier)
    assert len([c for c in overlord if c.data["class"] == "universal"]) >= 2
    assert len(_of(cards, "relic")) >= 3 and len(_of(cards, "travel_event")) >= 8
    assert len(_of(cards, "condition")) >= 3


def test_no_name_from_the_seeds_source_game():
    files = list((CARDS / "campaign").glob("*.yaml")) + [CARDS / "delve" /
                                                         "campaign-trials.yaml"]
    for path in files:
        assert not FORBIDDEN.search(path.read_text(encoding="utf-8")), path.name


def _line_of(path: Path, marker: str) -> int:
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if marker in line:
            return n
    raise AssertionError(f"{marker!r} not in {path}")


# (file, text replaced, replacement, code, a text on the line the diagnostic points at)
BROKEN = [
    ("campaign.yaml", "structure: [introduction, act1, act1, act1,",
     "structure: [introduction, act1, act1,", "RF951", "structure:"),
    ("campaign.yaml", "branches: {heroes: millers-debt, overlord: grindstone-oath}",
     "branches: {heroes: millers-debt, overlord: millers-debt}", "RF952",
     "overlord: millers-debt}"),
    ("campaign.yaml", "side: overlord\n    trial: bargain-cells",
     "side: heroes\n    trial: bargain-cells", "RF953", "adventures:"),
    ("overlord.yaml", "name: War Drums, origin: original, class: warlord, tier: 2, xp: 2",
     "name: War Drums, origin: original, class: warlord, tier: 2, xp: 1", "RF954",
     "War Drums"),
    ("overlord.yaml", "class: basic, xp: 0, copies: 3, effect: {hero_dice: -1}",
     "class: basic, xp: 0, copies: 1, effect: {hero_dice: -1}", "RF955", "min_deck"),
    ("map.yaml", "to: greywater-ford, symbols: [road, water]",
     "to: greywater-ford, symbols: [road, swamp]", "RF956", "symbols: [road, swamp]"),
    ("relics.yaml", "    overlord:\n      name: Ember of the Burned Abbot\n"
     "      effect: {wounds: 1}\n", "", "RF957", "- name: Kilnheart Ember"),
    ("campaign.yaml", "trial: slag-tunnels", "trial: slag-tunel", "RF958",
     "trial: slag-tunel"),
    ("campaign.yaml", "location: greywater-ford", "location: greywater-fjord", "RF958",
     "location: greywater-fjord"),
    ("campaign.yaml", "relic: ferrymans-oar}}", "relic: ferrymens-oar}}", "RF958",
     "relic: ferrymens-oar"),
    ("campaign.yaml", "branches: {heroes: kiln-breakers,", "branches: {heroes: kiln-breaker,",
     "RF958", "heroes: kiln-breaker,"),
    ("skills.yaml", "{name: Hidden Blade, origin: original, class: scout, xp: 2,",
     "{name: Hidden Blade, origin: original, class: scout, xp: 0, basic: true,", "RF959",
     "classes:"),
    ("map.yaml", "{id: brackenmoor, name: Brackenmoor}",
     "{id: brackenmoor, name: Brackenmoor}\n  - {id: brackenmoor, name: Bracken Moor}",
     "RF960", "name: Bracken Moor}"),
]


@pytest.mark.parametrize("file,old,new,code,marker", BROKEN,
                         ids=[f"{b[3]}-{i}" for i, b in enumerate(BROKEN)])
def test_each_campaign_check_fires_on_a_broken_copy(tmp_path, file, old, new, code, marker):
    for pack in ("delve", "campaign"):
        shutil.copytree(CARDS / pack, tmp_path / pack)
    target = tmp_path / "campaign" / file
    text = target.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    target.write_text(text.replace(old, new), encoding="utf-8")
    found = check([tmp_path / "delve", tmp_path / "campaign"], include_bundled=False,
                  compile=False)
    hits = [d for d in found.diagnostics if d.code == code]
    assert hits, [d.render() for d in found.diagnostics]
    # the broken copy has no other campaign error than the one made
    assert {d.code for d in found.diagnostics if d.is_error} == {code}, \
        [d.render() for d in found.diagnostics]
    where = {(Path(d.path).name, d.line) for d in hits}
    path = target if marker not in ("adventures:", "min_deck", "classes:") else \
        tmp_path / "campaign" / "campaign.yaml"
    assert (path.name, _line_of(path, marker)) in where, [d.render() for d in hits]
    assert all(d.col >= 1 and d.message for d in hits)
    if code == "RF958":
        assert any(d.hint and "did you mean" in d.hint for d in hits)


def test_the_pristine_copy_checks_clean(tmp_path):
    for pack in ("delve", "campaign"):
        shutil.copytree(CARDS / pack, tmp_path / pack)
    found = check([tmp_path / "delve", tmp_path / "campaign"], include_bundled=False,
                  compile=False)
    assert [d.render() for d in found.diagnostics if d.is_error] == []


RU_TERMS = ("Властелин", "очк", "опыта", "Военачальник", "Диверсант", "Колдун", "Реликвия",
            "Дорожное событие", "Карта покупок", "Исходное снаряжение", "Карта поиска",
            "состояние", "усталости", "золотых", "Акт", "ОО")


def test_russian_text_and_faces_use_the_seeds_terms(result, cards):
    game = games.get("campaign")
    faces = game.card_faces(list(cards.values()), "ru", result.content)
    words = " ".join(" ".join([f.header, f.name, *(t for _, t in f.lines)]) for f in faces)
    from runeforge.games.campaign.faces import kind_line

    words += " ".join(kind_line(k, "ru") for k in game.card_kinds)
    words += " ".join(text for c in cards.values() for _, text in render_card(c, "ru"))
    missing = [term for term in RU_TERMS if term not in words]
    assert missing == []
    # no English effect text left in any locale's rules text
    for locale in ("fi", "pl", "el", "ru"):
        texts = [text for c in cards.values() if c.kind in ("overlord_card", "condition",
                                                            "travel_event")
                 for _, text in render_card(c, locale)]
        assert texts and not any(re.search(r"\b(each hero|the heroes|overlord)\b", t, re.I)
                                 for t in texts), locale


def test_effect_text_follows_the_plural_forms():
    from runeforge.games.campaign.text import render_effect

    # seed 004 counts wounds as "урон" (1 урон, 2 урона, 5 урона), number and noun held
    # together by a no-break space (issue 36)
    assert render_effect({"wounds": 1}, "ru") == "Каждый герой получает 1\u00a0урон."
    assert render_effect({"wounds": 2}, "ru") == "Каждый герой получает 2\u00a0урона."
    assert render_effect({"wounds": 5}, "ru") == "Каждый герой получает 5\u00a0урона."
    assert render_effect({"gold": -50}, "en") == "The heroes lose 50 gold."
    assert render_effect({"choice": [{"fatigue": 1}, {"gold": -25}]}, "en") == (
        "The heroes choose together: (1) Each hero suffers 1 fatigue. Or "
        "(2) The heroes lose 25 gold.")


def test_r47_the_pdf_prints_each_relics_overlord_side_on_its_back(result, cards):
    from runeforge.backends.pdf_stage import pdf_outputs

    relics = _of(cards, "relic")
    outputs = {o.relpath: o.data for o in pdf_outputs(result, ["en", "ru"],
                                                   decks={"campaign-relic"})}
    for locale, side in (("en", "Overlord side"), ("ru", "Сторона Властелина")):
        import json

        layout = json.loads(outputs[f"pdf/campaign-{locale}.layout.json"])
        reader = PdfReader(BytesIO(outputs[f"pdf/campaign-{locale}.pdf"]))
        for relic in relics:
            (front,) = [r for r in layout["cards"] if r["card"] == relic.id
                        and r["side"] == "front"]
            (back,) = [r for r in layout["cards"] if r["card"] == relic.id
                       and r["side"] == "back"]
            front_text = reader.pages[front["page"] - 1].extract_text()
            back_text = reader.pages[back["page"] - 1].extract_text()
            hero, lord = (name("card", relic.data[s]["name"], locale)
                          for s in ("hero", "overlord"))
            assert hero in front_text and lord in back_text and lord not in front_text
            assert side in back_text and back["back"].endswith(relic.id)


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_catalogs_are_complete_and_keep_their_slots(locale, cards):
    from babel.messages import pofile

    from runeforge.dsl.delve import nodes as n
    from runeforge.dsl.delve.parser import parse_ability
    from runeforge.games.campaign.abilities import ability_keys
    from runeforge.games.campaign.text import NAMED, TEMPLATES, prepare

    path = ROOT / "locales" / locale / "LC_MESSAGES" / "campaign.po"
    with path.open("rb") as fh:
        catalog = pofile.read_po(fh, locale=locale)
    by_ctx = {m.context: m for m in catalog if m.id}
    for key, english in TEMPLATES.items():
        message = by_ctx[f"campaign.{key}"]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        source = english[0] if isinstance(english, tuple) else english
        for form in forms:
            assert form and set(re.findall(r"\{\w+\}", form)) == set(
                re.findall(r"\{\w+\}", source)), (key, form)
    named = {(m.context, m.id) for m in catalog if m.id and m.string}
    used = {parse_ability(text).name for c in cards.values() for _, text in ability_keys(c)
            if isinstance(parse_ability(text), n.Action)}
    assert used <= set(NAMED["action"])  # a new action name needs a translation
    assert {c.name for c in _of(cards, "condition")} <= set(NAMED["condition"])
    for ctx, names in NAMED.items():
        assert {("campaign." + ctx, name) for name in names} <= named
    assert prepare([locale]) == []  # msgfmt --check: tests/test_campaign_l10n.py


def test_every_adventure_trial_plays_to_an_end_with_delve(result):
    """The 14 campaign trials are playable Delve adventures (shared contract 1): each ends in
    a win or a loss within its round limit, and the heroes can win some."""
    import json

    from runeforge.backends.bundle import build_bundle

    bundle = json.loads(json.dumps(build_bundle(result.content, result.compiled)))
    play = games.get("delve").entry("play")
    (doc,) = [d for d in result.content.documents["campaign"] if d.game == "campaign"]
    winners = []
    for adventure in doc.data["adventures"]:
        for seed in (0, 1):
            res = play(bundle, {"adventure": adventure["trial"], "players": 3, "seed": seed,
                                "bots": "heuristic"})
            assert res["winner"] in ("heroes", "adversaries"), res["how"]
            winners.append(res["winner"])
    assert "heroes" in winners


def test_a_relics_hero_side_ability_is_checked_where_it_is_written(tmp_path):
    for pack in ("delve", "campaign"):
        shutil.copytree(CARDS / pack, tmp_path / pack)
    target = tmp_path / "campaign" / "relics.yaml"
    text = target.read_text(encoding="utf-8")
    old = "area, Hit 4+, Damage 2."
    assert text.count(old) == 1
    target.write_text(text.replace(old, "area, Hit 7+, Damage 2."), encoding="utf-8")
    found = check([tmp_path / "delve", tmp_path / "campaign"], include_bundled=False)
    hits = [d for d in found.diagnostics if d.code == "RF903"]
    assert [(Path(d.path).name, d.line) for d in hits] == [
        ("relics.yaml", _line_of(target, "Hit 7+"))]
    line = target.read_text(encoding="utf-8").splitlines()[hits[0].line - 1]
    assert line[hits[0].col - 1:].startswith("7+") or "Hit 7+" in line[hits[0].col - 5:]


@pytest.mark.parametrize("locale", ["fi", "pl", "el", "ru"])
def test_a_number_and_its_noun_stay_on_one_line_on_campaign_faces(result, locale):
    """The catalogs join a number and its noun with a no-break space ("1\u00a0урон"); the
    campaign faces break lines at ordinary spaces only, as Delve's do (reportlab's
    simpleSplit broke there and left "получает 1" / "урон." on two lines)."""
    import pypdfium2 as pdfium

    from runeforge.backends.pdf_stage import pdf_outputs

    ids = {cid for cid, c in result.content.cards.items() if c.game == "campaign"}
    outputs = {o.relpath: o.data for o in pdf_outputs(result, [locale], cards=ids)}
    pdf = pdfium.PdfDocument(outputs[f"pdf/campaign-{locale}.pdf"])
    try:
        lines = [line for page in pdf
                 for line in page.get_textpage().get_text_bounded().splitlines()]
    finally:
        pdf.close()
    joined = [m.group(0) for c in result.content.cards.values() if c.game == "campaign"
              for _, text in render_card(c, locale)
              for m in re.finditer(r"\d+\u00a0\w+", text)]
    assert joined, locale  # the catalogs do join numbers and nouns in this locale
    pairs = {tuple(j.split("\u00a0")) for j in joined}
    broken = []
    for a, b in zip(lines, lines[1:], strict=False):
        number, word = re.search(r"(\d+)\s*$", a), re.match(r"\s*(\w+)", b)
        if number and word and (number.group(1), word.group(1)) in pairs:
            broken.append((a, b))
    assert not broken, broken


def test_r55_act_one_adversaries_belong_to_no_act_so_act_two_reuses_them(result):
    """R55's first clause (seed 004: «Карты монстров и адъютантов Акта I убираются в коробку.
    С этого момента в игре участвуют противники из Акта II.»): the adventure game's
    adversaries carry no act, so the box takes none of them and the Act II adventures reuse
    the Act I lieutenants (the reading in docs/campaign-rules.md). Adversaries marked with an
    act would need the rule played: this test then fails."""
    (doc,) = [d for d in result.content.documents["campaign"] if d.game == "campaign"]
    game = doc.data["adventure_game"]
    adversaries = [c for c in result.content.cards.values()
                   if c.game == game and c.kind == "adversary"]
    assert adversaries and not any("act" in c.data for c in adversaries)
    lts = {act: {lt for a in doc.data["adventures"] if a["act"] == act
                 for lt in a.get("lieutenants", [])} for act in ("act1", "act2")}
    assert lts["act1"] & lts["act2"], lts  # reused, as the reading says


def test_r39_r58_an_unplayed_act_one_adventure_counts_as_the_overlords_win():
    """Four Act I adventures for three slots (issue 34): one goes unplayed in every campaign,
    opens its overlord branch in Act II (R39) and acts in the Finale's set-up as the
    overlord's win (R58); Act II then offers more adventures than its three slots."""
    from runeforge.commands.play import load_bundle
    from runeforge.engine.campaign.data import CampaignData
    from runeforge.engine.campaign.rules import finale, progress
    from runeforge.engine.campaign.sheet.state import clone
    from runeforge.games.campaign.commands.botplay import run

    bundle = load_bundle(())
    data = CampaignData(bundle, "saltmarsh-reckoning")
    act1 = {a["id"]: a for a in data.doc["adventures"] if a["act"] == "act1"}
    assert len(act1) == 4 > data.act_count("act1") == 3
    _, game, _ = run(bundle, {"campaign": data.id, "players": 3, "seed": 11,
                              "bots": "heuristic"})
    played = [p for p in game.sheet["played"] if p["act"] == "act1"]
    (unplayed,) = set(act1) - {p["adventure"] for p in played}
    at_act2 = clone(game.sheet)
    at_act2.update(played=game.sheet["played"][:5], act="act2", step="choose", winner=None,
                   finale_side=None)
    offered = progress.available(data, at_act2)
    assert act1[unplayed]["branches"]["overlord"] in offered  # R39: counted as his win
    assert act1[unplayed]["branches"]["heroes"] not in offered
    assert len(offered) == 4 > data.act_count("act2")  # one of them will go unplayed
    without_quarry = clone(game.sheet)
    without_quarry["played"] = [p for p in game.sheet["played"]
                                if p["adventure"] != "quarry-of-cinders"]
    entry = {"adventure": "quarry-of-cinders", "side": "overlord",
             "effect": {"adventure_vigour": 1}}
    assert entry in finale.acting(data, without_quarry)  # R58: unplayed = the overlord's
