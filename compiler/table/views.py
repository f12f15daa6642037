"""What a seat sees: the state of the game as plain JSON, built field by field from what the
rules show everyone, plus that seat's own question. Nothing is copied wholesale from the
engine's state: a deck is a count (never its order), the doom track's cards are face down
(a count), the log is lines told as `runeforge fight` tells them (never raw records: Delve's
``setup`` record lists the exploration deck in order).

Built only while the game's thread is parked or done (:mod:`.session`)."""

from __future__ import annotations

import json

from .seat import DECLINE, as_json
from .tell import Teller
from .words import Names, catalog, word

__all__ = ["Names", "catalog", "option_label", "seat_view", "word"]

LOG_LINES = 400  # the last lines of the game log a view carries


def option_label(value, names: Names, locale: str) -> str:
    """An option as words: the engine's verbs translated, card ids named."""
    if value is None or isinstance(value, bool):
        return word(f"opt.{json.dumps(value)}", locale)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, dict):  # Delve: {"action", "die", "to" | "weapon" | "ability"...}
        parts = [word(f"opt.{value.get('action')}", locale)]
        for key in ("weapon", "ability"):
            if value.get(key):
                parts.append(names(str(value[key]).split("#")[0].split(":")[0]))
        if "targets" in value:
            parts.append(", ".join(names(t) for t in value["targets"]))
        if "to" in value:
            parts.append("→ " + ",".join(str(c) for c in value["to"]))
        return " ".join(p for p in parts if p)
    if isinstance(value, list):
        return ", ".join(option_label(v, names, locale) for v in value)
    text = str(value)
    if "#" in text and ":" not in text:  # an ability ref, "card#index"
        return word("opt.ability", locale) + ": " + names(text)
    head, _, rest = text.partition(":")
    if rest and f"opt.{head}" in catalog()["en"]:
        if head == "roll":
            return word("opt.roll", locale, n=rest)
        return word(f"opt.{head}", locale) + " " + " ".join(
            names(p) for p in rest.split(":") if p)
    if f"opt.{text}" in catalog()["en"]:
        return word(f"opt.{text}", locale)
    if "+" in text:  # giant_lord_tokens: "life+stamina"
        return text.replace("+", " + ")
    return names(text)


def pending_view(table, seat: int, names: Names, locale: str) -> dict | None:
    """The seat's question with its options (index, words, and where on the board)."""
    p = table.pending
    if p is None or p.seat != seat:
        return None
    spaces, towns = set(), {}
    game = table.game
    if table.runebound and game is not None:
        spaces, towns = set(game.board.spaces), dict(game.board.towns)
    options = []
    for i, value in enumerate(p.options):
        o = {"index": i, "label": option_label(value, names, locale), "value": as_json(value)}
        if value is None and p.kind in DECLINE:  # Delve: "end the turn", "do nothing"
            o["label"] = word(f"opt.{DECLINE[p.kind]}", locale)
        if isinstance(value, str) and value in spaces:
            o["space"] = value
        elif isinstance(value, str) and value in towns:  # a town by name: its space
            o["space"], o["label"] = towns[value], value
        if isinstance(value, dict):
            if "to" in value:
                o["cell"] = list(value["to"])
            if "die" in value:
                o["die"] = value["die"]
            if value.get("targets"):
                o["targets"] = [str(t) for t in value["targets"]]
        options.append(o)
    info = {}
    if "dice" in p.info:
        info["dice"] = list(p.info["dice"])
    if "deal" in p.info:
        info["deal"] = json.loads(json.dumps(p.info["deal"], default=str))
    return {"serial": p.serial, "kind": p.kind, "options": options,
            "source": names(p.source) if p.source else None, "info": info}


def winner_name(winner, names: Names, locale: str) -> str | None:
    """A Hero's name, or a side of Delve ("heroes", "adversaries") in the locale."""
    if not winner:
        return None
    if winner in ("heroes", "adversaries"):
        return word(f"side.{winner}", locale)
    return names(winner)


def seat_view(table, seat: int, locale: str, content=None) -> dict:
    """Everything seat ``seat`` may see now."""
    from . import views_board

    names = table.names.get(locale)
    if names is None:
        names = table.names[locale] = Names(content, locale)
    p = table.pending
    view = {
        "game": "runebound" if table.runebound else "delve",
        "seat": seat, "humans": list(table.humans), "locale": locale,
        "generation": table.generation,
        "serial": p.serial if p is not None else None,
        "waiting_for": p.seat if p is not None else None,
        "pending": pending_view(table, seat, names, locale),
        "over": table.outcome.over,
        "error": table.outcome.error,
        "winner": winner_name(table.outcome.winner, names, locale),
        "how": table.outcome.how,
        "can_undo": any(a.seat == seat for a in table.answered),
    }
    game = table.game
    records = table.log.records
    if game is None:
        view["log"] = []
        return view
    if table.runebound:
        view.update(views_board.runebound(game, names, table.humans))
    else:
        view.update(views_board.delve(game, names, table.humans))
    teller = table.tellers.get(locale)
    if teller is None or teller.generation != table.generation:
        teller = table.tellers[locale] = Teller(names, locale, table.runebound)
        teller.generation = table.generation
    view["log"] = teller.tell(records)[-LOG_LINES:]
    view["dice_rolled"] = [{**d, "who": names(d["who"]) if d["who"] else None}
                           for d in last_dice(records)]
    return view


def last_dice(records) -> list[dict]:
    """The dice of the last rolls, as the engine rolled them (newest last, up to 6)."""
    out = []
    for r in reversed(records):
        t = r["type"]
        if t == "roll" and "natural" in r:
            out.append({"who": r.get("figure"), "faces": [r["natural"]],
                        "what": r.get("purpose")})
        elif t == "movement_roll":
            out.append({"who": None, "faces": list(r.get("dice") or []), "what": "movement"})
        elif t == "hero_dice":
            out.append({"who": r.get("hero"), "faces": list(r["faces"]), "what": "turn"})
        if len(out) >= 6:
            break
    return list(reversed(out))
