"""Writers of the balance report: CSV (cells and summary), an HTML page (jinja2 sandbox,
autoescaped) and a PDF with bar charts (reportlab graphics, Noto Sans). Deterministic bytes:
sorted input order, fixed float formats, reportlab's invariant mode."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from runeforge.atomic import write_bytes_atomic

from ._balance import COLOURS, TOKEN_LEVELS, Report

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
SERIES_COLOURS = ("#9ecae1", "#4292c6", "#2171b5", "#08306b")  # 0, 2, 4, 6 tokens
COLOUR_HEX = {"green": "#3a7d3a", "yellow": "#c9a400", "blue": "#2f5fa8", "red": "#a83232"}


FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
NUMBER = re.compile(r"\A[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\Z")


def safe_cell(value):
    """A CSV cell a spreadsheet shows as text, never runs as a formula (OWASP's CSV
    injection rule): a string starting with = + - @, tab or CR gets a leading ' unless it is
    a plain number, which stays a number. Numbers themselves are written as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START) and not NUMBER.match(value):
        return "'" + value
    return value


class _SafeWriter:
    """csv.writer whose rows go through :func:`safe_cell`."""

    def __init__(self, buf):
        self._w = csv.writer(buf, lineterminator="\n")

    def writerow(self, row) -> None:
        self._w.writerow([safe_cell(v) for v in row])


def table_csv(columns: list, rows: list) -> bytes:
    """A header and rows as CSV through :func:`safe_cell` (another game's balance tables)."""
    buf = io.StringIO(newline="")
    w = _SafeWriter(buf)
    w.writerow(columns)
    for row in rows:
        w.writerow(row)
    return buf.getvalue().encode("utf-8")


def cells_csv(report: Report) -> bytes:
    buf = io.StringIO(newline="")
    w = _SafeWriter(buf)
    w.writerow(["challenge", "challenge_name", "colour", "pack", "hero", "tokens", "modifiers",
                "win", "win_ci_low", "win_ci_high", "loss", "stalemate", "expected_wounds",
                "barred", "out_of_order"])
    names = {c["id"]: c for c in report.challenges}
    flags = report.flags()
    for x in report.cells:
        c = names[x.challenge]
        mods = ";".join(f"{k}{v:+d}" for k, v in sorted(x.modifiers.items()))
        lo, hi = x.ci or (x.win, x.win)
        w.writerow([x.challenge, c["name"], c["colour"], c["pack"], x.hero, x.tokens, mods,
                    f"{x.win:.6f}", f"{lo:.6f}", f"{hi:.6f}", f"{x.loss:.6f}",
                    f"{x.stalemate:.6f}",
                    f"{x.expected_wounds:.4f}", int(x.barred), int(x.challenge in flags)])
    return buf.getvalue().encode("utf-8")


def summary_csv(report: Report) -> bytes:
    buf = io.StringIO(newline="")
    w = _SafeWriter(buf)
    w.writerow(["colour", "tokens", "challenges", "median", "min", "max"])
    for r in report.summary():
        w.writerow([r["colour"], r["tokens"], r["challenges"], f"{r['median']:.6f}",
                    f"{r['min']:.6f}", f"{r['max']:.6f}"])
    return buf.getvalue().encode("utf-8")


def html(report: Report) -> bytes:
    from jinja2 import FileSystemLoader, StrictUndefined
    from jinja2.sandbox import SandboxedEnvironment

    env = SandboxedEnvironment(loader=FileSystemLoader(str(TEMPLATES)), autoescape=True,
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                               keep_trailing_newline=True)
    page = env.get_template("balance.html.j2").render(
        report=report, summary=report.summary(), flags=report.flags(), levels=TOKEN_LEVELS,
        cells={(x.hero, x.challenge, x.tokens): x for x in report.cells},
        pct=lambda p: f"{p:.1%}")
    return page.encode("utf-8")


def _fonts() -> tuple[str, str]:
    try:
        from runeforge.backends.pdf_fonts import register_fonts

        f = register_fonts()
        return f["regular"], f["bold"]
    except Exception:  # noqa: BLE001 - the English-only report may fall back to Helvetica
        return "Helvetica", "Helvetica-Bold"


def _bar_chart(categories, series, font, width=460, height=190):
    from reportlab.graphics.charts.barcharts import VerticalBarChart
    from reportlab.graphics.charts.legends import Legend
    from reportlab.graphics.shapes import Drawing
    from reportlab.lib import colors

    d = Drawing(width, height + 60)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40, 55, width - 60, height - 20
    chart.data = [tuple(round(v * 100, 3) for v in s) for s in series]
    chart.valueAxis.valueMin, chart.valueAxis.valueMax, chart.valueAxis.valueStep = 0, 100, 20
    chart.valueAxis.labels.fontName = font
    chart.valueAxis.labelTextFormat = "%d%%"
    chart.categoryAxis.categoryNames = [c if len(c) <= 18 else c[:17] + "…" for c in categories]
    chart.categoryAxis.labels.fontName = font
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.labels.angle = 30 if len(categories) > 4 else 0
    chart.categoryAxis.labels.boxAnchor = "ne" if len(categories) > 4 else "n"
    chart.groupSpacing, chart.barSpacing = 6, 1
    for i, hexc in enumerate(SERIES_COLOURS[: len(series)]):
        chart.bars[i].fillColor = colors.HexColor(hexc)
        chart.bars[i].strokeColor = None
    d.add(chart)
    legend = Legend()
    legend.x, legend.y = 40, height + 50
    legend.fontName, legend.fontSize = font, 8
    legend.alignment = "right"
    legend.columnMaximum = 1
    legend.colorNamePairs = [(colors.HexColor(SERIES_COLOURS[i]), f"{t} tokens")
                             for i, t in enumerate(TOKEN_LEVELS[: len(series)])]
    d.add(legend)
    return d


