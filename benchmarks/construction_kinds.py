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


# frame -> (card kind, builder); a builder takes the rng and gives the text
FRAMES = {
    "encounter: test, success and failure": ("encounter", lambda r: (
        f"Test {r.choice(_ATTRS)} ({r.randint(4, 8)}). If you succeed, {clause(r, True)}. "
        f"If you fail, {clause(r, True)}.")),
    "encounter: test with a skill": ("encounter", lambda r: (
        f"Test {r.choice(_ATTRS)} {r.choice(('Swim', 'Climb', 'Stealth'))} "
        f"({r.randint(4, 8)}). If you pass, {clause(r, True)}.")),
    "encounter: die table": ("encounter", lambda r: (
        f"Roll a die. 1-3: {cap(clause(r))}. 4-7: {cap(clause(r))}. 8-10: {cap(clause(r))}.")),
    "encounter: pay, if you do": ("encounter", lambda r: (
        f"You may pay {r.randint(1, 4)} gold. If you do, {clause(r, True)}.")),
    "encounter: choose one": ("encounter", lambda r: (
        f"Choose one: {clause(r, True)}; or {clause(r, True)}.")),
    "encounter: otherwise": ("encounter", lambda r: (
        f"If you have {r.randint(1, 3)} or more wounds, {clause(r)}. Otherwise, "
        f"{clause(r)}.")),
    "event: until replaced": ("event", lambda r: (
        f"Until this event is replaced, {clause(r)}.")),
    "event: while in play": ("event", lambda r: (
        f"While this event is in play, {clause(r)}.")),
    "event: a clause now": ("event", lambda r: f"{cap(clause(r))}."),
    "event: heroes in a terrain": ("event", lambda r: (
        f"Each Hero in a {r.choice(_TERRAIN)} space {r.choice(VERBS)[1].format(pos='their')}.")),
    "challenge: immune": ("challenge", lambda r: (
        f"This challenge is immune to {r.choice(_PHASES)} attacks.")),
    "challenge: phase, if you fail to defend": ("challenge", lambda r: (
        f"{cap(r.choice(_PHASES))}: If you fail to defend, {clause(r, True)}.")),
    "challenge: when you attack it and fail": ("challenge", lambda r: (
        f"Each time you attack this challenge and fail, {clause(r, True)}.")),
    "challenge: before combat": ("challenge", lambda r: (
        f"Before Combat: {cap(clause(r, True))}.")),
    "challenge: after combat, if defeated": ("challenge", lambda r: (
        f"After combat, if you defeated this challenge, {clause(r, True)}.")),
    "challenge: cannot escape": ("challenge", lambda r: (
        "You cannot escape from this challenge.")),
    "challenge: its stat": ("challenge", lambda r: (
        f"This challenge receives +{r.randint(1, 3)} {r.choice(_ATTRS + ('Life',))} against "
        f"Heroes with {r.randint(1, 3)} or more Allies.")),
    "ally: when this Ally is defeated": ("ally", lambda r: (
        f"When this Ally is defeated, {clause(r)}.")),
    "hero: instead of rolling movement dice": ("hero", lambda r: (
        f"Instead of rolling movement dice, you may {r.choice(VERBS)[0].format(pos='your')}.")),
    "item: colour-scoped bonus": ("item", lambda r: (
        f"You receive +{r.randint(1, 3)} to {r.choice(_PHASES)} attacks against "
        f"{r.choice(_COLOURS)} challenges.")),
}


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
        kind, build = FRAMES[name]
        text = build(rng)
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
