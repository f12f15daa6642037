"""An ability's rules text in a locale, from its AST (never written by hand): each node picks
its template (``text_templates.TEMPLATES``, translated in ``delve.po``) and fills its slots.
English is the canonical printer's text (``dsl/delve/printer.py``): the tests hold the two
equal. A clause has two moods: the imperative and ``.purp``, after "Spend a hero die (N+)
to" (the forms of issue 13 only; newer clauses keep the imperative after a colon). A verb
whose subject is plural takes its ``.many`` template ("up to 2 adversaries suffer")."""

from __future__ import annotations

from dataclasses import replace

from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.aura_dhero import is_aura_node  # issue 32 (branch dhero)
from runeforge.dsl.delve.discard import Discard  # issue 32 (branch delveseven)
from runeforge.dsl.delve.pierce import Pierce  # issue 32 (branch delveseven)
from runeforge.dsl.delve.printer import print_cost, sentences, singular
from runeforge.dsl.delve.rolls import RollDie
from runeforge.dsl.delve.spared_dhero import Spared  # issue 32 (branch dhero)

from .text_catalog import _t, action_name
from .text_catalog import counted as _counted
from .text_dadv import missed_range, ranked_adjectives  # issue 32 (branch dadv)
from .text_dadv2 import Spawn, render_spawn  # branch dadv2
from .text_ddice import SetDie, render_ddice  # issue 32 (branch ddice)
from .text_delve9 import Approach, Soak, TakeAction, render9, spent_event
from .text_delve10 import render_roll
from .text_delve11 import NODES11, render11  # issue 32 (session delve11)
from .text_delve12 import NODES12, render12  # issue 32 (branch delve12)
from .text_delve13 import render13  # issue 32 (branch delveseven)
from .text_dhero import hero_event, render_aura, render_state, slay_event  # branch dhero
from .text_dmove import (  # issue 32 (branch dmove)  # issue 32 (branch dmove)
    KeepAway,
    Passage,
    render_keep_away,
    render_passage,
    render_through,
)
from .text_dtarget import HitNeed, NextHit, render_dtarget  # issue 32 (branch dtarget)
from .text_templates import ADJECTIVES

NEW_NODES = (n.Strike, n.Shift, n.Suffer, n.Reroll, n.Ward, n.Boost, n.Until, n.Rider, n.Pick,
             n.Root, n.Steadfast, n.Immune, n.Guard, n.Pin, n.Forbid,
             n.Unpinned, n.Hamper, Approach, Soak, TakeAction, RollDie) + NODES11
NEW_NODES += NODES12   # issue 32 (branch delve12)
NEW_NODES += (Discard, Pierce)   # issue 32 (branch delveseven)
NEW_NODES += (Spared,)   # issue 32 (branch dhero)
NEW_NODES += (SetDie,)   # issue 32 (branch ddice)
NEW_NODES += (Passage, KeepAway)   # issue 32 (branch dmove)
NEW_NODES += (Spawn,)   # branch dadv2
NEW_NODES += (HitNeed, NextHit)   # branch dtarget


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _n(key: str, locale: str, count: int, **slots) -> str:
    text = _counted(key, locale, count)
    return text.format(**slots) if slots else text


def _many(key: str, sel, locale: str, count: int | None = None, **slots) -> str:
    """``key`` or, for a plural subject, ``key.many``."""
    key = key if sel is None or singular(sel) else key + ".many"
    if count is None:
        return _t(key, locale).format(**slots)
    return _n(key, locale, count, **slots)


def _adjs(sel: n.Selector) -> list[str]:
    kinds = {f.kind for f in sel.filters}
    return [a for a in ADJECTIVES if a in kinds]


