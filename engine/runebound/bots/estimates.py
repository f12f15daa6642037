"""The game bot's quick estimates: a Hero's strength, its chance-like score against a
challenge's stats, and whether a deck still holds a challenge (split from ``game_bot.py``;
each works out its keys and sets once, not per call)."""

from __future__ import annotations

from ..combat.combat import chance

PHASE_ATTR = (("ranged", "mind"), ("melee", "body"), ("magic", "spirit"))

# (phase, attribute, damage key, roll key) of each phase, the keys built once
_PHASE_KEYS = tuple((p, a, f"{p}_damage", f"{p}_roll") for p, a in PHASE_ATTR)
_STRENGTH_STATS = (*(a for _, a in PHASE_ATTR), *(k[2] for k in _PHASE_KEYS),
                   *(k[3] for k in _PHASE_KEYS), "life")


def _strength(engine, fig) -> dict:
    stat = engine.stat
    return {name: stat(fig, name) for name in _STRENGTH_STATS}


# chance()'s answers by need: a dict lookup instead of a call (the estimates ask it about
# a thousand times a game); a need outside the table asks chance() itself
_CHANCE = {need: chance(need) for need in range(-60, 80)}


def win_estimate(engine, hero, enemy: dict, me: dict | None = None) -> float:
    """A quick chance-like score (0..1) that ``hero`` beats a challenge with stats ``enemy``."""
    me = me or _strength(engine, hero)
    best, received = 0.0, 0.0
    get, table = enemy.get, _CHANCE
    for _phase, attr, damage, roll in _PHASE_KEYS:
        need = get(attr, 10) - me[attr] - me[roll]
        p = table.get(need)
        if p is None:
            p = chance(need)
        hit = p * me[damage]
        if hit > best:  # max(best, hit)
            best = hit
        received += (1 - p) * get(damage, 0)
    for ally in hero.allies:
        top = None  # max() over the phases: the first of the highest
        for _p, a, damage, _r in _PHASE_KEYS:
            need = get(a, 10) - getattr(ally, a)
            p = table.get(need)
            if p is None:
                p = chance(need)
            hit = p * getattr(ally, damage)
            if top is None or hit > top:
                top = hit
        best += top * 0.8
    received *= 2 / 3
    life_left = me["life"] + engine.ruleset.defeat_margin - hero.wounds
    enemy_life = get("life", 3) + engine.ruleset.defeat_margin
    mine = best * life_left
    theirs = received * enemy_life
    return 1.0 if theirs <= 0 else mine / (mine + theirs)


def _has_challenge(game, colour) -> bool:
    """Will the deck of ``colour`` still give a challenge (else drawing only cycles cards)?
    Its own cards, and in the normal game with the doom track in play the challenges of that
    colour lying on the track or among its discards: a full track sends them back under
    their deck (seed 000) and an empty deck is rebuilt from them (seed 002)."""
    s = game.state
    ids = _challenge_ids(game.catalog)
    if not ids.isdisjoint(s.adventure_decks.get(colour) or ()):
        return True
    if not s.doom or s.phase != "game":
        return False
    colour_of = game.colour_of
    return any(c in ids and colour_of(c) == colour
               for place in (s.doom_track, s.discard_pile) for c in place)


def _challenge_ids(catalog) -> frozenset:
    """The ids of the catalog's challenges (kept on the catalog for its current summary: a
    refresh after new cards computes it again), so a deck is searched at C speed."""
    summary = catalog._summarised()
    found = getattr(catalog, "_challenge_ids", None)
    if found is None or found[0] is not summary:
        found = catalog._challenge_ids = (summary, frozenset(
            c.id for c in catalog.cards.values() if c.kind == "challenge"))
    return found[1]
