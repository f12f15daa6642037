"""A round-start state of the exact odds solved by one function generated per alive mask and
kind of solver: the rows of :mod:`.odds_rows` and the Newton iteration of :mod:`.odds_sweep`
joined, for the solvers whose rows have a fixed shape (no once-per-combat strike: a strike's
entries come and go with the state's flags and exhaustion).

The rows' code leaves each action's constant 5-vector in locals instead of building the
entry tuples, the row lists and the list of rows that the sweep's code then unpacks again;
the sweep's code reads those locals. Both halves are the generated code of the two modules,
so the float operations and their order are theirs (and so ``Solver._row``'s and
``odds_sweep.reference``'s): tests/test_odds_sweep.py compares the joined function with the
two, bit for bit.
"""

from __future__ import annotations

from .odds_rows import rows_code
from .odds_sweep import _EPS, sweep_source

_KERNELS: dict = {}  # (alive, plain, lean) -> generated function


def fused_kernel(alive: int, plain: bool, keys, lean: bool = False):
    """The generated ``f(solver, state, shortcut) -> (start 5-vector, values, choices,
    sweeps)`` for a solver without strikes (``plain``: without any ability); ``keys``: the
    solver's chain nodes for ``alive``; ``lean``: the vectors carry wins and the Hero's final
    wounds only (:attr:`.odds_solver.Solver.lean`)."""
    fn = _KERNELS.get((alive, plain, lean))
    if fn is None:
        scope: dict = {}
        exec(compile(fused_source(alive, plain, keys, lean), "<odds_fused kernel>",  # noqa: S102
                     "exec"), scope)
        fn = _KERNELS[(alive, plain, lean)] = scope["solve"]
    return fn


def fused_source(alive: int, plain: bool, keys, lean: bool = False) -> str:
    out = ["def solve(S, state, shortcut, eps=%r):" % _EPS]
    put = out.append
    layout = rows_code(put, alive, plain, keys, fused=True, lean=lean)
    sweep_source(put, keys, layout, lean)
    return "\n".join(out) + "\n"
