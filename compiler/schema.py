"""The kinds of each game and JSON Schema validation, mapped to located diagnostics.

Every game (runeforge.games) names its card kinds and document kinds and the folder of their
``<kind>.schema.json`` files; ``manifest`` is a kind of every game (its schema is the
toolchain's own, ``compiler/schemas/manifest.schema.json``). A card kind's file holds
``cards: [...]``; a document kind's whole file is validated and kept as a document.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from runeforge.dsl.pkgfiles import files as package_files

from . import games
from .diagnostics import Diagnostic, did_you_mean

if TYPE_CHECKING:  # jsonschema is imported when a file is validated (not by a cached run)
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

MANIFEST = "manifest"
SUFFIX = ".schema.json"

TYPE_NAMES = {"string": "a string", "integer": "a whole number", "number": "a number",
              "boolean": "true or false", "array": "a list", "object": "a mapping",
              "null": "nothing (null)"}
RANGE_KEYWORDS = {"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minItems",
                  "maxItems", "minLength", "maxLength", "minProperties", "maxProperties"}


class Locator(Protocol):
    def diag_at(self, path: tuple, code: str, message: str, *, key: bool = False,
                hint: str | None = None) -> Diagnostic: ...


def _manifest_path():
    return package_files("runeforge").joinpath("schemas").joinpath(MANIFEST + SUFFIX)


@lru_cache(maxsize=None)
def kinds(game: str | None = None) -> tuple[str, ...]:
    """Every kind of file of ``game`` (default: the default game), manifest included, sorted."""
    return tuple(sorted(games.get(game).kinds + (MANIFEST,)))


def card_kinds(game: str | None = None) -> tuple[str, ...]:
    return games.get(game).card_kinds


def document_kinds(game: str | None = None) -> tuple[str, ...]:
    return games.get(game).document_kinds


@lru_cache(maxsize=None)
def load_schema(kind: str, game: str | None = None) -> dict:
    """The schema of a whole file of ``kind`` in ``game``. KeyError for an unknown kind."""
    if kind not in kinds(game):
        raise KeyError(kind)
    path = _manifest_path() if kind == MANIFEST else games.get(game).schema_path(kind)
    return json.loads(path.read_text(encoding="utf-8"))


def _is_integer(checker, instance) -> bool:
    # JSON Schema counts 4.0 as an integer; card data does not: `cost: 4.0` is a typo or a
    # decimal where a whole number is meant, and True is no number at all
    return isinstance(instance, int) and not isinstance(instance, bool)


@lru_cache(maxsize=None)
def strict_validator():
    """Draft 2020-12 with integers that are Python ints only (floats such as 4.0 are
    RF201)."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer))


@lru_cache(maxsize=None)
def validator(kind: str, game: str | None = None) -> Draft202012Validator:
    # the packaged schemas are checked against the metaschema by tests/test_schema.py, not
    # on every run (it cost a tenth of a cold load)
    return strict_validator()(load_schema(kind, game))


