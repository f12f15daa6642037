"""Delve's dialect for the compiler: compile a card's abilities to the ``delve`` IR with
located diagnostics, and the canonical text ``runeforge fmt`` writes."""

from __future__ import annotations

from runeforge.diagnostics import Diagnostic, DiagnosticError
from runeforge.dsl.delve import nodes as n
from runeforge.dsl.delve.checks import check_ability
from runeforge.dsl.delve.errors import AbilitySyntaxError  # noqa: F401  (re-export)
from runeforge.dsl.delve.parser import parse_ability
from runeforge.dsl.delve.printer import print_ability
from runeforge.engine.delve.ir import validate_ability


def _effect_ir(effect) -> dict:
    if isinstance(effect, n.Explore):
        return {"op": "explore"}
    if isinstance(effect, n.Move):
        return {"op": "move", "up_to": effect.up_to}
    if isinstance(effect, n.Heal):
        return {"op": "heal", "wounds": effect.wounds}
    if isinstance(effect, n.Renown):
        return {"op": "renown", "amount": effect.amount}
    if isinstance(effect, n.Skill):
        return {"op": "skill"}
    return {"op": "attack", "target": effect.target, "range": effect.range, "hit": effect.hit,
            "damage": effect.damage}


def lower(ability) -> dict:
    """The IR of a checked ability."""
    ir: dict = {}
    if isinstance(ability, n.Action):
        ir = {"form": "action", "name": ability.name}
    elif isinstance(ability, n.Spend):
        ir = {"form": "spend"}
    else:
        ir = {"form": "trigger", "event": ability.event}
    if not isinstance(ability, n.Trigger):
        ir["cost"] = {"need": ability.cost.need, "escalating": ability.cost.escalating}
    ir["effects"] = [_effect_ir(e) for e in ability.effects]
    return ir


def compile_card(card, content=None):
    """(IR list, diagnostics) for one Delve card; each problem at its column in the YAML."""
    keyed = [(("abilities", i), t) for i, t in enumerate(card.data.get("abilities", []) or [])
             if isinstance(t, str)]
    compiled, diags = compile_texts(card, keyed)
    return [ir for _, ir in compiled], diags


def compile_texts(card, keyed) -> tuple[list, list]:
    """([(keys, IR)], diagnostics) for ``keyed``: ``[(keys, text)]``, each ability string of
    ``card`` with the YAML keys where it stands (diagnostics are located there); a text with
    an error has no IR."""
    out, diags = [], []
    for keys, text in keyed:
        try:
            ability = parse_ability(text)
        except AbilitySyntaxError as err:
            diags.append(card.span_diag(keys, (err.start, err.end), err.code, err.message,
                                        hint=err.hint))
            continue
        problems = check_ability(ability)
        diags.extend(card.span_diag(keys, p.span, p.code, p.message, hint=p.hint,
                                    severity=p.severity) for p in problems)
        if any(p.severity == "error" for p in problems):
            continue
        ir = lower(ability)
        validate_ability(ir)
        out.append((keys, ir))
    return out, diags


def canonical_text(text: str) -> str:
    """The canonical form of one ability (DiagnosticError located in the string)."""
    try:
        return print_ability(parse_ability(text))
    except AbilitySyntaxError as err:
        raise DiagnosticError(Diagnostic(err.code, err.message, "<ability>", 1, err.start + 1,
                                         err.end - err.start, hint=err.hint,
                                         source_line=text)) from None
