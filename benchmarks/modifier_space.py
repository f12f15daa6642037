"""How the Runebound language reads the modifiers of a clause (branch rbmodi, issue 32; a measure,
not a test): a second generator beside benchmarks/construction_space.py, for the modifier slot.

It builds a clause the language compiles bare ("[opener,] [cost to] subject verb-phrase.", the
slots of construction_space) and adds modifiers to it, after the clause, before it, or two at
once, in either order:

    durations   until the end of this combat / this combat round / your turn / your next
                turn, this turn, during this combat
    against     against yellow challenges, against red or green challenges
    for each    for each Ally / Item / trophy you have, for each wound on your Hero, for each
                card on the doom track
    if          if you have 2 or more wounds, if you have no gold

For each sentence whose bare clause compiles it reports whether the modified one parses, and
then: compiles, is refused at check (by code), or is a syntax error (RF301/RF302: a construction
the grammar lacks). A compiled sentence is "silent" when its IR keeps something the engine never
runs: a one-off effect, a count or a condition inside a duration (the engine reads only the
rules of a duration: a bonus, a prohibition, a price, a trigger).

    python -m benchmarks.modifier_space [--n 2000] [--seed 7] [--show 0] [--grep STR]
"""

from __future__ import annotations

import argparse
import collections
import random

from benchmarks.construction_space import card_kind, sentence
from benchmarks.heldout_lang import usage as heldout_usage
from runeforge.games.runebound.abilities import compile_abilities
from runeforge.games.runebound.checks import CardContext

DURATIONS = ["until the end of this combat", "until the end of this combat round",
             "until the end of your turn", "until the end of your next turn", "this turn",
             "during this combat"]
AGAINST = ["against yellow challenges", "against red or green challenges"]
FOR_EACH = ["for each Ally you have", "for each Item you have", "for each trophy you have",
            "for each wound on your Hero", "for each card on the doom track"]
IF = ["if you have 2 or more wounds", "if you have no gold"]
MODIFIERS = [("duration", m) for m in DURATIONS] + [("against", m) for m in AGAINST] + \
    [("for_each", m) for m in FOR_EACH] + [("if", m) for m in IF]

# the ops the engine reads from a duration (engine/runebound/core/standing.py and its family
# modules); anything else kept in one never runs
LASTING_OPS = {"modify", "restrict", "cost_modifier", "trigger", "grant_skill", "immune",
               "extra_wounds", "wound_cap", "cannot_be_wounded", "terrain_rule"}


def _silent(effects: list) -> str | None:
    for e in effects:
        if e.get("op") == "for_duration":
            # a duration inside runs to the earlier end (engine/.../durations_nest.py)
            bad = [x["op"] for x in e["effects"]
                   if x["op"] not in LASTING_OPS and x["op"] != "for_duration"]
            if bad:
                return bad[0]
        for key in ("effects", "else"):
            inner = e.get(key)
            if isinstance(inner, list):
                found = _silent(inner)
                if found:
                    return found
    return None


def _fixed_point(text: str) -> bool:
    """Does `fmt` print one wording of ``text`` that reads back as the same AST?"""
    from runeforge.dsl.runebound.sequence import parse_card_text, print_card_text

    try:
        ast = parse_card_text(text)
        said = print_card_text(ast)
        again = parse_card_text(said)
        return again == ast and print_card_text(again) == said
    except Exception:
        return False


def _renders(text: str) -> bool:
    """Does ``text`` render in the five locales, the English as `fmt` prints it?"""
    from runeforge.dsl.runebound.sequence import parse_card_text, print_card_text
    from runeforge.games.runebound.text.render import render_ability

    try:
        ast = parse_card_text(text)
        abilities = (ast,) if not isinstance(ast, tuple) else ast
        for locale in ("en", "fi", "pl", "el", "ru"):
            said = " ".join(render_ability(a, locale) for a in abilities)
            if not said or "{" in said or locale == "en" and said != print_card_text(ast):
                return False
    except Exception:
        return False
    return True


def _lead(mod: str) -> str:
    return mod[0].upper() + mod[1:] + ", "


