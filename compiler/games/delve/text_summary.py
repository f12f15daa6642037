"""What `runeforge text` prints for a Delve card whose rules are not abilities: an adversary's
values and weapons, an exploration card's tile and encounter, a chamber tile's size and
exits, an encounter table's rows. In the locale, with the words the faces print."""

from __future__ import annotations

from .text import card_text, exit_label, name_of, weapon_name
from .text_catalog import label

SEP = " · "


def summary(card, locale: str, cards: dict | None = None) -> list[str]:
    """Lines describing ``card`` (empty for a kind not here); ``cards`` (id -> card, the
    loaded content) names the cards it refers to."""
    data = card.data if isinstance(card.data, dict) else {}
    make = _KINDS.get(card.kind)
    if make is None:
        return []

    def named(card_id) -> str:
        other = (cards or {}).get(card_id)
        return name_of(other.name, locale) if other is not None else str(card_id)

    return make(data, locale, named)


def _word(key: str, locale: str, fallback) -> str:
    try:
        return label(key, locale)
    except KeyError:  # a value the content added (a behaviour, a range): printed as written
        return str(fallback)


def _adversary(data: dict, locale: str, named) -> list[str]:
    head = [f"{label('label.vigour', locale)} {data.get('vigour', '?')}",
            f"{label('label.move', locale)} {data.get('move', '?')}"]
    if data.get("behaviour"):
        head.append(_word(f"behaviour.{data['behaviour']}", locale, data["behaviour"]))
    lines = [SEP.join(head)]
    for weapon in data.get("weapons") or []:
        if not isinstance(weapon, dict):
            continue
        rng = weapon.get("range", "")
        lines.append(SEP.join([
            f"{label('label.weapon', locale)}: {weapon_name(str(weapon.get('name', '')), locale)}"
            f" ({_word(f'range.{rng}', locale, rng)})",
            f"{label('label.hit', locale)} {weapon.get('hit', '?')}+",
            f"{label('label.damage', locale)} {weapon.get('damage', '?')}"]))
    return lines


def _exploration(data: dict, locale: str, named) -> list[str]:
    parts = []
    if data.get("tile"):
        parts.append(f"{label('label.kind.tile', locale)}: {named(data['tile'])}")
    if data.get("encounter"):
        parts.append(f"{label('label.encounter', locale)}: "
                     f"{named(data['encounter'])}")
    lines = [SEP.join(parts)] if parts else []
    if isinstance(data.get("text"), str) and data["text"].strip():
        lines.append(card_text(data["text"], locale))
    return lines


def _tile(data: dict, locale: str, named) -> list[str]:
    size = data.get("size") or []
    parts = [f"{size[0]}×{size[1]}"] if len(size) == 2 else []
    exits = [exit_label(str(e.get("id", "")), str(e.get("side", "")), locale)
             for e in data.get("exits") or [] if isinstance(e, dict)]
    if exits:  # no count before the word: the labels have no plural forms
        parts.append(f"{label('label.exits', locale)}: {', '.join(exits)}")
    return [SEP.join(parts)] if parts else []


def _table(data: dict, locale: str, named) -> list[str]:
    lines = []
    for row in data.get("rows") or []:
        if not isinstance(row, dict):
            continue
        rolls = row.get("roll") or []
        roll = f"{rolls[0]}–{rolls[-1]}" if len(rolls) > 1 else "".join(map(str, rolls))
        who = [f"{a.get('count', 1)}× {named(a.get('id', ''))}"
               for a in row.get("adversaries") or [] if isinstance(a, dict)]
        lines.append(f"{roll}: {', '.join(who) if who else '—'}")
    return lines


_KINDS = {"adversary": _adversary, "exploration": _exploration, "tile": _tile,
          "encounter_table": _table}
