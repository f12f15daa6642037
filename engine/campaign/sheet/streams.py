"""Random streams kept on the sheet as data: a stream is a name and a counter, and every use
seeds a fresh generator from (campaign seed, stream, counter). A reloaded sheet therefore
continues exactly as the one that was saved, and a person can read the state on paper."""

from __future__ import annotations

import random


def rng(sheet: dict, stream: str) -> random.Random:
    """The next generator of ``stream`` (its counter on the sheet goes up by one)."""
    streams = sheet.setdefault("streams", {})
    streams[stream] = int(streams.get(stream, 0)) + 1
    return random.Random(f"{sheet['seed']}/{stream}/{streams[stream]}")


def shuffle(sheet: dict, stream: str, cards: list) -> list:
    """``cards`` shuffled in place with the next generator of ``stream``; returned too."""
    rng(sheet, stream).shuffle(cards)
    return cards


def draw(deck: list, discard: list | None, sheet: dict, stream: str):
    """The top card of ``deck`` (None when it and ``discard`` are empty); an empty deck takes
    the discard pile back, shuffled."""
    if not deck and discard:
        deck.extend(discard)
        discard.clear()
        shuffle(sheet, stream, deck)
    return deck.pop(0) if deck else None
