"""Compile card abilities: parse (runeforge.dsl.runebound), check (section 5), lower to the effect IR.

Every problem becomes a Diagnostic pointing at the exact column inside the ability string
in the YAML file. The engine runs only the IR this module produces.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from runeforge.diagnostics import Diagnostic, DiagnosticError
from runeforge.dsl.errors import AbilitySyntaxError
from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from runeforge.dsl.runebound.sequence import parse_text, print_card_text
from runeforge.engine.runebound.core.ir import IRError, validate_ability

from .checks import CardContext, Finding, check_ability, check_compiled
from .checks.rbverb import check as check_agreement
from .lower import lower


@lru_cache(maxsize=4096)
def _parse(text: str) -> n.Ability:
    return parse_ability(text)


def parse_cached(text: str) -> n.Ability:
    """Parse with a cache: the same text (e.g. copies of a card) is parsed once."""
    return _parse(text)


@lru_cache(maxsize=4096)
def parts_cached(text: str) -> tuple[tuple[int, str, n.Ability], ...]:
    """The abilities one card text holds, each as (offset in ``text``, its own text, AST): a
    text that parses whole is one ability; "Before Combat: ... Reward: 3 gold." is two
    (runeforge.dsl.runebound.sequence). Raises AbilitySyntaxError located in ``text``."""
    parsed = parse_text(text)
    bounds = [offset for offset, _ in parsed[1:]] + [len(text)]
    return tuple((offset, text[offset:end].rstrip(), ability)
                 for (offset, ability), end in zip(parsed, bounds, strict=True))


def compile_abilities(text: str, ctx: CardContext) -> tuple[list[dict] | None, list[Finding]]:
    """Parse, check and lower one card text, which may hold several abilities one after
    another: (their IRs, or None when any has an error; findings located in ``text``)."""
    try:
        parts = parts_cached(text)
    except AbilitySyntaxError as err:
        return None, [Finding(err.code, err.message, (err.start, err.end), err.hint)]
    irs, findings, failed = [], [], False
    for offset, part, ability in parts:
        ir, found = _compile_parsed(ability, part, ctx)
        findings += [_shift(f, offset) for f in found]
        failed = failed or ir is None
        irs.append(ir)
    return (None if failed else irs), findings


def _shift(f: Finding, offset: int) -> Finding:
    if not offset or f.span is None:
        return f
    return replace(f, span=(f.span[0] + offset, f.span[1] + offset))


def compile_ability(text: str, ctx: CardContext) -> tuple[dict | None, list[Finding]]:
    """Parse, check and lower one ability: (IR or None, findings).

    A syntax error gives one finding and no IR; semantic errors give findings and no IR;
    warnings keep the IR.
    """
    try:
        ability = _parse(text)
    except AbilitySyntaxError as err:
        return None, [Finding(err.code, err.message, (err.start, err.end), err.hint)]
    return _compile_parsed(ability, text, ctx)


def _compile_parsed(ability: n.Ability, text: str, ctx: CardContext):
    findings = list(check_ability(ability, ctx)) + _reward_line(text, ctx) \
        + check_agreement(text)  # branch rbverb: the verb agrees with its subject (RF525)
    if any(f.severity == "error" for f in findings):
        return None, findings
    ir = lower(ability)
    findings += check_compiled(ir, ctx, text)  # what the engine runs (docs/windows.md)
    if any(f.severity == "error" for f in findings):
        return None, findings
    return ir, findings


# issue 32 (session rbcard): "Reward: 3 gold." is a challenge's text run when it is defeated;
# on another card the same window would be its holder's "When you defeat a challenge, ...", so
# the printed label is refused there (the word is in no other sentence of the language)
_REWARD = re.compile(r"\breward\s*:", re.I)


def _reward_line(text: str, ctx: CardContext) -> list[Finding]:
    found = _REWARD.search(text)
    if found is None or ctx.kind == "challenge":
        return []
    return [Finding("RF471", f"a 'Reward:' line on this {ctx.kind} card: only a defeated challenge "
                    "pays a reward", found.span(),
                    hint="write 'When you defeat a challenge, ...' for what this card's "
                         "holder gains, or move the reward to the challenge")]


def _gains_gold_when_defeated(ir: dict) -> bool:
    if (ir.get("timing") or {}).get("window") != "defeat_challenge":
        return False
    stack = list(ir.get("effects") or [])
    while stack:
        e = stack.pop()
        if isinstance(e, dict):
            if e.get("op") == "gain_gold":
                return True
            stack.extend(v for v in e.values() if isinstance(v, (list, dict)))
        elif isinstance(e, list):
            stack.extend(e)
    return False


def _reward_twice(card, i: int, text: str, ir: dict) -> Diagnostic | None:
    """A challenge's gold said twice: its YAML 'reward: {gold: N}' and its text's reward."""
    reward = card.data.get("reward") if card.kind == "challenge" else None
    if not (isinstance(reward, dict) and reward.get("gold")) or \
            not _gains_gold_when_defeated(ir):
        return None
    return _diagnostic(card, i, text, Finding(
        "RF471", f"this challenge's gold is said twice: 'reward: {{gold: {reward['gold']}}}' "
        "in its data and in its text (both would be paid)", (0, len(text)),
        hint="say the reward once: drop the YAML 'reward: gold' or the text's 'Reward: ...'"))


def context_for(card, content) -> CardContext:
    data = card.data if isinstance(card.data, dict) else {}
    stamina = data.get("stamina")
    return CardContext(kind=card.kind, usage=data.get("usage"),
                       stamina=stamina if isinstance(stamina, int) else None,
                       skills=frozenset(getattr(content, "skills", ()) or ()))


def _diagnostic(card, index: int, text: str, f: Finding) -> Diagnostic:
    keys = ("abilities", index)
    start, end = f.span if f.span else (0, len(text))
    line, col = card.text_pos(keys, start)
    end_line, end_col = card.text_pos(keys, max(start, end - 1))
    length = end_col - col + 1 if end_line == line else 1
    snippet = text[start:end]
    message = f.message if snippet in f.message or len(snippet) > 60 else f"{f.message}: '{snippet}'"
    return Diagnostic(code=f.code, message=message, path=card.path, line=line, col=col,
                      length=max(1, length), severity=f.severity, hint=f.hint,
                      source_line=card.source_line(line),
                      extra={"card": card.id, "ability": index})


def compile_card(card, content) -> tuple[list[dict], list[Diagnostic]]:
    """Return (IR list in the order of card.data['abilities'], diagnostics).

    An ability with an error has no IR; the list then holds only the abilities that
    compiled, so callers must treat any error diagnostic as "not built".
    """
    abilities = card.data.get("abilities") if isinstance(card.data, dict) else None
    if not isinstance(abilities, list):
        return [], []
    ctx = context_for(card, content)
    out, diags = [], []
    for i, text in enumerate(abilities):
        if not isinstance(text, str):
            continue  # the schema check reports the wrong type
        irs, findings = compile_abilities(text, ctx)
        diags.extend(_diagnostic(card, i, text, f) for f in findings)
        for ir in irs or ():
            try:
                validate_ability(ir)
            except IRError as err:  # a compiler bug, reported at the ability, never hidden
                diags.append(_diagnostic(card, i, text, Finding(
                    "RF410", f"internal: compiled IR is invalid ({err})", None,
                    hint="please report this ability to the Runeforge developers")))
                continue
            twice = _reward_twice(card, i, text, ir)
            if twice is not None:
                diags.append(twice)
                continue
            out.append(ir)
    return out, diags


def canonical_text(text: str) -> str:
    """The canonical form of one ability string (for `runeforge fmt`).

    Raises DiagnosticError (path '<ability>', col = 1-based column in ``text``) when the
    text does not parse.
    """
    try:
        parts = parts_cached(text)
    except AbilitySyntaxError as err:
        raise DiagnosticError(Diagnostic(
            code=err.code, message=err.message, path="<ability>", line=1, col=err.start + 1,
            length=err.end - err.start, hint=err.hint, source_line=text)) from None
    return print_card_text(tuple(ability for _offset, _part, ability in parts))


def compile_text(text: str, kind: str = "item", usage: str | None = None,
                 skills=("Swim", "Climb", "Diplomacy")) -> dict:
    """Compile one ability outside any file (tests, the REPL). Raises DiagnosticError."""
    ir, findings = compile_ability(text, CardContext(kind, usage, None, frozenset(skills)))
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise DiagnosticError([Diagnostic(code=f.code, message=f.message, path="<ability>",
                                          line=1, col=(f.span or (0, 1))[0] + 1,
                                          source_line=text, hint=f.hint) for f in errors])
    validate_ability(ir)
    return ir
