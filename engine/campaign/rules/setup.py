"""Step 7, set-up (R10, R23, R48–R49, B8): the overlord sets cards aside (his deck keeps at
least the minimum), gives relics to lieutenants, and shuffles the cards he bought in."""

from __future__ import annotations

from ..data import CampaignData
from ..sheet.streams import shuffle
from . import finale, relics
from .common import advance, at_step, refuse


def setup(data: CampaignData, sheet: dict, set_aside=(), assignments=None) -> list[dict]:
    """Returns the ``finale_setup`` entries the campaign's history made act (R58; only at the
    Finale's set-up, else ``[]``)."""
    at_step(sheet, ("setup",), "set-up")
    lord = sheet["overlord"]
    pool = lord["deck"] + lord["bought"]
    for card_id in set_aside:
        if card_id not in pool:
            refuse("R23", f"the overlord has no {card_id!r} in his deck to set aside")
        pool.remove(card_id)
    minimum = int(data.rule("overlord", "min_deck", default=15))
    if len(pool) < minimum:
        refuse("R23", f"setting {len(set_aside)} cards aside leaves {len(pool)} in the deck; "
                      f"it must hold at least {minimum}")
    relics.assign(data, sheet, dict(assignments or {}))
    lord["set_aside"].extend(set_aside)
    lord["deck"] = pool
    lord["bought"] = []
    shuffle(sheet, "overlord", lord["deck"])  # R10: shuffled with the new cards
    acted = []
    if data.adventure(sheet["next_adventure"])["act"] == "finale":
        acted = finale.set_up(data, sheet)  # R58: the Finale's set-up from the history
    advance(sheet, "travel")
    return acted
