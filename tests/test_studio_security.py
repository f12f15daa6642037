"""`runeforge studio`'s server: token, Host and Origin checks, paths kept inside the content
folder, CSP, and bad input (YAML or abilities) answered with diagnostics, never a 500."""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from runeforge.studio.app import make_app
from runeforge.studio.session import Session
from tests.conftest import ITEM, item_with

PORT = 48123
BASE = f"http://127.0.0.1:{PORT}"
TOKEN = "t0k3n-for-tests"
ORIGIN = {"Origin": BASE}
ITEMS = "0/items.yaml"


@pytest.fixture(scope="module")
def setup(tmp_path_factory):
    root = tmp_path_factory.mktemp("studio") / "my-cards"
    root.mkdir()
    (root / "items.yaml").write_text("# my items\n" + ITEM, encoding="utf-8")
    outside = root.parent / "outside.yaml"
    outside.write_text(ITEM, encoding="utf-8")
    (root / "link.yaml").symlink_to(outside)
    session = Session([root])
    session.service.check_all()
    client = TestClient(make_app(session, TOKEN, PORT), base_url=BASE)
    return client, root, outside


def get(client, url, **kw):
    return client.get(url, headers={"X-Studio-Token": TOKEN, **kw.pop("headers", {})}, **kw)


def post(client, url, body, headers=None):
    return client.post(url, content=json.dumps(body),
                       headers={"X-Studio-Token": TOKEN, "Content-Type": "application/json",
                                **ORIGIN, **(headers or {})})


def test_the_token_is_required_everywhere(setup):
    client, *_ = setup
    for url in ("/", "/static/studio.js", "/api/files", "/api/cards"):
        assert client.get(url).status_code == 403, url
        assert client.get(url + "?token=wrong").status_code == 403, url
        assert client.get(url, headers={"X-Studio-Token": TOKEN[:-1]}).status_code == 403
    assert client.get(f"/?token={TOKEN}").status_code == 200
    assert get(client, "/api/files").status_code == 200
    r = client.post("/api/analyse", content=json.dumps({"path": ITEMS, "text": ITEM}),
                    headers=ORIGIN)
    assert r.status_code == 403 and "token" in r.text


def test_a_foreign_host_or_origin_is_refused(setup):
    client, *_ = setup
    for host in ("evil.example", f"evil.example:{PORT}", "127.0.0.1:1", f"127.0.0.2:{PORT}"):
        r = get(client, "/api/files", headers={"Host": host})
        assert r.status_code == 403 and "Host" in r.text, host
    assert get(client, "/api/files", headers={"Host": f"localhost:{PORT}"}).status_code == 200
    body = {"path": ITEMS, "text": ITEM}
    for origin in ("http://evil.example", f"http://127.0.0.1:{PORT + 1}", "null"):
        r = post(client, "/api/analyse", body, headers={"Origin": origin})
        assert r.status_code == 403 and "Origin" in r.text, origin
        assert get(client, "/api/files", headers={"Origin": origin}).status_code == 403
    r = client.post("/api/save", content=json.dumps(body),
                    headers={"X-Studio-Token": TOKEN})  # a write without Origin
    assert r.status_code == 403
    assert post(client, "/api/analyse", body).status_code == 200


def test_csp_and_no_inline_script(setup):
    client, *_ = setup
    r = client.get(f"/?token={TOKEN}")
    csp = r.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert r.headers["referrer-policy"] == "no-referrer"
    scripts = re.findall(r"<script([^>]*)>(.*?)</script>", r.text, re.S)
    assert scripts and all('src="/static/' in attrs and not body.strip()
                           for attrs, body in scripts)
    assert not re.search(r"\son[a-z]+\s*=", r.text)  # no inline event handler
    js = get(client, "/static/studio.js").text
    assert "innerHTML" not in js and "eval(" not in js  # card data only via textContent
    assert get(client, "/static/../app.py").status_code == 404


@pytest.mark.parametrize("ref", ["0/../outside.yaml", "0/./items.yaml", "/etc/passwd",
                                 "0//etc/passwd", "1/items.yaml", "0/link.yaml",
                                 "0/sub/../../outside.yaml", "0\\..\\outside.yaml",
                                 "0/items.txt", "x/items.yaml"])
def test_paths_outside_the_content_folder_are_refused(setup, ref):
    client, root, outside = setup
    before = outside.read_text(encoding="utf-8")
    assert get(client, "/api/file", params={"path": ref}).status_code == 403
    r = post(client, "/api/save", {"path": ref, "text": "kind: item\ncards: []\n",
                                   "base": None})
    assert r.status_code == 403, r.text
    assert post(client, "/api/analyse", {"path": ref, "text": ITEM}).status_code == 403
    assert outside.read_text(encoding="utf-8") == before
    assert not (root.parent / "etc").exists()


