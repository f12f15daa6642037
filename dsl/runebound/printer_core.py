"""Canonical English of the compositional core (issue 32, part III), registered on
printer.text by :func:`install` (printer.py calls it; this module does not import it).

A subject other than "you" takes the third person ("each Hero gains 1 gold"); the canonical
order puts a duration first ("Until the end of this turn, each Hero in a swamp space receives
+1 Body.") and "for each ..." last.
"""

from __future__ import annotations

from . import nodes as n
from .nodes_lists import article, terrain_words
from .nodes_place import TERRAIN_PLURAL

# countable -> (singular after "for each", plural after "with N or more" / "the most")
COUNTED = {"wound": ("wound", "wounds"), "exhaustion": ("exhaustion", "exhaustion"),
           "gold": ("gold", "gold"), "item": ("Item", "Items"), "ally": ("Ally", "Allies"),
           "trophy": ("trophy", "trophies")}
# the imperative's first word -> the third person
THIRD = {"gain": "gains", "lose": "loses", "draw": "draws", "discard": "discards",
         "move": "moves", "roll": "rolls", "test": "tests", "take": "takes",
         "end": "ends", "receive": "receives", "pay": "pays", "place": "places",
         "remove": "removes", "make": "makes", "inflict": "inflicts"}


def selector(sel: n.Selector) -> str:
    if sel.who in ("most", "fewest"):
        word = "least" if sel.who == "fewest" and sel.measure in ("gold", "exhaustion") \
            else sel.who
        return f"the Hero with the {word} {COUNTED[sel.measure][1]}"
    out = "each other Hero" if sel.who == "each_other" else "each Hero"
    if sel.who == "another":  # branch rbverb: one other Hero, picked by the card's Hero
        out = "another Hero"
    if sel.place == "space":
        out += " in your space"
    elif sel.place == "town":
        out += " in a town"
    elif sel.place is not None:
        words = terrain_words(sel.place)  # one terrain or several (issue 32, lists)
        out += f" in {article(words)} {words} space"
    if sel.within is not None:
        out += f" within {sel.within} {'space' if sel.within == 1 else 'spaces'}"
    if sel.having is not None:
        count, what = sel.having  # a count of 0 is "with no ..." (session rbsubj)
        out += f" with {count or 'no'}{' or more' if count else ''} {COUNTED[what][1]}"
    return out


def with_events(inner):
    """printer.event, taught "this Ally is defeated"."""

    def event(e) -> str:
        if isinstance(e, n.AllyDefeated):
            return "this Ally is defeated"
        if isinstance(e, n.CardTraded):
            return f"you {e.verb} this card"
        if isinstance(e, n.ItemTraded):
            return f"you {e.verb} an Item"
        if isinstance(e, n.EventDrawn):
            return "you draw an event card"
        if isinstance(e, n.CombatRound):
            return f"a combat round {e.edge}s"
        return inner(e)

    return event


FIXED = {n.KeepTrophy: "keep it as a trophy", n.EndTurn: "end your turn",
         n.DiscardAlly: "discard one of your Allies", n.Nothing: "nothing happens"}


def most(node: n.ForEach) -> str:
    """The cap of a "for each" amount (issue 32, session bonus), or nothing."""
    return "" if node.most is None else f", to a maximum of {node.most}"


def install(text, amount, noun, targets, durations, after_to=None) -> None:
    after_to = after_to or text  # the effect after "<costs> to" (printer._after_to)
    targets.setdefault("this_challenge", "this challenge")
    targets.setdefault("this_ally", "this Ally")
    targets.setdefault("each_other_ally", "each of your other Allies")

    def third(node) -> str:
        """``node`` (said of "you") said of a Hero in the third person."""
        if isinstance(node, n.And):
            return " and ".join(third(i) for i in node.items)
        if isinstance(node, n.ForEach):
            return f"{third(node.effect)} for each {COUNTED[node.per][0]} they have{most(node)}"
        if isinstance(node, n.During):  # branch rbmodi: a count over a duration, said after
            return f"{third(node.effect)} {durations[node.until]}"
        if isinstance(node, n.Heal) and node.target == "hero":
            one = noun(node.amount, "1", "2").endswith(" 1")  # singular by the amount
            tokens = " and ".join(("wound" if one else "wounds") if t == "wound" else t
                                  for t in node.tokens)
            return f"discards {amount(node.amount)} {tokens}"
        if isinstance(node, n.EndTurn):
            return "ends their turn"
        if isinstance(node, n.DiscardAlly):
            return "discards one of their Allies"
        words = text(node)
        if words.startswith("you "):
            words = words[4:]
        first, _, rest = words.partition(" ")
        return f"{THIRD.get(first, first)} {rest}"

    @text.register
    def _(node: n.Each) -> str:
        # the parser scopes every duration said before the subject to each Hero's predicate
        # ("until A, until B, each Hero ..." is Each(During(A, During(B, ...)))): all of them,
        # outermost first, go back before the subject; one left on the predicate would be
        # printed after it, where it does not read back
        inner, lead = node.effect, []
        while isinstance(inner, n.During):
            lead.append(f"{durations[inner.until]}, ")
            inner = inner.effect
        return f"{''.join(lead)}{selector(node.selector)} {third(inner)}"

    @text.register
    def _(node: n.ForEach) -> str:
        # the effect's own conditions after it too: "if ..., X for each ..." reads back as
        # "if" around "for each", the other way round
        said = after_to(node.effect)
        if isinstance(node.effect, n.Modifier) and node.effect.subject == "you":
            said = f"you {said}"  # a sentence of its own: "You receive +1 Mind for each ..."
        return f"{said} for each {COUNTED[node.per][0]} you have{most(node)}"

    @text.register
    def _(node: n.LoseGold) -> str:
        return f"lose {amount(node.amount)} gold"

    for cls, words in FIXED.items():  # nodes with no fields: one fixed phrase each
        text.register(cls)(lambda node, words=words: words)

    @text.register
    def _(node: n.PayTo) -> str:
        return f"{' and '.join(text(c) for c in node.costs)} to {after_to(node.effect)}"

    @text.register
    def _(node: n.PayOr) -> str:  # "pay 3 gold or take 2 wounds": the payment first
        return f"{' and '.join(text(c) for c in node.costs)} or {text(node.otherwise)}"

    restrict = text.dispatch(n.Restrict)

    @text.register
    def _(node: n.Restrict) -> str:
        if node.action == "buy_items":
            return "Heroes cannot buy Items"
        if node.action == "buy_allies":
            return "Heroes cannot buy Allies"
        if node.action.startswith("enter_"):
            terrain = node.action[len("enter_"):]
            return f"Heroes cannot enter {TERRAIN_PLURAL.get(terrain, terrain)}"
        return restrict(node)

    @text.register
    def _(node: n.CannotBeWounded) -> str:
        who = {"each_ally": "your Allies", "this_ally": "this Ally"}.get(node.subject, "your Hero")
        return f"{who} cannot be wounded"

