"""An adversary's attack by its card's text with a range and no numbers of its own uses its
weapon of that range (``this adversary makes a missile attack against each visible hero``,
issue 32, session delve8); one its card has no weapon of would never be made, and when the
rule is its attack of the turn (branch dfix) the adversary would make none at all. That is
RF932 at the attack, on the card (the text alone does not know the card's weapons)."""

from __future__ import annotations

from runeforge.dsl.delve import nodes as n

CODE = "RF932"


def _strikes(effects):
    for e in effects or ():
        if isinstance(e, n.Strike):
            yield e
        for field in ("effects", "instead"):     # under a condition, a duration, otherwise
            inner = getattr(e, field, None)
            if isinstance(inner, (list, tuple)):
                yield from _strikes(inner)


def unarmed(card, ability) -> list[tuple[tuple[int, int], str, str]]:
    """(span, message, hint) of each attack of ``ability`` by the adversary of ``card``
    with a range its weapons do not have."""
    if not isinstance(card.data.get("weapons"), list):
        return []                  # a text alone (the corpus): no card to read weapons from
    weapons = card.data["weapons"]
    ranges = {w.get("range") for w in weapons if isinstance(w, dict)}
    out = []
    for s in _strikes(ability.effects):
        if s.by is None or s.range is None or s.hit is not None or s.range in ranges:
            continue
        have = ", ".join(sorted(r for r in ranges if r)) or "none"
        out.append((s.span, f"this adversary has no {s.range} weapon to make a {s.range} "
                    f"attack with (its weapons: {have})",
                    f"give it a {s.range} weapon, name one of its ranges, or give the attack "
                    f"its own numbers: '…, Hit 4+, Damage 1'"))
    return out
