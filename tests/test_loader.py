"""The loader: packs, ids, positions of values, references."""

from __future__ import annotations

import pytest

from runeforge.loader import bundled_dir, kebab, load_content


def codes(content):
    return [d.code for d in content.diagnostics]


@pytest.mark.parametrize("name, expected", [
    ("Varikas the Dead", "varikas-the-dead"),
    ("Blood of the Bloodmother", "blood-of-the-bloodmother"),
    ("Traveller's Longsword", "travellers-longsword"),
    ("Merchant\u2019s  Seal!", "merchants-seal"),
    ("  --Rune  Plate (II)-- ", "rune-plate-ii"),
    ("Ilse of the Ninth Bell", "ilse-of-the-ninth-bell"),
    ("Éowyn's Blade", "eowyns-blade"),
])
def test_kebab(name, expected):
    assert kebab(name) == expected


def test_loads_a_user_dir_after_the_bundled_content(content_dir, item_text):
    content_dir.write("items.yaml", item_text.replace("Girdle of Testing", "Belt of Might"))
    content = load_content([content_dir.root])
    assert codes(content) == []
    card = content.cards["belt-of-might"]
    assert card.kind == "item" and card.name == "Belt of Might" and card.index == 0
    assert card.pack == "my-cards"  # anonymous pack named after the folder
    assert content.packs["my-cards"].anonymous
    assert card.data == {"name": "Belt of Might", "origin": "original", "cost": 4,
                         "class": "artifact", "type": "belt", "usage": "constant",
                         "abilities": ["You receive +3 Body."]}
    assert type(card.data["cost"]) is int and type(card.data["abilities"][0]) is str
    ids = list(content.cards)
    bundled = [i for i, c in content.cards.items() if content.packs[c.pack].bundled]
    assert ids[: len(bundled)] == bundled  # bundled content first
    assert ids[-1] == "belt-of-might"
    assert "Swim" in content.skills and "core" in content.packs


def test_bundled_dir_is_the_package_data():
    root = bundled_dir()
    assert (root / "core" / "manifest.yaml").is_file()


def test_positions(content_dir):
    content_dir.write("items.yaml", """\
        kind: item
        cards:
          - name: Belt of Might
            origin: original
            cost: 4
            class: artifact
            usage: constant
            abilities:
              - "You receive \\"+3\\" Body."
              - 'It''s plain: +1 Mind.'
              - You receive +1 Spirit.
              - |
                Line one.
                Line two.
        """)
    content = load_content([content_dir.root], include_bundled=False)
    assert codes(content) == []
    card = content.cards["belt-of-might"]
    assert card.pos() == (3, 5)
    assert card.pos("cost") == (5, 11)
    assert card.pos("cost", key=True) == (5, 5)
    assert card.pos("abilities", 0) == (9, 9)
    assert card.source_line(5) == "    cost: 4"
    # double-quoted, with escapes: character 13 of the value is '+' after \"
    value = card.data["abilities"][0]
    assert value[13] == "+"
    line, col = card.text_pos(("abilities", 0), 13)
    assert card.source_line(line)[col - 1] == "+" and col == 24
    # single-quoted with a doubled ''
    value = card.data["abilities"][1]
    off = value.index("+")
    line, col = card.text_pos(("abilities", 1), off)
    assert (line, col) == (10, 23) and card.source_line(line)[col - 1] == "+"
    # plain scalar
    line, col = card.text_pos(("abilities", 2), len("You receive "))
    assert card.source_line(line)[col - 1:col + 2] == "+1 "
    # literal block: second line
    line, col = card.text_pos(("abilities", 3), len("Line one.\nLi"))
    assert (line, col) == (14, 11) and card.source_line(line)[col - 1] == "n"
    # unknown path falls back to the card
    assert card.pos("nope") == card.pos()


def test_explicit_id_must_match_unless_overridden(content_dir, item_text):
    content_dir.write("a.yaml", item_text.replace("    cost: 4", "    id: belt\n    cost: 4"))
    content = load_content([content_dir.root], include_bundled=False)
    (d,) = content.diagnostics
    assert d.code == "RF503" and d.line == 5 and "girdle-of-testing" in d.hint
    content_dir.write("a.yaml", item_text.replace(
        "    cost: 4", "    id: belt\n    id_override: true\n    cost: 4"))
    content = load_content([content_dir.root], include_bundled=False)
    assert codes(content) == [] and list(content.cards) == ["belt"]


def test_duplicate_ids_name_both_places(content_dir, item_text):
    content_dir.write("a.yaml", item_text)
    content_dir.write("b/c.yaml", item_text)
    content = load_content([content_dir.root], include_bundled=False)
    (d,) = content.diagnostics
    assert d.code == "RF501" and d.path.endswith("b/c.yaml") and d.line == 3
    assert "a.yaml:3:5" in d.message and "a.yaml:3:5" in d.hint