def test_new_card_cannot_escape_or_overwrite(setup):
    client, root, _ = setup
    r = post(client, "/api/new", {"folder": 0, "name": "../escape.yaml", "kind": "item"})
    assert r.status_code == 403 and not (root.parent / "escape.yaml").exists()
    r = post(client, "/api/new", {"folder": 0, "name": "items.yaml", "kind": "item"})
    assert r.status_code == 403
    r = post(client, "/api/new", {"folder": 0, "name": "new/one.yaml", "kind": "ally"})
    assert r.status_code == 200 and r.json()["saved"]
    text = (root / "new" / "one.yaml").read_text(encoding="utf-8")
    assert "kind: ally" in text and "New ally" in text
    (root / "new" / "one.yaml").unlink()


def _analyse(client, text):
    r = post(client, "/api/analyse", {"path": ITEMS, "text": text, "line": 3})
    assert r.status_code == 200, r.text
    return r.json()


# the loader's bad inputs (tests/test_bad_input.py), as an editor's text
BAD = [
    ("kind: item\ncards: [\n  - name: x\n", "RF101"),
    ("kind: item\ncards:\n  - name: x\n  \torigin: original\n", "RF102"),
    (ITEM.replace("    cost: 4\n", "    cost: 4\n    cost: 5\n"), "RF103"),
    ("\ufeff" + ITEM, "RF105"),
    (ITEM.replace("\n", "\r\n"), "RF109"),
    ("", "RF106"),
    ("# only a comment\n", "RF106"),
    (ITEM.replace("cost: 4", "cost: four"), "RF201"),
    (item_with("You recieve +3 Body."), "RF3"),
    (item_with("Before Combat: Take 1 exhaustion to gain 2 Body and"), "RF3"),
    ("kind: [unclosed\n", "RF101"),
    ("\x00\x01", "RF1"),
    ("a: *nope\n", "RF1"),
]


@pytest.mark.parametrize("text, code", BAD)
def test_bad_input_gives_diagnostics_never_a_500(setup, text, code):
    client, *_ = setup
    data = _analyse(client, text)
    codes = [d["code"] for d in data["diagnostics"]]
    assert any(c.startswith(code) for c in codes), codes
    assert all(d["line"] >= 0 and d["message"] for d in data["diagnostics"])


def test_a_bad_ability_is_located_with_a_hint(setup):
    client, *_ = setup
    data = _analyse(client, "# my items\n" + item_with("You recieve +3 Body."))
    (d,) = [d for d in data["diagnostics"] if d["code"].startswith("RF3")]
    assert d["line"] == 11 and d["hint"]
    fixed = _analyse(client, "# my items\n" + item_with("You receive +3 Body."))
    assert fixed["diagnostics"] == []
    card = fixed["card"]
    assert card["id"] == "girdle-of-testing" and set(card["texts"]) >= {"en", "ru", "en-XA"}
    assert card["abilities"][0]["structure"]["effects"]


@pytest.mark.parametrize("body", [[], "x", {"path": ITEMS}, {"path": 3, "text": ""},
                                  {"path": ITEMS, "text": ITEM, "line": "x"}])
def test_malformed_requests_are_400(setup, body):
    client, *_ = setup
    assert post(client, "/api/analyse", body).status_code == 400


def test_save_refuses_what_is_not_yaml_and_keeps_comments(setup):
    client, root, _ = setup
    path = root / "items.yaml"
    before = path.read_text(encoding="utf-8")
    base = get(client, "/api/file", params={"path": ITEMS}).json()["version"]
    r = post(client, "/api/save", {"path": ITEMS, "text": "kind: [\n", "base": base})
    assert r.status_code == 200 and not r.json()["saved"]
    assert path.read_text(encoding="utf-8") == before
    new = before.replace("You receive +3 Body.", "You receive +2 Body.")
    r = post(client, "/api/save", {"path": ITEMS, "text": new, "base": base})
    assert r.json()["saved"] and r.json()["diagnostics"] == []
    assert path.read_text(encoding="utf-8") == new and new.startswith("# my items\n")
    post(client, "/api/save", {"path": ITEMS, "text": before, "base": r.json()["version"]})
    assert path.read_text(encoding="utf-8") == before


def test_a_face_of_a_card_with_errors_is_refused_not_a_500(setup):
    client, *_ = setup
    _analyse(client, "# my items\n" + item_with("You recieve +3 Body."))
    r = post(client, "/api/face", {"card": "girdle-of-testing", "locale": "ru"})
    assert r.status_code == 409 and "no errors" in r.json()["error"]
    _analyse(client, "# my items\n" + ITEM)
    r = post(client, "/api/face", {"card": "girdle-of-testing", "locale": "ru"})
    assert r.status_code == 200 and r.content.startswith(b"\x89PNG")
    assert post(client, "/api/face", {"card": "girdle-of-testing", "locale": "xx"}
                ).status_code == 400
    assert post(client, "/api/face", {"card": "nope", "locale": "en"}).status_code == 400


