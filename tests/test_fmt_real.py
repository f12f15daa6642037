"""`runeforge fmt` with the real ability printer (issue 3's acceptance): non-canonical spacing
and casing become canonical, comments and every other byte stay, a syntax error is located
in the file and that ability is left as written, and the bundled content is already canonical."""

SOURCE = """\
# my cards (this comment stays)
kind: item
cards:
  - name: Cracked Lantern   # trailing comment
    origin: original
    cost: 2
    class: artifact
    type: lantern
    usage: activated
    abilities:
      # a comment inside the list
      - "before  combat:   ACTIVATE and take 1 exhaustion to make a MAGIC attack."
      - 'activate to  cancel 1 wounds being inflicted on your hero.'
      - Activate to gain 1 gold.
"""

EXPECTED = SOURCE.replace(
    '"before  combat:   ACTIVATE and take 1 exhaustion to make a MAGIC attack."',
    '"Before Combat: Activate and take 1 exhaustion to make a magic attack."').replace(
    "'activate to  cancel 1 wounds being inflicted on your hero.'",
    "'Activate to cancel 1 wound being inflicted on your Hero.'")


def test_fmt_canonicalises_spacing_and_casing_and_keeps_everything_else(cli, tmp_path):
    path = tmp_path / "items.yaml"
    path.write_text(SOURCE, encoding="utf-8")
    check = cli("fmt", "--check", tmp_path)
    assert check.exit_code == 1
    assert path.read_text(encoding="utf-8") == SOURCE  # --check writes nothing
    res = cli("fmt", tmp_path)
    assert res.exit_code == 0, res.output
    assert path.read_text(encoding="utf-8") == EXPECTED
    assert cli("fmt", "--check", tmp_path).exit_code == 0  # a fixed point


def test_fmt_reports_a_syntax_error_in_the_file_and_leaves_that_ability(cli, tmp_path):
    path = tmp_path / "items.yaml"
    bad = SOURCE.replace("take 1 exhaustion to make", "take 1 exhaustoin to make")
    path.write_text(bad, encoding="utf-8")
    res = cli("fmt", tmp_path)
    assert res.exit_code == 1
    line = bad.splitlines()[11]
    col = line.index("exhaustoin") + 1
    assert f"items.yaml:12:{col}: error[RF302]" in res.output + res.stderr
    # the broken ability stays as written; the others are still made canonical
    assert path.read_text(encoding="utf-8") == EXPECTED.replace(
        '"Before Combat: Activate and take 1 exhaustion to make a magic attack."',
        '"before  combat:   ACTIVATE and take 1 exhaustoin to make a MAGIC attack."')


def test_bundled_content_is_canonical(cli):
    res = cli("fmt", "--check")
    assert res.exit_code == 0, res.output