def test_duplicate_against_bundled_card_and_replaces(content_dir, item_text):
    content = load_content([])
    some = next(c for c in content.cards.values() if c.kind == "item")
    text = item_text.replace("Girdle of Testing", some.name)
    content_dir.write("x.yaml", text)
    dup = load_content([content_dir.root])
    assert [d.code for d in dup.diagnostics] == ["RF501"]
    assert some.path in dup.diagnostics[0].hint
    content_dir.write("manifest.yaml", f"""\
        kind: manifest
        id: mine
        name: Mine
        type: expansion
        origin: original
        replaces: [{some.id}]
        """)
    fixed = load_content([content_dir.root])
    assert codes(fixed) == [] and fixed.cards[some.id].pack == "mine"


def test_manifest_references(content_dir, item_text):
    content_dir.write("pack/manifest.yaml", """\
        kind: manifest
        id: dark-tide
        name: The Dark Tide
        type: expansion
        origin: original
        skills: [Sailing]
        requires: [cor]
        removes: [girdle-of-testin, girdle-of-testing]
        """)
    content_dir.write("pack/items.yaml", item_text)
    content = load_content([content_dir.root], include_bundled=False)
    diags = sorted(content.diagnostics, key=lambda d: d.line)
    assert [d.code for d in diags] == ["RF502", "RF502"]
    assert diags[0].line == 7 and diags[1].line == 8 and diags[1].col == 11
    assert diags[1].hint == "did you mean 'girdle-of-testing'?"
    assert "girdle-of-testing" in content.removed and "girdle-of-testing" not in content.cards
    assert content.packs["dark-tide"].skills == ["Sailing"] and "Sailing" in content.skills
    assert content.cards == {}


def test_pack_ids_must_be_unique(content_dir):
    manifest = "kind: manifest\nid: core\nname: X\ntype: set\norigin: original\n"
    content_dir.write("manifest.yaml", manifest)
    content = load_content([content_dir.root])
    assert codes(content) == ["RF504"] and content.diagnostics[0].line == 2


def test_manifest_kind_rules(content_dir, item_text):
    content_dir.write("manifest.yaml", item_text)
    content_dir.write("other.yaml", "kind: manifest\nid: x\nname: X\ntype: set\n"
                      "origin: original\n")
    content = load_content([content_dir.root], include_bundled=False)
    assert sorted(codes(content)) == ["RF504", "RF504"]


def test_documents_are_kept_whole(content_dir):
    from runeforge import schema

    kinds = schema.document_kinds()
    if not kinds:
        pytest.skip("no document kinds registered")
    kind = kinds[0]
    content_dir.write("doc.yaml", f"kind: {kind}\nnot_a_field_anywhere: 1\n")
    content = load_content([content_dir.root], include_bundled=False)
    (doc,) = content.documents[kind]
    assert doc.path.endswith("doc.yaml") and doc.pos() == (1, 1)
    assert doc.pos("not_a_field_anywhere") == (2, 23)
    assert doc.data["not_a_field_anywhere"] == 1
    assert any(d.code in ("RF202", "RF203", "RF206") for d in content.diagnostics)


def test_same_dir_twice_loads_once(content_dir, item_text):
    content_dir.write("a.yaml", item_text)
    content = load_content([content_dir.root, content_dir.root, bundled_dir()])
    assert codes(content) == []


def test_order_is_deterministic(content_dir, item_text):
    for name in ("zeta", "alpha", "mid/beta"):
        content_dir.write(f"{name}.yaml", item_text.replace("Girdle of Testing", name.upper()))
    content = load_content([content_dir.root], include_bundled=False)
    assert list(content.cards) == ["alpha", "mid-beta", "zeta"]


def test_a_file_replaced_with_the_same_size_and_time_is_read_again(tmp_path):
    """The in-process memo of parsed files knows a file by its path, device and inode, size
    and modification time: another file renamed over it (as editors save), even with the
    same size and time, is parsed again, and a symlink retargeted at another file too."""
    import os

    from runeforge import loader

    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("kind: item\nname: one\n", encoding="utf-8")
    second.write_text("kind: item\nname: two\n", encoding="utf-8")
    st = first.stat()
    os.utime(second, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert loader._load_file_cached(first)[0].text.endswith("one\n")
    assert loader._load_file_cached(first)[0].text.endswith("one\n")  # a hit: the same answer
    link = tmp_path / "link.yaml"
    link.symlink_to(first)
    assert loader._load_file_cached(link)[0].text.endswith("one\n")
    link.unlink()
    link.symlink_to(second)
    assert loader._load_file_cached(link)[0].text.endswith("two\n")
    os.replace(second, first)
    assert loader._load_file_cached(first)[0].text.endswith("two\n")
