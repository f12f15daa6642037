"""`runeforge table` without a browser: every decision kind the engine can ask has a control
on the page; the guard (token per seat, Host, Origin); what a seat's answers hold; the save is
the log (it replays, it resumes); undo."""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

from runeforge.table.app import make_app
from runeforge.table.session import Refused, Table
from runeforge.table.setup import read_save

ROOT = Path(__file__).resolve().parents[1]
PORT = 8123
BASE = f"http://127.0.0.1:{PORT}"
RB = {"adventure": "rise-of-the-dragon-lords", "ruleset": "base", "players": 3, "seed": 2,
      "bots": "heuristic", "doom": None, "debug": False, "humans": [0]}
DELVE = {"adventure": "first-descent", "players": 2, "seed": 1, "bots": "heuristic",
         "humans": [0, 1]}


# ------------------------------------------------------------------ the kinds of question
def _constants(tree) -> dict[str, str]:
    return {t.id: node.value.value for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
            for t in node.targets if isinstance(t, ast.Name)}


def _loop_values(func, name: str) -> list[str]:
    """The strings a ``for name, ... in ((\"a\", ...), ...)`` loop of ``func`` gives ``name``."""
    found = []
    for node in ast.walk(func):
        if isinstance(node, ast.For) and isinstance(node.target, ast.Tuple) and \
                isinstance(node.iter, ast.Tuple):
            names = [e.id for e in node.target.elts if isinstance(e, ast.Name)]
            if name in names:
                i = names.index(name)
                found += [e.elts[i].value for e in node.iter.elts
                          if isinstance(e, ast.Tuple) and isinstance(e.elts[i], ast.Constant)]
    return found


def engine_kinds() -> set[str]:
    """Every kind of question Runebound's and Delve's engines ask, read from their source:
    the kind argument of each ``ask(who, KIND, ...)`` and ``Decision(KIND, ...)``. A kind
    passed on from a parameter (the ``ask`` wrappers) is its callers'; a kind the scan cannot
    read fails the test, so a new way of asking is not missed."""
    kinds, unread = set(), []
    for path in [*ROOT.glob("engine/runebound/**/*.py"), *ROOT.glob("engine/delve/**/*.py")]:
        if "/analysis/" in str(path) or path.name == "kernel.py":
            continue  # the odds' solvers and the compiled kernels ask no player of a game
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = _constants(tree)
        for func in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            params = {a.arg for a in func.args.args + func.args.kwonlyargs}
            for call in [n for n in ast.walk(func) if isinstance(n, ast.Call)]:
                name = getattr(call.func, "attr", getattr(call.func, "id", None))
                if name == "ask" and call.args and getattr(call.args[0], "id", None) == "game":
                    continue  # Delve's choose.ask(game, owner, options, field): its one kind
                    # is the Decision(EFFECT, ...) in choose.py, which the scan reads there
                if name == "ask" and len(call.args) >= 2:
                    arg = call.args[1]
                elif name == "Decision" and call.args:
                    arg = call.args[0]
                else:
                    continue
                if isinstance(arg, ast.Constant):
                    kinds.add(arg.value)
                elif isinstance(arg, ast.Name) and arg.id in consts:
                    kinds.add(consts[arg.id])
                elif isinstance(arg, ast.Name) and _loop_values(func, arg.id):
                    kinds.update(_loop_values(func, arg.id))
                elif isinstance(arg, ast.Name) and arg.id in params:
                    continue  # a wrapper: its callers name the kind
                else:
                    unread.append(f"{path.relative_to(ROOT)}:{call.lineno}")
    assert not unread, f"kinds the scan cannot read: {unread}"
    return kinds


def page_controls() -> dict[str, str]:
    js = (ROOT / "compiler/table/static/table.js").read_text(encoding="utf-8")
    block = js[js.index("const CONTROLS = {"):js.index("};", js.index("const CONTROLS"))]
    return dict(re.findall(r'"?([\w.]+)"?: "(\w+)"', block.split("{", 1)[1]))


