"""The hall's board of a tournament (`ohhell board --tournament NAME`; docs/board.md,
docs/tournaments.md): a card for each table of the round being played, who goes on,
the bracket to both finals and the champion, drawn from the organiser's files.

The view is read in-process (the page's main part, from what the board's action reads);
the browser tests serve the tournament, score its tables from processes of their own
and watch the page move, at a TV's size and at a phone's.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.actions.board import served
from ohhell_score.serve.server import bind, make_server, serve_in_background, url_of
from ohhell_score.views.board import board_page, tournament_main
from tests.conftest import ALONE, Ohhell
from tests.html_page import Element, read_html
from tests.test_board import HALL, PATIENCE, PHONE, Node, asked, browser, run_ohhell

__all__ = ["browser"]  # the fixture, shared with the game's board

FIELD = [f"P{i}" for i in range(1, 9)]


def text(html: str) -> str:
    """What a reader sees of some HTML (a part of a line too): its text, tags dropped,
    entities read, spaces one."""
    return read_html(html).root.words()


def hall(name: str = "cup") -> list[str]:
    """The tournament's main part as the board draws it now."""
    shown = served(None, name).read()
    assert shown.tournament is not None, shown.error
    return tournament_main(*shown.tournament)


def card(lines: list[str], game: str) -> str:
    """The text of one table's card."""
    (line,) = [x for x in lines if f'id="table-{game}"' in x]
    return text(line)


def ranks(lines: list[str], game: str) -> list[tuple[str, str, str]]:
    """A card's rows: (the row's classes, its place, its player and total as read)."""
    (line,) = [x for x in lines if f'id="table-{game}"' in x]
    rows = re.findall(r"<li(?: class=\"([^\"]*)\")?>(.*?)</li>", line)
    return [
        (cls, text(re.sub(r"</span>.*", "", row)), text(row.split("</span>", 1)[1]))
        for cls, row in rows
    ]


def part(lines: list[str], cls: str, n: int = 0) -> str:
    """The text of the ``n``-th element of class ``cls`` (not counting one inside another)."""
    root = read_html("\n".join(lines)).root
    found: list[Element] = []

    def look(element: Element) -> None:
        for child in element.children:
            if isinstance(child, str):
                continue
            if cls in child.classes:
                found.append(child)
            else:
                look(child)

    look(root)
    return found[n].words()


def new_cup(ohhell: Ohhell, *more: str) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD, "--hands", "2,1", "--no-shuffle", *more)


def hand_one(ohhell: Ohhell, game: str) -> None:
    """P1 deals; P2 bids 1 and makes it (11), P3 and P4 bid 0 and make it (10), P1
    (the dealer) bids 0 and takes a trick (1)."""
    ohhell.ok("bid", "1", "0", "0", "0", "-g", game)
    ohhell.ok("trump", "hearts", "-g", game)
    ohhell.ok("tricks", "1", "0", "0", "1", "-g", game)


def hand_two(ohhell: Ohhell, game: str, tricks: str) -> None:
    """P2 deals, one card; everyone bids 0, in the order P3, P4, P1, P2."""
    ohhell.ok("bid", "0", "0", "0", "0", "-g", game)
    ohhell.ok("trump", "hearts", "-g", game)
    ohhell.ok("tricks", *tricks.split(), "-g", game)


def play(ohhell: Ohhell, game: str) -> None:
    """The table's game to its end: P2 21, P4 20, P3 11, P1 11 (P3 tied with P1 on
    points and bids made: third and fourth, which decides nothing)."""
    hand_one(ohhell, game)
    hand_two(ohhell, game, "1 0 0 0")  # P3 takes the trick it did not bid


# --- the view -----------------------------------------------------------------------


def test_each_table_shows_its_hand_and_its_live_totals_ranked_the_leader_starred(
    ohhell: Ohhell,
) -> None:
    new_cup(ohhell)
    before = hall()
    assert card(before, "cup-r1-t1").startswith("cup-r1-t1 not started")
    assert [r[1:] for r in ranks(before, "cup-r1-t1")] == [
        ("–", "P1 0"),
        ("–", "P2 0"),
        ("–", "P3 0"),
        ("–", "P4 0"),
    ]
    hand_one(ohhell, "cup-r1-t1")
    ohhell.ok("bid", "1", "-g", "cup-r1-t2")  # a bid in: begun, at hand 1
    now = hall()
    assert "cup-r1-t1 Hand 2 of 2 (1 card, P2 deals)" in card(now, "cup-r1-t1")
    assert ranks(now, "cup-r1-t1") == [
        ("leader", "1", "P2 ★ 11"),
        ("", "=2", "P3 10"),
        ("", "=2", "P4 10"),
        ("", "4", "P1 1"),
    ]
    assert "Hand 1 of 2 (2 cards, P5 deals)" in card(now, "cup-r1-t2")
    assert "not started" not in card(now, "cup-r1-t2") and "★" not in card(now, "cup-r1-t2")
    assert "Round 1 · 0 of 2 tables finished" in text("".join(now))


