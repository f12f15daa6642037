"""Runebound abilities parsed in several threads at once give what one thread gives.

The parser and its transformer are one shared object, and a parse under way keeps marks in it
(a window said after the effect, "against …", attack outcomes). The studio, the table and the
language server parse in threads. Thread A is held inside its parse, just after it marked its
window, while thread B parses another text: without parse_ability's lock B clears A's mark and
A's ability loses its window. With the lock B waits; A's wait for B then ends by its timeout,
so the verdict never depends on the machine's speed.
"""

from __future__ import annotations

import threading

from runeforge.dsl.runebound import parser_core
from runeforge.dsl.runebound.parser import parse_ability

A_TEXT = "Gain 1 gold before moving."
B_TEXT = "Gain 2 gold."


def test_a_parse_in_another_thread_leaves_the_parse_under_way_as_it_is(monkeypatch):
    alone = parse_ability(A_TEXT)
    assert alone.window == "before_moving"
    a_marked, b_done = threading.Event(), threading.Event()
    real_apply = parser_core._apply
    holder = {}

    def held_apply(mod, effect):
        out = real_apply(mod, effect)
        if threading.current_thread().name == "A" and mod.kind == "window":
            a_marked.set()
            b_done.wait(timeout=2)  # B finishes first only when nothing makes it wait
        return out

    monkeypatch.setattr(parser_core, "_apply", held_apply)

    def run_a():
        holder["a"] = parse_ability(A_TEXT)

    def run_b():
        assert a_marked.wait(timeout=30)
        holder["b"] = parse_ability(B_TEXT)
        b_done.set()

    threads = [threading.Thread(target=run_a, name="A"), threading.Thread(target=run_b, name="B")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert holder["a"] == alone
    assert holder["b"] == parse_ability(B_TEXT)


def test_a_failed_parse_leaves_nothing_for_the_next():
    """A long text (no sentence hint is tried for it) that fails after "If your attack
    succeeds," once left that mark behind, and the next ability, a test with "If you succeed,",
    was refused as "'If your attack ...' follows a test"."""
    import pytest

    from runeforge.dsl.errors import AbilitySyntaxError

    failed = ("Test Mind (5). If your attack succeeds, gain 1 gold. " + "Gain 1 gold. " * 30
              + "zork.")
    with pytest.raises(AbilitySyntaxError):
        parse_ability(failed)
    after = parse_ability("Test Body (4). Gain 1 gold. If you succeed, gain 1 gold.")
    assert after.sentences[0].attribute == "body"
