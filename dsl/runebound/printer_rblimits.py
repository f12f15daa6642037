"""Printer of the carrying limits (issue 32, part III, branch rblimits): one canonical sentence
each, capitalised at the start of the ability:

* "you may carry 3 weapons instead of 2", "you may have 1 additional Ally" (CarryLimit: a
  Hero carries Items and has Allies);
* "this card counts as 2 weapons", "this card counts as both a weapon and an armor", "this
  card does not count against your weapon limit" / "... your limit" (CarriedAs)."""

from __future__ import annotations

from . import nodes as n

_NOUNS = {"weapon": ("weapon", "weapons"), "armor": ("armor", "armor"),
          "ally": ("Ally", "Allies")}


def noun(kind: str, count: int) -> str:
    one, many = _NOUNS[kind]
    return one if count == 1 else many


def _a(kind: str) -> str:
    word = noun(kind, 1)
    return f"{'an' if word[0].lower() in 'aeiou' else 'a'} {word}"


def install(text) -> None:
    @text.register
    def _(node: n.CarryLimit) -> str:
        verb = "have" if node.kind == "ally" else "carry"
        if node.instead_of is None:
            return f"you may {verb} {node.count} additional {noun(node.kind, node.count)}"
        return (f"you may {verb} {node.count} {noun(node.kind, node.count)} "
                f"instead of {node.instead_of}")

    @text.register
    def _(node: n.CarriedAs) -> str:
        if node.kinds is None:
            limit = "limit" if node.exempt == "all" else f"{noun(node.exempt, 1)} limit"
            return f"this card does not count against your {limit}"
        kinds = node.kinds
        if len(kinds) == 2 and kinds[0] != kinds[1]:
            return f"this card counts as both {_a(kinds[0])} and {_a(kinds[1])}"
        kind = kinds[0] if kinds else "weapon"
        return f"this card counts as {len(kinds)} {noun(kind, len(kinds))}"


def install_knockout(text) -> None:
    @text.register
    def _(node: n.KnockoutKeep) -> str:
        return "you do not lose gold when knocked out" if node.when else "you keep your gold"

    @text.register
    def _(node: n.KnockoutInstead) -> str:
        return "discard this card instead of your most expensive Item or Ally"

    @text.register
    def _(node: n.KnockoutRules) -> str:
        instead = text(node.instead)  # "you may discard ..." / "you must discard ..."
        return f"{text(node.keep)}, and {instead if type(node.instead) is n.MayDo else 'you must ' + instead}"
