"""How much of a combinatorial space of English Delve ability sentences the dialect reads
(issue 32, part III; not a test, a measure of breadth; the Delve side of
``benchmarks/construction_space.py``).

Held-out Delve texts fail on the first construction the grammar lacks, and fixing one set's
failures has not carried to the next. This measure does not sample texts: it builds sentences
the way English builds them, from slots, and crosses the slots:

    [header] [opener,] subject verb-phrase [target] [modifier].

A hero's ability has a header (``Name (N+):``, ``(N+):``, ``Spend a hero die (N+) to``, or
none: a trigger or a rule that always holds), an opener (a trigger — ``each time``, ``when``,
``the first time`` —, a condition, a duration), a subject (the imperative, ``you``, a selector
of heroes or adversaries: ``each adversary adjacent to you``, ``up to 2 visible adversaries``,
``another hero in this chamber``), a verb phrase that agrees with its subject (``each hero
heals``, ``you heal``, ``adversaries adjacent to you are pinned``) and may take a target
(``push <target> 1 space away from you``), and a modifier (a duration: ``until the end of your
turn / the round / the next adversary phase``; a condition). An adversary's ability is built
the same way from its own openers (``when this adversary is slain``, ``each time this
adversary suffers a wound``, ``at the start of the adversary phase``) and its own subjects.
The words are the rules' (docs/delve.md, docs/delve-rules.md): heroes, adversaries, hero
dice (spent, unspent), wounds, renown, spaces, chambers, adjacency, line of sight, combat,
missile and area attacks, pushes and pulls. None is taken from a held-out text.

The sentences are drawn with a fixed seed (``--seed`` for others), so every run measures the
same sentences. The compile path is ``benchmarks.corpus_delve.compile_one``, the one the
held-out measure uses. It prints the share that parse (no syntax error) and the share that
compile, the refusals at check by code, and for the syntax errors the slot the first error
falls in and the slot options that fail most.

    python -m benchmarks.construction_space_delve [--n 2000] [--seed 7] [--worst 25] [--show 0]
"""

from __future__ import annotations

import random

from benchmarks.construction_report import arguments, count, report, tally
from benchmarks.corpus_delve import compile_one

SYNTAX = ("RF301", "RF302", "RF303", "RF304", "RF305")

# ---- subjects: (text, person, what it names) with person "imp" (the imperative: no subject
# written), "2" (you), "3s", "3p"; "hero" or "adversary" is what the subject's figures are.
HERO_SUBJECTS = [
    ("", "imp", "hero"), ("", "imp", "hero"), ("", "imp", "hero"), ("you", "2", "hero"),
    ("each adversary adjacent to you", "3s", "adversary"),
    ("every adversary adjacent to you", "3s", "adversary"),
    ("all adversaries adjacent to you", "3p", "adversary"),
    ("adversaries adjacent to you", "3p", "adversary"),
    ("each visible adversary", "3s", "adversary"),
    ("up to 2 visible adversaries", "3p", "adversary"),
    ("an adversary adjacent to you", "3s", "adversary"),
    ("the nearest adversary", "3s", "adversary"),
    ("each adversary in this chamber", "3s", "adversary"),
    ("each adversary within 2 spaces of you", "3s", "adversary"),
    ("each adversary in line of sight", "3s", "adversary"),
    ("each wounded adversary adjacent to you", "3s", "adversary"),
    ("another hero in this chamber", "3s", "hero"),
    ("each other hero in this chamber", "3s", "hero"),
    ("each hero adjacent to you", "3s", "hero"),
    ("other heroes within 2 spaces of you", "3p", "hero"),
    ("each hero in this chamber", "3s", "hero"),
    ("the hero with the most wounds", "3s", "hero"),
    ("a hero adjacent to you", "3s", "hero"),
]

ADVERSARY_SUBJECTS = [
    ("this adversary", "3s", "adversary"), ("it", "3s", "adversary"),
    ("", "imp", "adversary"),
    ("each hero adjacent to this adversary", "3s", "hero"),
    ("heroes adjacent to this adversary", "3p", "hero"),
    ("each hero within 2 spaces of this adversary", "3s", "hero"),
    ("each hero in this adversary's chamber", "3s", "hero"),
    ("the hero with the most renown", "3s", "hero"),
    ("the nearest hero", "3s", "hero"),
    ("each other adversary in this chamber", "3s", "adversary"),
    ("each adversary adjacent to this adversary", "3s", "adversary"),
]

