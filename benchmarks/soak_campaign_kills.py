"""Soak (not a test): SIGKILL every `runeforge campaign` sub-command that changes a sheet at
random points, --times times each (default 200), and check that the campaign is then the one
before the command or the one after it, never a sheet and a log that disagree (issue 37;
docs/campaign.md, "The sheet and its log are one commit"). Exit 1 on any mixed state.

The campaign is the bundled one with two heroes, kept by hand: new, setup, travel, record,
xp, shop (buying), sell, trade, choose, then undo (of that choose) and repair (of a sheet cut
in half). Before each sub-command the sheet and its log are saved as its "old" state; the
harness (benchmarks/killsoak.py) learns the "new" state from a run that is not killed.

A state is read as every campaign command reads it: first a journal left by a killed command
is finished (``journal.recover``, what `status` and every other command do first), then the
SHA-256 of the sheet and of its log. A sheet of one state beside the log of the other counts
as mixed.

``--no-journal`` writes the sheet and then the log, each atomically but without the journal
(the project before issue 37): the soak then finds mixed states, so it can fail.
Run: python benchmarks/soak_campaign_kills.py [--times 200] [--seed 1] [--only CMD]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from killsoak import KillSoak  # noqa: E402

CAMPAIGN = "saltmarsh-reckoning"


def cli(*args) -> int:
    from runeforge.cli import main

    try:
        main(["campaign", *map(str, args)], standalone_mode=True)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 1
    return 0


def quiet(*args) -> str:
    from click.testing import CliRunner

    from runeforge.cli import main

    result = CliRunner().invoke(main, ["campaign", *map(str, args)])
    if result.exit_code != 0:
        raise SystemExit(f"campaign {' '.join(map(str, args))} failed: {result.output}")
    return result.output


def info(sheet: Path) -> dict:
    return json.loads(quiet("status", sheet, "--format", "json"))


def no_journal() -> None:
    """The commit of before issue 37: the sheet, then the log, no journal."""
    from runeforge.atomic import write_text_atomic
    from runeforge.games.campaign.commands import journal

    def commit(path, sheet_text, log_text, sealed=None, sealed_log=None):
        if sealed is not None:
            write_text_atomic(journal.sealed_path(path), sealed)
        if sealed_log is not None:
            write_text_atomic(journal.sealed_log_path(path), sealed_log)
        write_text_atomic(path, sheet_text)
        write_text_atomic(journal.log_path(path), log_text)

    journal.commit = commit


def plan(sheet: Path) -> list[tuple[str, list]]:
    """The hand-kept campaign's commands, in order; each is run (un-killed) to make the next
    one's old state. Arguments that depend on the sheet are worked out as it goes."""
    return [
        ("new", ["new", "--campaign", CAMPAIGN, "--seed", 5, "--hero",
                 "Ann=garrick-stoneward:warrior", "--hero", "Bo=sefa-quillmark:healer",
                 "--overlord", "Zed", "-o", sheet]),
        ("setup", ["setup", sheet]),
        ("travel", None),
        ("record", None),
        ("xp", None),
        ("shop", None),
        ("sell", None),
        ("trade", None),
        ("choose", None),
        ("undo", ["undo", sheet]),
        ("repair", ["repair", sheet]),
    ]


def args_for(name: str, sheet: Path) -> list:
    now = info(sheet)
    ann = next(p for p in now["players"] if p["name"] == "Ann")
    if name == "travel":
        from runeforge.games.campaign.commands import sheetio

        for answers in ([], [0], [0, 0], [0, 0, 0]):
            args = ["travel", sheet, *sum((["--choice", a] for a in answers), [])]
            probe = sheet.with_name("probe.json")
            files = (Path, sheetio.sealed_path, sheetio.log_path, sheetio.sealed_log_path)
            for of in files:
                shutil.copy(of(sheet), of(probe))
            ok = cli(*(probe if a == sheet else a for a in args)) == 0
            for of in files:
                of(probe).unlink(missing_ok=True)
            if ok:
                return args
        raise SystemExit("travel needs more choices than tried")
    if name == "record":
        return ["record", sheet, "--adventure", now["next_adventure"], "--winner", "heroes",
                "--search", "tarnished-coins"]
    if name == "xp":
        return ["xp", sheet, "--player", "Ann", "--buy", ann["can_buy"][0]]
    if name == "shop":
        return ["shop", sheet]  # reveal; the purchase is the next shop below
    if name == "sell":
        return ["sell", sheet, "--hero", "Bo", "--item",
                next(p for p in now["players"] if p["name"] == "Bo")["items"][0]]
    if name == "choose":
        return ["choose", sheet, "--adventure", now["available"][0]]
    raise KeyError(name)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", help="soak only these sub-commands")
    parser.add_argument("--no-journal", action="store_true",
                        help="commit without the journal (shows that the soak can fail)")
    parser.add_argument("--work", type=Path, default=None)
    args = parser.parse_args(argv)
    from runeforge.commands.play import load_bundle
    from runeforge.games.campaign.commands import journal, sheetio

    bundle = load_bundle(())
    sheetio.bundle_for = lambda dirs: bundle  # compiled once; every fork inherits it
    if args.no_journal:
        no_journal()
    work = Path(tempfile.mkdtemp(prefix="soak-campaign-", dir=args.work))
    live, sheet = work / "live", work / "live" / "camp.json"
    live.mkdir()
    log = sheetio.log_path(sheet)
    sealed = sheetio.sealed_path(sheet)  # the overlord's secrets (issue 34): part of the state
    sealed_log = sheetio.sealed_log_path(sheet)  # the log's secret arguments: the same
    files = (sheet, sealed, log, sealed_log)

    def snapshot() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in files if p.exists()}

    def state() -> dict[str, str]:
        journal.recover(sheet)  # as every command does first
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else "absent"
                for p in files}

    total, mixed, lines = 0, 0, []
    for name, fixed in plan(sheet):
        if name == "repair":  # its old state: a sheet cut in half beside a sound log
            sheet.write_bytes(sheet.read_bytes()[: len(sheet.read_bytes()) // 2])
        if name != "trade":
            argv_ = fixed if fixed is not None else args_for(name, sheet)
        else:  # something bought to trade: the cheapest revealed item
            market = info(sheet)["market"]
            cost = {c["id"]: c.get("cost", 0) for c in bundle["cards"]}
            buy = min(market, key=lambda c: cost.get(c, 0))
            quiet("shop", sheet, "--buy", f"{buy}=Ann")
            argv_ = ["trade", sheet, "--item", buy, "--from", "Ann", "--to", "Bo"]
        old = snapshot()

        def reset(old=old) -> None:
            for p in live.iterdir():
                p.unlink()
            for file, data in old.items():
                (live / file).write_bytes(data)

        if args.only and name not in args.only:
            cli(*argv_)
            continue
        soak = KillSoak(run=lambda a=argv_: sys.exit(cli(*a)), reset=reset, state=state,
                        window=journal.journal_path(sheet).exists, log=lambda _: None)
        report = soak.run_trials(args.times, seed=args.seed)
        total += report.trials
        mixed += report.mixed
        lines.append(f"  {name}: {report.summary()}")
        lines += [f"    {e}" for e in report.examples[:3]]
        reset()
        if cli(*argv_) != 0:  # on to the next command's old state
            raise SystemExit(f"campaign {name} failed after its soak")
    print("\n".join(lines))
    print(f"campaign kill soak{' (no journal)' if args.no_journal else ''}: {total} kills, "
          f"{mixed} mixed states")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if mixed else 0


if __name__ == "__main__":
    sys.exit(main())
