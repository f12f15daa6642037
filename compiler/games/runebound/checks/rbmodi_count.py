"""Branch rbmodi (issue 32): which "for each ..." of an untimed ability is counted when it
resolves, not kept as an always-on rule (RF451 refuses only the latter): one inside a trigger
("When this Ally is defeated, you receive +2 Mind for each Item you have.": counted when the
trigger fires) or over a duration ("Receive +1 Body until the end of this combat for each Ally
you have.": counted when the duration begins)."""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n


def counted_once(a: n.Ability) -> set:
    """The ids of the ForEach nodes of ``a`` counted when they resolve."""
    found = a.__dict__.get("_rbmodi_counted")
    if found is None:
        found = set()
        for s in a.sentences:
            for node in n.walk(s):
                if type(node) is n.Trigger:
                    found.update(id(f) for f in n.walk(node.effect) if type(f) is n.ForEach)
                elif type(node) is n.ForEach and any(type(d) is n.During
                                                     for d in n.walk(node.effect)):
                    found.add(id(node))
        object.__setattr__(a, "_rbmodi_counted", found)
    return found
