"""The page's words in five locales (``static/i18n.json``) and the cards' names in a locale
(the game's own catalog, as the faces print them)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from runeforge import games


@lru_cache(maxsize=1)
def catalog() -> dict:
    """locale -> key -> text: the page's labels and the words of the engine's options."""
    data = resources.files("runeforge.table").joinpath("static", "i18n.json").read_text("utf-8")
    return json.loads(data)


def word(key: str, locale: str, **fields) -> str:
    table = catalog()
    text = table.get(locale, table["en"]).get(key) or table["en"].get(key) or key
    return text.format(**fields) if fields else text


class Names:
    """Card and figure names in a locale (the game's own catalog, as the faces print them)."""

    def __init__(self, content, locale: str):
        self.content, self.locale, self.cache = content, locale, {}

    def get(self, card_id, default=None) -> str:  # as the engine's narrators read names
        return self(card_id)

    def __call__(self, card_id) -> str:
        if card_id is None:
            return "—"
        card_id = str(card_id)
        if card_id not in self.cache:
            self.cache[card_id] = self._name(card_id)
        return self.cache[card_id]

    def _name(self, card_id: str) -> str:
        base = card_id.rsplit("#", 1)[0]
        card = self.content.cards.get(base) if self.content is not None else None
        if card is None:  # a figure id ("goblin-2") names its card
            stem = base.rstrip("0123456789").rstrip("-")
            card = self.content.cards.get(stem) if self.content is not None else None
            if card is None:
                return card_id
        try:
            name = games.get(card.game).card_name(card, self.locale)
            if name is None:
                from runeforge.l10n.names import card_name

                name = card_name(card.name, self.locale)
        except Exception:  # noqa: BLE001 - a name that cannot be translated stays English
            name = card.name
        return name or card.name