def _type_name(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    return {dict: "a mapping", list: "a list", str: "a string", int: "a whole number",
            float: "a decimal number", type(None): "nothing (null)"}.get(type(value),
                                                                         type(value).__name__)


def _expected(types) -> str:
    if isinstance(types, str):
        types = [types]
    return " or ".join(TYPE_NAMES.get(t, t) for t in types)


def _leaf_errors(error: ValidationError):
    """For oneOf/anyOf, descend to the errors of the closest alternative."""
    if error.context:
        from jsonschema.exceptions import best_match

        best = best_match(error.context)
        if best is not None and best is not error:
            yield from _leaf_errors(best)
            return
    yield error


def _field(error: ValidationError) -> str:
    path = [p for p in error.absolute_path]
    names = [p for p in path if isinstance(p, str)]
    return names[-1] if names else "file"


def map_error(error: ValidationError, where: Locator) -> list[Diagnostic]:
    path = tuple(error.absolute_path)
    kw = error.validator
    if kw == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed]
        return [where.diag_at(path + (k,), "RF202", f"unknown field '{k}'", key=True,
                              hint=did_you_mean(str(k), allowed)
                              or f"allowed fields: {', '.join(allowed)}")
                for k in extra]
    if kw == "required" and isinstance(error.instance, dict):
        missing = [k for k in error.validator_value if k not in error.instance]
        where_text = f"in '{_field(error)}'" if path else "in this file"
        return [where.diag_at(path, "RF203", f"missing required field '{k}' {where_text}",
                              hint=_describe(error.schema.get("properties", {}).get(k)))
                for k in missing]
    if kw == "type":
        hint = _describe(error.schema)
        if isinstance(error.instance, float) and "integer" in str(error.validator_value):
            whole = error.instance.is_integer()
            hint = (f"write {int(error.instance)}, without the decimal point" if whole
                    else "card data has no fractions; write a whole number")
        return [where.diag_at(path, "RF201", f"'{_field(error)}' must be "
                              f"{_expected(error.validator_value)}, not "
                              f"{_type_name(error.instance)}", hint=hint)]
    if kw in ("enum", "const"):
        allowed = error.validator_value if kw == "enum" else [error.validator_value]
        shown = ", ".join(json.dumps(v, ensure_ascii=False) for v in allowed)
        hint = did_you_mean(str(error.instance), [str(a) for a in allowed])
        return [where.diag_at(path, "RF204", f"'{_field(error)}' cannot be "
                              f"{json.dumps(error.instance, ensure_ascii=False)[:60]}; "
                              f"allowed: {shown}", hint=hint)]
    if kw in ("minLength", "maxLength") and isinstance(error.instance, str):
        bound = "at most" if kw == "maxLength" else "at least"
        return [where.diag_at(path, "RF205", f"'{_field(error)}' is {len(error.instance)} "
                              f"characters long; {bound} {error.validator_value} are allowed",
                              hint=_describe(error.schema))]
    if kw in RANGE_KEYWORDS:
        return [where.diag_at(path, "RF205", f"'{_field(error)}': {_shorten(error.message)}",
                              hint=_range_hint(error.schema))]
    return [where.diag_at(path, "RF206", f"'{_field(error)}': {error.message[:200]}",
                          hint=_describe(error.schema))]


def _shorten(message: str, limit: int = 200) -> str:
    """A schema message that quotes a long value: keep its end, where the reason is."""
    if len(message) <= limit:
        return message
    return message[: limit // 2] + " … " + message[-(limit // 2):]


def _range_hint(schema) -> str | None:
    if not isinstance(schema, dict):
        return None
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is None and high is None:
        return _describe(schema)
    bounds = f"from {low} to {high}" if low is not None and high is not None else \
        (f"at least {low}" if high is None else f"at most {high}")
    return f"allowed: {bounds} (the bounds are listed in docs/card-format.md)"


def _describe(schema) -> str | None:
    if isinstance(schema, dict) and schema.get("description"):
        return schema["description"]
    return None


@lru_cache(maxsize=None)
def fast_check(kind: str, game: str | None = None):
    """The yes/no check of a valid file (:mod:`.schema_fast`), or None."""
    from .schema_fast import compile_schema

    return compile_schema(load_schema(kind, game))


def validate(data: Any, kind: str, where: Locator, game: str | None = None) -> list[Diagnostic]:
    """Validate a whole file of ``kind`` (of ``game``); every error located via ``where``.
    A file the compiled check passes has none (jsonschema is not imported); any other is
    validated by jsonschema, which finds and explains the errors."""
    check = fast_check(kind, game)
    if check is not None:
        from .schema_fast import Unsure

        try:
            if check(data):
                return []
        except Unsure:
            pass
    diags: list[Diagnostic] = []
    errors = sorted(validator(kind, game).iter_errors(data),
                    key=lambda e: [str(p) for p in e.absolute_path])
    for error in errors:
        for leaf in _leaf_errors(error):
            diags.extend(map_error(leaf, where))
    # a value of the wrong type (RF201) is reported once: not also as out of range
    wrong_type = {(d.line, d.col) for d in diags if d.code == "RF201"}
    seen, unique = set(), []
    for d in diags:
        k = (d.line, d.col, d.code, d.message)
        if d.code in ("RF204", "RF205") and (d.line, d.col) in wrong_type:
            continue
        if k not in seen:
            seen.add(k)
            unique.append(d)
    return unique
