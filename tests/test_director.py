"""The director's view on the hall's board and a player's own page (docs/board.md, "In
the hall"): each table's hand and the time since its last entry, the tables that wait
for the organiser marked, what the organiser does next; `/p/NAME` for each player."""

from __future__ import annotations

import http.client
import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest

from ohhell_score.actions import phones
from ohhell_score.actions.board import served
from ohhell_score.domain.game import Progress
from ohhell_score.serve.server import bind, make_server, serve_in_background, url_of
from ohhell_score.views.board import tournament_main
from tests.conftest import ALONE, Ohhell
from tests.test_board import HALL, PATIENCE, PHONE, TOURNAMENT_CSS, answer, browser
from tests.test_hall_board import (
    Served as Board,
)
from tests.test_hall_board import (
    card,
    fits,
    hand_one,
    main_shows,
    new_cup,
    part,
    play,
    text,
)

__all__ = ["browser"]  # the fixture of the board's tests

FIELD_16 = [f"P{i}" for i in range(1, 17)]


def hall_at(minutes_later: float, name: str = "cup") -> list[str]:
    """The tournament's main part as the board draws it ``minutes_later`` than the
    newest change to any of its tables."""
    shown = served(None, name).read()
    assert shown.tournament is not None, shown.error
    t, res, games, _taken_over, held = shown.tournament
    stamps = [g.game.updated for g in games.values() if isinstance(g, Progress)]
    newest = max(datetime.fromisoformat(stamp) for stamp in stamps)
    later = newest + timedelta(minutes=minutes_later)
    return tournament_main(t, res, games, held=held, now=later)


def marked(lines: list[str]) -> list[str]:
    """The tables whose card stands out as waiting for the organiser."""
    found = []
    for line in lines:
        if line.startswith('<article class="table') and " waiting" in line.split(">", 1)[0]:
            found.append(line.split('id="table-', 1)[1].split('"', 1)[0])
    return found


def test_each_card_says_its_hand_and_the_time_since_its_last_entry(ohhell: Ohhell) -> None:
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    lines = hall_at(4.5)
    assert "Hand 2 of 2 (1 card, P2 deals) last entry 4 min ago" in card(lines, "cup-r1-t1")
    assert "not started seated" in card(lines, "cup-r1-t2")
    assert "last entry 1 h 5 min ago" in card(hall_at(65), "cup-r1-t1")
    assert "last entry just now" in card(hall_at(0.5), "cup-r1-t1")


