"""The live board (`ohhell board`, `play --board`; docs/board.md, docs/scripting.md "The
live board"): its routes, its event stream, its limits and the command's start and end.

Every server here listens on 127.0.0.1 and is stopped by its test; every stream and
load is bounded in count and time. The servers of the in-process tests run in a thread
of the test (uvicorn on port 0), read with the standard library's http.client.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import html
import http.client
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import unquote

import pytest

from ohhell_score.actions.board import Served, served
from ohhell_score.domain.errors import Refused
from ohhell_score.serve import app as board_app
from ohhell_score.serve.app import MAX_HEAD, create_app
from ohhell_score.serve.server import HEAD_TIMEOUT, bind, make_server, serve_in_background, url_of
from ohhell_score.views.pages import TEMPLATES
from tests.conftest import ALONE, CHROMIUM_ARGS, Ohhell, need, no_process_in_a_mutation_run
from tests.html_page import Element, read_as

#: A generous bound for what should take a moment: only ever waited out on failure.
PATIENCE = 20.0
#: The board's style sheets, as the package holds them: the page carries them whole.
CSS = Path(TEMPLATES, "board.css").read_text(encoding="utf-8").strip()
TOURNAMENT_CSS = Path(TEMPLATES, "tournament.css").read_text(encoding="utf-8").strip()


class Board(NamedTuple):
    host: str
    port: int
    url: str


@pytest.fixture
def game(ohhell: Ohhell) -> str:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "friday", "-r", "cartier")
    return "friday"


def start(
    game_id: str | None = None,
    host: str = "127.0.0.1",
    tournament: str | None = None,
    **options: Any,
) -> tuple[Any, threading.Thread, Board]:
    server = make_server(served(game_id, tournament), quiet=True, **options)
    sock = bind(host, 0)
    url = url_of(sock)
    thread = serve_in_background(server, sock)
    assert server.ready.is_set()
    host, port = sock.getsockname()[:2]
    return server, thread, Board(host, port, url)


@pytest.fixture
def board(game: str) -> Iterator[Board]:
    server, thread, where = start(game)
    yield where
    server.stop()
    thread.join(PATIENCE)
    assert not thread.is_alive()


def request(
    board: Board, path: str, method: str = "GET", headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection(board.host, board.port, timeout=PATIENCE)
    try:
        conn.request(method, path, headers=headers or {})
        response = conn.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        conn.close()


def status_of(board: Board, path: str, method: str) -> int:
    """The status the board answers, its body unread: a stream answered by mistake
    fails the test at once, not after its first keep-alive."""
    conn = http.client.HTTPConnection(board.host, board.port, timeout=PATIENCE)
    try:
        conn.request(method, path)
        return conn.getresponse().status
    finally:
        conn.close()


class Stream:
    """One listener of /events, read line by line with a deadline."""

    def __init__(self, board: Board) -> None:
        self.conn = http.client.HTTPConnection(board.host, board.port, timeout=PATIENCE)
        self.conn.request("GET", "/events")
        self.response = self.conn.getresponse()

    def next(self) -> dict[str, Any]:
        """The state of the next event (comment lines and the retry line skipped)."""
        deadline = time.monotonic() + PATIENCE
        while True:
            assert time.monotonic() < deadline, "no event"  # the keep-alive came instead
            line = self.response.readline().decode()
            assert line, "the stream ended"
            if line.startswith("data: "):
                data: dict[str, Any] = json.loads(line.removeprefix("data: "))
                assert self.response.readline() == b"\n"  # one line of data an event
                return data

    def close(self) -> None:
        self.conn.close()


def run_ohhell(*args: str) -> None:
    """`ohhell ARGS` in a process of its own, as another terminal at the table runs it."""
    done = subprocess.run(
        [sys.executable, "-m", "ohhell_score", *args], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr


# --- the routes ---------------------------------------------------------------------


def test_the_page_is_the_game_in_html_whole_without_script(board: Board) -> None:
    status, headers, body = request(board, "/")
    page = body.decode()
    assert status == 200 and headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in page
    assert "Hand 1 of 23 (13 cards, Ann deals)" in page
    assert "Bob to bid" in page
    assert '<table class="sheet">' in page
    assert 'new URL("events?page", location.href)' in page  # it follows its own stream
    assert '<link rel="icon" href="data:,">' in page  # and asks for no icon
    # Nothing fetched from elsewhere: no address in a src or href but the board's own.
    assert "http" not in page.replace('content="width=device-width', "")


def test_head_answers_without_a_body(board: Board) -> None:
    for path in ("/", "/state.json", "/events"):
        status, _headers, body = request(board, path, "HEAD")
        assert (status, body) == (200, b""), path


def test_the_stream_is_of_events_never_kept_nor_held_back_by_a_proxy(board: Board) -> None:
    stream = Stream(board)
    try:
        for headers in (request(board, "/events", "HEAD")[1], dict(stream.response.getheaders())):
            assert headers["content-type"].startswith("text/event-stream")
            assert headers["cache-control"] == "no-store"
            assert headers["x-accel-buffering"] == "no"
    finally:
        stream.close()


def test_a_quiet_stream_says_it_is_still_there(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A comment line when nothing changed for KEEP_ALIVE seconds: a phone that went
    away is noticed, and no proxy closes the stream for its silence."""
    monkeypatch.setattr(board_app, "KEEP_ALIVE", 0.1)
    server, thread, where = start(game)
    stream = Stream(where)
    try:
        stream.next()
        deadline = time.monotonic() + PATIENCE
        while (line := stream.response.readline()) != b": still here\n":
            assert line and time.monotonic() < deadline, line
    finally:
        stream.close()
        server.stop()
        thread.join(PATIENCE)


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_any_other_method_is_405(board: Board, method: str) -> None:
    for path in ("/", "/state.json", "/events"):
        assert status_of(board, path, method) == 405, (method, path)


def test_no_path_names_a_file(board: Board, data_dir: Path) -> None:
    """The three routes and nothing else: no spelling of a path reaches the disk."""
    game_file = data_dir / "friday.json"
    paths = [
        "/x",
        "/index.html",
        "/../friday.json",
        "/%2e%2e/%2e%2e/etc/passwd",
        "/..%2ffriday.json",
        "//state.json",
        "/state.json/",
        f"/{game_file}",
        f"/{data_dir.name}/friday.json",
        "/events/../../friday.json",
    ]
    for path in paths:
        status, _headers, body = request(board, path)
        assert status == 404, path
        assert b"friday" not in body and b"root:" not in body, path


