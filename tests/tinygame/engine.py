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


def play(bundle: dict, options: dict) -> dict:
    """A whole duel: steps until a fighter's health is gone or the adventure's rounds end."""
    arena = next(d for d in bundle["documents"]["adventure"]
                 if d.get("game") == GAME and d["id"] == options["adventure"])
    state = start(bundle)
    for turn in range(arena["rounds"] * len(state["health"])):
        state = step(bundle, state, seed=options["seed"] * 1000 + turn)
        beaten = [f for f, h in state["health"].items() if h <= 0]
        if beaten:
            winner = max(state["health"], key=lambda f: (state["health"][f], f))
            return {"winner": winner, "how": f"{beaten[0]} has no health left",
                    "rounds": turn // len(state["health"]) + 1, "log": state["log"]}
    return {"winner": None, "how": "the rounds ran out", "rounds": arena["rounds"],
            "log": state["log"]}
