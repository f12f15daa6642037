"""Exact odds of a card (hover, authoring page), through the same code as `runeforge odds`.

A foe (a Runebound challenge, a Delve adversary): its exact win chance against each bundled
hero of its game, at 0 tokens. A hero: the median of its exact win chances against the foes
of each colour (foes without a colour count as one group). The default game answers with
`runeforge odds --exact`'s function; any other game with its ``odds_exact`` engine entry,
the kinds it pits against each other being those `runeforge odds` uses. Results are cached
per content state (the analysis service's result), and a hover stops after a time budget.
"""

from __future__ import annotations

import statistics
import time

from .. import games
from ..content import Card

BUDGET_S = 3.0
_CACHE: dict[tuple, float | None] = {}


def kinds_of(game_id: str) -> tuple[str, str]:
    """(hero kind, foe kind) of a game's odds."""
    if game_id == games.DEFAULT_GAME:
        return "hero", "challenge"
    from ..commands._gameodds import FOES

    return FOES.get(game_id, ("hero", "adversary"))


def win(service, hero: Card, foe: Card) -> float | None:
    """The exact chance that ``hero`` defeats ``foe`` (None: this pair cannot be solved)."""
    key = (id(service), service.generation, hero.id, foe.id)
    if key in _CACHE:
        return _CACHE[key]
    try:
        value = _win(service, hero, foe)
    except Exception:  # noqa: BLE001 - a card the solver refuses has no odds, not an error
        value = None
    if len(_CACHE) > 20000:
        _CACHE.clear()
    _CACHE[key] = value
    return value


def _win(service, hero: Card, foe: Card) -> float | None:
    result = service.result or service.check_all()
    if hero.game == games.DEFAULT_GAME:
        from ..commands.odds import exact

        return float(exact(result.content, hero.id, foe.id, [], [], "base",
                           compiled=result.compiled)["win"])
    from ..backends.bundle import card_record, document_record

    game = games.get(hero.game)
    entry = game.entry("odds_exact")
    if entry is None:
        return None
    own = result.content.of_game(game.id)
    cards = [card_record(c, result.compiled.get(c.id, [])) for c in (hero, foe)]
    docs = {kind: [document_record(d) for d in found]
            for kind, found in sorted(own.documents.items())}
    out = entry({"cards": cards, "documents": docs},
                {"hero": hero.id, "adversary": foe.id, "start": "adjacent"})
    return float(out.get("percent", 0.0)) / 100.0 if "percent" in out else None


def _bundled(service, game_id: str, kind: str) -> list[Card]:
    content = service.content
    return [c for c in content.cards.values() if c.game == game_id and c.kind == kind
            and content.packs.get(c.pack) is not None and content.packs[c.pack].bundled]


def odds(service, card: Card, budget: float = BUDGET_S) -> dict | None:
    """``{"role": "foe", "rows": [(hero name, win or None)]}`` for a foe,
    ``{"role": "hero", "rows": [(colour, median win)]}`` for a hero, None for any other
    card. ``budget`` is the seconds it may take (``math.inf``: no limit); ``"complete"`` is false when
    it cut the rows short, and the rows are then the first ones of the whole answer, each as
    the whole answer has it (a hero's last colour may rest on fewer foes)."""
    hero_kind, foe_kind = kinds_of(card.game)
    start = time.monotonic()
    late = lambda: time.monotonic() - start > budget  # noqa: E731
    if card.kind == foe_kind:
        rows, complete = [], True
        for hero in _bundled(service, card.game, hero_kind):
            if late():
                complete = False
                break
            rows.append((hero.name, win(service, hero, card)))
        return {"role": "foe", "rows": rows, "complete": complete}
    if card.kind == hero_kind:
        groups: dict[str, list[Card]] = {}
        for foe in _bundled(service, card.game, foe_kind):
            groups.setdefault(str(foe.data.get("colour") or foe_kind), []).append(foe)
        rows, complete = [], True
        for colour, foes in groups.items():
            wins = []
            for foe in foes:
                if late():
                    complete = False
                    break
                p = win(service, card, foe)
                if p is not None:
                    wins.append(p)
            if wins:
                rows.append((colour, statistics.median(wins)))
        return {"role": "hero", "rows": rows, "complete": complete}
    return None
