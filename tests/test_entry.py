"""The board's entry routes (`board --entry`; docs/scripting.md "Entry from the phones",
docs/board.md): the code and its cookie, every status of ``POST /entry``, the version
as ETag and event id, a tournament's tables, and the code never served.

Every server listens on 127.0.0.1 (a second client address is 127.0.0.2, on the same
loopback) and is stopped by its test; every request is bounded by a deadline.
"""

from __future__ import annotations

import errno
import http.client
import json
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from starlette.requests import Request

from ohhell_score.actions import phones
from ohhell_score.actions.board import served
from ohhell_score.cli.board import code_lines
from ohhell_score.domain.errors import BadValue
from ohhell_score.serve.entry import (
    COOKIE,
    MAX_ADDRESSES,
    MAX_TOKENS,
    OVERALL,
    PER_ADDRESS,
    WINDOW,
    Doors,
    Limiter,
)
from ohhell_score.serve.server import bind, make_server, serve_in_background
from ohhell_score.storage import notice, tournaments
from tests.conftest import ALONE, Ohhell
from tests.test_board import sent_at_once

PATIENCE = 20.0


class Answer(NamedTuple):
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def etag(self) -> str:
        return self.headers["etag"].strip('"')


class Board:
    """A board served in a thread of the test, and the requests a phone makes to it."""

    def __init__(
        self,
        game: str | None,
        tournament: str | None,
        doors: Doors | None,
        on_seated: Callable[[dict[str, str]], None] | None = None,
    ) -> None:
        self.server = make_server(
            served(game, tournament), quiet=True, doors=doors, on_seated=on_seated
        )
        sock = bind("127.0.0.1", 0)
        self.port = sock.getsockname()[1]
        self.host = f"127.0.0.1:{self.port}"
        self.thread = serve_in_background(self.server, sock)
        assert self.server.ready.is_set()

    def stop(self) -> None:
        self.server.stop()
        self.thread.join(PATIENCE)
        assert not self.thread.is_alive()

    def ask(
        self,
        path: str,
        method: str = "GET",
        body: bytes | str | None = None,
        headers: dict[str, str] | None = None,
        source: str = "127.0.0.1",
    ) -> Answer:
        conn = http.client.HTTPConnection(
            "127.0.0.1", self.port, timeout=PATIENCE, source_address=(source, 0)
        )
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            return Answer(
                response.status,
                {k.lower(): v for k, v in response.getheaders()},
                response.read(),
            )
        finally:
            conn.close()

    def code(self, code: str, *, source: str = "127.0.0.1", as_json: bool = False) -> Answer:
        if as_json:
            body, kind = json.dumps({"code": code}), "application/json"
        else:
            body, kind = f"code={code}", "application/x-www-form-urlencoded"
        return self.ask("/enter", "POST", body, {"Content-Type": kind}, source)

    def cookie(self, code: str) -> str:
        """The cookie a phone gets for ``code`` (as it sends it back)."""
        answer = self.code(code)
        assert answer.status == 303, answer
        return answer.headers["set-cookie"].split(";")[0]

    def state(self, path: str = "/state.json") -> Answer:
        return self.ask(path)

    def enter(
        self,
        cookie: str | None,
        body: dict[str, Any] | bytes,
        *,
        path: str = "/entry",
        version: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """A phone's entry (on the version the board serves now, unless ``version``)."""
        if isinstance(body, dict):
            seen = version or self.state(path.removesuffix("entry") + "state.json").etag
            body = json.dumps({"version": seen, **body}).encode()
        sent = {"Content-Type": "application/json", **(headers or {})}
        if cookie is not None:
            sent["Cookie"] = cookie
        return self.ask(path, "POST", body, sent)

    def first_event(self, path: str = "/events") -> tuple[str, dict[str, Any]]:
        """The id and state of the event a listener gets on connecting."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=PATIENCE)
        try:
            conn.request("GET", path)
            response = conn.getresponse()
            event: dict[str, str] = {}
            while (line := response.readline().decode()) != "\n":
                assert line, "the stream ended"
                key, _, value = line.partition(": ")
                event[key] = value.rstrip("\n")
            return event["id"], json.loads(event["data"])
        finally:
            conn.close()


@pytest.fixture
def game(ohhell: Ohhell) -> str:
    """Game t: Ann, Bob, Cat; 2 cards then 1, no trump, no hook; Bob bids first."""
    options = ("--hands", "2,1", "--trump", "none", "--hook", "never")
    ohhell.ok("new", "Ann", "Bob", "Cat", *options, "-g", "t")
    return "t"


def board_of(game: str | None = None, tournament: str | None = None, **doors: Any) -> Board:
    games = [game] if game else list(served(None, tournament).tables())
    return Board(game, tournament, Doors(phones.codes_of(games), **doors))


@pytest.fixture
def board(game: str) -> Iterator[Board]:
    where = board_of(game, confirm=False)
    yield where
    where.stop()


@pytest.fixture
def code(board: Board) -> str:
    return phones.codes_of(["t"])["t"]


# --- the code and its cookie ----------------------------------------------------------


def test_the_right_code_answers_303_with_an_http_only_strict_cookie(
    board: Board, code: str
) -> None:
    for as_json in (False, True):
        answer = board.code(code, as_json=as_json)
        assert answer.status == 303 and answer.headers["location"] == "/"
        cookie = answer.headers["set-cookie"]
        name, token = cookie.split(";")[0].split("=", 1)
        assert name == "ohhell_entry"
        assert len(token) >= 22  # base64 of at least 128 bits
        assert "httponly" in cookie.lower() and "samesite=strict" in cookie.lower()


def test_a_code_sent_as_a_number_is_a_wrong_code(board: Board, code: str) -> None:
    answer = board.ask(
        "/enter", "POST", f'{{"code": {int(code)}}}', {"Content-Type": "application/json"}
    )
    assert answer.status == 403 and "set-cookie" not in answer.headers


def test_each_code_gives_a_cookie_of_its_own(board: Board, code: str) -> None:
    assert board.cookie(code) != board.cookie(code)


def test_a_wrong_code_is_403_and_gives_no_cookie(board: Board, code: str) -> None:
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    for sent in (wrong, "", "abc", code + "0"):
        answer = board.code(sent)
        assert answer.status == 403
        assert answer.json == {"error": "that is not the code of a table on this board"}
        assert "set-cookie" not in answer.headers
        assert answer.headers["cache-control"] == "no-store"  # no phone keeps a refusal


def test_five_wrong_codes_from_one_address_close_the_door_to_it_alone(
    board: Board, code: str
) -> None:
    for _ in range(PER_ADDRESS):
        assert board.code("000000" if code != "000000" else "111111").status == 403
    refused = board.code(code)
    assert refused.status == 429 and int(refused.headers["retry-after"]) > 0
    assert refused.json == {"error": "too many wrong codes: try again in a minute"}
    assert refused.headers["cache-control"] == "no-store"
    assert board.code(code, source="127.0.0.2").status == 303


def test_an_address_that_says_it_forwards_another_is_still_counted_as_itself(
    board: Board, code: str
) -> None:
    """A phone cannot shed its wrong codes by naming another address in a proxy's
    header: the board trusts no proxy (it is answered directly), so the door it closed
    stays closed whatever X-Forwarded-For says."""
    for n in range(PER_ADDRESS):
        forged = {"Content-Type": "application/x-www-form-urlencoded"}
        forged["X-Forwarded-For"] = f"10.0.0.{n + 1}"
        assert board.ask("/enter", "POST", "code=000000", forged).status == 403
    refused = board.ask(
        "/enter",
        "POST",
        f"code={code}",
        {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "10.0.9.9"},
    )
    assert refused.status == 429


def test_the_codes_ohhell_board_prints_are_the_ones_its_doors_take(game: str) -> None:
    """`ohhell board --entry` prints the code its board opens to, read from the board
    itself (in the board's own process: a mutation run sees it)."""
    code = phones.codes_of([game])[game]
    server = make_server(served(game, None), quiet=True, doors=Doors({game: code}, confirm=False))
    assert code_lines(server) == [f"entry code: {code}"]
    assert code_lines(make_server(served(game, None), quiet=True)) == []


def test_fifty_wrong_codes_in_all_close_the_door_to_every_address(board: Board, code: str) -> None:
    wrong = "000000" if code != "000000" else "111111"
    for n in range(OVERALL):
        assert board.code(wrong, source=f"127.0.1.{n // PER_ADDRESS + 1}").status == 403
    assert board.code(code, source="127.0.2.1").status == 429


def test_a_closed_door_opens_again_a_minute_after_the_last_wrong_code() -> None:
    now = [1000.0]
    limiter = Limiter(lambda: now[0])
    for _ in range(PER_ADDRESS):
        assert limiter.wait("a") == 0
        limiter.wrong("a")
    assert limiter.wait("a") == WINDOW and limiter.wait("b") == 0
    now[0] += WINDOW - 1
    assert limiter.wait("a") == 1
    now[0] += 1
    assert limiter.wait("a") == 0
    limiter.wrong("a")  # the earlier ones are out of the window: one is not five
    assert limiter.wait("a") == 0


def test_a_closed_door_stays_closed_to_its_last_moment_however_often_the_phone_asks() -> None:
    now = [1000.0]
    limiter = Limiter(lambda: now[0])
    for _ in range(PER_ADDRESS):
        limiter.wrong("a")
    for tenths in range(595, 600):
        now[0] = 1000.0 + tenths / 10
        assert limiter.wait("a") == pytest.approx(WINDOW - tenths / 10)
    now[0] = 1000.0 + WINDOW
    assert limiter.wait("a") == 0


def test_an_address_is_counted_however_many_others_gave_wrong_codes_before() -> None:
    """The board forgets the oldest addresses past MAX_ADDRESSES, never the one that
    is guessing now."""
    now = [0.0]
    limiter = Limiter(lambda: now[0])
    for n in range(MAX_ADDRESSES):  # one wrong code each, too far apart to close the door
        limiter.wrong(f"10.0.{n // 256}.{n % 256}")
        now[0] += 2 * WINDOW / OVERALL
    for _ in range(PER_ADDRESS):
        limiter.wrong("b")
    assert limiter.wait("b") == WINDOW


def phone_with(token: str) -> Request:
    return Request({"type": "http", "headers": [(b"cookie", f"{COOKIE}={token}".encode())]})


def test_the_board_forgets_the_oldest_cookies_past_its_bound_never_the_newest() -> None:
    doors = Doors({"t": "123456"}, confirm=False)
    tokens = [doors.admit("t") for _ in range(MAX_TOKENS + 1)]
    assert doors.token_for(phone_with(tokens[0]), "t") is None  # the oldest: code again
    for token in (tokens[1], tokens[-1]):
        assert doors.token_for(phone_with(token), "t") == token


def test_wrong_codes_spread_over_more_than_a_minute_do_not_close_the_door() -> None:
    now = [0.0]
    limiter = Limiter(lambda: now[0])
    for _ in range(3 * PER_ADDRESS):
        limiter.wrong("a")
        now[0] += WINDOW / (PER_ADDRESS - 1)
    assert limiter.wait("a") == 0


# --- POST /entry ----------------------------------------------------------------------


def test_an_entry_is_saved_200_with_the_state_and_its_version(
    ohhell: Ohhell, board: Board, code: str
) -> None:
    before = board.state().etag
    answer = board.enter(board.cookie(code), {"bids": {"Bob": 1, "Cat": 0}})
    assert answer.status == 200 and answer.headers["cache-control"] == "no-store"
    assert answer.json == {"state": ohhell.sheet("-g", "t")}
    assert answer.etag != before
    assert answer.etag == board.state().etag == board.ask("/").etag
    assert board.first_event() == (answer.etag, answer.json["state"])


def test_without_a_cookie_of_this_board_for_this_game_401(board: Board, code: str) -> None:
    for cookie in (None, "ohhell_entry=", "ohhell_entry=forged", "other=1"):
        answer = board.enter(cookie, {"bids": {"Bob": 1}})
        assert answer.status == 401
        assert answer.json == {"error": "give the table's code first (Enter)"}


def test_an_origin_of_another_site_403(board: Board, code: str) -> None:
    cookie = board.cookie(code)
    for origin in ("http://evil.example", "null", f"http://localhost:{board.port + 1}"):
        answer = board.enter(cookie, {"bids": {"Bob": 1}}, headers={"Origin": origin})
        assert answer.status == 403, origin
        assert answer.json == {"error": "entries are made on the board's own page"}
    own = board.enter(cookie, {"bids": {"Bob": 1}}, headers={"Origin": f"http://{board.host}"})
    assert own.status == 200


def test_a_foreign_origin_cannot_give_a_code(board: Board, code: str) -> None:
    answer = board.ask(
        "/enter",
        "POST",
        f"code={code}",
        {"Content-Type": "application/x-www-form-urlencoded", "Origin": "http://evil.example"},
    )
    assert answer.status == 403 and "set-cookie" not in answer.headers
    assert answer.json == {"error": "a code is given on the board's own page"}


def test_a_stale_version_409_with_the_state_and_nothing_saved(
    ohhell: Ohhell, board: Board, code: str
) -> None:
    cookie = board.cookie(code)
    seen = board.state().etag
    ohhell.ok("bid", "-g", "t", "1")  # the terminal, meanwhile
    answer = board.enter(cookie, {"bids": {"Bob": 2}}, version=seen)
    assert answer.status == 409
    assert answer.json["state"] == ohhell.sheet("-g", "t")
    assert answer.json["error"] == (
        "the game changed meanwhile (another ohhell at work?): "
        "that answer was not stored; here is where the game stands now"
    )
    assert answer.etag == board.state().etag
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1}


def test_a_version_sent_as_the_etag_with_quotes_is_the_same(board: Board, code: str) -> None:
    etag = board.state().headers["etag"]
    assert board.enter(board.cookie(code), {"bids": {"Bob": 1}}, version=etag).status == 200


def test_a_body_over_16_kib_413(board: Board, code: str) -> None:
    cookie = board.cookie(code)
    padded = {"bids": {"Bob": 1}, "version": "x" * (16 * 1024)}
    answer = board.enter(cookie, json.dumps(padded).encode())
    assert answer.status == 413
    assert answer.json == {"error": "an entry is at most 16 KiB"}
    assert answer.headers["cache-control"] == "no-store"
    # Sent in chunks, with no length said first: read up to the bound, and no further.
    conn = http.client.HTTPConnection("127.0.0.1", board.port, timeout=PATIENCE)
    try:
        chunks = (b"x" * 1024 for _ in range(64))
        headers = {"Content-Type": "application/json", "Cookie": cookie}
        conn.request("POST", "/entry", body=chunks, headers=headers, encode_chunked=True)
        assert conn.getresponse().status == 413
    finally:
        conn.close()


def test_a_body_of_16_kib_exactly_is_read(ohhell: Ohhell, board: Board, code: str) -> None:
    """At most 16 KiB: a body of that size is an entry, its length said or sent in
    chunks; a charset after the JSON type changes nothing."""
    cookie = board.cookie(code)
    for bids, chunked in (({"Bob": 1}, False), ({"Cat": 0}, True)):
        entry = json.dumps({"version": board.state().etag, "bids": bids})
        body = entry.encode().ljust(16 * 1024)  # JSON allows the spaces after it
        conn = http.client.HTTPConnection("127.0.0.1", board.port, timeout=PATIENCE)
        try:
            headers = {"Content-Type": "application/json; charset=utf-8", "Cookie": cookie}
            sent = (body[i : i + 1024] for i in range(0, len(body), 1024)) if chunked else body
            conn.request("POST", "/entry", body=sent, headers=headers, encode_chunked=chunked)
            assert conn.getresponse().status == 200
        finally:
            conn.close()
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1, "Cat": 0}


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        (b"{not json", "application/json"),
        (b'{"version": "v", "bids": {"Bob": "one"}}', "application/json"),
        (b'{"version": "v", "pass": true}', "application/json"),
        (b"bids=1", "application/x-www-form-urlencoded"),
        (b'{"version": "v", "undo": true}', "text/plain"),
    ],
)
def test_a_body_not_json_or_of_the_wrong_form_400(
    board: Board, code: str, body: bytes, kind: str
) -> None:
    answer = board.enter(board.cookie(code), body, headers={"Content-Type": kind})
    assert answer.status == 400
    if kind != "application/json":
        why = "an entry is sent as JSON (Content-Type: application/json)"
    elif body.startswith(b"{not"):
        why = "an entry is a JSON object"
    else:  # what is wrong with its form, in the words phones.py says it in
        with pytest.raises(BadValue) as refused:
            phones.parse_request(json.loads(body))
        why = str(refused.value)
    assert answer.json == {"error": why}