def test_state_json_is_show_json_after_every_kind_of_entry(ohhell: Ohhell, board: Board) -> None:
    entries = [
        ("bid", "Bob=3", "Cat=4", "Dan=2", "Ann=3"),
        ("trump", "hearts"),
        ("tricks", "Bob=3", "Cat=4", "Dan=2", "Ann=4"),
        ("edit", "1", "tricks", "Bob=4", "Cat=4", "Dan=2", "Ann=3"),
        ("note", "1", "misdeal"),
        ("bid", "1"),
        ("undo",),
        ("seat", "replace", "Dan", "Eve"),
    ]
    for entry in [(), *entries]:
        if entry:
            ohhell.ok(*entry)
        status, headers, body = request(board, "/state.json")
        assert status == 200 and headers["content-type"] == "application/json"
        assert json.loads(body) == ohhell.sheet("-g", "friday"), entry


@contextlib.contextmanager
def cup_board(ohhell: Ohhell, **options: Any) -> Iterator[tuple[Board, dict[str, Any], str]]:
    """The board of a new 8-player tournament `cup`: where it answers, what
    `tournament show --json` says of it, and its first table's game."""
    ohhell.ok("tournament", "new", "cup", *(f"P{i}" for i in range(1, 9)), "--hands", "2,1")
    shown = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))
    server, thread, where = start(tournament="cup", **options)
    try:
        yield where, shown, shown["rounds"][0]["tables"][0]["game"]
    finally:
        server.stop()
        thread.join(PATIENCE)


@ALONE
def test_a_tournament_board_is_tournament_show_and_follows_its_tables(ohhell: Ohhell) -> None:
    with cup_board(ohhell) as (where, shown, table):
        stream = Stream(where)
        try:
            assert json.loads(request(where, "/state.json")[2]) == shown
            assert stream.next() == shown
            page = request(where, "/")[2].decode()
            for t in shown["rounds"][0]["tables"]:  # each table's card: its game and players
                assert html.escape(t["game"]) in page
                assert all(html.escape(p) in page for p in t["players"])
            assert page.count("not started") == len(shown["rounds"][0]["tables"])
            first = ohhell.sheet("-g", table)["next"]
            run_ohhell("bid", "0", "-g", table)  # a table's game changes: the board follows
            tournament = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))
            assert stream.next() == tournament
            assert ohhell.sheet("-g", table)["next"] != first
        finally:
            stream.close()


def test_a_tournaments_tables_listeners_are_counted_with_the_halls(ohhell: Ohhell) -> None:
    """The bound is the board's, not each table's: a hall of dozens of tables cannot
    hold a dozen phones a table."""
    with cup_board(ohhell, max_listeners=1) as (where, _shown, table):
        hall = Stream(where)
        try:
            hall.next()
            assert status_of(where, f"/t/{table}/events", "GET") == 503
        finally:
            hall.close()


def test_a_port_taken_says_so_and_how_to_choose_another() -> None:
    taken = bind("127.0.0.1", 0)
    port = taken.getsockname()[1]
    try:
        with pytest.raises(Refused) as refused:
            bind("127.0.0.1", port)
    finally:
        taken.close()
    assert str(refused.value) == (
        f"port {port} is taken on 127.0.0.1: give another with --port (0: any free one)"
    )


def test_an_address_not_of_this_machine_is_refused_with_the_systems_reason() -> None:
    with pytest.raises(Refused) as refused:
        bind("192.0.2.1", 8765)  # a documentation address: no machine has it
    reason = os.strerror(errno.EADDRNOTAVAIL)
    assert str(refused.value) == f"cannot serve on 192.0.2.1 port 8765: {reason}"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_a_tables_routes_take_no_other_method_405(ohhell: Ohhell, method: str) -> None:
    """A tournament's table follows the board's rule: GET and HEAD, any other method
    405, its stream's route too (it would otherwise be a stream that never ends)."""
    with cup_board(ohhell) as (where, _shown, table):
        for path in (f"/t/{table}/", f"/t/{table}/state.json", f"/t/{table}/events"):
            assert status_of(where, path, method) == 405, path
            assert status_of(where, path, "HEAD") == 200, path


def test_an_ipv6_address_is_printed_in_brackets() -> None:
    sock = bind("::1", 0)
    try:
        port = sock.getsockname()[1]
        assert url_of(sock) == f"http://[::1]:{port}/"
        assert url_of(sock, "fe80::2") == f"http://[fe80::2]:{port}/"
    finally:
        sock.close()


def test_names_and_notes_are_escaped(ohhell: Ohhell) -> None:
    ohhell.ok("new", "<b>Zed</b>", "Bob", "Cat", "-g", "tags", "--hands", "2,1")
    ohhell.ok("note", "1", "<script>alert(1)</script>")
    server, thread, where = start("tags")
    try:
        page = request(where, "/")[2].decode()
    finally:
        server.stop()
        thread.join(PATIENCE)
    assert "<b>Zed</b>" not in page and "&lt;b&gt;Zed&lt;/b&gt;" in page
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_the_hall_view_is_the_same_page_larger(board: Board) -> None:
    page = request(board, "/?view=hall")[2].decode()
    assert '<body class="hall">' in page and "Hand 1 of 23" in page
    assert '<body class="phone">' in request(board, "/")[2].decode()


def test_the_page_speaks_dutch_at_a_dutch_table(game: str, dutch: None) -> None:
    server, thread, where = start(game)
    try:
        page = request(where, "/")[2].decode()
    finally:
        server.stop()
        thread.join(PATIENCE)
    assert '<html lang="nl">' in page
    assert "Ronde 1 van 23 (13 kaarten, Ann deelt)" in page and "Bob moet bieden" in page
    assert "Standen" in page and "Zaalweergave" in page
    assert "Totals" not in page and "Hall view" not in page


def test_the_dealers_forbidden_bid_is_shown_while_the_dealer_bids(
    ohhell: Ohhell, board: Board
) -> None:
    ohhell.ok("bid", "Bob=3", "Cat=4", "Dan=2")  # 9 of 13: Ann (dealer) may not bid 4
    page = request(board, "/")[2].decode()
    assert "Ann to bid (dealer, may not bid 4)" in page
    assert "bid 9 of 13 so far" in page


# --- the page as a reader sees it (in-process: the mutation run sees these) ----------

#: Elements that hold blocks, never text of their own: text there is a stray.
BLOCKS = {"", "html", "head", "body", "header", "main", "section", "div", "ol", "ul"}
BLOCKS |= {"table", "thead", "tbody", "tfoot", "tr"}