def pdf(report: Report) -> bytes:
    from xml.sax.saxutils import escape

    from reportlab.lib import colors
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.lib.units import mm
    from reportlab.platypus import (
        PageBreak,
        Paragraph,
        SimpleDocTemplate,
        Spacer,
    )

    regular, bold = _fonts()
    body = ParagraphStyle("body", fontName=regular, fontSize=9, leading=12)
    h1 = ParagraphStyle("h1", parent=body, fontName=bold, fontSize=16, leading=20,
                        spaceAfter=6)
    h2 = ParagraphStyle("h2", parent=body, fontName=bold, fontSize=12, leading=16,
                        spaceBefore=8, spaceAfter=4)
    story = [Paragraph(escape(f"Balance: {report.adventure_name}"), h1),
             Paragraph(escape(f"Adventure {report.adventure}, {report.ruleset} rules, "
                              f"{len(report.heroes)} heroes, {len(report.challenges)} "
                              "challenges."), body),
             Paragraph(escape(f"Method: {report.method}."), body),
             Spacer(1, 3 * mm), Paragraph(escape(report.rule), body),
             Paragraph("Median win probability per colour", h2)]
    summary = report.summary()
    colours = report.colours()
    series = [[next(r["median"] for r in summary if r["colour"] == c and r["tokens"] == t)
               for c in colours] for t in TOKEN_LEVELS]
    story.append(_bar_chart(colours, series, regular))
    flags = report.flags()
    story.append(Paragraph("Out of order for their colour", h2))
    if flags:
        for c in report.challenges:
            if c["id"] in flags:
                story.append(Paragraph(escape(f"{c['name']} ({c['colour']}): "
                                              + "; ".join(flags[c["id"]])), body))
    else:
        story.append(Paragraph("No challenge is out of order for its colour.", body))
    story.append(Paragraph("Mean win probability of the challenges, per colour", h2))
    rows = [["colour", "tokens", "challenges", "median", "min", "max"]]
    rows += [[r["colour"], r["tokens"], r["challenges"], f"{r['median']:.1%}",
              f"{r['min']:.1%}", f"{r['max']:.1%}"] for r in summary]
    story.append(_table(rows, regular, bold, colors))
    for colour in colours:
        chals = [c for c in report.challenges if c["colour"] == colour]
        story += [PageBreak(), Paragraph(escape(f"{colour.capitalize()} challenges: mean win "
                                                "probability over the heroes"), h2)]
        series = [[report.mean_win(c["id"], t) for c in chals] for t in TOKEN_LEVELS]
        story.append(_bar_chart([c["name"] for c in chals], series, regular))
        head = ["challenge"] + [name.split()[0] for _, name in report.heroes] + ["mean"]
        rows = [head]
        for c in chals:
            mark = " *" if c["id"] in flags else ""
            rows.append([c["name"][:28] + mark]
                        + [f"{report.win(h, c['id'], 0):.0%}" for h, _ in report.heroes]
                        + [f"{report.mean_win(c['id']):.0%}"])
        story.append(Paragraph("Win probability at 0 experience tokens (* out of order)",
                               body))
        story.append(_table(rows, regular, bold, colors))
    buf = io.BytesIO()
    doc = SimpleDocTemplate(buf, pagesize=A4, invariant=1, title=f"Balance: "
                            f"{report.adventure_name}", author="runeforge", creator="runeforge",
                            leftMargin=18 * mm, rightMargin=18 * mm, topMargin=16 * mm,
                            bottomMargin=16 * mm)
    doc.build(story)
    return buf.getvalue()


def _table(rows, regular, bold, colors):
    from reportlab.platypus import Table, TableStyle

    t = Table(rows, repeatRows=1)
    t.setStyle(TableStyle([("FONTNAME", (0, 0), (-1, -1), regular),
                           ("FONTNAME", (0, 0), (-1, 0), bold),
                           ("FONTSIZE", (0, 0), (-1, -1), 7.5),
                           ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                           ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#eeeeee")),
                           ("ALIGN", (1, 0), (-1, -1), "RIGHT")]))
    return t


def write_all(report: Report, out: Path) -> list[Path]:
    """Render everything first, then write each file atomically; returns the paths."""
    files = {"balance.csv": cells_csv(report), "balance-summary.csv": summary_csv(report),
             "balance.html": html(report), "balance.pdf": pdf(report)}
    paths = []
    for name, data in files.items():
        write_bytes_atomic(out / name, data)
        paths.append(out / name)
    return paths


__all__ = ["COLOURS", "write_all", "cells_csv", "summary_csv", "html", "pdf", "safe_cell",
           "table_csv"]
