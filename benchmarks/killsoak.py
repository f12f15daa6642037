"""Kill-and-check harness (not a test): SIGKILL a command at random points of its run and
check that what it writes is the state before the run or the state after it, never a mix.

Any command that changes files can be soaked: `runeforge build` (benchmarks/soak_build_kills.py)
and the campaign's sub-commands use it. A soak is

    from killsoak import KillSoak, folder_state
    soak = KillSoak(
        run=["runeforge", "build", "--out", "out"],  # argv, or a callable run in a fork
        reset=restore_old_files,  # puts the "old" state back before each trial
        state=lambda: folder_state(out),  # what the command may change, comparable with ==
        window=lambda: staging_exists(),  # optional: true while the command commits
        recover=lambda: run_again(),  # optional: what must repair a killed run
    )
    report = soak.run_trials(200, seed=1)
    print(report.summary()); sys.exit(report.mixed > 0)

The harness learns the two allowed states itself: "old" is ``state()`` after ``reset()``, and
"new" is ``state()`` after a run that was not killed. Each trial resets, starts the command
and kills it (SIGKILL, no clean-up runs) after a random delay: half of the trials anywhere in
the run (uniform over its measured length), half inside the ``window`` (uniform over the
window's measured length, from the moment ``window()`` turns true), where a kill is most
likely to tear something. The state after the kill is classified old, new or mixed. Every
``recover_every``-th trial then calls ``recover()`` and checks that the result is "new".

A callable ``run`` runs in a fork of this process, so what this process has loaded and
warmed (imports, parsers, caches) costs nothing per trial; it ends with ``os._exit``.
"""

from __future__ import annotations

import hashlib
import os
import random
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


def folder_state(*roots, ignore=()) -> dict[str, str]:
    """``{path: digest}`` of every file, folder and link below ``roots`` (a missing root is
    ``{root: "missing"}``); names in ``ignore`` are left out wherever they are."""
    out: dict[str, str] = {}
    for root in map(Path, roots):
        if not root.exists():
            out[str(root)] = "missing"
            continue
        for path in sorted(root.rglob("*")):
            if path.name in ignore or any(p.name in ignore for p in path.parents):
                continue
            key = str(path)
            if path.is_symlink():
                out[key] = "-> " + os.readlink(path)
            elif path.is_dir():
                out[key] = "folder"
            else:
                out[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def differences(a: dict, b: dict, most: int = 6) -> list[str]:
    keys = sorted(set(a) | set(b))
    return [f"{k}: {a.get(k, 'absent')[:12]} -> {b.get(k, 'absent')[:12]}"
            for k in keys if a.get(k) != b.get(k)][:most]


@dataclass
class Report:
    trials: int = 0
    old: int = 0
    new: int = 0
    mixed: int = 0
    finished: int = 0  # the command ended before its kill came
    in_window: int = 0  # kills aimed inside the commit window
    recovered: int = 0
    recovery_failed: int = 0
    examples: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        return (f"{self.trials} kills ({self.in_window} aimed inside the commit window, "
                f"{self.finished} came after the end): {self.old} old, {self.new} new, "
                f"{self.mixed} mixed; recovery checked {self.recovered + self.recovery_failed} "
                f"times, failed {self.recovery_failed}; {self.seconds:.0f} s")


@dataclass
class KillSoak:
    run: list[str] | Callable[[], object]
    reset: Callable[[], None]
    state: Callable[[], dict]
    window: Callable[[], bool] | None = None
    recover: Callable[[], None] | None = None
    recover_every: int = 10
    poll: float = 0.0005
    log: Callable[[str], None] = print

    def _start(self):
        if callable(self.run):
            pid = os.fork()
            if pid == 0:  # pragma: no cover - the child
                code = 1
                try:
                    fd = os.open(os.devnull, os.O_WRONLY)
                    os.dup2(fd, 1)
                    os.dup2(fd, 2)
                    self.run()
                    code = 0
                except SystemExit as exc:
                    code = exc.code if isinstance(exc.code, int) else 1
                finally:
                    os._exit(code)
            return pid
        return subprocess.Popen(self.run, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL).pid

    @staticmethod
    def _done(pid: int) -> int | None:
        """The exit status when ``pid`` has ended (reaped), else None."""
        got, status = os.waitpid(pid, os.WNOHANG)
        return os.waitstatus_to_exitcode(status) if got else None

    def _timed(self) -> tuple[float, float | None, int]:
        """One run to its end: (seconds, seconds inside the window or None, exit status)."""
        start, opened = time.monotonic(), None
        pid = self._start()
        while (code := self._done(pid)) is None:
            if opened is None and self.window is not None and self.window():
                opened = time.monotonic()
            time.sleep(self.poll)
        end = time.monotonic()
        return end - start, (end - opened) if opened is not None else None, code

    def calibrate(self) -> tuple[dict, dict, float, float | None]:
        self.reset()
        old = self.state()
        length, window, code = self._timed()
        if code != 0:
            raise SystemExit(f"the command failed on its own (exit {code}): {self.run}")
        new = self.state()
        if new == old:
            raise SystemExit("the command changed nothing: old and new states are equal")
        self.reset()
        length2, window2, _ = self._timed()
        window = max(w for w in (window, window2) if w is not None) if window or window2 \
            else None
        return old, new, max(length, length2), window

    def run_trials(self, times: int, seed: int = 1) -> Report:
        started = time.monotonic()
        rng = random.Random(seed)
        old, new, length, window = self.calibrate()
        self.log(f"calibrated: a run takes {length:.2f} s"
                 + (f", its commit window {window * 1000:.1f} ms" if window else ""))
        report = Report()
        for trial in range(times):
            self.reset()
            aim_window = window is not None and trial % 2 == 1
            delay = rng.uniform(0, window if aim_window else length * 1.05)
            pid = self._start()
            code, opened_at, begun = None, None, time.monotonic()
            while (code := self._done(pid)) is None:
                now = time.monotonic()
                if aim_window:
                    if opened_at is None and self.window():
                        opened_at = now
                    due = opened_at is not None and now - opened_at >= delay
                else:
                    due = now - begun >= delay
                if due:
                    os.kill(pid, signal.SIGKILL)
                    os.waitpid(pid, 0)
                    break
                time.sleep(self.poll)
            report.trials += 1
            report.in_window += aim_window
            report.finished += code is not None
            after = self.state()
            if after == old:
                report.old += 1
            elif after == new:
                report.new += 1
            else:
                report.mixed += 1
                report.examples.append(f"trial {trial}: " + "; ".join(differences(old, after)))
            if self.recover is not None and trial % self.recover_every == 0:
                self.recover()
                if self.state() == new:
                    report.recovered += 1
                else:
                    report.recovery_failed += 1
                    report.examples.append(f"trial {trial}: not new after recovery: "
                                           + "; ".join(differences(new, self.state())))
            if (trial + 1) % 20 == 0:
                self.log(f"  {trial + 1}/{times}: {report.old} old, {report.new} new, "
                         f"{report.mixed} mixed")
        report.seconds = time.monotonic() - started
        return report
