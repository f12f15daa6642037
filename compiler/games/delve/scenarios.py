"""Delve's card scenarios (`runeforge test`): its engine runs each scenario itself (the
``scenario`` engine entry, engine/delve/analysis/scenarios.py), so the game's runner is the
generic runner of engine-run scenarios."""

from runeforge.scenarios.entry import run

__all__ = ["run"]
