"""The live board under load and under attack (docs/board.md "What it does not do"):
a full table of phones following it as the page does, idle and half-open connections,
bursts of listeners, a Host that is not the board's, the last save before it stops,
a flood of bad requests, and what an unreadable game tells the phones.

Every server listens on 127.0.0.1 and is stopped by its test; every connection, load
and wait is bounded in count and time (``PATIENCE`` is only waited out on failure).
"""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import io
import json
import logging
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ohhell_score.actions import phones
from ohhell_score.actions.board import served
from ohhell_score.serve.app import MAX_LISTENERS, RETRY_AFTER, served_at
from ohhell_score.serve.entry import PER_ADDRESS, Doors
from ohhell_score.serve.server import (
    HEAD_TIMEOUT,
    Trouble,
    bind,
    connections_for,
    make_server,
    serve_in_background,
    trouble_words,
)
from ohhell_score.storage import notice
from tests.conftest import ALONE, Ohhell
from tests.test_board import (
    PATIENCE,
    Board,
    Follower,
    Stream,
    request,
    run_ohhell,
    spawn_board,
    spawn_play_board,
    start,
)
from tests.test_board import board as board  # the fixtures, found by pytest by name
from tests.test_board import game as game

#: The page's own stream, as its script names it.
PAGE_STREAM = "/events?page"


class Phone(threading.Thread):
    """A phone as the page makes it: loads `/`, then follows the stream its script
    names, keeping the `<main>` each event carries, until told to stop."""

    def __init__(self, where: Board) -> None:
        super().__init__(daemon=True)
        status, _headers, body = request(where, "/")
        assert status == 200
        assert 'new URL("events?page", location.href)' in body.decode()  # what it follows
        self.conn = http.client.HTTPConnection(where.host, where.port, timeout=PATIENCE)
        self.conn.request("GET", PAGE_STREAM)
        self.response = self.conn.getresponse()
        self.mains: list[str] = []
        self.first = threading.Event()

    def run(self) -> None:
        data: list[str] = []
        with contextlib.suppress(Exception):  # the stream closed, from either end
            while line := self.response.readline().decode():
                if line.startswith("data: "):
                    data.append(line.removeprefix("data: ").rstrip("\n"))
                elif line == "\n" and data:
                    self.mains.append(json.loads("\n".join(data))["main"])
                    data = []
                    self.first.set()

    def shows(self, text: str) -> bool:
        return bool(self.mains) and text in self.mains[-1]

    def close(self) -> None:
        with contextlib.suppress(OSError, AttributeError):  # closed already
            self.conn.sock.shutdown(socket.SHUT_RDWR)
        self.conn.close()


def reload(where: Board) -> tuple[int, int]:
    """A phone reloads the page, and a script on it asks for the state: one connection."""
    conn = http.client.HTTPConnection(where.host, where.port, timeout=PATIENCE)
    try:
        statuses = []
        for path in ("/", "/state.json"):
            conn.request("GET", path)
            response = conn.getresponse()
            response.read()
            statuses.append(response.status)
        return statuses[0], statuses[1]
    finally:
        conn.close()


