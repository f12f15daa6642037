"""The tiny game's ability dialect: parse, print (canonical), check, lower to its IR."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from jsonschema import Draft202012Validator
from lark import Lark, UnexpectedInput

from runeforge.diagnostics import Diagnostic, DiagnosticError, did_you_mean

GRAMMAR = Path(__file__).with_name("tiny.lark")
WORDS = ("gain", "deal", "steps", "damage", "gold")
IR_SCHEMA = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object", "additionalProperties": False,
    "required": ["action", "need", "op", "amount", "unit"],
    "properties": {"action": {"type": "string"}, "need": {"type": "integer", "minimum": 1,
                                                          "maximum": 6},
                   "op": {"enum": ["gain", "deal"]}, "amount": {"type": "integer"},
                   "unit": {"enum": ["steps", "damage", "gold"]}},
}


@dataclass(frozen=True)
class Ability:
    action: str
    need: int
    need_span: tuple[int, int]
    verb: str
    amount: int
    unit: str


class TinySyntaxError(Exception):
    def __init__(self, message, start, end, hint=None):
        super().__init__(message)
        self.message, self.start, self.end, self.hint = message, start, end, hint


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR.read_text(encoding="utf-8"), start="ability", parser="lalr",
                propagate_positions=True)


def parse(text: str) -> Ability:
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as err:
        pos = getattr(err, "pos_in_stream", None) or 0
        word = text[pos:].split(" ")[0].rstrip(".:") or "the end"
        hint = did_you_mean(word.lower(), WORDS)
        raise TinySyntaxError(f"unexpected '{word}'", pos, max(pos + 1, pos + len(word)),
                              hint) from None
    action = tree.children[0]
    threshold, effect = tree.children[1], tree.children[2]
    number = threshold.children[0]
    verb, amount, unit = effect.children
    return Ability(str(action).capitalize(), int(number),
                   (number.start_pos, number.end_pos), str(verb).lower(), int(amount),
                   str(unit).lower())


def print_ability(ab: Ability) -> str:
    return f"{ab.action} ({ab.need}+): {ab.verb.capitalize()} {ab.amount} {ab.unit}."


def canonical(text: str) -> str:
    try:
        return print_ability(parse(text))
    except TinySyntaxError as err:
        raise DiagnosticError(Diagnostic("RF301", err.message, "<ability>", 1, err.start + 1,
                                         err.end - err.start, hint=err.hint,
                                         source_line=text)) from None


def lower(ab: Ability) -> dict:
    return {"action": ab.action.lower(), "need": ab.need, "op": ab.verb, "amount": ab.amount,
            "unit": ab.unit}


def validate_ir(ir: dict) -> None:
    errors = list(Draft202012Validator(IR_SCHEMA).iter_errors(ir))
    if errors:
        raise ValueError(errors[0].message)


def compile_card(card, content):
    """(IR list, diagnostics) for one card, each problem at its column in the YAML."""
    out, diags = [], []
    for i, text in enumerate(card.data.get("abilities", []) or []):
        if not isinstance(text, str):
            continue
        try:
            ab = parse(text)
        except TinySyntaxError as err:
            diags.append(card.span_diag(("abilities", i), (err.start, err.end), "RF301",
                                        err.message, hint=err.hint))
            continue
        if not 1 <= ab.need <= 6:
            diags.append(card.span_diag(("abilities", i), ab.need_span, "RF205",
                                        f"a die shows 1 to 6, so ({ab.need}+) can never be "
                                        "rolled", hint="use a threshold from 1+ to 6+"))
            continue
        ir = lower(ab)
        validate_ir(ir)
        out.append(ir)
    return out, diags
