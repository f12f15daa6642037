"""Checks of Delve content across cards (codes RF903, RF906, RF908-RF911, RF920-RF923, RF929),
after the schemas:

* tiles: exits on the outer boundary, inside their side, not over a void cell; walls on grid
  lines inside the tile; void cells inside the tile; obstruction vertices inside it (RF909);
* exploration cards name a tile, an exit of it (placement, portals) and an encounter table
  that exist (RF908); the exit that joins carries no portal and no portal is listed twice
  (RF929);
* encounter tables give every d6 roll exactly once and name adversaries that exist (RF910,
  RF908);
* adversary weapons have Hit 1-6 (RF903) and Damage >= 1 (RF906);
* a Delve pack has one ``rules`` document with the three basic actions (RF911);
* trials name a start tile, exploration cards, a goal adversary and heroes that exist (RF920),
  have a deck with each card once (RF921), a ``slay`` goal names its adversary (RF922), and a
  trial id is used once (RF923).
"""

from __future__ import annotations

from fractions import Fraction

from runeforge.diagnostics import Diagnostic, did_you_mean

from .scenarios import check_scenarios

FACES = range(1, 7)
BASIC = ("explore", "move", "recuperate")


def rational(value) -> Fraction:
    """An int or a "p/q" string as an exact Fraction (the tile contract's numbers)."""
    return Fraction(value) if isinstance(value, int) else Fraction(str(value))


def side_length(size, side: str) -> int:
    width, height = size
    return width if side in ("north", "south") else height


def exit_cells(tile: dict, ex: dict) -> list[tuple[int, int]]:
    """The cells of the tile just inside an exit."""
    width, height = tile["size"]
    cells = []
    for k in range(ex["at"], ex["at"] + ex["width"]):
        cells.append({"north": (k, 0), "south": (k, height - 1), "west": (0, k),
                      "east": (width - 1, k)}[ex["side"]])
    return cells


def _tile(card) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    data = card.data
    width, height = data["size"]
    void = {tuple(c) for c in data.get("void", []) or []}
    for i, (x, y) in enumerate(data.get("void", []) or []):
        if not (0 <= x < width and 0 <= y < height):
            out.append(card.diag("RF909", f"void cell ({x}, {y}) is outside the {width}x{height} "
                                 "tile", "void", i))
    if len(void) >= width * height:
        out.append(card.diag("RF909", "every cell of the tile is void", "void"))
    for i, ((x1, y1), (x2, y2)) in enumerate(data.get("walls", []) or []):
        inside = all(0 <= x <= width and 0 <= y <= height for x, y in ((x1, y1), (x2, y2)))
        if not inside or (x1 != x2 and y1 != y2) or (x1, y1) == (x2, y2):
            out.append(card.diag("RF909", "a wall runs along one grid line between two "
                                 "different points inside the tile", "walls", i,
                                 hint=f"end points from (0, 0) to ({width}, {height})"))
    for i, poly in enumerate(data.get("obstructions", []) or []):
        try:
            points = [(rational(x), rational(y)) for x, y in poly]
        except (ValueError, ZeroDivisionError):
            out.append(card.diag("RF909", "an obstruction vertex is not a number", "obstructions",
                                 i))
            continue
        if any(not (0 <= x <= width and 0 <= y <= height) for x, y in points):
            out.append(card.diag("RF909", "an obstruction reaches outside the tile",
                                 "obstructions", i))
    seen = set()
    for i, ex in enumerate(data["exits"]):
        if ex["id"] in seen:
            out.append(card.diag("RF909", f"exit id '{ex['id']}' is used twice", "exits", i,
                                 "id"))
        seen.add(ex["id"])
        length = side_length(data["size"], ex["side"])
        if ex["at"] + ex["width"] > length:
            out.append(card.diag("RF909", f"exit '{ex['id']}' runs past the end of the "
                                 f"{ex['side']} side ({length} cells)", "exits", i, "width"))
        elif any(c in void for c in exit_cells(data, ex)):
            out.append(card.diag("RF909", f"exit '{ex['id']}' opens onto a void cell",
                                 "exits", i))
    return out