def test_refused_by_the_rules_422_with_the_line_ohhell_says(
    ohhell: Ohhell, board: Board, code: str
) -> None:
    cookie = board.cookie(code)
    answer = board.enter(cookie, {"bids": {"Cat": 1}})
    assert answer.status == 422
    assert ohhell.refused("bid", "-g", "t", "Cat=1") == f"ohhell: {answer.json['error']}\n"
    answer = board.enter(cookie, {"undo": True})
    assert answer.status == 422
    assert ohhell.refused("undo", "-g", "t") == f"ohhell: {answer.json['error']}\n"


def test_a_save_the_disk_refuses_is_422_with_the_systems_reason(
    board: Board, code: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    cookie = board.cookie(code)
    for failure, why in (
        (OSError(errno.ENOSPC, "No space left on device"), "No space left on device"),
        (OSError("the share went away"), "the share went away"),
    ):

        def enter(*args: Any, failure: OSError = failure, **kwargs: Any) -> bool:
            raise failure

        monkeypatch.setattr(phones, "enter", enter)
        answer = board.enter(cookie, {"bids": {"Bob": 1}})
        assert (answer.status, answer.json) == (422, {"error": why})


def test_a_refusal_is_said_in_the_tables_language(
    game: str, code: str, board: Board, dutch: None
) -> None:
    answer = board.enter(board.cookie(code), {"bids": {"Cat": 1}})
    assert answer.status == 422 and "ronde" in answer.json["error"]


def test_two_phones_at_once_one_saved_one_409(ohhell: Ohhell, board: Board, code: str) -> None:
    seen = board.state().etag
    cookies = [board.cookie(code), board.cookie(code)]
    answers: list[Answer] = []
    start = threading.Barrier(2)

    def press(cookie: str, bid: int) -> None:
        start.wait()
        answers.append(board.enter(cookie, {"bids": {"Bob": bid}}, version=seen))

    pressing = [threading.Thread(target=press, args=(c, n)) for n, c in enumerate(cookies)]
    for thread in pressing:
        thread.start()
    for thread in pressing:
        thread.join(PATIENCE)
    assert sorted(a.status for a in answers) == [200, 409]
    saved = next(a for a in answers if a.status == 200).json["state"]
    assert ohhell.sheet("-g", "t") == saved and len(saved["hands"][0]["bids"]) == 1


#: What a request for another address than the board's is answered (421).
NOT_HERE = "this board answers at the address it printed, not at another"


def test_421_for_a_host_the_board_does_not_serve_on(board: Board, code: str) -> None:
    for path, method in (("/enter", "POST"), ("/entry", "POST"), ("/state.json", "GET")):
        answer = board.ask(path, method, b"{}", {"Host": "evil.example"})
        assert (answer.status, answer.body.decode()) == (421, NOT_HERE), path


def test_421_for_a_request_that_names_no_host(board: Board) -> None:
    """HTTP/1.0 lets a request leave its Host out: it names no address the board
    serves on either, and is answered the same line (not an error of the board's)."""
    line, body = sent_at_once(board.port, b"GET /state.json HTTP/1.0\r\n")
    assert line.startswith(b"HTTP/1.1 421 "), line
    assert body.decode() == NOT_HERE


@pytest.mark.parametrize("notices", [True, False], ids=["notice", "stat"])
def test_a_save_made_elsewhere_is_drawn_with_the_controls_of_its_step(
    ohhell: Ohhell, game: str, monkeypatch: pytest.MonkeyPatch, notices: bool
) -> None:
    """A board that takes entries draws every new state with its step's controls,
    however it learned of the change: the system's notice, or a stat of the files where
    the system sends none (a network share). A bid typed at the scorer's terminal does
    not leave the phones without their buttons."""
    if not notices:
        monkeypatch.setattr(notice, "watch", lambda folders: None)
    where = board_of(game, confirm=False)
    try:
        before = where.ask("/").body.decode()
        assert 'data-step="bid"' in before and "Bob to bid" in before
        ohhell.ok("bid", "-g", "t", "1")  # Bob bids at the scorer's terminal
        after = where.ask("/").body.decode()
    finally:
        where.stop()
    assert "Cat to bid" in after
    assert 'data-step="bid"' in after and after.count('data-send=\'{"bids"') == 3


# --- held tricks ----------------------------------------------------------------------


@pytest.fixture
def held_board(ohhell: Ohhell, game: str) -> Iterator[Board]:
    ohhell.ok("bid", "-g", "t", "1", "0", "1")
    where = board_of(game, confirm=True)
    yield where
    where.stop()


def test_tricks_held_202_then_confirmed_by_another_phone_200(
    ohhell: Ohhell, held_board: Board
) -> None:
    code = phones.codes_of(["t"])["t"]
    ann, bob = held_board.cookie(code), held_board.cookie(code)
    held = held_board.enter(ann, {"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}})
    assert held.status == 202 and held.json["waiting"] == "confirm"
    assert held.json["state"]["next"]["held"] == {"Bob": 1, "Cat": 0, "Ann": 1}
    assert held.json["state"] == ohhell.sheet("-g", "t")
    assert held.etag == held_board.state().etag
    assert 'data-held-here="on"' in held_board.ask("/", headers={"Cookie": ann}).body.decode()
    theirs = held_board.ask("/", headers={"Cookie": bob}).body.decode()
    assert "data-held-here" not in theirs
    assert "Entered on another phone: Bob 1, Cat 0, Ann 1" in theirs  # what Bob confirms
    same = held_board.enter(ann, {"confirm": True})
    assert same.status == 422 and same.json["error"]
    confirmed = held_board.enter(bob, {"confirm": True})
    assert confirmed.status == 200
    assert confirmed.json["state"]["hands"][0]["tricks"] == {"Bob": 1, "Cat": 0, "Ann": 1}


def test_held_tricks_outlive_a_restart_of_the_board(ohhell: Ohhell, held_board: Board) -> None:
    code = phones.codes_of(["t"])["t"]
    held_board.enter(held_board.cookie(code), {"tricks": {"Ann": 1, "Bob": 1, "Cat": 0}})
    held_board.stop()
    again = board_of("t", confirm=True)
    try:
        assert again.state().json["next"]["held"] == {"Bob": 1, "Cat": 0, "Ann": 1}
        assert again.enter(again.cookie(code), {"confirm": True}).status == 200
    finally:
        again.stop()


# --- read-only, and never served ------------------------------------------------------


def test_without_entry_post_enter_or_entry_405_and_elsewhere_404(game: str) -> None:
    where = Board(game, None, None)
    try:
        for path, body in (("/enter", b"code=123456"), ("/entry", b"{}")):
            answer = where.ask(path, "POST", body)
            assert answer.status == 405
            assert answer.json == {"error": "this board is read-only: start it with --entry"}
        assert where.ask("/elsewhere", "POST", b"{}").status == 404
        assert "data-entry" not in where.ask("/").body.decode()
    finally:
        where.stop()


def test_the_page_says_whether_this_phone_may_enter(board: Board, code: str) -> None:
    first = board.ask("/").body.decode()  # before any change: as the board started
    assert 'data-entry="code"' in first
    assert '<section class="entry" data-step="bid"' in first  # the controls it shows then
    page = board.ask("/", headers={"Cookie": board.cookie(code)}).body.decode()
    assert 'data-entry="entered"' in page


def test_a_game_that_cannot_be_read_asks_for_no_code(
    board: Board, code: str, data_dir: Path
) -> None:
    (data_dir / "t.json").write_text("{ not json")
    page = board.ask("/").body.decode()
    assert "cannot read t.json" in page and "data-entry" not in page


def test_the_code_is_never_served(ohhell: Ohhell, board: Board, code: str, data_dir: Path) -> None:
    cookie = board.cookie(code)
    heard = [
        board.ask("/"),
        board.ask("/", headers={"Cookie": cookie}),
        board.ask("/?view=hall"),
        board.state(),
        board.code("000000" if code != "000000" else "111111"),
        board.code(code),
        board.enter(cookie, {"bids": {"Cat": 1}}),
        board.enter(cookie, {"bids": {"Bob": 1}}),
        board.enter(None, {"bids": {"Cat": 1}}),
        board.enter(cookie, {"bids": {"Cat": 1}}, version="old"),
        board.ask("/entry", "POST", b"x" * 20000, {"Cookie": cookie}),
    ]
    for answer in heard:
        assert code not in answer.body.decode() + json.dumps(answer.headers)
    assert code not in json.dumps(board.first_event())
    assert code not in (data_dir / "t.json").read_text()


# --- a tournament's tables ------------------------------------------------------------


@pytest.fixture
def cup(ohhell: Ohhell) -> Iterator[Board]:
    players = [f"P{n}" for n in range(1, 9)]
    options = ("--hands", "2,1", "--trump", "none", "--seed", "1")
    ohhell.ok("tournament", "new", "cup", *players, *options)
    where = board_of(tournament="cup", confirm=True)
    yield where
    where.stop()


def tables(ohhell: Ohhell) -> list[str]:
    shown = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))
    return [table["game"] for table in shown["rounds"][0]["tables"]]


def test_a_tables_code_opens_its_page_and_its_cookie_no_other_table(
    ohhell: Ohhell, cup: Board
) -> None:
    first, second = tables(ohhell)[:2]
    codes = phones.codes_of([first, second])
    answer = cup.code(codes[first])
    assert answer.status == 303 and answer.headers["location"] == f"/t/{first}/"
    assert f"path=/t/{first}/" in answer.headers["set-cookie"].lower()
    cookie = answer.headers["set-cookie"].split(";")[0]
    elsewhere = cup.enter(cookie, {"undo": True}, path=f"/t/{second}/entry")
    assert elsewhere.status == 401
    player = ohhell.sheet("-g", first)["next"]["player"]
    here = cup.enter(cookie, {"bids": {player: 0}}, path=f"/t/{first}/entry")
    assert here.status == 200 and here.json["state"] == ohhell.sheet("-g", first)


def test_a_tables_routes_carry_its_game_and_version(ohhell: Ohhell, cup: Board) -> None:
    first = tables(ohhell)[0]
    state = cup.state(f"/t/{first}/state.json")
    assert state.status == 200 and state.json == ohhell.sheet("-g", first)
    page = cup.ask(f"/t/{first}/")
    assert page.status == 200 and page.etag == state.etag
    assert f'data-version="{state.etag}"' in page.body.decode()  # the entry controls
    assert cup.first_event(f"/t/{first}/events") == (state.etag, state.json)
    assert cup.ask("/t/nosuch/state.json").status == 404
    assert cup.ask(f"/t/{first}/entry", "POST", b"{}").status == 401


def spawn_board(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "ohhell_score", "board", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def finish_table(ohhell: Ohhell, game: str) -> None:
    """Every hand of ``game`` bid and played: the first bidder takes every trick."""
    while (nxt := ohhell.sheet("-g", game)["next"]) is not None:
        order = ohhell.sheet("-g", game)["hands"][nxt["hand"] - 1]["players"]
        if nxt["step"] == "bid":
            ohhell.ok("bid", "-g", game, "1" if nxt["forbidden_bid"] == 0 else "0")
        else:
            ohhell.ok("tricks", "-g", game, str(nxt["cards"]), *["0"] * (len(order) - 1))


@ALONE
def test_board_entry_prints_each_tables_code_and_the_next_rounds_when_seated(
    ohhell: Ohhell, cup: Board
) -> None:
    """Tricks are held at a tournament's tables unless --no-confirm says otherwise."""
    cup.stop()
    child = spawn_board("--tournament", "cup", "--entry")
    try:
        assert child.stdout is not None
        assert child.stdout.readline().startswith("board: http://127.0.0.1:")
        first = tables(ohhell)
        codes = phones.codes_of(first)
        lines = [child.stdout.readline() for _ in first]
        assert lines == [f"entry code {game}: {codes[game]}\n" for game in first]
        for game in first:
            finish_table(ohhell, game)
        players = {
            t["game"]: t["players"]
            for t in json.loads(ohhell.ok("tournament", "show", "cup", "--json"))["rounds"][0][
                "tables"
            ]
        }
        orders = [f"--order={game}={','.join(players[game])}" for game in first]
        ohhell.ok("tournament", "advance", "cup", *orders)
        shown = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))
        seated = [t["game"] for t in shown["rounds"][-1]["tables"]]
        later = child.stdout.readline()
        assert later == f"entry code {seated[0]}: {phones.codes_of(seated)[seated[0]]}\n"
    finally:
        child.send_signal(signal.SIGINT)
        child.wait(PATIENCE)


