"""A trigger's firings counted against the limit said before it (issue 32, branch runs):
"Once per turn, every time your Hero takes 1 or more wounds, gain 1 gold." fires at most once
a turn. The trigger's IR carries ``limits`` (the lowering writes them, lower/firings.py); each
firing draws on the same buckets as a use of an ability with those limits
(:meth:`Moment.limit_buckets`), kept in the owner's ``used`` under the trigger's own key."""

from __future__ import annotations

import hashlib
import json


def _key(source: str, raw: dict) -> str:
    """The trigger's key among its card's rules: the card and a digest of its IR (two
    triggers of one card have different IR; a trigger's IR never changes)."""
    digest = hashlib.sha1(json.dumps(raw, sort_keys=True).encode()).hexdigest()[:12]
    return f"{source}#fired:{digest}"


def may_fire(engine, owner, source: str, raw: dict) -> bool:
    """Can the trigger ``raw`` of ``source`` fire now for ``owner``? If so, the firing is
    counted (the caller fires it); if its limit is spent, the engine logs it."""
    limits = raw.get("limits")
    if not limits:
        return True
    key = _key(source, raw)
    buckets = [f"{key}@{b}" for b in engine.moment.limit_buckets(limits, None)]
    if any(owner.used.get(b, 0) for b in buckets):
        engine.log.emit("trigger_spent", hero=owner.id, source=source)
        return False
    for b in buckets:
        owner.used[b] = owner.used.get(b, 0) + 1
    return True


__all__ = ["may_fire"]