def _filters(sel: n.Selector, text: str, locale: str) -> str:
    for f in sel.filters:
        if f.kind in ADJECTIVES:
            continue
        if f.kind == "within":
            part = _n("filter.within" + (f".{f.ref}" if f.ref else ""), locale, f.n)
        elif f.kind in ("wounds", "vigour", "wounds_up_to", "vigour_up_to"):  # delve11
            part = _n(f"filter.{f.kind}", locale, f.n)
        elif f.kind == "chamber" and f.ref:   # "in this adversary's chamber" (delve8)
            part = _t(f"filter.chamber.{f.ref}", locale)
        elif f.kind == "adjacent" and f.ref:
            part = _t(f"filter.adjacent.{f.ref}", locale)
        else:
            part = _t(f"filter.{f.kind}", locale)
        text = _t("who.join", locale).format(who=text, filter=part)
    return text


def who(sel: n.Selector, locale: str) -> str:
    text = _one(sel, locale)
    for other in sel.union:
        text = _t("who.or", locale).format(who=text, other=_one(other, locale))
    return text


def _one(sel: n.Selector, locale: str) -> str:
    q = sel.quantity
    if q in ("target", "them", "it"):
        return _t(f"who.{q}", locale)
    if q == "self":
        return _t("who.self.adversary" if sel.side == "adversary" else "who.self", locale)
    if q in ("that", "slayer", "attacked", "wounder"):
        return _t(f"who.{q}.{sel.side}", locale)
    if q in ("most", "fewest"):  # issue 32 (session delve8)
        text = _filters(sel, _t(f"who.{q}.{sel.side}.{sel.rank}", locale), locale)
        return ranked_adjectives(sel, text, locale, _t)   # branch dadv
    key = f"who.{q}.{sel.side}" + "".join(f".{a}" for a in _adjs(sel))
    text = _n(key, locale, sel.count) if q in ("up_to", "n") else _t(key, locale)
    return _filters(sel, text, locale)


def counted(sel: n.Selector, head: str, locale: str) -> str:
    """The plural noun phrase a condition counts (who.none.* / who.count.*), with filters."""
    key = f"who.{head}.{sel.side}" + "".join(f".{a}" for a in _adjs(sel))
    return _filters(sel, _t(key, locale), locale)


def _range_word(rng: str, locale: str) -> str:
    return _t(f"range.{rng}", locale)


def _is_me(sel) -> bool:
    return sel is None or sel.quantity == "self" and sel.side is None


def _strike(e: n.Strike, locale: str) -> str:
    """An adversary's attack, or one with no range (issue 32, session delve8)."""
    slots = {"by": who(e.by, locale)} if e.by is not None else {}
    by = "_by" if e.by is not None else ""
    if e.range is None and e.target is not None:
        text = _t("effect.assail" + by, locale).format(who=who(e.target, locale), **slots)
    elif e.range is None:
        text = _t("effect.strike_any" + by, locale).format(**slots)
    else:
        area = "_area" if e.range == "area" else ""
        key = "effect.strike_by" + ("_on" if e.target is not None else "") + area
        if e.target is not None:
            slots["who"] = who(e.target, locale)
        text = _t(key, locale).format(range=_range_word(e.range, locale), **slots)
    if e.hit is not None:
        text += _t("effect.stats", locale).format(hit=e.hit, damage=e.damage)
    return text


def _shift(e: n.Shift, locale: str) -> str:
    if e.towards is None:
        return _n("effect.shift_nodir", locale, e.spaces, who=who(e.target, locale))
    way = "towards" if e.towards else "away"
    if e.ref is None:
        key = "effect.pull" if e.towards else "effect.push"
        return _n(key, locale, e.spaces, who=who(e.target, locale))
    if _is_me(e.target):
        return _n(f"effect.move_ref.{way}", locale, e.spaces, ref=who(e.ref, locale))
    return _n(f"effect.shift_ref.{way}", locale, e.spaces, who=who(e.target, locale),
              ref=who(e.ref, locale))


