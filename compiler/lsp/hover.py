"""Hover text (Markdown): an ability's structure in words, its IR and its rules text in the
five locales; a card's summary, with the exact odds its game's engine gives (see
:mod:`runeforge.analysis.odds`)."""

from __future__ import annotations

import dataclasses
import json

from .. import games
from ..analysis.service import AnalysisService
from ..content import Card
from ..diagnostics import DiagnosticError

LOCALES = ("en", "fi", "pl", "el", "ru")


def describe(node, depth: int = 0) -> str:
    """A compact reading of an AST node: ``Name(field=value, ...)`` without spans and empty
    fields."""
    if depth > 12:
        return "…"
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        parts = []
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            if f.name == "span" or f.name.endswith("_span") or value in (None, (), [], False, ""):
                continue
            parts.append(f"{f.name}={describe(value, depth + 1)}")
        return f"{type(node).__name__}({', '.join(parts)})"
    if isinstance(node, (tuple, list)):
        return "[" + ", ".join(describe(v, depth + 1) for v in node) + "]"
    return repr(node)


def structure(game_id: str, text: str) -> list[str]:
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
    lines = [f"**{type(ast).__name__}**"]
    for f in dataclasses.fields(ast):
        value = getattr(ast, f.name)
        if f.name == "span" or f.name.endswith("_span") or value in (None, (), [], ""):
            continue
        lines.append(f"- {f.name}: `{describe(value)}`")
    return lines


def ability_hover(service: AnalysisService, card: Card | None, game_id: str, index: int,
                  text: str) -> str:
    out = [f"### Ability {index + 1}" + (f" of {card.name}" if card else "")]
    out += structure(game_id, text)
    if card is not None:
        ir = _ir_of(service, card, index)
        if ir is not None:
            out += ["", "**IR**", "```json", json.dumps(ir, ensure_ascii=False, indent=1),
                    "```"]
        texts = service.texts(card.id, [loc for loc in LOCALES
                                        if loc in games.get(card.game).text.locales])
        if texts:
            out += ["", "**Text**"]
            for loc, rows in texts.items():
                said = [t for i, t in rows if i == index] or [t for i, t in rows if i < 0]
                if said:
                    out.append(f"- {loc}: {said[0]}")
    return "\n".join(out)


def _ir_of(service: AnalysisService, card: Card, index: int):
    """The IR of ability ``index`` (the compiled list leaves out abilities with errors)."""
    abilities = card.data.get("abilities") or []
    errors = {d.extra.get("ability") for d in service.diagnostics_of(card.path)
              if d.is_error and d.extra.get("card") == card.id}
    irs = service.ir(card.id)
    if len(irs) == len(abilities):
        return irs[index] if index < len(irs) else None
    if errors - {None} and index not in errors:
        kept = [i for i in range(len(abilities)) if i not in errors]
        return irs[kept.index(index)] if index in kept and kept.index(index) < len(irs) else None
    return None


def odds_lines(result: dict | None) -> list[str]:
    """Markdown of :meth:`AnalysisService.odds`."""
    if not result or not result["rows"]:
        return []
    if result["role"] == "foe":
        out = ["**Exact win chance of each bundled hero** (0 tokens)"]
        out += [f"- {name}: {'—' if p is None else f'{p:.1%}'}" for name, p in result["rows"]]
    else:
        out = ["**Exact win chance against each colour's foes** (median)"]
        out += [f"- {colour}: {p:.1%}" for colour, p in result["rows"]]
    if not result["complete"]:
        out.append("- … (stopped at the time budget)")
    return out


def card_hover(service: AnalysisService, card: Card) -> str:
    out = [f"### {card.name}", f"`{card.id}`: {card.kind} ({card.game}, pack {card.pack})"]
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
    lines = odds_lines(service.odds(card.id))
    if lines:
        out += [""] + lines
    return "\n".join(out)
