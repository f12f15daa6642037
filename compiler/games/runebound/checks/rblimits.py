"""Checks of the carrying limits (issue 32, part III, branch rblimits); see docs/diagnostics.md.

* RF585 (error): a limit changed by nothing: "You may have 2 Allies instead of 2.", "You may
  carry 0 additional weapons.".
* RF586 (error): a carrying rule on a card that cannot hold it: a limit is a rule of a card
  the Hero holds (a Hero, an Item, an Ally) or of the active event, not of a challenge or an
  encounter; what a card counts as is said by an Item (weapons, armor) or an Ally (Allies).
* RF587 (error): a carrying rule that is not the card's always-on rule: a limit is changed
  while the card is held (or for a duration: "Until the end of this turn, you may carry 1
  additional weapon."), what a card counts as is always so; the engine reads them there only.
* RF588 (error): a knock-out rule ("you keep your gold", "discard this card instead of your
  most expensive Item or Ally") that is not a rule of its own, said alone or under "When your
  Hero is knocked out," (the engine reads it as its Hero is knocked out, before the losses).
* RF589 (error): a knock-out rule on a card that cannot hold it: a Hero keeps a loss by a card
  he holds or the active event; only an Item or an Ally is discarded in place of the priciest.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from ..lower import is_static
from ..lower.rblimits import knockout_ops

# the node types check() reads (checks/__init__.py runs check() only on an ability with one)
NODES = (n.CarryLimit, n.CarriedAs, n.KnockoutKeep, n.KnockoutInstead, n.KnockoutRules)
_KNOCKOUT = (n.KnockoutKeep, n.KnockoutInstead, n.KnockoutRules)
LIMIT_KINDS = ("hero", "item", "ally", "event")  # the cards whose always-on rules reach a Hero
_AS_KINDS = {"item": ("weapon", "armor"), "ally": ("ally",)}


def check(a: n.Ability, ctx, nodes, finding):
    rules = [node for node in nodes if type(node) in NODES]
    if not rules:
        return
    knockout = [node for node in rules if type(node) in _KNOCKOUT]
    if knockout:
        yield from _knockout(a, ctx, finding, knockout)
        rules = [node for node in rules if type(node) not in _KNOCKOUT]
    top = {id(c) for s in a.sentences for c in n.clauses(s)} if is_static(a) else set()
    lasting = {id(c) for node in nodes if type(node) is n.During
               for c in n.clauses(node.effect)}
    for rule in rules:
        if type(rule) is n.CarryLimit:
            yield from _limit(rule, ctx, finding, id(rule) in top or id(rule) in lasting)
        else:
            yield from _counted_as(rule, ctx, finding, id(rule) in top)


def _limit(rule: n.CarryLimit, ctx, finding, standing: bool):
    if rule.delta == 0:
        yield finding("RF585", f"the limit is {rule.count} instead of {rule.count}: it does not "
                               "change", rule.span,
                      hint="say the new limit and the rules' one: 'You may have 3 Allies "
                           "instead of 2.'" if rule.instead_of is not None else
                      "say how many more: 'You may carry 1 additional weapon.'")
    if ctx.kind not in LIMIT_KINDS:
        yield finding("RF586", f"a carrying limit on a {ctx.kind} card: the engine changes a "
                               "Hero's limits by the cards he holds and the active event",
                      rule.span, hint="put the rule on a Hero, an Item or an Ally card")
    elif not standing:
        yield finding("RF587", "a carrying limit changes while the card is held or for a "
                               "duration: not on a condition, a trigger or as a cost's effect",
                      rule.span, hint="say it alone: 'You may carry 1 additional weapon.', or "
                                      "'Until the end of this turn, you may carry 1 additional "
                                      "weapon.'")


def _counted_as(rule: n.CarriedAs, ctx, finding, standing: bool):
    allowed = _AS_KINDS.get(ctx.kind)
    said = rule.kinds if rule.kinds is not None else \
        () if rule.exempt == "all" else (rule.exempt,)
    if allowed is None:
        yield finding("RF586", f"a {ctx.kind} card counts against no carrying limit: what a "
                               "card counts as is said by an Item or an Ally", rule.span,
                      hint="put the rule on the Item or Ally it is about")
    elif any(k not in allowed for k in said):
        names = " or ".join("Allies" if k == "ally" else f"{k}s" if k == "weapon" else k
                            for k in allowed)
        card = "an Item" if ctx.kind == "item" else "an Ally"
        yield finding("RF586", f"{card} counts against the limit of {names} only", rule.span,
                      hint="name the limit of the card's own kind: 'This card does not count "
                           f"against your {'Ally' if ctx.kind == 'ally' else 'weapon'} limit.'")
    if not standing:
        yield finding("RF587", "what a card counts as is its always-on rule: not for a time, on "
                               "a condition or as a cost's effect", rule.span,
                      hint="say it alone: 'This card counts as 2 weapons.'")


def _knockout(a: n.Ability, ctx, finding, rules):
    clauses = [c for s in a.sentences for c in n.clauses(s)]
    alone = a.window in (None, "knocked_out") and not (a.tag or a.costs or a.limits) \
        and all(knockout_ops(c) is not None for c in clauses)
    named = a.window == "knocked_out" or all(
        type(c) is n.KnockoutKeep and c.when for c in clauses)  # "... when knocked out"
    for rule in rules:
        if type(rule) is n.KnockoutRules:
            continue  # its parts are checked (the walk reaches them)
        if not (alone and named):
            yield finding("RF588", "a knock-out rule holds as its Hero is knocked out: say it "
                                   "alone, under 'When your Hero is knocked out,'", rule.span,
                          hint="'When your Hero is knocked out, you keep your gold.' or 'This "
                               "Hero never loses gold when knocked out.'")
        if type(rule) is n.KnockoutInstead and ctx.kind not in ("item", "ally"):
            yield finding("RF589", f"a {ctx.kind} card is not lost to a knock-out: only an Item "
                                   "or an Ally is discarded in place of the priciest", rule.span,
                          hint="put the rule on the Item or Ally that is discarded")
        elif type(rule) is n.KnockoutKeep and ctx.kind not in LIMIT_KINDS:
            yield finding("RF589", f"a knock-out rule on a {ctx.kind} card: the engine reads it "
                                   "from the cards a Hero holds and the active event", rule.span,
                          hint="put the rule on a Hero, an Item or an Ally card")
