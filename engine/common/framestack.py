"""Room on the interpreter's frame stack for a long computation such as a whole game.

CPython 3.11 and later keep the frames of Python calls on a per-thread stack of chunks of
16 KiB. A call that does not fit in the current chunk maps a new one (``mmap``), and the
return from that chunk's first frame unmaps it again (Python/pystate.c: ``push_chunk``,
``_PyThreadState_PopFrame``). A game's calls go up and down across such a boundary all the
time: measured for issue 38, a 4-player game with heuristic bots mapped and unmapped a
16 KiB chunk about 3,500 times, with a fresh page fault each time (63,600 minor faults in
19 games, against 24,000 with the room below), and spent 7-11 % of its CPU time in the
kernel for it. Where the boundary falls depends on how deep the game is called from, so the
same game cost more or less in one process than in a pool worker.

A chunk is sized to the next power of two that holds the frame that needs it with 1,000
slots to spare, so a frame of ``_PAD`` local slots never fits a 16 KiB chunk and gets a
256 KiB chunk to itself with about 17,000 slots (134 KiB, over a thousand frames) free after
it. :func:`call_with_room` calls a function from such a frame: its calls fill that room, and
the chunk stays mapped until the call returns. The pad costs the call a few microseconds
(its slots are set and cleared once). On Python 3.10 (frames on the heap) it changes
nothing.
"""

from __future__ import annotations

_PAD = 15_500  # (15,500 + 1,000) slots x 8 bytes > 128 KiB: a 256 KiB chunk


def _roomy(fn, args):
    return fn(*args)


def _padded(function):
    """``function`` with ``_PAD`` more local variables that it never uses (so a bigger frame;
    its code is otherwise the same)."""
    code = function.__code__
    names = code.co_varnames + tuple(f"_pad{i}" for i in range(_PAD))
    function.__code__ = code.replace(co_varnames=names, co_nlocals=len(names))
    return function


_roomy = _padded(_roomy)


def call_with_room(fn, *args):
    """``fn(*args)``, with the frames of its calls in a chunk of the frame stack that stays
    mapped for the whole call."""
    return _roomy(fn, args)