class Node(Element):
    """One element of a page as the board's tests read it."""

    def text(self) -> str:
        """What a reader sees of it: its text, tags dropped, entities read, spaces one."""
        return self.words()

    def parts(self) -> list[str]:
        """Its elements' tags and classes, one level down: 'section.now', 'div.scroll'."""
        return [".".join([c.tag, *c.classes]) for c in self.children if isinstance(c, Node)]


def answer(board_of: Served, path: str = "/", query: bytes = b"") -> tuple[int, str]:
    """What the board's app answers to GET ``path`` (as sent: %-escaped) and ``query``,
    asked in-process without a socket: the status and the body."""
    app, _hub = create_app(board_of)
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": unquote(path),
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1:8765")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 8765),
    }
    sent: list[Any] = []

    async def receive() -> Any:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    async def get() -> None:
        await app(scope, receive, send)

    asyncio.run(get())
    return int(sent[0]["status"]), b"".join(m.get("body", b"") for m in sent[1:]).decode()


def asked(board_of: Served, *, hall: bool = False) -> Node:
    """The page the board's app answers to `GET /` (`/?view=hall`), asked in-process
    without a socket, parsed: nothing in it stands loose between its blocks, and every
    element is closed."""
    status, body = answer(board_of, "/", b"view=hall" if hall else b"")
    assert status == 200
    tree = read_as(body, Node)
    assert tree.problems == []
    assert [(tag, text.strip()) for tag, text in tree.root.strays(BLOCKS)] == []
    assert tree.unclosed == []
    return tree.root


def page_of(game_id: str, *, hall: bool = False) -> Node:
    """The `<main>` of a game's page."""
    return asked(served(game_id, None), hall=hall).one("main")


def waits_for(game_id: str) -> str:
    """What the page says the table waits for, as a reader sees it."""
    return page_of(game_id).one("section", "now").one("p", "next").text()


def test_the_page_says_what_the_table_waits_for_in_the_words_of_the_table(
    ohhell: Ohhell, game: str
) -> None:
    for entry, words in [
        ((), "Bob to bid"),
        (("bid", "Bob=3", "Cat=4", "Dan=2"), "Ann to bid (dealer, may not bid 4)"),
        (("bid", "Ann=3"), "Cat names trump"),
        (("trump", "hearts"), "Playing the hand: bids 12 for 13 tricks: under by 1"),
    ]:
        if entry:
            ohhell.ok(*entry, "-g", game)
        waits = page_of(game).one("section", "now").one("p", "next")
        assert waits.text() == words, entry
        forbidden = [["forbidden"]] if "may not" in words else []  # in red
        assert [n.classes for n in waits.elements()] == forbidden, entry


@pytest.mark.parametrize(
    ("trump", "words"),
    [
        ("dealer", "Ann (dealer) names trump before the bids"),
        ("cut", "The pack is cut for trump"),
        ("upcard", "The next card is turned up for trump"),
        ("none+1=cut", "The pack is cut for trump"),  # the first hand's own
    ],
)
def test_the_page_says_how_trump_is_chosen_before_the_bids(
    ohhell: Ohhell, trump: str, words: str
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t", "--trump", trump, "--hands", "2,1")
    assert waits_for("t") == words
    assert page_of("t").one("section", "now").parts() == ["p.hand", "p.trump", "p.next"]


def test_the_page_says_the_dealer_bids_last_where_no_bid_is_forbidden(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t", "--hands", "2,1", "--hook", "never")
    ohhell.ok("trump", "spades")
    ohhell.ok("bid", "1", "1")
    assert waits_for("t") == "Ann to bid (dealer)"
    ohhell.ok("bid", "1")
    assert waits_for("t") == "Playing the hand: bids 3 for 2 tricks: over by 1"


def test_the_sheet_stands_in_its_box_with_its_notes_under_it(ohhell: Ohhell, game: str) -> None:
    ohhell.ok("bid", "Bob=3", "Cat=4", "Dan=2", "Ann=3")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "Bob=3", "Cat=4", "Dan=2", "Ann=4")
    ohhell.ok("note", "1", "misdeal")
    main = page_of(game)
    assert main.parts() == ["section.now", "section.totals", "section.sheetbox", "section.chart"]
    box = main.one("section", "sheetbox")
    assert box.parts() == ["div.scroll", "div.notes"]
    assert box.one("div", "scroll").parts() == ["table.sheet"]
    # The sheet's ± column says "under by 1" in words: no note of + and -.
    assert [p.text() for p in box.one("div", "notes").all("p")] == [
        "Trump named by: 1 Cat",
        "Hand 1 note: misdeal",
        "† the hook bound the dealer: one bid was forbidden",
    ]


def test_the_page_is_headed_by_its_game_and_links_the_other_view(game: str) -> None:
    for hall, link in ((False, ("Hall view", "/?view=hall")), (True, ("Phone view", "/"))):
        page = asked(served(game, None), hall=hall)
        assert page.one("title").text() == "Oh Hell · friday"
        assert page.one("body").classes == ["hall" if hall else "phone"]
        header = page.one("header")
        assert header.parts() == ["h1", "a"]
        assert header.one("h1").text() == "Oh Hell · friday"
        assert (header.one("a").text(), header.one("a").attrs["href"]) == link
        (lost,) = [n for n in page.elements() if n.attrs.get("id") == "lost"]
        assert lost.text() == "The scorer's laptop cannot be reached; trying again…"
        assert lost.attrs["role"] == "status"
        # A game's own style: no tournament's (whose `.next` is grey, its hall grid other).
        assert "".join(str(c) for c in page.one("style").children).strip() == CSS


def test_a_tournaments_page_is_styled_for_its_tables_and_bracket(ohhell: Ohhell) -> None:
    ohhell.ok("tournament", "new", "cup", *(f"P{i}" for i in range(1, 9)), "--hands", "2,1")
    page = asked(served(None, "cup"), hall=True)
    assert page.one("title").text() == "Oh Hell · cup"
    style = "".join(str(c) for c in page.one("style").children).strip()
    assert style == CSS + "\n" + TOURNAMENT_CSS


def totals_rows(main: Node) -> list[tuple[list[str], str, str, str, str, str]]:
    """The totals as read: (the row's classes, place, name, total, this hand, its title)."""
    rows = []
    for li in main.one("section", "totals").one("ol").all("li"):
        place, name, total, delta = (s.text() for s in li.all("span"))
        title = li.one("span", "delta").attrs["title"] or ""
        rows.append((li.classes, place, name, total, delta, title))
    return rows


def test_the_page_shows_the_hand_being_bid_and_the_totals_after_the_last_hand(
    ohhell: Ohhell, game: str
) -> None:
    main = page_of(game)
    now = main.one("section", "now")
    assert now.parts() == ["p.hand", "p.trump", "p.next", "ul.bids", "p.sofar"]
    assert [(li.classes, li.text()) for li in now.all("li")] == [
        (["waiting"], f"{p} …") for p in ("Bob", "Cat", "Dan", "Ann")
    ]
    assert now.one("p", "sofar").text() == "bid 0 of 13 so far"
    assert main.one("section", "totals").one("h2").text() == "Totals"
    assert totals_rows(main) == [
        ([], "1.", p, "0", "", "this hand") for p in ("Ann", "Bob", "Cat", "Dan")
    ]
    assert main.one("p", "result").text() == "No hand scored yet (of 23)."
    ohhell.ok("bid", "Bob=3", "Cat=4", "Dan=2", "Ann=3")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "Bob=3", "Cat=4", "Dan=2", "Ann=4")
    ohhell.ok("bid", "Cat=2")
    main = page_of(game)
    now = main.one("section", "now")
    assert [now.one("p", c).text() for c in ("hand", "trump", "next", "sofar")] == [
        "Hand 2 of 23 (12 cards, Bob deals)",
        "Trump: not known yet",
        "Dan to bid",
        "bid 2 of 12 so far",
    ]
    bids = [(li.classes, li.text(), [b.text() for b in li.all("b")]) for li in now.all("li")]
    assert bids == [
        ([], "Cat 2", ["2"]),
        (["waiting"], "Dan …", []),
        (["waiting"], "Ann …", []),
        (["waiting"], "Bob …", []),
    ]
    assert main.one("section", "totals").one("h2").text() == "Totals after hand 1"
    assert totals_rows(main) == [
        (["leader"], "1.", "Cat ★", "14", "+14", "this hand"),
        ([], "2.", "Bob", "13", "+13", "this hand"),
        ([], "3.", "Dan", "12", "+12", "this hand"),
        ([], "4.", "Ann", "4", "+4", "this hand"),
    ]
    assert main.one("p", "result").text() == "After 1 of 23 hands Cat leads with 14."