def _ward(e: n.Ward, locale: str) -> str:
    if e.per is None and e.wounds > 1:  # "the first 2 wounds" (issue 32, session lang4)
        if e.on is None:
            return _n("effect.ward_n", locale, e.wounds)
        return _n("effect.ward_on_n", locale, e.wounds, who=who(e.on, locale))
    if e.per is None:
        if e.on is None:
            return _t("effect.ward", locale)
        return _t("effect.ward_on", locale).format(who=who(e.on, locale))
    if e.on is None:
        return _t(f"effect.ward_per.{e.per}", locale)
    return _many(f"effect.ward_on_per.{e.per}", e.on, locale, who=who(e.on, locale))


def _rule(e, locale: str) -> str:
    if isinstance(e, n.Guard):
        rng = "_range" if e.range else ""
        slots = {"who": who(e.on, locale), **({"range": _range_word(e.range, locale)}
                                              if e.range else {})}
        if e.stat == "damage":
            way = "damage" if e.amount >= 0 else "damage_minus"
            return _n(f"rule.guard.{way}{rng}", locale, abs(e.amount), **slots)
        way = "roll_plus" if e.amount >= 0 else "roll_minus"
        return _n(f"rule.guard.{way}{rng}", locale, abs(e.amount), **slots)
    if isinstance(e, n.Pin):
        return _many("rule.pin", e.target, locale, who=who(e.target, locale))
    if isinstance(e, n.Steadfast):
        what = "both" if e.pushed and e.pulled else "pushed" if e.pushed else "pulled"
        if e.on is not None and e.on.quantity == "self" and e.on.side is None:
            return _t(f"rule.steadfast_you.{what}", locale)   # branch delveseven
        if e.on is None:
            return _t(f"rule.steadfast.{what}", locale)
        return _t(f"rule.steadfast_on.{what}", locale).format(who=who(e.on, locale))
    rng = _range_word(e.range, locale)
    if e.on is None:
        return _t("rule.immune", locale).format(range=rng)
    return _many("rule.immune_on", e.on, locale, who=who(e.on, locale), range=rng)


def _rider(e: n.Rider, locale: str) -> str:
    effects = _effects(e.effects, locale, "imp")
    if e.instead is not None:   # "… instead" (branch delveseven): the replaced effect is
        effects = _t("rider.instead", locale).format(effects=effects)   # said before it
    if (state := render_state(e, effects, locale, _t, who)) is not None:   # branch dhero
        return state
    if e.cond in ("unpushed", "unpulled"):   # issue 32 (session delve10)
        return _t(f"rider.{e.cond}", locale).format(who=who(e.who, locale), effects=effects)
    if e.cond in ("rolled", "hits", "slays", "misses"):   # misses: delveheroes
        return _t(f"rider.{e.cond}", locale).format(face=e.face, effects=effects)
    if e.cond == "rolled_up":
        return _t("rider.rolled_up", locale).format(face=e.face, effects=effects)
    if e.cond == "wounds":
        me = _is_me(e.who)
        if e.n == 1:
            key = "rider.wounded_you" if me else "rider.wounded"
            return _t(key, locale).format(effects=effects, **({} if me else
                                                              {"who": who(e.who, locale)}))
        key = "rider.wounds_you" if me else "rider.wounds"
        return _n(key, locale, e.n, effects=effects, **({} if me else
                                                         {"who": who(e.who, locale)}))
    if e.cond == "none":
        return _t("rider.none", locale).format(who=counted(e.who, "none", locale),
                                                effects=effects)
    if e.n == 1:  # "another adversary": the "other" a count keeps is in the quantity
        other = any(f.kind == "other" for f in e.who.filters)
        one = n.Selector("another" if other else "one", e.who.side, 1,
                         tuple(f for f in e.who.filters if f.kind != "other"))
        return _t("rider.some_one", locale).format(who=who(one, locale), effects=effects)
    return _n("rider.some_many", locale, e.n, who=counted(e.who, "count", locale),
              effects=effects)


