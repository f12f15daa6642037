"""Localised text of the compositional core (issue 32, part III): Renderer methods of its nodes
(:func:`install`, called at the end of render.py; this module does not import render.py).

A clause said of other Heroes takes the third person: its template is ``each.<clause>`` (one
per verb the core lets a subject other than "you" take), the subject ``selector.<who>`` with
its filters (``selector.space``, ``selector.terrain``, ``selector.within``,
``selector.having.<countable>``) wrapped round it, or ``selector.most.<countable>``.
"""

from __future__ import annotations

from runeforge.dsl.runebound import nodes as n

from .render_place import _terrain
from .terms import Counted, category

TOKENS = {"wound": "wound", "exhaustion": "exhaustion"}


def _selector(self, sel: n.Selector) -> str:
    if sel.who in ("most", "fewest"):
        return self.t(f"selector.{sel.who}.{sel.measure}")
    who = self.t(f"selector.{sel.who}")
    if sel.place == "space":
        who = self.t("selector.space", who=who)
    elif sel.place == "town":  # issue 32: "each Hero in a town"
        who = self.t("selector.town", who=who)
    elif sel.place is not None:
        who = self.t("selector.terrain", who=who, terrain=_terrain(self, sel.place))
    if sel.within is not None:
        who = self.t("selector.within", who=who,
                     spaces=self.qty(n.Amount("fixed", (sel.within,)), "space"))
    if sel.having is not None:
        count, what = sel.having
        who = self.t(f"selector.having.{what}", who=who, n=self.num(count)) if count else \
            self.t(f"selector.none.{what}", who=who)  # "with no ..." (session rbsubj)
    return who


def _third(self, node) -> str:
    """``node`` (a clause said of "you") in the third person."""
    if isinstance(node, n.ForEach):
        return _most(self, node, self.t(f"each.for_each.{node.per}",
                                        effect=_third(self, node.effect)))
    if isinstance(node, n.And):
        return self.join([_third(self, i) for i in node.items])
    if isinstance(node, n.MayDo):  # "each Hero may ..." (issue 32, session lang4)
        return self.t("each.may", effect=self.effect(node.effect, "inf"))
    if isinstance(node, n.Suffer):
        return self.t("each.take", what=self.qty(node.amount, TOKENS[node.token]))
    if isinstance(node, n.Modifier):
        stat = self._counted_stat(node)
        return self.t("each.receive", value=self.signed(node.value), stat=stat)
    if isinstance(node, n.Heal):
        tokens = self.qty(node.amount, *(TOKENS[t] for t in node.tokens))
        if node.target == "hero":
            return self.t("each.discard", tokens=tokens)
        return self.t("each.discard_from", tokens=tokens,
                      target=self.term("targets", node.target))
    simple = {n.GainGold: ("each.gain_gold", "gold", "gold"),
              n.LoseGold: ("each.lose_gold", "gold", "gold"),
              n.DrawMarket: ("each.draw_market", "cards", "market_card"),
              n.GainExperience: ("each.gain_experience", "experience", "experience"),
              n.Move: ("each.move", "spaces", "space"),
              n.MovementDice: ("each.movement_dice", "dice", "additional_movement_die")}
    if type(node) in simple:
        key, slot, term = simple[type(node)]
        return self.t(key, **{slot: self.qty(node.amount, term)})
    if isinstance(node, n.EndTurn):
        return self.t("each.end_turn")
    if isinstance(node, n.DiscardAlly):
        return self.t("each.discard_ally")
    raise TypeError(f"cannot render {type(node).__name__} said of other Heroes")


def _counted_stat(self, node):
    return Counted((self.term("stats", node.stat),), category(self.locale, abs(node.value)))


def _each(self, node: n.Each, mood: str) -> str:
    who = _selector(self, node.selector)
    inner = node.effect
    if isinstance(inner, n.During) and isinstance(inner.effect, n.During):
        # durations one inside another: the outer ones first, as the printer writes them
        # (a fuzz failure: "cannot render During said of other Heroes")
        return self.effect(n.During(inner.until, n.Each(node.selector, inner.effect,
                                                        span=node.span), span=inner.span), mood)
    if isinstance(inner, n.During):
        return self.t("effect.each.during", duration=self.t(f"duration.{inner.until}"),
                      who=who, effect=_third(self, inner.effect))
    return self.t("effect.each", who=who, effect=_third(self, inner))


def _foreach(self, node: n.ForEach, mood: str) -> str:
    return _most(self, node, self.t(f"effect.for_each.{node.per}",
                                    effect=self.effect(node.effect, mood)))


def _most(self, node: n.ForEach, text: str) -> str:
    """A "for each" amount with its cap (issue 32, session bonus), or as it is."""
    if node.most is None:
        return text
    return self.t("effect.for_each_most", effect=text, n=self.num(node.most))


