"""Term tables (locales/<loc>/terms.yaml): the game's nouns in the forms each language needs.

A term is a dict of forms keyed ``<case>.<number>`` (``nom.sg``, ``gen.pl``, ``part.sg``),
or any key a template of that locale uses (``attack``, ``mod``). Nested YAML is flattened
(``nom: {sg: x}`` is ``nom.sg``). A *counted* term (after a number) picks its form with the
locale's ``counting`` table: case -> CLDR plural category -> form key. The category comes
from Babel (``Locale.plural_form``), so 21, 22, 25 and 1.5 are right; two extra categories
``x`` (the variable X) and ``all`` ("all wounds") exist for the amounts that are not numbers.
A term may override the table (``counting:`` inside the term) or give a form for a category
directly (``acc.many``). Data is here; the few lines of selection logic are in
:meth:`Term.form`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ruamel.yaml import YAML

from runeforge.l10n.localedir import babel_locale, locales_dir
from runeforge.l10n.slots import SlotError

SECTIONS = ("terms", "targets", "stats", "phases", "subjects", "skills")
SECTIONS += ("towns", "terrains")  # ---- family 4 (issue 21): towns in a locale's script, terrains
SECTIONS += ("colours",)  # ---- issue 32 (lists): "a blue or red challenge", in its agreeing form
RESERVED = ("gender", "counting", "note")
X_SAMPLE = 5  # X is counted like a number of this value ("X wounds", "X урона", "X haavaa")


def _flatten(data: dict, prefix: str = "") -> dict[str, str]:
    out = {}
    for key, value in data.items():
        if prefix == "" and key in RESERVED:
            continue
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(_flatten(value, name + "."))
        else:
            out[name] = str(value)
    return out


def category(locale: str, n) -> str:
    """CLDR plural category of ``n`` in ``locale`` (``x`` for X, ``all`` for all)."""
    if n in ("x", "all"):
        if n == "x":
            return babel_locale(locale).plural_form(X_SAMPLE)
        return "all"
    return babel_locale(locale).plural_form(n)


@dataclass(frozen=True)
class Term:
    locale: str
    section: str
    key: str
    forms: dict = field(hash=False, compare=False)
    counting: dict = field(hash=False, compare=False)
    default_case: str = "nom"
    gender: str | None = None

    def form(self, spec: str | None = None, cat: str | None = None) -> str:
        """The form ``spec`` (a case or an explicit key); counted by ``cat`` when given."""
        spec = spec or self.default_case
        forms = self.forms
        if cat is not None:
            if f"{spec}.{cat}" in forms:
                return forms[f"{spec}.{cat}"]
            mapped = self.counting.get(spec, {}).get(cat)
            if mapped is not None and mapped in forms:
                return forms[mapped]
        for key in (spec, f"{spec}.sg"):
            if key in forms:
                return forms[key]
        raise SlotError(f"{self.locale}: {self.section}.{self.key} has no form {spec!r}"
                        + (f" for count category {cat!r}" if cat else ""))


@dataclass(frozen=True)
class Counted:
    """Terms in the form a count category selects (``cat`` None: not counted)."""

    terms: tuple[Term, ...]
    cat: str | None = None


@dataclass(frozen=True)
class Listed:
    """Two or more terms coordinated ("a swamp or forest space", "a blue or red challenge"):
    a slot gives each term in the form it names, joined by the locale's ``list.comma`` and
    ``list.or`` (issue 32, lists). A str item (a word the game does not know) stays as written."""

    terms: tuple


@dataclass
class TermTable:
    locale: str
    default_case: str
    counting: dict
    sections: dict[str, dict[str, Term]]

    def get(self, section: str, key: str) -> Term:
        try:
            return self.sections[section][key]
        except KeyError:
            raise SlotError(f"{self.locale}: no term {section}.{key} in terms.yaml") from None

    def find(self, section: str, key: str) -> Term | None:
        return self.sections.get(section, {}).get(key)


def parse_table(locale: str, data: dict) -> TermTable:
    default_case = data.get("default_case", "nom")
    counting = data.get("counting", {}) or {}
    sections: dict[str, dict[str, Term]] = {}
    for section in SECTIONS:
        sections[section] = {}
        for key, raw in (data.get(section) or {}).items():
            raw = raw if isinstance(raw, dict) else {default_case: raw}
            merged = {case: dict(cats) for case, cats in counting.items()}
            for case, cats in (raw.get("counting") or {}).items():
                merged.setdefault(case, {}).update(cats)
            sections[section][str(key)] = Term(locale, section, str(key), _flatten(raw),
                                               merged, default_case, raw.get("gender"))
    return TermTable(locale, default_case, counting, sections)


@lru_cache(maxsize=None)
def load_terms(locale: str) -> TermTable:
    """The term table of ``locale`` (en-XA uses the English table)."""
    name = "en" if locale == "en-XA" else locale
    path = locales_dir() / name / "terms.yaml"
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    return parse_table(locale, data)


@lru_cache(maxsize=None)
def load_glossary(locale: str) -> dict:
    path = locales_dir() / locale / "glossary.yaml"
    return YAML(typ="safe").load(path.read_text(encoding="utf-8"))