# ---- verb phrases: (base form, third-person singular form, subjects it fits: "hero",
# "adversary", "any"; "me" means only the ability's own hero: the imperative or "you").
# "{me}" is the ability's own figure as an object ("you" on a hero's card, "this adversary"
# on an adversary's), "{tgt}" the target slot.
VERBS = [
    ("heal 1 wound", "heals 1 wound", "heal"), ("heal 2 wounds", "heals 2 wounds", "heal"),
    ("suffer 1 wound", "suffers 1 wound", "any"), ("suffer 2 wounds", "suffers 2 wounds", "any"),
    ("gain 1 renown", "gains 1 renown", "hero"), ("lose 1 renown", "loses 1 renown", "hero"),
    ("move up to 2 spaces", "moves up to 2 spaces", "hero"),
    ("move 1 space away from {me}", "moves 1 space away from {me}", "any"),
    ("move 2 spaces towards {me}", "moves 2 spaces towards {me}", "adversary"),
    ("may move 1 space", "may move 1 space", "hero"),
    ("cannot move", "cannot move", "any"),
    ("cannot attack", "cannot attack", "adversary"),
    ("cannot recuperate", "cannot recuperate", "hero"),
    ("are pinned", "is pinned", "hero"),
    ("roll one of your spent dice again", "rolls one of their spent dice again", "me"),
    ("reroll one of your unspent hero dice", "rerolls one of their unspent hero dice", "me"),
    ("make a combat attack against {tgt}", "makes a combat attack against {tgt}", "me"),
    ("make a missile attack against {tgt}", "makes a missile attack against {tgt}", "me"),
    ("make an area attack against {tgt}", "makes an area attack against {tgt}", "me"),
    ("attack {tgt}", "attacks {tgt}", "me"),
    ("push {tgt} 1 space away from {me}", "pushes {tgt} 1 space away from {me}", "me"),
    ("pull {tgt} 2 spaces towards {me}", "pulls {tgt} 2 spaces towards {me}", "me"),
    ("heal 1 wound on {tgt}", "heals 1 wound on {tgt}", "me"),
    ("deal 1 wound to {tgt}", "deals 1 wound to {tgt}", "me"),
    ("choose {tgt}", "chooses {tgt}", "me"),
    ("add 1 to your combat attack rolls", "adds 1 to their combat attack rolls", "me"),
    ("gain +1 Move", "gains +1 Move", "hero"),
    ("prevent the first wound you would suffer", "prevents the first wound it would suffer",
     "me"),
    ("explore", "explores", "me"),
    ("gain 1 renown for each adversary adjacent to you",
     "gains 1 renown for each adversary adjacent to it", "hero"),
]

# The verb phrase's target: a figure chosen among those the rules name.
HERO_TARGETS = [
    "an adversary adjacent to you", "each adversary adjacent to you", "a visible adversary",
    "up to 2 visible adversaries", "up to 3 adversaries in line of sight",
    "another hero in this chamber", "each other hero in this chamber", "the nearest adversary",
    "an adversary within 3 spaces of you", "a wounded adversary", "yourself",
    "each adversary in this chamber", "an adversary in your chamber", "2 visible adversaries",
    "an adjacent adversary", "the adversary with the most wounds",
]
ADVERSARY_TARGETS = [
    "each hero adjacent to it", "the nearest hero", "a hero adjacent to this adversary",
    "each visible hero", "the hero with the fewest wounds", "it", "this adversary",
    "each hero in this adversary's chamber",
]

# ---- headers (hero cards): a cost, or nothing
HEADERS = [
    "", "", "", "Shield Wall (4+): ", "Quick Step (2+): ", "Fury (6+): ", "(3+): ",
    "Spend a hero die (4+) to ", "Spend a 5+ hero die: ", "Cost 3+. ", "Steady Hand [2+]: ",
    "Shove (3): ",
]

