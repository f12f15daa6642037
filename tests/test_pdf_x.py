"""PDF/X-4 for print shops (issue 36): `build --mode print-shop --colour cmyk`.

The PDFs are opened with pikepdf: the output intent and its ICC profile (read back by
Pillow's LittleCMS), the XMP and Info keys of PDF/X-4, the page boxes against the layout,
every content stream (pages and forms, with a graphics-state stack) for the colour each text
is shown in, the art's image data decoded to CMYK pixels, and the fonts' embedded files.
"""

from __future__ import annotations

import io
import json
from decimal import Decimal

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image, ImageCms

from runeforge.backends import icc_cmyk
from runeforge.cli import main
from tests.test_pdf_art import ITEM_ART

MM = 72 / 25.4
ITEM = ITEM_ART.format(art="art/lantern.png")  # test_pdf_art's lantern, with art
CARDS = "lantern-of-testing,sellsword,village-archer"


def run(*args):
    return CliRunner(env={"NO_COLOR": "1"}).invoke(main, [str(a) for a in args],
                                                   catch_exceptions=False)


def _art(path):
    """Three bands, top to bottom: pure black, pure red, white (1200 x 600 px)."""
    img = Image.new("RGB", (1200, 600), (255, 255, 255))
    img.paste((0, 0, 0), (0, 0, 1200, 200))
    img.paste((255, 0, 0), (0, 200, 1200, 400))
    path.parent.mkdir(parents=True, exist_ok=True)
    img.save(path)


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    root = tmp_path_factory.mktemp("pdfx") / "my-cards"
    root.mkdir()
    (root / "items.yaml").write_text(ITEM, encoding="utf-8")
    _art(root / "art" / "lantern.png")
    return root


def _build(pack, out, *extra):
    res = run("build", pack, "--out", out, "--locale", "en", "--cards", CARDS, *extra)
    assert res.exit_code == 0, res.output
    return out / "pdf"


@pytest.fixture(scope="module")
def shop(pack, tmp_path_factory):
    return _build(pack, tmp_path_factory.mktemp("shop"), "--mode", "print-shop",
                  "--colour", "cmyk")


@pytest.fixture(scope="module")
def shop_rgb(pack, tmp_path_factory):
    return _build(pack, tmp_path_factory.mktemp("rgb"), "--mode", "print-shop")


def _pdfs(folder):
    return sorted(folder.glob("*.pdf"))


def test_every_pdf_has_a_pdfx4_output_intent_with_a_cmyk_printer_profile(shop):
    assert len(_pdfs(shop)) == 2  # the test pack's and core's
    for path in _pdfs(shop):
        with pikepdf.open(path) as pdf:
            intents = pdf.Root.OutputIntents
            assert len(intents) == 1
            intent = intents[0]
            assert intent.Type == pikepdf.Name.OutputIntent
            assert intent.S == pikepdf.Name.GTS_PDFX
            assert str(intent.OutputConditionIdentifier) == icc_cmyk.CONDITION
            icc = intent.DestOutputProfile
            assert icc.N == 4
            data = icc.read_bytes()
            assert (data[12:16], data[16:20], data[20:24], data[36:40]) == (
                b"prtr", b"CMYK", b"Lab ", b"acsp")
            assert data == icc_cmyk.profile()
            profile = ImageCms.ImageCmsProfile(io.BytesIO(data))  # LittleCMS reads it
            assert ImageCms.getProfileDescription(profile).strip() == icc_cmyk.DESCRIPTION
            # PDF/X-4 is declared in the XMP and in the Info dictionary, which agree
            meta = pdf.open_metadata()
            assert meta["pdfxid:GTS_PDFXVersion"] == "PDF/X-4"
            assert meta["pdf:Trapped"] == "False" and pdf.docinfo.Trapped == "/False"
            assert str(pdf.docinfo.GTS_PDFXVersion) == "PDF/X-4"
            assert meta["dc:title"] == str(pdf.docinfo.Title)
            assert meta["xmpMM:DocumentID"].startswith("uuid:")
            assert meta["xmpMM:RenditionClass"] == "default"
            assert meta["xmp:CreateDate"] and meta["xmp:ModifyDate"]
            assert not pdf.is_encrypted and "/ID" in pdf.trailer


def test_an_rgb_build_has_no_output_intent(shop_rgb):
    for path in _pdfs(shop_rgb):
        with pikepdf.open(path) as pdf:
            assert "/OutputIntents" not in pdf.Root
            assert "/GTS_PDFXVersion" not in pdf.docinfo


def _box(page, name):
    return [float(v) for v in page.obj[name]]


