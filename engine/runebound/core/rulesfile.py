"""The bundled rules files (``cards/rules/<name>.yaml``) as plain data, and the few values a
check reads from them without building a whole :class:`~.rulesdata.RulesData` (whose classes
cost a cold `runeforge check` more than the value it needs; issue 38). This module imports no
other part of the engine but its errors."""

from __future__ import annotations

from typing import Mapping

from runeforge.engine.common.errors import EngineError

DIE_FACES = 10  # faces of one die when a ruleset's combat.die_faces does not say


class RulesDataError(EngineError):
    """A ruleset dict is malformed or inconsistent."""


def die_faces(doc: Mapping) -> int:
    """Faces of one die (family 3 die tables) in the ruleset document ``doc``."""
    return int(doc["combat"].get("die_faces", DIE_FACES))


def bundled_document(name: str) -> dict:
    """The plain dict of a bundled rules file (``cards/rules/<name>.yaml``).

    Read with libyaml when PyYAML has it (a tenth of ruamel's time; these bundled files hold
    no scalar that YAML 1.1 and 1.2 read differently, which tests/test_yaml_front_ends.py checks
    against ruamel's YAML 1.2), else with ruamel."""
    from runeforge.engine.common.pkgfiles import files as package_files

    ref = package_files("runeforge.cards").joinpath("rules", f"{name}.yaml")
    try:
        text = ref.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesDataError(f"no bundled rules file {name!r}") from None
    try:
        from yaml import CSafeLoader, load
    except ImportError:
        from ruamel.yaml import YAML

        return YAML(typ="safe", pure=True).load(text)
    return load(text, Loader=CSafeLoader)
