"""PDF/X-4 for print shops: ``--colour cmyk`` PDFs carry an output intent.

reportlab draws the pages (every colour operator already DeviceCMYK, art converted by
:func:`cmyk_art`); :func:`finish_pdfx` then adds, with pikepdf (the ``print`` extra):

* the output intent (``/OutputIntents``: ``/S /GTS_PDFX``, the condition's name and the ICC
  output profile as ``/DestOutputProfile``): Runeforge's own generic CMYK profile
  (:mod:`.icc_cmyk`) or the shop's (``--output-profile``);
* the XMP metadata PDF/X-4 asks for (``pdfxid:GTS_PDFXVersion``, title, dates, trapping, the
  document and version ids), matching the document information dictionary;
* a TrimBox and a BleedBox on every page that has none (sheets: the whole page).

The result is deterministic: the same input gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import uuid
from functools import lru_cache
from pathlib import Path

from runeforge.diagnostics import Diagnostic, DiagnosticError

from . import icc_cmyk

PDFX_VERSION = "PDF/X-4"
NEEDS_PIKEPDF = "install it with: pip install 'runeforge[print]'"


def _error(message: str, hint: str | None = None) -> DiagnosticError:
    return DiagnosticError(Diagnostic("RF702", message, path="<options>", hint=hint))


def read_output_profile(path) -> bytes:
    """The bytes of a shop's ICC profile, checked to be a CMYK output profile."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise _error(f"cannot read the output profile {path}: {exc.strerror or exc}") from None
    if len(data) < 132 or data[36:40] != b"acsp":
        raise _error(f"{path} is not an ICC profile (no 'acsp' signature at byte 36)",
                     hint="give the .icc file your print shop sent, e.g. a FOGRA39 profile")
    if data[12:16] != b"prtr" or data[16:20] != b"CMYK":
        raise _error(f"{path} is a {data[12:16].decode('latin-1').strip()} profile of "
                     f"{data[16:20].decode('latin-1').strip()}, not a CMYK output profile",
                     hint="PDF/X needs the printer's CMYK profile (class 'prtr')")
    return data


def profile_name(data: bytes) -> str:
    """The description of an ICC profile (what PDF/X names the condition by)."""
    try:
        from PIL import ImageCms

        name = ImageCms.getProfileDescription(ImageCms.ImageCmsProfile(io.BytesIO(data)))
    except Exception:  # a profile lcms cannot read still names a condition
        name = ""
    return name.strip() or "Custom CMYK"


@lru_cache(maxsize=4)
def _transform(profile: bytes | None):
    from PIL import ImageCms

    dest = ImageCms.ImageCmsProfile(io.BytesIO(profile or icc_cmyk.profile()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), dest, "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


@lru_cache(maxsize=64)
def cmyk_art(path: str, profile: bytes | None = None):
    """The art image at ``path`` as a CMYK Pillow image (sRGB assumed; a CMYK file is kept),
    converted through the output profile (black stays K only)."""
    from PIL import Image, ImageCms

    with Image.open(path) as img:
        img.load()
        if img.mode == "CMYK":
            return img.copy()
        rgb = img.convert("RGB")
    return ImageCms.applyTransform(rgb, _transform(profile))


def pikepdf_or_error():
    try:
        import pikepdf
    except ImportError:
        raise _error("--colour cmyk writes PDF/X-4 files, which needs the pikepdf package",
                     hint=NEEDS_PIKEPDF) from None
    return pikepdf


def finish_pdfx(data: bytes, *, profile: bytes | None = None) -> bytes:
    """``data`` (a PDF whose colours are DeviceCMYK) as a PDF/X-4 file."""
    pikepdf = pikepdf_or_error()
    icc = profile or icc_cmyk.profile()
    condition = icc_cmyk.CONDITION if profile is None else profile_name(icc)
    digest = hashlib.sha256(data + icc).hexdigest()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            if "/TrimBox" not in page.obj:
                page.obj.TrimBox = page.obj.MediaBox
            if "/BleedBox" not in page.obj:
                page.obj.BleedBox = page.obj.MediaBox
        stream = pikepdf.Stream(pdf, icc)
        stream.N = 4
        stream.Alternate = pikepdf.Name.DeviceCMYK
        intent = pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(condition),
            OutputCondition=pikepdf.String(condition),
            Info=pikepdf.String(condition),
            DestOutputProfile=stream)
        pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
        info = pdf.docinfo
        with pdf.open_metadata(set_pikepdf_as_editor=False, update_docinfo=False) as meta:
            meta.load_from_docinfo({k: v for k, v in info.items()
                                    if k not in ("/Trapped", "/GTS_PDFXVersion")})
            meta["pdfxid:GTS_PDFXVersion"] = PDFX_VERSION
            meta["pdf:Trapped"] = "False"
            meta["xmpMM:DocumentID"] = f"uuid:{uuid.UUID(digest[:32])}"
            meta["xmpMM:VersionID"] = "1"
            meta["xmpMM:RenditionClass"] = "default"
            if "xmp:CreateDate" in meta:
                meta["xmp:MetadataDate"] = meta["xmp:CreateDate"]
        info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)
        info.Trapped = pikepdf.Name("/False")
        out = io.BytesIO()
        pdf.save(out, deterministic_id=True, compress_streams=True)
    return out.getvalue()
