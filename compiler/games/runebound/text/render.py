"""Localised rules text generated from the ability AST (runeforge.dsl.runebound.nodes).

Every AST node kind has one whole-sentence template (runeforge.games.runebound.text.templates) looked up by
its msgctxt in the locale's catalog; slots are filled with numbers, terms in the form the
translator chose, targets in a case, and nested phrases rendered the same way. English
("en") uses the English msgids and term table, and equals runeforge.dsl.runebound.printer exactly;
"en-XA" is the pseudo-locale (runeforge.l10n.pseudo).

    render_ability(ability, "ru")  -> "Перед боем: ..."
    render_blocks(ability, "ru")   -> ("Перед боем", "...")   # the PDF draws the tag bold
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from babel.numbers import format_decimal

from runeforge.dsl.runebound import nodes as n
from runeforge.l10n import pseudo
from runeforge.l10n.localedir import babel_locale
from runeforge.l10n.slots import SlotError, fill

from .render_branching import BranchingRender  # families 1-3 (issue 21)
from .templates import TEMPLATES, mood_key
from .terms import Counted, Listed, Term, category, load_terms

LOCALES = ("en", "fi", "pl", "el", "ru", "en-XA")
TOKENS = {"wound": "wound", "wounds": "wound", "exhaustion": "exhaustion"}


@dataclass(frozen=True)
class Quantity:
    """An amount of terms ("2 wounds", "all wounds and exhaustion"), rendered by the
    ``amount.<kind>`` template in the case the enclosing template asks for."""

    amount: n.Amount
    terms: tuple[Term, ...]


class Renderer(BranchingRender):  # BranchingRender: families 1-3 (issue 21)
    def __init__(self, locale: str):
        if locale not in LOCALES:
            raise ValueError(f"unknown locale {locale!r}; available: {', '.join(LOCALES)}")
        self.locale = locale
        self.terms = load_terms(locale)
        self.catalog = None
        if locale not in ("en", "en-XA"):
            from runeforge.l10n.catalogs import translations

            self.catalog = translations(locale)

    # ---- messages and slots -----------------------------------------------------------
    def msg(self, key: str) -> str:
        english = TEMPLATES[key]
        if self.catalog is None:
            return english
        return self.catalog.pgettext(key, english)

    def t(self, key: str, **values) -> str:
        return fill(self.msg(key), values, self.inflect)

    def inflect(self, value, form: str | None) -> str:
        if isinstance(value, str):
            return value  # numbers, nested phrases, proper nouns: one form
        if isinstance(value, Term):
            return value.form(form)
        if isinstance(value, Counted):
            return self.join([t.form(form, value.cat) for t in value.terms])
        if isinstance(value, Quantity):
            return self.quantity(value, form)
        if isinstance(value, Listed):  # issue 32 (lists): "swamp or forest", each in its form
            words = [t.form(form) if isinstance(t, Term) else str(t) for t in value.terms]
            return self.listed(words)
        raise SlotError(f"cannot fill a slot with {type(value).__name__}")

    def join(self, parts: list[str]) -> str:
        out = parts[0]
        for part in parts[1:]:
            out = self.t("list.and", first=out, second=part)
        return out

    def listed(self, words: list[str]) -> str:
        """"a, b or c" in the locale's words: ``list.comma`` then ``list.or`` (issue 32)."""
        out = words[0]
        for word in words[1:-1]:
            out = self.t("list.comma", first=out, second=word)
        return self.t("list.or", first=out, second=words[-1]) if len(words) > 1 else out

    def num(self, value) -> str:
        return format_decimal(value, locale=babel_locale(self.locale))

    def signed(self, value: int) -> str:
        return self.t("number.signed", n=self.num(value)) if value >= 0 else self.num(value)

    def term(self, section: str, key: str) -> Term:
        return self.terms.get(section, key)

    def quantity(self, q: Quantity, case: str | None) -> str:
        a = q.amount
        values: dict = {}
        if a.kind in ("fixed", "up_to", "at_least"):
            values["n"] = self.num(a.values[0])
            cat = category(self.locale, a.values[0])
        elif a.kind == "choice":
            values["n"], values["m"] = self.num(a.values[0]), self.num(a.values[-1])
            cat = category(self.locale, a.values[-1])
        elif a.kind in ("x", "all"):
            cat = category(self.locale, a.kind)
        else:
            raise SlotError(f"unknown amount kind {a.kind!r}")
        values["noun"] = Counted(q.terms, cat)
        template = self.msg(f"amount.{a.kind}")
        return fill(template, values,
                    lambda v, form: self.inflect(v, form or case if isinstance(v, Counted)
                                                 else form))

    def qty(self, amount: n.Amount, *keys: str) -> Quantity:
        return Quantity(amount, tuple(self.term("terms", k) for k in keys))

    # ---- clauses ---------------------------------------------------------------------
    def effect(self, node, mood: str = "imp") -> str:
        method = getattr(self, "_" + type(node).__name__.lower(), None)
        if method is None:
            raise TypeError(f"cannot render {type(node).__name__}")
        return method(node, mood)

    def verb(self, key: str, mood: str, **values) -> str:
        return self.t(mood_key(key, mood), **values)

    def _suffer(self, node: n.Suffer, mood: str) -> str:
        what = self.qty(node.amount, TOKENS[node.token])
        if node.target is None:
            return self.verb("effect.take", mood, what=what)
        if node.target == "you":
            return self.t("effect.suffer.you", what=what)
        return self.t("effect.suffer.subject", target=self.term("targets", node.target),
                      what=what)

    def _activate(self, node, mood: str) -> str:
        return self.t("cost.activate")

    def _discardcard(self, node: n.DiscardCard, mood: str) -> str:
        return self.t("cost.discard_this" if node.this_card else "cost.discard")

    def _paygold(self, node: n.PayGold, mood: str) -> str:
        return self.t("cost.pay_gold", gold=self.qty(node.amount, "gold"))

    def _modifier(self, node: n.Modifier, mood: str) -> str:
        stat = Counted((self.term("stats", node.stat),), category(self.locale, abs(node.value)))
        value = self.signed(node.value)
        if node.subject == "you" and mood != "imp":  # after "you may" / a cost's "to"
            return self.verb("effect.receive", mood, value=value, stat=stat)
        if node.subject == "you":
            return self.t("effect.modifier.you", value=value, stat=stat)
        return self.t("effect.modifier", target=self.term("targets", node.subject),
                      value=value, stat=stat)

    def _costmodifier(self, node: n.CostModifier, mood: str) -> str:
        subjects = Counted(tuple(self.term("subjects", s) for s in node.subjects))
        if node.factor is not None:
            return self.t("effect.cost.double", subjects=subjects)
        delta = abs(node.delta)
        gold = Counted((self.term("terms", "gold"),), category(self.locale, delta))
        key = "effect.cost.more" if node.delta > 0 else "effect.cost.less"
        return self.t(key, subjects=subjects, n=self.num(delta), gold=gold)

    def _attack(self, node: n.Attack, mood: str) -> str:
        phase = self.term("phases", node.phase)
        if node.bonus is None:
            return self.verb("effect.attack", mood, phase=phase)
        return self.verb("effect.attack.bonus", mood, phase=phase,
                         bonus=self.signed(node.bonus))

    def _inflict(self, node: n.Inflict, mood: str) -> str:
        return self.verb("effect.inflict", mood, wounds=self.qty(node.amount, "wound"),
                         target=self.term("targets", node.target))

    def _cancel(self, node: n.Cancel, mood: str) -> str:
        return self.verb("effect.cancel", mood, wounds=self.qty(node.amount, "wound"),
                         target=self.term("targets", node.target))

    def _heal(self, node: n.Heal, mood: str) -> str:
        tokens = self.qty(node.amount, *(TOKENS[t] for t in node.tokens))
        return self.verb("effect.heal", mood, tokens=tokens,
                         target=self.term("targets", node.target))

    def _test(self, node: n.Test, mood: str) -> str:
        attribute = self.term("stats", node.attribute)
        number = self.num(node.target_number)
        if not node.skill:
            return self.verb("effect.test", mood, attribute=attribute, number=number)
        skill = self.terms.find("skills", node.skill) or node.skill
        return self.verb("effect.test.skill", mood, attribute=attribute, skill=skill,
                         number=number)

    def _move(self, node: n.Move, mood: str) -> str:
        key = {(False, False): "effect.move", (True, False): "effect.move.any",
               (False, True): "effect.move.instead",
               (True, True): "effect.move.any_instead"}[(node.any_direction,
                                                         node.instead_of_rolling)]
        return self.verb(key, mood, spaces=self.qty(node.amount, "space"))

    def _movementdice(self, node: n.MovementDice, mood: str) -> str:
        return self.verb("effect.movement_dice", mood,
                         dice=self.qty(node.amount, "additional_movement_die"))

    def _gaingold(self, node: n.GainGold, mood: str) -> str:
        return self.verb("effect.gain_gold", mood, gold=self.qty(node.amount, "gold"))

    def _drawmarket(self, node: n.DrawMarket, mood: str) -> str:
        return self.verb("effect.draw_market", mood, cards=self.qty(node.amount, "market_card"))

    def _restrict(self, node: n.Restrict, mood: str) -> str:
        return self.t("effect.restrict.escape" if node.action == "escape"
                      else "effect.restrict.ally_attack")

    def _and(self, node: n.And, mood: str) -> str:
        return self.join([self.effect(item, mood) for item in node.items])

    def _maydo(self, node: n.MayDo, mood: str) -> str:
        return self.t("effect.may", effect=self.effect(node.effect, "inf"))

    def _outcome(self, node: n.Outcome, mood: str) -> str:
        key = "effect.outcome.success" if node.outcome == "success" else "effect.outcome.failure"
        return self.t(key, effect=self.effect(node.effect, mood))

    def _during(self, node: n.During, mood: str) -> str:
        if mood != "imp":  # after "you may" / a cost's "to": the duration after the effect
            return self.t("effect.during.after", duration=self.t(f"duration.{node.until}"),
                          effect=self.effect(node.effect, mood))
        return self.t("effect.during", duration=self.t(f"duration.{node.until}"),
                      effect=self.effect(node.effect, mood))

    def _trigger(self, node: n.Trigger, mood: str) -> str:
        key = "effect.trigger.first" if node.event_first else "effect.trigger.after"
        return self.t(key, event=self.event(node.event), effect=self.effect(node.effect, mood))

    def event(self, e) -> str:
        if isinstance(e, n.TakesWounds):
            values = {"target": self.term("targets", e.target),
                      "wounds": self.qty(e.amount, "wound")}
            if e.phase:
                return self.t("event.takes_wounds.phase", phase=self.term("phases", e.phase),
                              **values)
            if e.attack:  # branch rbdamage: "... from a single attack"
                return self.t("event.takes_wounds.attack", **values)
            return self.t("event.takes_wounds", **values)
        if isinstance(e, n.DefeatChallenge):
            return self.t("event.defeat_challenge")
        if isinstance(e, n.KnockedOut):
            return self.t("event.knocked_out")
        raise TypeError(f"unknown event {type(e).__name__}")

    # ---- the ability -------------------------------------------------------------------
    def blocks(self, ability: n.Ability) -> tuple[str | None, str]:
        sentences = [self.effect(s) for s in ability.sentences]
        if ability.costs:
            costs = self.join([self.effect(c) for c in ability.costs])
            if ability.cost_style == "to":
                sentences[0] = self.t("ability.cost_to", costs=costs,
                                      effect=self.effect(ability.sentences[0], "purp"))
            else:
                sentences.insert(0, costs)
        lead = []
        if ability.limits:
            lead.append(self.join([self.t(f"limit.{x}") for x in ability.limits]))
        if ability.window:
            lead.append(self.t(f"window.{ability.window}"))
        first = sentences[0]
        # "At the start of your turn, if ..., take ...": a sentence that opens with a clause of
        # its own ("if", "while") is set off from the lead by a comma in every language
        clause = not ability.costs and isinstance(ability.sentences[0],
                                                  (n.IfState, n.WhileState))
        for i, item in enumerate(reversed(lead)):
            key = "ability.lead.clause" if clause and i == 0 else "ability.lead"
            if key == "ability.lead.clause":  # a window whose words end in a comma (fi "kun
                item = item.rstrip(",")  # voitat haasteen,") gets the clause's one comma
            first = self.t(key, lead=item, sentence=first)
        body = " ".join(_cap(s) + "." for s in [first, *sentences[1:]])
        tag = self.t(f"tag.{ability.tag}") if ability.tag else None
        return tag, body

    def ability(self, ability: n.Ability) -> str:
        tag, body = self.blocks(ability)
        return self.t("ability.tagged", tag=tag, text=body) if tag else body


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


