"""`runeforge table` in a real browser (Playwright driving Debian's chromium), whole games
by clicking: Runebound with one person and two bots; Delve with two people, each on their
own page, then (the server stopped and the game resumed from its save) on one screen in
hot-seat mode. The "person" clicks one of the controls the page offers, by a seeded choice.
Each game ends and its log replays with `runeforge replay`. Undo and the replay viewer are
driven once.

In CI (.ci/run installs chromium when it is missing) this test runs; a missing browser is a
failure there, not a skip."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys

from tests.test_studio_browser import CHROMIUM, needs_browser

WAIT_MS = 300_000  # a hang guard, not a verdict on speed


def serve(*args):
    """Start `runeforge table ARGS`; its process and the URLs it prints."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "from runeforge.cli import main; main()", "table",
         "--no-browser", *map(str, args)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env={**os.environ, "NO_COLOR": "1"})
    urls = []
    for line in proc.stdout:
        found = re.search(r"(http://127\.0\.0\.1:\d+/\S*)", line)
        if found:
            urls.append(found.group(1))
        if line.startswith("(Ctrl-C"):
            break
    assert urls, proc.stdout.read() if proc.poll() is not None else "no URL"
    return proc, urls


def stop(proc) -> None:
    proc.terminate()
    proc.wait(timeout=60)


def watch(page, problems: list) -> None:
    page.set_default_timeout(WAIT_MS)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: problems.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)


def state(page) -> str:
    return page.locator("#status").get_attribute("data-state") or ""


def click_one(page, rng: random.Random) -> None:
    """Click one of the controls the page offers (a seeded choice) and wait for the next
    view."""
    from playwright.sync_api import expect

    before = page.locator("body").get_attribute("data-view")
    offered = page.locator("#decision [data-option], #board [data-option]")
    n = offered.count()
    assert n > 0, "the page offers no control for its question"
    offered.nth(rng.randrange(n)).click()
    changed = f'body:not([data-view="{before}"])'
    page.wait_for_selector(f"{changed}, #decision .cell-dice", timeout=WAIT_MS)
    dice = page.locator("#decision .cell-dice [data-option]")
    if not page.locator(changed).count() and dice.count():  # a move that dice can pay
        dice.nth(rng.randrange(dice.count())).click()
    expect(page.locator("body")).not_to_have_attribute("data-view", before or "",
                                                       timeout=WAIT_MS)


