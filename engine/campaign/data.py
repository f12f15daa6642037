"""The campaign's records read from a compiled bundle: the ``campaign`` and ``campaign_map``
documents and the cards of the campaign game by kind (contract 2 of session 27)."""

from __future__ import annotations

from fractions import Fraction

from runeforge.engine.common.errors import BundleError

GAME = "campaign"
ACTS = ("introduction", "act1", "interlude", "act2", "finale")
SIDES = ("heroes", "overlord")
UPGRADE_CLASSES = ("warlord", "saboteur", "magus")


class CampaignData:
    """One campaign of a bundle: its document, its map and its cards (by kind, by id)."""

    def __init__(self, bundle: dict, campaign_id: str | None = None):
        docs = [d for d in bundle.get("documents", {}).get("campaign", [])
                if isinstance(d, dict) and d.get("game", GAME) == GAME]
        if not docs:
            raise BundleError("the bundle holds no campaign document (kind: campaign)")
        if campaign_id is None:
            doc = docs[0]
        else:
            found = [d for d in docs if d.get("id") == campaign_id]
            if not found:
                raise BundleError(f"unknown campaign {campaign_id!r}; campaigns: "
                                  + ", ".join(sorted(str(d.get("id")) for d in docs)))
            doc = found[0]
        self.doc = doc
        self.id = doc["id"]
        maps = {m.get("id"): m for m in bundle.get("documents", {}).get("campaign_map", [])
                if isinstance(m, dict)}
        if doc.get("map") not in maps:
            raise BundleError(f"campaign {self.id!r} names map {doc.get('map')!r}, which the "
                              "bundle does not hold")
        self.map = maps[doc["map"]]
        self.cards: dict[str, dict] = {}
        self.by_kind: dict[str, list[dict]] = {}
        for card in bundle.get("cards", []):
            if isinstance(card, dict) and card.get("game") == GAME:
                self.cards[card["id"]] = card
                self.by_kind.setdefault(card["kind"], []).append(card)
        self.adventures = {a["id"]: a for a in doc.get("adventures", [])}

    # -- the rules as data -------------------------------------------------------------------
    def rule(self, *path, default=None):
        node = self.doc
        for key in path:
            if not isinstance(node, dict) or key not in node:
                return default
            node = node[key]
        return node

    def act_count(self, act: str) -> int:
        """How many adventures of ``act`` a campaign plays (from ``structure``, R37)."""
        return list(self.doc.get("structure", [])).count(act)

    def sell_fraction(self) -> Fraction:
        return Fraction(str(self.rule("sell", "fraction", default="1/2")))

    def tier_xp(self, tier: int) -> int | None:
        table = self.rule("overlord", "tier_xp", default={}) or {}
        value = table.get(tier, table.get(str(tier)))
        return int(value) if value is not None else None

    # -- cards ---------------------------------------------------------------------------------
    def kind(self, kind: str) -> list[dict]:
        return self.by_kind.get(kind, [])

    def card(self, card_id: str, kind: str | None = None) -> dict:
        card = self.cards.get(card_id)
        if card is None or (kind is not None and card.get("kind") != kind):
            raise BundleError(f"unknown {kind or 'campaign card'} {card_id!r}")
        return card

    def copies(self, card: dict) -> int:
        return int(card.get("copies", 1) or 1)

    def expanded(self, kind: str, where=lambda c: True) -> list[str]:
        """Every copy of the cards of ``kind`` that pass ``where``, as ids, sorted."""
        out = []
        for card in sorted(self.kind(kind), key=lambda c: c["id"]):
            if where(card):
                out.extend([card["id"]] * self.copies(card))
        return out

    def adventure(self, adventure_id: str) -> dict:
        if adventure_id not in self.adventures:
            raise BundleError(f"unknown adventure {adventure_id!r}")
        return self.adventures[adventure_id]

    def of_act(self, act: str, side: str | None = None) -> list[dict]:
        return [a for a in self.doc.get("adventures", [])
                if a.get("act") == act and (side is None or a.get("side") == side)]