def _ref(card, wanted: str, known, what: str, *keys) -> list[Diagnostic]:
    if wanted in known:
        return []
    return [card.diag("RF908", f"unknown {what} '{wanted}'", *keys,
                      hint=did_you_mean(wanted, list(known)) or f"no {what} has that id")]


def _exploration(card, tiles: dict, tables: dict) -> list[Diagnostic]:
    data = card.data
    out = _ref(card, data["tile"], tiles, "tile", "tile")
    if out:
        return out
    exits = [e["id"] for e in tiles[data["tile"]].data["exits"]]
    if data["placement"] != "any":
        out += _ref(card, data["placement"], exits, f"exit of tile '{data['tile']}'",
                    "placement")
    seen: set = set()
    for i, portal in enumerate(data.get("portals", []) or []):
        out += _ref(card, portal, exits, f"exit of tile '{data['tile']}'", "portals", i)
        if portal == data["placement"]:
            out.append(card.diag(
                "RF929", f"exit '{portal}' is the one that joins (placement), so it carries "
                "no portal", "portals", i,
                hint="list under portals only the exits left open for later Explores"))
        elif portal in seen:
            out.append(card.diag("RF929", f"the portals list exit '{portal}' twice",
                                 "portals", i))
        seen.add(portal)
    if data.get("encounter") is not None:
        out += _ref(card, data["encounter"], tables, "encounter table", "encounter")
    return out


def _table(card, adversaries: dict) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    rolls: dict[int, int] = {}
    for i, row in enumerate(card.data["rows"]):
        for j, roll in enumerate(row["roll"]):
            if roll not in FACES:
                out.append(card.diag("RF910", f"a d6 never rolls {roll}", "rows", i, "roll", j))
            elif roll in rolls:
                out.append(card.diag("RF910", f"the roll {roll} is also in row {rolls[roll] + 1}",
                                     "rows", i, "roll", j))
            else:
                rolls[roll] = i
        for j, group in enumerate(row["adversaries"]):
            out += _ref(card, group["id"], adversaries, "adversary", "rows", i, "adversaries",
                        j, "id")
    missing = [r for r in FACES if r not in rolls]
    if missing:
        out.append(card.diag("RF910", "no row for the roll " + ", ".join(map(str, missing)),
                             "rows", hint="give each roll 1-6 exactly one row"))
    return out


def _adversary(card) -> list[Diagnostic]:
    out = []
    for i, weapon in enumerate(card.data["weapons"]):
        if weapon["hit"] not in FACES:
            out.append(card.diag("RF903", f"Hit {weapon['hit']}+ is not a die face: Hit is 1 "
                                 "to 6", "weapons", i, "hit"))
        if weapon["damage"] < 1:
            out.append(card.diag("RF906", "an attack deals at least 1 damage", "weapons", i,
                                 "damage"))
    return out


def _rules(content) -> list[Diagnostic]:
    docs = content.documents.get("rules", [])
    out: list[Diagnostic] = []
    if not docs and content.cards:
        pack = next(iter(content.packs.values()), None)
        out.append(Diagnostic("RF911", "the Delve content has no rules document",
                              str(pack.root) if pack else "<content>",
                              hint="add a file with `kind: rules` (the bundled Delve pack has "
                              "one)"))
    for doc in docs:
        if not isinstance(doc.data, dict) or not isinstance(doc.data.get("basic_actions"), list):
            continue
        named = [a.get("action") for a in doc.data["basic_actions"] if isinstance(a, dict)]
        for action in BASIC:
            if named.count(action) != 1:
                out.append(doc.diag("RF911", f"the basic action '{action}' is listed "
                                    f"{named.count(action)} times (once is right)",
                                    "basic_actions"))
    return out


