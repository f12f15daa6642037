"""`runeforge campaign sheet SHEET --locale L --pdf FILE`: the printable campaign sheet.

:func:`sheet_pdf_command` is what the CLI calls; :data:`sheet_command` is the click command
ready for the `campaign` group (``command.add_command(sheet_command)``). A bad sheet is the
campaign commands' located error (RF961-RF963, via ``sheetio.open_sheet``), an unknown
locale a usage error; never a traceback.
"""

from __future__ import annotations

import click

from runeforge.console import console, content_dirs_argument, log_path_option

from . import sheetio as io


def sheet_pdf_command(sheet_path, locale: str, pdf_path, dirs=(), role: str = "heroes") -> None:
    """Read and check the sheet at ``sheet_path`` and write its PDF in ``locale`` for
    ``role`` (the heroes' sheet names none of the overlord's cards)."""
    from runeforge.games.campaign.sheetmodel import UnknownLocale, check_locale
    from runeforge.games.campaign.sheetpdf import write_sheet_pdf

    try:
        check_locale(locale)
    except UnknownLocale as exc:
        raise click.BadParameter(str(exc), param_hint="--locale") from None
    sheet, _, bundle = io.open_sheet_and_bundle(sheet_path, dirs)
    out = console()
    write_sheet_pdf(sheet, bundle, locale, pdf_path,
                    warn=lambda text: out.print(f"warning: {text}", markup=False), role=role)


@click.command("sheet")
@click.argument("sheet", type=click.Path(dir_okay=False))
@click.option("--locale", default="en", show_default=True, metavar="LOCALE",
              help="Language of the sheet: en, fi, pl, el or ru.")
@click.option("--pdf", "pdf_path", required=True, type=click.Path(dir_okay=False),
              callback=log_path_option,
              help="The PDF to write.")
@click.option("--as", "role", type=click.Choice(["heroes", "overlord"]), default="heroes",
              show_default=True, help="Whose sheet: the heroes' names none of the "
                                      "overlord's cards (his deck, his set-aside cards).")
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_argument)
def sheet_command(sheet, locale, pdf_path, role, dirs) -> None:
    """Print the campaign sheet as a PDF to keep at the table (by hand between runs)."""
    sheet_pdf_command(sheet, locale, pdf_path, dirs, role)
    whose = "the heroes'" if role == "heroes" else "the overlord's"
    console().print(f"Wrote {pdf_path} ({locale}, {whose} sheet)", markup=False)
