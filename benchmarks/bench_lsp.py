"""Benchmark (not a test): the language server's warm round trip against a cold check.

A Runebound pack with one 200-card file (issue 17). Cold: `runeforge check <pack>` in a new
process (start-up, the bundled content and the pack, as an author runs it by hand). Warm:
`runeforge lsp` in another process, the file opened and checked once; then each `didChange`
(one ability edited, a typo put in or taken out) is timed until the server's
`publishDiagnostics` for that file arrives. Prints both medians and their ratio (the
issue's target: the warm round trip at least 20x faster).
Run: python benchmarks/bench_lsp.py [--cards N] [--changes N] [--cold N]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

RUNEFORGE = [sys.executable, "-c", "from runeforge.cli import main; main()"]
MANIFEST = ("kind: manifest\nid: bench-lsp\nname: LSP benchmark\ntype: set\n"
            "origin: original\nskills: [Swim, Climb]\n")
ABILITIES = [
    "Before Combat: Activate and take 1 exhaustion. Gain 1 gold.",
    "Any Phase: Once per combat round, you may cancel 1 wound being inflicted on your Hero.",
    "Magic: Activate and take 1 exhaustion. Until the end of this combat round, you receive "
    "+3 to magic combat rolls.",
    "Before Combat: Discard to make a ranged attack. If you succeed, inflict 2 wounds on your "
    "enemy.",
]

USAGE = ["activated", "constant", "activated", "one-use"]


def card_file(n: int, typo_at: int | None = None) -> str:
    lines = ["# benchmark cards", "kind: item", "cards:"]
    for i in range(n):
        ability = ABILITIES[i % len(ABILITIES)]
        if i == typo_at:
            ability = ability.replace("exhaustion", "exhaustoin").replace("wound", "wuond")
        lines += [f"  - name: Bench Item {i:03d}", "    origin: original", "    cost: 3",
                  "    class: artifact", "    type: trinket",
                  f"    usage: {USAGE[i % len(ABILITIES)]}",
                  "    abilities:", f'      - "{ability}"', ""]
    return "\n".join(lines)


def cold(pack: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run([*RUNEFORGE, "check", str(pack)], capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if proc.returncode not in (0, 1):
            raise SystemExit(f"runeforge check failed:\n{proc.stderr}")
    return times


async def warm(pack: Path, n: int, changes: int) -> tuple[list[float], int]:
    client = LanguageClient("bench-lsp", "1")
    arrived: dict[str, asyncio.Event] = {}
    counts: list[int] = []

    @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def published(params: types.PublishDiagnosticsParams) -> None:
        if params.uri in arrived:
            counts.append(len(params.diagnostics))
            arrived[params.uri].set()

    await client.start_io(*RUNEFORGE, "lsp")
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=pack.as_uri(),
        initialization_options={"dirs": [str(pack)]}))
    client.initialized(types.InitializedParams())
    uri = (pack / "cards.yaml").as_uri()
    arrived[uri] = asyncio.Event()
    client.text_document_did_open(types.DidOpenTextDocumentParams(
        types.TextDocumentItem(uri, "yaml", 1, card_file(n))))
    await asyncio.wait_for(arrived[uri].wait(), 120)
    times = []
    for version in range(2, changes + 2):
        arrived[uri].clear()
        text = card_file(n, typo_at=(version * 37) % n if version % 2 == 0 else None)
        start = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            [types.TextDocumentContentChangeWholeDocument(text=text)]))
        await asyncio.wait_for(arrived[uri].wait(), 60)
        times.append(time.perf_counter() - start)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return times, max(counts)


def main() -> int:
    tiny = os.environ.get("RUNEFORGE_BENCH_TINY") == "1"
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cards", type=int, default=50 if tiny else 200)
    ap.add_argument("--changes", type=int, default=4 if tiny else 20)
    ap.add_argument("--cold", type=int, default=1 if tiny else 3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        pack = Path(tmp) / "bench-lsp"
        pack.mkdir()
        (pack / "manifest.yaml").write_text(MANIFEST)
        (pack / "cards.yaml").write_text(card_file(args.cards))
        cold_times = cold(pack, args.cold)
        warm_times, most = asyncio.run(warm(pack, args.cards, args.changes))
    c, w = statistics.median(cold_times), statistics.median(warm_times)
    print(f"file                : {args.cards} cards, {args.changes} didChange edits "
          f"(up to {most} diagnostics published)")
    print(f"cold runeforge check: median {c * 1000:.0f} ms over {len(cold_times)} run(s)")
    print(f"warm didChange -> publishDiagnostics: median {w * 1000:.1f} ms "
          f"(min {min(warm_times) * 1000:.1f}, max {max(warm_times) * 1000:.1f})")
    verdict = "met" if c / w >= 20 else f"missed by x{20 / (c / w):.2f}"
    print(f"ratio               : {c / w:.1f}x (target >= 20x): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
