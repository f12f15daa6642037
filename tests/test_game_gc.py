"""The collector stays off the content whole games read (engine/common/gcscope.py, issue 19).

Each check runs in a fresh interpreter: freezing happens once per process.
"""

from __future__ import annotations

import os
import subprocess
import sys

SCRIPT = r"""
import gc, sys
from runeforge.commands.play import play_game
from tests.test_game_props import content
from tests.test_game_caches import options, log_of
bundle, _ = content()
assert gc.get_freeze_count() == 0, "frozen before any game"
play_game(bundle, options(players=2))
frozen = gc.get_freeze_count()
before = len(gc.get_objects())
for seed in range(1, 7):
    play_game(bundle, options(players=2, seed=seed))
gc.collect()
print(frozen, len(gc.get_objects()) - before)
"""


def run(no_caches: bool) -> tuple[int, int]:
    env = dict(os.environ)
    env.pop("RUNEFORGE_NO_GAME_CACHES", None)
    if no_caches:
        env["RUNEFORGE_NO_GAME_CACHES"] = "1"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", SCRIPT], cwd=root, env=env, text=True,
                         capture_output=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def test_the_first_game_freezes_what_exists_and_later_games_leave_no_garbage():
    frozen, growth = run(no_caches=False)
    assert frozen > 50_000  # the compiled content and the modules
    # games after the freeze are collected as before (a freeze at every game would keep
    # every game's garbage: about 9,000 objects a game)
    assert growth < 5_000


def test_no_caches_leaves_the_collector_alone():
    frozen, _ = run(no_caches=True)
    assert frozen == 0


GARBAGE = r"""
import gc, sys
from runeforge.commands.play import play_game
from tests.test_game_props import content
from tests.test_game_caches import GAMES
bundle, _ = content()
play_game(bundle, dict(GAMES["base-4-1"]))  # the first game freezes the content
gc.collect()
gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector frees is kept in gc.garbage
for name in sys.argv[1:]:
    game = play_game(bundle, dict(GAMES[name]))
    del game
    gc.collect()
    print(name, len(gc.garbage))
    gc.garbage.clear()
"""


def test_a_finished_game_is_freed_without_the_collector():
    # the combat engine refers to its game through a weak reference (gamecombat.py), so a
    # game dropped by its caller is freed at once by reference counting; a cycle made by a
    # later change would leave its whole log and state to the collector's full collections
    # (about 6,000 objects a game, 9 % of a run's time in session 28)
    # (the games of the bundled adventure; an adventure document or expansions build a
    # catalog of their own per game, whose card objects still make cycles)
    names = ["base-4-2", "advanced-4-3", "base-4-1-random", "advanced-6-2"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = subprocess.run([sys.executable, "-c", GARBAGE, *names], cwd=root, text=True,
                         capture_output=True, check=True).stdout.split()
    found = dict(zip(out[::2], map(int, out[1::2]), strict=True))
    assert found == dict.fromkeys(names, 0)
