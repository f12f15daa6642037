"""Build backends and the stage registry used by `runeforge build`.

A stage is a function ``stage(ctx: BuildContext) -> Iterable[Output]``. Stages only *return*
files; `build` writes them (atomically) after every stage has succeeded, so a failing stage
never leaves half of a build behind. To add a stage, add one line to :data:`STAGES`.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

# (name, "module:function"), run in this order. Imported lazily.
STAGES: list[tuple[str, str]] = [
    ("bundle", "runeforge.backends.bundle:stage"),
    ("text", "runeforge.backends.text:stage"),
    ("pdf", "runeforge.backends.pdf_stage:stage"),
]


@dataclass
class Output:
    """One file of the build, relative to the output directory."""

    relpath: str
    data: bytes


@dataclass
class BuildContext:
    result: object  # runeforge.pipeline.CheckResult
    locales: list[str] = field(default_factory=lambda: ["en"])
    out_dir: Path = Path("output")
    # per-stage options, e.g. {"pdf": {"paper": "Letter", "bleed_mm": 3.0}}
    options: dict = field(default_factory=dict)
    # progress(done, total) for long stages (PDF faces); None when nobody is watching
    progress: Callable[[int, int], None] | None = None

    @property
    def content(self):
        return self.result.content

    @property
    def compiled(self):
        return self.result.compiled


def stages() -> list[tuple[str, Callable[[BuildContext], Iterable[Output]]]]:
    out = []
    for name, target in STAGES:
        module, func = target.split(":")
        out.append((name, getattr(importlib.import_module(module), func)))
    return out


def dumps_json(data) -> bytes:
    """Deterministic JSON bytes: sorted keys, fixed separators, UTF-8, trailing newline."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return (text + "\n").encode("utf-8")


def at_card(content, diag):
    """A back end's diagnostic about a card (``extra["card"]``), moved from the card id to
    the card's place in its YAML file: the string holding ``extra["char"]`` when there is one
    (RF604), else the card's name (RF701). Others are returned unchanged."""
    from dataclasses import replace

    from runeforge.positions import token_length

    card = content.cards.get(diag.extra.get("card")) if diag.extra.get("card") else None
    if card is None or diag.line:
        return diag
    keys, offset = ("name",), 0
    char = diag.extra.get("char")
    if char:
        for key, value in card.data.items():
            values = value if isinstance(value, list) else [value]
            found = next(((i, v.index(char)) for i, v in enumerate(values)
                          if isinstance(v, str) and char in v), None)
            if found is not None:
                keys = (key, found[0]) if isinstance(value, list) else (key,)
                offset = found[1]
                break
    line, col = card.text_pos(keys, offset) if char else card.pos(*keys)
    length = 1 if char else token_length(card.lines, (line, col))
    return replace(diag, path=card.path, line=line, col=col, length=max(1, length),
                   source_line=card.source_line(line))
