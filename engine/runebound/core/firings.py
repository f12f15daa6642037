"""A trigger's firings counted against the limit said before it (issue 32, branch runs):
"Once per turn, every time your Hero takes 1 or more wounds, gain 1 gold." fires at most once
a turn. The trigger's IR carries ``limits`` (the lowering writes them, lower/firings.py); each
firing draws on the same buckets as a use of an ability with those limits
(:meth:`Moment.limit_buckets`), kept in the owner's ``used`` under the trigger's own key.

The key names the trigger's instance, never its text (branch runs2): the same text on two
cards, or a held card's trigger and a duration from it, count apart; the key was the card id
and a digest of the trigger's IR. Copies are counted as an ability's uses and a card's
activations are (branch mends; runs2 keyed each copy by its own index here): one key per rule
(a held card's: the card, its ability and effect index; a duration's: its source and content),
and its bucket holds a firing for each copy (:func:`.state.copies_held`) or each equal
duration in force. Two copies of one card, or two equal durations, each fire once per turn."""

from __future__ import annotations

import hashlib
import json
from collections import Counter

from .state import copies_held


def _digest(value) -> str:
    return hashlib.sha1(json.dumps(value, sort_keys=True).encode()).hexdigest()[:12]


def _place_in_card(card, effect) -> str:
    """``<ability index>.<effect index>`` of ``effect`` among ``card``'s always-on rules."""
    for ability in card.abilities if card is not None else ():
        if ability.standing:
            for j, e in enumerate(ability.effects):
                if e is effect:
                    return f"{ability.index}.{j}"
    return _digest(effect.raw)  # not the card's own (a test's trigger): its IR


def trigger_instances(engine) -> list[tuple]:
    """(owner, card id, trigger effect, x, key, copies) of every trigger in force, held cards'
    first then durations' (the order of ``static_sources``); ``key`` (the rule's, for its
    firings) and ``copies`` (the firings its bucket holds) are computed for a limited trigger
    only, None and 1 for the rest. A list: firing one may change what is held."""
    out = []
    for owner, card_id, effect, x in engine.standing_triggers():
        if effect.op != "trigger":
            continue
        key, copies = None, 1
        if effect.raw.get("limits"):
            key = f"{card_id}#{_place_in_card(engine.catalog.cards.get(card_id), effect)}:fired"
            copies = max(1, copies_held(owner, card_id))
        out.append((owner, card_id, effect, x, key, copies))
    if not engine.state.effects:
        return out
    durations = list(engine._durations())  # (an adventure adds its own: Kyros's Lords)
    actives = {id(engine._built.get(id(a))): a for a in engine.state.effects}
    equal: Counter = Counter()  # equal durations in force, by their content
    found = []
    for owner, source, built, x in durations:
        dkey = None
        for j, effect in enumerate(built):
            if effect.op != "trigger":
                continue
            key = None
            if effect.raw.get("limits"):
                if dkey is None:
                    active = actives.get(id(built))
                    held = active.effects if active is not None else [e.op for e in built]
                    dkey = f"{source}#duration:" + _digest(
                        [owner.id, source, getattr(active, "until", None), held, x])
                    equal[dkey] += 1
                key = f"{dkey}.{j}:fired"
            found.append((owner, source, effect, x, key, dkey))
    out += [(owner, source, effect, x, key, equal[dkey] if dkey else 1)
            for owner, source, effect, x, key, dkey in found]
    return out


def may_fire(engine, owner, source: str, raw: dict, key: str | None = None,
              copies: int = 1) -> bool:
    """Can the trigger ``raw`` (of ``source``, the rule ``key`` held in ``copies`` copies)
    fire now for ``owner``? If so, the firing is counted (the caller fires it); if its limit
    is spent (a firing for each copy), the engine logs it."""
    limits = raw.get("limits")
    if not limits:
        return True
    if key is None:  # a caller that does not know the instance: the card and the IR
        key = f"{source}#fired:{_digest(raw)}"
    buckets = [f"{key}@{b}" for b in engine.moment.limit_buckets(limits, None)]
    if any(owner.used.get(b, 0) >= copies for b in buckets):
        engine.log.emit("trigger_spent", hero=owner.id, source=source)
        return False
    for b in buckets:
        owner.used[b] = owner.used.get(b, 0) + 1
    return True


__all__ = ["may_fire", "trigger_instances"]
