"""`runeforge studio` (issue #18): how long a keystroke takes to show, as ratios to a cold
`runeforge check` of the same content, measured in this one run.

* cold check: `runeforge check DIR` in a fresh process (start-up, the bundled content and
  DIR loaded, checked and compiled): what a designer waits for without the page;
* keystroke -> diagnostics and text: the server's work for one edit of a card file (the
  shared AnalysisService re-checks the changed file, warm; the card's structure, IR and
  rules text in every locale), what `/api/analyse` does, without HTTP;
* the same keystroke in the biggest bundled card file (the whole file is parsed again);
* keystroke -> face: the first plus the card's face drawn by the PDF backend and rendered
  to PNG by pdfium (what `/api/face` adds).

Each keystroke changes one ability's number, so no cache holds the answer.

    python benchmarks/bench_studio.py [--keys N] [--colds N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ITEMS = """\
# my items
kind: item
cards:
  - name: Girdle of Testing
    origin: original
    cost: 4
    class: artifact
    type: belt
    usage: constant
    abilities:
      - "You receive +{n} Body."
"""


def cold_check(root: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", "from runeforge.cli import main; main()",
                               "check", str(root)], capture_output=True, text=True,
                              env={**os.environ, "NO_COLOR": "1"})
        times.append(time.perf_counter() - start)
        if proc.returncode != 0:
            raise SystemExit(f"runeforge check failed:\n{proc.stdout}{proc.stderr}")
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--colds", type=int, default=3)
    args = parser.parse_args()
    if os.environ.get("RUNEFORGE_BENCH_TINY") == "1":  # tests/test_benchmarks_run.py
        args.keys, args.colds = 3, 1
    from runeforge.studio.session import Session

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "my-cards"
        root.mkdir()
        (root / "items.yaml").write_text(ITEMS.format(n=3), encoding="utf-8")
        cold = cold_check(root, args.colds)
        session = Session([root])
        session.analyse("0/items.yaml", ITEMS.format(n=3), 4)
        session.face("girdle-of-testing", "ru")  # warm: fonts registered, caches filled
        text_times, face_times = [], []
        for k in range(args.keys):
            text = ITEMS.format(n=1 + k % 5 + (k // 5) % 3)
            start = time.perf_counter()
            result = session.analyse("0/items.yaml", text, 4)
            mid = time.perf_counter()
            png = session.face(result["card"]["id"], "ru")
            end = time.perf_counter()
            assert not result["diagnostics"] and result["card"]["texts"]["ru"], result
            assert png.startswith(b"\x89PNG")
            text_times.append(mid - start)
            face_times.append(end - start)
        # an edit in the biggest bundled card file (held in memory, never saved)
        from runeforge.loader import bundled_dir

        big = max((p for p in bundled_dir().rglob("*.yaml")
                   if "\ncards:" in p.read_text(encoding="utf-8")),
                  key=lambda p: p.stat().st_size)
        ref = session.folders.ref_of(big) or ""
        bundled = Session([]) if not ref else session
        ref = bundled.folders.ref_of(big)
        original = big.read_text(encoding="utf-8")
        bundled.analyse(ref, original, 1)
        big_times = []
        for k in range(args.keys):
            start = time.perf_counter()
            bundled.analyse(ref, original + f"# edit {k}\n", 10)
            big_times.append(time.perf_counter() - start)
    text_ms = statistics.median(text_times) * 1000
    big_ms = statistics.median(big_times) * 1000
    face_ms = statistics.median(face_times) * 1000
    print(f"cold `runeforge check`          : {cold * 1000:8.1f} ms (median of {args.colds})")
    print(f"keystroke -> diagnostics + text : {text_ms:8.1f} ms (median of {args.keys})")
    print(f"keystroke -> face image         : {face_ms:8.1f} ms")
    print(f"keystroke in {big.name} ({len(original.splitlines())} lines) -> diagnostics + "
          f"text: {big_ms:.1f} ms ({big_ms / (cold * 1000):.3f}x the cold check)")
    print(f"ratio text/cold check           : {text_ms / (cold * 1000):.3f}x")
    print(f"ratio face/cold check           : {face_ms / (cold * 1000):.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