def until(check: Any, what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def in_parallel(count: int, work: Any) -> list[Any]:
    """``work(i)`` for i in range(count), each in a thread of its own, all at once."""
    results: list[Any] = [None] * count
    ready = threading.Barrier(count)

    def one(i: int) -> None:
        ready.wait(PATIENCE)
        try:
            results[i] = work(i)
        except OSError as err:
            results[i] = err

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(PATIENCE * 2)
    return results


# --- a full table ---------------------------------------------------------------------


@ALONE
def test_as_many_phones_as_promised_follow_and_every_page_request_is_answered(
    board: Board,
) -> None:
    """docs/board.md: 128 phones follow the board at once. Each loads the page and
    follows what its script follows; a save by another process reaches every one,
    each of them can load the page and /state.json again meanwhile, and the 129th is
    answered 503 with the line its page shows."""
    phones = [Phone(board) for _ in range(MAX_LISTENERS)]
    try:
        for phone in phones:
            phone.start()
        until(lambda: all(p.first.is_set() for p in phones), "every phone's first event")
        assert all(p.shows("Bob to bid") for p in phones)
        run_ohhell("bid", "3", "-g", "friday")
        until(lambda: all(p.shows("Cat to bid") for p in phones), "the save on every phone")
        asked = in_parallel(MAX_LISTENERS, lambda i: reload(board))
        assert asked == [(200, 200)] * MAX_LISTENERS
        assert all(len(p.mains) == 2 for p in phones)  # nothing more per save
        status, headers, body = request(board, PAGE_STREAM)
        assert status == 503
        assert (
            body.decode() == f"The board is full ({MAX_LISTENERS} phones follow it); trying again…"
        )
        assert headers["retry-after"] == str(RETRY_AFTER)
    finally:
        for phone in phones:
            phone.close()


@ALONE
def test_a_burst_of_listeners_is_served_to_the_bound_and_the_rest_told_to_wait(
    board: Board,
) -> None:
    """200 streams opened at once: 128 follow, the other 72 are answered 503 at once,
    and the page is still served."""
    conns: list[http.client.HTTPConnection] = []

    def listen(i: int) -> int:
        conn = http.client.HTTPConnection(board.host, board.port, timeout=PATIENCE)
        conns.append(conn)
        conn.request("GET", "/events")
        response = conn.getresponse()
        if response.status == 200:
            assert response.readline().startswith(b"retry: ")
            assert response.readline().startswith(b"id: ")  # the state's version
            assert response.readline().startswith(b'data: {"id": "friday"')
        return response.status

    try:
        statuses = in_parallel(200, listen)
        assert sorted(statuses) == [200] * MAX_LISTENERS + [503] * (200 - MAX_LISTENERS)
        assert request(board, "/")[0] == 200
    finally:
        for conn in conns:
            conn.close()


# --- idle and half-open connections ------------------------------------------------


@ALONE
def test_idle_connections_are_closed_and_lock_no_phone_out(board: Board) -> None:
    """More connections than the board keeps, each sending nothing or half a request:
    the board closes each within a few seconds, and answers the page again."""
    count = connections_for(MAX_LISTENERS) + 10
    idle = [
        socket.create_connection((board.host, board.port), timeout=PATIENCE) for _ in range(count)
    ]
    try:
        for n, conn in enumerate(idle):
            if n % 2:
                conn.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and no more
        until(lambda: request(board, "/")[0] == 200, "the page answered again")
        for conn in idle[:20]:  # closed by the board, not by this end
            while chunk := conn.recv(4096):
                assert chunk.startswith(b"HTTP/1.1 503") or chunk == b""
    finally:
        for conn in idle:
            conn.close()


def test_one_connection_past_the_bound_is_told_503_in_words_and_closed(game: str) -> None:
    """What a phone that came one connection too many is answered: 503, why in words,
    when to try again, and the connection closed; and the scorer's terminal says
    which trouble it was."""
    server, thread, where = start(game, max_listeners=1)
    server.trouble.out = said = io.StringIO()  # what `ohhell board` prints on stderr
    idle = [
        socket.create_connection((where.host, where.port), timeout=PATIENCE)
        for _ in range(connections_for(1))
    ]
    try:
        with socket.create_connection((where.host, where.port), timeout=PATIENCE) as late:
            late.sendall(f"GET / HTTP/1.1\r\nHost: {where.host}:{where.port}\r\n\r\n".encode())
            answer = b""
            while chunk := late.recv(4096):  # to the end: the board closes it
                answer += chunk
    finally:
        for conn in idle:
            conn.close()
        server.stop()
        thread.join(PATIENCE)
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode().split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines)
    assert status == "HTTP/1.1 503 Service Unavailable"
    assert body.decode() == "too many connections at once; try again in a moment"
    assert headers["content-type"] == "text/plain; charset=utf-8"
    assert headers["retry-after"] == "5" and headers["connection"] == "close"
    assert said.getvalue() == f"board: {trouble_words('connections')[0]}\n"
    assert "too many connections at once" in said.getvalue()


def closed_by_the_board(conn: socket.socket) -> bool:
    """Whether the board closed ``conn``: its end of the stream, or a reset when a byte
    sent after the board closed reached it (the system answers that with a reset)."""
    try:
        return conn.recv(100) == b""
    except ConnectionResetError:
        return True