def _new_clause(e, locale: str) -> str:
    if isinstance(e, n.Heal):
        return _n("effect.heal_on", locale, e.wounds, who=who(e.on, locale))
    if isinstance(e, n.Renown):
        return _many("effect.renown_on", e.on, locale, e.amount, who=who(e.on, locale))
    if isinstance(e, n.Strike) and (e.by is not None or e.range is None):
        return _strike(e, locale)
    if isinstance(e, n.Strike):
        rng = _range_word(e.range, locale)
        area = "_area" if e.range == "area" else ""
        text = (_t("effect.strike_on" + area, locale).format(range=rng, who=who(e.target, locale))
                if e.target is not None else _t("effect.strike" + area, locale).format(range=rng))
        if e.hit is not None:
            text += _t("effect.stats", locale).format(hit=e.hit, damage=e.damage)
        return text
    if isinstance(e, n.Shift):
        return _shift(e, locale)
    if isinstance(e, n.Suffer):
        if _is_me(e.target):
            return _n("effect.suffer_self", locale, e.wounds)
        return _many("effect.suffer", e.target, locale, e.wounds, who=who(e.target, locale))
    if isinstance(e, n.Reroll):
        return _t(f"effect.reroll.{e.dice}", locale)
    if isinstance(e, n.Ward):
        return _ward(e, locale)
    if is_aura_node(e):   # a bonus to other heroes (branch dhero)
        return render_aura(e, locale, _many, who, _range_word, _t)
    if isinstance(e, n.Boost):
        if e.stat == "move" and e.on is not None:  # issue 32 (session delve8)
            return _n("effect.boost.move_on", locale, e.amount, who=who(e.on, locale))
        if e.on is not None:                       # its own attacks (delve8)
            key = f"rule.own.{e.stat}" + ("_range" if e.range else "")
            slots = {"range": _range_word(e.range, locale)} if e.range else {}
            return _t(key, locale).replace("{n}", str(e.amount)).format(**slots)
        if e.stat == "move":
            return _t("effect.boost.move", locale).replace("{n}", str(e.amount))
        key = f"effect.boost.{e.stat}" + ("_range" if e.range else "") \
            + ("_next" if e.next else "")   # "your next attack …" (branch delveheroes)
        slots = {"range": _range_word(e.range, locale)} if e.range else {}
        if e.against is not None:  # issue 32 (session lang4)
            key += "_against"
            slots["who"] = who(e.against, locale)
        return _t(key, locale).replace("{n}", str(e.amount)).format(**slots)
    if isinstance(e, n.Pick):
        return _t("effect.pick", locale).format(who=who(e.target, locale))
    if isinstance(e, n.Root):
        return _t("effect.root", locale).format(who=who(e.target, locale))
    if isinstance(e, n.Hamper):
        key = "rule.hamper" + ("_range" if e.range else "")
        slots = {"range": _range_word(e.range, locale)} if e.range else {}
        return _many(key, e.target, locale, who=who(e.target, locale), n=-e.amount, **slots)
    if isinstance(e, n.Unpinned):
        return _t("rule.unpinned", locale)
    if isinstance(e, Spared):   # heroes spared the pin (branch dhero)
        return _many("rule.spared", e.target, locale, who=who(e.target, locale))
    if isinstance(e, n.Forbid):
        return _t(f"rule.forbid.{e.act}", locale).format(who=who(e.target, locale))
    if isinstance(e, (n.Steadfast, n.Immune, n.Guard, n.Pin)):
        return _rule(e, locale)
    if isinstance(e, RollDie):   # issue 32 (session delve10): a die and its rows
        return render_roll(e, locale, _t, who, _many, _effects, _cap)
    if isinstance(e, Pierce):   # issue 32 (branch delveseven): its hits lessened by nothing
        return _t("rule.pierce_range" if e.range else "rule.pierce", locale).format(
            range=_range_word(e.range, locale) if e.range else "")
    if isinstance(e, SetDie):   # issue 32 (branch ddice): a hero's own die changed
        return render_ddice(e, locale, _t)
    if isinstance(e, Passage):   # issue 32 (branch dmove): "you may move through …"
        return render_passage(e, locale, _t)
    if isinstance(e, KeepAway):   # issue 32 (branch dmove): "… never moves adjacent to …"
        return render_keep_away(e, locale, _t, who)
    if isinstance(e, Spawn):   # branch dadv2: adversaries of its kind placed
        return render_spawn(e, locale, _t, _n)
    if isinstance(e, Discard):   # issue 32 (branch delveseven): unspent dice set aside
        return _many("effect.discard", e.target, locale, e.dice, who=who(e.target, locale),
                     n=e.dice)
    if isinstance(e, NODES12):   # issue 32 (branches delve12, delveseven)
        return render13(e, locale, _t, who) or render12(e, locale, _t, who)
    if isinstance(e, NODES11):   # issue 32 (session delve11)
        return render11(e, locale, _t, who)
    if (said := render_dtarget(e, locale, _t, who, _range_word)) is not None:   # dtarget
        return said
    if isinstance(e, (Approach, Soak, TakeAction)):   # issue 32 (session delve9)
        return render9(e, locale, _t, who, _many)
    if isinstance(e, n.Until):
        return _t(f"until.{e.duration}", locale).format(effects=_effects(e.effects, locale,
                                                                          "imp"))
    return _rider(e, locale)


