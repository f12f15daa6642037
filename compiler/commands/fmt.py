"""`runeforge fmt`: rewrite ability text to canonical form, keeping everything else."""

from __future__ import annotations

from pathlib import Path

import click

from runeforge.atomic import write_bytes_atomic
from runeforge.console import console, content_dirs_argument, finish, print_diagnostics
from runeforge.diagnostics import Diagnostic
from runeforge.formatter import format_file
from runeforge.loader import bundled_dir, yaml_files
from runeforge.yamlsafe import display_path

EPILOG = """\b
Examples:
  runeforge fmt my-cards/            # rewrite in place
  runeforge fmt --check my-cards/    # exit 1 and list the files that would change
"""


@click.command("fmt", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
@click.option("--check", "check_only", is_flag=True,
              help="Change nothing; exit 1 if some file would change.")
def command(dirs, check_only: bool) -> None:
    """Rewrite ability strings to their canonical form (default: the bundled cards/).

    Comments, key order, quoting and spacing are kept byte-for-byte.
    """
    from runeforge import games
    from runeforge.loader import game_of_file

    roots = [Path(d) for d in dirs] or [bundled_dir()]
    diags: list[Diagnostic] = []
    changed: list[str] = []
    out = console()
    for root in roots:
        if not root.is_dir():
            diags.append(Diagnostic("RF001", f"content directory '{root}' does not exist"
                                    if not root.exists() else f"'{root}' is not a directory",
                                    display_path(root)))
            continue
        for path in yaml_files(root):
            game = games.get(game_of_file(path, root))
            res = format_file(path, game.canonical, game.card_kinds,
                              places=game.ability_places)
            diags.extend(res.diagnostics)
            if res.new_bytes is None:
                continue
            changed.append(res.display)
            if check_only:
                out.print(f"would reformat {res.display}", markup=False)
            else:
                write_bytes_atomic(path, res.new_bytes)
                out.print(f"reformatted {res.display} ({res.changed} "
                          f"abilit{'ies' if res.changed != 1 else 'y'})", markup=False)
    print_diagnostics(diags)
    finish(diags)
    if check_only and changed:
        raise SystemExit(1)