def test_places_after_a_tie_are_shared_and_the_next_is_skipped(ohhell: Ohhell) -> None:
    """Tied on points and bids made at the top: both first (=1), the next third."""
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    hand_two(ohhell, "cup-r1-t1", "0 0 0 1")  # P2 takes the trick: P3 and P4 20 each
    rows = ranks(hall(), "cup-r1-t1")
    assert [(place, who) for _cls, place, who in rows] == [
        ("=1", "P3 ★ 20 ✓"),
        ("=1", "P4 ★ 20 ✓"),
        ("3", "P2 12"),
        ("4", "P1 11"),
    ]


def test_who_goes_on_is_ticked_and_named_once_a_table_is_finished(ohhell: Ohhell) -> None:
    new_cup(ohhell, "--losers-bracket")
    play(ohhell, "cup-r1-t1")
    lines = hall()
    assert ranks(lines, "cup-r1-t1") == [
        ("leader on", "1", "P2 ★ 21 ✓"),
        ("on", "2", "P4 20 ✓"),
        ("", "=3", "P1 11"),
        ("", "=3", "P3 11"),
    ]
    assert card(lines, "cup-r1-t1").startswith("cup-r1-t1 finished")
    page = text("".join(lines))
    assert "Round 1 · 1 of 2 tables finished" in page
    assert "To Final: P2, P4" in page and "To Losers' final: P1, P3" in page
    assert 'class="next"' not in "".join(lines)  # a table is still playing
    play(ohhell, "cup-r1-t2")
    page = text("".join(hall()))
    assert "To Final: P2, P4, P6, P8" in page
    assert "To Losers' final: P1, P3, P5, P7" in page
    assert "Round 1 finished: seat the next round with `ohhell tournament advance cup`." in page


def onward(lines: list[str]) -> list[str]:
    """Who goes on from the rounds being played, a line a destination, as read."""
    return [text(x) for x in lines if x.startswith('<p class="onward">')]


def test_who_goes_on_goes_to_the_next_round_of_the_bracket_there_is(ohhell: Ohhell) -> None:
    new_cup(ohhell)  # no losers' bracket: nobody is sent to one
    play(ohhell, "cup-r1-t1")
    assert onward(hall()) == ["To Final: P2, P4"]
    field = [f"Q{i}" for i in range(1, 13)]  # round 1, round 2 (tables of 3), the final
    ohhell.ok(
        "tournament", "new", "dozen", *field, "--hands", "2,1", "--no-shuffle", "--losers-bracket"
    )
    play(ohhell, "dozen-r1-t1")
    assert onward(hall("dozen")) == ["To Round 2: Q2, Q4", "To Losers' round 2: Q1, Q3"]


def test_from_round_2_the_knocked_out_go_nowhere(ohhell: Ohhell) -> None:
    """Only round 1 sends players to the losers' bracket: from a later round of the
    main bracket only its winners go on."""
    field = [f"Q{i}" for i in range(1, 13)]
    ohhell.ok(
        "tournament", "new", "dozen", *field, "--hands", "2,1", "--no-shuffle", "--losers-bracket"
    )
    for table in ("dozen-r1-t1", "dozen-r1-t2", "dozen-r1-t3"):
        play(ohhell, table)
    ohhell.ok("tournament", "advance", "dozen")
    state: Any = served(None, "dozen").read().state
    table = state["rounds"][1]["tables"][0]
    _first, second, third = table["players"]  # the first deals; 2 cards, then 1
    ohhell.ok("bid", "1", "0", "0", "-g", table["game"])
    ohhell.ok("trump", "hearts", "-g", table["game"])
    ohhell.ok("tricks", "1", "0", "1", "-g", table["game"])  # second 11, third 10, first 1
    ohhell.ok("bid", "0", "0", "0", "-g", table["game"])
    ohhell.ok("trump", "hearts", "-g", table["game"])
    ohhell.ok("tricks", "0", "1", "0", "-g", table["game"])  # second 21, third 20, first 2
    assert onward(hall("dozen")) == [f"To Final: {second}, {third}"]