def test_all_cards_lists_the_folder_with_diagnostics(setup):
    client, *_ = setup
    _analyse(client, "# my items\n" + item_with("You recieve +3 Body."))
    rows = get(client, "/api/cards").json()["cards"]
    (row,) = [r for r in rows if r["id"] == "girdle-of-testing"]
    assert row["path"] == ITEMS and row["pack"] == "my-cards" and row["kind"] == "item"
    assert [d["code"][:3] for d in row["diagnostics"]] == ["RF3"]
    assert all(r["path"].startswith("0/") for r in rows)  # the folder's cards, not bundled
    _analyse(client, "# my items\n" + ITEM)


def test_odds_exact_plus_monte_carlo_and_another_games_odds(setup):
    from fractions import Fraction

    client, *_ = setup
    r = post(client, "/api/odds", {"card": "dovan-the-lantern-bearer",
                                   "opponent": "barrowfield-scavengers"}).json()
    assert r["method"] == "exact" and r["ignored"]  # an ability the exact model leaves out
    mc = r["monte_carlo"]
    assert mc["trials"] > 0 and mc["ci95"][0] <= mc["win"] <= mc["ci95"][1]
    r = post(client, "/api/odds", {"card": "gloom-rat", "opponent": "garrick-stoneward"}).json()
    assert r["hero"] == "garrick-stoneward" and "monte_carlo" not in r
    assert float(Fraction(r["probability"])) == pytest.approx(r["win"], abs=1e-4)
    r = post(client, "/api/odds", {"card": "gloom-rat", "opponent": "barrowfield-scavengers"})
    assert r.status_code == 200 and "error" in r.json()


def test_the_command_refuses_a_missing_folder(cli, tmp_path):
    res = cli("studio", tmp_path / "nope", "--no-browser")
    assert res.exit_code == 1 and "error[RF001]" in res.stdout and "Traceback" not in res.output


def test_without_a_folder_the_bundled_cards_are_read_only():
    from runeforge.loader import bundled_dir

    session = Session([])
    assert session.folders.roots == [bundled_dir().resolve()] and session.read_only
    client = TestClient(make_app(session, TOKEN, PORT), base_url=BASE)
    assert get(client, "/api/files").json()["read_only"] is True
    ref = "0/core/heroes.yaml"
    text = get(client, "/api/file", params={"path": ref}).json()["text"]
    assert post(client, "/api/analyse", {"path": ref, "text": text}).status_code == 200
    before = (bundled_dir() / "core" / "heroes.yaml").stat().st_mtime_ns
    r = post(client, "/api/save", {"path": ref, "text": text, "base": None})
    assert r.status_code == 403 and "read-only" in r.json()["error"]
    assert post(client, "/api/new", {"folder": 0, "name": "x.yaml", "kind": "hero"}
                ).status_code == 403
    assert (bundled_dir() / "core" / "heroes.yaml").stat().st_mtime_ns == before
    assert not (bundled_dir() / "x.yaml").exists()


# -- issue 37: canonical references, plain names, no absolute path, versions, odds ---------

NOT_CANONICAL = ["\u0660/items.yaml", "00/items.yaml", "+0/items.yaml", " 0/items.yaml",
                 "0/.items.yaml", "0/a\nb.yaml", "0/a\rb.yaml", "0/\u202eitems.yaml",
                 "0/items.yaml ", "0/" + "x" * 300 + ".yaml", "0/" + "d/" * 600 + "x.yaml"]


@pytest.mark.parametrize("ref", NOT_CANONICAL)
def test_only_canonical_folder_references_and_plain_names(setup, ref):
    client, root, _ = setup
    for r in (get(client, "/api/file", params={"path": ref}),
              post(client, "/api/save", {"path": ref, "text": ITEM, "base": None}),
              post(client, "/api/analyse", {"path": ref, "text": ITEM})):
        assert r.status_code == 403, (ref, r.status_code, r.text)
        assert str(root) not in r.text and "/tmp" not in r.text
    assert sorted(p.name for p in root.rglob("*") if not p.is_dir()) == ["items.yaml",
                                                                          "link.yaml"]


@pytest.mark.parametrize("folder", [0.9, "0", True, None, -1, 7])
def test_a_new_card_names_its_folder_by_its_number(setup, folder):
    client, root, _ = setup
    r = post(client, "/api/new", {"folder": folder, "name": "fresh.yaml", "kind": "item"})
    assert r.status_code in (400, 403), r.text
    assert "folder" in r.json()["error"] and not (root / "fresh.yaml").exists()