def trial_entries(doc) -> list[tuple[tuple, dict]]:
    """The trials of one ``trial`` document: ``[(key path of the trial, its data)]`` (a file
    holds one trial, or a list of them under ``trials:``)."""
    data = doc.data
    if not isinstance(data, dict):
        return []
    if isinstance(data.get("trials"), list):
        return [(("trials", i), t) for i, t in enumerate(data["trials"]) if isinstance(t, dict)]
    return [((), data)]


def _trial_ref(doc, keys, wanted, known, what: str) -> list[Diagnostic]:
    if not isinstance(wanted, str) or wanted in known:
        return []
    return [doc.diag("RF920", f"the trial names an unknown {what} '{wanted}'", *keys,
                     hint=did_you_mean(wanted, list(known)) or f"no {what} has that id")]


def _trial(doc, keys: tuple, data: dict, by_kind: dict) -> list[Diagnostic]:
    tiles, cards = by_kind.get("tile", {}), by_kind.get("exploration", {})
    foes, heroes = by_kind.get("adversary", {}), by_kind.get("hero", {})
    out = _trial_ref(doc, keys + ("start_tile",), data.get("start_tile"), tiles, "tile")
    deck = data.get("deck")
    if isinstance(deck, list):
        if not deck:
            out.append(doc.diag("RF921", "the trial's exploration deck is empty",
                                *keys, "deck", hint="list the exploration card ids to explore"))
        seen: set = set()
        for i, card in enumerate(deck):
            out += _trial_ref(doc, keys + ("deck", i), card, cards, "exploration card")
            if card in seen:
                out.append(doc.diag("RF921", f"the deck lists '{card}' twice", *keys, "deck",
                                    i, hint="a deck holds each exploration card once"))
            seen.add(card)
    goal = data.get("goal")
    if isinstance(goal, dict):
        if goal.get("type") == "slay" and "adversary" not in goal:
            out.append(doc.diag("RF922", "a `slay` goal names no adversary", *keys, "goal",
                                hint="add `adversary: <adversary id>` (it is placed with the "
                                "last chamber)"))
        elif goal.get("type") == "clear" and "adversary" in goal:
            out.append(doc.diag("RF922", "a `clear` goal takes no adversary", *keys, "goal",
                                "adversary", hint="use `type: slay` to make the heroes hunt "
                                "it"))
        else:
            out += _trial_ref(doc, keys + ("goal", "adversary"), goal.get("adversary"), foes,
                              "adversary")
    for i, hero in enumerate(data.get("heroes") or []):
        out += _trial_ref(doc, keys + ("heroes", i), hero, heroes, "hero")
    return out


def _trials(content, by_kind: dict) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    seen: dict = {}
    for doc in content.documents.get("trial", []):
        for keys, data in trial_entries(doc):
            tid = data.get("id")
            if isinstance(tid, str):
                if tid in seen:
                    out.append(doc.diag("RF923", f"the trial id '{tid}' is used twice", *keys,
                                        "id", hint=f"also in the pack '{seen[tid]}'"))
                else:
                    seen[tid] = doc.pack
            out += _trial(doc, keys, data, by_kind)
    return out


def check_documents(content) -> list[Diagnostic]:
    """Every cross-card problem of the Delve content given (one game's view)."""
    by_kind: dict[str, dict] = {}
    for card in content.cards.values():
        by_kind.setdefault(card.kind, {})[card.id] = card
    tiles, tables = by_kind.get("tile", {}), by_kind.get("encounter_table", {})
    out: list[Diagnostic] = []
    for card in tiles.values():
        out += _tile(card)
    for card in by_kind.get("exploration", {}).values():
        out += _exploration(card, tiles, tables)
    for card in tables.values():
        out += _table(card, by_kind.get("adversary", {}))
    for card in by_kind.get("adversary", {}).values():
        out += _adversary(card)
    return out + _rules(content) + _trials(content, by_kind) + check_scenarios(content)
