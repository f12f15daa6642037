"""Delve's card scenarios (`runeforge test`): its engine runs each scenario itself (the
``scenario`` engine entry, engine/delve/analysis/scenarios.py) through the generic runner of
engine-run scenarios. A scenario may give the hero, an ally or an adversary abilities in
Delve's dialect (issue 32: a scenario for each form): they are compiled here, with located
diagnostics at ``check`` (:func:`check_scenarios`), and reach the engine as IR."""

from __future__ import annotations

import copy

from runeforge.scenarios.entry import run as run_engine

from .abilities import compile_texts


class _Holder:
    """The abilities of a scenario document, as a card of ``kind`` holding them (the
    dialect's diagnostics are located in the document)."""

    def __init__(self, doc, kind: str):
        self.doc, self.kind = doc, kind
        self.data = doc.data

    def span_diag(self, keys, span, code, message, *, hint=None, severity="error"):
        return self.doc.span_diag(keys, span, code, message, hint=hint, severity=severity)


def ability_texts(doc) -> list[tuple[tuple, str, str]]:
    """``[(keys, owner kind, text)]``: every ability text of a scenarios document."""
    out = []
    for i, sc in enumerate((doc.data or {}).get("scenarios") or []):
        given = (sc or {}).get("given") if isinstance(sc, dict) else None
        if not isinstance(given, dict):
            continue
        base = ("scenarios", i, "given")
        out += [(base + ("abilities", j), "hero", t)
                for j, t in enumerate(given.get("abilities") or [])]
        for k, ally in enumerate(given.get("allies") or []):
            if isinstance(ally, dict):
                out += [(base + ("allies", k, "abilities", j), "hero", t)
                        for j, t in enumerate(ally.get("abilities") or [])]
        for k, entry in enumerate(given.get("adversaries") or []):
            if isinstance(entry, dict):
                out += [(base + ("adversaries", k, "abilities", j), "adversary", t)
                        for j, t in enumerate(entry.get("abilities") or [])]
    return [(keys, kind, t) for keys, kind, t in out if isinstance(t, str)]


def _compiled(doc) -> tuple[dict, list]:
    """({keys: IR}, diagnostics) of a scenarios document's abilities."""
    irs, diags = {}, []
    for kind in ("hero", "adversary"):
        keyed = [(keys, t) for keys, k, t in ability_texts(doc) if k == kind]
        done, found = compile_texts(_Holder(doc, kind), keyed)
        irs.update(dict(done))
        diags += found
    return irs, diags


def check_scenarios(content) -> list:
    """The located diagnostics of every ability text in Delve's scenarios documents."""
    out = []
    for doc in content.documents.get("scenarios", []):
        if doc.game == "delve":
            out += _compiled(doc)[1]
    return out


class _Compiled:
    """A scenarios document whose ability texts are replaced by their IR."""

    def __init__(self, doc):
        self._doc = doc
        irs, _ = _compiled(doc)
        self.data = copy.deepcopy(doc.data)
        for keys, _kind, _text in ability_texts(doc):
            where = self.data
            for k in keys[:-1]:
                where = where[k]
            where[keys[-1]] = irs.get(keys)      # None: it did not compile (check says why)

    def __getattr__(self, name):
        return getattr(self._doc, name)


def run(content, compiled, documents):
    """``Game.scenarios``: the generic engine-run runner over the documents, their ability
    texts compiled."""
    return run_engine(content, compiled, [_Compiled(d) if ability_texts(d) else d
                                          for d in documents])
