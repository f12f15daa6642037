"""Semantic checks of a ruleset document (``kind: ruleset``), after its JSON Schema.

Everything is reported as RF810 ("rules data value is inconsistent"), located at the value:

* a player-count table (experience cost, doom cards per token, first-turn dice) whose rows
  overlap, run backwards, or leave a player count of 1..6 without a value (first-turn dice
  may leave gaps: those seats roll the normal dice);
* ``reduced_dice`` above ``dice``, or first-turn dice above ``dice``;
* ``doom_track.first_card_beside`` naming a town that is not in the board's market column
  (only when the caller passes the board's ``towns``).
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from runeforge.diagnostics import Diagnostic, did_you_mean

from .board import Reporter

PLAYERS = range(1, 7)
TABLES = (
    (("experience", "cost"), True),
    (("doom_track", "cards_per_token"), True),
    (("movement", "first_turn_dice"), False),
)


def _get(doc, keys):
    for k in keys:
        if not isinstance(doc, (Mapping, list)):
            return None
        try:
            doc = doc[k]
        except (KeyError, IndexError, TypeError):
            return None
    return doc


def check_ruleset(doc: Mapping, pos: Callable[..., tuple], path: str,
                  lines: Sequence[str] | None = None,
                  towns: Iterable[str] | None = None) -> list[Diagnostic]:
    """Check a ruleset document; ``pos``/``lines`` as in :func:`runeforge.games.runebound.checks.board.check_board`."""
    rep = Reporter(pos, path, lines)
    if not isinstance(doc, Mapping):
        return rep.out
    for keys, complete in TABLES:
        _check_table(rep, keys, _get(doc, keys), complete)
    dice = _get(doc, ("movement", "dice"))
    if isinstance(dice, int):
        reduced = _get(doc, ("movement", "reduced_dice"))
        if isinstance(reduced, int) and reduced > dice:
            rep.add("RF810", f"reduced_dice {reduced} is more than dice {dice}",
                    ("movement", "reduced_dice"), reduced)
        rows = _get(doc, ("movement", "first_turn_dice"))
        for i, row in enumerate(rows if isinstance(rows, list) else ()):
            seats = _get(row, ("seats",))
            for j, n in enumerate(seats if isinstance(seats, list) else ()):
                if isinstance(n, int) and n > dice:
                    rep.add("RF810", f"first-turn dice {n} is more than dice {dice}",
                            ("movement", "first_turn_dice", i, "seats", j), n)
    beside = _get(doc, ("doom_track", "first_card_beside"))
    if towns is not None and isinstance(beside, str):
        towns = list(towns)
        if beside not in towns:
            rep.add("RF810", f"first doom card beside '{beside}', which is not a town of the "
                    "market column", ("doom_track", "first_card_beside"), beside,
                    hint=did_you_mean(beside, towns) or "name a town")
    return rep.out


def _check_table(rep: Reporter, keys: tuple, rows, complete: bool) -> None:
    if not isinstance(rows, list):
        return
    owner: dict[int, int] = {}
    for i, row in enumerate(rows):
        lo, hi = _get(row, ("min_players",)), _get(row, ("max_players",))
        if not (isinstance(lo, int) and isinstance(hi, int)):
            continue
        if lo > hi:
            rep.add("RF810", f"player range {lo}-{hi} is empty", (*keys, i, "max_players"), hi,
                    hint="min_players must not exceed max_players")
            continue
        for n in range(lo, hi + 1):
            if n in owner:
                rep.add("RF810", f"{n} players already has a value (row {owner[n] + 1})",
                        (*keys, i, "min_players"), lo, hint="table rows must not overlap")
                break
            owner[n] = i
    missing = [n for n in PLAYERS if n not in owner]
    if complete and missing:
        rep.add("RF810", f"no value for {', '.join(map(str, missing))} player(s) in "
                f"{'.'.join(keys)}", keys, hint="cover every player count from 1 to 6")


def check_documents(content) -> list[Diagnostic]:
    """Runebound's semantic checks of its rules data: boards (adjacency, terrain, towns),
    rulesets (tables, the doom track's first town against the board's market column) and
    adventures (the cards, packs and colours they name: :mod:`.adventure`)."""
    from .adventure import check_adventures
    from .board import check_board

    out: list[Diagnostic] = []
    towns: list[str] | None = None
    # the semantic checks read documents that passed their schema; the rest already have errors
    invalid = {d.path for d in content.diagnostics if d.is_error}
    for board in content.documents.get("board", []):
        if isinstance(board.data, dict) and board.path not in invalid:
            out.extend(check_board(board.data, board.pos, board.path, board.lines))
            column = board.data.get("market_column")
            if isinstance(column, list):
                towns = [row["town"] for row in column
                         if isinstance(row, dict) and isinstance(row.get("town"), str)]
    for ruleset in content.documents.get("ruleset", []):
        if isinstance(ruleset.data, dict) and ruleset.path not in invalid:
            out.extend(check_ruleset(ruleset.data, ruleset.pos, ruleset.path, ruleset.lines,
                                     towns=towns))
    out.extend(check_adventures(content))  # what `play --adventure` would trip on
    return out