def test_a_player_who_got_up_keeps_the_total_on_the_page_without_a_place(
    ohhell: Ohhell, game: str
) -> None:
    ohhell.ok("bid", "Bob=3", "Cat=4", "Dan=2", "Ann=3")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "Bob=3", "Cat=4", "Dan=2", "Ann=4")
    ohhell.ok("seat", "leave", "Dan")
    assert totals_rows(page_of(game))[2:] == [
        ([], "3.", "Ann", "4", "+4", "this hand"),
        ([], "–", "Dan", "12", "+12", "this hand"),
    ]


def test_a_finished_game_says_so_where_the_hand_was(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t", "--hands", "1", "--trump", "none")
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "0", "1", "0")
    now = page_of("t").one("section", "now")
    assert now.parts() == ["p.hand"]
    assert now.text() == "Game over: Cat wins with 11."


def test_names_are_read_as_typed_in_the_bids_and_the_result(ohhell: Ohhell) -> None:
    ohhell.ok("new", "<b>Zed</b>", "Bob", "Cat", "-g", "t", "--hands", "2,1", "--trump", "none")
    ohhell.ok("bid", "0", "0", "1")
    ohhell.ok("tricks", "Bob=0", "Cat=1", "<b>Zed</b>=1")
    ohhell.ok("bid", "0")
    main = page_of("t")
    assert [li.text() for li in main.one("ul", "bids").all("li")] == [
        "Cat 0",
        "<b>Zed</b> …",
        "Bob …",
    ]
    assert main.one("p", "result").text() == "After 1 of 2 hands <b>Zed</b> leads with 11."


def test_a_game_that_cannot_be_read_is_said_on_the_page(game: str, data_dir: Path) -> None:
    board_of = served(game, None)
    (data_dir / "friday.json").unlink()
    main = asked(board_of).one("main")
    assert main.parts() == ["p.error"]
    assert main.text() == "no game 'friday' (see `ohhell list`)"
    assert main.one("p", "error").attrs["role"] == "alert"


# --- the event stream ---------------------------------------------------------------


@ALONE
def test_an_event_on_connect_and_within_a_second_of_a_save_by_another_process(
    ohhell: Ohhell, board: Board
) -> None:
    stream = Stream(board)
    try:
        assert stream.response.getheader("content-type", "").startswith("text/event-stream")
        assert stream.next() == ohhell.sheet("-g", "friday")
        for entry in (("bid", "3"), ("bid", "4"), ("undo",)):
            run_ohhell(*entry, "-g", "friday")
            saved = time.monotonic()
            state = stream.next()
            assert time.monotonic() - saved < 1.0, entry
            assert state == ohhell.sheet("-g", "friday"), entry
    finally:
        stream.close()


@ALONE
def test_a_deleted_game_sends_an_error_and_the_server_goes_on(
    ohhell: Ohhell, board: Board, data_dir: Path
) -> None:
    stream = Stream(board)
    try:
        stream.next()
        kept = (data_dir / "friday.json").read_bytes()
        (data_dir / "friday.json").unlink()
        state = stream.next()
        assert list(state) == ["error"] and "friday" in state["error"]
        assert json.loads(request(board, "/state.json")[2]) == state
        assert "friday" in request(board, "/")[2].decode()
        (data_dir / "friday.json").write_text("{ not json")
        assert list(stream.next()) == ["error"]
        (data_dir / "copied.tmp").write_bytes(kept)  # copied back in by hand
        (data_dir / "copied.tmp").replace(data_dir / "friday.json")
        state = stream.next()
        while "error" in state:  # the file as it was written (empty, then damaged)
            state = stream.next()
        assert state == ohhell.sheet("-g", "friday")
    finally:
        stream.close()


def test_what_is_served_is_the_named_game_and_why_it_cannot_be_read(
    ohhell: Ohhell, game: str, data_dir: Path
) -> None:
    """In-process, without a server (the mutation run sees this): `board -g friday`
    serves friday while another game is current, and a file deleted, damaged or not a
    file at all is served as ``{"error": why}``, the why also drawn on the page."""
    ohhell.ok("new", "Eve", "Fay", "Gus", "-g", "other")  # now the current game
    board_of = served("friday", None)
    assert board_of.game == "friday"
    assert board_of.read().state == ohhell.sheet("-g", "friday")
    (data_dir / "friday.json").unlink()
    gone = board_of.read()
    assert gone.state == {"error": gone.error} and "friday" in str(gone.error)
    (data_dir / "friday.json").mkdir()  # not a regular file: refused, and served on
    unreadable = board_of.read()
    assert unreadable.game is None and unreadable.tournament is None
    assert unreadable.state == {"error": unreadable.error}
    assert "friday.json" in str(unreadable.error)