def test_page_boxes_trim_to_the_card_and_bleed_to_the_page(shop):
    path = shop / "my-cards-en.pdf"
    layout = json.loads((shop / "my-cards-en.layout.json").read_text(encoding="utf-8"))
    bleed = 3 * MM
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == layout["pages"] == 2  # the front and its back
        for page, record in zip(pdf.pages, layout["cards"], strict=True):
            media, trim, bleed_box = (_box(page, n) for n in ("/MediaBox", "/TrimBox",
                                                               "/BleedBox"))
            assert media == pytest.approx([0, 0, 63 * MM + 2 * bleed, 88 * MM + 2 * bleed],
                                          abs=0.01)
            assert bleed_box == pytest.approx(media, abs=0.01)
            assert trim == pytest.approx([bleed, bleed, bleed + 63 * MM, bleed + 88 * MM],
                                         abs=0.01)
            assert trim == pytest.approx(record["trim_box"], abs=0.01)


def test_sheets_in_cmyk_get_a_trim_box_on_every_page(pack, tmp_path):
    folder = _build(pack, tmp_path / "out", "--colour", "cmyk")
    with pikepdf.open(folder / "core-en.pdf") as pdf:
        assert "/OutputIntents" in pdf.Root
        for page in pdf.pages:
            assert _box(page, "/TrimBox") == _box(page, "/MediaBox")
            assert _box(page, "/BleedBox") == _box(page, "/MediaBox")


def _num(v) -> float:
    return float(v) if isinstance(v, (int, float, Decimal)) else float(str(v))


def _text_colours(pdf) -> tuple[list, set]:
    """(fill colour at every text-showing operator, every colour operator) over the pages
    and the forms they draw, following q/Q."""
    shown, ops = [], set()

    def walk(obj, resources, fill):
        stack = []
        for operands, op in pikepdf.parse_content_stream(obj):
            op = str(op)
            if op in ("k", "K", "rg", "RG", "g", "G", "sc", "SC", "scn", "SCN", "cs", "CS"):
                ops.add(op)
            if op == "q":
                stack.append(fill)
            elif op == "Q":
                fill = stack.pop() if stack else fill
            elif op in ("k", "rg", "g", "sc", "scn"):
                fill = (op, tuple(round(_num(v), 4) for v in operands))
            elif op in ("Tj", "TJ", "'", '"'):
                shown.append(fill)
            elif op == "Do" and resources is not None:
                xobj = resources.get("/XObject", {}).get(str(operands[0]))
                if xobj is not None and xobj.get("/Subtype") == "/Form":
                    walk(xobj, xobj.get("/Resources", resources), fill)

    for page in pdf.pages:
        walk(page, page.obj.get("/Resources"), None)
    return shown, ops


def test_black_text_is_printed_with_k_alone(shop, shop_rgb):
    with pikepdf.open(shop / "core-en.pdf") as pdf:
        shown, ops = _text_colours(pdf)
    assert shown and ops <= {"k", "K"}, ops  # no RGB, grey or other colour space
    assert ("k", (0, 0, 0, 1)) in shown  # the rules text's ink: 0 0 0 1 k
    for _, (c, m, y, k) in set(shown):
        if k > 0.75:  # black text: black ink alone, never four plates under small text
            assert (c, m, y) == (0, 0, 0), (c, m, y, k)
    # the same text in the RGB build is the face's warm near-black, as an RGB colour
    with pikepdf.open(shop_rgb / "core-en.pdf") as pdf:
        rgb, _ = _text_colours(pdf)
    assert any(op == "rg" and max(v) < 0.2 and v != (0, 0, 0) for op, v in set(rgb)), rgb


def _art_image(path):
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for raw in page.get_images().values():
                return pikepdf.PdfImage(raw).as_pil_image(), raw.ColorSpace
    raise AssertionError("no image")