def _losegold(self, node, mood: str) -> str:
    return self.verb("effect.lose_gold", mood, gold=self.qty(node.amount, "gold"))


def _keeptrophy(self, node, mood: str) -> str:
    return self.verb("effect.keep_trophy", mood)


def _endturn(self, node, mood: str) -> str:
    return self.verb("effect.end_turn", mood)


def _discardally(self, node, mood: str) -> str:
    return self.verb("effect.discard_ally", mood)


def _nothing(self, node, mood: str) -> str:
    return self.t("effect.nothing")


def _payto(self, node: n.PayTo, mood: str) -> str:
    costs = self.join([self.effect(c) for c in node.costs])
    return self.t("effect.pay_to", costs=costs, effect=self.effect(node.effect, "purp"))


def _payor(self, node: n.PayOr, mood: str) -> str:
    costs = self.join([self.effect(c) for c in node.costs])
    return self.t("effect.pay_or", costs=costs, effect=self.effect(node.otherwise))


def _allyexhaustion(self, node: n.AllyExhaustion, mood: str) -> str:
    return self.t("cost.ally_exhaustion", what=self.qty(node.amount, TOKENS["exhaustion"]),
                  target=self.term("targets", "this_ally"))


def _cannotbewounded(self, node, mood: str) -> str:
    return self.t(f"effect.cannot_be_wounded.{node.subject}")


METHODS = {"_each": _each, "_foreach": _foreach, "_losegold": _losegold,
           "_endturn": _endturn, "_keeptrophy": _keeptrophy, "_discardally": _discardally, "_nothing": _nothing,
           "_payto": _payto, "_payor": _payor, "_allyexhaustion": _allyexhaustion, "_cannotbewounded": _cannotbewounded,
           "_counted_stat": _counted_stat}


def _with_events(inner):
    def event(self, e) -> str:
        if isinstance(e, n.AllyDefeated):
            return self.t("event.ally_defeated")
        if isinstance(e, n.CardTraded):
            return self.t(f"event.card_{e.verb}")
        if isinstance(e, n.ItemTraded):
            return self.t(f"event.item_{e.verb}")
        if isinstance(e, n.EventDrawn):
            return self.t("event.event_draw")
        if isinstance(e, n.CombatRound):
            return self.t(f"event.round_{e.edge}")
        return inner(self, e)

    return event


def install(renderer_cls) -> None:
    for name, method in METHODS.items():
        setattr(renderer_cls, name, method)
    restrict, terrain_rule, immune = (renderer_cls._restrict, renderer_cls._terrainrule,
                                      renderer_cls._immune)
    woundcap = renderer_cls._woundcap

    def _restrict(self, node, mood):
        if node.action in ("buy_items", "buy_allies"):
            return self.t(f"effect.restrict.{node.action}")
        if node.action.startswith("enter_"):  # issue 32 (session lang4)
            terrain = node.action[len("enter_"):]
            return self.t("effect.restrict.enter",
                          terrain=self.terms.find("terrains", terrain) or terrain)
        return restrict(self, node, mood)

    def _terrainrule(self, node, mood):
        if node.skill is not None:
            return terrain_rule(self, node, mood)
        find = self.terms.find
        return self.t("effect.terrain_rule.all",
                      terrain=find("terrains", node.terrain) or node.terrain,
                      like=find("terrains", node.like) or node.like)

    def _immune(self, node, mood):
        if node.subject == "hero":
            return immune(self, node, mood)
        return self.t("effect.immune", target=self.term("targets", node.subject),
                      phase=self.term("phases", node.phase))

    def _woundcap(self, node, mood):
        # "each other Hero in a town takes no more than ...": parses, check refuses (RF427),
        # yet the rules text of every parsed ability renders in each locale
        if not isinstance(node.subject, n.Selector):
            return woundcap(self, node, mood)
        return self.t("effect.wound_cap" + (".round" if node.per == "round" else ""),
                      target=_selector(self, node.subject),
                      wounds=self.qty(n.Amount("fixed", (node.value,)), "wound"))

    trigger = renderer_cls._trigger

    def _trigger(self, node, mood):  # "At the start / end of each combat round, ..."
        if node.event_first and type(node.event) is n.CombatRound:
            return self.t(f"effect.round_{node.event.edge}",
                          effect=self.effect(node.effect, mood))
        return trigger(self, node, mood)

    renderer_cls._trigger = _trigger
    renderer_cls._restrict, renderer_cls._terrainrule = _restrict, _terrainrule
    renderer_cls._woundcap = _woundcap
    renderer_cls._immune = _immune
    renderer_cls.event = _with_events(renderer_cls.event)
