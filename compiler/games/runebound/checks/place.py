"""Checks of family 4 (movement and place) and family 9 (game-level effects), in the manner
of reference section 5. Called from :func:`runeforge.games.runebound.checks.check_ability`.

* RF420 "Move your Hero to <Town>." names a town, or "Every time your Hero enters a <terrain>
  space" a terrain, that is not on the board (did you mean); the towns and terrains are the
  board data's (runeforge.games.runebound.checks.board.TOWNS and TERRAINS).
* RF421 a game-level effect (moving the Hero to a town, the doom track, the event in play)
  in a phase-tagged or Before Combat ability: it acts on the board and the game, never in a
  combat. (The engine refuses it there too; the exact odds report it ignored.)
* RF422 a number the form cannot use: placing or removing 0 doom tokens (it does nothing);
  "each Hero within N spaces" with N 0 (write "in your space") or over 9.
* RF423 "Until this card is discarded, ..." on a card no Hero holds (a challenge, an event,
  an encounter): there is no card to discard, so it would never end or never begin.
* RF424 "Until this card is discarded, ..." in an ability whose cost discards the card: it
  ends as it begins.
"""

from __future__ import annotations

from runeforge.dsl.errors import suggest
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound import nodes_place as p
from runeforge.dsl.runebound.nodes_lists import values

from .board import TERRAINS, TOWNS

ENTER_PLACES = ("town", *TERRAINS)
TERRAIN_NAMES = sorted(set(p.TERRAIN_TEXT.values()))  # as cards write them before "space"
COMBAT_TAGS = ("before_combat", "ranged", "melee", "magic", "any_phase", "all_phases")
_WHAT = {p.MoveTo: "moving your Hero to a town", p.DoomTokens: "the doom track",
         p.DiscardEvent: "the event in play", p.TerrainRule: "a movement rule",
         p.DiscardUndefeated: "the undefeated track"}


def check_place(a, ctx, nodes, Finding):  # noqa: N803 - checks.Finding (no import cycle)
    for node in nodes:  # one dict look-up per node: most abilities have none of these
        check = _CHECKS.get(type(node))
        if check is not None:
            yield from check(a, ctx, node, Finding)


def _game_level(a, ctx, node, finding):
    if a.tag in COMBAT_TAGS:
        yield finding("RF421", f"{_WHAT[type(node)]} is not part of a combat: it cannot "
                               f"be in a '{a.tag.replace('_', ' ').title()}:' ability",
                      node.span, hint="drop the tag, or use a window such as 'After "
                                      "combat,' or 'At the end of your turn,'")
    if isinstance(node, p.MoveTo) and node.town is not None and node.town not in TOWNS:
        near = suggest(node.town, TOWNS)
        span = (node.span[1] - len(node.town), node.span[1]) if node.span else None
        yield finding("RF420", f"unknown town '{node.town}'", span,
                      hint=f"did you mean '{near}'?" if near else
                      "the towns are " + ", ".join(TOWNS))
    if isinstance(node, p.DiscardUndefeated) and node.count == 0:
        yield finding("RF422", "discard 0 challenges: the effect does nothing", node.span,
                      hint="write 1 or more, or drop the clause")
    if isinstance(node, p.DoomTokens) and node.count == 0:
        yield finding("RF422", f"{node.action} 0 doom tokens: the effect does nothing",
                      node.span, hint="write 1 or more doom tokens, or drop the clause")


def _enters(a, ctx, node, finding):
    yield from unknown_terrains(node.place, node.span, finding)


def unknown_terrains(place, span, finding):
    """RF420 at each word of ``place`` (one terrain or several, issue 32 lists) the board has
    no terrain for."""
    for value in values(place):
        if value in ENTER_PLACES:
            continue
        near = suggest(value, TERRAIN_NAMES)
        yield finding("RF420", f"unknown terrain '{value}'",
                      getattr(value, "span", None) or span,
                      hint=f"did you mean '{near}'?" if near else
                      "the terrains are " + ", ".join(TERRAIN_NAMES))


def _during(a, ctx, node, finding):
    if node.until == "this_event":
        yield from _this_event(a, ctx, node, finding)
    if getattr(node.until, "said", None) == "ally" and ctx.kind != "ally":  # session rbsubj
        article = "an" if ctx.kind[0] in "aeiou" else "a"
        yield finding("RF450", f"'this Ally' names no card here: {article} {ctx.kind} card is "
                               "not an Ally", getattr(node.until, "span", None) or node.span,
                      hint="write 'Until this card is discarded, ...'")
    if node.until == "while_held":
        yield from _while_held(a, ctx, node, finding)


