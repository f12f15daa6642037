"""`runeforge fmt`: only ability scalars change; everything else stays byte-identical."""

from __future__ import annotations

import pytest

from runeforge.diagnostics import Diagnostic, DiagnosticError
from runeforge.games.runebound import abilities


def fake_canonical(text: str) -> str:
    """Stand-in for the lead's canonical printer: collapse spaces, end with a full stop."""
    bad = text.find("exhaustoin")
    if bad >= 0:
        raise DiagnosticError(Diagnostic("RF302", "unknown word 'exhaustoin'", "<ability>", 1,
                                         bad + 1, len("exhaustoin"),
                                         hint="did you mean 'exhaustion'?"))
    text = " ".join(text.split())
    return text if text.endswith(".") else text + "."


@pytest.fixture(autouse=True)
def canonical(monkeypatch):
    monkeypatch.setattr(abilities, "canonical_text", fake_canonical)


SOURCE = """\
# yaml-language-server: $schema=../compiler/schemas/item.schema.json
kind: item   # a comment that must stay
cards:
  - name: Girdle of Testing
    origin: original
    usage: constant     # aligned comment
    class: artifact
    cost: 4
    abilities:
      - "You  receive +3 Body"   # double-quoted
      - 'It''s  plain'
      - You   receive +1 Mind
      - |
        Literal  block
      - "Already canonical."
"""

EXPECTED = """\
# yaml-language-server: $schema=../compiler/schemas/item.schema.json
kind: item   # a comment that must stay
cards:
  - name: Girdle of Testing
    origin: original
    usage: constant     # aligned comment
    class: artifact
    cost: 4
    abilities:
      - "You receive +3 Body."   # double-quoted
      - 'It''s plain.'
      - You receive +1 Mind.
      - |
        Literal block.
      - "Already canonical."
"""


def test_fmt_rewrites_only_abilities(cli, content_dir):
    path = content_dir.write("a.yaml", SOURCE)
    res = cli("fmt", "--check", content_dir.root)
    assert res.exit_code == 1 and "would reformat" in res.stdout and "a.yaml" in res.stdout
    assert path.read_text() == SOURCE
    res = cli("fmt", content_dir.root)
    assert res.exit_code == 0, res.output
    assert path.read_text() == EXPECTED
    res = cli("fmt", "--check", content_dir.root)
    assert res.exit_code == 0 and res.stdout == ""


def test_fmt_leaves_unchanged_files_untouched(cli, content_dir):
    path = content_dir.write("a.yaml", EXPECTED)
    before = path.stat().st_mtime_ns
    res = cli("fmt", content_dir.root)
    assert res.exit_code == 0 and path.read_bytes() == EXPECTED.encode()
    assert path.stat().st_mtime_ns == before


def test_fmt_switches_to_double_quotes_when_plain_cannot_hold_the_text(cli, content_dir,
                                                                      monkeypatch):
    monkeypatch.setattr(abilities, "canonical_text", lambda t: "Before Combat: x #1.")
    path = content_dir.write("a.yaml", SOURCE)
    assert cli("fmt", content_dir.root).exit_code == 0
    text = path.read_text()
    assert '      - "Before Combat: x #1."\n' in text and "# aligned comment" in text


def test_fmt_keeps_crlf(cli, content_dir):
    path = content_dir.write("a.yaml", SOURCE.replace("\n", "\r\n").encode())
    res = cli("fmt", content_dir.root)
    assert res.exit_code == 1 and "RF109" in res.stdout  # CRLF is still reported
    assert path.read_bytes() == EXPECTED.replace("\n", "\r\n").encode()


def test_fmt_maps_parse_errors_into_the_file(cli, content_dir):
    path = content_dir.write("a.yaml", SOURCE.replace("'It''s  plain'",
                                                      "'It''s exhaustoin'"))
    res = cli("fmt", content_dir.root)
    assert res.exit_code == 1
    # 'It''s exhaustoin': the word starts at text offset 5, file column 16 (quote + doubled '')
    assert "a.yaml:11:16: error[RF302]: unknown word 'exhaustoin'" in res.stdout
    assert "      | " + " " * 15 + "^" * 10 + "\n" in res.stdout
    assert "You receive +3 Body." in path.read_text()  # other abilities still formatted


def test_fmt_bad_yaml_is_reported_not_rewritten(cli, content_dir):
    path = content_dir.write("a.yaml", "kind: item\ncards: [\n")
    res = cli("fmt", content_dir.root)
    assert res.exit_code == 1 and "error[RF101]" in res.stdout
    assert path.read_text() == "kind: item\ncards: [\n"


def test_fmt_missing_dir(cli, tmp_path):
    res = cli("fmt", tmp_path / "nope")
    assert res.exit_code == 2 and "error[RF001]" in res.stdout