def test_a_connection_that_sends_no_whole_request_is_closed_in_a_few_seconds(
    board: Board,
) -> None:
    """A byte now and then never holds a connection: it gets HEAD_TIMEOUT from its
    opening to send a whole request, and the same after each answer."""
    opened = time.monotonic()
    with socket.create_connection((board.host, board.port), timeout=PATIENCE) as conn:
        for byte in b"GET / HT":
            conn.sendall(bytes([byte]))
            time.sleep(HEAD_TIMEOUT / 4)
            if time.monotonic() - opened > HEAD_TIMEOUT + 1:
                break
        conn.settimeout(PATIENCE)
        assert closed_by_the_board(conn)
    with socket.create_connection((board.host, board.port), timeout=PATIENCE) as conn:
        conn.sendall(
            f"GET /state.json HTTP/1.1\r\nHost: {board.host}:{board.port}\r\n\r\n".encode()
        )
        assert conn.recv(100).startswith(b"HTTP/1.1 200")
        with contextlib.suppress(TimeoutError):
            while conn.recv(65536):  # the rest of the answer; then nothing more
                pass
        assert conn.recv(100) == b""  # idle after its answer: closed too


# --- the Host ---------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/state.json", "/events", "/nowhere", "/?view=hall"])
@pytest.mark.parametrize(
    "host",
    [
        "attacker.example",
        "attacker.example:{port}",
        "127.0.0.1",
        "localhost:1",
        "",
        "127.0.0.2:{port}",
    ],
)
def test_a_host_that_is_not_the_boards_is_421_on_every_route(
    board: Board, path: str, host: str
) -> None:
    status, _headers, body = request(board, path, headers={"Host": host.format(port=board.port)})
    assert status == 421
    assert b"friday" not in body


@pytest.mark.parametrize(
    "host", ["127.0.0.1:{port}", "localhost:{port}", "LocalHost:{port}", "[::1]:{port}"]
)
def test_the_boards_own_names_are_answered(board: Board, host: str) -> None:
    status, _headers, body = request(
        board, "/state.json", headers={"Host": host.format(port=board.port)}
    )
    assert status == 200 and json.loads(body)["id"] == "friday"


def test_a_board_on_the_lan_answers_its_own_address_only() -> None:
    """The names a board answers to: its address and port; on loopback, the machine's
    own names with that port too; on port 80 with or without it."""
    assert served_at("192.168.1.20", 8765) == {"192.168.1.20:8765"}
    assert served_at("127.0.0.1", 8765) == {
        "127.0.0.1:8765",
        "localhost:8765",
        "[::1]:8765",
    }
    assert served_at("::1", 80) == {
        "[::1]:80",
        "[::1]",
        "127.0.0.1:80",
        "127.0.0.1",
        "localhost:80",
        "localhost",
    }
    assert served_at("10.0.0.7", 80) == {"10.0.0.7:80", "10.0.0.7"}
    # An IPv6 address with letters: a phone may send it in either case.
    assert served_at("fe80::abcd", 8765) == {"[fe80::abcd]:8765"}
    assert served_at("FE80::ABCD", 8765) == {"[fe80::abcd]:8765"}


# --- following the files -------------------------------------------------------------


def follow_with_notices_only(game: str, monkeypatch: pytest.MonkeyPatch, notices: bool) -> Any:
    """A board that stats its files once an hour: it learns of a change from the
    system's notice (``notices``) or from ``Hub.saved()`` alone."""
    if not notices:
        monkeypatch.setattr(notice, "watch", lambda folders: None)
    return start(game, poll=3600.0)


#: Who saves the served game: another process (a terminal at the table), or this one
#: (where a mutation run sees the board's code: it skips the other).
SAVERS = ["another process", "this process"]


def saver(ohhell: Ohhell, who: str) -> Callable[..., None]:
    if who == SAVERS[0]:
        return run_ohhell

    def in_this_process(*args: str) -> None:
        ohhell.ok(*args)

    return in_this_process


