"""The records of a compiled bundle that belong to Runebound.

A bundle may hold the cards and documents of several games. A card or document record names
its game in ``game``; a record without one is Runebound's (bundles made before there were
other games have no such field). Every read of ``bundle["cards"]`` or ``bundle["documents"]``
in this engine goes through these functions, so the records of another game are never
validated, dealt or looked up, whatever their fields.
"""

from __future__ import annotations

from typing import Mapping

from .. import GAME


def is_own(record: Mapping) -> bool:
    """Is this card or document record Runebound's?"""
    return record.get("game", GAME) == GAME


def own_cards(bundle: Mapping) -> list[dict]:
    """Runebound's card records of ``bundle``, in bundle order."""
    return [card for card in bundle.get("cards") or () if is_own(card)]


def own_documents(bundle: Mapping, kind: str) -> list[dict]:
    """Runebound's documents of ``kind`` (``adventure``, ``board``, ``ruleset`` …), in order."""
    return [doc for doc in (bundle.get("documents") or {}).get(kind) or () if is_own(doc)]
