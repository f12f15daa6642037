"""The construction space by card kind (issue 32, part III; not a test, a measure of breadth).

:mod:`benchmarks.construction_space` crosses the slots of one clause. Cards of some kinds put
clauses into frames of their own: an encounter tests the Hero or rolls a die and says what each
outcome does, an event holds a rule until it is replaced, a challenge speaks of itself and of the
Hero who fights it. This measure puts random clauses of the same slots (subject with agreement,
verb phrase, modifier) into each frame and reports, frame by frame, the share that parses and the
share that compiles, so a frame the grammar lacks shows as a frame, whatever clause is in it.

    python -m benchmarks.construction_kinds [--n 1200] [--seed 7] [--show 0] [--grep STR]

The frames are written from the rules notes (../shared/docs/rules-notes.md), not from any
held-out text.
"""

from __future__ import annotations

import argparse
import collections
import random
import string

from benchmarks.construction_space import SUBJECTS, VERBS
from runeforge.games.runebound.abilities import compile_abilities
from runeforge.games.runebound.checks import CardContext

_ATTRS = ("Mind", "Body", "Spirit")
_COLOURS = ("green", "yellow", "blue", "red")
_PHASES = ("ranged", "melee", "magic")
_TERRAIN = ("forest", "hills", "mountain", "plains", "river", "swamp")


def clause(rng: random.Random, hero_only: bool = False) -> str:
    """A clause of the construction space: subject, agreeing verb phrase; no modifier."""
    subjects = SUBJECTS[:1] if hero_only else SUBJECTS
    subj, person, pos = rng.choice(subjects)
    base, third = rng.choice(VERBS)
    return f"{subj} {(third if person == '3s' else base).format(pos=pos)}"


def cap(text: str) -> str:
    return text[0].upper() + text[1:]


# the slots a frame's template names, each drawn afresh at every place it stands
SLOTS = {
    "attr": lambda r: r.choice(_ATTRS),
    "stat": lambda r: r.choice(_ATTRS + ("Life",)),
    "colour": lambda r: r.choice(_COLOURS),
    "phase": lambda r: r.choice(_PHASES),
    "Phase": lambda r: cap(r.choice(_PHASES)),
    "terrain": lambda r: r.choice(_TERRAIN),
    "skill": lambda r: r.choice(("Swim", "Climb", "Stealth")),
    "target": lambda r: r.randint(4, 8),
    "small": lambda r: r.randint(1, 3),
    "price": lambda r: r.randint(1, 4),
    "clause": lambda r: clause(r),  # any subject
    "Clause": lambda r: cap(clause(r)),
    "hero_clause": lambda r: clause(r, True),  # the Hero's own
    "Hero_clause": lambda r: cap(clause(r, True)),
    "verb": lambda r: r.choice(VERBS)[0].format(pos="your"),  # after "you may"
    "verbs": lambda r: r.choice(VERBS)[1].format(pos="their"),  # after "each Hero ..."
}

# frame -> (card kind, template of slots)
FRAMES = {
    "encounter: test, success and failure": (
        "encounter", "Test {attr} ({target}). If you succeed, {hero_clause}. "
                     "If you fail, {hero_clause}."),
    "encounter: test with a skill": (
        "encounter", "Test {attr} {skill} ({target}). If you pass, {hero_clause}."),
    "encounter: die table": ("encounter", "Roll a die. 1-3: {Clause}. 4-7: {Clause}. "
                                          "8-10: {Clause}."),
    "encounter: pay, if you do": ("encounter", "You may pay {price} gold. If you do, "
                                               "{hero_clause}."),
    "encounter: choose one": ("encounter", "Choose one: {hero_clause}; or {hero_clause}."),
    "encounter: otherwise": ("encounter", "If you have {small} or more wounds, {clause}. "
                                          "Otherwise, {clause}."),
    "event: until replaced": ("event", "Until this event is replaced, {clause}."),
    "event: while in play": ("event", "While this event is in play, {clause}."),
    "event: a clause now": ("event", "{Clause}."),
    "event: heroes in a terrain": ("event", "Each Hero in a {terrain} space {verbs}."),
    "challenge: immune": ("challenge", "This challenge is immune to {phase} attacks."),
    "challenge: phase, if you fail to defend": (
        "challenge", "{Phase}: If you fail to defend, {hero_clause}."),
    "challenge: when you attack it and fail": (
        "challenge", "Each time you attack this challenge and fail, {hero_clause}."),
    "challenge: before combat": ("challenge", "Before Combat: {Hero_clause}."),
    "challenge: after combat, if defeated": (
        "challenge", "After combat, if you defeated this challenge, {hero_clause}."),
    "challenge: cannot escape": ("challenge", "You cannot escape from this challenge."),
    "challenge: its stat": ("challenge", "This challenge receives +{small} {stat} against "
                                         "Heroes with {small} or more Allies."),
    "ally: when this Ally is defeated": ("ally", "When this Ally is defeated, {clause}."),
    "hero: instead of rolling movement dice": (
        "hero", "Instead of rolling movement dice, you may {verb}."),
    "item: colour-scoped bonus": ("item", "You receive +{small} to {phase} attacks against "
                                          "{colour} challenges."),
}


def fill(template: str, rng: random.Random) -> str:
    """The template with each slot drawn afresh, left to right (so a seed gives one text)."""
    out = []
    for literal, name, _spec, _conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            out.append(str(SLOTS[name](rng)))
    return "".join(out)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", type=int, default=0, help="print N failing texts")
    ap.add_argument("--grep", default="", help="print only failures whose text has this")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    names = list(FRAMES)
    total, parsed, compiled = (collections.Counter() for _ in range(3))
    shown = 0
    for _ in range(args.n):
        name = rng.choice(names)
        kind, template = FRAMES[name]
        text = fill(template, rng)
        irs, findings = compile_abilities(text, CardContext(kind, None, None,
                                                            frozenset({"Swim", "Climb",
                                                                       "Stealth"})))
        errors = [f for f in findings if f.severity == "error"]
        total[name] += 1
        if not any(f.code in ("RF301", "RF302") for f in errors):
            parsed[name] += 1
            compiled[name] += irs is not None and not errors
        if errors and shown < args.show and args.grep in text:
            shown += 1
            print(f"  [{kind}] {text}\n    -> {errors[0].code} {errors[0].message}")
    n = sum(total.values())
    print(f"{n} texts in {len(names)} frames: {sum(parsed.values())} parse "
          f"({100 * sum(parsed.values()) / n:.0f} %), {sum(compiled.values())} compile "
          f"({100 * sum(compiled.values()) / n:.0f} %)")
    for name in sorted(names, key=lambda k: compiled[k] / max(1, total[k])):
        print(f"  {name:42} parse {100 * parsed[name] / max(1, total[name]):3.0f} %  "
              f"compile {100 * compiled[name] / max(1, total[name]):3.0f} %  "
              f"({total[name]})")


if __name__ == "__main__":
    main()