# ---- openers: a trigger, a condition or a duration before the clause
HERO_OPENERS = [
    "", "", "", "", "Each time you slay an adversary, ", "Every time you slay an adversary, ",
    "Whenever you slay an adversary with a missile attack, ", "When you explore a chamber, ",
    "The first time you suffer a wound each round, ", "Each time you suffer a wound, ",
    "When an adversary moves adjacent to you, ", "Each time you recuperate, ",
    "At the start of your turn, ", "At the end of your turn, ", "At the end of each round, ",
    "When another hero in this chamber suffers a wound, ", "Each time you spend a 6, ",
    "If you have 2 or more wounds, ", "If there are no adversaries in this chamber, ",
    "If you are adjacent to an adversary, ",
    "Until the end of your turn, ", "Until the end of the round, ",
    "Until the end of the next adversary phase, ", "Once per turn, ",
]
ADVERSARY_OPENERS = [
    "", "", "When this adversary is slain, ", "Each time this adversary suffers a wound, ",
    "At the start of the adversary phase, ", "At the end of each round, ",
    "When this adversary is activated, ", "When activated, ", "After this adversary attacks, ",
    "The first time this adversary suffers a wound, ", "If this adversary is wounded, ",
    "While this adversary is adjacent to a hero, ", "Each time this adversary is pushed, ",
    "Until the end of the round, ",
]

# ---- modifiers after the clause
HERO_MODIFIERS = [
    "", "", "", "", " until the end of your turn", " until the end of the round",
    " until the end of the next adversary phase", " if you have 2 or more wounds",
    " this turn", " even if you are pinned", ". Only once per turn",
    " for each adversary adjacent to you",
]
ADVERSARY_MODIFIERS = [
    "", "", "", " until the end of the round", " until the end of the adversary phase",
    " if it is wounded", " this round",
]

# what an adversary's rule that always holds (or holds while a condition does) may say
RULE_VERBS = ("cannot move", "cannot attack", "cannot recuperate", "are pinned")

TRIGGER_WORDS = ("Each time", "Every time", "Whenever", "When", "The first time", "At the",
                 "After")


# verbs whose effect lasts: with a cost or a trigger they need a duration (RF915), and a
# duration over any other verb is refused (RF916); the sentence pairs them so
LASTING_VERBS = ("cannot move", "cannot attack", "cannot recuperate", "are pinned",
                 "add 1 to your combat attack rolls", "gain +1 Move",
                 "prevent the first wound you would suffer")
DURATION = "until the end of"


def fits(verb_kind: str, person: str, subject_kind: str, adversary: bool = False) -> bool:
    if verb_kind == "heal":  # heroes heal; an adversary heals on its own card
        return adversary or subject_kind == "hero"
    if verb_kind == "me":
        return person in ("imp", "2")
    if verb_kind == "any":
        return True
    return verb_kind == subject_kind


def verb_fits(base: str, verb_kind: str, person: str, subj_kind: str, adversary: bool,
              header: str, lasting: bool) -> bool:
    """Whether a verb phrase makes sense with its subject and its card."""
    if person == "imp" and base.startswith(("may ", "cannot ", "are ")):
        return False  # the imperative has no modal and no passive
    if adversary and person == "imp":  # an adversary's card, said imperatively: of itself
        return verb_kind != "me" or "dice" not in base
    if not fits(verb_kind, person, subj_kind, adversary):
        return False
    if adversary and not lasting and base not in RULE_VERBS:
        return False
    if header.endswith(" to ") and base.startswith(("may ", "cannot ")):
        return False  # "to may move" is not English
    if base.startswith("cannot ") and person in ("imp", "2"):
        return False  # a hero forbids others, not itself
    return True


def modifier_fits(modifier: str, base: str, person: str) -> bool:
    if "pinned" in modifier:  # the hero's own move, which ignores pinning
        return base.startswith(("move", "may move")) and person in ("imp", "2")
    if "for each" in modifier:  # an amount counted
        return base.split()[0] in ("gain", "suffer", "heal") and "for each" not in base
    return True


