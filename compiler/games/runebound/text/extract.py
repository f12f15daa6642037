"""Babel extractor ``runeforge_cards`` (entry point group ``babel.extractors``).

* On a card YAML file of a Runebound pack it yields every card's ``name`` (msgctxt ``card.name``) and ``flavour``
  (msgctxt ``card.flavour``), with the card id and ``file:line`` as translator comments.
* On the template registry (``compiler/games/runebound/text/templates.py``) it yields every rules-text
  template (msgctxt = the template key), each with a comment on its slots and mood; on the
  labels (``compiler/l10n/labels.py``) the face and sheet labels (``label.<key>``) and the
  plural labels (``npgettext``).

Messages are yielded as ``pgettext``/``npgettext`` calls, so keep those in the extraction
keywords (Babel's defaults have them). See docs/translating.md for the commands.

Babel flags every message with a ``{slot}`` ``python-brace-format``, which GNU ``msgfmt
--check`` (Poedit, Weblate) rejects for a translation that picks a form (``{what.acc}``); an
extractor cannot change a message's flags, so :mod:`.poflags` replaces that flag with
``runeforge-format`` after extraction and update
(``python -m runeforge.l10n.poflags --regenerate`` runs all three).
"""

from __future__ import annotations

import os
import re

from ruamel.yaml import YAML
from ruamel.yaml.error import YAMLError

from runeforge.l10n import labels as label_registry
from runeforge.loader import kebab

from . import templates as registry

CARD_FIELDS = (("name", "card.name"), ("flavour", "card.flavour"))


def _relpath(name: str) -> str:
    try:
        return os.path.relpath(name)
    except ValueError:
        return name


def extract_cards(fileobj, keywords, comment_tags, options):
    """Yield ``(lineno, funcname, messages, comments)`` for Babel."""
    name = getattr(fileobj, "name", "") or ""
    if name.endswith("labels.py"):
        yield from extract_labels(fileobj)
        return
    if name.endswith(".py"):
        yield from extract_templates(fileobj)
        return
    if name and _other_game(name):
        return  # another game's pack (game: in its manifest) has its own catalogs
    yield from _card_messages(fileobj, _relpath(name) if name else "<cards>")


def _other_game(name: str) -> bool:
    """Whether the card file ``name`` lies in a pack whose manifest names a game other than
    Runebound (the default game); such a game translates its cards in its own catalogs."""
    from pathlib import Path

    from runeforge.games import DEFAULT_GAME

    for folder in Path(name).resolve().parents:
        manifest = folder / "manifest.yaml"
        if manifest.is_file():
            found = re.search(r"^game:\s*['\"]?([\w.-]+)", manifest.read_text(encoding="utf-8"),
                              re.M)
            return bool(found) and found.group(1) != DEFAULT_GAME
    return False


def _card_messages(fileobj, where: str):
    raw = fileobj.read()
    text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    try:
        data = YAML(typ="rt").load(text)
    except YAMLError:
        return  # `runeforge check` reports broken YAML; nothing to extract here
    cards = data.get("cards") if hasattr(data, "get") else None
    if not isinstance(cards, list):
        return
    for card in cards:
        if not hasattr(card, "get") or not isinstance(card.get("name"), str):
            continue
        card_id = card.get("id") if isinstance(card.get("id"), str) else kebab(card["name"])
        for key, context in CARD_FIELDS:
            value = card.get(key)
            if not isinstance(value, str) or not value.strip():
                continue
            line = card.lc.value(key)[0] + 1
            comment = f"card: {card_id} ({where}:{line}); {key}"
            yield line, "pgettext", (context, value), [comment]


def _key_lines(source: str) -> dict[str, int]:
    lines = {}
    for i, line in enumerate(source.splitlines(), 1):
        for m in re.finditer(r'"([a-z_.\-]+)"\s*:', line):
            lines.setdefault(m.group(1), i)
    return lines


def _source_lines(fileobj) -> dict[str, int]:
    source = ""
    if fileobj is not None:
        raw = fileobj.read()
        source = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    return _key_lines(source)


def extract_templates(fileobj=None):
    """The template registry's messages (the module itself is the source of truth)."""
    lines = _source_lines(fileobj)
    for key, english in registry.TEMPLATES.items():
        base = key
        for mood in ("inf", "purp"):
            if key.endswith("." + mood) and key[: -len(mood) - 1] in registry.VERB_CLAUSES:
                base = key[: -len(mood) - 1]
        yield lines.get(base, 1), "pgettext", (key, english), [registry.comment_for(key)]


def extract_labels(fileobj=None):
    """The labels' messages (the module itself is the source of truth)."""
    lines = _source_lines(fileobj)
    for key, english in label_registry.LABELS.items():
        yield lines.get(key, 1), "pgettext", (f"label.{key}", english), ["card face label"]
    for key, (one, other) in label_registry.PLURAL_LABELS.items():
        yield (lines.get(key, 1), "npgettext", (f"label.{key}", one, other),
               ["card face label with a count; keep {n} in every plural form"])
