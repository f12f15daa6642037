"""The adventure rule modules, by the name an adventure document gives in ``rules:``.

Each is a module of this package exposing ``make_rules(spec)``, which returns an
:class:`~.adventure_rules.AdventureRules`; a new one is a module plus one line in
:data:`RULE_MODULES`. The modules are imported here, not looked up by name, so the registry
depends on every rule module in plain sight, while the rule modules depend only on
:mod:`.adventure_rules` (their base class), never on the registry.
"""

from __future__ import annotations

import difflib
from typing import Callable

from . import adventure_rules, crown, kyros
from .adventure_rules import AdventureError, AdventureRules, AdventureSpec

# name in ``rules:`` -> module. One module per adventure.
RULE_MODULES = {
    "dragon-lords": adventure_rules,
    "crown": crown,
    "kyros": kyros,
}


def load_rules(spec: AdventureSpec) -> AdventureRules:
    """The rule module the adventure names (``rules:``), or the data-only rules."""
    name = spec.rules or "dragon-lords"
    if name not in RULE_MODULES:
        near = difflib.get_close_matches(name, list(RULE_MODULES), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        raise AdventureError(f"adventure {spec.id!r} names unknown rule module {name!r}{hint}")
    factory: Callable[[AdventureSpec], AdventureRules] = RULE_MODULES[name].make_rules
    return factory(spec)