def test_a_tie_that_decides_who_goes_on_is_said_and_only_those_certain_are_ticked(
    ohhell: Ohhell,
) -> None:
    """docs/scripting.md, going_on: the winner goes on whatever the tie below decides;
    the tied players are said, and neither is ticked before the order is given."""
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    hand_two(ohhell, "cup-r1-t1", "0 0 1 0")  # P1 takes it: P3 and P4 20 each, second
    play(ohhell, "cup-r1-t2")
    lines = hall()
    rows = ranks(lines, "cup-r1-t1")
    assert [(cls, place) for cls, place, _who in rows] == [
        ("leader on", "1"),
        ("", "=2"),
        ("", "=2"),
        ("", "4"),
    ]
    assert "tied: P3 and P4" in card(lines, "cup-r1-t1")
    assert part(lines, "outcome") == "tied: P3 and P4"
    assert "tied" not in card(lines, "cup-r1-t2")
    page = text("".join(lines))
    assert "To Final: P2, P6, P8" in page
    assert "give the order with --order cup-r1-t1=P3,P4" in part(lines, "next")


def card_rows(article: Node) -> list[tuple[list[str], list[tuple[str, str]]]]:
    """A card's rows as read: the row's classes, and each part's class and text."""
    return [
        (li.classes, [(" ".join(s.classes), s.text()) for s in li.all("span")])
        for li in article.one("ol", "ranks").all("li")
    ]


def card_styles(main: Node) -> list[str]:
    """Each table's card as its style shows it: finished (its state in ink), a problem
    (its state in red) or neither (being played, or not started)."""
    return [
        " ".join(c for c in card.classes if c in ("finished", "problem"))
        for card in main.all("article")
    ]


def stage_styles(main: Node) -> list[list[str]]:
    """Each bracket's rounds as their style shows them: done (soft), playing (marked)
    or neither (to come: no style of its own)."""
    return [
        [" ".join(c for c in li.classes if c in ("done", "playing")) for li in ol.all("li")]
        for ol in main.all("ol", "stages")
    ]