def modified(rng: random.Random, clause: str) -> tuple[str, list]:
    """``clause`` (a sentence ending in ".") with one or two modifiers: after it, before it (a
    sentence with no opener or cost of its own), or both."""
    body = clause[:-1]
    picks = rng.sample(MODIFIERS, rng.choice((1, 1, 2)))
    bare = not any(w in body for w in (":", ",", " to "))
    where = [rng.choice(("after", "before")) if bare else "after" for _ in picks]
    text = body
    for (_kind, words), at in zip(picks, where, strict=True):
        if at == "before":
            text = _lead(words) + text[0].lower() + text[1:]
        else:
            text = f"{text} {words}"
    return text + ".", [f"{at}:{kind}" for (kind, _), at in zip(picks, where, strict=True)]


def _compile(text: str, kind: str):
    irs, findings = compile_abilities(text, CardContext(kind, heldout_usage(kind, text), None,
                                                        frozenset()))
    return irs, [f for f in findings if f.severity == "error"], findings


def measure(n: int = 2000, seed: int = 7, show: int = 0, grep: str = "") -> dict:
    rng = random.Random(seed)
    out = {"base": 0, "parse": 0, "compile": 0, "refused": collections.Counter(),
           "syntax": [], "silent": [], "unfixed": [], "unrendered": [], "by_option": collections.Counter(),
           "option_total": collections.Counter()}
    shown = 0
    while out["base"] < n:
        clause, _slots = sentence(rng)
        lead = out["base"] % 2 == 0  # half the sentences may take a modifier before the clause
        if lead and any(w in clause[:-1] for w in (":", ",", " to ")):
            continue
        kind = card_kind(clause, rng)
        irs, errors, _ = _compile(clause, kind)
        if errors or irs is None:
            continue  # the bare clause fails: another slot's construction, not this one's
        out["base"] += 1
        text, options = modified(rng, clause)
        irs, errors, findings = _compile(text, kind)
        for o in options:
            out["option_total"][o] += 1
        syntax = [f for f in errors if f.code in ("RF301", "RF302")]
        if syntax:
            out["syntax"].append((text, syntax[0].message))
            for o in options:
                out["by_option"][o] += 1
            if shown < show and grep in text:
                shown += 1
                print(f"  {text}\n    -> {syntax[0].code} {syntax[0].message}")
            continue
        out["parse"] += 1
        if errors:
            out["refused"][errors[0].code] += 1
            continue
        out["compile"] += 1
        if not _fixed_point(text):
            out["unfixed"].append(text)
        if not _renders(text):
            out["unrendered"].append(text)
        op = next((s for ir in irs if (s := _silent(ir["effects"]))), None)
        if op:
            out["silent"].append((text, op))
    return out


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--show", type=int, default=0, help="print N syntax errors")
    ap.add_argument("--grep", default="")
    args = ap.parse_args(argv)
    r = measure(args.n, args.seed, args.show, args.grep)
    n = r["base"]
    print(f"{n} clauses that compile bare, with modifiers: {r['parse']} parse "
          f"({100 * r['parse'] / n:.0f} %), {r['compile']} compile ({100 * r['compile'] / n:.0f} "
          f"%), of which {len(r['silent'])} silent (kept in a duration, never run); RF530 (a "
          f"duration over a one-off effect) refused {r['refused']['RF530']}")
    print("refused at check, by code: " + ", ".join(f"{k} {v}" for k, v in
                                                    r["refused"].most_common()))
    print(f"syntax errors: {len(r['syntax'])}; compiled but fmt no fixed point: "
          f"{len(r['unfixed'])}; not rendered in five locales (or the English not as fmt "
          f"prints it): {len(r['unrendered'])}")
    for key, total in sorted(r["option_total"].items()):
        print(f"  {r['by_option'][key]:4d}/{total:<4d} {key}")
    for text in r["unrendered"][:10]:
        print(f"  not rendered: {text}")
    for text in r["unfixed"][:10]:
        print(f"  no fixed point: {text}")
    for text, op in r["silent"][:10]:
        print(f"  silent ({op}): {text}")


if __name__ == "__main__":
    main()