def test_art_is_converted_to_cmyk_through_the_output_profile(shop, shop_rgb):
    image, space = _art_image(shop / "my-cards-en.pdf")
    assert space == pikepdf.Name.DeviceCMYK and image.mode == "CMYK"
    w, h = image.size
    black, red, white = (image.getpixel((w // 2, h * y // 6)) for y in (1, 3, 5))
    assert black == (0, 0, 0, 255)  # pure black art: K alone
    assert white == (0, 0, 0, 0)
    c, m, y, k = red
    assert c == 0 and m > 200 and y > 200 and k < 20, red
    rgb, space = _art_image(shop_rgb / "my-cards-en.pdf")
    assert space == pikepdf.Name.DeviceRGB and rgb.mode == "RGB"


def test_every_font_is_embedded(shop):
    with pikepdf.open(shop / "core-en.pdf") as pdf:
        fonts = [f for page in pdf.pages for f in _fonts(page.obj.get("/Resources"))]
        assert fonts
        for font in fonts:
            desc = (font.DescendantFonts[0] if "/DescendantFonts" in font
                    else font).FontDescriptor
            assert any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3")), \
                font.BaseFont


def _fonts(resources, seen=None):
    seen = set() if seen is None else seen
    if resources is None:
        return
    for font in resources.get("/Font", {}).values():
        yield font
    for xobj in resources.get("/XObject", {}).values():
        if xobj.get("/Subtype") == "/Form" and xobj.objgen not in seen:
            seen.add(xobj.objgen)
            yield from _fonts(xobj.get("/Resources"), seen)


def test_cmyk_pdfs_are_deterministic():
    from runeforge.backends.pdf_document import render_deck_pdf
    from tests.test_pdf_fixtures import deck

    first, _ = render_deck_pdf(deck()[:2], mode="print-shop", bleed_mm=3, colour="cmyk")
    second, _ = render_deck_pdf(deck()[:2], mode="print-shop", bleed_mm=3, colour="cmyk")
    assert first == second
    with pikepdf.open(io.BytesIO(first)) as pdf:
        assert "/OutputIntents" in pdf.Root


def test_a_shops_own_profile_is_embedded_and_names_the_condition(pack, tmp_path):
    icc = tmp_path / "shop.icc"
    data = bytearray(icc_cmyk.profile())
    icc.write_bytes(bytes(data))
    folder = _build(pack, tmp_path / "out", "--mode", "print-shop", "--colour", "cmyk",
                    "--output-profile", icc)
    with pikepdf.open(folder / "my-cards-en.pdf") as pdf:
        intent = pdf.Root.OutputIntents[0]
        assert intent.DestOutputProfile.read_bytes() == bytes(data)
        assert str(intent.OutputConditionIdentifier) == icc_cmyk.DESCRIPTION


def test_a_profile_that_is_not_cmyk_output_is_a_usage_error(pack, tmp_path):
    srgb = tmp_path / "srgb.icc"
    srgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    res = run("build", pack, "--out", tmp_path / "out", "--colour", "cmyk",
              "--output-profile", srgb)
    assert res.exit_code == 2 and "not a CMYK output profile" in res.output, res.output
    junk = tmp_path / "junk.icc"
    junk.write_bytes(b"not a profile" * 20)
    res = run("build", pack, "--out", tmp_path / "out", "--colour", "cmyk",
              "--output-profile", junk)
    assert res.exit_code == 2 and "is not an ICC profile" in res.output, res.output
    res = run("build", pack, "--out", tmp_path / "out", "--output-profile", junk)
    assert res.exit_code == 2 and "add --colour cmyk" in res.output, res.output
    assert not (tmp_path / "out").exists()


def test_png_export_in_cmyk_says_it_writes_rgb(pack, tmp_path):
    res = run("build", pack, "--out", tmp_path / "out", "--locale", "en", "--cards",
              "lantern-of-testing", "--colour", "cmyk", "--export", "png")
    assert res.exit_code == 0, res.output
    assert "--export png writes RGB images (PNG has no CMYK)" in res.output
    png = next((tmp_path / "out" / "png").rglob("*-lantern-of-testing.png"))
    with Image.open(png) as img:
        assert img.mode == "RGB"


def test_the_generated_profile_maps_greys_to_black_ink_alone():
    profile = ImageCms.ImageCmsProfile(io.BytesIO(icc_cmyk.profile()))
    to_cmyk = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), profile, "RGB", "CMYK")
    for grey in (0, 64, 128, 200, 255):
        c, m, y, k = ImageCms.applyTransform(Image.new("RGB", (1, 1), (grey,) * 3),
                                             to_cmyk).getpixel((0, 0))
        assert (c, m, y) == (0, 0, 0) and abs(k - (255 - grey)) <= 2, (grey, c, m, y, k)
    assert icc_cmyk.profile() == icc_cmyk.profile.__wrapped__()  # the same bytes each time


def test_delve_tiles_in_cmyk_are_pdfx_too():
    from runeforge import games
    from runeforge.games.delve.tile_pdf import extra_pdfs
    from runeforge.loader import load_content

    cards = [c for c in load_content([]).of_game("delve").cards.values() if c.kind == "tile"]
    faces = games.get("delve").card_faces(cards[:2], "en")
    (name, data, _), = extra_pdfs(faces, colour="cmyk")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        assert name == "tiles" and pdf.Root.OutputIntents[0].S == pikepdf.Name.GTS_PDFX
        shown, ops = _text_colours(pdf)
        assert ops <= {"k", "K"} and shown, ops
        for page in pdf.pages:
            assert _box(page, "/TrimBox") == _box(page, "/MediaBox")


def test_without_pikepdf_cmyk_is_a_usage_error_naming_the_extra(pack, tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pikepdf", None)  # as if it were not installed
    res = run("build", pack, "--out", tmp_path / "out", "--colour", "cmyk")
    assert res.exit_code == 2, res.output
    assert "pikepdf" in res.output and "runeforge[print]" in res.output
    assert not (tmp_path / "out").exists()