def _clause(e, locale: str, mood: str) -> str:
    if getattr(e, "best_of", 1) > 1:   # "Roll two dice and use the higher result." (delve9)
        return _clause(replace(e, best_of=1), locale, mood) + _counted("rider.best_of", locale,
                                                                      e.best_of)
    if getattr(e, "for_each", None) is not None:   # issue 32 (branch delve12)
        return _t("rider.for_each", locale).format(
            effect=_clause(replace(e, for_each=None), locale, mood), who=who(e.for_each, locale))
    through = render_through(e, locale, _t, lambda m: _clause(m, locale, mood))   # dmove
    if through is not None:
        return through
    suffix = ".purp" if mood == "purp" else ""
    if isinstance(e, NEW_NODES) or (isinstance(e, (n.Heal, n.Renown)) and e.on):
        return _new_clause(e, locale)
    if isinstance(e, n.Explore):
        return _t("effect.explore" + suffix, locale)
    if isinstance(e, n.Skill):
        return _t("effect.skill" + suffix, locale)
    if isinstance(e, n.Move) and e.on is not None:  # other heroes move (issue 32)
        if e.their:
            return _many("effect.move_them", e.on, locale, e.up_to, who=who(e.on, locale))
        return _n("effect.move_on", locale, e.up_to, who=who(e.on, locale))
    if isinstance(e, n.Move):
        return _n("effect.move" + suffix, locale, e.up_to)
    if isinstance(e, n.Heal):
        return _n("effect.heal" + suffix, locale, e.wounds)
    if isinstance(e, n.Renown):
        return _n("effect.renown" + suffix, locale, e.amount)
    return _t("effect.attack" + suffix, locale).format(
        target=_t(f"target.{e.target}{suffix}", locale),
        range=_t(f"range.{e.range}", locale), hit=e.hit, damage=e.damage)


def _effects(effects, locale: str, mood: str) -> str:
    text = _clause(effects[0], locale, mood)
    for e in effects[1:]:
        text = _t("join", locale).format(first=text, next=_clause(e, locale, mood))
    return text


def _body(effects, locale: str, mood: str, first_capital: bool = True,
          limit: str | None = None) -> str:
    """The sentences of ``effects`` (a duration or a rider starts its own), without the
    final full stop the form adds."""
    parts = [_effects(s, locale, mood) for s in sentences(effects)]
    text = _cap(parts[0]) if first_capital else parts[0]
    for part in parts[1:]:
        text = _t("sentence", locale).format(first=text, next=_cap(part))
    if limit in ("turn", "round", "game"):   # "round": branch delveseven; "game": dadv2
        text += ". " + _t(f"limit.{limit}", locale)[:-1]
    return text


