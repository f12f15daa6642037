"""The tiny game's engine: one step of a duel, run from the compiled bundle alone.

Like every engine it reads only the bundle (its own game's records) and imports nothing of the
compiler or the ability language.
"""

from __future__ import annotations

import random

GAME = "tinygame"


def own_cards(bundle: dict) -> dict[str, dict]:
    return {c["id"]: c for c in bundle["cards"] if c.get("game") == GAME}


def start(bundle: dict) -> dict:
    cards = own_cards(bundle)
    fighters = sorted(c["id"] for c in cards.values() if c["kind"] == "fighter")
    return {"turn": 0, "health": {f: cards[f]["health"] for f in fighters},
            "steps": {f: 0 for f in fighters}, "log": []}


def step(bundle: dict, state: dict, seed: int) -> dict:
    """The fighter whose turn it is uses each of its abilities: roll a d6, and if it shows at
    least the ability's need, apply the effect (damage goes to the other fighter)."""
    cards = own_cards(bundle)
    rng = random.Random(seed)
    fighters = sorted(state["health"])
    me = fighters[state["turn"] % len(fighters)]
    other = fighters[(state["turn"] + 1) % len(fighters)]
    health, steps = dict(state["health"]), dict(state["steps"])
    log = list(state["log"])
    for ir in cards[me]["abilities"]:
        die = rng.randint(1, 6)
        hit = die >= ir["need"]
        if hit and ir["op"] == "deal":
            health[other] -= ir["amount"]
        elif hit and ir["unit"] == "steps":
            steps[me] += ir["amount"]
        log.append({"fighter": me, "action": ir["action"], "die": die, "hit": hit})
    return {"turn": state["turn"] + 1, "health": health, "steps": steps, "log": log}
