"""Fuzz target for card files (issue 22): mutated bundled YAML files through the check pipeline.

Each case takes one of the bundled content files (cards, a manifest, rules, board, dice or
adventure data), applies one to four mutations (odd scalars and tags, huge numbers, floats,
deleted, duplicated or re-indented lines, deep nesting, control characters, binary bytes,
anchors, CRLF, a BOM, truncation), writes it alone into a fresh content folder and runs what
`runeforge check` runs: load, schema, the game's document checks and the compilation of every
card (``pipeline.check``; the bundled content is left out so a case takes milliseconds, not
the second a full load costs). A case passes when it ends with exit status 0 or 1, every
diagnostic renders, every compiled ability is valid IR, and it ends (the tally counts the
cases over a second of CPU as a figure; only a case interrupted after 30 s fails).

``RUNEFORGE_FUZZ_CASES`` sets the count (tests/fuzz/conftest.py): 100 card files by default,
10,000 in ``tox -e fuzz``.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
from functools import lru_cache
from importlib import resources
from pathlib import Path

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from runeforge import loader, pipeline
from runeforge.engine.runebound.core.ir import IRError, validate_ability

from .conftest import fuzz_cases, fuzz_settings

CASES = fuzz_cases(small=100, full=10_000)

ODD_SCALARS = [
    "!!int abc", "!!float abc", "!!bool abc", "!foo bar", "!!python/name:os.system",
    '!!python/object/apply:os.system ["true"]', "!!binary aGVsbG8=", "!!set {a: null}",
    "2001-13-45", "2001-02-03", "4.0", "1e400", "-1e400", ".nan", ".inf", "-.inf", "-1", "0",
    "~", "null", "true", "no", "[]", "{}", "[[[]]]", "''", '""', "'unclosed", '"unclosed',
    '"\\x1b[31mred\\x1b[0m"', '"\\u0000"', "日本語", "🗡️", '"!!!"', "|", ">", "- a", "? x",
    "0o17", "0b101", "1_000", "+5", "0x" + "f" * 5000, "7" * 5000, "9" * 4301, "2" * 101,
    str(2 ** 63), str(10 ** 19), "1000000", "&a x", "*a", "@reserved", "`tick", "%dir",
    "a: b: c", "#", "x" * 3000,
]
LINE_ENDINGS = st.sampled_from(["\n", "\r\n"])


@lru_cache(maxsize=1)
def seed_files() -> tuple[tuple[str, str], ...]:
    """(file name, text) of every bundled YAML file."""
    root = Path(str(resources.files("runeforge.cards")))
    return tuple((p.name, p.read_text("utf-8")) for p in sorted(root.rglob("*.yaml")))


def _nested(depth: int, flow: bool) -> str:
    if flow:
        return "[" * depth + "]" * depth
    return "\n" + "".join(" " * (2 * i + 2) + f"k{i}:\n" for i in range(depth)) + \
        " " * (2 * depth + 2) + "v"


@st.composite
def mutation(draw, lines: list[str]):
    """Apply one mutation to ``lines`` (a list of str, changed in place)."""
    if not lines:
        lines.append("")
    i = draw(st.integers(0, len(lines) - 1))
    op = draw(st.sampled_from([
        "scalar", "scalar", "scalar", "delete", "duplicate", "indent", "nest", "control",
        "unicode", "kind", "truncate", "swap", "tab", "anchor",
    ]))
    line = lines[i]
    if op == "scalar":
        m = re.match(r"^(\s*(?:- )?[\w-]+:\s)", line) or re.match(r"^(\s*- )", line)
        head = m.group(1) if m else line + ": "
        lines[i] = head + draw(st.sampled_from(ODD_SCALARS) | st.text(max_size=20))
    elif op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(i, line)
    elif op == "indent":
        delta = draw(st.integers(-4, 4))
        lines[i] = " " * max(0, delta) + (line[-delta:] if delta < 0 else line)
    elif op == "nest":
        depth = draw(st.sampled_from([5, 60, 200, 1200]))
        m = re.match(r"^(\s*(?:- )?[\w-]+:)", line)
        lines[i] = (m.group(1) if m else line + ":") + " " + _nested(depth, draw(st.booleans()))
    elif op == "control":
        cut = draw(st.integers(0, len(line)))
        char = draw(st.sampled_from(["\x00", "\x1b", "\x07", "\x7f", "\u202e", "\ufeff",
                                     "\x1b]8;;http://x\x07", "\ud800"]))
        lines[i] = line[:cut] + char + line[cut:]
    elif op == "unicode":
        cut = draw(st.integers(0, len(line)))
        lines[i] = line[:cut] + draw(st.text(min_size=1, max_size=8)) + line[cut:]
    elif op == "kind":
        lines.insert(0, "kind: " + draw(st.sampled_from(
            ["item", "hero", "ally", "challenge", "event", "encounter", "manifest", "board",
             "ruleset", "dice", "adventure", "nope", "[]"])))
    elif op == "truncate":
        del lines[i:]
    elif op == "swap":
        j = draw(st.integers(0, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "tab":
        lines[i] = "\t" + line.lstrip(" ")
    elif op == "anchor":
        lines[i] = line + draw(st.sampled_from([" &a", " *a", " !!merge"]))
    return op


@st.composite
def card_file(draw) -> tuple[str, bytes]:
    """(file name, bytes) of a mutated bundled content file."""
    name, text = draw(st.sampled_from(seed_files()))
    lines = text.split("\n")
    for _ in range(draw(st.integers(1, 4))):
        draw(mutation(lines))
    text = draw(LINE_ENDINGS).join(lines)
    raw = text.encode("utf-8", "surrogatepass")  # a lone surrogate: bytes that are not UTF-8
    if draw(st.integers(0, 19)) == 0:
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=16)) + raw[at:]
    if draw(st.integers(0, 29)) == 0:
        raw = b"\xef\xbb\xbf" + raw
    return name, raw


_COUNTER = itertools.count()


def run_case(folder: Path, name: str, raw: bytes) -> tuple[int, list[str]]:
    """Check one file as `runeforge check` would: (exit status, invalid IR found)."""
    case = folder / f"case-{next(_COUNTER)}"
    case.mkdir()
    try:
        (case / name).write_bytes(raw)
        result = pipeline.check([case], include_bundled=False)
        for d in result.diagnostics:  # as `check` prints them, in text and in JSON
            d.render()
            json.dumps(d.to_json())
        bad_ir = []
        for card_id, irs in result.compiled.items():
            card = result.content.cards.get(card_id)
            if card is None or card.game != "runebound-2e":
                continue
            for ir in irs:
                try:
                    validate_ability(ir)
                except IRError as err:
                    bad_ir.append(f"{card_id}: {err}")
        return result.exit_code, bad_ir
    finally:
        shutil.rmtree(case, ignore_errors=True)
        # every case is a new file: the loader's parse cache (meant for loading the same
        # files again) would only fill up, and collecting its million objects stalls a case
        loader._PARSED.clear()


def test_fuzz_card_files(tmp_path, fuzz_tally):
    for name, text in seed_files():  # warm up (grammar, schemas, imports) outside the timing
        status, bad_ir = run_case(tmp_path, name, text.encode("utf-8"))
        assert status in (0, 1) and not bad_ir, name  # alone, a file may miss its manifest

    # no shrinking: a slow case shrinks for many minutes; the failing input is printed whole
    @settings(fuzz_settings(CASES), phases=(Phase.explicit, Phase.reuse, Phase.generate))
    @given(card_file())
    def one(case):
        name, raw = case
        with fuzz_tally.case(raw[:300]):
            try:
                status, bad_ir = run_case(tmp_path, name, raw)
            except Exception:
                fuzz_tally.fail("exception (exit 3)")
                raise
            if status not in (0, 1):
                fuzz_tally.fail(f"exit {status}")
            if bad_ir:
                fuzz_tally.fail("invalid IR")
            assert status in (0, 1), f"exit {status} for {name}"
            assert not bad_ir, bad_ir[:3]

    one()
    assert fuzz_tally.cases >= CASES * 0.9  # Hypothesis may stop a little short on duplicates
    assert not fuzz_tally.failures
    assert not list(tmp_path.iterdir())  # every case folder was removed
