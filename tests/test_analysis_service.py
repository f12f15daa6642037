"""The analysis service (runeforge.analysis): the same result as `pipeline.check`, and an
update of one file that re-checks it against the cached rest, cross-file errors included."""

import math
import shutil
from pathlib import Path

import pytest

from runeforge import pipeline
from runeforge.analysis import AnalysisService, key_of
from runeforge.loader import bundled_dir


@pytest.fixture
def delve(tmp_path):
    """A copy of the bundled Delve pack, loaded on its own."""
    root = tmp_path / "delve"
    shutil.copytree(bundled_dir() / "delve", root)
    return root


def _render(diags):
    return [d.render() for d in diags]


def test_check_all_is_pipeline_check(delve):
    (delve / "exploration.yaml").write_text(
        (delve / "exploration.yaml").read_text().replace("tile: long-gallery", "tile: lng"))
    expected = pipeline.check([delve], include_bundled=False)
    got = AnalysisService([delve], include_bundled=False).check_all()
    assert _render(got.diagnostics) == _render(expected.diagnostics)
    assert got.diagnostics, "the broken tile id is reported"
    assert got.compiled == expected.compiled
    assert set(got.content.cards) == set(expected.content.cards)


def test_update_of_one_file_reports_in_another(delve):
    service = AnalysisService([delve], include_bundled=False)
    assert not service.check_all().errors
    exploration, trials = delve / "exploration.yaml", delve / "trials.yaml"
    text = exploration.read_text().replace("- name: Hall of Statues", "- name: Hall of Stones")
    changed = service.update(exploration, text)
    assert key_of(exploration) in changed
    trial_errors = changed[key_of(trials)]
    assert [d.code for d in trial_errors] == ["RF920"]
    assert "hall-of-statues" in trial_errors[0].message
    line = trials.read_text().split("\n")[trial_errors[0].line - 1]
    assert "hall-of-statues" in line[trial_errors[0].col - 1:]
    # the disk's text again: the error in the other file clears
    changed = service.update(exploration, None)
    assert changed[key_of(trials)] == []
    assert not service.result.errors


def test_duplicate_id_across_files_and_back(delve):
    service = AnalysisService([delve], include_bundled=False)
    service.check_all()
    extra = delve / "more.yaml"
    extra.write_text("kind: exploration\ncards:\n  - name: Spare Room\n    origin: original\n"
                     "    tile: long-gallery\n    placement: any\n    encounter: null\n")
    service.check_all()
    assert not service.diagnostics_of(extra)
    changed = service.update(extra, extra.read_text().replace("Spare Room", "Dripping Steps"))
    assert [d.code for d in changed[key_of(extra)]] == ["RF501"]
    assert service.diagnostics_of(extra)[0].line == 3
    changed = service.update(extra, None)
    assert changed[key_of(extra)] == []


def test_update_only_reparses_the_changed_file(delve, monkeypatch):
    service = AnalysisService([delve], include_bundled=False)
    service.check_all()
    parsed = []
    original = AnalysisService._entry

    def spy(self, path):
        entry = self._entries.get(key_of(path))
        result = original(self, path)
        if result is not entry:
            parsed.append(Path(path).name)
        return result

    monkeypatch.setattr(AnalysisService, "_entry", spy)
    heroes = delve / "heroes.yaml"
    service.update(heroes, heroes.read_text() + "\n# a comment\n")
    assert parsed == ["heroes.yaml"]


def test_malformed_text_gives_located_diagnostics(delve):
    service = AnalysisService([delve], include_bundled=False)
    service.check_all()
    heroes = delve / "heroes.yaml"
    for bad, code in (("kind: hero\ncards:\n\t- name: X\n", "RF102"),
                      ("kind: hero\ncards: [\n", "RF101"), ("", "RF106"),
                      ("\ufeffkind: hero\ncards: []\n", "RF105"),
                      ("kind: hero\nkind: hero\n", "RF103")):
        diags = service.update(heroes, bad)[key_of(heroes)]
        assert code in [d.code for d in diags], (bad, _render(diags))