@lru_cache(maxsize=None)
def renderer(locale: str) -> Renderer:
    return Renderer(locale)


def render_blocks(ability: n.Ability, locale: str) -> tuple[str | None, str]:
    """(the localised tag without its colon, or None; the rest of the text)."""
    if locale == "en-XA":
        tag, body = renderer("en").blocks(ability)
        return (pseudo.pseudo(tag) if tag else None), pseudo.pseudo(body)
    return renderer(locale).blocks(ability)


def render_ability(ability: n.Ability, locale: str) -> str:
    """The whole localised text of one ability."""
    if locale == "en-XA":
        return pseudo.pseudo(renderer("en").ability(ability))
    return renderer(locale).ability(ability)


def render_card(card, locale: str) -> list[tuple[int, str]]:
    """[(ability index, localised text)] for every ability string of a Runebound card."""
    from runeforge.games.runebound.abilities import parts_cached

    return [(i, " ".join(render_ability(ability, locale) for _o, _t, ability in
                         parts_cached(text)))
            for i, text in enumerate(card.data.get("abilities", []) or [])
            if isinstance(text, str)]


# ---- family 7: combat
from . import render_combat  # noqa: E402

for _name, _method in render_combat.METHODS.items():
    setattr(Renderer, _name, _method)
# ---- family 4/8/9: movement and place, durations, game-level effects (issue 21)
from . import render_place as _place  # noqa: E402

