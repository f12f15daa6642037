"""Semantic checks of an adventure document (``kind: adventure``), after its JSON Schema: what
`runeforge play --adventure` would otherwise stop on, or what could never happen.

* RF502 (error): a card or pack the adventure names that the content does not have (a
  victory card, a set-aside card, a card of ``cards:``, a deck's pack, an endgame's ``wild``
  pack); the hint names the nearest id.
* RF811 (error): what cannot be played as written: a deck's pack with no adventure cards,
  or none of a colour the deck takes; a ``defeat`` victory whose card is not a challenge; a
  ``hold`` victory whose cards can never be held (a Hero, an event, an Ally, an adventure
  card that is not kept), or that asks to hold more cards than it names; a victory without
  its card(s); two adventures with one id.
* RF811 (warning): a victory card that is in none of the adventure's decks (it can still
  come with ``play --expansion``).

The rule module (``rules:``) is an enum of the schema (RF204), kept equal to the engine's
registry by tests/test_card_windows.py.
"""

from __future__ import annotations

from runeforge.diagnostics import Diagnostic, did_you_mean

ADVENTURE_KINDS = ("challenge", "event", "encounter")
COLOURS = ("green", "yellow", "blue", "red")
_PLACED = "in front of you as an ally"  # an encounter that places itself as an Ally


def check_adventures(content) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: dict[str, str] = {}
    invalid = {d.path for d in content.diagnostics if d.is_error}
    for doc in content.documents.get("adventure", []):
        if not isinstance(doc.data, dict) or doc.path in invalid:
            continue
        out.extend(_check(doc, content))
        ident = doc.data.get("id")
        if isinstance(ident, str):
            if ident in seen:
                out.append(doc.diag("RF811", f"adventure id '{ident}' is used twice (also in "
                                             f"{seen[ident]})", "id",
                                    hint="give each adventure its own id"))
            seen.setdefault(ident, f"{doc.path}:{doc.pos('id')[0]}")
    return out


def _check(doc, content) -> list[Diagnostic]:
    data, cards = doc.data, content.cards
    out: list[Diagnostic] = []
    adventure = {p: _adventure_cards(cards, p) for p in content.packs}

    def known_card(card_id, *keys) -> bool:
        if isinstance(card_id, str) and card_id not in cards:
            out.append(doc.diag("RF502", f"no card '{card_id}' in the content", *keys,
                                hint=did_you_mean(card_id, cards) or "name a card id"))
            return False
        return isinstance(card_id, str)

    def known_pack(pack, *keys) -> bool:
        if isinstance(pack, str) and pack not in content.packs:
            out.append(doc.diag("RF502", f"no pack '{pack}' in the content", *keys,
                                hint=did_you_mean(pack, content.packs) or "name a pack id"))
            return False
        return isinstance(pack, str)

    pool: set[str] = set()
    aside = data.get("set_aside") or {}
    aside_colours = set(aside.get("colours") or ())
    for i, deck in enumerate(data.get("decks") or ()):
        pack = deck.get("pack")
        if not known_pack(pack, "decks", i, "pack"):
            continue
        have = adventure[pack]
        if not have:
            out.append(doc.diag("RF811", f"pack '{pack}' has no adventure cards (challenges, "
                                         "events, encounters) to make a deck of",
                                "decks", i, "pack", hint="name a pack of adventure cards"))
            continue
        colours = deck.get("colours") or COLOURS
        for j, colour in enumerate(deck.get("colours") or ()):
            if not any(c.data.get("colour") == colour for c in have):
                found = sorted({c.data.get("colour") for c in have} - {None})
                out.append(doc.diag("RF811", f"pack '{pack}' has no {colour} adventure "
                                             "cards: this deck would be empty",
                                    "decks", i, "colours", j,
                                    hint=f"its colours are {', '.join(found)}"))
        base = deck.get("place", "base") == "base"
        pool.update(c.id for c in have if c.data.get("colour") in colours
                    and not (base and c.data.get("colour") in aside_colours))
    for i, card_id in enumerate(aside.get("cards") or ()):
        known_card(card_id, "set_aside", "cards", i)
    for card_id in data.get("cards") or {}:
        known_card(card_id, "cards", card_id)
    wild = (data.get("endgame") or {}).get("wild") or {}
    for i, pack in enumerate(wild.get("packs") or ()):
        known_pack(pack, "endgame", "wild", "packs", i)
    for i, victory in enumerate(data.get("victory") or ()):
        out.extend(_victory(doc, content, victory, i, known_card, pool))
    return out


def _victory(doc, content, victory: dict, i: int, known_card, pool: set) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    kind = victory.get("type")
    if kind == "defeat":
        card_id = victory.get("card")
        if card_id is None:
            return [doc.diag("RF811", "a 'defeat' victory names no card", "victory", i,
                             hint="add 'card: <challenge id>'")]
        if not known_card(card_id, "victory", i, "card"):
            return out
        card = content.cards[card_id]
        if card.kind != "challenge":
            out.append(doc.diag("RF811", f"'{card_id}' is {_a(card.kind)}: only a challenge is "
                                         "defeated", "victory", i, "card",
                                hint="name a challenge, or use 'type: hold' for cards held"))
        elif pool and card_id not in pool:
            out.append(doc.diag("RF811", f"'{card_id}' is in none of the adventure's decks: "
                                         "this victory can come only from an expansion",
                                "victory", i, "card", severity="warning",
                                hint="add its pack and colour to 'decks'"))
    elif kind == "hold":
        named = victory.get("cards") or []
        if not named:
            return [doc.diag("RF811", "a 'hold' victory names no cards", "victory", i,
                             hint="add 'cards: [ids]' and 'count'")]
        for j, card_id in enumerate(named):
            if known_card(card_id, "victory", i, "cards", j):
                card = content.cards[card_id]
                if not _holdable(card):
                    out.append(doc.diag(
                        "RF811", f"'{card_id}' is {_a(card.kind)} that a Hero never holds "
                                 "as an item or trophy", "victory", i, "cards", j,
                        hint="name items, or adventure cards kept as a reward "
                             "('reward: {keep: true}')"))
        count = victory.get("count", 1)
        if isinstance(count, int) and count > len(named):
            out.append(doc.diag("RF811", f"holding {count} of {len(named)} named cards can "
                                         "never happen", "victory", i, "count",
                                hint=f"at most {len(named)}"))
    return out


def _adventure_cards(cards: dict, pack: str) -> list:
    return [c for c in cards.values() if c.pack == pack and c.kind in ADVENTURE_KINDS]


def _holdable(card) -> bool:
    """Can a Hero hold ``card`` as an item or a trophy (what a 'hold' victory counts)?"""
    if card.kind == "item":
        return True
    if card.kind not in ("challenge", "encounter"):
        return False
    reward = card.data.get("reward") or {}
    placed = any(isinstance(t, str) and _PLACED in t.lower()
                 for t in card.data.get("abilities") or ())
    return bool(reward.get("keep")) or (card.kind == "encounter" and placed)


def _a(kind: str) -> str:
    return ("an " if kind[:1] in "aeiou" else "a ") + kind