@ALONE
@pytest.mark.parametrize("who", SAVERS)
def test_a_save_by_another_process_is_heard_from_the_system_at_once(
    ohhell: Ohhell, game: str, monkeypatch: pytest.MonkeyPatch, who: str
) -> None:
    save = saver(ohhell, who)
    server, thread, where = follow_with_notices_only(game, monkeypatch, notices=True)
    follower = Follower(where)
    follower.start()
    try:
        until(lambda: follower.states, "the first event")
        for n, entry in enumerate((("bid", "3"), ("bid", "4"), ("undo",)), start=2):
            save(*entry, "-g", "friday")
            until(lambda n=n: len(follower.states) >= n, f"the event of {entry}")
        assert follower.states[-1]["hands"][0]["bids"] == {"Bob": 3}
    finally:
        server.stop()
        thread.join(PATIENCE)


def test_a_save_through_the_server_reaches_the_listeners_without_any_notice(
    ohhell: Ohhell, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What an entry route does after it saved: ``await hub.saved()``; no notice, no
    stat in between."""
    server, thread, where = follow_with_notices_only(game, monkeypatch, notices=False)
    follower = Follower(where)
    follower.start()
    try:
        until(lambda: follower.states, "the first event")
        ohhell.ok("bid", "3")  # in this process, as an entry route saves
        asyncio.run_coroutine_threadsafe(server.hub.saved(), server.loop).result(PATIENCE)
        until(lambda: len(follower.states) == 2, "the event of the save")
        assert follower.states[-1]["hands"][0]["bids"] == {"Bob": 3}
    finally:
        server.stop()
        thread.join(PATIENCE)


def test_a_data_folder_replaced_whole_is_followed_by_stat(
    ohhell: Ohhell, game: str, data_dir: Path
) -> None:
    """A folder the system watched goes (a sync tool moved it away and back): no notice
    will come from it, so the board stats the files, and the phones follow its game."""
    server, thread, where = start(game)
    follower = Follower(where)
    follower.start()
    try:
        until(lambda: follower.states, "the first event")
        kept = data_dir.with_name("kept")
        data_dir.rename(kept)
        kept.rename(data_dir)  # the same folder back: its watch is gone all the same
        ohhell.ok("bid", "3")
        until(lambda: follower.states[-1]["hands"][0]["bids"] == {"Bob": 3}, "the bid")
    finally:
        server.stop()
        thread.join(PATIENCE)


def test_a_save_no_one_noticed_reaches_the_listeners_as_the_board_stops(
    ohhell: Ohhell, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last look of a stopping board (Ctrl-C just after a save, before the system's
    notice came), in the board's own process: every phone has the save."""
    server, thread, where = follow_with_notices_only(game, monkeypatch, notices=False)
    follower = Follower(where)
    follower.start()
    try:
        until(lambda: follower.states, "the first event")
        ohhell.ok("bid", "3")  # no notice, and no stat for an hour
    finally:
        server.stop()
        thread.join(PATIENCE)
    assert follower.last()["hands"][0]["bids"] == {"Bob": 3}


@pytest.mark.parametrize("who", SAVERS)
def test_where_the_system_sends_no_notice_the_files_are_stated(
    ohhell: Ohhell, game: str, monkeypatch: pytest.MonkeyPatch, who: str
) -> None:
    save = saver(ohhell, who)
    monkeypatch.setattr(notice, "watch", lambda folders: None)
    server, thread, where = start(game)  # the quarter-second stat
    follower = Follower(where)
    follower.start()
    try:
        until(lambda: follower.states, "the first event")
        save("bid", "3", "-g", "friday")
        until(lambda: len(follower.states) == 2, "the event of the save")
    finally:
        server.stop()
        thread.join(PATIENCE)


def test_a_network_share_sends_no_notice(tmp_path: Path) -> None:
    """A change made by another machine sends no notice here: no watch on a network
    file system (the longest mount point holding the folder decides)."""
    mounts = (
        "/dev/sda1 / ext4 rw 0 0\n"
        f"server:/export {tmp_path} nfs4 rw 0 0\n"
        f"/dev/sdb1 {tmp_path}/local ext4 rw 0 0\n"
    )
    (tmp_path / "local").mkdir()
    assert notice.on_network(tmp_path, mounts)
    assert notice.on_network(tmp_path / "games", mounts)
    assert not notice.on_network(tmp_path / "local", mounts)
    assert not notice.on_network(Path("/"), mounts)
    assert notice.watch([tmp_path / "local"]) is not None or not sys.platform.startswith("linux")


# --- the last save before the board stops -----------------------------------------


@ALONE
def test_board_sends_a_save_made_just_before_ctrl_c(game: str) -> None:
    child = spawn_board("--port", "0")
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline().rsplit(":", 1)[1].strip(" /\n"))
        follower = Follower(Board("127.0.0.1", port, ""))
        follower.start()
        until(lambda: follower.states, "the first event")
        run_ohhell("bid", "3", "-g", "friday")
        child.send_signal(signal.SIGINT)  # at once: no poll has looked yet
        assert child.wait(PATIENCE) == 0
        assert follower.last()["hands"][0]["bids"] == {"Bob": 3}
    finally:
        child.kill()
        child.wait()