def settle(pages) -> None:
    """Wait until one page has a question, or the game is over."""
    pages[0].wait_for_selector("#status[data-state=yours], #status[data-state=over], "
                               "#pass:not([hidden])", timeout=WAIT_MS) \
        if len(pages) == 1 else None
    if len(pages) > 1:
        for _ in range(WAIT_MS // 100):
            if any(state(p) in ("yours", "over") for p in pages):
                return
            pages[0].wait_for_timeout(100)


def play(pages, rng, clicks: int | None = None) -> int:
    """Click through the game on ``pages`` (one per seat, or one hot-seat page) until it is
    over (or ``clicks`` clicks). Returns the clicks made."""
    made = 0
    while clicks is None or made < clicks:
        settle(pages)
        if any(state(p) == "over" for p in pages):
            return made
        for page in pages:
            if page.locator("#pass:not([hidden])").count():
                page.click("#ready")
                page.wait_for_selector("#status[data-state=yours], #status[data-state=over]",
                                       timeout=WAIT_MS)
            if state(page) == "yours":
                click_one(page, rng)
                made += 1
                break
    return made


def replays(cli, log) -> None:
    done = cli("replay", log)
    assert done.exit_code == 0, done.output
    assert "same end state" in done.output


@needs_browser
def test_runebound_one_person_two_bots_undo_and_replay_viewer(tmp_path, cli):
    assert CHROMIUM is not None, "chromium is missing: .ci/run installs it (apt-get)"
    from playwright.sync_api import expect, sync_playwright

    log = tmp_path / "runebound.jsonl"
    proc, (url,) = serve("--adventure", "rise-of-the-dragon-lords", "--seat", "human",
                         "--seat", "bot", "--seat", "bot", "--seed", "3", "--lang", "fi",
                         "--log", log)
    problems: list[str] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1300, "height": 850})
            watch(page, problems)
            page.goto(url)
            rng = random.Random(33)
            assert play([page], rng, clicks=2) == 2
            settle([page])
            asked = (page.locator("#decision").get_attribute("data-kind"),
                     page.locator("#decision .options").inner_text(),
                     page.locator("body").get_attribute("data-view"))
            assert play([page], rng, clicks=1) == 1
            # undo: back to the seat's previous question, the same one asked again
            expect(page.locator("#undo")).to_be_visible()
            before = page.locator("body").get_attribute("data-view")
            page.click("#undo")
            expect(page.locator("body")).not_to_have_attribute("data-view", before)
            settle([page])
            assert (page.locator("#decision").get_attribute("data-kind"),
                    page.locator("#decision .options").inner_text()) == asked[:2]
            assert page.locator("body").get_attribute("data-view").split(":")[1] == \
                asked[2].split(":")[1]  # the same question number, in a new replay
            assert page.locator("#board polygon").count() > 50  # the board's spaces
            assert page.locator("#heroes img.face").count() == 3
            expect(page.locator("h2[data-t=log]")).to_have_text("Pelin loki")
            print("Runebound: clicks to the end:", play([page], rng))
            expect(page.locator("#status")).to_have_attribute("data-state", "over")
            browser.close()
    finally:
        stop(proc)
    assert problems == []
    records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert records[0]["humans"] == [0] and records[-1]["type"] == "end_state"
    replays(cli, log)

    # the replay viewer: forward, back, a jump to a round
    proc, (url,) = serve("--replay", log)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1300, "height": 850})
            watch(page, problems)
            page.goto(url)
            view = page.locator("body")
            expect(view).to_have_attribute("data-view", "step:0")
            page.click("#forward")
            expect(view).to_have_attribute("data-view", "step:1")
            page.click("#forward")
            expect(view).to_have_attribute("data-view", "step:2")
            page.click("#back")
            expect(view).to_have_attribute("data-view", "step:1")
            rounds = page.locator("#round-jump option").all_inner_texts()
            assert len(rounds) > 2
            page.select_option("#round-jump", rounds[2])
            expect(view).not_to_have_attribute("data-view", "step:1")
            expect(page.locator("#round")).to_contain_text(rounds[2])
            browser.close()
    finally:
        stop(proc)
    assert problems == []


@needs_browser
def test_delve_two_people_then_resumed_on_one_screen(tmp_path, cli):
    assert CHROMIUM is not None, "chromium is missing: .ci/run installs it (apt-get)"
    from playwright.sync_api import sync_playwright

    log = tmp_path / "delve.jsonl"
    proc, urls = serve("--adventure", "first-descent", "--seat", "human", "--seat", "human",
                       "--seed", "4", "--lang", "pl", "--log", log)
    assert len(urls) == 2 and urls[0] != urls[1]
    problems: list[str] = []
    rng = random.Random(44)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            pages = []
            for url in urls:  # each person on their own page
                page = browser.new_context(viewport={"width": 1200, "height": 800}).new_page()
                watch(page, problems)
                page.goto(url)
                pages.append(page)
            assert play(pages, rng, clicks=12) == 12
            assert pages[0].locator("#board rect.cell").count() > 4  # the start chamber
            browser.close()
    finally:
        stop(proc)  # the server is stopped mid-game: the log is the save
    proc, (url,) = serve("--resume", log, "--hotseat")
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1200, "height": 800})
            watch(page, problems)
            page.goto(url)
            passed = []
            page.on("request", lambda r: passed.append(r.url) if "/seat/1/" in r.url else None)
            print("Delve, hot seat: clicks to the end:", play([page], rng))
            assert state(page) == "over"
            assert passed, "the hot-seat page never passed the screen to seat 2"
            browser.close()
    finally:
        stop(proc)
    assert problems == []
    replays(cli, log)