def sentence(rng: random.Random) -> tuple[str, str, dict]:
    """(text, card kind, slots) of one sentence."""
    adversary = rng.random() < 0.3
    kind = "adversary" if adversary else "hero"
    header = "" if adversary else rng.choice(HEADERS)
    openers = ADVERSARY_OPENERS if adversary else HERO_OPENERS
    opener = rng.choice(openers)
    while header and opener.startswith(TRIGGER_WORDS):  # a trigger has no cost (RF926)
        opener = rng.choice(openers)
    if header.endswith(" to "):  # "Spend a hero die (4+) to <verb>": nothing between
        opener = ""
    lasting = opener.startswith(TRIGGER_WORDS)
    if not adversary and not header and not lasting:
        # a hero's effect with neither a cost nor a trigger is no ability (RF918): an action
        header = rng.choice([h for h in HEADERS if h and not h.endswith(" to ")])
    subjects = ADVERSARY_SUBJECTS if adversary else HERO_SUBJECTS
    subj, person, subj_kind = rng.choice(subjects)
    if header.endswith(" to "):  # "Spend a hero die (4+) to <verb>": the imperative only
        subj, person, subj_kind = "", "imp", "hero"
    if adversary and person == "imp":
        subj_kind = "me"
    base, third, verb_kind = rng.choice(VERBS)
    while not verb_fits(base, verb_kind, person, subj_kind, adversary, header, lasting):
        base, third, verb_kind = rng.choice(VERBS)
    target = ""
    if "{tgt}" in base:
        target = rng.choice(ADVERSARY_TARGETS if adversary else HERO_TARGETS)
    me = "this adversary" if adversary else "you"
    verb = (third if person == "3s" else base)
    if person == "3p":
        verb = verb.replace("your ", "their ").replace("you would", "they would")
    if adversary:
        verb = verb.replace("your ", "its ").replace("you would", "it would")
    verb_text = verb.format(me=me, tgt=target)
    modifiers = ADVERSARY_MODIFIERS if adversary else HERO_MODIFIERS
    modifier = rng.choice(modifiers)
    lasts = base in LASTING_VERBS
    if lasts and (header or lasting) and DURATION not in (opener + modifier).lower():
        modifier = rng.choice([m for m in modifiers if DURATION in m])
    while not lasts and (DURATION in modifier or modifier in (" this turn", " this round")) \
            or not modifier_fits(modifier, base, person):
        modifier = rng.choice(modifiers)
    if DURATION in opener.lower() and not lasts:
        opener = ""
    clause = f"{subj} {verb_text}" if subj else verb_text
    body = opener + clause
    if header:
        body = header + (body[0].upper() + body[1:] if not header.endswith(" to ") else body)
    text = body[0].upper() + body[1:] + modifier + "."
    slots = {"header": header, "opener": opener, "subject": subj,
             "verb": base.split(" {tgt}")[0].split(" {me}")[0], "target": target,
             "modifier": modifier,
             # where the verb stands in the text, as said (agreeing: "gains", "is")
             "_verb": verb_text.split(target)[0] if target else verb_text}
    return text, kind, slots


ORDER = ("header", "opener", "subject", "verb", "target", "modifier")


def slot_of(text: str, pos: int, slots: dict) -> str:
    """The slot the character at ``pos`` belongs to."""
    at = 0
    last = "header"
    for name in ORDER:
        part = slots.get("_" + name, slots[name]).strip(" .,:")
        if not part:
            continue
        found = text.lower().find(part.lower()[:12], at)
        if found < 0:
            continue
        if pos < found:
            return last
        last = name
        end = found + len(part)
        if pos < end:
            return name
        at = end
    return "modifier" if slots["modifier"] else last


def measure(n: int, seed: int) -> dict:
    """The figures of one run: parsed, compiled, the refusals by code, the first syntax error
    by slot and by slot option, and the failing texts."""
    rng = random.Random(seed)
    out = tally(n)
    for _ in range(n):
        text, kind, slots = sentence(rng)
        ir, diags = compile_one(text, kind)
        errors = [d for d in diags if d.severity == "error"]
        syntax = [d for d in errors if d.code in SYNTAX]
        count(out, kind, text, slots, ORDER, ir is not None, errors, syntax,
              lambda d: slot_of(text, max(0, d.col - 1), slots))  # noqa: B023 (called at once)
    return out


def main(argv=None) -> None:
    args = arguments(__doc__, argv)
    report(measure(args.n, args.seed), args)


if __name__ == "__main__":
    main()
