"""HTML preview: escaping of untrusted card data, the `preview` command, headless Chromium."""

from __future__ import annotations

import html
import re
import shutil
import subprocess

import pytest
from markupsafe import escape

from runeforge.backends.faces import CardFace, TextBlock
from runeforge.backends.preview import render_preview, write_preview
from tests.test_pdf_fixtures import LOCALE_TEXT, deck

EVIL = "<script>alert('x')</script>"


def _evil_face() -> CardFace:
    return CardFace(id='evil" onmouseover="alert(1)', kind="hero", name=EVIL,
                    blocks=(TextBlock("<b>Tag</b>", "Take 1 {wound}. <img src=x onerror=alert(2)>"),),
                    flavour="{{ 7*7 }} {% for x in y %}", labels={"life": "<i>Life</i>"},
                    stats={"life": "<u>9</u>"})


def test_card_data_is_escaped_everywhere():
    page = render_preview([_evil_face()])
    assert "<script>" not in page and "<img src=x" not in page and "<u>9" not in page
    assert html.escape(EVIL, quote=False) in page or "&lt;script&gt;" in page
    assert 'onmouseover="alert(1)"' not in page
    assert "{{ 7*7 }}" in page  # data is never evaluated as a template
    assert "&lt;b&gt;Tag&lt;/b&gt;" in page
    assert "default-src 'none'" in page  # and no script would run anyway


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


@pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed "
                    "(apt-get install -y chromium to run the headless rendering test)")
def test_page_renders_in_headless_chromium(tmp_path):
    faces = deck("ru") + deck("xx") + [_evil_face()]
    path = write_preview(faces, tmp_path / "out", locale="ru")
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--no-first-run", f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom",
           path.resolve().as_uri()]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    articles = re.findall(r'<article [^>]*data-card="([^"]*)"', dom)
    assert len(articles) == len(faces)
    for face in faces:
        assert html.escape(face.name, quote=False) in dom
    assert "<script" not in dom.replace("&lt;script", "")  # the evil name stayed text
    assert "onerror" not in re.sub(r"&lt;img[^<]*", "", dom)
