"""How much of a combinatorial space of English card sentences the Runebound language reads
(issue 32, part III; not a test, a measure of breadth).

The held-out sets show that a text fails on the first construction the grammar lacks, and that
fixing the failures of one set does not carry over to the next: each text brings its own rare
constructions. This measure does not sample texts. It builds sentences the way English builds
them, from slots, and crosses the slots:

    [opener,] [cost to] subject verb-phrase [modifier].

Each slot holds the game's words (from the rules: Heroes, Allies, challenges, gold, wounds,
exhaustion, trophies, market cards, spaces, terrain, combat rounds and phases), and the verb
agrees with its subject ("each Hero gains", "you gain", "your Allies take"). The sentences are
drawn at random with a fixed seed, so every run measures the same sentences.

It prints the share of sentences that parse (no syntax error) and the share that compile (parse,
pass the checks and lower to IR), and, for the syntax errors, which slot the first error falls
in and the slot options that fail most. A slot option that fails in most of its sentences is a
construction the grammar lacks; work on it is work on the construction, not on one text.

    python -m benchmarks.construction_space [--n 2000] [--seed 7] [--worst 25] [--show 0]

The slots are written from the rules notes (../shared/docs/rules-notes.md), not from any
held-out text.
"""

from __future__ import annotations

import random

from benchmarks.construction_report import arguments, count, report, tally
from benchmarks.heldout_lang import usage as heldout_usage
from runeforge.games.runebound.abilities import compile_abilities
from runeforge.games.runebound.checks import CardContext

# ---- subjects: (text, person) with person "2" (you), "3s" (he/she/it), "3p" (they);
# the possessive each subject takes ("your", "their", "its")
SUBJECTS = [
    ("you", "2", "your"), ("your Hero", "3s", "its"), ("each Hero", "3s", "their"),
    ("every Hero", "3s", "their"), ("each other Hero", "3s", "their"),
    ("all Heroes", "3p", "their"), ("each Hero in your space", "3s", "their"),
    ("each other Hero in your space", "3s", "their"),
    ("each Hero in a forest space", "3s", "their"),
    ("each Hero within 2 spaces of you", "3s", "their"),
    ("each Hero with 2 or more wounds", "3s", "their"),
    ("the Hero with the most gold", "3s", "their"),
    ("the Hero with the fewest trophies", "3s", "their"),
    ("another Hero", "3s", "their"), ("each player", "3s", "their"),
    ("this Ally", "3s", "its"), ("each of your Allies", "3s", "its"),
    ("your Allies", "3p", "their"), ("one of your Allies", "3s", "its"),
]

# ---- verb phrases: (base form, third-person singular form, needs a Hero subject)
# "{pos}" is the subject's possessive.
VERBS = [
    ("gain 2 gold", "gains 2 gold"), ("lose 1 gold", "loses 1 gold"),
    ("discard 1 gold", "discards 1 gold"), ("take 1 wound", "takes 1 wound"),
    ("take 2 wounds", "takes 2 wounds"), ("take 1 exhaustion", "takes 1 exhaustion"),
    ("heal 1 wound", "heals 1 wound"), ("heal all wounds", "heals all wounds"),
    ("remove 1 exhaustion", "removes 1 exhaustion"),
    ("discard 2 exhaustion", "discards 2 exhaustion"),
    ("draw 1 market card", "draws 1 market card"),
    ("draw the top card of the market deck", "draws the top card of the market deck"),
    ("move 1 space", "moves 1 space"), ("move up to 2 spaces", "moves up to 2 spaces"),
    ("receive +1 Body", "receives +1 Body"), ("get +2 Mind", "gets +2 Mind"),
    ("gain 1 trophy", "gains 1 trophy"), ("discard 1 trophy", "discards 1 trophy"),
    ("discard one of {pos} Allies", "discards one of {pos} Allies"),
    ("discard an item", "discards an item"),
    ("end {pos} turn", "ends {pos} turn"),
    ("roll 1 additional movement die", "rolls 1 additional movement die"),
    ("may reroll one combat roll", "may reroll one combat roll"),
    ("cannot move", "cannot move"), ("cannot attack", "cannot attack"),
    ("must discard 1 gold", "must discard 1 gold"),
    ("may heal 1 wound", "may heal 1 wound"),
    ("inflict 1 wound on {pos} enemy", "inflicts 1 wound on {pos} enemy"),
    ("make a magic attack", "makes a magic attack"),
    ("gain 1 experience", "gains 1 experience"),
]

MODALS = ("may", "must", "cannot")

