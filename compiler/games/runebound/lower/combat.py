"""Lowering of the combat family (issue 21, family 7) to the effect IR, registered on
:func:`runeforge.games.runebound.lower.effect` by :func:`register` (called at the end of lower.py; this module
does not import it). See docs/effect-ir.md and docs/language.md "Family 7: combat"."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

# "Your attacks inflict 1 additional wound." is a standing rule, like a modifier.
STANDING = n.COMBAT_STANDING


# The moments a combat-family ability waits for, by the node that makes it one (the first
# found in this order wins): "... to reroll your combat roll" right after the Hero's combat
# roll; "make a ranged attack against another Hero's enemy" in a phase of another Hero's
# combat in the space.
REACTIONS = ((n.Reroll, "combat_roll"), (n.AttackOther, "assist"))


def register(effect, amount) -> None:
    @effect.register
    def _(node: n.ExtraWounds) -> list[dict]:
        return [{"op": "extra_wounds", "phase": node.phase, "value": node.value}]

    @effect.register
    def _(node: n.InflictAdditional) -> list[dict]:
        return [{"op": "inflict_additional", "amount": amount(node.amount),
                 "target": node.target}]

    @effect.register
    def _(node: n.Reroll) -> list[dict]:
        if node.better or node.attack:  # branch rbroll
            return [{"op": "reroll", "better": True} if node.better else
                    {"op": "reroll", "failed": True, "attack": True}]
        return [{"op": "reroll", "failed": True}] if node.failed else [{"op": "reroll"}]

    @effect.register
    def _(node: n.WoundCap) -> list[dict]:
        target = "hero" if node.subject == "you" else node.subject
        out = {"op": "wound_cap", "target": target, "value": node.value}
        return [{**out, "per": "round"} if node.per == "round" else out]

    @effect.register
    def _(node: n.Immune) -> list[dict]:
        return [{"op": "immune", "target": "hero", "phase": node.phase}]

    @effect.register
    def _(node: n.AttackOther) -> list[dict]:
        return [{"op": "attack_other", "phase": node.phase}]