@ALONE
def test_play_board_shows_the_last_hand(ohhell: Ohhell, data_dir: Path) -> None:
    """`play --board` in a real terminal: the tricks of the last hand end the game and
    `play`, and every phone has them first."""
    import pexpect

    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "table")
    child = spawn_play_board(data_dir)
    try:
        child.expect(r"board: http://127\.0\.0\.1:(\d+)/")
        follower = Follower(Board("127.0.0.1", int(child.match.group(1)), ""))
        follower.start()
        for answer in ("0", "1", "1", "0", "1", "0"):  # the bids, then the tricks
            child.expect(r": $")
            child.sendline(answer)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    last = follower.last()
    assert last == ohhell.sheet("-g", "table")
    assert last["finished"] is True


# --- what the terminal shows ----------------------------------------------------------


@ALONE
def test_a_flood_of_bad_requests_says_one_line_a_kind(game: str) -> None:
    """300 bad requests of three kinds: one line each on the board's stderr, and one
    line that sums them up when it stops; never uvicorn's own words."""
    child = spawn_board("--port", "0")
    try:
        assert child.stdout is not None
        port = int(child.stdout.readline().rsplit(":", 1)[1].strip(" /\n"))
        kinds = [
            b"not http at all\r\n\r\n",
            b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: Upgrade\r\n"
            b"Upgrade: websocket\r\n\r\n" % port,
            b"GET /state.json HTTP/1.1\r\nHost: attacker.example\r\n\r\n",
        ]

        def bad(i: int) -> bytes:
            with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as conn:
                conn.sendall(kinds[i % 3])
                return conn.recv(20)

        answers = [bad(i) for i in range(300)]
        assert {a[:12] for a in answers} == {b"HTTP/1.1 400", b"HTTP/1.1 200", b"HTTP/1.1 421"}
        child.send_signal(signal.SIGINT)
        assert child.wait(PATIENCE) == 0
        assert child.stderr is not None
        said = child.stderr.read().splitlines()
    finally:
        child.kill()
        child.wait()
    assert said == [
        "board: a request that is not HTTP was refused",
        "board: a WebSocket request was refused (the board sends its events over HTTP)",
        "board: a request for another address than the board's was refused (421)",
        "board: refused while it ran: requests for another address 100, requests not HTTP 100, "
        "WebSocket requests 100",
    ]


#: What the board says of each kind of trouble, the first time and in the summary.
SAID = {
    "malformed": ("a request that is not HTTP was refused", "requests not HTTP"),
    "upgrade": (
        "a WebSocket request was refused (the board sends its events over HTTP)",
        "WebSocket requests",
    ),
    "host": (
        "a request for another address than the board's was refused (421)",
        "requests for another address",
    ),
    "listeners": (
        "the board is full: one more phone was asked to try again later",
        "phones over the bound",
    ),
    "connections": (
        "too many connections at once: one more was asked to try again later",
        "connections over the bound",
    ),
    "code": ("a wrong entry code, or one sent from another site, was refused", "wrong entry codes"),
    "failed": ("a request failed inside the board; the board goes on", "failed requests"),
    "other": ("the server met a problem it did not name; the board goes on", "others"),
}