# ---- openers: a window, a trigger or a condition before the clause
OPENERS = [
    "", "", "", "Before Combat: ", "Melee: ", "Any Phase: ", "Once per turn, ",
    "At the start of your turn, ", "At the end of your turn, ",
    "At the start of each combat round, ", "At the end of each combat round, ",
    "After combat, ", "Before moving, ", "During your market step, ",
    "When you defeat a challenge, ", "Whenever you defeat a challenge, ",
    "Each time you defeat a green challenge, ", "When your Hero enters a town, ",
    "When your Hero enters a plains space, ", "Each time you take a wound, ",
    "When this Ally is defeated, ", "When you buy an item, ", "When you sell an item, ",
    "If you have 2 or more wounds, ", "If you have no gold, ", "If you were defeated, ",
    "While this Ally is with you, ", "Until the end of this combat, ",
    "When your Hero is knocked out, ", "After you rest, ",
]

# ---- costs: "<cost> to" before the clause (only with the subject "you", as cards say)
COSTS = [
    "", "", "", "Activate to ", "Exhaust this Ally to ", "Discard this card to ",
    "Take 1 exhaustion to ", "Pay 1 gold to ", "You may pay 1 gold to ",
    "Activate and take 1 exhaustion to ", "You may discard an item to ",
]

# ---- modifiers after the clause
MODIFIERS = [
    "", "", "", " for each Ally you have", " for each item you have",
    " until the end of this combat", " until the end of your turn",
    " against yellow challenges", " during this combat", " this turn",
    " if you have 2 or more wounds",
]

KINDS = ("item", "ally", "hero", "event", "encounter")  # a challenge's text is about itself


def sentence(rng: random.Random) -> tuple[str, dict]:
    opener, cost, mod = rng.choice(OPENERS), rng.choice(COSTS), rng.choice(MODIFIERS)
    subj, person, pos = rng.choice(SUBJECTS) if not cost else ("you", "2", "your")
    base, third = rng.choice(VERBS)
    while cost and base.split()[0] in MODALS:  # "to may heal" is not English
        base, third = rng.choice(VERBS)
    verb = (third if person == "3s" else base).format(pos=pos)
    if cost:
        clause = f"{cost}{base.format(pos='your')}"
    else:
        clause = f"{subj} {verb}"
    body = f"{opener}{clause}{mod}."
    text = body[0].upper() + body[1:]
    if opener and not opener.endswith(": "):
        text = opener + clause[0].lower() + clause[1:] + mod + "."
    slots = {"opener": opener, "cost": cost, "subject": "" if cost else subj,
             "verb": base, "modifier": mod}
    return text, slots


LASTING = ("When", "Whenever", "Each time", "At the", "After", "Before", "During", "While",
           "Once", "Melee", "Any Phase", "Until")


def card_kind(text: str, rng: random.Random) -> str:
    """The kind of card a text is written for, as an author would choose it: a text about "this
    Ally" is an Ally's; one that activates or discards itself is an item's; a standing rule or a
    trigger is on a card that stays in play (an item, an Ally or a Hero); the rest may be on
    any kind."""
    if "this Ally" in text:
        return "ally"
    if "ctivate" in text or "this card" in text:
        return "item"
    if text.startswith(LASTING):
        return rng.choice(("item", "ally", "hero"))
    return rng.choice(KINDS)


def slot_of(text: str, pos: int, slots: dict) -> str:
    """The slot the character at ``pos`` belongs to."""
    at = 0
    for name in ("opener", "cost", "subject", "verb", "modifier"):
        part = slots[name]
        if not part:
            continue
        found = text.lower().find(part.strip().lower()[:12], at)
        if found < 0:
            continue
        end = found + len(part)
        if pos < end:
            return name
        at = end
    return "modifier"


def measure(n: int, seed: int) -> dict:
    """The figures of one run (benchmarks/construction_report.py's tally)."""
    rng = random.Random(seed)
    out = tally(n)
    for _ in range(n):
        text, slots = sentence(rng)
        kind = card_kind(text, rng)
        usage = heldout_usage(kind, text)
        irs, findings = compile_abilities(text, CardContext(kind, usage, None, frozenset()))
        errors = [f for f in findings if f.severity == "error"]
        syntax = [f for f in errors if f.code in ("RF301", "RF302")]
        count(out, kind, text, slots, slots, irs is not None, errors, syntax,
              lambda f: slot_of(text, f.span[0], slots))  # noqa: B023 (called at once)
    return out


def main(argv=None) -> None:
    args = arguments(__doc__, argv)
    report(measure(args.n, args.seed), args)


if __name__ == "__main__":
    main()
