"""Phones enter a whole hand on the live board, in a real browser (docs/board.md,
"Entering from the phones"; docs/scripting.md, "Entry from the phones").

`ohhell board --entry --confirm` runs as a process of its own, as the scorer starts it;
two phones (two browser contexts of Debian's Chromium, 360 px wide) give its code and
press the controls, and the terminal (`ohhell` in processes of its own) enters between
them: the bids come from both phones and the terminal, the trump from a phone, the
tricks from one phone, held until the other confirms them. A phone that saw an older
game is told and saves nothing; a phone with no code sees no controls. In English and
in Dutch; the screenshots are kept in the test's folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.conftest import ALONE, CHROMIUM_ARGS, need, no_process_in_a_mutation_run
from tests.test_board import PATIENCE, PHONE

pytestmark = ALONE


class Served(NamedTuple):
    url: str
    code: str
    process: subprocess.Popen[str]


WORDS = {
    "en": {
        "enter": "Enter",
        "bids": "{player} bids:",
        "named": "Trump named by {player}",
        "score": "Score the hand",
        "waiting": "waiting for another phone to confirm: {tricks}",
        "entered": "Entered on another phone: {tricks}",
        "confirm": "Confirm",
        "undo": "Undo the last entry",
        "again": "Tap again to undo",
        "changed": "the game changed: look again",
        "sum": "{sum} of {cards} tricks",
        "hearts": "♥ hearts",
        "hand2": "Hand 2 of 3",
    },
    "nl": {
        "enter": "Invoeren",
        "bids": "{player} biedt:",
        "named": "Troef genoemd door {player}",
        "score": "Ronde tellen",
        "waiting": "wacht tot een andere telefoon bevestigt: {tricks}",
        "entered": "Ingevoerd op een andere telefoon: {tricks}",
        "confirm": "Klopt",
        "undo": "Laatste invoer ongedaan maken",
        "again": "Tik nog eens om ongedaan te maken",
        "changed": "het spel is veranderd: kijk nog eens",
        "sum": "{sum} van {cards} slagen",
        "hearts": "♥ harten",
        "hand2": "Ronde 2 van 3",
    },
}


def ohhell(*args: str, lang: str = "en") -> str:
    """`ohhell ARGS` in a process of its own, as the scorer's terminal runs it."""
    env = {**os.environ, "LANGUAGE": lang}
    done = subprocess.run(
        [sys.executable, "-m", "ohhell_score", *args], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def sheet(game: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(ohhell("show", "-g", game, "--json"))
    return result


@pytest.fixture
def board(request: pytest.FixtureRequest) -> Iterator[Served]:
    """`ohhell board --entry --confirm` on a game of Ann, Bob, Cat and Dan (hands of 3, 2
    and 1 cards, the highest bidder names trump, the hook on), in ``request.param``'s
    language; its address and code read from what it prints."""
    no_process_in_a_mutation_run()
    lang = request.param
    ohhell("new", "Ann", "Bob", "Cat", "Dan", "-g", "t", "--hands", "3,2,1", "--trump", "named")
    env = {**os.environ, "LANGUAGE": lang}
    command = [sys.executable, "-m", "ohhell_score", "board", "-g", "t"]
    process = subprocess.Popen(
        [*command, "--entry", "--confirm", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert process.stdout is not None
        url = code = ""
        while not (url and code):
            line = process.stdout.readline()
            assert line, process.stderr.read() if process.stderr else "board ended"
            if line.startswith("board: "):
                url = line.split()[-1]
            elif line.startswith("entry code: "):
                code = line.split()[-1]
        yield Served(url, code, process)
    finally:
        process.terminate()
        process.wait(PATIENCE)


@pytest.fixture
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a browser of Playwright's own)."""
    path = need("chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def phone(chromium: Any, board: Served, lang: str, *, dark: bool = False) -> Any:
    """A phone of its own (a browser context: its own cookies), on the board's page."""
    context = chromium.new_context(
        viewport=PHONE, color_scheme="dark" if dark else "light", locale=lang
    )
    page = context.new_page()
    page.goto(board.url)
    return page


def give_code(page: Any, board: Served, words: dict[str, str]) -> None:
    page.get_by_text(words["enter"], exact=True).click()
    page.fill("input[name=code]", board.code)
    page.press("input[name=code]", "Enter")
    page.wait_for_selector("main .entry", state="visible", timeout=PATIENCE * 1000)


def heading(page: Any, text: str) -> None:
    """The controls ask for ``text`` (the step the game waits for, on this phone)."""
    page.wait_for_function(
        "text => { const h = document.querySelector('main .entry h2');"
        " return h && h.innerText === text; }",
        arg=text,
        timeout=PATIENCE * 1000,
    )


def says(page: Any, selector: str, text: str) -> None:
    page.wait_for_function(
        "([sel, text]) => { const n = document.querySelector(sel);"
        " return n && n.offsetParent !== null && n.innerText.includes(text); }",
        arg=[selector, text],
        timeout=PATIENCE * 1000,
    )


def press(page: Any, label: str) -> None:
    page.locator("main .entry button", has_text=label).first.click()


def bid(page: Any, number: int) -> None:
    page.locator("main .entry .choices button").nth(number).click()


def shoot(page: Any, path: Path, name: str) -> None:
    page.screenshot(path=str(path / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("board", ["en", "nl"], indirect=True)
def test_two_phones_and_the_terminal_enter_a_whole_hand(
    board: Served, chromium: Any, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    lang = request.node.callspec.params["board"]
    words = WORDS[lang]
    ann, bob, guest = (phone(chromium, board, lang, dark=d) for d in (False, True, False))
    for page in (ann, bob):
        give_code(page, board, words)
    assert not guest.is_visible("main .entry")  # no code: no controls
    assert guest.get_by_text(words["enter"], exact=True).is_visible()
    heading(ann, words["bids"].format(player="Bob"))
    shoot(ann, tmp_path, f"{lang}-1-bob-to-bid")
    bid(ann, 1)  # Bob 1, from one phone
    heading(bob, words["bids"].format(player="Cat"))
    bid(bob, 0)  # Cat 0, from the other
    heading(ann, words["bids"].format(player="Dan"))
    ohhell("bid", "-g", "t", "1", lang=lang)  # Dan 1, from the terminal
    heading(ann, words["bids"].format(player="Ann"))
    forbidden = ann.locator("main .entry .choices button").nth(1)
    assert forbidden.is_disabled()  # 1 + 0 + 1 + 1 would make the 3 cards
    assert "line-through" in forbidden.evaluate("b => getComputedStyle(b).textDecorationLine")
    shoot(ann, tmp_path, f"{lang}-2-dealer-bound")
    bid(ann, 2)  # Ann 2: the highest bid, so Ann names trump
    heading(bob, words["named"].format(player="Ann"))
    press(bob, words["hearts"])
    heading(ann, {"en": "Tricks taken", "nl": "Gehaalde slagen"}[lang])
    for who, by in (("Bob", "more"), ("Cat", "less"), ("Dan", "more")):
        ann.click(f"main .stepper[data-player='{who}'] .{by}")
    assert ann.inner_text("main .stepper[data-player='Ann'] output") == "1"  # what is left
    assert ann.inner_text("main .tricks .sum") == words["sum"].format(sum=3, cards=3)
    shoot(ann, tmp_path, f"{lang}-3-tricks")
    ann.locator("main .tricks .score").click()
    held = "Bob 1, Cat 0, Dan 1, Ann 1"
    says(ann, "main .entry .mine", words["waiting"].format(tricks=held))
    says(bob, "main .entry .theirs", words["entered"].format(tricks=held))
    shoot(ann, tmp_path, f"{lang}-4-waiting")
    shoot(bob, tmp_path, f"{lang}-5-confirm")
    assert sheet("t")["hands"][0]["tricks"] == {}  # held, not entered
    press(bob, words["confirm"])
    heading(ann, words["bids"].format(player="Cat"))  # hand 2: Bob deals, Cat bids first
    assert sheet("t")["hands"][0]["tricks"] == {"Bob": 1, "Cat": 0, "Dan": 1, "Ann": 1}
    assert words["hand2"] in ann.inner_text("main .now")
    assert ann.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not guest.is_visible("main .entry")
    shoot(bob, tmp_path, f"{lang}-6-next-hand")


@pytest.mark.parametrize("board", ["en"], indirect=True)
def test_a_stale_phone_is_told_and_saves_nothing(
    board: Served, chromium: Any, tmp_path: Path
) -> None:
    words = WORDS["en"]
    ann = phone(chromium, board, "en")
    give_code(ann, board, words)
    heading(ann, "Bob bids:")
    ann.context.route("**/events*", lambda route: route.abort())  # the page stops following
    ann.reload()
    heading(ann, "Bob bids:")
    ohhell("bid", "-g", "t", "0")  # Bob bids at the terminal; the phone still shows Bob
    bid(ann, 2)
    says(ann, "#said", words["changed"])
    heading(ann, "Cat bids:")  # the game as it is now
    assert sheet("t")["hands"][0]["bids"] == {"Bob": 0}  # the phone's 2 was not saved
    shoot(ann, tmp_path, "stale")


@pytest.mark.parametrize("board", ["en"], indirect=True)
def test_the_undo_takes_a_second_tap(board: Served, chromium: Any) -> None:
    words = WORDS["en"]
    ann = phone(chromium, board, "en")
    give_code(ann, board, words)
    ohhell("bid", "-g", "t", "1")
    heading(ann, "Cat bids:")
    press(ann, words["undo"])
    says(ann, "main .entry .undo", words["again"])
    assert sheet("t")["hands"][0]["bids"] == {"Bob": 1}  # one tap undoes nothing
    press(ann, words["again"])
    heading(ann, "Bob bids:")
    assert sheet("t")["hands"][0]["bids"] == {}


@pytest.mark.parametrize("board", ["en"], indirect=True)
def test_a_wrong_code_is_said_and_lets_nothing_in(board: Served, chromium: Any) -> None:
    ann = phone(chromium, board, "en")
    ann.get_by_text("Enter", exact=True).click()
    wrong = "000000" if board.code != "000000" else "111111"
    ann.fill("input[name=code]", wrong)
    ann.press("input[name=code]", "Enter")
    says(ann, "#said", "that is not the code of a table on this board")
    assert not ann.is_visible("main .entry")


@pytest.fixture
def cup() -> Iterator[tuple[str, dict[str, str], subprocess.Popen[str]]]:
    """`ohhell board --tournament cup --entry` of 8 players (hands of 2 and 1): its
    address and each table's code, read from what it prints."""
    no_process_in_a_mutation_run()
    players = [f"P{i}" for i in range(1, 9)]
    ohhell("tournament", "new", "cup", *players, "--hands", "2,1", "--no-shuffle")
    command = [sys.executable, "-m", "ohhell_score", "board", "--tournament", "cup"]
    process = subprocess.Popen(
        [*command, "--entry", "--port", "0"], stdout=subprocess.PIPE, text=True
    )
    try:
        assert process.stdout is not None
        url, codes = "", dict[str, str]()
        while len(codes) < 2:
            line = process.stdout.readline()
            assert line, "the board ended"
            if line.startswith("board: "):
                url = line.split()[-1]
            elif line.startswith("entry code "):  # entry code GAME: NNNNNN
                game, code = line.removeprefix("entry code ").split(": ")
                codes[game] = code.strip()
        yield url, codes, process
    finally:
        process.terminate()
        process.wait(PATIENCE)


def test_a_tables_code_on_the_halls_page_leads_to_that_tables_controls(
    cup: tuple[str, dict[str, str], subprocess.Popen[str]], chromium: Any, tmp_path: Path
) -> None:
    """A player opens the board's address (the hall's page), gives the table's code and
    lands on that table's page, which follows that table's game, not the hall."""
    url, codes, _process = cup
    table = sorted(codes)[1]
    context = chromium.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(url)
    give_code(page, Served(url, codes[table], _process), WORDS["en"])
    assert page.url == f"{url}t/{table}/"
    first = sheet(table)["next"]["player"]
    heading(page, f"{first} bids:")
    ohhell("bid", "-g", table, "0")  # at the terminal: the table's page follows it
    heading(page, f"{sheet(table)['next']['player']} bids:")
    bid(page, 1)
    page.wait_for_function(
        "() => document.querySelector('main .now').innerText.includes(' 1')",
        timeout=PATIENCE * 1000,
    )
    assert len(sheet(table)["hands"][0]["bids"]) == 2
    other = sorted(codes)[0]
    assert sheet(other)["hands"][0]["bids"] == {}  # the other table untouched
    shoot(page, tmp_path, "table")
