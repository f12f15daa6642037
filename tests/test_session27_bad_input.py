"""Bad input to the commands session 27 added (campaign, Delve play/replay/odds): each case is a
command, what is set up on disk first, the exit status and what the output must say. Every
case was a traceback, a wrong exit status, an unlocated error or a silently created folder
before its fix; none may print a traceback or leave a changed file behind."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from runeforge.cli import main

BUNDLED = Path(__file__).resolve().parents[1] / "cards" / "campaign"

CAMPAIGN = "saltmarsh-reckoning"
NEW = ["campaign", "new", "--campaign", CAMPAIGN, "--seed", "3", "--hero",
       "Ann=garrick-stoneward:warrior", "--hero",
       "Bo=sefa-quillmark:healer", "--overlord", "Zed", "-o"]


@pytest.fixture(scope="module", autouse=True)
def one_bundle():
    from runeforge.commands.play import load_bundle
    from runeforge.games.campaign.commands import sheetio as _campaign_io

    bundle = load_bundle(())
    saved = _campaign_io.bundle_for
    _campaign_io.bundle_for = lambda dirs: saved(dirs) if dirs else bundle
    yield bundle
    _campaign_io.bundle_for = saved


def invoke(args):
    return CliRunner().invoke(main, [str(a) for a in args])


@pytest.fixture
def sheet(tmp_path):
    path = tmp_path / "camp.json"
    result = invoke([*NEW, path])
    assert result.exit_code == 0, result.output
    return path


def binary(path):
    path.write_bytes(b"{\n \xff\xfe junk\n")


def campaign_pack(folder: Path, edit) -> Path:
    """A campaign pack holding a copy of the bundled campaign document, edited by ``edit``
    (its id renamed so it does not clash with the bundled one)."""
    pack = folder / "pack"
    pack.mkdir()
    manifest = (BUNDLED / "manifest.yaml").read_text(encoding="utf-8")
    pack.joinpath("manifest.yaml").write_text(manifest.replace("id: campaign", "id: c2"),
                                              encoding="utf-8")
    text = (BUNDLED / "campaign.yaml").read_text(encoding="utf-8")
    bad = edit(text.replace(f"id: {CAMPAIGN}", "id: other-campaign"))
    assert bad != text
    pack.joinpath("campaign.yaml").write_text(bad, encoding="utf-8")
    return pack


def line_of(prefix: str) -> int:
    """The 1-based line of the bundled campaign document that starts with ``prefix`` (the
    positions below follow the document, not a number written down once)."""
    lines = (BUNDLED / "campaign.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, x in enumerate(lines, 1) if x.startswith(prefix))


def drop_line(key):
    return lambda t: "".join(x for x in t.splitlines(True) if not x.startswith(key + ":"))


def log_cut_short(sheet: Path) -> None:
    """`campaign setup` ran, then its log lost its last line: the sheet is a step ahead of its
    log. (A command killed between the two writes no longer leaves this: the journal finishes
    it, tests/test_campaign_journal.py; an edited or restored log still can.)"""
    assert invoke(["campaign", "setup", sheet]).exit_code == 0
    log = sheet.with_name(sheet.stem + ".log.jsonl")
    lines = log.read_text(encoding="utf-8").splitlines(True)
    log.write_text("".join(lines[:-1]), encoding="utf-8")


# (id, set-up on tmp_path + the sheet -> argv, exit status, texts the output must hold)
CASES = [
    # output folders: checked before any work (like `play --log`), never created silently
    ("new-missing-folder", lambda t, s: [*NEW, t / "missing" / "c.json"], 2,
     ["does not exist"]),
    ("new-folder-is-a-file", lambda t, s: (t.joinpath("f").write_text("x"),
                                          [*NEW, t / "f" / "c.json"])[1], 2,
     ["is not a directory"]),
    ("play-log-under-a-file", lambda t, s: (t.joinpath("f").write_text("x"),
                                           ["campaign", "play", "--players", "2", "--log",
                                            t / "f" / "c.jsonl"])[1], 2,
     ["--log", "is not a directory"]),
    ("play-output-missing-folder", lambda t, s: ["campaign", "play", "--players", "2", "-o",
                                                 t / "missing" / "s.json"], 2,
     ["does not exist"]),
    ("sheet-pdf-missing-folder", lambda t, s: ["campaign", "sheet", s, "--pdf",
                                               t / "missing" / "s.pdf"], 2,
     ["--pdf", "does not exist"]),
    # bytes that are not UTF-8: a located error at the byte, not "cannot read" / exit 3
    ("status-binary-sheet", lambda t, s: (binary(s), ["campaign", "status", s])[1], 1,
     [":2:2: error[RF961]", "not UTF-8", "0xff"]),
    ("replay-binary-log", lambda t, s: (binary(t / "b.jsonl"),
                                        ["campaign", "replay", t / "b.jsonl"])[1], 1,
     [":2:2: error[RF964]", "not UTF-8"]),
    ("setup-binary-log-beside", lambda t, s: (binary(t / "camp.log.jsonl"),
                                              ["campaign", "setup", s])[1], 1,
     ["camp.log.jsonl:2:2: error[RF964]", "the sheet is unchanged"]),
    # JSON that json.loads refuses with ValueError / RecursionError: located, not exit 3
    ("status-sheet-of-a-5000-digit-number", lambda t, s: (s.write_text(s.read_text().replace(
        '"gold": 0', '"gold": 1' + "0" * 5000)), ["campaign", "status", s])[1], 1,
     [":1:1: error[RF961]", "cannot read", "4300 digits"]),
    ("status-deeply-nested-sheet", lambda t, s: (s.write_text("[" * 100000 + "]" * 100000),
                                                 ["campaign", "status", s])[1], 1,
     [":1:1: error[RF961]", "RecursionError"]),
    ("replay-deeply-nested-log-line", lambda t, s: (t.joinpath("d.jsonl").write_text(
        '{"type": "options"}\n{}\n' + "[" * 100000 + "]" * 100000 + "\n"),
        ["campaign", "replay", t / "d.jsonl"])[1], 1, ["d.jsonl:3:1: error[RF964]"]),
    # a line that is not JSON is located at its own line (it was always line 1)
    ("replay-log-broken-on-line-3", lambda t, s: (t.joinpath("d.jsonl").write_text(
        '{"type": "options"}\n{}\n{"cut off\n'), ["campaign", "replay", t / "d.jsonl"])[1],
     1, ["d.jsonl:3:1: error[RF964]", "not JSON lines"]),
    # a new campaign beside an old log would append to it: refused, the log untouched
    ("new-beside-an-old-log", lambda t, s: (t.joinpath("n.log.jsonl").write_text("{}\n"),
                                            [*NEW, t / "n.json"])[1], 2,
     ["n.log.jsonl exists", "remove it"]),
    # Ctrl-C between the sheet and its log line: the next command refuses (RF964) instead of
    # logging on from a sheet the log never reaches
    ("travel-after-a-log-cut-short", lambda t, s: (log_cut_short(s),
                                                   ["campaign", "travel", s])[1], 1,
     ["camp.log.jsonl:1:1: error[RF964]", "interrupted"]),
    # a campaign document missing `map` (or `home`): the schema's RF203, not KeyError (exit 3)
    ("check-campaign-without-map", lambda t, s: ["check", campaign_pack(t, drop_line("map"))],
     1, [f"campaign.yaml:{line_of('kind:')}:1: error[RF203]", "'map'"]),
    ("check-campaign-without-home", lambda t, s: ["check", campaign_pack(t, drop_line("home"))],
     1, [f"campaign.yaml:{line_of('kind:')}:1: error[RF203]", "'home'"]),
    # an adventure game that is not a game with trials: RF958 at the value, not a check that
    # passes and a `campaign play` that crashes with KeyError
    ("check-campaign-unknown-game", lambda t, s: ["check", campaign_pack(t, lambda x: x.replace(
        "adventure_game: delve", "adventure_game: delv"))], 1,
     [f"campaign.yaml:{line_of('adventure_game:')}:17: error[RF958]", "'delv'", "did you mean 'delve'"]),
    ("play-campaign-of-runebound", lambda t, s: [
        "campaign", "play", "--campaign", "other-campaign", "--players", "2",
        campaign_pack(t, lambda x: x.replace("adventure_game: delve",
                                             "adventure_game: runebound-2e"))], 1,
     ["error[RF958]", "'runebound-2e'"]),
    # odds across games: say the card is of the other game (it listed unrelated ids)
    ("odds-delve-hero-runebound-challenge", lambda t, s: [
        "odds", "--hero", "garrick-stoneward", "--challenge", "frost-giant"], 2,
     ["error[RF004]", "'frost-giant' is a challenge of Runebound",
      "--challenge takes an adversary of the same game"]),
    ("odds-runebound-hero-delve-adversary", lambda t, s: [
        "odds", "--hero", "brannoc-ironvow", "--challenge", "bone-sentry"], 2,
     ["error[RF004]", "'bone-sentry' is an adversary of Delve"]),
]


@pytest.mark.parametrize("make,exit_code,texts", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_bad_input_case(tmp_path, sheet, make, exit_code, texts):
    args = make(tmp_path, sheet)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    result = invoke(args)
    out = result.output
    assert "Traceback" not in out and "internal error" not in out, out
    assert result.exception is None or isinstance(result.exception, SystemExit), out
    assert result.exit_code == exit_code, out
    for text in texts:
        assert text in " ".join(out.split()) or text in out, (text, out)
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before, "a refused command changed or wrote files"
    assert not (tmp_path / "missing").exists()


# (id, argv, stdin bytes, exit status, texts the output must hold): commands fed on stdin,
# run as a process (the language server owns stdin/stdout)
def _rpc(*bodies: bytes) -> bytes:
    return b"".join(b"Content-Length: %d\r\n\r\n" % len(b) + b for b in bodies)


STDIN_CASES = [
    # a huge Content-Length made pygls allocate it in one read: MemoryError, exit 3; now a
    # parse error answers it at once and its bytes are dropped as they come
    ("lsp-huge-content-length", ["lsp"], b"Content-Length: 999999999999999\r\n\r\n{}", 0,
     ['"code": -32700', "bytes is longer than",
      "runeforge lsp: error: a bad frame: the frame's body of 999999999999999 bytes"]),
    # a body that is no JSON, and a request without its params, printed pygls's tracebacks
    # on stderr; now one line each, and the server goes on to answer shutdown
    ("lsp-malformed-json-rpc", ["lsp"], _rpc(
        b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}',
        b'{not json',
        b'{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": {"x": 1}}',
        b'{"jsonrpc": "2.0", "id": 3, "method": "shutdown"}',
        b'{"jsonrpc": "2.0", "method": "exit"}'), 0,
     ["runeforge lsp: error: Unable to handle message (JSONDecodeError",
      "runeforge lsp: error: Unable to deserialize message", '"id": 3']),
]


@pytest.mark.parametrize("args,data,exit_code,texts", [c[1:] for c in STDIN_CASES],
                         ids=[c[0] for c in STDIN_CASES])
def test_bad_stdin_case(args, data, exit_code, texts):
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-c", "from runeforge.cli import main; main()",
                           *args], input=data, capture_output=True, timeout=900)
    out = (proc.stdout + proc.stderr).decode("utf-8", errors="replace")
    assert "internal error" not in out and "MemoryError" not in out, out
    assert "Traceback" not in out, out
    assert proc.returncode == exit_code, out
    for text in texts:
        assert text in out, (text, out)
