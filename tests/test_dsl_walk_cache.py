"""The parser keeps the walk of an ability's nodes it made while checking (n.ability_nodes
reads it instead of walking again): it must be exactly the walk of the ability's sentences."""

from __future__ import annotations

import yaml

from runeforge.dsl.runebound import nodes as n
from runeforge.dsl.runebound.parser import parse_ability
from tests.test_lang_sequence import ROOT


def test_the_kept_walk_is_the_walk_of_the_sentences():
    corpus = yaml.safe_load((ROOT / "tests/data/corpus/runebound.yaml").read_text("utf-8"))
    texts = [f["text"] for f in corpus["forms"]] + [v for f in corpus["forms"]
                                                    for v in f["variants"]]
    kept = 0
    for text in texts:
        try:
            ability = parse_ability(text)
        except Exception:  # noqa: BLE001 - a text of several abilities (sequence.py)
            continue
        got = ability.__dict__.get("_nodes")
        if got is None:
            continue
        kept += 1
        fresh = [node for s in ability.sentences for node in n.walk(s)]
        assert len(got) == len(fresh) and all(a is b for a, b in zip(got, fresh, strict=True))
    assert kept > 300
