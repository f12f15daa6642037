"""Games as plug-ins (issue 12): a second, test-only game works end to end beside Runebound.

``tests/tinygame`` is a two-kind game with a three-rule grammar. Every test here runs it mixed
with the bundled Runebound content, through the same commands a user runs.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from runeforge import games, schema
from tests.tinygame import GAME as TINY

CONTENT = Path(__file__).parent / "tinygame" / "content"


@pytest.fixture
def tiny():
    games.register(TINY)
    yield TINY
    games.unregister(TINY.id)


@pytest.fixture
def tiny_dir(tmp_path):
    target = tmp_path / "tiny"
    shutil.copytree(CONTENT, target)
    return target


def _records(res):
    return json.loads(res.output[: res.output.rindex("]") + 1])


def test_runebound_is_the_default_game_and_names_its_layers():
    rb = games.get()
    assert rb.id == games.DEFAULT_GAME == "runebound-2e"
    assert rb.card_kinds == schema.card_kinds()
    from runeforge.games.runebound.text.render import LOCALES

    assert rb.text.locales == LOCALES
    # the IR version the registry announces is the one the engine runs, for every game
    for game in games.all_games():
        module = game.ir.schema.rpartition(":")[0]
        ir = getattr(games.resolve(module + ":"), "IR_VERSION", None)
        if ir is not None:
            assert game.ir.version == ir, (game.id, game.ir.version, ir)
    # every name the entry gives resolves
    for ref in (*vars(rb.dialect).values(), rb.ir.schema, rb.ir.validate, rb.text.render,
                rb.text.prepare, rb.faces.faces, rb.faces.drawer, rb.faces.deck,
                rb.faces.preview, rb.check_documents, *rb.engine.values()):
        if ":" in ref and not ref.endswith(".lark"):
            assert games.resolve(ref) is not None, ref
    from importlib import resources

    for game in (rb, TINY):  # the grammar file each dialect names is there
        package, _, name = game.dialect.grammar.partition(":")
        assert resources.files(package).joinpath(name).is_file(), game.dialect.grammar


def test_mixed_content_checks_clean(cli, tiny, tiny_dir):
    res = cli("check", tiny_dir)
    assert res.exit_code == 0, res.output
    # with the bundled Delve and campaign packs
    assert "396 cards in 12 packs: 0 errors" in res.output


def test_errors_are_located_in_the_tiny_games_own_files(cli, tiny, tiny_dir):
    text = (tiny_dir / "fighters.yaml").read_text(encoding="utf-8")
    text = text.replace('"Strike (4+): Deal 2 damage."', '"Strike (7+): Deal 2 damage."')
    text = text.replace('"Jab (5+): Deal 1 damage."', '"Jab (5+): Deall 1 damage."')
    (tiny_dir / "fighters.yaml").write_text(text, encoding="utf-8")
    actions = (tiny_dir / "actions.yaml").read_text(encoding="utf-8")
    (tiny_dir / "actions.yaml").write_text(actions.replace("count: 2", "count: two"))
    (tiny_dir / "more.yaml").write_text("kind: hero\ncards: []\n", encoding="utf-8")
    res = cli("check", "--format", "json", tiny_dir)
    assert res.exit_code == 1
    found = {(d["code"], Path(d["path"]).name, d["line"], d["col"]) for d in _records(res)}
    # a die cannot show 7: the number itself, line 8, column 18 of the string's file
    assert ("RF205", "fighters.yaml", 8, 18) in found
    # 'Deall' is no word of the tiny dialect; the hint comes from the tiny vocabulary
    assert ("RF301", "fighters.yaml", 14, 20) in found
    assert ("RF201", "actions.yaml", 5, 12) in found
    # 'hero' is a Runebound kind, not a kind of this pack's game
    assert ("RF207", "more.yaml", 1, 7) in found
    hints = {d["code"]: d.get("hint") for d in _records(res)}
    assert "deal" in (hints["RF301"] or "")
    assert "fighter" in (hints["RF207"] or "")


def test_unknown_game_in_a_manifest_is_located(cli, tiny, tiny_dir):
    manifest = tiny_dir / "manifest.yaml"
    manifest.write_text(manifest.read_text().replace("game: tinygame", "game: tinygam"))
    res = cli("check", tiny_dir)
    assert res.exit_code == 1
    assert "manifest.yaml:6:7: error[RF208]: unknown game 'tinygam'" in res.output
    assert "did you mean 'tinygame'" in res.output


def test_fmt_round_trips_with_the_tiny_printer(cli, tiny, tiny_dir):
    path = tiny_dir / "actions.yaml"
    path.write_text(path.read_text().replace('"Rest (3+): Gain 1 gold."',
                                             '"rest  ( 3 + ) :  GAIN 1 Gold ."'))
    res = cli("fmt", "--check", tiny_dir)
    assert res.exit_code == 1 and "would reformat" in res.output
    res = cli("fmt", tiny_dir)
    assert res.exit_code == 0, res.output
    assert '"Rest (3+): Gain 1 gold."' in path.read_text()
    assert cli("fmt", "--check", tiny_dir).exit_code == 0
    from tests.tinygame.dialect import canonical, parse, print_ability

    for text in ("Strike (4+): Deal 2 damage.", "Dash (2+): Gain 3 steps."):
        assert print_ability(parse(text)) == text == canonical(text)


def test_text_in_english_and_a_warning_for_other_locales(cli, tiny, tiny_dir):
    res = cli("text", tiny_dir, "--locale", "en", "--format", "json", "--card", "moss-runner")
    assert res.exit_code == 0
    assert json.loads(res.output) == [
        {"card": "moss-runner", "ability": 0, "text": "Dash (2+): Gain 3 steps."},
        {"card": "moss-runner", "ability": 1, "text": "Jab (5+): Deal 1 damage."}]


def test_build_bundle_pdf_and_one_engine_step(cli, tiny, tiny_dir, tmp_path):
    out = tmp_path / "out"
    res = cli("build", tiny_dir, "--out", out, "--locale", "en", "--locale", "fi")
    assert res.exit_code == 0, res.output
    assert "RF605" in res.output and "tinygame" in res.output  # no Finnish in the tiny game
    bundle = json.loads((out / "bundle.json").read_text(encoding="utf-8"))
    # the campaign compiles a relic's hero side in Delve's dialect, to Delve's IR
    assert bundle["ir_versions"] == {"runebound-2e": 2, "tinygame": 1, "delve": 3,
                                     "campaign": 3}
    tiny_cards = {c["id"]: c for c in bundle["cards"] if c["game"] == "tinygame"}
    assert tiny_cards["pebble-knight"]["abilities"] == [
        {"action": "strike", "need": 4, "op": "deal", "amount": 2, "unit": "damage"}]
    assert {c["game"] for c in bundle["cards"]} == {"runebound-2e", "tinygame", "delve",
                                                    "campaign"}
    en = json.loads((out / "text" / "en.json").read_text(encoding="utf-8"))
    fi = json.loads((out / "text" / "fi.json").read_text(encoding="utf-8"))
    assert {"card": "pebble-knight", "ability": 0, "text": "Strike (4+): Deal 2 damage."} in en
    assert not any(r["card"] in tiny_cards for r in fi)
    # the tiny game's pack is printed in its own face style: its own words and keywords
    reader = PdfReader(out / "pdf" / "tiny-duel-en.pdf")
    page = reader.pages[0].extract_text()
    assert "Pebble Knight" in page and "Tiny game - fighter" in page
    assert "Strike (4+): Deal 2 damage." in page
    assert reader.metadata["/Keywords"].startswith("Tiny game")
    # 4 faces (Second Wind twice) on one sheet, then their backs
    layout = json.loads((out / "pdf" / "tiny-duel-en.layout.json").read_text())
    assert [r["card"] for r in layout["cards"] if r["side"] == "front"] == [
        "second-wind", "second-wind", "pebble-knight", "moss-runner"]
    # a Runebound pack beside it still has the Runebound frame words
    assert "Runebound" in PdfReader(out / "pdf" / "core-en.pdf").metadata["/Keywords"]
    # one engine step of the tiny game, run from the bundle through its entry points
    start, step = TINY.entry("start"), TINY.entry("step")
    state = step(bundle, start(bundle), seed=3)
    assert state["turn"] == 1 and len(state["log"]) == 2  # Moss Runner has two abilities
    again = step(bundle, start(bundle), seed=3)
    assert again == state  # seeded
    # and the Runebound engine takes the same mixed bundle, ignoring the tiny cards
    catalog = games.get().entry("catalog")(bundle)
    assert "pebble-knight" not in catalog.cards and "varikas-the-dead" in catalog.cards


def test_preview_and_schema_dispatch_to_the_game(cli, tiny, tiny_dir, tmp_path):
    res = cli("preview", tiny_dir, "--out", tmp_path)
    assert res.exit_code == 0, res.output
    html = (tmp_path / "preview-en.html").read_text(encoding="utf-8")
    assert "Tiny game - fighter" in html and "Varikas the Dead" in html
    res = cli("schema", "--game", "tinygame", "--kind", "fighter")
    assert res.exit_code == 0 and json.loads(res.output)["title"] == "Tiny game fighter cards"
    res = cli("schema", "--game", "tinygame", "--kind", "hero")
    assert res.exit_code == 2 and "fighter" in res.output


def test_decks_name_the_back_a_card_shares():
    from runeforge.pipeline import check

    result = check()
    rb = games.get()
    decks = {rb.deck_of(c) for c in result.content.cards.values()}
    assert {"hero", "market", "adventure-green", "adventure-red"} <= decks


def test_play_runs_the_engine_of_the_adventures_game(cli, tiny, tiny_dir, tmp_path):
    log = tmp_path / "duel.jsonl"
    res = cli("play", "--adventure", "pebble-arena", "--players", "2", "--seed", "4",
              "--log", log, tiny_dir)
    assert res.exit_code == 0, res.output
    assert "game: tinygame   adventure: pebble-arena" in res.output
    winner = res.output.split("Winner: ")[1].split()[0]
    assert winner in ("pebble-knight", "moss-runner")
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records[0] == {"type": "options", "adventure": "pebble-arena", "players": 2,
                          "seed": 4, "bots": "heuristic"}
    assert {r["fighter"] for r in records[1:]} == {"pebble-knight", "moss-runner"}
    # the same seed, the same duel
    assert cli("play", "--adventure", "pebble-arena", "--players", "2", "--seed", "4",
               tiny_dir).output == res.output
    # Runebound's own options do not apply to another game's adventure
    res = cli("play", "--adventure", "pebble-arena", "--ruleset", "advanced", tiny_dir)
    assert res.exit_code == 2 and "Runebound" in res.output


def test_runebound_commands_ignore_the_other_games_content(cli, tiny, tiny_dir):
    """The tiny game's adventure document shares the kind name 'adventure' with Runebound's."""
    play = cli("play", "--players", "4", "--seed", "1", tiny_dir)
    alone = cli("play", "--players", "4", "--seed", "1")
    assert play.exit_code == 0 and play.output == alone.output
    odds = ("odds", "--hero", "varikas-the-dead", "--challenge", "blood-of-the-bloodmother",
            "--exact")
    assert cli(*odds, tiny_dir).output == cli(*odds).output
    # issue #31: the cards' (the adventure's) game answers, here that it has no such command
    res = cli("fight", "--hero", "pebble-knight", "--challenge", "blood-of-the-bloodmother",
              tiny_dir)
    assert res.exit_code == 2
    assert res.output == "runeforge fight: the game 'tinygame' has no fight (it has: play)\n"
    res = cli("simulate", "--games", "2", "--adventure", "pebble-arena", tiny_dir)
    assert res.exit_code == 2
    assert res.output == ("runeforge simulate: the game 'tinygame' of adventure 'pebble-arena' "
                          "has no simulate (it has: play)\n")


def _runebound_language_fingerprint(vocabulary=None) -> str:
    """The Runebound grammar text, LALR tables built afresh, and vocabulary, as one digest."""
    import hashlib

    from lark import Lark

    from runeforge.dsl.runebound.lexer import VOCABULARY, AbilityLexer
    from runeforge.dsl.runebound.parser import _grammar_text

    lark = Lark(_grammar_text(), parser="lalr", lexer=AbilityLexer, start="ability")
    table = lark.parser.parser.parser.parse_table
    # state numbers may differ between two builds; what each state does may not
    states = sorted(repr(sorted((str(k), str(act), str(arg) if str(act) == "Reduce" else "")
                                for k, (act, arg) in acts.items()))
                    for acts in table.states.values())
    words = sorted((vocabulary or VOCABULARY).items())
    blob = json.dumps([_grammar_text(), repr(states), words])
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def test_another_game_leaves_the_runebound_language_as_it_is(cli, tiny_dir):
    from runeforge.dsl.runebound.lexer import VOCABULARY

    before = _runebound_language_fingerprint()
    games.register(TINY)
    try:
        assert cli("check", tiny_dir).exit_code == 0  # the tiny grammar was built and used
        assert games.resolve(TINY.dialect.vocabulary) != games.resolve(
            games.get().dialect.vocabulary)
        assert _runebound_language_fingerprint() == before
    finally:
        games.unregister(TINY.id)
    # the digest does see a change (here: one more word for the tokenizer)
    assert _runebound_language_fingerprint({**VOCABULARY, "stage": "PHASE"}) != before


def test_the_plug_in_scan_is_skipped_only_when_no_distribution_declares_the_group(
        tmp_path, monkeypatch):
    """``importlib.metadata`` is imported only when a distribution on the path may declare a
    ``runeforge.games`` entry point (issue 38): a section of the group is found; another
    group naming a ``runeforge.games`` module is not one."""
    import sys
    from importlib.machinery import PathFinder

    # only the path's own finder: another test of the same worker may leave a finder of
    # distributions of its own on sys.meta_path, which answers True (asserted below)
    monkeypatch.setattr(sys, "meta_path", [PathFinder])
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    info = tmp_path / "other-1.0.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text(
        "[babel.extractors]\nx = runeforge.games.runebound.text.extract:extract_cards\n")
    assert not games._may_declare_plugins()
    plug = tmp_path / "plug-1.0.dist-info"
    plug.mkdir()
    (plug / "entry_points.txt").write_text("[runeforge.games]\nplug = plug:GAME\n")
    assert games._may_declare_plugins()
    monkeypatch.setattr(sys, "path", [str(tmp_path / "some.zip")])
    (tmp_path / "some.zip").write_bytes(b"PK")
    assert games._may_declare_plugins()
    monkeypatch.setattr(sys, "path", [str(tmp_path / "nowhere")])
    assert not games._may_declare_plugins()

    class OwnFinder:
        @staticmethod
        def find_distributions(*args, **kwargs):
            return iter(())

    monkeypatch.setattr(sys, "meta_path", [OwnFinder, PathFinder])
    assert games._may_declare_plugins()