def test_every_kind_of_question_has_a_control():
    kinds = engine_kinds()
    # the scan finds the kinds the engines document (seed 000-003's choices among them)
    assert {"destination", "use_ability", "phase_action", "market", "trade_give", "trade_ask",
            "giant_lord_tokens", "delve.action", "delve.effect", "delve.skill"} <= kinds
    controls = page_controls()
    assert sorted(kinds - set(controls)) == []
    assert set(controls.values()) <= {"buttons", "cards", "number", "space", "cells", "dice"}


# ------------------------------------------------------------------ a table to talk to
@pytest.fixture(scope="module")
def delve_table(bundle):
    table = Table(bundle, "delve", DELVE)
    table.start()
    yield table
    table.close()


@pytest.fixture(scope="module")
def client(delve_table, result):
    from starlette.testclient import TestClient

    tokens = {"seat-zero-token": (0,), "seat-one-token": (1,)}
    app = make_app(delve_table, result.content, tokens, PORT)
    with TestClient(app, base_url=BASE) as c:
        yield c


def test_no_or_wrong_token_is_refused(client):
    assert client.get("/api/seat/0/state").status_code == 403
    assert client.get("/api/seat/0/state?token=nope").status_code == 403
    assert client.get("/seat/0/?token=seat-zero-tokeN").status_code == 403
    assert client.get("/api/seat/0/state?token=seat-zero-token").status_code == 200


def test_foreign_host_and_origin_are_refused(client):
    ok = "?token=seat-zero-token"
    assert client.get("/api/seat/0/state" + ok, headers={"Host": "evil.example:8123"}
                      ).status_code == 403
    assert client.post("/api/seat/0/answer" + ok, json={"serial": 0, "index": 0},
                       headers={"Origin": "http://evil.example"}).status_code == 403
    assert client.post("/api/seat/0/undo" + ok, json={}).status_code == 403  # no Origin


def test_a_seat_token_cannot_act_for_another_seat(client, delve_table):
    with delve_table.cond:
        delve_table.settled()
        pending = delve_table.pending
    assert pending is not None and pending.seat == 0
    other = "?token=seat-one-token"
    assert client.get("/seat/0/" + other).status_code == 403
    assert client.get("/api/seat/0/state" + other).status_code == 403
    refused = client.post("/api/seat/0/answer" + other, json={"serial": pending.serial,
                          "index": 0}, headers={"Origin": BASE})
    assert refused.status_code == 403
    # seat 1's own route cannot answer seat 0's question either
    wrong = client.post("/api/seat/1/answer" + other, json={"serial": pending.serial,
                        "index": 0}, headers={"Origin": BASE})
    assert wrong.status_code == 409 and "seat 1 is to answer" in wrong.json()["error"]
    with delve_table.cond:
        assert delve_table.pending is pending  # nothing was answered


def test_a_seat_sees_no_deck_order_and_not_the_other_seats_question(client, delve_table):
    mine = client.get("/api/seat/0/state?token=seat-zero-token").json()
    theirs = client.get("/api/seat/1/state?token=seat-one-token").json()
    assert mine["pending"] and mine["pending"]["options"]
    assert theirs["pending"] is None and theirs["waiting_for"] == 0
    deck = list(delve_table.game.state.deck)
    assert deck, "the exploration deck is not empty at the start"
    for answer in (mine, theirs):
        text = json.dumps(answer)
        assert answer["deck_left"] == len(deck)
        # no card of the deck is named, by id or by name (the setup record lists them all)
        for card in deck:
            assert card not in text
        assert '"deck"' not in text


def test_runebound_seat_sees_no_deck(bundle, result):
    from runeforge.table.views import seat_view

    table = Table(bundle, "runebound-2e", RB)
    table.start()
    try:
        with table.cond:
            table.settled()
            view = seat_view(table, 0, "en", result.content)
            s = table.game.state
            shown = {s.active_event, *(c for cards in s.market_stacks.values() for c in cards)}
            for h in s.heroes:
                shown.update([*h.items, *h.trophies, *(a.id for a in h.allies)])
            hidden = [c for c in {*s.market_deck, *(c for d in s.adventure_decks.values()
                                                     for c in d), *s.doom_track}
                      if c not in shown]
        text = json.dumps(view)
        assert hidden and not [c for c in hidden if c in text]
        assert view["decks"]["market"] == len(s.market_deck)
        assert view["doom"]["face_down"] == len(s.doom_track)
    finally:
        table.close()


