"""HTML preview: escaping of untrusted card data, the `preview` command, headless Chromium."""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess

import pytest
from markupsafe import escape

from runeforge.backends.faces import CardFace, TextBlock
from runeforge.backends.preview import SEARCH_SCRIPT, render_preview, script_hash, write_preview
from tests.test_pdf_fixtures import LOCALE_TEXT, deck

EVIL = "<script>alert('x')</script>"


@pytest.fixture(scope="module")
def result_faces():
    from runeforge.backends.pdf_stage import game_faces
    from runeforge.pipeline import check

    pairs = game_faces(check(()), "en")
    return [face for _, face in pairs], pairs


def _evil_face() -> CardFace:
    return CardFace(id='evil" onmouseover="alert(1)', kind="hero", name=EVIL,
                    blocks=(TextBlock("<b>Tag</b>", "Take 1 {wound}. <img src=x onerror=alert(2)>"),),
                    flavour="{{ 7*7 }} {% for x in y %}", labels={"life": "<i>Life</i>"},
                    stats={"life": "<u>9</u>"})


def _scripts(page: str) -> list[str]:
    return re.findall(r"<script>(.*?)</script>", page, re.S)


def test_card_data_is_escaped_everywhere():
    page = render_preview([_evil_face()])
    assert _scripts(page) == [SEARCH_SCRIPT] and page.count("<script") == 1  # only ours
    assert "<img src=x" not in page and "<u>9" not in page
    assert html.escape(EVIL, quote=False) in page or "&lt;script&gt;" in page
    assert 'onmouseover="alert(1)"' not in page
    assert "{{ 7*7 }}" in page  # data is never evaluated as a template
    assert "&lt;b&gt;Tag&lt;/b&gt;" in page
    assert "default-src 'none'" in page  # and no other script would run anyway


def test_the_search_script_is_allowed_by_its_hash_only():
    import base64
    import hashlib

    page = render_preview(deck("en"))
    csp = re.search(r'Content-Security-Policy" content="([^"]*)"', page).group(1)
    (script,) = _scripts(page)
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1]
    assert script_hash() == f"'sha256-{digest}'"
    assert script_hash("alert(1)") != script_hash()


def test_sections_by_pack_then_kind(result_faces):
    faces, pairs = result_faces
    page = render_preview(faces, contexts=[g.preview_context for g, _ in pairs],
                          pack_names={"core": "Core set"}, kind_order=pairs[0][0].card_kinds)
    packs = re.findall(r'<section class="pack" id="pack-([^"]+)"', page)
    assert "core" in packs and len(packs) == len(set(packs)) == len({f.pack for f in faces})
    assert "<h2>Core set</h2>" in page
    core = page.split('id="pack-core"')[1].split('<section class="pack"')[0]
    kinds = re.findall(r'<section class="group" data-kind="([^"]+)"', core)
    assert kinds == ["hero", "ally", "item", "challenge", "event", "encounter"]
    assert page.count("<article") == len(faces)


def test_preview_labels_are_the_pdfs(result_faces):
    """A challenge shows its combat phases (Ranged, Melee, Magic) as on the PDF, a Hero its
    attributes; in Finnish too."""
    from runeforge.games.runebound.faces import preview_context

    faces, _ = result_faces
    challenge = next(f for f in faces if f.kind == "challenge")
    hero = next(f for f in faces if f.kind == "hero")
    labels = [s["label"] for s in preview_context(challenge)["stats"]]
    assert labels[:3] == [challenge.label(p) for p in ("ranged", "melee", "magic")]
    assert [s["label"] for s in preview_context(hero)["stats"]][:3] == [
        hero.label(a) for a in ("mind", "body", "spirit")]
    assert "Ranged" in labels[0] and "Mind" not in labels[0]


@pytest.mark.parametrize("locale", sorted(LOCALE_TEXT))
def test_every_card_is_on_the_page(locale):
    faces = deck(locale)
    page = render_preview(faces, locale=locale)
    assert page.count("<article") == len(faces)
    for face in faces:
        assert f'data-card="{face.id}"' in page
        assert str(escape(face.name)) in page
    assert page.count('<use href="#icon-wound"/>') >= len(faces)


def test_write_preview_is_atomic_and_named_by_locale(tmp_path):
    path = write_preview(deck("el"), tmp_path, locale="el")
    assert path == tmp_path / "preview-el.html"
    assert "Λόρδος Χόθορν" in path.read_text(encoding="utf-8")
    assert [p.name for p in tmp_path.iterdir()] == ["preview-el.html"]


def test_preview_command_writes_bundled_cards(cli, tmp_path):
    result = cli("preview", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    page = (tmp_path / "preview-en.html").read_text(encoding="utf-8")
    from runeforge import pipeline

    cards = pipeline.check(()).content.cards
    assert cards
    for card_id, card in cards.items():
        assert f'data-card="{card_id}"' in page
        assert str(escape(card.name)) in page


def test_preview_command_rejects_unknown_locale(cli, tmp_path):
    result = cli("preview", "--locale", "zz", "--out", tmp_path)
    assert result.exit_code == 2
    assert not (tmp_path / "preview-zz.html").exists()


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# In CI (.ci/run installs Debian's chromium when it is missing) the browser tests must run:
# a missing browser there is a failure, not a skip.
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None and not os.environ.get("CI"),
    reason="chromium is not installed (apt-get install -y chromium to run the headless "
           "rendering tests; in CI they fail instead)")


def _dump_dom(tmp_path, url: str) -> str:
    assert CHROMIUM is not None, "chromium is missing: .ci/run installs it (apt-get)"
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", url]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


@needs_chromium
def test_search_runs_under_the_pages_csp_in_headless_chromium(tmp_path):
    """The hash-allowed script runs: "#q=..." in the address filters the cards."""
    faces = deck("ru") + [_evil_face()]
    path = write_preview(faces, tmp_path / "out", locale="ru")
    dom = _dump_dom(tmp_path, path.resolve().as_uri() + "#q=" + "Хоторн IV")
    tags = re.findall(r"<article ([^>]*)>", dom)
    cards = [(re.search(r'data-card="([^"]*)"', t).group(1), " hidden" in f" {t}") for t in tags]
    assert len(cards) == len(faces)
    assert [card for card, hidden in cards if not hidden] == ["bandit-chief"], cards
    assert re.search(r'<span id="shown">1</span>', dom)
    # a group with no card shown is hidden as well
    groups = dict(re.findall(r'<section class="group" data-kind="(\w+)"([^>]*)>', dom))
    assert "hidden" in groups["hero"] and "hidden" not in groups["challenge"]


@needs_chromium
def test_page_renders_in_headless_chromium(tmp_path):
    faces = deck("ru") + deck("xx") + [_evil_face()]
    path = write_preview(faces, tmp_path / "out", locale="ru")
    dom = _dump_dom(tmp_path, path.resolve().as_uri())
    articles = re.findall(r'<article [^>]*data-card="([^"]*)"', dom)
    assert len(articles) == len(faces)
    for face in faces:
        assert html.escape(face.name, quote=False) in dom
    assert dom.count("<script") == 1  # ours; the evil name stayed text
    assert re.search(r'<span id="shown">(\d+)</span>', dom).group(1) == str(len(faces))
    assert "onerror" not in re.sub(r"&lt;img[^<]*", "", dom)
