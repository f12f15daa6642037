"""`runeforge preview`: a static HTML page of card faces, for a quick look in a browser."""

from __future__ import annotations

from pathlib import Path

import click

from runeforge import pipeline
from runeforge.atomic import remove_stale_temps
from runeforge.console import (
    console,
    content_dirs_argument,
    finish,
    output_dir_diagnostic,
    print_diagnostics,
    print_summary,
)
from runeforge.diagnostics import Diagnostic

EPILOG = """\b
Examples:
  runeforge preview                         # bundled cards, English, into ./output
  runeforge preview my-cards/ --locale en   # plus my-cards/
  runeforge preview --out /tmp/cards        # somewhere else
"""


@click.command("preview", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
@click.option("--locale", default="en", show_default=True, metavar="L",
              help="Locale of the rules text shown.")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"),
              show_default=True, help="Output directory.")
def command(dirs, locale: str, out_dir: Path) -> None:
    """Write a static HTML page of card faces (output/preview-<locale>.html).

    Cards are in sections by pack and kind, with a search box. Card text is escaped and the
    page runs no script but its own (allowed by hash), so untrusted content is safe to view.
    """
    from runeforge.backends.pdf_stage import game_faces
    from runeforge.backends.preview import write_preview
    from runeforge.backends.text import check_locale

    check_locale(locale)
    problem = output_dir_diagnostic(out_dir)
    if problem is not None:  # before any work, like `build`
        print_diagnostics([problem])
        raise SystemExit(1)
    result = pipeline.check(dirs)
    print_diagnostics(result.diagnostics)
    if not result.ok:
        print_summary(result.diagnostics, "preview stopped, nothing written")
        finish(result.diagnostics)
    pairs = game_faces(result, locale)
    faces = [face for _, face in pairs]
    remove_stale_temps(targets=[out_dir / f"preview-{locale}.html"])  # an interrupted run's
    try:
        path = write_preview(faces, out_dir, locale=locale,
                             contexts=[game.preview_context for game, _ in pairs],
                             pack_names=_pack_names(result.content.packs),
                             kind_order=[k for game in {g.id: g for g, _ in pairs}.values()
                                         for k in game.card_kinds])
    except OSError as exc:
        print_diagnostics([Diagnostic("RF003", f"cannot write output: {exc.strerror or exc}",
                                      str(getattr(exc, "filename", None) or out_dir),
                                      hint="check --out and its permissions")])
        raise SystemExit(1) from None
    console().print(f"wrote {path} ({len(faces)} cards)", markup=False, highlight=False)


def _pack_names(packs) -> dict[str, str]:
    """Pack id -> name, the packs others build on first (core before its expansions)."""
    ordered = sorted(packs.values(), key=lambda p: (len(p.requires), p.type != "set", p.id))
    return {p.id: p.name or p.id for p in ordered}
