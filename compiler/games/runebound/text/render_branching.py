"""Localised rules text of families 1-3 (conditions, choices, random tables; issue 21): a
mixin of :class:`runeforge.games.runebound.text.render.Renderer` (it uses ``t``, ``effect``, ``num``,
``term`` and ``terms`` from there).

Conditions on a terrain, an item class or a challenge colour have one whole template per
value ("condition.terrain.swamp"), so each language words the phrase as it needs (Finnish
"suoruudussa", Russian "на болоте") without case tables for those words; a count ("3 or
more wounds") is a counted noun in the form the number's CLDR category selects.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.printer_branching import condition as printed_condition
from runeforge.dsl.runebound.printer_rbtime import moment_key  # branch rbtime

from .render_place import _terrain
from .templates import TEMPLATES
from .terms import Listed, Term, category


@dataclass(frozen=True)
class CountedTerm(Term):
    """A term counted by a number's CLDR category: ``{noun}`` / ``{noun.gen}`` in a template
    give the form for that count (as the renderer's counted phrases do)."""

    cat: str | None = None

    @classmethod
    def of(cls, term: Term, cat: str) -> CountedTerm:
        return cls(**{f.name: getattr(term, f.name) for f in fields(term)}, cat=cat)

    def form(self, spec: str | None = None, cat: str | None = None) -> str:
        return super().form(spec, cat or self.cat)


class BranchingRender:
    def condition(self, c: n.Condition) -> str:
        kind = c.kind
        if kind == "terrain" and not isinstance(c.value, str):  # issue 32 (lists)
            return self.t("condition.terrain.several", terrains=_terrain(self, c.value))
        if kind == "enemy_colour" and not isinstance(c.value, str):
            colours = Listed(tuple(self.terms.find("colours", v) or str(v) for v in c.value))
            return self.t("condition.enemy_colour.several", colours=colours)
        if kind in ("terrain", "item_class", "enemy_colour"):
            key = f"condition.{kind}.{c.value}"
            if key not in TEMPLATES:  # a value the game does not have: RF414 in the checks;
                return printed_condition(c)  # the text still renders, as written
            return self.t(key)
        if kind == "none":
            return self.t(f"condition.none.{c.value}")
        if kind in ("town", "ally", "unwounded"):
            return self.t(f"condition.{kind}")
        if kind == "named_town":
            return self.t("condition.named_town",
                          town=self.terms.find("towns", c.value) or c.value)
        if kind == "skill":
            return self.t("condition.skill", skill=self.terms.find("skills", c.value) or c.value)
        if kind == "at_least":
            noun = CountedTerm.of(self.term("terms", c.value), category(self.locale, c.count))
            return self.t("condition.at_least", n=self.num(c.count), noun=noun)
        if kind in ("moment", "ally_none"):  # branch rbtime
            return self.t(f"condition.{kind}.{moment_key(c) if kind == 'moment' else c.value}")
        if kind == "round_unhurt":  # branch rbsix2
            noun = CountedTerm.of(self.term("terms", "wound"), category(self.locale, c.count))
            return self.t("condition.round_unhurt", n=self.num(c.count), noun=noun)
        raise TypeError(f"unknown condition kind {kind!r}")

    def _ifstate(self, node: n.IfState, mood: str) -> str:
        out = self.t("effect.if_state", condition=self.condition(node.condition),
                     effect=self.effect(node.effect, mood))
        if node.otherwise is not None:  # a sentence of its own
            other = self.t("effect.otherwise", effect=self.effect(node.otherwise, mood))
            out += ". " + other[:1].upper() + other[1:]
        return out

    def _whilestate(self, node: n.WhileState, mood: str) -> str:
        return self.t("effect.while", condition=self.condition(node.condition),
                      effect=self.effect(node.effect, mood))

    def _choice(self, node: n.Choice, mood: str) -> str:
        parts = [self.effect(o, "imp") for o in node.options]
        out = parts[0]
        for part in parts[1:]:
            out = self.t("list.or_option", first=out, second=part)
        return self.t("effect.choose", options=out)

    def faces(self, low: int, high: int) -> str:
        if low == high:
            return self.num(low)
        return self.t("table.range", low=self.num(low), high=self.num(high))

    def _tablerow(self, node: n.TableRow, mood: str) -> str:
        row = self.t("table.row", faces=self.faces(node.low, node.high),
                     effect=self.effect(node.effect, "imp"))
        return row[:1].upper() + row[1:]

    def _dietable(self, node: n.DieTable, mood: str) -> str:
        # the ability's renderer adds the last full stop and capitalises the first sentence
        return ". ".join([self.t("effect.roll_table"),
                          *(self._tablerow(r, mood) for r in node.rows)])
