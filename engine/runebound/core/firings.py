"""A trigger's firings counted against the limit said before it (issue 32, branch runs):
"Once per turn, every time your Hero takes 1 or more wounds, gain 1 gold." fires at most once
a turn. The trigger's IR carries ``limits`` (the lowering writes them, lower/firings.py); each
firing draws on the same buckets as a use of an ability with those limits
(:meth:`Moment.limit_buckets`), kept in the owner's ``used`` under the trigger's own key.

The key names the trigger's instance, never its text (branch runs2): two copies of one card
held by a Hero, or two durations with the same rule, each count their own firings; the key
was the card id and a digest of the trigger's IR, so the first copy's firing spent the
second's. A held card's trigger is keyed by the card, its ability and effect index, and which
copy of the card (in the order the Hero holds them); a duration's by its source, the
duration's content and which of the equal durations in force it is."""

from __future__ import annotations

import hashlib
import json


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
    """(owner, card id, trigger effect, x, key) of every trigger in force, held cards' first
    then durations' (the order of ``static_sources``); ``key`` (the instance's, for its
    firings) is computed for a limited trigger only, None for the rest. A list: firing one
    may change what is held."""
    out = []
    copies: dict[tuple, int] = {}
    for owner, card_id, effect, x in engine.standing_triggers():
        if effect.op != "trigger":
            continue
        key = None
        if effect.raw.get("limits"):
            seen = (id(owner), card_id, id(effect))
            copy = copies[seen] = copies.get(seen, -1) + 1
            key = f"{card_id}#{_place_in_card(engine.catalog.cards.get(card_id), effect)}" \
                  f"/{copy}:fired"
        out.append((owner, card_id, effect, x, key))
    if not engine.state.effects:
        return out
    durations = list(engine._durations())  # (an adventure adds its own: Kyros's Lords)
    actives = {id(engine._built.get(id(a))): a for a in engine.state.effects}
    equal: dict[str, int] = {}
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
                    content = _digest([owner.id, source, getattr(active, "until", None),
                                       held, x])
                    n = equal[content] = equal.get(content, -1) + 1
                    dkey = f"{source}#duration:{content}/{n}"
                key = f"{dkey}.{j}:fired"
            out.append((owner, source, effect, x, key))
    return out


def may_fire(engine, owner, source: str, raw: dict, key: str | None = None) -> bool:
    """Can the trigger ``raw`` (of ``source``, the instance ``key``) fire now for ``owner``?
    If so, the firing is counted (the caller fires it); if its limit is spent, the engine
    logs it."""
    limits = raw.get("limits")
    if not limits:
        return True
    if key is None:  # a caller that does not know the instance: the card and the IR
        key = f"{source}#fired:{_digest(raw)}"
    buckets = [f"{key}@{b}" for b in engine.moment.limit_buckets(limits, None)]
    if any(owner.used.get(b, 0) for b in buckets):
        engine.log.emit("trigger_spent", hero=owner.id, source=source)
        return False
    for b in buckets:
        owner.used[b] = owner.used.get(b, 0) + 1
    return True


__all__ = ["may_fire", "trigger_instances"]
