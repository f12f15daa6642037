"""Text that stays readable (issue 15): every bundled card in every locale and en-XA, read back
from real PDFs. No character outside its card's trim box, no "…" cut, no warning, no text
under 5 pt, rules text at 6.5 pt or more on poker cards (6 pt on mini). A card made too long
is cut with a located RF701 naming the card, locale and the words cut; ``--strict`` fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from runeforge.backends.faces import ICON_RE
from runeforge.backends.pdf_document import render_deck_pdf
from runeforge.backends.pdf_stage import game_faces

LOCALES = ["en", "fi", "pl", "el", "ru", "en-XA"]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", ICON_RE.sub(" ", text).replace("\u00a0", " ")).strip()


def _rules_and_other(face) -> tuple[str, list[str]]:
    """The card's rules text (tags, bodies, flavour) and the other strings it prints (labels,
    name, kind line); a run found in both is not counted as rules text."""
    rules = " ".join([f"{b.tag or ''}: {b.body}" for b in face.blocks] + [face.flavour or ""])
    other = [face.name, face.kind_line(), *(str(v) for v in face.labels.values())]
    return _norm(rules), [_norm(o) for o in other if o]


def pdf_lines(data: bytes, pages) -> dict[int, list[dict]]:
    """Drawn lines of the given pages, read with pdfium: each line's text, its characters'
    boxes and font sizes (points), in drawing order."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as raw

    doc = pdfium.PdfDocument(data)
    out: dict[int, list[dict]] = {}
    for page_no in pages:
        textpage = doc[page_no - 1].get_textpage()
        found, line = [], {"text": "", "chars": []}
        for i in range(textpage.count_chars()):
            char = textpage.get_text_range(i, 1)
            if raw.FPDFText_IsGenerated(textpage.raw, i) == 1:
                if char in "\r\n" and line["chars"]:
                    found.append(line)
                    line = {"text": "", "chars": []}
                elif char == " ":
                    line["text"] += " "
                continue
            line["text"] += char
            line["chars"].append((char, textpage.get_charbox(i),
                                  raw.FPDFText_GetFontSize(textpage.raw, i)))
        if line["chars"]:
            found.append(line)
        out[page_no] = found
    return out


def _inside(box, trim, tol=0.05) -> bool:
    x0, y0, x1, y1 = trim
    return box[0] >= x0 - tol and box[1] >= y0 - tol and box[2] <= x1 + tol and box[3] <= y1 + tol


def _check_pdf(data: bytes, layout: dict, faces, rules_floor: float) -> dict:
    """Every character of a front page inside a trim box (or outside all of them), no "…",
    no text under 5 pt, rules text over ``rules_floor``; returns the smallest sizes seen."""
    by_id = {f.id: f for f in faces}
    fronts: dict[int, list] = {}
    for r in layout["cards"]:
        if r["side"] == "front":
            fronts.setdefault(r["page"], []).append(r)
    smallest = {"any": 99.0, "rules": 99.0, "rules_lines": 0, "chars": 0}
    for page_no, found in pdf_lines(data, fronts).items():
        records = fronts[page_no]
        for line in found:
            char, box, _ = line["chars"][0]
            record = next((r for r in records if _inside(box, r["trim_box"])), None)
            if record is None:  # sheet furniture (label, scale note) stays off every card
                assert not any(_inside(b, r["trim_box"], tol=-0.01)
                               for _, b, _ in line["chars"] for r in records), line["text"]
                continue
            assert "\u2026" not in line["text"], (record["card"], line["text"])
            for char, box, size in line["chars"]:
                assert _inside(box, record["trim_box"]), (record["card"], line["text"], char)
                assert size >= 5.0 - 0.01, (record["card"], line["text"], size)
                smallest["any"] = min(smallest["any"], size)
                smallest["chars"] += 1
            text = _norm(line["text"])
            rules, other = _rules_and_other(by_id[record["card"]])
            if len(text) > 3 and text in rules and not any(text in o for o in other):
                size = min(s for _, _, s in line["chars"])
                smallest["rules"] = min(smallest["rules"], size)
                smallest["rules_lines"] += 1
                assert size >= rules_floor - 0.01, (record["card"], text, size)
    return smallest


