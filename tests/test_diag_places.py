"""Every diagnostic has file:line:col or says why it cannot (issue 22, item 8): RF701 and
RF604 of `build` point into the card's YAML file, not at its id; RF002, RF106 and RF108
about a whole file say why they have no line."""

from __future__ import annotations

import json

ITEMS = """\
kind: item
cards:
  - name: Girdle of Testing
    origin: original
    cost: 4
    class: artifact
    type: belt
    usage: constant
    abilities:
      - "You receive +3 Body."
    flavour: "Made of 漢 silk."
  - name: Girdle of the Extraordinarily Overlong and Unreasonably Verbose Name Testing
    origin: original
    cost: 4
    class: artifact
    type: belt
    usage: constant
    abilities:
      - "You receive +3 Body."
"""


def test_build_warnings_point_into_the_card_file(cli, tmp_path, content_dir):
    path = content_dir.write("items.yaml", ITEMS)
    res = cli("build", content_dir.root, "--out", tmp_path / "out", "--locale", "en")
    assert res.exit_code == 0, res.output
    where = str(path)
    rf604 = [line for line in res.stdout.splitlines() if "warning[RF604]" in line]
    rf701 = [line for line in res.stdout.splitlines() if "warning[RF701]" in line]
    assert len(rf604) == 1 and rf604[0].split(": warning")[0].endswith(f"{where}:11:23")
    assert "'girdle-of-testing' (en)" in rf604[0]
    assert rf701 and rf701[0].split(": warning")[0].endswith(f"{where}:12:11")
    assert '   11 |     flavour: "Made of 漢 silk."' in res.stdout  # the source line
    assert not any(line.startswith("girdle-of-") for line in res.stdout.splitlines())


def test_whole_file_problems_say_why_they_have_no_line(cli, content_dir):
    content_dir.write("empty.yaml", "")
    (content_dir.root / "folder.yaml").mkdir()
    content_dir.write("big.yaml", "# " + "x" * (3 * 1024 * 1024) + "\n")
    res = cli("check", content_dir.root)
    assert res.exit_code == 1
    for code, why in (("RF106", "the file has no content"), ("RF002", "the file could not be read"),
                      ("RF108", "the file was not read (it is over the size limit)")):
        block = res.stdout.split(f"error[{code}]", 1)[1].split("error[", 1)[0]
        assert f"= note: no line:col: {why}" in block, (code, block)
    records = json.loads(cli("check", content_dir.root, "--format", "json").stdout)
    whole = {r["code"]: r for r in records if r["code"] in ("RF002", "RF106", "RF108")}
    assert set(whole) == {"RF002", "RF106", "RF108"}
    assert all(r["line"] == 0 and r["no_position"] for r in whole.values())
