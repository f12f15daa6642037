"""`runeforge build`: compile everything into output/ (bundle, rules text, PDFs)."""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import click

from runeforge import pipeline
from runeforge.atomic import output_problem, remove_stale_temps, write_bytes_atomic
from runeforge.backends import BuildContext, dumps_json, stages
from runeforge.backends.pdf_style import parse_back_offset, parse_card_size, parse_length_mm
from runeforge.console import (
    console,
    content_dirs_or_archives,
    finish,
    output_dir_diagnostic,
    print_diagnostics,
    print_summary,
    progress,
)
from runeforge.diagnostics import Diagnostic, DiagnosticError, did_you_mean, has_errors
from runeforge.games import get as game_of
from runeforge.outdir import OutputBusy, OutputError, commit, locked

STRICT = ("RF701", "RF604")  # the print warnings --strict makes errors
EPILOG = """\b
Examples:
  runeforge build                          # bundled content into ./output
  runeforge build my-cards/ --out dist/    # plus my-cards/, into dist/
  runeforge build --locale en --locale ru
  runeforge build --paper Letter --back-offset 0.5,-1
  runeforge build --mode print-shop --bleed 3mm --locale en
  runeforge build --decks market --fronts-only     # one deck, no back pages
  runeforge build --export png --dpi 600 --locale en  # one PNG per face, one per deck back
  runeforge build --mode print-shop --colour cmyk   # PDF/X-4 for a print shop
  runeforge build --colour cmyk --output-profile shop.icc   # with the shop's profile
  runeforge build --strict                 # fail (exit 1) when text is cut to fit a card
"""


def _option(parse):
    """A click callback that turns an RF702 option error into a usage error (exit 2)."""

    def callback(ctx, param, value):
        if value is None:
            return None
        try:
            return parse(value)
        except DiagnosticError as exc:
            d = exc.diagnostics[0]
            raise click.BadParameter(f"{d.message} ({d.hint})" if d.hint else d.message) \
                from None

    return callback


def parse_bleed(text: str) -> float:
    value = parse_length_mm(text)
    if not 0 <= value <= 10:
        raise DiagnosticError(Diagnostic("RF702", f"bleed '{text}' is out of range (0..10 mm)",
                                         "<options>", hint="for example 3mm or 0.125in"))
    return value


@click.command("build", epilog=EPILOG)
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str),
                callback=content_dirs_or_archives)
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("output"),
              show_default=True, help="Output directory.")
@click.option("--locale", "locales", multiple=True, metavar="L",
              help="Locale of the rules text and PDFs (repeatable; default: en fi pl el ru; "
                   "en-XA is the pseudo-locale for layout tests).")
@click.option("--paper", type=click.Choice(["A4", "Letter"], case_sensitive=False),
              default="A4", show_default=True, help="Sheet size of the proxy PDFs.")
@click.option("--card-size", default="poker", show_default=True,
              callback=_option(parse_card_size),
              help="poker (63x88 mm), mini (41x63), tarot (70x120) or WxH in mm.")
@click.option("--mode", type=click.Choice(["sheet", "print-shop"]), default="sheet",
              show_default=True, help="Sheets of cards with crop marks, or one card per page "
                                      "with bleed for a print shop.")
@click.option("--bleed", default="3mm", show_default=True, callback=_option(parse_bleed),
              help="Bleed around each card (0-10 mm): into the gutters on sheets (at most "
                   "half a gutter), around each page in print-shop mode and PNG exports.")
@click.option("--back-offset", default="0,0", show_default=True,
              callback=_option(parse_back_offset),
              help="Shift of the back pages in mm (X,Y) for duplex printers that shift.")
@click.option("--alignment-page", is_flag=True,
              help="Start each PDF with a front/back duplex alignment test page.")
@click.option("--decks", "decks", multiple=True, metavar="DECK[,DECK]",
              help="Print only these decks (repeatable or comma-separated).")
@click.option("--cards", "cards", multiple=True, metavar="ID[,ID]",
              help="Print only these cards (repeatable or comma-separated).")
@click.option("--fronts-only", is_flag=True, help="Leave out the pages of backs.")
@click.option("--export", type=click.Choice(["png", "tts"]), default=None,
              help="Also write one PNG per card face (with bleed) and one per deck back, "
                   "under png/<pack>-<locale>/ with a manifest.csv pairing them; tts: "
                   "Tabletop Simulator deck sheets (10x7 faces, 4096 px at most, one back "
                   "per deck, the card names as JSON) under tts/<pack>-<locale>/.")
@click.option("--dpi", type=click.Choice(["300", "600"]), default=None,
              help="Resolution of --export png or tts (default 300).")
@click.option("--colour", "--color", "colour", type=click.Choice(["rgb", "cmyk"]),
              default="rgb", show_default=True,
              help="Colour of the PDFs: cmyk writes PDF/X-4 files (every colour in CMYK, "
                   "black text in K alone, art converted, an output intent) for print "
                   "shops; needs the print extra (pikepdf).")
