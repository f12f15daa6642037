"""The campaign sheet: the whole campaign's state as versioned JSON (``sheet.schema.json``)."""

from .state import (
    SHEET_VERSION,
    STEPS,
    SheetError,
    digest,
    dumps,
    hero_players,
    load_text,
    new_sheet,
    overlord_player,
    player,
    schema,
)
from .streams import draw, shuffle

__all__ = ["SHEET_VERSION", "STEPS", "SheetError", "digest", "draw", "dumps", "hero_players",
           "load_text", "new_sheet", "overlord_player", "player", "schema", "shuffle"]
