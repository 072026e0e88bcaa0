"""At the table, round three (issue 28, items 11, 12 and 15): what a newcomer met in a
real terminal, typed there again."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell
from tests.test_play_pty import answer, spawn

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal"),
    ALONE,
]


def test_once_the_tricks_run_out_one_enter_gives_the_others_0(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Item 15: Bob took both tricks, so Cat, Dan and Ann took none: one Enter, not three
    questions; `u` there takes Bob's back."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none")
    ohhell.ok("bid", "1", "0", "0", "0")
    child = spawn(data_dir, "play")
    answer(child, "Bob took (0-2): ", "2")
    answer(child, "Cat, Dan and Ann took 0 (Enter): ", "u")
    child.expect_exact("Took back Bob's tricks.")
    answer(child, "Bob took (0-2): ", "2")
    answer(child, "Cat, Dan and Ann took 0 (Enter): ", "")
    child.expect_exact("Hand 1 of 2 scored")
    answer(child, "Cat bids (0-1): ", "q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    tricks = ohhell.sheet()["hands"][0]["tricks"]
    assert tricks == {"Bob": 2, "Cat": 0, "Dan": 0, "Ann": 0}
