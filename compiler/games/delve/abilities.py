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


def selector_ir(sel) -> dict:
    out: dict = {"quantity": sel.quantity}
    if sel.side:
        out["side"] = sel.side
    if sel.quantity == "up_to":
        out["count"] = sel.count
    if sel.filters:
        out["filters"] = [{"kind": f.kind, **({"n": f.n} if f.kind == "within" else {})}
                          for f in sel.filters]
    return out


def _effect_ir(effect) -> dict:
    if isinstance(effect, n.Explore):
        return {"op": "explore"}
    if isinstance(effect, n.Move):
        return {"op": "move", "up_to": effect.up_to}
    if isinstance(effect, n.Heal):
        out = {"op": "heal", "wounds": effect.wounds}
        return {**out, "on": selector_ir(effect.on)} if effect.on else out
    if isinstance(effect, n.Renown):
        return {"op": "renown", "amount": effect.amount}
    if isinstance(effect, n.Skill):
        return {"op": "skill"}
    if isinstance(effect, n.Attack):
        return {"op": "attack", "target": effect.target, "range": effect.range,
                "hit": effect.hit, "damage": effect.damage}
    if isinstance(effect, n.Strike):
        out = {"op": "strike", "range": effect.range}
        if effect.target is not None:
            out["targets"] = selector_ir(effect.target)
        if effect.hit is not None:
            out.update(hit=effect.hit, damage=effect.damage)
        return out
    if isinstance(effect, n.Shift):
        return {"op": "shift", "targets": selector_ir(effect.target), "spaces": effect.spaces,
                "direction": "towards" if effect.towards else "away"}
    if isinstance(effect, n.Suffer):
        return {"op": "suffer", "targets": selector_ir(effect.target), "wounds": effect.wounds}
    if isinstance(effect, n.Reroll):
        return {"op": "reroll", "dice": effect.dice}
    if isinstance(effect, n.Ward):
        return {"op": "ward"}
    if isinstance(effect, n.Boost):
        out = {"op": "boost", "stat": effect.stat, "amount": effect.amount}
        return {**out, "range": effect.range} if effect.range else out
    if isinstance(effect, n.Until):
        return {"op": "until", "duration": effect.duration,
                "effects": [_effect_ir(e) for e in effect.effects]}
    out = {"op": "if", "cond": effect.cond, "effects": [_effect_ir(e) for e in effect.effects]}
    return {**out, "face": effect.face} if effect.face is not None else out


def lower(ability) -> dict:
    """The IR of a checked ability."""
    ir: dict = {}
    if isinstance(ability, n.Action):
        ir = {"form": "action", "name": ability.name}
    elif isinstance(ability, n.Spend):
        ir = {"form": "spend"}
    elif isinstance(ability, n.Constant):
        ir = {"form": "constant"}
    else:
        ir = {"form": "trigger", "event": ability.event}
        if ability.range:
            ir["range"] = ability.range
    if isinstance(ability, (n.Action, n.Spend)):
        ir["cost"] = {"need": ability.cost.need, "escalating": ability.cost.escalating}
        if ability.limit:
            ir["limit"] = ability.limit
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
