"""`runeforge build`: compile everything into output/ (bundle, rules text, PDFs)."""

from __future__ import annotations

from pathlib import Path

import click
from runeforge import pipeline
from runeforge.atomic import write_bytes_atomic
from runeforge.backends import BuildContext, stages
from runeforge.console import console, finish, print_diagnostics, print_summary, progress
from runeforge.diagnostics import Diagnostic

EPILOG = """\b
Examples:
  runeforge build                          # bundled content into ./output
  runeforge build my-cards/ --out dist/    # plus my-cards/, into dist/
  runeforge build --locale en --locale ru
"""


@click.command("build", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str))
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"),
              show_default=True, help="Output directory.")
@click.option("--locale", "locales", multiple=True, metavar="L",
              help="Locale of the rules text and PDFs (repeatable; default: every available).")
def command(dirs, out_dir: Path, locales: tuple[str, ...]) -> None:
    """Compile the content: bundle.json, rules text per locale, proxy PDFs per locale.

    Nothing is written when the content has errors.
    """
    from runeforge.backends.text import available_locales, check_locale

    locales = list(dict.fromkeys(locales)) or list(available_locales())
    for locale in locales:
        check_locale(locale)
    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        print_summary(result.diagnostics, "build stopped, nothing written")
        finish(result.diagnostics)
    print_diagnostics(result.diagnostics)  # warnings
    ctx = BuildContext(result, locales, out_dir)
    outputs = []
    todo = stages()
    with progress() as bar:
        task = bar.add_task("building", total=len(todo))
        for name, stage in todo:
            bar.update(task, description=f"building: {name}")
            outputs.extend(stage(ctx))
            bar.advance(task)
    try:
        for out in outputs:
            write_bytes_atomic(out_dir / out.relpath, out.data)
    except OSError as exc:
        diag = Diagnostic("RF003", f"cannot write output: {exc.strerror or exc}",
                          str(getattr(exc, "filename", None) or out_dir),
                          hint="check --out and its permissions")
        print_diagnostics([diag])
        raise SystemExit(1) from None
    console(stderr=True).print(f"wrote {len(outputs)} file{'s' * (len(outputs) != 1)} to "
                               f"{out_dir}", markup=False)
