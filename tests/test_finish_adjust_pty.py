"""`finish` and `adjust` at `ohhell play`'s prompts, in a real terminal (docs/playing.md,
"Keys at any prompt" and "Stopping early, penalties and bonuses")."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell
from tests.test_play_pty import answer, refused, spawn

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal"),
    ALONE,
]

#: Hands 1 to 3 of `--hands 4-1` for Ann, Bob and Cat (Ann deals first, no hook): Ann
#: ends on 24, Bob on 22, Cat on 23.
THREE_HANDS = (
    ("Bob bids (0-4): ", "1"),
    ("Cat bids (0-4; 1 bid of 4 so far): ", "1"),
    ("Ann (dealer, free: no hook) bids (0-4; 2 bid of 4 so far): ", "1"),
    ("Bob took (0-4): ", "1"),
    ("Cat took (0-3): ", "1"),
    ("Ann took 2 (Enter): ", ""),
    ("Cat bids (0-3): ", "1"),
    ("Ann bids (0-3; 1 bid of 3 so far): ", "1"),
    ("Bob (dealer, free: no hook) bids (0-3; 2 bid of 3 so far): ", "0"),
    ("Cat took (0-3): ", "1"),
    ("Ann took (0-2): ", "1"),
    ("Bob took 1 (Enter): ", ""),
    ("Ann bids (0-2): ", "1"),
    ("Bob bids (0-2; 1 bid of 2 so far): ", "0"),
    ("Cat (dealer, free: no hook) bids (0-2; 1 bid of 2 so far): ", "0"),
    ("Ann took (0-2): ", "1"),
    ("Bob took (0-1): ", "0"),
    ("Cat took 1 (Enter): ", ""),
)


def test_play_adjusts_with_a_reason_and_stops_after_hand_3_at_a_real_terminal(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """`a` takes 10 points off Cat in hand 3 for a revoke; `f` is refused once hand 4
    has a bid, asks first, and stops the game: its winner is said, it is rated, and
    `undo` reopens it."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "4-1", "--trump", "none", "--hook", "never",
              "-g", "four")  # fmt: skip
    child = spawn(data_dir, "play")
    for prompt, typed in THREE_HANDS:
        answer(child, prompt, typed)
    answer(child, "Bob bids (0-1): ", "1")
    answer(child, "Cat bids (0-1; 1 bid of 1 so far): ", "f")
    refused(child, "hand 4 has begun (a bid or a trump is in)")
    answer(child, "Cat bids (0-1; 1 bid of 1 so far): ", "u")
    answer(child, "Bob bids (0-1): ", "f")
    child.expect_exact("Stop the game after hand 3 of 4:")
    answer(child, "(y/N): ", "n")
    child.expect_exact("The game goes on.")
    answer(child, "Bob bids (0-1): ", "a")
    answer(child, "Adjust whose score in hand 3 (Ann, Bob, Cat; Enter: nobody)? ", "cat")
    answer(child, "Points for cat in hand 3, negative for a penalty: ", "-10")
    answer(child, "Why (a revoke, a misdeal...; Enter: no reason)? ", "revoke")
    child.expect_exact("Points adjusted in hand 3: Cat -10 (revoke)")
    answer(child, "Bob bids (0-1): ", "f")
    answer(child, "(y/N): ", "y")
    child.expect_exact("Game over (finished after hand 3 of 4): Ann wins with 24.")
    child.expect_exact("★ Ann wins with 24!")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    state = ohhell.sheet("-g", "four")
    assert (state["finished"], state["winners"], len(state["hands"])) == (True, ["Ann"], 3)
    assert state["hands"][2]["adjustments"] == {"Cat": -10}
    assert state["totals"] == {"Ann": 24, "Bob": 22, "Cat": 13}
    assert json.loads(ohhell.ok("ratings", "--json"))["games"] == 1
    ohhell.ok("undo")
    assert ohhell.sheet("-g", "four")["next"]["hand"] == 4
    assert ohhell.sheet("-g", "four")["hands"][2]["adjustments"] == {"Cat": -10}