for _name, _method in _place.METHODS.items():
    setattr(Renderer, _name, _method)
Renderer.event = _place.with_events(Renderer.event)
Renderer.term = _place.with_targets(Renderer.term)
# ---- family 5/6: decks and cards, economy and experience (issue 21)
from . import render_decks  # noqa: E402

render_decks.install(Renderer)
# ---- issue 32 (part III): the compositional core
from . import render_core  # noqa: E402

render_core.install(Renderer)
# ---- issue 32 (session when): triggers on a test
from . import render_when  # noqa: E402

render_when.install(Renderer)

# ---- issue 32 (branch rbtrig): a trigger's clause said of its subject
from . import render_trig  # noqa: E402

render_trig.install(Renderer)
# ---- issue 32 (session rbrules): prohibitions and a price's floor
from . import render_prohibit  # noqa: E402

render_prohibit.install(Renderer)
# ---- issue 32 (session rbdice): die rolls as authors write them
from . import render_dice  # noqa: E402

render_dice.install(Renderer)
# ---- issue 32 (session skills): a skill a card gives its Hero
from . import render_skills  # noqa: E402

render_skills.install(Renderer)

# ---- issue 32 (branch rbtrig2): more event verbs of a trigger's clause
from . import render_trig2  # noqa: E402

render_trig2.install(Renderer)
# ---- issue 32 (branch rbboard): the board's adventure counters
from . import render_board  # noqa: E402

