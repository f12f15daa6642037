"""A game's calls run with room on the frame stack (engine/common/framestack.py, issue 38):
calls that go up and down across a chunk boundary of CPython's frame stack map and unmap a
chunk, with a fresh page fault, every time; from call_with_room they do not."""

import sys

import pytest

from runeforge.engine.common import sweep
from runeforge.engine.common.framestack import call_with_room

resource = pytest.importorskip("resource", reason="page-fault counts need the resource module")

TIMES = 2000
DEPTH = 400  # frames of about 100 bytes: more than two chunks of 16 KiB from any start


def _down(n: int) -> int:
    return 0 if n == 0 else _down(n - 1)


def _up_and_down(times: int) -> int:
    for _ in range(times):
        _down(DEPTH)
    return times


def _faults(fn, *args) -> int:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    fn(*args)
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before


def test_calls_across_a_chunk_boundary_fault_only_without_room():
    assert call_with_room(_up_and_down, TIMES) == TIMES  # what fn returns
    _faults(call_with_room, _up_and_down, 10)  # the room's own chunk, mapped once
    with_room = _faults(call_with_room, _up_and_down, TIMES)
    plain = _faults(_up_and_down, TIMES)
    assert with_room < TIMES // 20
    if sys.version_info >= (3, 11):  # frames on a stack of chunks (3.10: on the heap)
        assert plain >= TIMES


def _depth_faults(bundle, spec) -> int:
    return _faults(_up_and_down, spec)


def test_the_sweep_plays_each_game_with_room_here_and_in_a_worker():
    assert sweep.run_local(_depth_faults, {}, [TIMES, TIMES], workers=1)[1] < TIMES // 20
    assert max(sweep.run_local(_depth_faults, {}, [TIMES] * 4, workers=2)) < TIMES // 20