@click.option("--output-profile", type=click.Path(path_type=Path), default=None,
              metavar="FILE.icc",
              help="The print shop's CMYK ICC profile for --colour cmyk (default: "
                   "Runeforge's generic CMYK profile).")
@click.option("--layout-json", type=click.Path(path_type=Path), default=None,
              help="Also write every drawn card's page and trim box (PDF points) here.")
@click.option("--strict", is_flag=True,
              help="Treat print warnings (text cut to fit: RF701, glyph missing: RF604) as "
                   "errors: exit 1 and write nothing.")
def command(dirs, out_dir: Path, locales: tuple[str, ...], paper: str, card_size, mode: str,
            bleed, back_offset, alignment_page: bool, decks, cards, fronts_only: bool,
            export, dpi, colour: str, output_profile: Path | None, layout_json: Path | None,
            strict: bool) -> None:
    """Compile the content: bundle.json, rules text per locale, proxy PDFs per locale.

    Nothing is written when the content has errors.
    """
    from runeforge.backends.text import check_locale, default_locales

    if dpi is not None and export is None:
        raise click.UsageError("--dpi sets the resolution of --export png or tts; add "
                               "--export png")
    decks, cards = _split(decks), _split(cards)
    locales = list(dict.fromkeys(locales)) or list(default_locales())
    for locale in locales:
        check_locale(locale)
    _check_print_options(paper, card_size, mode, bleed, back_offset)
    if alignment_page and mode != "sheet":
        raise click.UsageError("--alignment-page is a duplex test for sheets; a print-shop "
                               "file has one card per page (leave out --mode print-shop)")
    profile = _output_profile(colour, output_profile, export)
    _check_outputs(out_dir, layout_json)
    existed = out_dir.is_dir()
    try:
        with locked(out_dir):
            _build(dirs, out_dir, locales, layout_json, strict, decks, cards, {
                "paper": "Letter" if paper.lower() == "letter" else "A4",
                "card_size": card_size, "mode": mode, "bleed_mm": bleed,
                "back_offset_mm": back_offset, "alignment_page": alignment_page,
                "backs": not fronts_only, "colour": colour, "export": export,
                "dpi": int(dpi or 300), **({"output_profile": profile} if profile else {})})
    except OutputError as exc:
        busy = isinstance(exc, OutputBusy)
        message = f"cannot write output: {exc.reason}" + (
            "" if busy else f"; the previous output in {out_dir} is unchanged" if existed
            else "; nothing was written")
        print_diagnostics([Diagnostic(
            "RF003", message, str(exc.path),
            hint="wait for it to finish, or choose another --out" if busy else None)])
        raise SystemExit(1) from None


def _build(dirs, out_dir: Path, locales, layout_json, strict: bool, decks, cards,
           pdf: dict) -> None:
    result = pipeline.check(dirs)
    if not result.ok:
        print_diagnostics(result.diagnostics)
        print_summary(result.diagnostics, "build stopped, nothing written")
        finish(result.diagnostics)
    print_diagnostics(result.diagnostics)  # warnings
    seen = len(result.diagnostics)
    _check_subset(result, decks, cards)
    pdf = {**pdf, "decks": decks, "cards": cards}
    ctx = BuildContext(result, locales, out_dir, options={"pdf": pdf})
    outputs = []
    todo = stages()
    with progress() as bar:
        task = bar.add_task("building", total=len(todo))
        faces = bar.add_task("card faces", total=None, visible=False)

        def faces_done(done: int, total: int) -> None:
            bar.update(faces, completed=done, total=total, visible=True)

        ctx.progress = faces_done
        for name, stage in todo:
            bar.update(task, description=f"building: {name}")
            outputs.extend(stage(ctx))
            bar.advance(task)
    if strict:  # a cut or a missing glyph is an error: nothing is written
        result.diagnostics[seen:] = [replace(d, severity="error") if d.code in STRICT else d
                                     for d in result.diagnostics[seen:]]
    print_diagnostics(result.diagnostics[seen:])  # warnings of the stages (text fitting …)
    if has_errors(result.diagnostics[seen:]):  # e.g. a card's art file is missing
        print_summary(result.diagnostics, "build stopped, nothing written")
        finish(result.diagnostics)
    files = {o.relpath: o.data for o in outputs}
    extra = None
    if layout_json is not None:
        layouts = {o.relpath: json.loads(o.data) for o in outputs
                   if o.relpath.endswith(".layout.json")}
        # cards only (the option's promise): a game's other prints (Delve's tiles) keep
        # their layout beside their PDF
        layouts = {k: v for k, v in layouts.items() if "cards" in v}
        inside = _relative(layout_json, out_dir)
        if inside is not None:
            files[inside] = dumps_json(layouts)
        else:
            extra = (layout_json, dumps_json(layouts))
    report = commit(out_dir, files, keep_inside=dirs)
    err = console(stderr=True)
    if report.recovered:
        err.print(f"{report.recovered} the switch of an interrupted build in {out_dir}",
                  markup=False)
    for count, what in ((len(report.temps), "temporary file{s} left by an interrupted build"),
                        (len(report.stale), "file{s} of an earlier build that this build "
                                             "does not make")):
        if count:
            err.print(f"removed {count} " + what.format(s="s" * (count != 1)), markup=False)
    written = len(files)
    if extra is not None:  # --layout-json outside --out: one file of its own
        remove_stale_temps(targets=[extra[0]])
        try:
            write_bytes_atomic(*extra)
        except OSError as exc:
            print_diagnostics([Diagnostic("RF003", "cannot write output: "
                                          f"{exc.strerror or exc}", str(extra[0]))])
            raise SystemExit(1) from None
        written += 1
    err.print(f"wrote {written} file{'s' * (written != 1)} to {out_dir}", markup=False)


