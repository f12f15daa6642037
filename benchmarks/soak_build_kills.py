"""Soak (not a test): SIGKILL `runeforge build` at random points, --times times (default
200), and check that the output folder is then the previous build or the new one, never a
mix (docs/printing.md, "The output folder"). Exit 1 on any mixed state.

The previous build is the bundled content plus a small pack of its own (soak-pack), in
English and Finnish; the new one is the bundled content in English only. So the new build
changes bundle.json, rewrites the English files and must remove the Finnish ones and the
pack's PDF, and it must keep a file of the user's (notes.txt) that no build made. Every
twentieth trial the killed build's folder is then built again, un-killed, which must give the new
state and leave nothing beside the folder (a lock, a staging or an old folder).

The harness is benchmarks/killsoak.py; each build runs in a fork of this process, which has
already loaded, checked and compiled the content once (`pipeline.check` is memoised here, so
a trial spends its time in the stages and the commit, where a kill can tear the output).
Run: python benchmarks/soak_build_kills.py [--times 200] [--seed 1] [--work DIR]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from killsoak import KillSoak, folder_state  # noqa: E402

PACK = """\
kind: item
cards:
  - name: Lantern of the Soak
    origin: original
    cost: 2
    class: artifact
    type: lantern
    usage: constant
    abilities:
      - "You receive +1 Body."
"""
CARDS = "varikas-the-dead"


def build(*args: str) -> int:
    from runeforge.cli import main

    try:
        main(["build", *args], standalone_mode=True)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    return 0


def warm_check() -> None:
    """Check each content once in this process; the forked builds inherit the result."""
    from runeforge import pipeline

    done, check = {}, pipeline.check

    def memo(dirs=(), **kwargs):
        key = (tuple(map(str, dirs)), tuple(sorted(kwargs.items())))
        if key not in done:
            done[key] = check(dirs, **kwargs)
        return done[key]

    pipeline.check = memo


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--work", type=Path, default=None,
                        help="folder for the soak's files (default: a temporary one)")
    args = parser.parse_args(argv)
    warm_check()
    from runeforge import pipeline

    pipeline.check(())  # the new build's content, checked before any fork
    work = Path(tempfile.mkdtemp(prefix="soak-build-", dir=args.work))
    pack = work / "soak-pack"
    pack.mkdir()
    (pack / "items.yaml").write_text(PACK, encoding="utf-8")
    site = work / "site"  # the folder the output lives in (lock, staging are made here)
    out, pristine = site / "output", work / "old-output"
    new_args = ["--out", str(out), "--locale", "en", "--cards", CARDS]
    code = build(str(pack), "--out", str(pristine), "--locale", "en", "--locale", "fi",
                 "--cards", f"{CARDS},lantern-of-the-soak")
    if code != 0:
        raise SystemExit(f"the old build failed (exit {code})")
    (pristine / "notes.txt").write_text("the user's own notes\n", encoding="utf-8")

    def reset() -> None:
        shutil.rmtree(site, ignore_errors=True)
        site.mkdir()
        shutil.copytree(pristine, out, symlinks=True)

    def staging() -> bool:
        return any(p.name.startswith(".output.staging-") for p in site.iterdir())

    def recover() -> None:
        if build(*new_args) != 0:
            raise SystemExit("the build after a kill failed")
        beside = sorted(p.name for p in site.iterdir() if p.name != "output")
        if beside:
            raise SystemExit(f"left beside the output after a build: {beside}")

    soak = KillSoak(run=lambda: sys.exit(build(*new_args)), reset=reset,
                    state=lambda: folder_state(out), window=staging, recover=recover,
                    recover_every=20)
    report = soak.run_trials(args.times, seed=args.seed)
    print(f"build kill soak: {report.summary()}")
    for example in report.examples[:10]:
        print("  " + example)
    shutil.rmtree(work, ignore_errors=True)
    return 1 if report.mixed or report.recovery_failed else 0


if __name__ == "__main__":
    sys.exit(main())
