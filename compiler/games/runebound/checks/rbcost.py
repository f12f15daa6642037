"""Checks of branch rbcost (issue 32): a cost after an opener ("When you buy an Item, activate to
gain 2 gold."), a payment at the opener's moment (n.PayTo), is paid by the card as the
ability's own costs are, so the same card kinds may pay it:

* RF510 -- "Activate" / "Discard this card" on a card that is never activated or discarded (a
  Hero, an adventure card; an Ally only discards itself);
* RF511 -- an Item's usage that does not allow the cost ("Activate" needs usage activated,
  "Discard" one-use);
* RF512 -- "exhaust this Ally" off an Ally's own card;
* RF514 -- "this Ally rests", "one of your Allies hires an Ally" (branch rbcost's trigger
  events, dsl/runebound/nodes_rbcost.py): an Ally does neither;
* RF513 -- the card's own cost inside a duration that the parser could not say first (a
  duration within a duration, a later sentence's): a lasting effect is kept, not run, so
  nothing would ask for it. ("Until the end of this combat, activate to ..." as the first
  sentence is "Activate to ... until the end of this combat.": parser_rbcost.py.)
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

_ADVENTURE = ("challenge", "event", "encounter")
_CARD_COSTS = (n.Activate, n.DiscardCard, n.AllyExhaustion)


def _payments(nodes):
    return [node for node in nodes if isinstance(node, (n.PayTo, n.PayOr))]


def _kept(node):
    """The payments of the card's own costs a duration keeps unrun: below it, but not below a trigger (a trigger in a
    duration runs its effect, payment and all, each time it fires)."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, (n.PayTo, n.PayOr)):
            if any(isinstance(c, _CARD_COSTS) for c in node.costs):
                yield node
        elif not isinstance(node, n.Trigger):
            stack.extend(reversed(n.children(node)))


def _card_cost(c, ctx, finding):
    word = "Activate" if isinstance(c, n.Activate) else "Discard"
    if ctx.kind == "ally" and isinstance(c, n.DiscardCard) and c.this_card:
        return  # "discard this Ally": the Ally leaves its Hero
    if ctx.kind in ("hero", "ally") + _ADVENTURE:
        done = "activated" if word == "Activate" else "discarded"
        pay = ("place 1 exhaustion on this Ally" if ctx.kind == "ally"
               else "take 1 exhaustion")
        yield finding("RF510", f"{'an' if ctx.kind[0] in 'aeiou' else 'a'} {ctx.kind} card is "
                               f"never {done}: '{word}' after the opener cannot be paid",
                      c.span, hint=f"pay with the Hero: '..., {pay} to ...' or 'pay 1 gold "
                                   "to ...'")
    elif ctx.kind == "item":
        need = "activated" if word == "Activate" else "one-use"
        if ctx.usage != need:
            yield finding("RF511", f"'{word}' after the opener needs usage: {need}, but this "
                                   f"item is {ctx.usage or 'without usage'}", c.span,
                          hint=f"set 'usage: {need}' or pay otherwise ('take 1 exhaustion to "
                               "...')")


def _ally_acts(nodes, finding):
    """RF514: "this Ally rests", "one of your Allies buys an Item": an Ally does none of the
    acts of a trigger's clause said with a subject (the Hero rests, hires, trades, escapes,
    defeats, enters and is tested; resting removes the Allies' exhaustion too). An unknown
    terrain of "another Hero enters a <terrain> space" is RF420, as of "your Hero"."""
    for node in nodes:
        if type(node) is not n.HeroAct:
            continue
        # imported here, where they are needed: an import statement run for every ability
        # was a seventh of checking one (issue 38)
        from runeforge.dsl.runebound.printer_rbcost import VERB, hero_act, you_event

        from .place import unknown_terrains

        if node.verb == "enter":
            yield from unknown_terrains(node.detail, node.span, finding)
        if node.who in ("this_ally", "your_ally"):
            from runeforge.dsl.runebound.printer import event

            said = hero_act(node, event)
            hero = hero_act(n.HeroAct("you", node.verb, node.detail), event) \
                if node.verb in VERB else event(you_event(node))
            yield finding("RF514", f"an Ally does not do this ('{said}'): only a Hero does, so "
                                   "this trigger would never fire", node.span,
                          hint=f"say it of the Hero: 'Every time {hero}, ...'")


# the node types check() reads: an ability with none of them gets no finding here, and
# checks/__init__.py runs check() only on one that has one (issue 38)
NODES = (n.HeroAct, n.PayTo, n.PayOr)


def check(a, ctx, nodes, finding):
    yield from _ally_acts(nodes, finding)
    payments = _payments(nodes)
    if not payments:
        return
    for pay in payments:
        for c in pay.costs:
            if isinstance(c, (n.Activate, n.DiscardCard)):
                yield from _card_cost(c, ctx, finding)
            elif isinstance(c, n.AllyExhaustion) and ctx.kind != "ally":
                yield finding("RF512", "'this Ally' names no card here: only an Ally's own "
                                       "text pays with exhaustion on this Ally", c.span,
                              hint="pay with the Hero: 'take 1 exhaustion to ...'")
    for node in nodes:
        if isinstance(node, n.During):
            for pay in _kept(node.effect):
                yield finding("RF513", "a cost inside a duration: the lasting effect is kept, "
                                       "not run again, so nothing asks for the payment",
                              pay.span, hint="pay first and say the duration after the effect: "
                                             "'<costs> to <effect> until the end of this "
                                             "combat.'")