def test_each_copy_of_an_item_shows_its_own_side():
    """Two copies of one Item, one activated: the table shows one spent, one ready (the engine
    lets each copy be activated once a turn; the view showed both spent)."""
    from runeforge.table.views_board import items_shown

    shown = items_shown(["lamp", "lamp", "sword"], ["lamp"], str.upper)
    assert [(i["id"], i["spent"]) for i in shown] == [("lamp", True), ("lamp", False),
                                                       ("sword", False)]
    assert [i["spent"] for i in items_shown(["lamp", "lamp"], ["lamp", "lamp"], str)] == \
        [True, True]
    assert shown[2]["name"] == "SWORD"


# ------------------------------------------------------------------ saves
def play_out(table: Table, rng: random.Random, stop=None) -> int:
    """Answer every question with a seeded pick until the end (or ``stop`` answers)."""
    n = 0
    while stop is None or n < stop:
        with table.cond:
            table.settled()
            p = table.pending
        if p is None:
            return n
        table.answer(p.seat, p.serial, rng.randrange(len(p.options)))
        n += 1
    return n


@pytest.mark.parametrize("game_id, options", [("runebound-2e", RB), ("delve", DELVE)])
def test_the_save_is_a_log_that_replays_and_resumes(bundle, tmp_path, cli, game_id,
                                                      options):
    save = tmp_path / "save.jsonl"
    table = Table(bundle, game_id, options, save)
    table.start()
    play_out(table, random.Random(5), stop=12)
    with table.cond:
        table.settled()
        asked = (table.pending.seat, table.pending.kind, table.pending.options)
        serial = table.pending.serial
    table.close()
    # closed mid-game: reopened, the same question is asked again
    again = Table.resume(bundle, game_id, read_save(str(save)), save)
    with again.cond:
        again.settled()
        assert (again.pending.seat, again.pending.kind, again.pending.options) == asked
        assert again.pending.serial == serial
    play_out(again, random.Random(6))
    assert again.outcome.over and again.outcome.error is None
    records = [json.loads(line) for line in save.read_text(encoding="utf-8").splitlines()]
    assert records[-1]["type"] == "end_state" and records[0]["humans"] == options["humans"]
    done = cli("replay", save)
    assert done.exit_code == 0, done.output
    assert "same end state" in done.output
    # a person's answer changed in the log: the replay says so
    lines = save.read_text(encoding="utf-8").splitlines()
    seat_hero = None
    for i, line in enumerate(lines):
        r = json.loads(line)
        if r["type"] in ("game_start", "setup"):
            seat_hero = (r.get("seats") or r.get("heroes"))[options["humans"][0]]
        if r["type"] == "decision" and (r.get("hero") or r.get("actor")) == seat_hero \
                and r["answer"] is not None:
            others = [o for o in r.get("options") or [None] if o != r["answer"]]
            r["answer"] = others[0]  # another option; Delve's: stop acting (None)
            lines[i] = json.dumps(r, sort_keys=True)
            break
    save.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli("replay", save).exit_code == 1


def test_undo_goes_back_to_the_seat_question(bundle):
    table = Table(bundle, "runebound-2e", RB)
    table.start()
    try:
        play_out(table, random.Random(1), stop=3)
        with table.cond:
            table.settled()
            before = [(a.seat, a.kind, a.answer) for a in table.answered]
        table.undo(0)  # one person: undo always goes back
        with table.cond:
            assert table.pending.serial == len(before) - 1
            assert table.pending.kind == before[-1][1]
            assert [(a.seat, a.kind, a.answer) for a in table.answered] == before[:-1]
    finally:
        table.close()