def test_each_kind_of_trouble_is_said_once_in_the_boards_words_then_counted() -> None:
    out = io.StringIO()
    trouble = Trouble(out)
    for kind in [*SAID, *SAID]:  # twice is "more than once": summed up
        trouble.note(kind)
    trouble.summary()
    counts = dict.fromkeys(SAID, 2)
    parts = ", ".join(f"{SAID[kind][1]} {n}" for kind, n in sorted(counts.items()))
    assert out.getvalue().splitlines() == [
        *(f"board: {first}" for first, _ in SAID.values()),
        f"board: refused while it ran: {parts}",
    ]
    once = io.StringIO()
    lone = Trouble(once)
    lone.note("host")
    lone.summary()  # nothing came twice: no summary
    assert once.getvalue() == f"board: {SAID['host'][0]}\n"


def test_what_peers_cause_is_said_by_kind_from_the_boards_own_process(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The flood's lines in the test's process, where a mutation run sees the board's
    code: each refusal a peer causes is heard as its kind, uvicorn's own words never
    reach the terminal, and its news that is no peer's doing is not said."""
    code = phones.codes_of([game])[game]
    doors = Doors({game: code}, confirm=False)
    server = make_server(served(game, None), max_listeners=1, doors=doors)
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    thread = serve_in_background(server, sock)
    where = Board("127.0.0.1", port, "")
    bad = [
        b"not http at all\r\n\r\n",
        b"GET /events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: Upgrade\r\n"
        b"Upgrade: websocket\r\n\r\n" % port,
        b"GET /state.json HTTP/1.1\r\nHost: attacker.example\r\n\r\n",
    ]
    try:
        for request_bytes in bad * 2:
            with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as raw:
                raw.sendall(request_bytes)
                assert raw.recv(20)
        listening = Stream(where)
        listening.next()
        for _ in range(2):
            full = Stream(where)
            assert full.response.status == 503
            assert full.response.read().decode() == (
                "The board is full (1 phone follows it); trying again…"
            )
            full.close()
        listening.close()
        wrong = "000000" if code != "000000" else "111111"
        statuses = []
        for _ in range(PER_ADDRESS + 1):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
            kind = {"Content-Type": "application/x-www-form-urlencoded"}
            conn.request("POST", "/enter", body=f"code={wrong}", headers=kind)
            statuses.append(conn.getresponse().status)
            conn.close()
        assert statuses == [403] * PER_ADDRESS + [429]
        uvicorn_said = logging.getLogger("uvicorn.error")
        uvicorn_said.error("Exception in ASGI application")
        uvicorn_said.warning("No supported WebSocket library detected.")
        uvicorn_said.error("Cancel 1 running task(s), timeout graceful shutdown exceeded")
        uvicorn_said.error("something uvicorn never said before")
    finally:
        server.stop()
        thread.join(PATIENCE)
    counts = {"malformed": 2, "upgrade": 2, "host": 2, "listeners": 2, "code": 6}
    counts |= {"failed": 1, "other": 1}
    parts = ", ".join(f"{SAID[kind][1]} {n}" for kind, n in sorted(counts.items()))
    assert capsys.readouterr().err.splitlines() == [
        *(f"board: {SAID[kind][0]}" for kind in counts),
        f"board: refused while it ran: {parts}",
    ]


# --- an unreadable game ---------------------------------------------------------------


@ALONE
def test_an_unreadable_game_tells_the_phones_no_path_of_the_laptop(
    board: Board, data_dir: Path
) -> None:
    follower = Follower(board)
    follower.start()
    try:
        until(lambda: follower.states, "the first event")
        kept = (data_dir / "friday.json").read_bytes()
        (data_dir / "friday.json").unlink()
        (data_dir / "friday.json").mkdir()  # not a file
        until(lambda: "error" in follower.states[-1], "the error event")
        (data_dir / "friday.json").rmdir()
        (data_dir / "friday.json").write_text("{ not json")  # damaged
        until(lambda: "JSON" in follower.states[-1].get("error", ""), "the damaged file said")
        errors = [s["error"] for s in follower.states if "error" in s]
        page = request(board, "/")[2].decode()
        (data_dir / "friday.json").write_bytes(kept)
    finally:
        follower.stream.close()
    assert len(errors) >= 2
    for error in [*errors, page]:
        assert str(data_dir) not in error and str(data_dir.resolve()) not in error
    assert any(e.startswith("cannot read friday.json: ") for e in errors)
