"""The hint of RF530 (issue 32, "what compiles runs"): the ability as it would read without
the duration that holds only one-off effects, so the author sees the text that does run
("Until the end of this turn, gain 1 gold." -> "Gain 1 gold.")."""

from __future__ import annotations

import dataclasses

from runeforge.dsl.runebound import nodes as n


def _replace(node, old, new):
    """``node`` with the node ``old`` (by identity) replaced by ``new``, rebuilt upwards."""
    if node is old:
        return new
    if not dataclasses.is_dataclass(node) or isinstance(node, type):
        return node
    changes = {}
    for f in dataclasses.fields(node):
        value = getattr(node, f.name)
        if isinstance(value, tuple):
            rebuilt = tuple(_replace(v, old, new) for v in value)
            if any(a is not b for a, b in zip(rebuilt, value, strict=True)):
                changes[f.name] = rebuilt
        elif dataclasses.is_dataclass(value):
            rebuilt = _replace(value, old, new)
            if rebuilt is not value:
                changes[f.name] = rebuilt
    return dataclasses.replace(node, **changes) if changes else node


def without_duration(ability: n.Ability, during: n.During) -> str | None:
    """The canonical text of ``ability`` with ``during`` replaced by what it holds, or None
    when the printer cannot say it (the author then reads the general hint)."""
    from runeforge.dsl.runebound.printer import print_ability

    try:
        return print_ability(_replace(ability, during, during.effect))
    except Exception:  # a shape the printer refuses: no proposal rather than a wrong one
        return None


__all__ = ["without_duration"]