# --- the limits ---------------------------------------------------------------------


def test_one_listener_more_than_the_bound_gets_503(game: str) -> None:
    server, thread, where = start(game, max_listeners=3)
    streams = [Stream(where) for _ in range(3)]
    try:
        for stream in streams:
            stream.next()
        one_more = Stream(where)  # its status only: a stream's body never ends
        full = one_more.response.read().decode()
        one_more.close()
        assert one_more.response.status == 503
        assert full == "The board is full (3 phones follow it); trying again…"
        assert one_more.response.headers["retry-after"] == "5"
        assert one_more.response.headers["cache-control"] == "no-store"
        assert request(where, "/events", "HEAD")[0] == 200  # a look, not a listener
        assert request(where, "/state.json")[0] == 200  # the page is still served
        streams.pop().close()
        deadline = time.monotonic() + PATIENCE
        while time.monotonic() < deadline:
            extra = Stream(where)  # a place is free again once the closed one is noticed
            if extra.response.status == 200:
                streams.append(extra)
                break
            extra.close()
            time.sleep(0.05)
        assert len(streams) == 3 and streams[-1].next()["id"] == "friday"
        again = Stream(where)  # full again: each that left freed one place, no more
        again.close()
        assert again.response.status == 503
    finally:
        for stream in streams:
            stream.close()
        server.stop()
        thread.join(PATIENCE)


def test_ctrl_c_stops_the_board_and_a_second_stops_it_at_once(game: str) -> None:
    server, thread, _where = start(game)
    server.handle_exit(signal.SIGINT, None)
    assert not server.force_exit  # the first lets the streams say their last
    server.handle_exit(signal.SIGINT, None)
    assert server.force_exit
    thread.join(PATIENCE)
    assert not thread.is_alive()


def test_a_request_line_or_header_too_long_is_refused(board: Board) -> None:
    assert request(board, "/?" + "x" * 20_000)[0] in range(400, 500)
    assert request(board, "/", headers={"X-Long": "y" * 20_000})[0] in range(400, 500)


def test_a_board_stopped_before_it_started_stops_as_it_starts(game: str) -> None:
    """`play --board` quit before its board was up (q typed at once): the stop is kept,
    and the board ends as soon as it starts instead of serving on behind the scorer."""
    server = make_server(served(game, None), quiet=True)
    server.stop()
    thread = serve_in_background(server, bind("127.0.0.1", 0), wait=0)
    thread.join(PATIENCE)
    assert not thread.is_alive()


def test_the_board_names_no_server_software_to_a_peer(board: Board) -> None:
    """Whoever asks the board (a phone, or someone trying it on the hall's Wi-Fi) is
    not told which server and version answer, for a page as for a refusal."""
    for path in ("/", "/nowhere"):
        _, headers, _ = request(board, path)
        assert "server" not in {name.lower() for name in headers}


def test_a_head_that_keeps_coming_is_refused_once_past_8_kib(board: Board) -> None:
    """A head sent without its end is refused as soon as more than 8 KiB of it came
    (MAX_HEAD, h11's bound on what it buffers), not held until the connection's time
    runs out: the board never keeps more of a request than that."""
    with socket.create_connection((board.host, board.port), timeout=PATIENCE) as conn:
        conn.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"y" * (MAX_HEAD + 4096))
        started = time.monotonic()
        answer = conn.recv(4096)
        waited = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 400 "), answer[:60]
    assert waited < HEAD_TIMEOUT / 2


def sent_at_once(port: int, head: bytes) -> tuple[bytes, bytes]:
    """The status line and body the board on loopback ``port`` answers a request whose
    head is sent in one write (so h11 has it whole, and only the board's own bounds
    apply); the connection closes after it."""
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as conn:
        conn.sendall(head + b"Connection: close\r\n\r\n")
        answer = b""
        while chunk := conn.recv(65536):
            answer += chunk
    top, _, body = answer.partition(b"\r\n\r\n")
    return top.split(b"\r\n")[0], body


def test_a_head_that_comes_at_once_is_read_to_8_kib_and_not_a_byte_more(board: Board) -> None:
    """A target (path and query) of MAX_HEAD bytes is answered, one byte more is 414;
    headers of MAX_HEAD bytes in all (names and values) are answered, one more is 431:
    each with its status line's words, which is all a phone shows of it."""
    host = f"Host: {board.host}:{board.port}\r\n".encode()
    for extra, status in ((0, b"HTTP/1.1 200 OK"), (1, b"HTTP/1.1 414 ")):
        target = b"/?" + b"x" * (MAX_HEAD - 1 + extra)  # the query: after the "?"
        line, body = sent_at_once(board.port, b"GET " + target + b" HTTP/1.1\r\n" + host)
        assert line.startswith(status), (extra, line)
        assert extra == 0 or body == b"URI Too Long"
    counted = len(b"host") + len(f"{board.host}:{board.port}") + len(b"connection") + len(b"close")
    for extra, status in ((0, b"HTTP/1.1 200 OK"), (1, b"HTTP/1.1 431 ")):
        pad = b"y" * (MAX_HEAD - counted - len(b"x-pad") + extra)
        line, body = sent_at_once(
            board.port, b"GET / HTTP/1.1\r\n" + host + b"X-Pad: " + pad + b"\r\n"
        )
        assert line.startswith(status), (extra, line)
        assert extra == 0 or body == b"Request Header Fields Too Large"


def test_a_stalled_client_holds_up_no_one(board: Board) -> None:
    """A phone that starts a request and goes quiet, and one that listens and never
    reads: the others are answered at once."""
    half = socket.create_connection((board.host, board.port), timeout=PATIENCE)
    deaf = socket.create_connection((board.host, board.port), timeout=PATIENCE)
    try:
        half.sendall(b"GET /state.json HTTP/1.1\r\nHost: x\r\n")
        deaf.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        started = time.monotonic()
        for _ in range(5):
            assert request(board, "/state.json")[0] == 200
        assert time.monotonic() - started < 5
    finally:
        half.close()
        deaf.close()


# --- the command --------------------------------------------------------------------