render_board.install(Renderer)
# ---- branch rbmod: modifiers, amounts and comparatives
from . import render_rbmod  # noqa: E402

render_rbmod.install(Renderer)
# ---- issue 32 (session rbdefend): the Hero's defence roll as a trigger event
from . import render_defend  # noqa: E402

render_defend.install(Renderer)
# ---- branch rbverb: a clause as subject, modal and verb phrase
from . import render_rbverb  # noqa: E402

render_rbverb.install(Renderer)
# ---- branch rbcost: a trigger's clause as a subject and an event verb ("another Hero rests")
from . import render_rbcost  # noqa: E402

render_rbcost.install(Renderer)
# ---- branch rbmodi: a condition after "<costs> to"
from . import render_rbmodi  # noqa: E402

render_rbmodi.install(Renderer)
# ---- branch rbsix2: gold counted over a track after other gold
from . import render_rbsix2  # noqa: E402

render_rbsix2.install(Renderer)
# ---- branch rbwound: the first wounds of each combat (round) cancelled
from . import render_rbwound  # noqa: E402

render_rbwound.install(Renderer)
# ---- branch rblimits: carrying limits
from . import render_rblimits  # noqa: E402

render_rblimits.install(Renderer)
# ---- branch rbmarket: the market's prices of selling and healing
from . import render_rbmarket  # noqa: E402

render_rbmarket.install(Renderer)
# ---- branch rbsubj: who may not attack, and when
from . import render_rbsubj_bar  # noqa: E402

render_rbsubj_bar.install(Renderer)
# ---- branch rbmove: a Hero moved to a space of a terrain
from . import render_rbmove  # noqa: E402

render_rbmove.install(Renderer)
# ---- branch rbdamage: how the wounds of an attack are counted
from . import render_rbdamage  # noqa: E402

render_rbdamage.install(Renderer)
# ---- branch rbattack2: an attack's result with the attack's kind
from . import render_rbattack2  # noqa: E402

render_rbattack2.install(Renderer)
