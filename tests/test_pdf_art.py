"""Card art (issue 15): `art:` images placed in the art box, each bad case located in the YAML.

Images are made with Pillow in the test's folder; builds print only the test's cards
(``--cards``) and are read back with poppler's ``pdfimages -list`` and with pypdf.
"""

from __future__ import annotations

import json
import shutil
import subprocess

import pypdf
import pytest
from PIL import Image

from runeforge.backends.pdf_picture import Picture, effective_dpi, placement

MM = 72 / 25.4
ITEM_ART = """\
kind: item
cards:
  - name: Lantern of Testing
    origin: original
    cost: 3
    class: artifact
    type: lantern
    usage: constant
    art: {art}
    abilities:
      - "You receive +1 Body."
"""


def _image(path, size, fmt="PNG"):
    """A gradient with a red square in its top-left corner (so crops can be told apart)."""
    w, h = size
    img = Image.new("RGB", size)
    img.putdata([(x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), 128)
                 for y in range(h) for x in range(w)])
    img.paste((255, 0, 0), (0, 0, max(1, w // 10), max(1, h // 10)))
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path, format=fmt)
    return path


def _build(cli, content_dir, tmp_path, *extra):
    out = tmp_path / "out"
    res = cli("build", content_dir.root, "--out", out, "--locale", "en", "--cards",
              "lantern-of-testing", *extra)
    return res, out


def _located(res, code, line):
    text = res.output
    assert f"[{code}]" in text, text
    assert f"items.yaml:{line}:" in text, text


def test_art_is_placed_in_the_art_box_at_its_size(cli, content_dir, tmp_path):
    _image(content_dir.root / "art" / "lantern.png", (1000, 400))
    content_dir.write("items.yaml", ITEM_ART.format(art="art/lantern.png"))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 0, res.output
    pdf = out / "pdf" / "my-cards-en.pdf"
    assert pdf.is_file()
    if shutil.which("pdfimages"):
        listing = subprocess.run(["pdfimages", "-list", str(pdf)], capture_output=True,
                                 text=True, check=True).stdout.splitlines()[2:]
        rows = [r.split() for r in listing]
        fronts = [r for r in rows if r[0] == "1"]  # page 1: the first sheet of fronts
        assert len(fronts) == 1, listing
        width, height, x_ppi = int(fronts[0][3]), int(fronts[0][4]), int(fronts[0][12])
        assert (width, height) == (1000, 400)
        # the item's art box is 54 x 19.2 mm: the image is scaled to its width (54 mm)
        assert x_ppi == pytest.approx(1000 / (54 / 25.4), abs=2)
    # pypdf sees the same image, drawn once on the fronts page and nowhere else
    reader = pypdf.PdfReader(str(pdf))
    pages = [i for i, page in enumerate(reader.pages) if list(page.images)]
    assert pages == [0]
    assert reader.pages[0].images[0].image.size == (1000, 400)


def test_card_without_art_has_no_image(cli, content_dir, tmp_path):
    content_dir.write("items.yaml", ITEM_ART.replace("    art: {art}\n", ""))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 0, res.output
    reader = pypdf.PdfReader(str(out / "pdf" / "my-cards-en.pdf"))
    assert not any(list(page.images) for page in reader.pages)


def test_missing_art_file_is_a_located_error_and_nothing_is_written(cli, content_dir, tmp_path):
    content_dir.write("items.yaml", ITEM_ART.format(art="art/nowhere.png"))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 1
    _located(res, "RF710", 9)
    assert "art/nowhere.png" in res.output
    assert not (out / "pdf").exists() and not (out / "bundle.json").exists()


def test_art_outside_the_content_folder_is_refused(cli, content_dir, tmp_path):
    _image(tmp_path / "secret.png", (1000, 400))
    content_dir.write("items.yaml", ITEM_ART.format(art="../secret.png"))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 1
    _located(res, "RF713", 9)
    content_dir.write("items.yaml", ITEM_ART.format(art=str(tmp_path / "secret.png")))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 1
    _located(res, "RF713", 9)
    assert not (out / "pdf").exists()


def test_art_that_is_not_png_or_jpeg_is_an_error(cli, content_dir, tmp_path):
    _image(content_dir.root / "art" / "lantern.gif", (1000, 400), "GIF")
    content_dir.write("items.yaml", ITEM_ART.format(art="art/lantern.gif"))
    res, _ = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 1
    _located(res, "RF711", 9)
    (content_dir.root / "art" / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    content_dir.write("items.yaml", ITEM_ART.format(art="art/broken.png"))
    res, _ = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 1
    _located(res, "RF711", 9)


def test_jpeg_art_is_accepted(cli, content_dir, tmp_path):
    _image(content_dir.root / "art" / "lantern.jpg", (1000, 400), "JPEG")
    content_dir.write("items.yaml", ITEM_ART.format(art="art/lantern.jpg"))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 0, res.output
    reader = pypdf.PdfReader(str(out / "pdf" / "my-cards-en.pdf"))
    assert reader.pages[0].images[0].image.size == (1000, 400)


def test_low_resolution_art_is_a_warning_with_the_dpi(cli, content_dir, tmp_path):
    _image(content_dir.root / "art" / "lantern.png", (200, 80))
    content_dir.write("items.yaml", ITEM_ART.format(art="art/lantern.png"))
    res, out = _build(cli, content_dir, tmp_path)
    assert res.exit_code == 0, res.output  # a warning: the build goes on
    _located(res, "RF712", 9)
    assert "94 dpi" in res.output  # 200 px over 54 mm
    assert (out / "pdf" / "my-cards-en.pdf").is_file()


def test_art_on_a_face_without_an_art_box_is_a_warning(cli, content_dir, tmp_path):
    _image(content_dir.root / "art" / "hero.png", (1000, 1000))
    content_dir.write("heroes.yaml", """\
        kind: hero
        cards:
          - name: Tester the Bold
            origin: original
            mind: 3
            body: 3
            spirit: 3
            ranged_damage: 1
            melee_damage: 1
            magic_damage: 1
            life: 10
            stamina: 5
            art: art/hero.png
        """)
    out = tmp_path / "out"
    res = cli("build", content_dir.root, "--out", out, "--locale", "en", "--cards",
              "tester-the-bold")
    assert res.exit_code == 0, res.output
    assert "[RF714]" in res.output and "heroes.yaml:13:" in res.output


def test_art_focus_out_of_range_is_a_schema_error(cli, content_dir):
    content_dir.write("items.yaml", ITEM_ART.format(art="art/x.png") + "    art_focus: [0.5, 2]\n")
    res = cli("check", content_dir.root)
    assert res.exit_code == 1
    assert "[RF205]" in res.output and "items.yaml:12:" in res.output


@pytest.mark.parametrize("focus, expect", [
    ((0.5, 0.5), (-25.0, 0.0)),    # centred: the wide image loses 25 pt on each side
    ((0.0, 0.0), (0.0, 0.0)),      # the left edge stays in view
    ((1.0, 0.0), (-50.0, 0.0)),    # the right edge stays in view
    ((0.6, 0.5), (-40.0, 0.0)),    # the point at 60 % (90 pt) comes to the box centre
])
def test_crop_to_fill_follows_the_focus_point(focus, expect):
    # a 300 x 100 px image into a 100 x 50 pt box: scaled to 150 x 50, 50 pt too wide
    x, y, w, h = placement(Picture("x.png", 300, 100, focus), (0, 0, 100, 50))
    assert (w, h) == pytest.approx((150, 50))
    assert (x, y) == pytest.approx(expect)
    # a tall image: cropped vertically; focus y counts from the top
    x, y, w, h = placement(Picture("x.png", 100, 300, (0.5, 0.0)), (0, 0, 100, 50))
    assert (w, h) == pytest.approx((100, 300))
    assert y == pytest.approx(50 - 300)  # the image's top edge at the box's top


def test_effective_dpi():
    assert effective_dpi(638, 227, (54, 19.2)) == pytest.approx(300, abs=1)
    assert effective_dpi(200, 80, (54, 19.2)) == pytest.approx(94, abs=1)


def test_builds_with_art_are_byte_identical(cli, content_dir, tmp_path):
    """Two builds with art give the same bytes (deterministic image embedding)."""
    _image(content_dir.root / "art" / "lantern.png", (640, 256))
    content_dir.write("items.yaml", ITEM_ART.format(art="art/lantern.png"))
    res1, out1 = _build(cli, content_dir, tmp_path)
    first = (out1 / "pdf" / "my-cards-en.pdf").read_bytes()
    res2, out2 = _build(cli, content_dir, tmp_path)
    assert res1.exit_code == res2.exit_code == 0
    assert (out2 / "pdf" / "my-cards-en.pdf").read_bytes() == first
    layout = json.loads((out2 / "pdf" / "my-cards-en.layout.json").read_text(encoding="utf-8"))
    assert [r["card"] for r in layout["cards"] if r["side"] == "front"] == ["lantern-of-testing"]


def test_check_reports_the_missing_art_file_build_would_refuse(cli, content_dir):
    """Issue 36: check passed and build failed; check now says so at the card's art:."""
    content_dir.write("items.yaml", ITEM_ART.format(art="art/nowhere.png"))
    res = cli("check", str(content_dir.root))
    assert res.exit_code == 1
    _located(res, "RF710", 9)
