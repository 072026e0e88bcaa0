"""A whole short game played through `ohhell play` in a real pseudo-terminal.

Wrong answers, an undo across a hand, Ctrl-C at a bid prompt and again at a tricks
prompt, each time resumed: the game ends with the same `show --json` as the scripted
commands give.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell

# Timed by a real terminal or real processes: on one worker, one test at a time
# (conftest.py, "alone").
pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal"),
    ALONE,
]

TIMEOUT = 60  # a shared, busy machine: generous, and only ever waited out on failure


def spawn(data_dir: Path, *args: str) -> Any:
    env = {
        **os.environ,
        "OHHELL_DATA_DIR": str(data_dir),
        "COLUMNS": "80",
        "LINES": "40",
        "NO_COLOR": "1",
        "TERM": "dumb",
    }
    return pexpect.spawn(
        sys.executable,
        ["-m", "ohhell_score", *args],
        env=env,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(40, 80),
        # Ctrl-C as at a terminal, even when the tests were started as a background job
        # (`cmd &` in a script ignores SIGINT, and the children would inherit that).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def answer(child: Any, prompt: str, text: str) -> None:
    child.expect_exact(prompt)
    child.sendline(text)


def refused(child: Any, reason: str) -> None:
    child.expect_exact("✗ ")
    child.expect_exact(reason)


def ctrl_c(child: Any) -> None:
    """Ctrl-C at the prompt just shown, once `ohhell` waits there for the answer.

    A Ctrl-C that lands between the prompt's write and the read of the terminal is held
    by Python's input() until a line is typed: the process sleeps on. No person is that
    quick; pexpect is, when the process is preempted there on a busy machine. So the key
    goes once the process sleeps (in that read), as its state in /proc says.
    """
    stat = Path(f"/proc/{child.pid}/stat")
    waited = 0
    while stat.exists() and stat.read_text().rpartition(")")[2].split()[0] != "S":
        assert waited < TIMEOUT * 1000, "ohhell never waited for an answer"
        time.sleep(0.001)  # a poll, not a wait for something to happen in time
        waited += 1
    child.sendintr()


def interrupted(child: Any) -> None:
    """Ctrl-C: one line that says how to go on, exit status 130."""
    ctrl_c(child)
    child.expect_exact("saved; continue with `ohhell play`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def scripted_sheet(ohhell: Ohhell) -> dict[str, Any]:
    """The same game through the scripted commands."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "typed")
    ohhell.ok("trump", "hearts")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("trump", "spades")
    ohhell.ok("bid", "0", "1", "1")
    ohhell.ok("tricks", "0", "1", "0")
    return ohhell.sheet("-g", "typed")