def _this_event(a, ctx, node, finding):
    """"While this event is in play, <rule>" (session rbsubj): an event's always-on rule."""
    from ..lower import is_static, without_this_event

    span = getattr(node.until, "span", None) or node.span
    if ctx.kind != "event":
        article = "an" if ctx.kind[0] in "aeiou" else "a"
        # "while this card is in play" reads as this event too (branch rblang): a card the
        # Hero holds says its own duration
        held = {"item": "While you hold this card, ...", "ally": "While this Ally is with you, ..."}
        yield finding("RF450", f"'this event' (or 'this card ... in play') names no card here: "
                               f"{article} {ctx.kind} card is not an event", span,
                      hint=f"write '{held.get(ctx.kind, 'Until the next event, ...')}'")
    elif not any(s is node for s in a.sentences) or not is_static(without_this_event(a)):
        yield finding("RF458", "'while this event is in play' holds an always-on rule (a "
                               "bonus, a price, what Heroes cannot do, a trigger); this one "
                               "happens once, when the event is drawn", span,
                      hint="drop the duration ('Each Hero gains 1 gold.'), or make it a rule: "
                           "'While this event is in play, each Hero receives +1 Body.'")


def _while_held(a, ctx, node, finding):
    span = getattr(node.until, "span", None) or node.span  # the duration's words
    if ctx.kind in ("challenge", "event", "encounter"):
        article = "an" if ctx.kind[0] in "aeiou" else "a"
        yield finding("RF423", f"'until this card is discarded' on {article} {ctx.kind} card: "
                               "no Hero holds it", span,
                      hint="use 'until the next event' or 'until the end of this turn'")
    if any(type(c).__name__ == "DiscardCard" for c in a.costs):
        yield finding("RF424", "'until this card is discarded' after discarding this card: "
                               "it ends as it begins", span,
                      hint="drop the discard cost, or choose another duration")


def _within(a, ctx, node, finding):
    for name in ("target", "subject"):
        value = getattr(node, name, None)
        if not (isinstance(value, str) and value.startswith("each_hero_within_")):
            continue
        k = int(value.rsplit("_", 1)[1])
        if not 1 <= k <= p.MAX_WITHIN:
            yield finding("RF422", f"'within {k} spaces': a distance is 1 to "
                                   f"{p.MAX_WITHIN} spaces", getattr(value, "span", None)
                          or node.span, hint="write 'each Hero in your space' for 0"
                          if k == 0 else f"write at most {p.MAX_WITHIN}")


def _terrain_rule(a, ctx, node, finding):
    """The skill must be declared (RF408, as in a skill test) and both terrains the board's
    (RF420); a movement rule has no place in a combat ability (RF421)."""
    if node.skill is not None and node.skill.lower() not in {s.lower() for s in ctx.skills}:
        near = suggest(node.skill, ctx.skills)
        yield finding("RF408", f"unknown skill '{node.skill}'", node.span,
                      hint=f"did you mean '{near}'?" if near else
                      "declare it in the pack's manifest under 'skills:'")
    for terrain in (node.terrain, node.like):
        if terrain not in TERRAINS:
            near = suggest(terrain, list(p.TERRAIN_PLURAL.values()))
            yield finding("RF420", f"unknown terrain '{terrain}'",
                          getattr(terrain, "span", None) or node.span,
                          hint=f"did you mean '{near}'?" if near else
                          "the terrains are " + ", ".join(p.TERRAIN_PLURAL.values()))
    if a.tag in COMBAT_TAGS:
        yield finding("RF421", "a movement rule is not part of a combat: it cannot be in a "
                               f"'{a.tag.replace('_', ' ').title()}:' ability", node.span,
                      hint="drop the tag: the rule is always on while the card is in play")


def _barred(a, ctx, node, finding):
    """"Heroes cannot enter <terrain>" (issue 32): the terrain must be the board's (RF420)."""
    if not node.action.startswith("enter_"):
        return
    terrain = node.action[len("enter_"):]
    if terrain not in TERRAINS:
        near = suggest(terrain, list(p.TERRAIN_PLURAL.values()))
        yield finding("RF420", f"unknown terrain '{terrain}'", node.span,
                      hint=f"did you mean '{near}'?" if near else
                      "the terrains are " + ", ".join(p.TERRAIN_PLURAL.values()))
    if a.tag is not None:
        yield finding("RF421", "a movement rule is not part of a combat: it cannot be in a "
                               f"'{a.tag.replace('_', ' ').title()}:' ability", node.span,
                      hint="drop the tag: the rule is always on while the card is in play")


_CHECKS = {
    **dict.fromkeys(p.PLACE_CLAUSES, _game_level),
    n.Restrict: _barred,
    p.TerrainRule: _terrain_rule,
    p.EntersSpace: _enters,
    n.During: _during,
    **dict.fromkeys((n.Suffer, n.Modifier, n.Inflict, n.Cancel, n.Heal, n.TakesWounds),
                    _within),
}
