"""`runeforge check`: load, validate and compile; print diagnostics."""

from __future__ import annotations

import json

import click

from runeforge.analysis import AnalysisService
from runeforge.console import (
    console,
    content_dirs_or_archives,
    finish,
    print_diagnostics,
    print_summary,
)

EPILOG = """\b
Examples:
  runeforge check                     # the bundled content
  runeforge check my-cards/           # bundled content plus my-cards/
  runeforge check --format json my-cards/ > report.json
  runeforge check --coverage          # which bundled abilities compile
  runeforge check --coverage my-cards/  # which of my-cards/ abilities compile
"""


def _lines(card, i: int, text) -> tuple[int, int]:
    """First and last file line of ability ``i`` (a block scalar starts on its indicator)."""
    line = card.pos("abilities", i)[0]
    block = card.text_pos(("abilities", i), 0)[0] != line
    return line, line + str(text).rstrip("\n").count("\n") + (1 if block else 0)


def coverage(result, bundled: bool = True) -> dict:
    """Which abilities parse and compile (an IR entry and no error at their place): those of
    the bundled packs (``bundled``) or those of the packs of the folders given (not).

    The compiler leaves failed abilities out of a card's IR list, so an ability compiles when
    no error points into it and the card has one IR per such clean ability.
    """
    content = result.content
    errors = [d for d in result.diagnostics if d.is_error]
    rows = []
    for card_id, card in content.cards.items():
        if content.packs[card.pack].bundled != bundled:
            continue
        irs = [ir for ir in result.compiled.get(card_id, []) or [] if ir is not None]
        texts = card.data.get("abilities", []) or []
        found = []
        for i, text in enumerate(texts):
            first, last = _lines(card, i, text)
            found.append([d for d in errors if d.path == card.path and first <= d.line <= last])
        clean = [i for i, here in enumerate(found) if not here]
        complete = len(irs) == len(clean)
        for i, text in enumerate(texts):
            parses = not any(d.code.startswith("RF3") for d in found[i])
            rows.append({"card": card_id, "ability": i, "text": text, "parses": parses,
                         "compiles": complete and i in clean})
    total = len(rows)
    parsed = sum(r["parses"] for r in rows)
    done = sum(r["compiles"] for r in rows)
    return {"total": total, "parses": parsed, "compiles": done,
            "percent": round(100.0 * done / total, 1) if total else None, "abilities": rows}


def print_coverage(cov: dict, fmt: str) -> None:
    if fmt == "json":
        click.echo(json.dumps(cov, ensure_ascii=False, indent=2))
        return
    out = console()
    for row in cov["abilities"]:
        mark = "ok " if row["compiles"] else ("ir?" if row["parses"] else "ERR")
        out.print(f"{mark} {row['card']}[{row['ability']}]: {row['text']}", markup=False)
    total = cov["total"]
    if not total:
        # a share of nothing is no figure: a folder of cards without abilities, or one whose
        # files failed to load, must not read as "100 % compile"
        out.print("coverage: no abilities to measure (the cards checked have none, or their "
                  "files did not load)", markup=False)
        return

    def pct(n: int) -> str:
        return f"{100.0 * n / total:.1f}%"

    out.print(f"coverage: {cov['parses']}/{total} abilities parse ({pct(cov['parses'])}), "
              f"{cov['compiles']}/{total} compile ({pct(cov['compiles'])})", markup=False)


@click.command("check", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_or_archives)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Diagnostics as text or as JSON records.")
@click.option("--coverage", "show_coverage", is_flag=True,
              help="Print which abilities parse and compile, with the percentage: those of "
                   "DIRS when given, else the bundled ones.")
def command(dirs: tuple[str, ...], fmt: str, show_coverage: bool) -> None:
    """Load, validate and compile content; print diagnostics.

    DIRS are content directories that extend the bundled cards/ (default: bundled only).
    Exit status: 0 clean, 1 content errors, 2 usage errors.
    """
    from ._contentcache import checked

    # the analysis service's check, or its result kept in the cache by an earlier run
    result = checked(dirs, run_ir=False, fresh=lambda: AnalysisService(dirs).check_all())
    if show_coverage:
        cov = coverage(result, bundled=not dirs)  # the folders' own cards, when given
        if fmt == "json":
            click.echo(json.dumps({"diagnostics": [d.to_json() for d in result.diagnostics],
                                   "coverage": cov}, ensure_ascii=False, indent=2))
            finish(result.diagnostics)
            return
        print_diagnostics(result.diagnostics)
        print_coverage(cov, fmt)
    else:
        print_diagnostics(result.diagnostics, fmt)
    n = len(result.content.cards)
    print_summary(result.diagnostics, f"checked {n} card{'s' * (n != 1)} in "
                  f"{len(result.content.packs)} pack{'s' * (len(result.content.packs) != 1)}")
    finish(result.diagnostics)