def _relative(path: Path, folder: Path) -> str | None:
    """``path`` relative to ``folder`` (POSIX), or None when it is outside."""
    try:
        return Path(os.path.abspath(path)).relative_to(os.path.abspath(folder)).as_posix()
    except ValueError:
        return None


def _output_profile(colour: str, path: Path | None, export) -> bytes | None:
    """The bytes of ``--output-profile`` (checked), and the note that PNGs stay RGB."""
    if path is not None and colour != "cmyk":
        raise click.UsageError("--output-profile is the CMYK profile of --colour cmyk; add "
                               "--colour cmyk")
    if colour == "cmyk":
        from runeforge.backends.pdf_x import pikepdf_or_error, read_output_profile

        try:
            pikepdf_or_error()
            data = read_output_profile(path) if path is not None else None
        except DiagnosticError as exc:
            d = exc.diagnostics[0]
            raise click.UsageError(f"{d.message} ({d.hint})" if d.hint else d.message) \
                from None
        if export in ("png", "tts"):
            console(stderr=True).print(
                f"note: --export {export} writes RGB images (PNG has no CMYK), rendered from "
                "the CMYK PDFs; the PDFs themselves are CMYK (PDF/X-4)", markup=False)
        return data
    return None


def _split(values) -> list[str]:
    return list(dict.fromkeys(v.strip() for text in values for v in text.split(",")
                              if v.strip()))


def _check_print_options(paper: str, card_size, mode: str, bleed, back_offset) -> None:
    """Options that are each fine but do not go together (a card larger than the paper, a
    back offset out of range) are usage errors (exit 2), found before any work."""
    from runeforge.backends.pdf_document import check_options
    from runeforge.backends.pdf_sheet import MIN_MARGIN_MM, plan_sheet
    from runeforge.backends.pdf_style import card_size_mm, paper_size_mm

    paper = "Letter" if paper.lower() == "letter" else "A4"
    try:
        check_options(mode, bleed, back_offset)
        if mode == "sheet":
            plan_sheet(paper_size_mm(paper), card_size_mm(card_size), bleed,
                       MIN_MARGIN_MM.get(paper, 4.0))
    except DiagnosticError as exc:
        d = exc.diagnostics[0]
        raise click.UsageError(f"{d.message} ({d.hint})" if d.hint else d.message) from None


def _check_subset(result, decks: list[str], cards: list[str]) -> None:
    """Unknown --cards ids are RF004 (exit 2); an unknown --decks name is a usage error."""
    content = result.content
    unknown = [c for c in cards if c not in content.cards]
    if unknown:
        diags = [Diagnostic("RF004", f"unknown card id '{c}' given to --cards",
                            "<command line>", hint=did_you_mean(c, content.cards)
                            or "ids are the kebab-case of the English name")
                 for c in unknown]
        print_diagnostics(diags)
        finish(diags)
    if decks:
        known = {game_of(card.game).deck_of(card, content) for card in content.cards.values()}
        known |= {deck for game in {card.game for card in content.cards.values()}
                  for deck in game_of(game).faces.extra_decks}  # faces that are no card
        for deck in decks:
            if deck not in known:
                near = did_you_mean(deck, known)
                raise click.BadParameter(
                    f"unknown deck '{deck}'" + (f" (did you mean '{near}'?)" if near else "")
                    + f"; the decks are: {', '.join(sorted(known))}", param_hint="--decks")


def _check_outputs(out_dir: Path, layout_json: Path | None) -> None:
    """RF003 before any work when an output cannot be written (issue 22: fail early)."""
    diag = output_dir_diagnostic(out_dir)
    problem = layout_json is not None and output_problem(layout_json, directory=False)
    if diag is None and problem:
        diag = Diagnostic("RF003", f"cannot write output: {problem}", str(layout_json),
                          hint="check --layout-json and its permissions")
    if diag is not None:
        print_diagnostics([diag])
        raise SystemExit(1)


