"""What a seat sees: the state of the game as plain JSON, built field by field from what the
rules show everyone, plus that seat's own question. Nothing is copied wholesale from the
engine's state: a deck is a count (never its order), the doom track's cards are face down
(a count), the log is lines told as `runeforge fight` tells them (never raw records: Delve's
``setup`` record lists the exploration deck in order).

Built only while the game's thread is parked or done (:mod:`.session`)."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from runeforge import games

from .seat import as_json

LOG_LINES = 400  # the last lines of the game log a view carries


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
        if isinstance(value, str) and value in spaces:
            o["space"] = value
        elif isinstance(value, str) and value in towns:  # a town by name: its space
            o["space"], o["label"] = towns[value], value
        if isinstance(value, dict):
            if "to" in value:
                o["cell"] = list(value["to"])
            if "die" in value:
                o["die"] = value["die"]
        options.append(o)
    info = {}
    if "dice" in p.info:
        info["dice"] = list(p.info["dice"])
    if "deal" in p.info:
        info["deal"] = json.loads(json.dumps(p.info["deal"], default=str))
    return {"serial": p.serial, "kind": p.kind, "options": options,
            "source": names(p.source) if p.source else None, "info": info}


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
        "winner": names(table.outcome.winner) if table.outcome.winner else None,
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


class Teller:
    """The game log as lines, in the locale, told as records come (kept per table and
    locale, so a view tells only the records new since the last): combat as `runeforge
    fight` tells it, the game's own steps (turns, moves, draws) in the page's words."""

    def __init__(self, names: Names, locale: str, runebound: bool):
        self.names, self.locale, self.runebound = names, locale, runebound
        self.lines: list[str] = []
        self.told = 0
        self.hero = None

    def tell(self, records) -> list[str]:
        new, self.told = records[self.told:], len(records)
        if self.runebound:
            for r in new:
                self._runebound(r)
        else:
            told = [r for r in new if r["type"] not in ("setup", "options", "end_state")]
            self.lines.extend(games.get("delve").entry("narrate")(told, self.names, {}))
        return self.lines

    def _runebound(self, r: dict) -> None:
        from runeforge.commands.fight import narrate

        names, locale, out, t = self.names, self.locale, self.lines, r["type"]
        if t == "turn":
            self.hero = r["hero"]
            out.append(word("log.turn", locale, hero=names(r["hero"]), round=r["round"]))
        elif t == "moved":
            out.append(word("log.moved", locale, hero=names(r.get("hero")),
                            space=r.get("to") or "?"))
        elif t == "movement_roll":
            faces = ["/".join(f) if isinstance(f, list) else str(f)
                     for f in r.get("dice") or []]
            out.append(word("log.movement_roll", locale, hero=names(self.hero),
                            faces=" · ".join(faces)))
        elif t == "adventure_card":
            out.append(word("log.adventure_card", locale, hero=names(r.get("hero")),
                            card=names(r.get("card"))))
        elif t == "winner":
            out.append(word("log.winner", locale, hero=names(r.get("hero")), how=r.get("how")))
        else:
            line = narrate(r, names)
            if line is not None:
                out.extend(x for x in line.plain.split("\n") if x.strip())
