"""A bonus to the hero's next attack only (issue 32, branch delveheroes): "Until the end of
your turn, your next missile attack deals +1 Damage." (IR ``boost`` with ``next``).

The bonus is a lasting ``boost`` entry with ``next`` (ops._lasting), counted as any other
(traits.bonus) on every roll of the first attack the hero makes while it lasts — of its
range, if it names one — and taken off once that attack has rolled (:func:`spend`, from
``ops.attack_with``): a second attack gets none of it. Unused, it expires with its
duration."""

from __future__ import annotations


def spend(game, hero, rng: str | None) -> None:
    """Take off the hero's ``next`` bonuses that the attack just made (of range ``rng``)
    used."""
    s = game.state
    s.lasting = [e for e in s.lasting if not (
        e.get("next") and e["op"] in ("boost", "next_hit") and e["hero"] == hero.id
        and (e.get("range") is None or e.get("range") == rng))]
