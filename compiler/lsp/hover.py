"""Hover text: an ability's structure in words, its IR and its rules text in the five
locales; a card's summary, with the exact odds its game's engine gives (see
:mod:`runeforge.analysis.odds`). Markdown, or plain text for a client that asks for it
(``textDocument.hover.contentFormat``)."""

from __future__ import annotations

import dataclasses
import enum
import json
import re

from .. import games
from ..analysis.service import AnalysisService
from ..content import Card
from ..diagnostics import DiagnosticError

LOCALES = ("en", "fi", "pl", "el", "ru")


@dataclasses.dataclass(frozen=True)
class Markup:
    """Markdown, or the same text without its marks."""

    markdown: bool = True

    def heading(self, text: str) -> str:
        return f"### {text}" if self.markdown else text

    def bold(self, text: str) -> str:
        return f"**{text}**" if self.markdown else text

    def code(self, text: str) -> str:
        return f"`{text}`" if self.markdown else text

    def block(self, language: str, text: str) -> list[str]:
        return [f"```{language}", text, "```"] if self.markdown else [text]


MARKDOWN = Markup()


def _words(name: str) -> str:
    """``GainGold`` -> ``gain gold``, ``before_combat`` -> ``before combat``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).replace("_", " ").lower().strip()


def _empty(value) -> bool:
    return value is None or value is False or value in ((), [], "")


def describe(node, depth: int = 0) -> str:
    """An AST node in words: its kind, then its parts (``name: value``) in brackets,
    without spans and empty parts; never Python's spelling of it."""
    if depth > 12:
        return "…"
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        parts = [f"{_words(f.name)}: {describe(getattr(node, f.name), depth + 1)}"
                 for f in dataclasses.fields(node)
                 if f.name != "span" and not f.name.endswith("_span")
                 and not _empty(getattr(node, f.name))]
        kind = _words(type(node).__name__)
        return f"{kind} ({'; '.join(parts)})" if parts else kind
    if isinstance(node, (tuple, list)):
        return ", ".join(describe(v, depth + 1) for v in node)
    if isinstance(node, enum.Enum):
        return _words(str(node.name))
    if node is True:
        return "yes"
    if isinstance(node, str):
        return _words(node) if re.fullmatch(r"[a-z0-9_]+", node) else node
    return str(node)


def structure(game_id: str, text: str, markup: Markup = MARKDOWN) -> list[str]:
    """The parsed ability's top-level parts, one line each (tag, limit, costs, effects …)."""
    game = games.get(game_id)
    try:
        ast = games.resolve(game.dialect.parse)(text)
    except DiagnosticError as err:
        return [f"does not parse: {err.diagnostics[0].message}"]
    except Exception as exc:  # noqa: BLE001 - the dialect's own syntax error
        return [f"does not parse: {getattr(exc, 'message', exc)}"]
    if not dataclasses.is_dataclass(ast):
        return [describe(ast)]
    lines = [markup.bold(_words(type(ast).__name__).capitalize())]
    for f in dataclasses.fields(ast):
        value = getattr(ast, f.name)
        if f.name == "span" or f.name.endswith("_span") or _empty(value):
            continue
        lines.append(f"- {_words(f.name)}: {describe(value)}")
    return lines


def ability_hover(service: AnalysisService, card: Card | None, game_id: str, index: int,
                  text: str, markup: Markup = MARKDOWN) -> str:
    out = [markup.heading(f"Ability {index + 1}" + (f" of {card.name}" if card else ""))]
    out += structure(game_id, text, markup)
    if card is not None:
        ir = _ir_of(service, card, index)
        if ir is not None:
            out += ["", markup.bold("IR"),
                    *markup.block("json", json.dumps(ir, ensure_ascii=False, indent=1))]
        texts = service.texts(card.id, [loc for loc in LOCALES
                                        if loc in games.get(card.game).text.locales])
        rows = {loc: [t for i, t in found if i == index] for loc, found in texts.items()}
        if any(rows.values()):
            out += ["", markup.bold("Text")]
            out += [f"- {loc}: {said[0]}" for loc, said in rows.items() if said]
    return "\n".join(out)


def _ir_of(service: AnalysisService, card: Card, index: int):
    """The IR of ability string ``index``: one IR, a list of them when the string holds
    several abilities (the dialect's parse gives a tuple then), or None. The compiled list
    leaves out the strings with errors."""
    abilities = card.data.get("abilities") or []
    errors = {d.extra.get("ability") for d in service.diagnostics_of(card.path)
              if d.is_error and d.extra.get("card") == card.id}
    if index in errors or index >= len(abilities):
        return None
    parse = games.resolve(games.get(card.game).dialect.parse)
    irs, start = service.ir(card.id), 0
    for i, text in enumerate(abilities):
        if i in errors or not isinstance(text, str):
            continue
        try:
            ast = parse(text)
        except Exception:  # noqa: BLE001 - the string's own diagnostic says why
            return None
        count = len(ast) if isinstance(ast, tuple) else 1
        if i == index:
            found = irs[start:start + count]
            return (found[0] if count == 1 else found) if len(found) == count else None
        start += count
    return None


def odds_lines(result: dict | None, markup: Markup = MARKDOWN) -> list[str]:
    """:meth:`AnalysisService.odds` as lines."""
    if not result or not result["rows"]:
        return []
    if result["role"] == "foe":
        out = [markup.bold("Exact win chance of each bundled opponent") + " (0 tokens)"]
        out += [f"- {name}: {'—' if p is None else f'{p:.1%}'}" for name, p in result["rows"]]
    else:
        out = [markup.bold("Exact win chance against each colour's foes") + " (median)"]
        out += [f"- {colour}: {p:.1%}" for colour, p in result["rows"]]
    if not result["complete"]:
        out.append("- … (stopped at the time budget)")
    return out


def card_hover(service: AnalysisService, card: Card, markup: Markup = MARKDOWN) -> str:
    out = [markup.heading(card.name),
           f"{markup.code(card.id)}: {card.kind} ({card.game}, pack {card.pack})"]
    names = []
    for loc in LOCALES[1:]:
        try:
            name = games.get(card.game).card_name(card, loc)
            if name is None:  # the game names none: the default game's catalog
                from ..l10n.names import card_name

                name = card_name(card.id, loc)
        except Exception:  # noqa: BLE001
            name = None
        if name:
            names.append(f"{loc}: {name}")
    if names:
        out.append("; ".join(names))
    lines = odds_lines(service.odds(card.id), markup)
    if lines:
        out += [""] + lines
    return "\n".join(out)
