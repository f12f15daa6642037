"""Rules text of branch dadv2's forms (issue 32, part III). English is the canonical printer's
(dsl/delve/printer.py, dsl/delve/spawn_dadv2.py); the msgids are in ``TEMPLATES_DADV2``.

* adversaries of its own kind placed by an adversary's rule (``effect.spawn.*``: where, and
  with their Vigour or not; one is "another adversary", more are ``.many``, "{n} adversaries",
  with the count in every plural form);
* a rule that fires once a game (``limit.game``)."""

from __future__ import annotations

from runeforge.dsl.delve.spawn_dadv2 import Spawn

TEMPLATES_DADV2 = {
    # one adversary ("another adversary"); ``.many``: {n} of them (the count said in every form)
    "effect.spawn.adjacent":
        "place another adversary of the same kind in an empty space adjacent to it",
    "effect.spawn.adjacent.many": (
        "place {n} adversary of the same kind in an empty space adjacent to it",
        "place {n} adversaries of the same kind in empty spaces adjacent to it"),
    "effect.spawn.adjacent_vigour": ("place another adversary of the same kind with Vigour "
                                     "{vigour} in an empty space adjacent to it"),
    "effect.spawn.adjacent_vigour.many": (
        "place {n} adversary of the same kind with Vigour {vigour} in an empty space adjacent "
        "to it",
        "place {n} adversaries of the same kind with Vigour {vigour} in empty spaces adjacent "
        "to it"),
    "effect.spawn.centre": "place another adversary of the same kind in the centre of its chamber",
    "effect.spawn.centre.many": (
        "place {n} adversary of the same kind in the centre of its chamber",
        "place {n} adversaries of the same kind in the centre of its chamber"),
    "effect.spawn.centre_vigour": ("place another adversary of the same kind with Vigour "
                                   "{vigour} in the centre of its chamber"),
    "effect.spawn.centre_vigour.many": (
        "place {n} adversary of the same kind with Vigour {vigour} in the centre of its chamber",
        "place {n} adversaries of the same kind with Vigour {vigour} in the centre of its "
        "chamber"),
    "limit.game": "Only once per game.",
}


def render_spawn(e, locale: str, t, n) -> str | None:
    """The text of a :class:`Spawn`, or None; ``t`` and ``n`` are text_forms' template
    helpers (``n``: a template counted by ``{n}``)."""
    if not isinstance(e, Spawn):
        return None
    key = f"effect.spawn.{e.where}" + ("_vigour" if e.vigour is not None else "")
    slots = {"vigour": e.vigour} if e.vigour is not None else {}
    if e.count == 1:
        return t(key, locale).format(**slots)
    return n(key + ".many", locale, e.count, **slots)