def test_a_whole_game_played_at_the_prompts_matches_the_scripted_commands(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "table")

    child = spawn(data_dir, "play")
    child.expect_exact("Hand 1 of 2 · 2 cards each · Ann deals")
    child.expect_exact("Bob bids first and leads the first trick.")
    answer(child, "the turned-up card's suit (s h d c): ", "n")
    refused(child, "the turned-up card shows a suit")
    answer(child, "(s h d c): ", "h")
    answer(child, "Bob bids (0-2): ", "x")
    refused(child, "'x' is not a number")
    answer(child, "Bob bids (0-2): ", "1")
    child.expect_exact("Cat bids (0-2; 1 bid of 2 so far): ")
    interrupted(child)  # at a bid prompt

    child = spawn(data_dir, "play")
    child.expect_exact("Bids so far: Bob 1 (1 bid of 2).")
    answer(child, "Cat bids (0-2; 1 bid of 2 so far): ", "0")
    answer(child, "Ann (dealer) may not bid 1; bids (0-2; 1 bid of 2 so far): ", "1")
    refused(child, "Ann (dealer) may not bid 1")
    answer(child, "bids (0-2; 1 bid of 2 so far): ", "0")
    child.expect_exact("Hand 1: bids 1 for 2 tricks: under by 1.")
    answer(child, "Bob took (0-2): ", "3")
    refused(child, "3 is out of range")
    answer(child, "Bob took (0-2): ", "1")
    answer(child, "Cat took (0-1): ", "2")
    refused(child, "Cat cannot take 2")
    answer(child, "Cat took (0-1): ", "0")
    answer(child, "Ann took 1 (Enter): ", "")
    child.expect_exact("Hand 1 of 2 scored")
    child.expect_exact("Leader: Bob with 11.")
    child.expect_exact("Hand 2 of 2 · 1 card each · Bob deals")
    answer(child, "(s h d c): ", "u")  # back across the hand
    child.expect_exact("Took back the tricks of hand 1.")
    child.expect_exact("Hand 1 of 2 · 2 cards each")
    answer(child, "Ann took 1 (Enter): ", "u")
    child.expect_exact("Took back Cat's tricks.")
    child.expect_exact("Cat took (0-1): ")
    interrupted(child)  # at a tricks prompt

    child = spawn(data_dir, "play")
    child.expect_exact("Tricks so far: Bob 1.")
    answer(child, "Cat took (0-1): ", "0")
    answer(child, "Ann took 1 (Enter): ", "")
    child.expect_exact("Hand 2 of 2 · 1 card each · Bob deals")
    answer(child, "(s h d c): ", "spades")
    answer(child, "Cat bids (0-1): ", "0")
    answer(child, "Ann bids (0-1; 0 bid of 1 so far): ", "1")
    answer(child, "Bob (dealer) may not bid 0; bids (0-1; 1 bid of 1 so far): ", "0")
    refused(child, "may not bid 0")
    answer(child, "bids (0-1; 1 bid of 1 so far): ", "1")
    child.expect_exact("bids 2 for 1 trick: over by 1")
    answer(child, "Cat took (0-1): ", "0")
    answer(child, "Ann took (0-1): ", "1")
    answer(child, "Bob took 0 (Enter): ", "1")
    refused(child, "the tricks must add up to 1")
    answer(child, "Bob took 0 (Enter): ", "")
    child.expect_exact("Cat wins with 20!")
    child.expect_exact("Game over: Cat wins with 20.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    played = ohhell.sheet("-g", "table")
    typed = scripted_sheet(ohhell)
    assert {**played, "id": "typed"} == typed


def test_ctrl_d_at_a_prompt_leaves_with_130_and_keeps_the_answers(
    ohhell: Ohhell, data_dir: Path
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "table")
    child = spawn(data_dir, "play")
    answer(child, "(s h d c): ", "d")
    child.expect_exact("Bob bids (0-2): ")
    child.sendeof()
    child.expect_exact("saved; continue with `ohhell play`")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert ohhell.sheet()["hands"][0]["trump"] == "diamonds"


def test_play_prompts_each_hand_under_its_own_trump_method(ohhell: Ohhell, data_dir: Path) -> None:
    """docs/rules.md "Trump": under ``named+2=cut+3=none`` hand 1 asks the bids and then
    the highest bidder's trump, hand 2 the cut card before the bids, hand 3 no trump."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3-1", "--hook", "never", "-g", "mixed",
              "--trump", "named+2=cut+3=none")  # fmt: skip
    child = spawn(data_dir, "play")
    answer(child, "Bob bids (0-3): ", "2")
    answer(child, "Cat bids (0-3; 2 bid of 3 so far): ", "0")
    answer(child, "Ann (dealer, free: no hook) bids (0-3; 2 bid of 3 so far): ", "1")
    answer(child, "Bob (highest bid) names trump (s h d c n): ", "n")
    answer(child, "Bob took (0-3): ", "2")
    answer(child, "Cat took (0-1): ", "0")
    answer(child, "Ann took 1 (Enter): ", "")
    answer(child, "Trump, the cut card's suit (s h d c): ", "h")
    answer(child, "Cat bids (0-2): ", "1")
    answer(child, "Ann bids (0-2; 1 bid of 2 so far): ", "1")
    answer(child, "Bob (dealer, free: no hook) bids (0-2; 2 bid of 2 so far): ", "0")
    answer(child, "Cat took (0-2): ", "1")
    answer(child, "Ann took (0-1): ", "1")
    answer(child, "Bob took 0 (Enter): ", "")
    child.expect_exact("Trump: no trump.")
    answer(child, "Ann bids (0-1): ", "q")
    child.expect(pexpect.EOF)
    sheet = ohhell.sheet("-g", "mixed")
    assert [h["trump"] for h in sheet["hands"]] == ["notrump", "hearts", "notrump"]