def test_no_answer_holds_an_absolute_path(setup):
    client, root, outside = setup
    secret = str(root.parent)
    answers = [get(client, "/api/files"), get(client, "/api/cards"),
               post(client, "/api/new", {"folder": 0, "name": "x" * 256 + "/y.yaml",
                                         "kind": "item"}),
               post(client, "/api/new", {"folder": 0, "name": "a/" + "b" * 255 + ".yaml",
                                         "kind": "item"}),
               client.post("/api/analyse", content="[" * 100_000,
                           headers={"X-Studio-Token": TOKEN, **ORIGIN}),
               post(client, "/api/analyse", {"path": ITEMS, "text": ITEM}),
               post(client, "/api/face", {"card": "girdle-of-testing", "locale": "en"})]
    assert [r.status_code for r in answers[2:5]] == [403, 403, 400]
    assert "nested too deeply" in answers[4].json()["error"]
    assert answers[0].json()["folders"] == ["my-cards"]
    for r in answers:
        assert secret not in r.text and r.status_code != 422, r.text
    _analyse(client, "# my items\n" + ITEM)


def test_a_save_from_an_older_version_is_409_and_keeps_both_texts(setup):
    client, root, _ = setup
    path = root / "items.yaml"
    before = path.read_text(encoding="utf-8")
    base = get(client, "/api/file", params={"path": ITEMS}).json()["version"]
    first = before.replace("+3 Body", "+2 Body")
    assert post(client, "/api/save", {"path": ITEMS, "text": first, "base": base}
                ).json()["saved"]
    second = before.replace("+3 Body", "+1 Body")
    r = post(client, "/api/save", {"path": ITEMS, "text": second, "base": base})
    assert r.status_code == 409 and r.json()["conflict"] is True
    assert r.json()["text"] == first and path.read_text(encoding="utf-8") == first
    r = post(client, "/api/save", {"path": ITEMS, "text": second, "base": r.json()["version"]})
    assert r.json()["saved"] and path.read_text(encoding="utf-8") == second
    r = post(client, "/api/save", {"path": ITEMS, "text": before})
    assert r.status_code == 400 and "'base' is required" in r.json()["error"]
    r = post(client, "/api/save", {"path": ITEMS, "text": before, "base": None})
    assert r.status_code == 409 and r.json()["exists"] is True  # "new" but it is there
    version = get(client, "/api/file", params={"path": ITEMS}).json()["version"]
    post(client, "/api/save", {"path": ITEMS, "text": before, "base": version})
    assert path.read_text(encoding="utf-8") == before


def test_a_text_over_the_loaders_limit_is_413(setup):
    from runeforge.yamlsafe import MAX_FILE_BYTES

    client, root, _ = setup
    base = get(client, "/api/file", params={"path": ITEMS}).json()["version"]
    big = "# " + "x" * MAX_FILE_BYTES + "\n" + ITEM
    r = post(client, "/api/save", {"path": ITEMS, "text": big, "base": base})
    assert r.status_code == 413 and "limit" in r.json()["error"]
    assert (root / "items.yaml").stat().st_size < 1000


def test_no_odds_from_text_that_does_not_parse(setup):
    client, root, _ = setup
    text = _bundled_hero()
    (root / "heroes.yaml").write_text(text, encoding="utf-8")  # a hero of the folder
    try:
        good = post(client, "/api/analyse", {"path": "0/heroes.yaml", "text": text}).json()
        hero, foe = good["card"]["id"], good["card"]["opponents"][0]["id"]
        assert "win" in post(client, "/api/odds", {"card": hero, "opponent": foe}).json()
        broken = post(client, "/api/analyse", {"path": "0/heroes.yaml",
                                               "text": _bundled_hero("Gain gold gold.")})
        assert broken.json()["card"]["id"] == hero  # the card is there, its ability is not
        r = post(client, "/api/odds", {"card": hero, "opponent": foe}).json()
        assert "win" not in r and "no odds while" in r["error"], r
    finally:
        (root / "heroes.yaml").unlink()
        _analyse(client, "# my items\n" + ITEM)


def _bundled_hero(ability: str | None = None) -> str:
    """A copy of one bundled hero with an ability under a new name; ``ability`` replaces
    its first ability's text."""
    import io

    from ruamel.yaml import YAML

    from runeforge.loader import bundled_dir

    data = YAML(typ="safe").load((bundled_dir() / "core" / "heroes.yaml").read_text(
        encoding="utf-8"))
    card = next(c for c in data["cards"] if c.get("abilities"))
    card = {**card, "name": "Copied Hero of Tests", "origin": "original"}
    card.pop("id", None)
    if ability is not None:
        card["abilities"] = [ability, *card["abilities"][1:]]
    out = io.StringIO()
    YAML().dump({"kind": "hero", "cards": [card]}, out)
    return out.getvalue()
