"""Runeforge's own CMYK output profile (ICC v2.4, a printer profile with Lab as its PCS).

A PDF/X file names the printing condition its CMYK numbers were made for, with an ICC output
profile embedded in its output intent. Runeforge has no licence to ship a measured press
profile (FOGRA39, GRACoL...), so it makes one here, from a plain model, and is MIT like the
rest of the code:

* CMYK -> Lab (AToB0/1/2): the sRGB colour of ``r = max(0, 1 - c - k)`` (and ``g`` with
  ``m``, ``b`` with ``y``), adapted to D50: paper white is Lab 100/0/0, ``0 0 0 1`` is Lab
  0/0/0.
* Lab -> CMYK (BToA0/1/2): the sRGB colour of the Lab value, clipped, with full grey
  replacement (``k = 1 - max(r, g, b)``), the same split as the vector colours of the PDF
  (reportlab's ``rgb2cmyk``): black is K only, a grey is K only, and art converted through
  this profile agrees with the drawn frames.
* gamut: 0 where the Lab value is an sRGB colour, 1 outside.

It is a characterisation of no real press: a shop that prints to a standard condition gives
its own profile (``runeforge build --output-profile FILE.icc``). :func:`profile` makes the
bytes (deterministic, about 100 kB) once per process.
"""

from __future__ import annotations

import struct
from functools import lru_cache

DESCRIPTION = "Runeforge generic CMYK (sRGB-based, full grey replacement)"
COPYRIGHT = "No copyright, use freely (Runeforge, MIT licence)"
CONDITION = "Runeforge generic CMYK"
D50 = (0.9642, 1.0, 0.8249)
# sRGB (linear) -> XYZ adapted to D50 (Bradford), the matrix of the ICC's sRGB profile
M = ((0.4360747, 0.3850649, 0.1430804),
     (0.2225045, 0.7168786, 0.0606169),
     (0.0139322, 0.0971045, 0.7141733))
CMYK_GRID, LAB_GRID = 9, 17


def _inverse(m):
    (a, b, c), (d, e, f), (g, h, i) = m
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return ((( e * i - f * h) / det, -(b * i - c * h) / det, ( b * f - c * e) / det),
            (-(d * i - f * g) / det, ( a * i - c * g) / det, -(a * f - c * d) / det),
            (( d * h - e * g) / det, -(a * h - b * g) / det, ( a * e - b * d) / det))


M_INV = _inverse(M)


