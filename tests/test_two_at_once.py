"""Two at once, through the command line and through two real terminals.

tests/test_store.py races `games.change` itself (8 processes, one bid kept once) and
tests/test_play_prompts.py checks a play answer against a change made by a scripted
command; here the same holds for whole `ohhell bid` commands (exit codes and the
reason), and for two `ohhell play` sessions, each a process at its own terminal.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell
from tests.scripted import run
from tests.test_play_pty import answer, refused, spawn

# Timed by real processes or shells: on one worker, one test at a time (conftest.py).
pytestmark = ALONE

FORK = multiprocessing.get_context("fork")
RACERS = 8


def _bid_bob_3(barrier: Any, out: Path) -> None:
    """In a child process: wait for the others, then `ohhell bid Bob=3`; exit with its
    code, its stderr kept in ``out``."""
    barrier.wait()
    result = run("bid", "-g", "race", "Bob=3")
    out.write_text(result.stderr, encoding="utf-8")
    os._exit(result.exit_code)


def test_the_same_bid_entered_by_many_commands_at_once_is_kept_once(
    ohhell: Ohhell, data_dir: Path, tmp_path: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "race")
    barrier = FORK.Barrier(RACERS)
    outs = [tmp_path / f"out-{i}" for i in range(RACERS)]
    workers = [FORK.Process(target=_bid_bob_3, args=(barrier, out)) for out in outs]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    codes = [w.exitcode for w in workers]
    assert sorted(c if c is not None else -1 for c in codes) == [0] + [1] * (RACERS - 1)
    for code, out in zip(codes, outs, strict=True):
        if code == 1:
            assert out.read_text(encoding="utf-8") == (
                "ohhell: it is Cat's turn to bid in hand 1, not Bob's\n"
            )
    saved = json.loads((data_dir / "race.json").read_text(encoding="utf-8"))
    assert [(e["kind"], e["player"], e["bid"]) for e in saved["entries"]] == [("bid", "Bob", 3)]


# --- two `ohhell play` at one game --------------------------------------------------------


def leave(child: Any) -> None:
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")
def test_a_second_sessions_bid_is_checked_against_the_first_sessions(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "t", "--trump", "none")
    first, second = spawn(data_dir, "play"), spawn(data_dir, "play")
    first.expect_exact("Bob bids (0-2): ")
    second.expect_exact("Bob bids (0-2): ")
    answer(first, "", "1")
    first.expect_exact("Cat bids (0-2; 1 bid of 2 so far): ")
    answer(second, "", "2")  # Bob's bid again, after the first session gave it
    refused(second, "the game changed meanwhile")
    second.expect_exact(
        "Cat bids (0-2; 1 bid of 2 so far): "
    )  # asked from where the game now stands
    leave(first)
    leave(second)
    assert ohhell.sheet("-g", "t")["hands"][0]["bids"] == {"Bob": 1}


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")
def test_a_second_sessions_tricks_are_checked_against_the_first_sessions(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """The tricks typed so far (kept beside the game) are checked too, not overwritten."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "t", "--trump", "none")
    ohhell.ok("bid", "1", "0", "0")
    first, second = spawn(data_dir, "play"), spawn(data_dir, "play")
    first.expect_exact("Bob took (0-2): ")
    second.expect_exact("Bob took (0-2): ")
    answer(first, "", "1")
    first.expect_exact("Cat took (0-1): ")
    answer(second, "", "0")
    refused(second, "the game changed meanwhile")
    second.expect_exact("Cat took (0-1): ")
    leave(first)
    leave(second)
    again = spawn(data_dir, "play")
    again.expect_exact("Tricks so far: Bob 1.")
    again.expect_exact("Cat took (0-1): ")
    leave(again)


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")
def test_a_correction_made_in_a_second_session_is_not_lost_at_the_first_sessions_last_prompt(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """The last tricks prompt checks the tricks typed so far, not only the entries: the
    first session, waiting at "Ann took 2 (Enter)", has not seen the second take back
    Dan's 3 and type 1, and its Enter is refused and asked again, not saved as it typed."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "-g", "t", "--hands", "10", "--trump", "none")
    ohhell.ok("bid", "3", "2", "4", "2")
    first = spawn(data_dir, "play")
    answer(first, "Bob took (0-10): ", "3")
    answer(first, "Cat took (0-7): ", "2")
    answer(first, "Dan took (0-5): ", "3")
    first.expect_exact("Ann took 2 (Enter): ")
    second = spawn(data_dir, "play")
    answer(second, "Ann took 2 (Enter): ", "u")
    second.expect_exact("Took back Dan's tricks.")
    answer(second, "Dan took (0-5): ", "1")
    second.expect_exact("Ann took 4 (Enter): ")
    first.sendline("")
    refused(first, "the game changed meanwhile")
    first.expect_exact("Ann took 4 (Enter): ")
    leave(first)
    leave(second)
    assert ohhell.sheet("-g", "t")["hands"][0]["tricks"] == {}
    again = spawn(data_dir, "play")
    again.expect_exact("Tricks so far: Bob 3, Cat 2, Dan 1.")
    leave(again)
