"""`runeforge pack`: one archive of a pack folder, to send to someone (compiler/packarchive.py)."""

from __future__ import annotations

from pathlib import Path

import click

from runeforge.packarchive import write_archive

EPILOG = """\b
Examples:
  runeforge pack my-pack/                    # writes my-pack.rfpack beside the folder
  runeforge pack my-pack/ -o /tmp/mine.rfpack
  runeforge build my-pack.rfpack --locale ru
"""


@click.command("pack", epilog=EPILOG)
@click.argument("folder", type=click.Path(path_type=Path, exists=True, file_okay=False))
@click.option("--out", "-o", type=click.Path(path_type=Path, dir_okay=False),
              help="The archive to write (default: <folder>.rfpack beside the folder).")
def command(folder: Path, out: Path | None) -> None:
    """Write one archive of the pack FOLDER: its YAML, its catalogs (locales/), its art and
    a manifest with a content digest and the Runeforge version. `check` and `build` take
    the archive as they take a folder."""
    path = write_archive(folder, out)
    click.echo(f"wrote {path}")
