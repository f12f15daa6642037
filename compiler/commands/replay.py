"""`runeforge replay FILE`: re-run a logged game and check that it ends the same way.

How: the log's first record holds the game's options (adventure, ruleset, players, seed,
bots, doom track); the game is played again from them (every die comes from the seed, every
decision from the bots, which are deterministic), and the new log is compared with the file
record by record, then the end state's SHA-256 with the one logged. Any difference is
reported with the first record that differs (exit 1).
"""

from __future__ import annotations

import json

import click
from rich.text import Text

from runeforge.console import console

from .play import load_bundle, play_game, summary


def read_log(path: str) -> list[dict]:
    records = []
    try:
        with open(path, encoding="utf-8") as fh:
            for n, line in enumerate(fh, 1):
                if line.strip():
                    try:
                        records.append(json.loads(line))
                    except json.JSONDecodeError as exc:
                        raise click.ClickException(
                            f"{path}:{n}: not a JSON line ({exc.msg})") from None
    except OSError as exc:
        raise click.ClickException(f"cannot read {path}: {exc.strerror}") from None
    options = [r for r in records if r.get("type") == "options"]
    ends = [r for r in records if r.get("type") == "end_state"]
    if not options or not ends:
        raise click.ClickException(f"{path}: not a game log of `runeforge play --log` (it needs "
                                   "an 'options' and an 'end_state' record)")
    return records


@click.command("replay")
@click.argument("log_file", type=click.Path(dir_okay=False, path_type=str))
@click.argument("dirs", nargs=-1, type=click.Path(path_type=str))
def command(log_file, dirs) -> None:
    """Replay the game logged in LOG_FILE and check it reaches the same end state.

    The game is re-run from the logged seed and options (with the same content DIRS it was
    played with) and compared record by record. Exit status: 0 same, 1 different.
    """
    logged = read_log(log_file)
    options = {k: v for k, v in next(r for r in logged if r["type"] == "options").items()
               if k not in ("seq", "type")}
    game = play_game(load_bundle(dirs), options)
    again = json.loads(json.dumps(game.log.records, ensure_ascii=False))
    out = console()
    for old, new in zip(logged, again, strict=False):
        if old != new:
            raise click.ClickException(
                f"the replay differs at record {old.get('seq')}: logged {json.dumps(old)[:300]}"
                f" but replayed {json.dumps(new)[:300]}")
    if len(logged) != len(again):
        raise click.ClickException(f"the replay has {len(again)} records, the log "
                                   f"{len(logged)}")
    summary(game, out)
    end = again[-1]
    out.print(Text(f"Replayed {len(again)} records: same end state (sha256 "
                   f"{end['sha256'][:16]}…)", style="bold green"))
