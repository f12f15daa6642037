"""The ruamel (pure-Python, YAML 1.2) front end of :mod:`runeforge.yamlsafe`.

It gives the reference verdict: every file the libyaml front end (:mod:`.yaml_libyaml`)
cannot vouch for (a syntax error, an anchor, a directive, deep nesting) is read here, so the
codes, messages and positions of every refusal are those of this module. Imported only when
such a file is met (ruamel's import and its composer are the slow part of a load).
"""

from __future__ import annotations

from ruamel.yaml import YAML
from ruamel.yaml.constructor import DuplicateKeyError
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.scanner import RoundTripScanner, Scanner
from ruamel.yaml.tokens import AliasToken, AnchorToken

from .yamlsource import MAX_DEPTH, Source, duplicate_key


class NestingTooDeep(MarkedYAMLError):
    """More than MAX_DEPTH levels of indentation or of flow collections."""


class _Bounded:
    """A scanner that stops at MAX_DEPTH levels of nesting, before any cost grows."""

    def _too_deep(self, what: str):
        return NestingTooDeep(problem=f"{what} nest deeper than {MAX_DEPTH} levels",
                              problem_mark=self.reader.get_mark())

    def fetch_flow_collection_start(self, *args, **kwargs):
        if len(self.flow_context) >= MAX_DEPTH:
            raise self._too_deep("flow collections ([ or {)")
        return super().fetch_flow_collection_start(*args, **kwargs)

    def add_indent(self, column: int) -> bool:
        if len(self.indents) >= MAX_DEPTH and self.indent < column:
            raise self._too_deep("indented blocks")
        return super().add_indent(column)


class _SafeScanner(_Bounded, Scanner):
    pass


class _RoundTripScanner(_Bounded, RoundTripScanner):
    pass


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    yaml.Scanner = _RoundTripScanner
    return yaml


def _marked(src: Source, exc: MarkedYAMLError, code: str = "RF101"):
    mark = exc.problem_mark or exc.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    problem = exc.problem or exc.context or "not valid YAML"
    return src.diag(code, f"not valid YAML: {problem}", line, col)


def _too_deep(src: Source, exc: NestingTooDeep):
    mark = exc.problem_mark
    return src.diag("RF108", f"YAML {exc.problem}", mark.line + 1, mark.column + 1,
                    hint="card data never nests this deep; flatten the structure")


def anchors(src: Source) -> list:
    """Scan tokens (linear, no expansion) and refuse anchors and aliases."""
    try:
        for token in _yaml().scan(src.text):
            if isinstance(token, (AnchorToken, AliasToken)):
                what = "anchor" if isinstance(token, AnchorToken) else "alias"
                mark = token.start_mark
                return [src.diag("RF107", f"YAML {what} '{token.value}' is not allowed in card "
                                 "data", mark.line + 1, mark.column + 1,
                                 length=len(str(token.value)) + 1,
                                 hint="write the value out; anchors and aliases can expand "
                                 "without bound")]
    except NestingTooDeep as exc:
        return [_too_deep(src, exc)]
    except MarkedYAMLError as exc:
        return [_marked(src, exc)]
    except YAMLError as exc:
        return [src.diag("RF101", f"not valid YAML: {exc}", 1, 1)]
    return []


def _composer() -> YAML:
    # The safe (YAML 1.2) scanner keeps every node's start mark but, unlike the round-trip
    # scanner, does not gather comments, which cost two thirds of a load. Values are built
    # from the nodes by positions.convert with the same SafeConstructor.
    yaml = YAML(typ="safe", pure=True)
    yaml.Scanner = _SafeScanner
    return yaml


def compose(src: Source, scan_anchors: bool = True):
    """(root node or None, diagnostics) of the text of ``src``: anchors refused (when
    ``scan_anchors``: the text may hold one), then the nodes composed with every safety
    rule."""
    diags = anchors(src) if scan_anchors else []
    if diags:
        return None, diags
    try:
        tree = _composer().compose(src.text)
        dup = duplicate_key(src, tree) if tree is not None else None
        if dup is not None:
            return None, [dup]
    except DuplicateKeyError as exc:
        d = _marked(src, exc, "RF103")
        key = src.line(d.line)[d.col - 1:].split(":")[0].strip()
        start = exc.context_mark.line + 1 if exc.context_mark else 1
        first = next((n for n in range(start, d.line) if src.line(n)[d.col - 1:].startswith(
            key + ":") and not src.line(n)[: d.col - 1].strip(" -")), None)
        hint = f"first defined at line {first}" if first else None
        return None, [src.diag("RF103", f"duplicate key '{key}' in a mapping", d.line, d.col,
                               length=max(1, len(key)), hint=hint)]
    except NestingTooDeep as exc:
        return None, [_too_deep(src, exc)]
    except MarkedYAMLError as exc:
        return None, [_marked(src, exc)]
    except RecursionError:
        return None, [src.diag("RF108", "YAML nesting is too deep", 1, 1)]
    except YAMLError as exc:
        return None, [src.diag("RF101", f"not valid YAML: {exc}", 1, 1)]
    return tree, []
