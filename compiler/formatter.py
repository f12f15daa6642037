"""`runeforge fmt` logic: rewrite ability strings to canonical form, touching nothing else.

The file is never re-dumped by ruamel: each changed ability scalar is replaced in the text,
in place, using the parser's start/end marks, keeping its quoting style when that style can
hold the new text. The result is parsed again and must equal the original data with just
those abilities changed; everything else (comments, key order, spacing) is byte-identical.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML
from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .diagnostics import Diagnostic, DiagnosticError
from .positions import convert, text_pos
from .yamlsafe import BOM, Source, decode_source, display_path, parse, read_source


@dataclass
class FormatResult:
    path: Path
    display: str
    new_text: str | None = None  # None: unchanged (or not formattable)
    new_bytes: bytes | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    changed: int = 0


def _get(node: MappingNode, key: str):
    for k, v in node.value:
        if isinstance(k, ScalarNode) and k.value == key:
            return v
    return None


def _ability_nodes(root, card_kinds, places):
    """Yield (keys from the card list, ScalarNode) for every ability of a card file."""
    if not isinstance(root, MappingNode):
        return
    kind = _get(root, "kind")
    if not isinstance(kind, ScalarNode) or kind.value not in card_kinds:
        return
    cards = _get(root, "cards")
    if not isinstance(cards, SequenceNode):
        return
    for i, card in enumerate(cards.value):
        for place in places:
            node = card
            for key in place:
                node = _get(node, key) if isinstance(node, MappingNode) else None
            if not isinstance(node, SequenceNode):
                continue
            for j, item in enumerate(node.value):
                if isinstance(item, ScalarNode):
                    yield (i, *place, j), item


def _at(data, keys):
    for key in keys[:-1]:
        data = data[key]
    return data


def _plain_ok(text: str) -> bool:
    if not text or "\n" in text or text != text.strip():
        return False
    try:
        return YAML(typ="safe").load(f"k: {text}\n") == {"k": text}
    except Exception:  # noqa: BLE001 - anything that does not load back is not safe
        return False


def _render(new: str, node: ScalarNode, segment: str, force_double: bool) -> str:
    style = None if force_double else node.style
    if style == "'" and "\n" not in new:
        return "'" + new.replace("'", "''") + "'"
    if style is None and not force_double and _plain_ok(new):
        return new
    if style in ("|", ">") and "\n" not in new.strip("\n"):
        header, _, body = segment.partition("\n")
        first = next((ln for ln in body.split("\n") if ln.strip()), "  ")
        indent = first[: len(first) - len(first.lstrip(" "))]
        tail = segment[len(segment.rstrip("\n")):]
        return header + "\n" + indent + new + tail
    return json.dumps(new, ensure_ascii=False)


def _map_diags(src: Source, node: ScalarNode, value: str, err: DiagnosticError):
    start = (node.start_mark.line + 1, node.start_mark.column + 1)
    for d in err.diagnostics:
        line, col = text_pos(src.lines, start, value, max(0, d.col - 1))
        yield Diagnostic(d.code, d.message, src.display, line, col, d.length, d.severity,
                         d.hint, src.line(line), dict(d.extra))


def format_file(path: Path, canonical, card_kinds, raw: bytes | None = None,
                places=(("abilities",),)) -> FormatResult:
    """Rewrite the abilities of the cards of ``card_kinds`` in ``path`` with ``canonical``
    (both from the game of the file's pack), at the card's key paths ``places`` (the game's
    ``ability_places``); ``raw``: the file's bytes, when they are an
    editor's unsaved text (the language server's formatting)."""
    src, diags = (read_source(path) if raw is None
                  else decode_source(Source(Path(path), display_path(path)), raw))
    result = FormatResult(Path(path), diags[0].path if diags else str(path), diagnostics=diags)
    if src is None:
        return result
    result.display = src.display
    tree, more = parse(src)
    result.diagnostics.extend(more)
    if tree is None:
        return result
    data, _ = convert(tree)
    root = YAML(typ="rt").compose(src.text)
    edits, expected = [], copy.deepcopy(data)
    for keys, node in _ability_nodes(root, card_kinds, places):
        value = _at(data["cards"], keys)[keys[-1]]
        if not isinstance(value, str):
            continue
        block = node.style in ("|", ">")
        core = value.rstrip("\n") if block else value
        try:
            new = canonical(core)
        except DiagnosticError as err:
            result.diagnostics.extend(_map_diags(src, node, value, err))
            continue
        if new == core:
            continue
        refused = _reads_back(canonical, new)
        if refused is not None:  # fmt's output would not pass `check` or a second fmt
            result.diagnostics.extend(_map_diags(src, node, value, refused))
            continue
        edits.append((node, new))
        _at(expected["cards"], keys)[keys[-1]] = new + (value[len(core):] if block else "")
    if not edits:
        return result
    for force_double in (False, True):
        text = _apply(src.text, edits, force_double)
        if _reloads_as(text, expected):
            break
    else:
        raise RuntimeError(f"fmt could not rewrite {src.display} safely")
    result.changed = len(edits)
    result.new_text = text
    out = text.replace("\n", "\r\n") if src.crlf else text
    raw = out.encode("utf-8")
    if any(d.code == "RF105" for d in result.diagnostics):
        raw = BOM + raw
    result.new_bytes = raw
    return result


def _reads_back(canonical, new: str) -> DiagnosticError | None:
    """None when the canonical form ``new`` reads back (so a second fmt keeps it, and
    check takes it), else a warning at the ability's start saying why it stays as written:
    a canonical form spells everything out, and may pass a limit the author's text did
    not (the length of an ability, RF108)."""
    try:
        canonical(new)
    except DiagnosticError as err:
        first = err.diagnostics[0]
        return DiagnosticError(Diagnostic(
            first.code, f"not rewritten: its canonical form ({len(new):,} characters) would "
            f"not read back ({first.message})", "<ability>", 1, 1, 1, "warning",
            "shorten the ability: fmt writes every word and space in full"))
    return None


def _apply(text: str, edits, force_double: bool) -> str:
    for node, new in sorted(edits, key=lambda e: e[0].start_mark.index, reverse=True):
        a, b = node.start_mark.index, node.end_mark.index
        text = text[:a] + _render(new, node, text[a:b], force_double) + text[b:]
    return text


def _reloads_as(text: str, expected) -> bool:
    try:
        tree = YAML(typ="rt").load(text)
    except Exception:  # noqa: BLE001
        return False
    return convert(tree)[0] == expected
