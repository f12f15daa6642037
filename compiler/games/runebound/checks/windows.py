"""Checks of a compiled ability against the table of card windows (docs/windows.md): the
engine's own table (:mod:`runeforge.engine.runebound.core.cardwindows`), read here from the
ability's IR, so what `check` accepts is what the engine runs.

* RF440 (error): the ability's timing is one the engine never runs on this kind of card (a
  challenge's "Before moving," or untimed text, an encounter's "Before Combat:" or always-on
  rule ...): it would be printed and never happen.
* RF441 (warning): "your enemy" on a challenge's card is the challenge itself ("you" is the
  Hero facing it); "this challenge" says so.
* RF442 (error): the active event's always-on rule is every Hero's at once ("you" is each Hero
  in turn), so "each other Hero" or "another Hero" in it names nobody.
* RF443 (error): an attack, or "your enemy", in text that never runs in a combat (a window
  of the turn, an event's or encounter's text when drawn): there is no enemy.
* RF421 (error): moving ("Move 1 space", "roll 1 additional movement die") in text that
  runs only in a combat: movement effects belong to the movement step.
* RF444 (error): an "Every time ... takes N wounds" rule whose own wounds set it off again.
"""

from __future__ import annotations

import re

from runeforge.engine.runebound.core import cardwindows as cw

# how an author writes each timing (the hint lists the supported ones in these words)
WORDING = {
    cw.STATIC: "an always-on rule",
    cw.TRIGGER: "an 'Every time ...' rule",
    cw.UNTIMED: "text without a timing",
    "before_combat": "'Before Combat:'",
    "ranged": "'Ranged:'",
    "melee": "'Melee:'",
    "magic": "'Magic:'",
    "any_phase": "'Any Phase:'",
    "wounds_inflicted": "a reaction to wounds being inflicted",
    "combat_roll": "a reroll of a combat roll",
    "assist": "an attack against another Hero's enemy",
    "before_moving": "'Before moving,'",
    "after_moving": "'After moving,'",
    "start_of_turn": "'At the start of your turn,'",
    "end_of_turn": "'At the end of your turn,'",
    "market_step": "'During your market step,'",
    "after_combat": "'After combat,'",
    "defeat_challenge": "'When you defeat a challenge,'",
    "knocked_out": "'When your Hero is knocked out,'",
}
# where the words of a timing stand in the text (the caret goes there; else the whole text)
_WORDS = {
    "before_combat": r"before combat\s*:", "ranged": r"ranged\s*:", "melee": r"melee\s*:",
    "magic": r"magic\s*:", "any_phase": r"(any phase|all phases)\s*:",
    "wounds_inflicted": r"being inflicted", "combat_roll": r"reroll", "assist": r"another hero",
    "before_moving": r"before moving", "after_moving": r"after moving",
    "start_of_turn": r"at the start of your turn", "end_of_turn": r"at the end of your turn",
    "market_step": r"during your market step", "after_combat": r"after combat",
    "defeat_challenge": r"when you defeat a challenge",
    "knocked_out": r"when your hero is knocked out", cw.TRIGGER: r"every time",
}
_ENEMY = re.compile(r"your enemy", re.IGNORECASE)
_THIS_CHALLENGE = re.compile(r"this challenge", re.IGNORECASE)
# a challenge's immunity as cards print it ("Immune to ranged attacks."): the challenge's own
_BARE_IMMUNE = re.compile(r"(^|[.:]\s*)immune to\b", re.IGNORECASE)  # (issue 32, session self)
_ATTACK = re.compile(r"make an? (ranged|melee|magic) attack|your enemy", re.IGNORECASE)
_MOVE = re.compile(r"move|movement", re.IGNORECASE)
# timings that never run in a combat (no enemy), and those that run only in one
TURN_WINDOWS = ("before_moving", "after_moving", "start_of_turn", "end_of_turn",
                "market_step")
COMBAT_ONLY = ("before_combat", "ranged", "melee", "magic", "any_phase", "combat_roll",
               "assist")
MOVEMENT_OPS = ("move", "movement_dice")
# which figures a target names (h the Hero, a its Allies): a trigger on wounds to one of them
# whose effect wounds one of them again sets itself off
_FIGURES = {"hero": "h", "you": "h", "each_hero": "h", "ally": "a", "each_ally": "a",
            "hero_or_ally": "ha"}
_OTHERS = re.compile(r"each other hero|another hero", re.IGNORECASE)
OTHER_HEROES = ("each_other_hero", "another_hero")


