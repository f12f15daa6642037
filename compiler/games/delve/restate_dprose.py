"""An adversary's stat line written in its text (issue 32, part III, branch dprose): "Vigour 3.",
"Combat: Hit 4+, Damage 2." — sentences that restate the card's own data (its ``vigour``, a
weapon of its ``weapons``), as a printed card shows them beside its rules.

They set nothing the data does not: the engine reads the card's ``vigour`` and ``weapons``. So a
line is checked against the data, never lowered: equal to it, it is accepted with a warning that
it repeats the data (RF946, drop it); different, it is a located error naming the data field
(RF947: the text and the card would disagree, and a reader would trust the text); on a text
with no card (the corpus, the language server's hover) it is accepted with RF946 saying it is
checked against the card where there is one. A weapon line with its targets ("Missile: Hit 3,
Damage 1 against …") is not a restatement: it is the attack of the adversary's turn
(dsl/delve/statline_dprose.py).

Only on an adversary's card, and only as a sentence of its own at a sentence's start. The text
the dialect parses is the rest, with each stat sentence blanked (offsets kept). The canonical
form prints the stat lines first ("Vigour 3. Combat: Hit 4+, Damage 2."), then the abilities.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CODES = ("RF946", "RF947")

_VIGOUR = re.compile(r"vigour\s*:?\s*(\d+)\s*\.", re.IGNORECASE)
_WEAPON = re.compile(r"(combat|missile|area)(?:\s+attack)?\s*[:,]\s*hit\s+(\d+)\+?\s*,\s*"
                     r"damage\s+(\d+)\s*\.", re.IGNORECASE)
_OPEN = re.compile(r"(?:^|(?<=[.;]))\s*")


@dataclass(frozen=True)
class Stat:
    """One stat sentence: ``field`` ``vigour`` (``value`` its number) or ``weapon`` (``value``
    (range, hit, damage)), at ``span`` in the text."""

    field: str
    value: object
    span: tuple[int, int]

    def canonical(self) -> str:
        if self.field == "vigour":
            return f"Vigour {self.value}."
        rng, hit, damage = self.value
        return f"{rng.capitalize()}: Hit {hit}+, Damage {damage}."


def split(text: str, owner: str) -> tuple[str, list[Stat]]:
    """(the text with each stat sentence blanked, the stat sentences) on a card of ``owner``."""
    if owner != "adversary" or not re.search(r"vigour|hit", text, re.IGNORECASE):
        return text, []
    stats: list[Stat] = []
    for m in _OPEN.finditer(text):
        at = m.end()
        v = _VIGOUR.match(text, at)
        w = None if v else _WEAPON.match(text, at)
        if v:
            stats.append(Stat("vigour", int(v.group(1)), (at, v.end())))
        elif w:
            stats.append(Stat("weapon", (w.group(1).lower(), int(w.group(2)), int(w.group(3))),
                              (at, w.end())))
    rest = text
    for s in stats:
        a, b = s.span
        rest = rest[:a] + " " * (b - a) + rest[b:]
    return rest, stats


def _weapon_text(w: dict) -> str:
    return f"{w.get('name', 'a weapon')} ({w.get('range')}): Hit {w.get('hit')}+, " \
           f"Damage {w.get('damage')}"


def check(data: dict, stats: list[Stat]) -> list[tuple[tuple[int, int], str, str, str, str]]:
    """(span, code, message, hint, severity) of each stat sentence against the card's data."""
    out = []
    for s in stats:
        said = s.canonical()
        if s.field == "vigour":
            have = data.get("vigour")
            if not isinstance(have, int):
                out.append((s.span, "RF946", f"'{said}' states the card's data: it is checked "
                            "against the card's 'vigour'", "drop the sentence: the card's "
                            "'vigour' is what the engine reads", "warning"))
            elif have == s.value:
                out.append((s.span, "RF946", f"'{said}' repeats the card's 'vigour' ({have})",
                            "drop the sentence: the card's 'vigour' is what the engine reads",
                            "warning"))
            else:
                out.append((s.span, "RF947", f"the text says Vigour {s.value}, the card's "
                            f"'vigour' is {have}", f"make them agree: 'Vigour {have}.', or "
                            f"set 'vigour: {s.value}'", "error"))
            continue
        rng, hit, damage = s.value
        weapons = data.get("weapons")
        if not isinstance(weapons, list):
            out.append((s.span, "RF946", f"'{said}' states the card's data: it is checked "
                        "against its 'weapons'", "drop the sentence: the card's 'weapons' are "
                        "what the engine reads", "warning"))
            continue
        same = [w for w in weapons if isinstance(w, dict) and w.get("range") == rng]
        if any(w.get("hit") == hit and w.get("damage") == damage for w in same):
            out.append((s.span, "RF946", f"'{said}' repeats a weapon of the card's 'weapons'",
                        "drop the sentence: the card's 'weapons' are what the engine reads",
                        "warning"))
        elif same:
            out.append((s.span, "RF947", f"the text says {rng} Hit {hit}+, Damage {damage}; the "
                        f"card's 'weapons' say {_weapon_text(same[0])}", "make the sentence "
                        "match the weapon, or change the weapon under 'weapons:'", "error"))
        else:
            have = ", ".join(sorted({str(w.get("range")) for w in weapons
                                     if isinstance(w, dict)})) or "none"
            out.append((s.span, "RF947", f"the text gives a {rng} weapon the card's 'weapons' "
                        f"do not have (its ranges: {have})", f"list it under 'weapons:' "
                        f"({{name: …, range: {rng}, hit: {hit}, damage: {damage}}}), or give the "
                        "line its targets: '… against the nearest visible hero'", "error"))
    return out


def canonical(text: str, stats: list[Stat], rest_canonical: str) -> str:
    """The stat lines first, then the abilities' canonical text."""
    head = " ".join(s.canonical() for s in stats)
    return " ".join(p for p in (head, rest_canonical) if p)


# the rules text of a stat line (compiler/games/delve/text.py renders a card's text with it)
TEMPLATES_DPROSE = {
    "stat.vigour": "Vigour {n}.",
    "stat.weapon": "{range}: Hit {hit}+, Damage {damage}.",
}


def render(stat: Stat, locale: str, t) -> str:
    """A stat line in ``locale`` (``t``: the catalog's lookup, text_catalog._t)."""
    if stat.field == "vigour":
        return t("stat.vigour", locale).format(n=stat.value)
    rng, hit, damage = stat.value
    word = t(f"range.{rng}", locale)
    return t("stat.weapon", locale).format(range=word[:1].upper() + word[1:], hit=hit,
                                           damage=damage)