def test_the_hall_page_shows_the_rounds_tables_as_cards_beside_the_bracket(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """The page as the board's app answers it, read whole: the round's tables as cards
    (finished, or why one cannot count), who goes on, and the bracket, each in the
    block its style places and colours."""
    new_cup(ohhell, "--losers-bracket")
    play(ohhell, "cup-r1-t1")
    main = asked(served(None, "cup"), hall=True).one("main")
    assert card_styles(main) == ["finished", ""]  # the second still to play
    play(ohhell, "cup-r1-t2")
    main = asked(served(None, "cup"), hall=True).one("main")
    assert main.parts() == ["div.rounds", "div.way"]
    assert main.one("div", "rounds").parts() == ["section.round", "p.next"]  # the width
    assert main.one("div", "way").parts() == ["p.mine", "section.bracket", "section.bracket"]
    assert stage_styles(main) == [["done", ""], [""]]
    (data_dir / "cup-r1-t2.json").unlink()
    main = asked(served(None, "cup"), hall=True).one("main")
    (rnd,) = main.one("div", "rounds").all("section", "round")
    assert rnd.parts() == ["h2", "div.tables", "p.onward", "p.onward"]
    finished, problem = rnd.one("div", "tables").all("article")
    assert [a.tag for a in (finished, problem)] == ["article", "article"]
    assert all("table" in a.classes for a in (finished, problem))  # each a card
    assert card_styles(main) == ["finished", "problem"]
    assert finished.parts() == problem.parts() == ["h3", "p.state", "ol.ranks"]
    assert card_rows(finished) == [
        (
            ["leader", "on"],
            [("place", "1"), ("name", "P2"), ("star", "★"), ("total", "21"), ("mark", "✓")],
        ),
        (["on"], [("place", "2"), ("name", "P4"), ("total", "20"), ("mark", "✓")]),
        ([], [("place", "=3"), ("name", "P1"), ("total", "11"), ("mark", "")]),
        ([], [("place", "=3"), ("name", "P3"), ("total", "11"), ("mark", "")]),
    ]
    assert problem.one("p", "state").text() == (
        "no game 'cup-r1-t2' here: play it, or bring it with ohhell import"
    )
    assert card_rows(problem) == [
        ([], [("place", "–"), ("name", p), ("total", ""), ("mark", "")])
        for p in ("P5", "P6", "P7", "P8")
    ]
    assert stage_styles(main) == [["playing", ""], [""]]


def test_the_bracket_names_every_round_to_both_finals(ohhell: Ohhell) -> None:
    field = [f"Q{i}" for i in range(1, 33)]
    ohhell.ok("tournament", "new", "big", *field, "--hands", "2,1", "--losers-bracket")
    lines = hall("big")
    main, losers = (part(lines, "bracket", n) for n in (0, 1))
    assert main == (
        "To the final Round 1 · playing 8 tables of 4, the top 2 go on "
        "Round 2 · to come 4 tables of 4, the winners go on Final · to come 4 players"
    )
    assert losers == (
        "The losers' bracket Losers' round 2 · to come 4 tables of 4, the winners go on "
        "Losers' final · to come 4 players"
    )
    assert len(re.findall(r'<article class="table', "".join(lines))) == 8
    assert "The losers' bracket" not in text("".join(hall_without_losers(ohhell)))


def hall_without_losers(ohhell: Ohhell) -> list[str]:
    new_cup(ohhell)
    return hall()


def test_the_final_and_the_champion(ohhell: Ohhell) -> None:
    new_cup(ohhell, "--losers-bracket")
    play(ohhell, "cup-r1-t1")
    play(ohhell, "cup-r1-t2")
    ohhell.ok("tournament", "advance", "cup")
    lines = hall()
    assert re.findall(r'id="table-([a-z-]+)"', "".join(lines)) == ["cup-final", "cup-losers-final"]
    page = text("".join(lines))
    assert "Final · 0 of 1 table finished" in page and "To Final" not in page
    bracket = part(lines, "bracket")
    assert "Round 1 · finished" in bracket and "Final · playing" in bracket
    state: Any = served(None, "cup").read().state
    seated = state["rounds"][1]["tables"][0]["players"]
    assert ", ".join(seated) in bracket
    assert 'class="crown"' not in "".join(lines)
    play(ohhell, "cup-final")  # its second seat wins (21)
    lines = hall()
    assert part(lines, "crown") == f"★ Champion: {seated[1]} ★"
    assert "Final · finished" in part(lines, "bracket")
    assert f"{seated[1]} wins" in part(lines, "bracket")
    assert 'class="next"' not in "".join(lines)  # the champion says it all
    play(ohhell, "cup-losers-final")
    losers = state["rounds"][2]["tables"][0]["players"]
    assert part(hall(), "crown") == (f"★ Champion: {seated[1]} ★ Losers' final: {losers[1]}.")


def test_the_hall_speaks_dutch(ohhell: Ohhell, dutch: None) -> None:
    new_cup(ohhell, "--losers-bracket")
    hand_one(ohhell, "cup-r1-t1")
    page = text("".join(hall()))
    for words in [
        "Toernooironde 1 · 0 van 2 tafels afgelopen",
        "Ronde 2 van 2 (1 kaart, P2 deelt)",
        "niet begonnen",
        "Naar de finale",
        "Toernooironde 1 · bezig 2 tafels van 4, de beste 2 gaan door",
        "Finale · komt nog 4 spelers",
        "De verliezersronde",
    ]:
        assert words in page, words
    for english in ("not started", "tables finished", "To the final", "to come", "players"):
        assert english not in page, english


def test_names_are_escaped(ohhell: Ohhell) -> None:
    field = ["<b>Zed</b>", "A&B", '"Q"', *FIELD[3:]]
    ohhell.ok("tournament", "new", "tags", *field, "--hands", "2,1", "--no-shuffle")
    ohhell.ok("bid", "1", "0", "0", "0", "-g", "tags-r1-t1")
    ohhell.ok("trump", "hearts", "-g", "tags-r1-t1")
    ohhell.ok("tricks", "1", "0", "0", "1", "-g", "tags-r1-t1")
    shown = served(None, "tags").read()
    assert shown.tournament is not None
    page = board_page("tags", tournament_main(*shown.tournament), hall=True, tournament=True)
    assert "<b>Zed</b>" not in page and "&lt;b&gt;Zed&lt;/b&gt;" in page
    assert "A&B" not in page and "A&amp;B" in page and "&quot;Q&quot;" in page
    assert "A&B ★ 11" in card(tournament_main(*shown.tournament), "tags-r1-t1")


def test_a_table_scored_on_its_own_laptop_moves_the_board_once_collected(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/tournaments.md: the board follows the organiser's files, as collect brings
    each table's game in."""
    new_cup(ohhell)
    laptop = tmp_path / "t1"
    laptop.mkdir()
    shutil.copy(data_dir / "cup-r1-t1.json", laptop)  # handed over on a USB stick
    board = served(None, "cup")
    stamp = board.stamp()
    monkeypatch.setenv("OHHELL_DATA_DIR", str(laptop))
    hand_one(ohhell, "cup-r1-t1")
    monkeypatch.setenv("OHHELL_DATA_DIR", str(data_dir))
    assert board.stamp() == stamp and "not started" in card(hall(), "cup-r1-t1")
    ohhell.ok("tournament", "collect", "cup", str(laptop / "cup-r1-t1.json"))
    assert board.stamp() != stamp
    lines = hall()
    assert "Hand 2 of 2 (1 card, P2 deals)" in card(lines, "cup-r1-t1")
    assert ranks(lines, "cup-r1-t1")[0] == ("leader", "1", "P2 ★ 11")


def test_the_board_shows_a_seating_being_written_and_writes_nothing(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """While `advance` writes the next round's tables (or after it was killed), the
    board shows the tables written so far; finishing the seating is a command's job
    (it writes, under the tournament's lock), never the board's."""
    new_cup(ohhell)
    play(ohhell, "cup-r1-t1")
    play(ohhell, "cup-r1-t2")
    ohhell.ok("tournament", "advance", "cup")
    saved = data_dir / "tournaments" / "cup.json"
    data = json.loads(saved.read_text())
    saved.write_text(json.dumps({**data, "pending": True}))  # as a killed advance leaves it
    (data_dir / "cup-final.json").unlink()
    files = sorted(p.name for p in data_dir.rglob("*"))
    lines = hall()
    assert "no game 'cup-final' here" in card(lines, "cup-final")
    assert sorted(p.name for p in data_dir.rglob("*")) == files
    assert json.loads(saved.read_text())["pending"] is True


# --- in a browser, as the tables play -----------------------------------------------


class Served:
    def __init__(self, name: str) -> None:
        self.server = make_server(served(None, name), quiet=True)
        sock = bind("127.0.0.1", 0)
        self.url = url_of(sock)
        self.thread = serve_in_background(self.server, sock)

    def stop(self) -> None:
        self.server.stop()
        self.thread.join(PATIENCE)


@pytest.fixture
def cup(ohhell: Ohhell) -> Iterator[Served]:
    new_cup(ohhell, "--losers-bracket")
    board = Served("cup")
    yield board
    board.stop()


def card_shows(page: Any, game: str, words: str) -> None:
    """The card of table ``game`` reads ``words`` within a few seconds."""
    page.wait_for_function(
        "([game, words]) => { const c = document.getElementById('table-' + game);"
        " return c !== null && c.innerText.replace(/\\s+/g, ' ').includes(words); }",
        arg=[game, words],
        timeout=PATIENCE * 1000,
    )


def main_shows(page: Any, words: str) -> None:
    page.wait_for_function(
        "words => document.querySelector('main').textContent.replace(/\\s+/g, ' ').includes(words)",
        arg=words,
        timeout=PATIENCE * 1000,
    )


def fits(page: Any, size: dict[str, int]) -> bool:
    """No scrolling either way at the page's size."""
    wide = page.evaluate("document.documentElement.scrollWidth")
    high = page.evaluate("document.documentElement.scrollHeight")
    return bool(wide <= size["width"] and high <= size["height"])


def table(game: str, *entries: tuple[str, ...]) -> None:
    """Entries made at a table, each by a process of its own (as its laptop's do)."""
    for entry in entries:
        run_ohhell(*entry, "-g", game)


HAND_ONE = (("bid", "1", "0", "0", "0"), ("trump", "hearts"), ("tricks", "1", "0", "0", "1"))
HAND_TWO = (("bid", "0", "0", "0", "0"), ("trump", "hearts"), ("tricks", "1", "0", "0", "0"))


@ALONE
def test_the_hall_follows_the_tables_to_the_champion_on_a_tv(
    browser: Any, cup: Served, tmp_path: Path
) -> None:
    page = browser.new_page(viewport=HALL)
    page.goto(cup.url + "?view=hall")
    card_shows(page, "cup-r1-t1", "not started")
    card_shows(page, "cup-r1-t2", "not started")
    table("cup-r1-t1", HAND_ONE[0])
    card_shows(page, "cup-r1-t1", "Hand 1 of 2 (2 cards, P1 deals)")
    table("cup-r1-t1", *HAND_ONE[1:])
    card_shows(page, "cup-r1-t1", "Hand 2 of 2 (1 card, P2 deals)")
    card_shows(page, "cup-r1-t1", "P2 ★ 11")
    table("cup-r1-t2", *HAND_ONE)
    card_shows(page, "cup-r1-t2", "P6 ★ 11")
    page.screenshot(path=str(tmp_path / "hall-playing.png"))
    table("cup-r1-t1", *HAND_TWO)
    card_shows(page, "cup-r1-t1", "finished")
    card_shows(page, "cup-r1-t1", "P2 ★ 21 ✓")
    main_shows(page, "Round 1 · 1 of 2 tables finished")
    main_shows(page, "To Final: P2, P4")
    table("cup-r1-t2", *HAND_TWO)
    main_shows(page, "To Final: P2, P4, P6, P8")
    main_shows(page, "seat the next round with `ohhell tournament advance cup`")
    page.screenshot(path=str(tmp_path / "hall-round-finished.png"))
    run_ohhell("tournament", "advance", "cup")  # the organiser's terminal
    card_shows(page, "cup-final", "not started")
    card_shows(page, "cup-losers-final", "not started")
    table("cup-final", *HAND_ONE, *HAND_TWO)
    card_shows(page, "cup-final", "finished")
    main_shows(page, "Champion: ")
    champion = page.inner_text(".crown .champion")
    assert champion.startswith("★ Champion: ") and not page.is_visible(".crown .second")
    table("cup-losers-final", *HAND_ONE, *HAND_TWO)
    page.wait_for_selector(".crown .second", timeout=PATIENCE * 1000)
    assert fits(page, HALL)
    assert not page.is_visible("#lost")
    page.screenshot(path=str(tmp_path / "hall-champion.png"))


def longest(n: int) -> list[str]:
    """Names of 24 characters, the longest a player's name may be."""
    return [f"{'Wilhelmina Gravenzande'[:22]}{i:02d}" for i in range(1, n + 1)]


@ALONE
def test_eight_tables_fit_a_tv_and_the_phone_scrolls_only_down(
    browser: Any, ohhell: Ohhell, tmp_path: Path
) -> None:
    field = longest(32)
    ohhell.ok("tournament", "new", "big", *field, "--hands", "2,1", "--losers-bracket")
    shown = served(None, "big").read().state
    games = [t["game"] for t in shown["rounds"][0]["tables"]]  # type: ignore[index]
    for game in games[:3]:
        for entry in HAND_ONE:
            ohhell.ok(*entry, "-g", game)
    board = Served("big")
    try:
        tv = browser.new_page(viewport=HALL)
        tv.goto(board.url + "?view=hall")
        main_shows(tv, "Round 1 · 0 of 8 tables finished")
        tv.screenshot(path=str(tmp_path / "hall-round-1.png"))  # looked at, kept on failure
        assert fits(tv, HALL)
        for game in games:
            for entry in (*HAND_ONE, *HAND_TWO) if game not in games[:3] else HAND_TWO:
                ohhell.ok(*entry, "-g", game)
        ohhell.ok("tournament", "advance", "big")
        main_shows(tv, "Losers' round 2 · 0 of 4 tables finished")
        tv.screenshot(path=str(tmp_path / "hall-round-2.png"))
        assert fits(tv, HALL)  # both brackets' 8 tables
        phone = browser.new_page(viewport=PHONE, color_scheme="dark")
        phone.goto(board.url)
        main_shows(phone, "Round 2 · 0 of 4 tables finished")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for box in phone.query_selector_all("article.table"):
            edge = box.evaluate("b => b.getBoundingClientRect().right")
            assert edge <= PHONE["width"]
        phone.screenshot(path=str(tmp_path / "phone-round-2.png"), full_page=True)
    finally:
        board.stop()


def test_the_hall_board_moves_when_a_round_is_seated_and_follows_the_new_rounds_tables(
    ohhell: Ohhell,
) -> None:
    """docs/board.md: the hall's board wakes its phones when the tournament's file
    changes (`advance` seats the final) and then when a table of the new round scores:
    what it watches is the tables of the round as it is now, not as it was at the start."""
    new_cup(ohhell)
    play(ohhell, "cup-r1-t1")
    play(ohhell, "cup-r1-t2")
    board_of = served(None, "cup")
    before = board_of.stamp()
    ohhell.ok("tournament", "advance", "cup")
    seated = board_of.stamp()
    assert seated != before
    ohhell.ok("bid", "1", "-g", "cup-final")
    assert board_of.stamp() != seated