def test_undo_stops_at_a_revealed_die_with_two_people(bundle):
    table = Table(bundle, "delve", DELVE)
    table.start()
    try:
        with table.cond:
            table.settled()
        with pytest.raises(Refused, match="answered nothing"):
            table.undo(1)
        # seat 0 plays its turn out (stops), seat 1 rolls its dice: seat 0 cannot go back
        while True:
            with table.cond:
                table.settled()
                p = table.pending
            if p.seat != 0:
                break
            table.answer(0, p.serial, len(p.options) - 1)  # the last option: stop
        with pytest.raises(Refused, match="revealed"):
            table.undo(0)
        table.answer(1, p.serial, 0)  # seat 1 answers: seat 0's undo would take it back
        with pytest.raises(Refused, match="another person has answered"):
            table.undo(0)
    finally:
        table.close()


def test_the_page_speaks_five_languages():
    words = json.loads((ROOT / "compiler/table/static/i18n.json").read_text(encoding="utf-8"))
    assert sorted(words) == ["el", "en", "fi", "pl", "ru"]
    for locale, table in words.items():
        assert set(table) == set(words["en"]), locale
        assert all(text.strip() for text in table.values()), locale
        if locale != "en":  # translated, not copied (a few words are the same: "bot")
            same = [k for k in table if table[k] == words["en"][k] and "{" not in table[k]]
            assert len(same) < 6, (locale, same)
    html = (ROOT / "compiler/table/static/table.html").read_text(encoding="utf-8")
    js = "".join((ROOT / "compiler/table/static" / name).read_text(encoding="utf-8")
                 for name in ("table.js", "board.js"))
    used = set(re.findall(r'data-t="(\w+)"', html)) | set(re.findall(r'\bt\("([\w.]+)"', js))
    assert used and used <= set(words["en"]), used - set(words["en"])


def test_lan_host_is_accepted_only_when_asked(delve_table, result):
    from starlette.testclient import TestClient

    tokens = {"t": (0,)}
    for lan, status in ((None, 403), ("192.168.1.20", 200)):
        app = make_app(delve_table, result.content, tokens, PORT, lan_host=lan)
        with TestClient(app, base_url=f"http://192.168.1.20:{PORT}") as c:
            assert c.get("/api/seat/0/state?token=t").status_code == status


def test_the_command_refuses_bad_tables_with_reasons(cli, tmp_path):
    none = cli("table", "--adventure", "first-descent", "--seat", "bot", "--seat", "bot",
               "--no-browser")
    assert none.exit_code == 2 and "no --seat human" in none.output
    many = cli("table", "--adventure", "rise-of-the-dragon-lords", "--no-browser",
               *["--seat", "human"] * 7)
    assert many.exit_code == 2 and "1 to 6 players, not 7" in many.output
    delve = cli("table", "--adventure", "first-descent", "--seat", "human", "--ruleset",
                "advanced", "--no-browser")
    assert delve.exit_code == 2 and "not of" in delve.output
    bots_log = tmp_path / "bots.jsonl"
    bots_log.write_text(json.dumps({"seq": 0, "type": "options", "adventure": "first-descent",
                                    "players": 1, "seed": 1, "bots": "heuristic"}) + "\n",
                        encoding="utf-8")
    resumed = cli("table", "--resume", bots_log, "--no-browser")
    assert resumed.exit_code == 1
    assert "RF966" in resumed.output and "bots.jsonl:1" in resumed.output
    assert "--replay" in resumed.output  # the hint


def test_the_log_is_told_in_the_seat_locale(delve_table, result):
    from runeforge.table.views import seat_view

    with delve_table.cond:
        delve_table.settled()
        en = seat_view(delve_table, 0, "en", result.content)["log"]
        ru = seat_view(delve_table, 0, "ru", result.content)["log"]
    assert en[0] == "Round 1" and ru[0] == "Раунд 1"
    assert len(en) == len(ru) > 1 and "rolls" in en[1] and "бросает" in ru[1]