def _linear(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    return 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def rgb_to_lab(r: float, g: float, b: float) -> tuple[float, float, float]:
    lin = (_linear(r), _linear(g), _linear(b))
    xyz = [sum(M[i][j] * lin[j] for j in range(3)) / D50[i] for i in range(3)]

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(max(0.0, t)) for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lab_to_rgb(L: float, a: float, b: float) -> tuple[tuple[float, float, float], bool]:
    """The sRGB colour of a Lab value, clipped, and whether it was inside sRGB."""
    fy = (L + 16) / 116
    fx, fz = fy + a / 500, fy - b / 200

    def inv(t):
        return t ** 3 if t > 6 / 29 else 3 * (6 / 29) ** 2 * (t - 4 / 29)

    xyz = (inv(fx) * D50[0], inv(fy) * D50[1], inv(fz) * D50[2])
    lin = [sum(M_INV[i][j] * xyz[j] for j in range(3)) for i in range(3)]
    inside = all(-0.002 <= v <= 1.002 for v in lin)
    return tuple(_gamma(min(1.0, max(0.0, v))) for v in lin), inside


def rgb_to_cmyk(r: float, g: float, b: float) -> tuple[float, float, float, float]:
    """Full grey replacement as reportlab's ``rgb2cmyk``: ``k = 1 - max``, ``c = max - r``."""
    top = max(r, g, b)
    return top - r, top - g, top - b, 1 - top


def cmyk_to_rgb(c: float, m: float, y: float, k: float) -> tuple[float, float, float]:
    """The inverse of :func:`rgb_to_cmyk` (ink adds up, clipped at none left)."""
    return tuple(max(0.0, 1 - v - k) for v in (c, m, y))


def _u16(v: float) -> int:
    return max(0, min(65535, round(v * 65535)))


def _lab16(L, a, b) -> tuple[int, int, int]:
    """ICC v2 16-bit Lab: L 0..100 -> 0..0xFF00, a and b -128..127.996 -> 0..0xFFFF."""
    def ab(v):
        return max(0, min(65535, round((v + 128) * 256)))

    return max(0, min(0xFF00, round(L * 0xFF00 / 100))), ab(a), ab(b)


def _lut16(n_in: int, n_out: int, grid: int, clut: list[int]) -> bytes:
    """lut16Type with identity matrix and two-entry (linear) input and output tables."""
    one = 0x10000
    head = b"mft2" + bytes(4) + struct.pack(">BBBB", n_in, n_out, grid, 0)
    head += struct.pack(">9i", one, 0, 0, 0, one, 0, 0, 0, one)
    head += struct.pack(">HH", 2, 2)
    tables = struct.pack(">HH", 0, 65535) * n_in
    out = struct.pack(">HH", 0, 65535) * n_out
    return head + tables + struct.pack(f">{len(clut)}H", *clut) + out


def _grid_points(n_dims: int, grid: int):
    """Every point of the grid, the first dimension varying slowest (the ICC's order)."""
    steps = [i / (grid - 1) for i in range(grid)]
    points = [()]
    for _ in range(n_dims):
        points = [p + (s,) for p in points for s in steps]
    return points


def _a2b() -> bytes:
    clut: list[int] = []
    for c, m, y, k in _grid_points(4, CMYK_GRID):
        clut.extend(_lab16(*rgb_to_lab(*cmyk_to_rgb(c, m, y, k))))
    return _lut16(4, 3, CMYK_GRID, clut)


def _lab_points():
    for pl, pa, pb in _grid_points(3, LAB_GRID):
        # the grid's encoded values: L 0..0xFF00 over 0..65535, a and b (v*65535/256) - 128
        yield pl * 65535 / 0xFF00 * 100, pa * 65535 / 256 - 128, pb * 65535 / 256 - 128


def _b2a_and_gamut() -> tuple[bytes, bytes]:
    clut, gamut = [], []
    for lab in _lab_points():
        rgb, inside = lab_to_rgb(*lab)
        clut.extend(_u16(v) for v in rgb_to_cmyk(*rgb))
        gamut.append(0 if inside else 65535)
    return _lut16(3, 4, LAB_GRID, clut), _lut16(3, 1, LAB_GRID, gamut)


def _desc(text: str) -> bytes:
    raw = text.encode("ascii") + b"\0"
    return (b"desc" + bytes(4) + struct.pack(">I", len(raw)) + raw
            + struct.pack(">II", 0, 0) + struct.pack(">HB", 0, 0) + bytes(67))


def _text(text: str) -> bytes:
    return b"text" + bytes(4) + text.encode("ascii") + b"\0"


def _xyz(x: float, y: float, z: float) -> bytes:
    return b"XYZ " + bytes(4) + struct.pack(">3i", *(round(v * 0x10000) for v in (x, y, z)))


@lru_cache(maxsize=1)
def profile() -> bytes:
    """The profile's bytes (the same on every run)."""
    a2b = _a2b()
    b2a, gamut = _b2a_and_gamut()
    blobs = [(("desc",), _desc(DESCRIPTION)), (("cprt",), _text(COPYRIGHT)),
             (("wtpt",), _xyz(*D50)), (("A2B0", "A2B1", "A2B2"), a2b),
             (("B2A0", "B2A1", "B2A2"), b2a), (("gamt",), gamut)]
    n_tags = sum(len(sigs) for sigs, _ in blobs)
    offset = 128 + 4 + 12 * n_tags
    table, data = [], b""
    for sigs, blob in blobs:
        blob += bytes(-len(blob) % 4)
        for sig in sigs:  # the three rendering intents share one table
            table.append(sig.encode("ascii") + struct.pack(">II", offset + len(data), len(blob)))
        data += blob
    size = offset + len(data)
    header = struct.pack(">I4sI4s4s4s", size, b"\0\0\0\0", 0x02400000, b"prtr", b"CMYK",
                         b"Lab ")
    header += struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + bytes(4)
    header += struct.pack(">I4s4s", 0, b"\0\0\0\0", b"\0\0\0\0") + bytes(8)
    header += struct.pack(">I", 0) + struct.pack(">3i", *(round(v * 0x10000) for v in D50))
    header += bytes(4) + bytes(16) + bytes(28)
    assert len(header) == 128
    return header + struct.pack(">I", n_tags) + b"".join(table) + data