def until_shown(board: Board, unreadable: bool) -> None:
    """Wait until the board's state is the tournament unreadable (or readable again)."""
    deadline = time.monotonic() + PATIENCE
    while True:
        shown = board.server.hub.now.shown
        if shown is not None and (shown.error is not None) == unreadable:
            return
        assert time.monotonic() < deadline, "the board never saw the change"
        time.sleep(0.02)


@pytest.mark.parametrize("unreadable_a_moment", [False, True])
def test_a_round_seated_while_the_board_runs_gets_codes_that_open_its_tables(
    ohhell: Ohhell, cup: Board, unreadable_a_moment: bool
) -> None:
    """What `board --entry` prints when a round is seated, heard in the board's own
    process (where a mutation run sees it): the new tables' codes, once, and each
    opens its table's page; also after the tournament's file was unreadable a moment
    (a copy half-made by hand), which the board says and then goes on from."""
    cup.stop()
    first = tables(ohhell)
    heard: list[dict[str, str]] = []
    where = Board(None, "cup", Doors(phones.codes_of(first), confirm=True), heard.append)
    try:
        for game in first:
            finish_table(ohhell, game)
        if unreadable_a_moment:
            path = tournaments.path_of("cup")
            kept = path.read_bytes()
            path.write_bytes(b"{ half a tournament")
            until_shown(where, unreadable=True)
            time.sleep(0.5)  # the seating looked at it too, and was refused
            path.write_bytes(kept)
            until_shown(where, unreadable=False)
        shown = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))
        orders = [
            f"--order={table['game']}={','.join(table['players'])}"
            for table in shown["rounds"][0]["tables"]
        ]
        ohhell.ok("tournament", "advance", "cup", *orders)
        shown = json.loads(ohhell.ok("tournament", "show", "cup", "--json"))
        seated = [t["game"] for t in shown["rounds"][-1]["tables"]]
        deadline = time.monotonic() + PATIENCE
        while not heard:
            assert time.monotonic() < deadline, "no codes heard"
            time.sleep(0.02)
        codes = phones.codes_of(seated)
        assert heard == [codes]
        for game in seated:
            answer = where.code(codes[game])
            assert answer.status == 303 and answer.headers["location"] == f"/t/{game}/"
    finally:
        where.stop()
    assert heard == [codes]  # and never again


def _numbers(text: str) -> list[str]:
    return re.findall(r"\b\d{6}\b", text)


def test_the_hall_and_a_tables_page_show_no_code(ohhell: Ohhell, cup: Board) -> None:
    codes = phones.codes_of(tables(ohhell))
    assert 'data-entry="code"' in cup.ask("/").body.decode()  # a table's code is asked
    heard = cup.ask("/").body.decode() + cup.state().body.decode()
    heard += cup.ask(f"/t/{tables(ohhell)[0]}/").body.decode()
    assert not set(codes.values()) & set(_numbers(heard))


def test_tricks_wait_for_confirmation_at_a_tournaments_tables_unless_told() -> None:
    from ohhell_score.cli.board import Entry

    assert Entry(on=True).held(tournament=True) is True
    assert Entry(on=True).held(tournament=False) is False
    assert Entry(on=True, confirm=False).held(tournament=True) is False
    assert Entry(on=True, confirm=True).held(tournament=False) is True