@pytest.mark.parametrize("locale", LOCALES)
def test_every_bundled_card_is_readable_and_uncut(result, locale):
    # Runebound's face style (Delve's plain faces: tests/test_delve_content.py)
    faces = [face for game, face in game_faces(result, locale) if game.id == "runebound-2e"]
    assert len(faces) == len(result.content.of_game("runebound-2e").cards)
    warnings = []
    data, layout = render_deck_pdf(faces, warn=warnings.append)
    assert [d.message for d in warnings] == []  # no cut (RF701), no missing glyph (RF604)
    smallest = _check_pdf(data, layout, faces, rules_floor=6.5)
    assert smallest["rules_lines"] > len(faces)  # the check saw the rules text of the cards
    assert smallest["any"] >= 5.0 and smallest["rules"] >= 6.5


@pytest.mark.parametrize("locale", ["fi", "pl", "ru"])
def test_mini_cards_keep_the_floors_without_a_cut(result, locale):
    """Finnish stat labels and Polish phase labels are the widest on mini cards: the icons
    move by the values, the phase column widens, names take two lines; nothing is cut."""
    faces = [face for game, face in game_faces(result, locale) if game.id == "runebound-2e"]
    warnings = []
    data, layout = render_deck_pdf(faces, warn=warnings.append, backs=False, card_size="mini")
    assert [d.message for d in warnings if d.code == "RF701"] == []
    smallest = _check_pdf(data, layout, faces, rules_floor=6.0)
    assert smallest["any"] >= 5.0 and smallest["rules"] >= 6.0


def test_a_reward_too_long_for_its_box_moves_into_the_rules_text(result):
    faces = {f.id: f for _, f in game_faces(result, "el")}
    face = faces["dragon-rune-of-ash"]
    assert face.stats["reward"].get("keep") and face.stats["reward"].get("becomes") == "item"
    data, layout = render_deck_pdf([face], backs=False)
    text = _norm(" ".join(line["text"] for line in pdf_lines(data, [1])[1]))
    assert _norm(face.label("becomes_item")) in text and _norm(face.label("keep")) in text
    assert "\u2026" not in text


def test_stat_labels_get_the_width_they_need(result):
    """Finnish 'Ruumiinrakenne' stays at the label's design size in a wider column."""
    faces = [f for _, f in game_faces(result, "fi") if f.kind == "hero"][:1]
    assert faces[0].label("body") == "Ruumiinrakenne"
    data, _ = render_deck_pdf(faces, backs=False)
    sizes = [size for line in pdf_lines(data, [1])[1] if "Ruumiinrakenne" in line["text"]
             for _, _, size in line["chars"]]
    assert sizes and min(sizes) == pytest.approx(5.4, abs=0.01)


LONG = "Words, and more words, " * 80


def _long_pack(tmp_path: Path) -> Path:
    folder = tmp_path / "long"
    folder.mkdir()
    (folder / "items.yaml").write_text(
        "kind: item\ncards:\n  - name: Endless Scroll\n    origin: original\n    cost: 2\n"
        "    class: artifact\n    type: scroll\n    usage: activated\n    abilities:\n"
        '      - "Before moving, activate to gain 1 gold."\n'
        f'    flavour: "{LONG.strip()}"\n', encoding="utf-8")
    return folder


def test_a_card_made_too_long_is_a_located_warning_and_strict_fails(cli, tmp_path):
    folder = _long_pack(tmp_path)
    out = tmp_path / "out"
    res = cli("build", folder, "--locale", "en", "--out", out)
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    assert re.search(r"items\.yaml:3:\d+: warning\[RF701\]", text), text[:2000]
    assert "card 'endless-scroll' (en): the flavour does not fit" in text
    assert 'cut: "Words, and more words,' in text
    strict = tmp_path / "strict"
    res = cli("build", folder, "--locale", "en", "--out", strict, "--strict")
    assert res.exit_code == 1, res.output
    assert "error[RF701]" in " ".join(res.output.split())
    assert not strict.exists() or not any(strict.iterdir())
