"""Delve trials (issue 13, shared contract 1): the `trial` document kind with its located
checks (RF920-RF923), playing a trial (`runeforge play --adventure`), replaying its log, and a
seeded soak of whole games over the bundled trials with every invariant checked."""

from __future__ import annotations

import textwrap
from pathlib import Path

from runeforge.pipeline import check

MANIFEST = """\
kind: manifest
id: trial-pack
name: Trial pack
type: set
origin: original
game: delve
"""


def _check(tmp_path: Path, text: str):
    (tmp_path / "manifest.yaml").write_text(MANIFEST, encoding="utf-8")
    (tmp_path / "t.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    result = check((str(tmp_path),))
    return [(d.code, d.line, d.col, d.message, d.hint) for d in result.diagnostics
            if d.path.endswith("t.yaml")]


def test_the_bundled_trials_check_clean_and_reach_the_bundle():
    from runeforge.backends.bundle import build_bundle

    result = check(())
    assert [str(d) for d in result.diagnostics if "trial" in d.path] == []
    docs = build_bundle(result.content, result.compiled)["documents"]["trial"]
    trials = [t for d in docs for t in d.get("trials", [d])]
    goals = {t["id"]: t["goal"]["type"] for t in trials}
    assert goals["first-descent"] == "clear" and "slay" in goals.values()
    assert all(t["origin"] == "original" for t in trials)
    assert all(d["game"] == "delve" for d in docs)


def test_unknown_ids_are_located_with_did_you_mean(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        trials:
          - id: bad-trial
            name: Bad
            origin: original
            start_tile: entry-hal
            deck: [dripping-step, hall-of-statues]
            goal: {type: slay, adversary: rust-golm}
            heroes: [garick-stoneward]
        """)
    found = {(code, line, col): hint for code, line, col, _m, hint in diags}
    assert found == {("RF920", 6, 17): "did you mean 'entry-hall'?",
                     ("RF920", 7, 12): "did you mean 'dripping-steps'?",
                     ("RF920", 8, 35): "did you mean 'rust-golem'?",
                     ("RF920", 9, 14): "did you mean 'garrick-stoneward'?"}


def test_an_empty_or_repeating_deck_and_a_slay_goal_without_adversary(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        trials:
          - id: empty-deck
            name: Empty
            origin: original
            deck: []
            goal: {type: slay}
          - id: twice
            name: Twice
            origin: original
            deck: [musty-store, musty-store]
            goal: {type: clear, adversary: rust-golem}
        """)
    codes = sorted((code, line, col) for code, line, col, _m, _h in diags)
    assert codes == [("RF921", 6, 11), ("RF921", 11, 25), ("RF922", 7, 11), ("RF922", 12, 36)]


def test_a_single_trial_file_and_a_duplicate_id(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        id: first-descent
        name: Again
        origin: original
        deck: [musty-store]
        goal: {type: clear}
        """)
    assert [(c, line) for c, line, _col, _m, _h in diags] == [("RF923", 2)]


def test_schema_errors_in_a_trial_are_located(tmp_path):
    diags = _check(tmp_path, """\
        kind: trial
        id: odd-one
        name: Odd
        origin: original
        deck: [musty-store]
        goal: {type: kill}
        round_limit: 0
        """)
    assert sorted((c, line) for c, line, _col, _m, _h in diags) == [("RF204", 6),
                                                                 ("RF205", 7)]