def spawn_board(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ohhell_score", "board", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl-C as at a terminal, even when the tests were started in the background.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


@ALONE
def test_board_prints_its_url_first_and_stops_on_ctrl_c_with_0(game: str) -> None:
    child = spawn_board("--port", "0")
    try:
        assert child.stdout is not None
        first = child.stdout.readline()
        assert first.startswith("board: http://127.0.0.1:") and first.endswith("/\n")
        port = int(first.rsplit(":", 1)[1].strip(" /\n"))
        where = Board("127.0.0.1", port, first.split()[1])
        assert json.loads(request(where, "/state.json")[2])["id"] == "friday"
        stream = Stream(where)  # an open stream does not hold up the way out
        stream.next()
        child.send_signal(signal.SIGINT)
        assert child.wait(PATIENCE) == 0
        stream.close()
        assert "Traceback" not in (child.stderr.read() if child.stderr else "")
    finally:
        child.kill()
        child.wait()


def test_board_refuses_a_game_that_does_not_exist(ohhell: Ohhell) -> None:
    """As `show` refuses it: the line names the game and says how to see the others."""
    said = ohhell.refused("board", "-g", "nope", "--port", "0")
    assert said.count("\n") == 1 and "nope" in said
    assert said == ohhell.refused("show", "-g", "nope")
    assert ohhell.refused("board", "--tournament", "nope", "--port", "0").count("\n") == 1


def test_board_refuses_a_port_that_is_taken_naming_it(ohhell: Ohhell, game: str) -> None:
    taken = bind("127.0.0.1", 0)
    try:
        port = taken.getsockname()[1]
        err = ohhell.refused("board", "--port", str(port))
    finally:
        taken.close()
    assert err.count("\n") == 1 and str(port) in err


def test_lan_prints_the_url_then_its_qr_code(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from ohhell_score.cli import board

    board._announce("http://192.168.1.20:8765/", lan=True)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "board: http://192.168.1.20:8765/"
    assert len(out) > 10 and all(set(line) <= set("█▀▄ ") for line in out[1:-1])
    assert out[-1] == "Scan the code with a phone on the same Wi-Fi, or type the address."


class Route:
    """A UDP socket as `--lan` uses it to find its way out: it sends nothing, and
    says which address the route out would leave from (or that there is none)."""

    def __init__(self, address: str | None) -> None:
        self.address = address
        self.closed = False
        self.to: Any = None

    def __call__(self, family: int, kind: int) -> Route:
        assert (family, kind) == (socket.AF_INET, socket.SOCK_DGRAM)
        return self

    def connect(self, to: Any) -> None:
        if self.address is None:
            raise OSError(errno.ENETUNREACH, "Network is unreachable")
        self.to = to

    def getsockname(self) -> tuple[str, int]:
        assert self.address is not None
        return self.address, 40000

    def close(self) -> None:
        self.closed = True


def with_route(route: Route) -> Any:
    """The socket module as serve/server.py sees it, its sockets ``route``."""
    return types.SimpleNamespace(socket=route, AF_INET=socket.AF_INET, SOCK_DGRAM=socket.SOCK_DGRAM)


def test_lan_serves_on_the_address_the_route_out_leaves_from_or_says_to_join_the_wifi(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from ohhell_score.serve import server as serving

    route = Route("192.168.1.20")
    monkeypatch.setattr(serving, "socket", with_route(route))
    assert serving.lan_address() == "192.168.1.20"
    assert route.to == ("192.0.2.1", 9) and route.closed  # a documentation address
    for nowhere in (None, "127.0.1.1", "0.0.0.0"):
        route = Route(nowhere)
        monkeypatch.setattr(serving, "socket", with_route(route))
        with pytest.raises(Refused) as refused:
            serving.lan_address()
        assert str(refused.value) == (
            "this machine has no address on a local network: join the Wi-Fi, or give --host"
        )
        assert route.closed


def test_the_qr_code_of_the_longest_address_keeps_medium_error_correction(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The code is read off a screen across a table: at error correction M a
    28-character address takes a version 3 code (29 modules and a border of 4: 37 rows,
    19 lines of half blocks), not the smaller, less forgiving version 2 of level L."""
    from ohhell_score.cli import board

    board._announce("http://192.168.100.200:8765/", lan=True)
    out = capsys.readouterr().out.splitlines()
    assert len(out[1:-1]) == 19


@ALONE
def test_play_board_serves_before_the_first_prompt_and_ctrl_c_leaves_as_play_does(
    ohhell: Ohhell, data_dir: Path
) -> None:
    import pexpect

    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "table")
    child = spawn_play_board(data_dir)
    try:
        child.expect(r"board: http://127\.0\.0\.1:(\d+)/")
        where = Board("127.0.0.1", int(child.match.group(1)), "")
        child.expect_exact("(s h d c): ")
        assert json.loads(request(where, "/state.json")[2]) == ohhell.sheet("-g", "table")
        child.sendline("b")  # the address again, for the player who came late
        child.expect_exact(f"board: http://127.0.0.1:{where.port}/")
        child.expect_exact("(s h d c): ")
        child.sendline("d")
        child.expect_exact("Bob bids (0-2): ")
        stream = Stream(where)
        assert stream.next()["hands"][0]["trump"] == "diamonds"
        child.sendline("1")
        assert stream.next()["hands"][0]["bids"] == {"Bob": 1}
        stream.close()
        child.sendintr()
        child.expect_exact("saved; continue with `ohhell play`")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert ohhell.sheet("-g", "table")["hands"][0]["bids"] == {"Bob": 1}


def spawn_play_board(data_dir: Path) -> Any:
    """`ohhell play --board --port 0` in a real terminal (pexpect), Ctrl-C as typed.

    Skipped in a mutation run, as every process is: pexpect forks without ``Popen``,
    and the child would run the copy mutmut made, outside its control."""
    import pexpect

    no_process_in_a_mutation_run()

    env = {**os.environ, "OHHELL_DATA_DIR": str(data_dir), "COLUMNS": "80", "TERM": "dumb"}
    return pexpect.spawn(
        sys.executable,
        ["-m", "ohhell_score", "play", "--board", "--port", "0"],
        env=env,
        encoding="utf-8",
        timeout=PATIENCE,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


# --- in a real browser --------------------------------------------------------------

PHONE = {"width": 360, "height": 740}
HALL = {"width": 1920, "height": 1080}


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a browser of Playwright's own)."""
    chromium = need("chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


def shows(page: Any, text: str) -> None:
    """The page shows ``text`` within a few seconds (the board's promise is one)."""
    page.wait_for_function(
        "text => document.querySelector('main').innerText.includes(text)",
        arg=text,
        timeout=PATIENCE * 1000,
    )


@ALONE
def test_the_page_follows_the_game_on_a_phone(browser: Any, board: Board, tmp_path: Path) -> None:
    page = browser.new_page(viewport=PHONE, color_scheme="dark")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.removeprefix(board.url.rstrip("/"))))
    page.goto(board.url)
    shows(page, "Bob to bid")
    for entry, then in [
        (("bid", "3", "4", "2"), "Ann to bid (dealer, may not bid 4)"),
        (("bid", "3"), "Cat names trump"),
        (("trump", "hearts"), "Playing the hand"),
        (("tricks", "3", "4", "2", "4"), "Hand 2 of 23 (12 cards, Bob deals)"),
        (("undo",), "Playing the hand"),
    ]:
        run_ohhell(*entry, "-g", "friday")
        shows(page, then)
    assert "bid 12 of 13 so far" in page.inner_text("main")
    assert asked == ["/", "/events?page"]  # each save came in its event: no icon, no page
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not page.is_visible("#lost")
    page.screenshot(path=str(tmp_path / "phone.png"), full_page=True)


@ALONE
def test_a_phone_turned_away_by_a_full_board_says_so_and_follows_once_there_is_room(
    browser: Any, game: str
) -> None:
    server, thread, where = start(game, max_listeners=1)
    try:
        first = browser.new_page(viewport=PHONE)
        first.goto(where.url)
        shows(first, "Bob to bid")
        late = browser.new_page(viewport=PHONE)
        late.goto(where.url)
        late.wait_for_selector("#lost", state="visible", timeout=PATIENCE * 1000)
        said = "The board is full (1 phone follows it); trying again…"
        assert late.inner_text("#lost") == said
        first.close()  # a place is free: the late phone takes it at its next try
        run_ohhell("bid", "3", "-g", game)
        shows(late, "Cat to bid")
        late.wait_for_selector("#lost", state="hidden", timeout=PATIENCE * 1000)
    finally:
        server.stop()
        thread.join(PATIENCE)


@ALONE
def test_the_hall_view_fits_a_tv_without_scrolling_in_dutch(
    browser: Any, ohhell: Ohhell, dutch: None, tmp_path: Path
) -> None:
    players = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus")
    ohhell.ok("new", *players, "-g", "hall", "--hands", "7-1-7")
    ohhell.ok("trump", "spades")
    ohhell.ok("bid", "1", "2", "1", "0", "1", "2")
    server, thread, where = start("hall")
    try:
        page = browser.new_page(viewport=HALL)
        page.goto(where.url + "?view=hall")
        shows(page, "Ann moet bieden")
        run_ohhell("bid", "1", "-g", "hall")
        shows(page, "Ronde 1 van")
        assert "Zaalweergave" not in page.inner_text("body")  # the hall links to the phone
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= HALL["height"]
        sheet = page.query_selector(".scroll")
        assert sheet.evaluate("box => box.scrollWidth <= box.clientWidth")  # every column
        page.screenshot(path=str(tmp_path / "hall.png"))
    finally:
        server.stop()
        thread.join(PATIENCE)


@ALONE
def test_the_page_says_it_lost_the_laptop_and_picks_up_again(browser: Any, game: str) -> None:
    server, thread, where = start(game)
    page = browser.new_page(viewport=PHONE)
    page.goto(where.url)
    shows(page, "Bob to bid")
    server.stop()
    thread.join(PATIENCE)
    page.wait_for_selector("#lost", state="visible", timeout=PATIENCE * 1000)
    run_ohhell("bid", "3", "-g", game)  # entered while the board was down
    again = make_server(served(game, None), quiet=True)
    thread = serve_in_background(again, bind("127.0.0.1", where.port))
    try:
        shows(page, "Cat to bid")
        page.wait_for_selector("#lost", state="hidden", timeout=PATIENCE * 1000)
    finally:
        again.stop()
        thread.join(PATIENCE)


# --- start-up -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["--help"], ["play", "--help"], ["board", "--help"], ["show"], ["bid", "--help"]],
    ids=lambda a: " ".join(a),
)
def test_no_other_command_imports_the_server(ohhell: Ohhell, args: list[str]) -> None:
    """uvicorn, starlette and segno are the board's alone: help (which builds `play` and
    `board`) and the quick commands start as before (benchmarks/run.py times them)."""
    from tests.test_startup import loaded_after

    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "friday")
    assert not {"uvicorn", "starlette", "segno", "anyio", "h11"} & loaded_after(*args)


class Records(logging.Handler):
    """The log records the board's server makes, whatever its level."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


class Follower(threading.Thread):
    """A listener of /events that keeps every event's state until the stream ends."""

    def __init__(self, where: Board) -> None:
        super().__init__(daemon=True)
        self.stream = Stream(where)
        self.states: list[Any] = []

    def run(self) -> None:
        with contextlib.suppress(Exception):  # the stream ended, from either end
            while True:
                self.states.append(self.stream.next())

    def last(self) -> Any:
        """The last state the stream sent before it ended (the board stopped)."""
        self.join(PATIENCE)
        assert not self.is_alive(), "the stream did not end"
        return self.states[-1]


class Started(NamedTuple):
    server: Any
    thread: threading.Thread
    follower: Follower
    junk: bytes


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Started]]:
    """Each server `play --board` starts in-process, with its thread, a phone that
    follows it from its start, and what it answered to a request that is not HTTP;
    stopped after (if `play` did not stop it)."""
    from ohhell_score.serve import server as serving

    servers: list[Started] = []
    real = serving.serve_in_background

    def recorded(server: Any, sock: Any, wait: float = 10.0) -> threading.Thread:
        thread = real(server, sock, wait)
        host, port = sock.getsockname()[:2]
        follower = Follower(Board(host, port, ""))
        follower.start()
        with socket.create_connection((host, port), timeout=PATIENCE) as raw:
            raw.sendall(b"not http at all\r\n\r\n")
            junk = raw.recv(100)
        servers.append(Started(server, thread, follower, junk))
        return thread

    monkeypatch.setattr(serving, "serve_in_background", recorded)
    yield servers
    for one in servers:
        one.server.stop()
        one.thread.join(PATIENCE)