def test_queries(delve):
    service = AnalysisService([delve], include_bundled=False)
    service.check_all()
    card = service.card("dripping-steps")
    assert card is not None and key_of(card.path) == key_of(delve / "exploration.yaml")
    line = card.pos()[0]
    assert service.card_at(delve / "exploration.yaml", line + 2) is card
    assert [c.id for c in service.cards_in(delve / "exploration.yaml")][0] == "dripping-steps"
    refs = service.references("dripping-steps")
    assert any(k == key_of(delve / "trials.yaml") for k, _, _ in refs)
    hero = next(c for c in service.content.cards.values() if c.data.get("abilities"))
    assert service.ir(hero.id)
    texts = service.texts(hero.id, ["en", "ru"])
    assert texts["en"] and texts["ru"] and texts["en"] != texts["ru"]


def test_odds_of_a_foe_and_a_hero():
    service = AnalysisService([])
    service.check_all()
    foe = next(c for c in service.content.cards.values()
               if c.game == "delve" and c.kind == "adversary")
    # no time budget: the whole answer, whatever the machine's speed or load
    result = service.odds(foe.id, budget=math.inf)
    assert result["role"] == "foe" and result["complete"]
    heroes = [c.name for c in service.content.cards.values()
              if c.game == "delve" and c.kind == "hero"]
    assert [name for name, _ in result["rows"]] == heroes
    assert all(p is None or 0.0 <= p <= 1.0 for _, p in result["rows"])
    assert len({p for _, p in result["rows"]}) > 1, "the heroes differ"
    hero = service.odds("varikas-the-dead", budget=math.inf)
    assert hero["role"] == "hero" and hero["complete"]
    by_colour = dict(hero["rows"])
    assert set(by_colour) == {"green", "yellow", "blue", "red"}
    assert by_colour["green"] > by_colour["red"]
    assert service.odds("dripping-steps") is None


@pytest.mark.parametrize("card", ["varikas-the-dead", "foe"])
def test_odds_cut_short_by_the_budget_say_so_and_keep_what_they_give(card):
    """A hover's budget may cut the rows short; the answer then says it is incomplete, and
    what it gives is the start of the whole answer (an exhausted budget gives no rows)."""
    service = AnalysisService([])
    service.check_all()
    if card == "foe":
        card = next(c.id for c in service.content.cards.values()
                    if c.game == "delve" and c.kind == "adversary")
    whole = service.odds(card, budget=math.inf)
    cut = service.odds(card, budget=-1.0)  # over budget before the first row
    assert whole["complete"] and not cut["complete"]
    assert cut["role"] == whole["role"] and cut["rows"] == whole["rows"][:len(cut["rows"])]
    assert cut["rows"] == []


def test_a_file_outside_the_content_joins_with_its_pack_only(delve, tmp_path):
    service = AnalysisService([delve], include_bundled=False)
    service.check_all()
    stray = tmp_path / "elsewhere" / "pack"
    (stray / "sub").mkdir(parents=True)
    (stray / "manifest.yaml").write_text(
        "kind: manifest\nid: stray\nname: Stray\ntype: set\norigin: original\ngame: delve\n")
    (tmp_path / "elsewhere" / "other.yaml").write_text("not: content\n")
    path = stray / "sub" / "more.yaml"
    text = ("kind: exploration\ncards:\n  - name: Dripping Steps\n    origin: original\n"
            "    tile: long-gallery\n    placement: any\n    encounter: null\n")
    changed = service.update(path, text)
    assert [d.code for d in changed[key_of(path)]] == ["RF501"]  # against the cached rest
    assert key_of(tmp_path / "elsewhere" / "other.yaml") not in service.diagnostics_by_file()
    # a lone file in a crowded folder is not content: nothing loaded, nothing reported
    crowded = tmp_path / "crowded"
    (crowded / "a-subfolder").mkdir(parents=True)
    assert service.update(crowded / "x.yaml", "kind: hero\n") == {key_of(crowded / "x.yaml"): []}
