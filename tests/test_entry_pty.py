"""`ohhell play --board --entry` in a real terminal: the code printed with the address, an
entry made on a phone shown at the prompt the game now waits for with no key pressed,
what the scorer had half typed dropped, and tricks held by a phone confirmed with Enter.
"""

from __future__ import annotations

import http.client
import json
import re
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell
from tests.test_play_pty import spawn

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal"),
    ALONE,
]

#: A generous wait for a prompt: only ever waited out on failure.
TIMEOUT = 30


class Phone:
    """A phone at the table: it gives the code once, then enters."""

    def __init__(self, port: int, code: str) -> None:
        self.port = port
        answer = self.post("/enter", f"code={code}", "application/x-www-form-urlencoded")
        assert answer[0] == 303
        self.cookie = answer[1]["set-cookie"].split(";")[0]

    def post(self, path: str, body: str, kind: str) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            headers = {"Content-Type": kind}
            if hasattr(self, "cookie"):
                headers["Cookie"] = self.cookie
            conn.request("POST", path, body=body, headers=headers)
            response = conn.getresponse()
            heard = {k.lower(): v for k, v in response.getheaders()}
            return response.status, heard, response.read()
        finally:
            conn.close()

    def version(self) -> str:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT)
        try:
            conn.request("GET", "/state.json")
            response = conn.getresponse()
            response.read()
            return str(response.getheader("etag", "")).strip('"')
        finally:
            conn.close()

    def enter(self, **entry: Any) -> dict[str, Any]:
        body = json.dumps({"version": self.version(), **entry})
        status, _, data = self.post("/entry", body, "application/json")
        assert status in (200, 202), data
        state: dict[str, Any] = json.loads(data)["state"]
        return state


def started(child: Any) -> tuple[int, str]:
    """The board's port and the table's code, as `play` prints them first."""
    child.expect(r"board: http://127\.0\.0\.1:(\d+)/\r\n")
    port = int(child.match.group(1))
    child.expect(r"entry code: (\d{6})\r\n")
    return port, str(child.match.group(1))


def test_a_phones_entries_show_at_the_next_prompt_with_no_key_pressed(
    ohhell: Ohhell, data_dir: Path
) -> None:
    options = ("--hands", "2,1", "--trump", "none", "--hook", "never")
    ohhell.ok("new", "Ann", "Bob", "Cat", *options, "-g", "t")
    child = spawn(data_dir, "play", "-g", "t", "--board", "--entry", "--confirm", "--port", "0")
    try:
        port, code = started(child)
        assert re.fullmatch(r"\d{6}", code)
        phone = Phone(port, code)
        child.expect_exact("Bob bids (0-2): ")
        child.send("2")  # half typed: Bob's bid is not this
        phone.enter(bids={"Bob": 1})
        child.expect_exact("Entered meanwhile: Bob's bid of 1 in hand 1.")
        child.expect_exact("Cat bids (0-2; 1 bid of 2 so far): ")  # no key pressed
        child.sendline("0")  # the scorer answers it: the 2 typed before is not applied
        child.expect_exact("Ann (dealer")
        phone.enter(bids={"Ann": 1})
        child.expect_exact("Bob took (0-2): ")
        phone.enter(tricks={"Bob": 1, "Cat": 0, "Ann": 1})
        child.expect_exact("From a phone: Bob 1, Cat 0, Ann 1. Enter confirms them")
        child.sendline("")
        child.expect_exact("Hand 2")
        child.expect_exact("bids (0-1): ")
        child.sendintr()
        child.expect(pexpect.EOF)
    finally:
        child.close()
    hand = ohhell.sheet("-g", "t")["hands"][0]
    assert hand["bids"] == {"Bob": 1, "Cat": 0, "Ann": 1}
    assert hand["tricks"] == {"Bob": 1, "Cat": 0, "Ann": 1}