def check_windows(ir: dict, kind: str, text: str, finding):
    """The findings (made by ``finding``, checks.Finding) of one compiled ability of a card of
    ``kind``; ``text`` is its source, to place the caret."""
    if kind not in cw.TABLE:
        return
    timing = cw.timing_of(ir)
    if cw.runner(kind, timing) is None:
        yield finding("RF440", f"{_label(timing)} on {_a(kind)} card never runs: the engine "
                               f"opens no such window for {_a(kind)} card",
                      _span(text, _WORDS.get(timing)), hint=_supported_hint(kind))
    # "this challenge" (issue 32) is the IR's "enemy" too, and what the warning asks for
    if kind == "challenge" and _targets(ir["effects"], ("enemy",)) \
            and (_ENEMY.search(text) or not (_THIS_CHALLENGE.search(text)
                                             or _BARE_IMMUNE.search(text))):
        for span in _spans(text, _ENEMY):
            yield finding("RF441", "on a challenge's card 'your enemy' is the challenge "
                                   "itself ('you' is the Hero facing it)", span,
                          hint="say so: 'this challenge' (e.g. 'this challenge takes 1 "
                               "wound'); see docs/windows.md", severity="warning")
    if kind == "event" and timing in (cw.STATIC, cw.TRIGGER) \
            and _targets(ir["effects"], OTHER_HEROES):
        for span in _spans(text, _OTHERS):
            yield finding("RF442", "the active event's rule is every Hero's ('you' is each "
                                   "Hero in turn): 'each other Hero' or 'another Hero' in "
                                   "it names nobody", span,
                          hint="write 'each Hero' (each Hero once) or 'you'")


def check_runs(ir: dict, kind: str, text: str, finding):
    """RF443, RF421 and RF444: what the engine would refuse or loop on where the text runs."""
    timing = cw.timing_of(ir)
    runner = cw.runner(kind, timing)
    if runner is None:
        return  # RF440 already
    never_in_combat = timing in TURN_WINDOWS or runner == cw.DRAWN
    if never_in_combat and (_ops(ir["effects"], ("attack",))
                            or _targets(ir["effects"], ("enemy",))):
        yield finding("RF443", "an attack or 'your enemy' in text that never runs in a "
                               "combat: there is no enemy then", _span(text, _ATTACK.pattern),
                      hint="give it a combat timing ('Before Combat:', 'Melee:' ...) on a "
                           "card the Hero holds, or drop the attack")
    if timing in COMBAT_ONLY and _ops(ir["effects"], MOVEMENT_OPS):
        yield finding("RF421", "moving is not part of a combat: it cannot be in "
                               f"{_label(timing)}", _span(text, _MOVE.pattern),
                      hint="use a window of the turn such as 'Before moving,' or 'After "
                           "combat,'")
    if timing == cw.TRIGGER:
        for effect in ir["effects"]:
            if _sets_itself_off(effect):
                yield finding("RF444", "this rule sets itself off: the wounds it gives are "
                                       "wounds it reacts to", _span(text, r"every time"),
                              hint="make its effect touch another figure (or the enemy), or "
                                   "react to more wounds than it gives")


def _ops(effects, wanted) -> bool:
    stack = list(effects)
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("op") in wanted:
                return True
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(node)
    return False


def _sets_itself_off(trigger: dict) -> bool:
    event = trigger.get("event") or {}
    if trigger.get("op") != "trigger" or event.get("kind") != "takes_wounds":
        return False
    watched = set(_FIGURES.get(event.get("target"), ""))
    need = event.get("amount") or {}
    stack = list(trigger.get("effects") or ())
    while stack:
        e = stack.pop()
        stack.extend(e.get("effects") or ())
        wounds = e.get("op") == "inflict" or (e.get("op") == "suffer"
                                              and e.get("token") == "wound")
        if not wounds or not set(_FIGURES.get(e.get("target"), "")) & watched:
            continue
        amount = e.get("amount") or {}
        if amount.get("kind") != "fixed" or need.get("kind") not in ("fixed", "at_least"):
            return True  # X, a choice ...: it may
        if need["kind"] == "fixed" and amount["value"] == need["value"] \
                or need["kind"] == "at_least" and amount["value"] >= need["value"]:
            return True
    return False


def _a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def _label(timing: str) -> str:
    words = WORDING[timing]
    return f"a {words} ability" if words.startswith("'") else words


def _supported_hint(kind: str) -> str:
    words = [WORDING[t] for t in cw.supported(kind)]
    if len(words) == 1:
        return (f"drop the timing: {_a(kind)}'s text runs once, when the card is drawn; "
                "see docs/windows.md")
    return (f"on {_a(kind)} card the engine runs {', '.join(words[:-1])} and {words[-1]}; "
            "see docs/windows.md")


def _span(text: str, words: str | None) -> tuple[int, int]:
    found = re.search(words, text, re.IGNORECASE) if words else None
    return found.span() if found else (0, len(text))


def _spans(text: str, pattern: re.Pattern) -> list[tuple[int, int]]:
    return [m.span() for m in pattern.finditer(text)] or [(0, len(text))]


def _targets(effects, wanted) -> bool:
    """Does any effect (nested ones, trigger events and conditions included) name a target
    of ``wanted``?"""
    stack = list(effects)
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if node.get("target") in wanted or node.get("payer") in wanted:
                return True
            stack.extend(v for v in node.values() if isinstance(v, (dict, list)))
        elif isinstance(node, list):
            stack.extend(node)
    return False