def _old_only(effects) -> bool:
    return len(sentences(effects)) == 1 and not any(
        isinstance(e, NEW_NODES) or (isinstance(e, (n.Heal, n.Renown)) and e.on)
        for e in effects)


def _event(a: n.Trigger, locale: str, body: str) -> str:
    ev = a.event
    if ev == "turn_end":
        return _t("form.turn_end", locale).format(effects=body)
    if ev in ("turn_start", "round_start", "round_end", "phase_start", "phase_end"):
        return _t(f"form.clock.{ev}", locale).format(effects=body)
    if ev in ("wounded", "attacks") and a.who is None:
        return _t(f"form.{ev}_you", locale).format(effects=body)
    if (said := missed_range(a, locale, body, _t, who)) is not None:   # branch dadv
        return said
    if ev in ("pushed", "pulled", "activated", "missed", "wounds"):   # wounds: dtarget  # issue 32 (session delveg): this adversary's own
        return _t(f"form.{ev}", locale).format(who=who(a.who, locale), effects=body)
    if ev == "move_ended":   # branch dmove: a hero ends its move next to this adversary
        return _many("form.move_ended", a.who, locale, who=who(a.who, locale), effects=body)
    if ev == "approached" and a.who is not None and a.who.side == "hero":   # delveseven
        return _many("form.hero_approached", a.who, locale, who=who(a.who, locale), effects=body)
    if ev in ("wounded", "slain", "attacks", "approached"):
        return _many(f"form.{ev}", a.who, locale, who=who(a.who, locale), effects=body)
    if ev in ("healed", "skill"):   # a hero's events (branch dhero)
        return _t("form.trigger", locale).format(event=hero_event(a, locale, _t, who),
                                                 effects=body)
    if ev == "spent":   # issue 32 (session delve9)
        return _t("form.trigger", locale).format(event=spent_event(a.faces, locale, _t),
                                                 effects=body)
    area = "_area" if a.range == "area" else ""
    event = (_t("event.slay_range" + area, locale).format(range=_range_word(a.range, locale))
             if a.range else _t(f"event.{ev}", locale))
    if ev == "slay" and a.who is not None:   # only the adversaries it names (branch dhero)
        event = slay_event(a, locale, _t, who, _range_word)
    return _t("form.trigger", locale).format(event=event, effects=body)


def _label(name: str, text: str, locale: str) -> str:
    if not name:
        return text
    return _t("form.label", locale).format(name=action_name(name, locale), text=text)


def render_ability(ability, locale: str) -> str:
    """The text of one parsed ability in ``locale``."""
    if isinstance(ability, n.Action):
        body = _body(ability.effects, locale, "imp", limit=ability.limit)
        if not ability.name:
            return _t("form.bare", locale).format(cost=print_cost(ability.cost), effects=body)
        return _t("form.action", locale).format(
            name=action_name(ability.name, locale), cost=print_cost(ability.cost), effects=body)
    if isinstance(ability, n.Spend):
        if _old_only(ability.effects) and not ability.limit:
            return _t("form.spend", locale).format(
                cost=print_cost(ability.cost), effects=_effects(ability.effects, locale, "purp"))
        return _t("form.spend.imp", locale).format(
            cost=print_cost(ability.cost),
            effects=_body(ability.effects, locale, "imp", False, ability.limit))
    if isinstance(ability, n.Constant):
        text = _t("form.constant", locale).format(effects=_body(ability.effects, locale, "imp",
                                                                limit=ability.limit))
        return _label(ability.name, text, locale)
    body = _body(ability.effects, locale, "imp", first_capital=False, limit=ability.limit)
    return _label(ability.name, _event(ability, locale, body), locale)
