"""Slots in message templates: ``{name}`` or ``{name.form}``; filling them; checking them.

A slot's *name* is fixed by the code; its *form* is the translator's choice (a grammatical
case, number, or any key of the term table). The checker here is stricter than Babel's:
the set of slot names must be identical between the msgid and every translation and every
plural form, no slot may be malformed, and no stray brace may remain.
"""

from __future__ import annotations

import re

SLOT = re.compile(r"\{([a-z_]+)(?:\.([a-z_]+(?:\.[a-z_]+)*))?\}")


class SlotError(ValueError):
    """A template that cannot be filled (unknown slot, unknown form, stray brace)."""


def slot_names(text: str) -> list[str]:
    """Names of the slots of ``text`` in order (forms dropped)."""
    return [m.group(1) for m in SLOT.finditer(text)]


def stray_braces(text: str) -> bool:
    """True when ``text`` has a brace that is not part of a well-formed slot."""
    rest = SLOT.sub("", text)
    return "{" in rest or "}" in rest


def check_message(msgid: str, translations) -> list[str]:
    """Problems of one message: every translation must have msgid's slot names exactly.

    ``translations`` is a string or a sequence (plural forms). The plural msgid may also be
    given as part of ``msgid`` (a tuple); its slots must then equal the singular's.
    """
    ids = msgid if isinstance(msgid, (tuple, list)) else (msgid,)
    forms = translations if isinstance(translations, (tuple, list)) else (translations,)
    want = sorted(set(slot_names(ids[0])))
    problems = []
    for text in ids:
        if sorted(set(slot_names(text))) != want:
            problems.append(f"msgid_plural slots {sorted(set(slot_names(text)))} != {want}")
    for i, text in enumerate(forms):
        where = f"form [{i}]" if len(forms) > 1 else "translation"
        if not text:
            problems.append(f"{where} is empty")
            continue
        if stray_braces(text):
            problems.append(f"{where} has a brace outside a slot: {text!r}")
        got = sorted(set(slot_names(text)))
        if got != want:
            missing = sorted(set(want) - set(got))
            extra = sorted(set(got) - set(want))
            bits = []
            if missing:
                bits.append("missing " + ", ".join("{%s}" % s for s in missing))
            if extra:
                bits.append("unknown " + ", ".join("{%s}" % s for s in extra))
            problems.append(f"{where}: " + "; ".join(bits))
    return problems


def fill(template: str, values: dict, inflect) -> str:
    """Replace every slot. ``inflect(value, form)`` renders a value in a form (form may be
    None). A slot without a value raises :class:`SlotError`."""

    def sub(m: re.Match) -> str:
        name, form = m.group(1), m.group(2)
        if name not in values:
            raise SlotError(f"unknown slot {{{name}}} in {template!r}")
        return inflect(values[name], form)

    out = SLOT.sub(sub, template)
    if stray_braces(template):
        raise SlotError(f"stray brace in {template!r}")
    return out
