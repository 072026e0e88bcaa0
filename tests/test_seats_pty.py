"""Seats that change in `ohhell play` at a real terminal ("a replace and a
leave in mid-game"): the `t` key between hands asks the few questions a change needs,
and the game ends with the same `show --json` as the scripted `seat` commands give."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import Ohhell
from tests.test_play_pty import answer, refused, spawn

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

NEW = ("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,2,1", "--trump", "none", "--hook", "never")


def scripted_sheet(ohhell: Ohhell) -> dict[str, object]:
    ohhell.ok(*NEW, "-g", "typed")
    ohhell.ok("bid", "1", "0", "0", "1")
    ohhell.ok("tricks", "1", "0", "0", "1")
    ohhell.ok("seat", "replace", "Cat", "Eve", "--carry")
    ohhell.ok("bid", "0", "1", "1", "0")
    ohhell.ok("tricks", "0", "1", "1", "0")
    ohhell.ok("seat", "leave", "Ann")
    ohhell.ok("bid", "0", "1", "0")
    ohhell.ok("tricks", "0", "1", "0")
    return ohhell.sheet("-g", "typed")


def test_a_replace_and_a_leave_in_mid_game_at_the_prompts(ohhell: Ohhell, data_dir: Path) -> None:
    ohhell.ok(*NEW, "-g", "table")
    child = spawn(data_dir, "play")
    answer(child, "Bob bids (0-2): ", "?")
    child.expect_exact("t  change who sits at the table")
    answer(child, "Bob bids (0-2): ", "1")
    answer(child, "Cat bids (0-2; 1 bid of 2 so far): ", "t")  # too late: hand 1 has a bid
    refused(child, "seats change only before a hand's first entry")
    answer(child, "Cat bids (0-2; 1 bid of 2 so far): ", "0")
    answer(child, "Dan bids (0-2; 1 bid of 2 so far): ", "0")
    answer(child, "Ann (dealer, free: no hook) bids (0-2; 1 bid of 2 so far): ", "1")
    answer(child, "Bob took (0-2): ", "1")
    answer(child, "Cat took (0-1): ", "0")
    answer(child, "Dan took (0-1): ", "0")
    answer(child, "Ann took 1 (Enter): ", "")
    # hand 2, before its first bid: Eve takes Cat's seat with Cat's 10 points
    answer(child, "Cat bids (0-2): ", "t")
    answer(child, "r replace, l leave, j join (Enter: none): ", "r")
    answer(child, "Who gets up? (Ann, Bob, Cat, Dan): ", "cat")
    answer(child, "Who takes Cat's seat? ", "Dan")
    refused(child, "Dan is seated already")
    answer(child, "Cat bids (0-2): ", "t")
    answer(child, "(Enter: none): ", "r")
    answer(child, "Who gets up? (Ann, Bob, Cat, Dan): ", "Cat")
    answer(child, "Who takes Cat's seat? ", "Eve")
    answer(child, "Does Eve go on with Cat's 10? (y/N): ", "y")
    child.expect_exact("Eve takes Cat's seat from hand 2, with Cat's 10 points.")
    child.expect_exact("Hand 2 of 3 · 2 cards each · Bob deals")
    answer(child, "Eve bids (0-2): ", "0")
    answer(child, "Dan bids (0-2; 0 bid of 2 so far): ", "1")
    answer(child, "Ann bids (0-2; 1 bid of 2 so far): ", "1")
    answer(child, "Bob (dealer, free: no hook) bids (0-2; 2 bid of 2 so far): ", "0")
    answer(child, "Eve took (0-2): ", "0")
    answer(child, "Dan took (0-2): ", "1")
    answer(child, "Ann took (0-1): ", "1")
    answer(child, "Bob took 0 (Enter): ", "")
    # hand 3: Ann leaves, and the deal passes from Bob's seat to Eve's
    answer(child, "Dan bids (0-1): ", "t")
    answer(child, "(Enter: none): ", "l")
    answer(child, "Who leaves? (Ann, Bob, Eve, Dan): ", "Ann")
    child.expect_exact("Ann leaves after hand 2")
    child.expect_exact("Hand 3 of 3 · 1 card each · Eve deals")
    answer(child, "Dan bids (0-1): ", "0")
    answer(child, "Bob bids (0-1; 0 bid of 1 so far): ", "1")
    answer(child, "Eve (dealer, free: no hook) bids (0-1; 1 bid of 1 so far): ", "0")
    answer(child, "Dan took (0-1): ", "0")
    answer(child, "Bob took (0-1): ", "1")
    answer(child, "Eve took 0 (Enter): ", "")
    child.expect_exact("wins with")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    played = ohhell.sheet("-g", "table")
    expected = scripted_sheet(ohhell)
    assert {**played, "id": "typed"} == expected
