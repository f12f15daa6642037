"""The single place that runs load + validate + compile.

``check(dirs)`` is used by `runeforge check`, `build`, `text` and by other commands
(fight, odds, play, preview …) that need compiled content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import games
from .diagnostics import Diagnostic, has_errors
from .l10n.packcheck import untranslated_names
from .loader import Content, load_content

# Diagnostics that mean the command line was wrong (exit 2), not the content (exit 1).
USAGE_CODES = frozenset({"RF001", "RF004"})

EXIT_OK, EXIT_CONTENT, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """A wrong option value or argument found below the CLI layer (exit 2)."""


@dataclass
class CheckResult:
    """What a check gives: the loaded content, each card's compiled IR and every diagnostic."""

    content: Content
    compiled: dict[str, list[dict]] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)

    @property
    def exit_code(self) -> int:
        return exit_code(self.diagnostics)


def exit_code(diagnostics) -> int:
    diagnostics = list(diagnostics)
    if any(d.code in USAGE_CODES and d.is_error for d in diagnostics):
        return EXIT_USAGE
    return EXIT_CONTENT if has_errors(diagnostics) else EXIT_OK


def check(dirs=(), include_bundled: bool = True, compile: bool = True) -> CheckResult:
    """Load ``dirs`` (after the bundled content), validate, and compile the abilities."""
    content = load_content([Path(d) for d in dirs], include_bundled=include_bundled)
    return analyse(content, compile=compile)


def analyse(content: Content, compile: bool = True, compiler=None) -> CheckResult:
    """Check loaded content: its documents, then (``compile``) its abilities with
    ``compiler`` (default :func:`compile_content`; the analysis service passes a cached one).
    The one sequence behind `check`, the analysis service and the language server."""
    result = CheckResult(content, diagnostics=list(content.diagnostics))
    result.diagnostics.extend(check_documents(content))
    result.diagnostics.extend(untranslated_names(content))  # a fan pack's catalogs
    result.diagnostics.extend(art_diagnostics(content))  # what build would refuse, at art:
    if compile and not any(d.code in USAGE_CODES for d in content.diagnostics):
        compiled, diags = (compiler or compile_content)(content)
        result.compiled = dict(compiled)
        result.diagnostics.extend(diags)
    result.diagnostics = _unique(result.diagnostics)
    return result


def art_diagnostics(content: Content) -> list[Diagnostic]:
    """A card's ``art:`` that build would refuse, at its place: RF713 outside the pack, RF710
    missing (the same messages as the build's art pass; whether the file is a readable
    image, RF711, the build says: check stays free of the imaging libraries)."""
    out = []
    for card in content.cards.values():
        art = card.data.get("art") if isinstance(card.data, dict) else None
        if not isinstance(art, str) or not art:
            continue
        pack = content.packs.get(card.pack)
        root = Path(pack.root) if pack is not None else Path(card.path).parent
        path = Path(card.path).parent / art
        try:
            inside = path.resolve().is_relative_to(root.resolve())
        except OSError:
            inside = False
        if Path(art).is_absolute() or not inside:
            out.append(card.diag("RF713", f"art '{art}' of card '{card.id}' is outside the "
                                 f"content folder {root}", "art",
                                 hint="keep images inside the pack's folder, e.g. art/x.png"))
        elif not path.is_file():
            out.append(card.diag("RF710", f"art file '{art}' of card '{card.id}' not found "
                                 f"(looked for {path})", "art",
                                 hint="the path is relative to the card's YAML file"))
    return out


def check_documents(content: Content) -> list[Diagnostic]:
    """Each game's semantic checks of its own documents (for Runebound: boards and
    rulesets)."""
    out: list[Diagnostic] = []
    for game in games.all_games():
        if game.id in content.games():
            out.extend(game.documents_diagnostics(content.of_game(game.id), content))
    return out


def compile_content(content) -> tuple[dict[str, list[dict]], list[Diagnostic]]:
    """Compile every card with its game's dialect: ({card_id: [ir, ...]}, diagnostics)."""
    compiled, diags = {}, []
    for card_id, card in content.cards.items():
        irs, ds = games.get(card.game).compile_card(card, content)
        compiled[card_id] = irs
        diags.extend(ds)
    return compiled, diags


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen, out = set(), []
    for d in diagnostics:
        key = (d.code, d.path, d.line, d.col, d.message)
        if key not in seen:
            seen.add(key)
            out.append(d)
    return out
