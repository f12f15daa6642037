"""Conventions shared by the fuzz targets in tests/fuzz/.

How many cases a target runs comes from the environment variable ``RUNEFORGE_FUZZ_CASES``:

* unset, empty or ``small``: each target's small count, so the normal suite stays quick;
* ``full``: each target's full count (``tox -e fuzz``: 100,000 ability strings, 10,000 card
  files);
* a positive number such as ``0.1``: that fraction of the full count (at least one case).

A target asks ``fuzz_cases(small, full)`` for its count and ``fuzz_settings(count)`` for the
Hypothesis settings of a fuzz run (no example database, so a run writes nothing, and no
Hypothesis deadline: the tally below times every case itself). It runs each case inside
``tally.case()``, which interrupts a hang, times the case and counts what went wrong; the counts
of every target are printed at the end of the run (``fuzz <target>: N cases, ...``).
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import threading
import time
from dataclasses import dataclass, field

import pytest
from hypothesis import HealthCheck, settings

FUZZ_ENV = "RUNEFORGE_FUZZ_CASES"
# A case still running after INTERRUPT_SECONDS of wall-clock time (a loop that never ends, or
# blocked, e.g. reading a FIFO) is a hang: it is interrupted and fails. Nothing else about time
# fails a case: a verdict never depends on the machine's speed or load. A case that used more
# than SLOW_SECONDS of CPU time (the figure of issue 22) is counted as "slow" and named in the
# summary line, as a figure to look at, not a failure.
# The garbage collector is paused during a case: a full collection walks the whole heap, and
# after tens of thousands of cases Hypothesis' own records make that heap large (measured:
# 0.6 s per collection at 15,000 cases, 1.1 s near 38,000), a cost of the harness that would
# land on whichever case allocates at that moment. It runs between the cases instead.
SLOW_SECONDS = 1.0
INTERRUPT_SECONDS = 30.0


def fuzz_scale() -> str:
    return os.environ.get(FUZZ_ENV, "").strip().lower() or "small"


def fuzz_cases(small: int, full: int) -> int:
    """The number of cases a target runs: ``small`` by default, ``full`` in ``tox -e fuzz``."""
    scale = fuzz_scale()
    if scale == "small":
        return small
    if scale == "full":
        return full
    try:
        factor = float(scale)
    except ValueError:
        raise pytest.UsageError(
            f"{FUZZ_ENV}={scale!r}: expected 'small', 'full' or a fraction such as 0.1"
        ) from None
    if not factor > 0:
        raise pytest.UsageError(f"{FUZZ_ENV}={scale!r}: the fraction must be positive")
    return max(1, round(full * factor))


def fuzz_settings(count: int) -> settings:
    """Hypothesis settings for a fuzz run of ``count`` cases."""
    return settings(max_examples=count, deadline=None, database=None, derandomize=False,
                    suppress_health_check=list(HealthCheck), print_blob=True)


class CaseTimeout(Exception):
    """A fuzz case ran longer than INTERRUPT_SECONDS (raised by the alarm, main thread only)."""


@dataclass
class Tally:
    """What one fuzz target saw: cases run, failures by kind, the slowest case."""

    target: str
    cases: int = 0
    failures: dict[str, int] = field(default_factory=dict)
    slowest: float = 0.0  # CPU seconds
    slowest_input: object = None
    slowest_wall: float = 0.0  # wall-clock seconds, for the record
    slow: int = 0  # cases over SLOW_SECONDS of CPU: a figure, not a failure
    outcomes: dict[str, int] = field(default_factory=dict)  # what the cases did (note())

    def fail(self, kind: str) -> None:
        self.failures[kind] = self.failures.get(kind, 0) + 1

    def note(self, outcome: str) -> None:
        """Count what a case did (e.g. "IR validated"), to show the run reached it."""
        self.outcomes[outcome] = self.outcomes.get(outcome, 0) + 1

    @contextlib.contextmanager
    def case(self, value: object = None):
        """Run one case: interrupt it after INTERRUPT_SECONDS (a ``hang``, which fails);
        count it as ``slow`` over SLOW_SECONDS of CPU. The caller records its other failures
        with ``fail(kind)``."""
        self.cases += 1
        alarm = (threading.current_thread() is threading.main_thread()
                 and hasattr(signal, "setitimer"))
        if alarm:
            def on_alarm(signum, frame):
                raise CaseTimeout(f"case ran over {INTERRUPT_SECONDS:.0f} s: {value!r:.200}")
            previous = signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, INTERRUPT_SECONDS)
        collecting = gc.isenabled()
        gc.disable()
        start, wall = time.process_time(), time.perf_counter()
        try:
            yield self
        except CaseTimeout:
            self.fail("hang")
            raise
        finally:
            elapsed = time.process_time() - start
            if collecting:
                gc.enable()
            self.slowest_wall = max(self.slowest_wall, time.perf_counter() - wall)
            if alarm:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
            if elapsed > self.slowest:
                self.slowest, self.slowest_input = elapsed, value
        if elapsed > SLOW_SECONDS:
            self.slow += 1

    def summary(self) -> str:
        kinds = ", ".join(f"{n} {k}" for k, n in sorted(self.failures.items())) or "0 failures"
        slowest = repr(self.slowest_input)
        if len(slowest) > 60:
            slowest = f"{slowest[:57]}... ({len(slowest)} characters)"
        seen = "".join(f"; {n} {k}" for k, n in sorted(self.outcomes.items()))
        return (f"fuzz {self.target}: {self.cases} cases, {kinds}{seen}; "
                f"{self.slow} over {SLOW_SECONDS:g} s of CPU; "
                f"slowest {self.slowest * 1000:.0f} ms of CPU: {slowest}; "
                f"slowest wall-clock {self.slowest_wall * 1000:.0f} ms")


_TALLIES: list[Tally] = []


@pytest.fixture
def fuzz_tally(request):
    """A Tally named after the requesting test; printed in the terminal summary."""
    tally = Tally(request.node.name)
    _TALLIES.append(tally)
    return tally


def pytest_terminal_summary(terminalreporter):
    if _TALLIES:
        terminalreporter.section(f"fuzz counts ({FUZZ_ENV}={fuzz_scale()})")
        for tally in _TALLIES:
            terminalreporter.write_line(tally.summary())