@pytest.mark.parametrize("lan", [False, True])
def test_play_board_serves_the_game_played_and_b_shows_its_address_again(
    ohhell: Ohhell,
    monkeypatch: pytest.MonkeyPatch,
    started: list[Started],
    lan: bool,
) -> None:
    """docs/board.md: `play --board` prints `board: URL` (with --lan on the Wi-Fi's
    address, and its QR code) before the first prompt and serves there the game played
    (here not the current one); `b` prints it all again. The server says nothing while
    the prompts run, not even of a request that is not HTTP; the last entry reaches
    the phones before `q` stops it."""
    from ohhell_score.serve import server as serving

    monkeypatch.setattr(serving, "lan_address", lambda: "127.0.0.2")
    host = "127.0.0.2" if lan else "127.0.0.1"
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t", "--hands", "2,1", "--trump", "none")
    ohhell.ok("new", "Dan", "Eve", "Fay", "-g", "other")
    args = ["play", "-g", "t", "--board", "--port", "0", *(["--lan"] if lan else [])]
    result = ohhell(*args, input="b\n1\nq\n")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"board: http://{host}:") and first.endswith("/")
    assert result.stdout.count(first + "\n") == 2
    scan = "Scan the code with a phone on the same Wi-Fi, or type the address.\n"
    assert result.stdout.count(scan) == (2 if lan else 0)
    assert result.stderr == ""  # not a word of the request that was not HTTP
    port = int(first.removeprefix(f"board: http://{host}:").rstrip("/"))
    [one] = started
    assert one.follower.stream.conn.port == port
    assert one.follower.last() == ohhell.sheet("-g", "t")
    assert one.follower.last()["hands"][0]["bids"] == {"Bob": 1}
    assert one.junk.startswith(b"HTTP/1.1 400")