def test_the_hall_page_asked_again_says_the_minutes_gone_by_with_no_save_between(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/board.md: the page asks again each minute for the time since each table's
    entry; a board answers with the time of the asking, not of the last save."""
    import urllib.request

    from ohhell_score.views import board as drawn_board

    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    board = Board("cup")
    try:

        def hall() -> str:
            with urllib.request.urlopen(board.url + "?view=hall", timeout=PATIENCE) as page:
                return str(page.read().decode("utf-8"))

        assert "last entry just now" in hall()

        class Later(datetime):
            @classmethod
            def now(cls, tz: Any = None) -> Later:
                return cls.fromtimestamp(datetime.now(tz).timestamp() + 15 * 60, tz)

        monkeypatch.setattr(drawn_board, "datetime", Later)
        later = hall()
        assert "last entry 15 min ago" in later
        assert '<article class="table playing waiting" id="table-cup-r1-t1">' in later
    finally:
        board.stop()


def test_a_table_with_no_entry_for_ten_minutes_stands_out_and_is_named(ohhell: Ohhell) -> None:
    """Ten minutes without an entry: the card is marked and the organiser told (at
    nine and a half, not yet)."""
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    hand_one(ohhell, "cup-r1-t2")
    assert marked(hall_at(9.5)) == []
    assert part(hall_at(9.5), "director") == "What to do next Nothing to do: 2 tables are playing."
    lines = hall_at(10)
    assert marked(lines) == ["cup-r1-t1", "cup-r1-t2"]
    assert "no entry for 10 minutes" in card(lines, "cup-r1-t1")
    assert part(lines, "todo") == (
        "cup-r1-t1 : no entry for 10 minutes cup-r1-t2 : no entry for 10 minutes"
    )


def test_a_table_two_hands_behind_the_others_stands_out(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *FIELD_16, "--hands", "2,1", "--no-shuffle")
    for game in ("cup-r1-t1", "cup-r1-t2", "cup-r1-t3"):
        play(ohhell, game)
    lines = hall_at(1)
    assert marked(lines) == ["cup-r1-t4"]
    assert "behind the others: 0 hands scored, most have 2" in card(lines, "cup-r1-t4")
    hand_one(ohhell, "cup-r1-t4")  # one behind: not marked
    assert marked(hall_at(1)) == []


def test_a_tie_to_break_marks_its_table_and_says_the_order_to_give_whole(
    ohhell: Ohhell,
) -> None:
    """The hint's command is one unbreakable piece: a TV never wraps it mid-option."""
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    hand_two_tie = ("0", "0", "1", "0")  # P1 takes the trick: P3 and P4 20 each
    ohhell.ok("bid", "0", "0", "0", "0", "-g", "cup-r1-t1")
    ohhell.ok("trump", "hearts", "-g", "cup-r1-t1")
    ohhell.ok("tricks", *hand_two_tie, "-g", "cup-r1-t1")
    play(ohhell, "cup-r1-t2")
    lines = hall_at(1)
    assert marked(lines) == ["cup-r1-t1"]
    page = "".join(lines)
    assert '<span class="cmd">--order cup-r1-t1=P3,P4</span>' in page
    assert "a tie to break: give the order with --order" in part(lines, "todo")


def from_phone(game: str, body: dict[str, Any], phone: str) -> None:
    """A phone's entry at a table whose tricks another phone confirms, as the board
    takes it (``phone``: the phone's own code)."""
    body = {"version": phones.snapshot(game).version, **body}
    phones.enter(game, phones.parse_request(body), phone=phones.phone_id(phone), confirm=True)


def test_a_table_with_tricks_to_confirm_stands_out_until_another_phone_confirms(
    ohhell: Ohhell,
) -> None:
    """Tricks entered on a phone wait for another phone: the card is marked, the
    organiser told what it waits for, and the hall's board sees the tricks held."""
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    ohhell.ok("bid", "1", "0", "0", "0", "-g", "cup-r1-t2")
    ohhell.ok("trump", "hearts", "-g", "cup-r1-t2")
    before = served(None, "cup").stamp()
    from_phone("cup-r1-t2", {"tricks": {"P5": 1, "P6": 1, "P7": 0, "P8": 0}}, "ann")
    assert served(None, "cup").stamp() != before  # the board draws the hall anew
    lines = hall_at(1)
    assert marked(lines) == ["cup-r1-t2"]
    said = "tricks to confirm: tricks entered on a phone wait for another phone's confirmation"
    assert said in card(lines, "cup-r1-t2")
    assert said in part(lines, "todo")
    from_phone("cup-r1-t2", {"confirm": True}, "bob")
    assert marked(hall_at(1)) == []


def get(path: str) -> tuple[int, str]:
    """The tournament cup's board's answer to GET ``path``."""
    return answer(served(None, "cup"), path)


def main_text(html: str) -> str:
    """The page's main part as read (a table's id kept whole is read as the words
    around it: no space is added there)."""
    main = html[html.index("<main>") : html.index("</main>")]
    return text(re.sub(r'<span class="id">(.*?)</span>', r"\1", main))


def test_a_players_page_says_where_they_sit_who_deals_and_their_tables_standings(
    ohhell: Ohhell,
) -> None:
    new_cup(ohhell)
    ohhell.ok("tournament", "dealer", "cup-r1-t2", "P7")
    status, page = get("/p/P6")
    assert status == 200
    said = main_text(page)
    assert said.startswith("P6 Round 1: table cup-r1-t2, seat 2 of 4. P7 deals first. cup-r1-t2")
    assert said.endswith("When your table is finished, this page says where you go next.")
    hand_one(ohhell, "cup-r1-t2")
    assert "=2 P6 10" in main_text(get("/p/p6")[1])  # a name as typed, any case


def test_a_players_page_says_where_they_go_and_then_their_new_seat(ohhell: Ohhell) -> None:
    new_cup(ohhell, "--losers-bracket")
    play(ohhell, "cup-r1-t1")  # P2 21, P4 20 go on; P1 and P3 to the losers' final
    assert main_text(get("/p/P2")[1]).endswith(
        "You go on to Final: it is seated once every table of this round is finished, "
        "and this page then shows your table."
    )
    assert "You go on to Losers' final" in main_text(get("/p/P3")[1])
    play(ohhell, "cup-r1-t2")
    ohhell.ok("tournament", "advance", "cup")
    said = main_text(get("/p/P2")[1])
    assert said.startswith("P2 Final: table cup-final, seat ")
    play(ohhell, "cup-final")
    final = served(None, "cup").read().state["rounds"][1]["tables"][0]  # type: ignore[index]
    winner, other = final["standings"][0], final["standings"][1]
    assert main_text(get(f"/p/{winner}")[1]).endswith("You win Final!")
    assert main_text(get(f"/p/{other}")[1]).endswith(f"Final is over: {winner} wins it.")


@pytest.mark.parametrize(
    ("path", "status"),
    [("/p/Zed", 404), ("/p/", 404), ("/p/Ann%20Marie", 200), ("/p/A%2FB", 200)],
)
def test_the_players_pages_are_theirs_and_no_others(ohhell: Ohhell, path: str, status: int) -> None:
    field = ["Ann Marie", "A/B", *(f"P{i}" for i in range(3, 9))]
    ohhell.ok("tournament", "new", "cup", *field, "--hands", "2,1", "--no-shuffle")
    assert get(path)[0] == status
    page = get("/")[1]  # each name on a card links to its page, escaped for a path
    assert "Tap your name for your own page" in page
    assert '<a href="/p/Ann%20Marie">Ann Marie</a>' in page
    assert '<a href="/p/A%2FB">A/B</a>' in page


def test_a_games_board_has_no_players_pages(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "friday")
    assert answer(served("friday", None), "/p/Ann") == (404, "Not Found")


def test_a_players_page_is_a_phones_page_of_the_tournament_never_kept(ohhell: Ohhell) -> None:
    """Over a real connection: the tournament's style, the phone's layout (the hall's is
    for a TV), and no cache (it changes with every table's entry); a name not in the
    tournament says so."""
    new_cup(ohhell)
    board = Board("cup")
    conn = http.client.HTTPConnection("127.0.0.1", urlsplit(board.url).port, timeout=PATIENCE)
    try:
        conn.request("GET", "/p/P6")
        response = conn.getresponse()
        page = response.read().decode()
        conn.request("GET", "/p/Zed")
        unknown = conn.getresponse()
        said = unknown.read().decode()
    finally:
        conn.close()
        board.stop()
    assert response.status == 200 and response.getheader("Cache-Control") == "no-store"
    assert TOURNAMENT_CSS in page and '<body class="phone">' in page
    assert "P6 Round 1: table cup-r1-t2" in main_text(page)
    assert (unknown.status, said) == (404, "no player 'Zed' here")


def test_the_director_and_the_players_page_speak_dutch(ohhell: Ohhell, dutch: None) -> None:
    new_cup(ohhell)
    hand_one(ohhell, "cup-r1-t1")
    lines = hall_at(12)
    assert "laatste invoer 12 min geleden" in card(lines, "cup-r1-t1")
    assert "geen invoer sinds 12 minuten" in card(lines, "cup-r1-t1")
    assert part(lines, "director").startswith("Wat nu")
    assert part(lines, "mine") == (
        "Tik op je naam voor je eigen pagina: je tafel, je plaats, waar je daarna heen gaat."
    )
    said = main_text(get("/p/P2")[1])
    assert "Toernooironde 1: tafel cup-r1-t1, plaats 2 van 4. P1 deelt eerst." in said


# --- on a TV and a phone ----------------------------------------------------------------


def longest(n: int) -> list[str]:
    """Names of 24 characters, the longest a player's name may be, two words each."""
    return [f"Wilhelmina Gravenzande{i:02d}" for i in range(1, n + 1)]


def aged(data_dir: Path, game: str, minutes: int) -> None:
    """The table's game as it was last changed ``minutes`` ago (a table gone quiet)."""
    path = data_dir / f"{game}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    then = datetime.now(UTC) - timedelta(minutes=minutes)
    data["updated"] = then.isoformat(timespec="seconds")
    path.write_text(json.dumps(data), encoding="utf-8")


def scored(ohhell: Ohhell, game: str, *hands: tuple[str, str]) -> None:
    """Hands typed at a table: each its bids and tricks in bidding order."""
    for bids, tricks in hands:
        ohhell.ok("bid", *bids.split(), "-g", game)
        if ohhell.sheet("-g", game)["next"]["step"] == "trump":
            ohhell.ok("trump", "hearts", "-g", game)
        ohhell.ok("tricks", *tricks.split(), "-g", game)


FIRST = ("1 0 0 0", "1 0 0 1")  # the second seat 11, the third and fourth 10, the dealer 1
SECOND_CLEAR = ("0 0 0 0", "1 0 0 0")  # 21, 20, 11, 11: who goes on is clear
SECOND_TIED = ("0 0 0 0", "0 0 1 0")  # 21, 20, 20, 2: a tie for second


@ALONE
def test_the_director_sees_eight_tables_long_names_and_a_tie_on_a_tv_and_a_player_her_seat(
    browser: Any, ohhell: Ohhell, data_dir: Path, tmp_path: Path
) -> None:
    """1920x1080, 8 tables of 24-character names: every card and name whole on the
    screen, the tables that wait for the organiser marked (a tie, one gone quiet, one
    behind) and named under 'What to do next'; a player's page on a 360 px phone."""
    field = longest(32)
    ohhell.ok("tournament", "new", "big", *field, "--hands", "2,1", "--no-shuffle")
    games = [f"big-r1-t{k}" for k in range(1, 9)]
    scored(ohhell, games[0], FIRST, SECOND_TIED)
    for game in games[1:5]:
        scored(ohhell, game, FIRST, SECOND_CLEAR)
    for game in games[6:]:
        scored(ohhell, game, FIRST)
    aged(data_dir, games[6], 15)
    board = Board("big")
    try:
        tv = browser.new_page(viewport=HALL)
        tv.goto(board.url + "?view=hall")
        main_shows(tv, "Round 1 · 5 of 8 tables finished")
        tv.screenshot(path=str(tmp_path / "director.png"))
        assert fits(tv, HALL)
        waiting = tv.eval_on_selector_all("article.table.waiting", "els => els.map(e => e.id)")
        assert waiting == ["table-big-r1-t1", "table-big-r1-t6", "table-big-r1-t7"]
        todo = tv.inner_text(".director .todo")
        assert "big-r1-t7: no entry for 15 minutes" in todo
        assert "big-r1-t6: behind the others: 0 hands scored, most have 2" in todo
        for box in tv.query_selector_all("article.table"):
            assert box.is_visible()
            assert box.evaluate("b => b.getBoundingClientRect().bottom") <= HALL["height"]
        names = tv.eval_on_selector_all(
            ".ranks .name",
            "els => els.map(e => [e.innerText.replace(/\\s+/g, ' '),"
            " e.scrollWidth <= e.clientWidth])",
        )
        assert sorted(n for n, _whole in names) == sorted(field)
        assert all(whole for _n, whole in names)
        command = tv.query_selector("main .next .cmd")
        assert command is None  # a table is still playing: nothing to seat yet
        scored(ohhell, games[5], FIRST, SECOND_CLEAR)
        for game in games[6:]:
            scored(ohhell, game, SECOND_CLEAR)
        main_shows(tv, "Round 1 · 8 of 8 tables finished")
        tv.screenshot(path=str(tmp_path / "director-finished.png"))
        order = "--order 'big-r1-t1=Wilhelmina Gravenzande03,Wilhelmina Gravenzande04'"
        command = tv.query_selector("main .next .cmd")
        assert command is not None and command.inner_text() == order
        assert command.evaluate("c => c.getClientRects().length") == 1  # on one line
        assert fits(tv, HALL)
        phone = browser.new_page(viewport=PHONE)
        seated = field[0]
        phone.goto(board.url + "p/" + quote(seated))
        main_shows(phone, "Round 1: table big-r1-t1, seat 1 of 4.")
        phone.screenshot(path=str(tmp_path / "player.png"), full_page=True)
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert "Tied for a place that goes on" not in phone.inner_text("main")
        assert "Your tournament ends here" in phone.inner_text("main")  # the dealer made 2
    finally:
        board.stop()


@ALONE
def test_a_games_sheet_on_a_tv_cuts_nothing_that_fits(
    browser: Any, ohhell: Ohhell, tmp_path: Path
) -> None:
    """At 1920x1080 every cell of the sheet shows whole: "Trump", the dealers' names,
    a note, where a fixed column width used to cut them to "Tru…", "Wilhe…"."""
    ohhell.ok("new", "Bob", "Wilhelmina", "Ann Marie", "Dan", "--rules", "cartier", "-g", "fri")
    scored(ohhell, "fri", ("3 2 4 3", "3 2 5 3"))
    server = make_server(served("fri", None), quiet=True)
    sock = bind("127.0.0.1", 0)
    thread = serve_in_background(server, sock)
    try:
        tv = browser.new_page(viewport=HALL)
        tv.goto(url_of(sock) + "?view=hall")
        main_shows(tv, "Hand 2 of 23")
        tv.screenshot(path=str(tmp_path / "game.png"))
        cut = tv.eval_on_selector_all(
            ".sheet th, .sheet td",
            "els => els.filter(e => e.scrollWidth > e.clientWidth).map(e => e.innerText)",
        )
        assert cut == []
        dealers = tv.eval_on_selector_all(".sheet td.dealer", "els => els.map(e => e.innerText)")
        assert dealers[:4] == ["Bob", "Wilhelmina", "Ann Marie", "Dan"]
        assert fits(tv, HALL)
    finally:
        server.stop()
        thread.join(PATIENCE)