def test_play_board_on_a_finished_game_serves_the_new_game_it_offers(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, started: list[Started]
) -> None:
    """docs/board.md: `play --board` on a game that is over offers a new one (Enter:
    the same players and rules); the board is that new game's, served as it starts."""
    from ohhell_score.cli import play as play_area

    monkeypatch.setattr(play_area, "can_ask", lambda: True)
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "t", "--hands", "1", "--trump", "none")
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "0", "1", "0")
    result = ohhell("play", "-g", "t", "--board", "--port", "0", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    [one] = started
    shown = one.follower.last()
    assert shown["id"] != "t" and shown["players"] == ["Ann", "Bob", "Cat"]


class Looked(NamedTuple):
    """What a test saw of a board `ohhell board` served in-process."""

    board: Board
    state: Any
    logged: list[str]


@pytest.fixture
def looked(monkeypatch: pytest.MonkeyPatch) -> list[Looked]:
    """`ohhell board` run in-process (the mutation run sees it): its server runs in a
    thread while the test reads it (`/state.json`, then a request that is no HTTP),
    then is stopped as Ctrl-C stops it."""
    from ohhell_score.serve import server as serving

    seen: list[Looked] = []
    real = serving.serve

    def serve_and_look(server: Any, sock: socket.socket) -> None:
        host, port = sock.getsockname()[:2]
        records = Records()
        logging.getLogger("uvicorn.error").addHandler(records)
        thread = threading.Thread(target=real, args=(server, sock), daemon=True)
        thread.start()
        try:
            assert server.ready.wait(PATIENCE)
            where = Board(host, port, url_of(sock))
            state = json.loads(request(where, "/state.json")[2])
            with socket.create_connection((host, port), timeout=PATIENCE) as raw:
                raw.sendall(b"not http at all\r\n\r\n")
                raw.recv(100)
            seen.append(Looked(where, state, [r.getMessage() for r in records.records]))
        finally:
            server.stop()
            thread.join(PATIENCE)
            logging.getLogger("uvicorn.error").removeHandler(records)

    monkeypatch.setattr(serving, "serve", serve_and_look)
    return seen


def test_board_serves_the_game_named_says_where_first_and_logs_a_bad_request(
    ohhell: Ohhell, game: str, looked: list[Looked]
) -> None:
    """docs/board.md: `ohhell board -g friday` serves friday (not the current game),
    prints `board: URL` first, and, unlike `play --board`, says on stderr when a
    request is not HTTP; Ctrl-C ends it with 0."""
    ohhell.ok("new", "Eve", "Fay", "Gus", "-g", "other")  # now the current game
    result = ohhell("board", "-g", "friday", "--port", "0")
    assert result.exit_code == 0, result.output
    [seen] = looked
    assert result.stdout == f"board: {seen.board.url}\n"
    assert seen.board.url == f"http://127.0.0.1:{seen.board.port}/"
    assert seen.state == ohhell.sheet("-g", "friday")
    assert result.stderr == "board: a request that is not HTTP was refused\n"  # in its words


def test_board_of_a_tournament_is_tournament_show(ohhell: Ohhell, looked: list[Looked]) -> None:
    ohhell.ok("tournament", "new", "cup", *(f"P{i}" for i in range(1, 9)), "--hands", "2,1")
    result = ohhell("board", "--tournament", "cup", "--port", "0")
    assert result.exit_code == 0, result.output
    [seen] = looked
    assert seen.state == json.loads(ohhell.ok("tournament", "show", "cup", "--json"))


def test_board_on_a_host_or_the_lan_serves_there(
    ohhell: Ohhell, game: str, looked: list[Looked], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--host` binds the address given; `--lan` the Wi-Fi's own address, printed with
    its QR code and the line that says what to do with it."""
    from ohhell_score.serve import server as serving

    monkeypatch.setattr(serving, "lan_address", lambda: "127.0.0.3")
    on_host = ohhell("board", "--host", "127.0.0.2", "--port", "0")
    assert on_host.exit_code == 0, on_host.output
    assert looked[0].board.host == "127.0.0.2"
    assert on_host.stdout == f"board: {looked[0].board.url}\n"
    on_lan = ohhell("board", "--lan", "--port", "0")
    assert on_lan.exit_code == 0, on_lan.output
    assert looked[1].board.host == "127.0.0.3"
    lines = on_lan.stdout.splitlines()
    assert lines[0] == f"board: http://127.0.0.3:{looked[1].board.port}/"
    assert len(lines) > 10 and all(set(line) <= set("█▀▄ ") for line in lines[1:-1])
    assert lines[-1] == "Scan the code with a phone on the same Wi-Fi, or type the address."
    assert looked[1].state == ohhell.sheet("-g", "friday")


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["-g", "friday", "--tournament", "cup"], "give --game or --tournament, not both"),
        (["--lan", "--host", "127.0.0.1"], "give --lan or --host, not both"),
    ],
)
def test_board_refuses_two_options_that_say_the_same_thing(
    ohhell: Ohhell, game: str, looked: list[Looked], args: list[str], why: str
) -> None:
    assert ohhell.invalid_value("board", *args, "--port", "0") == why
    assert looked == []


def test_play_board_with_no_game_yet_serves_the_first_game_made(
    ohhell: Ohhell, started: list[Started]
) -> None:
    """docs/board.md: `play --board` on a laptop with no game asks for the first one,
    then serves it as it starts."""
    answers = "".join(f"{a}\n" for a in ("Ann", "Bob", "Cat", "", "", "bob", "q"))
    result = ohhell("play", "--board", "--port", "0", input=answers)
    assert result.exit_code == 0, result.output
    [one] = started
    assert one.follower.last() == ohhell.sheet()
