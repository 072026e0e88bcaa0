"""Ctrl-C and Ctrl-D at every kind of prompt, in a real pseudo-terminal.

At each prompt of `ohhell play` (trump turned up, trump named, a bid, the dealer's bid,
a player's tricks, the confirm of the last player's tricks): exit 130 with one line,
every answer given before that prompt is on disk, and `ohhell play` then asks that very
prompt again. At `ohhell new`'s questions: exit 130, "no game created", no file.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell
from tests.test_play_pty import answer, ctrl_c, spawn

# Timed by a real terminal or real processes: on one worker, one test at a time
# (conftest.py, "alone").
pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal"),
    ALONE,
]


class Stop(NamedTuple):
    """Answers typed in one `ohhell play`, the prompt it is then left at, and what the
    file must hold: hand 1's trump, bids and tricks, and the line shown on resuming."""

    options: tuple[str, ...]
    answers: tuple[tuple[str, str], ...]  # (the end of a prompt, what is typed)
    prompt: str
    trump: str | None
    bids: dict[str, int]
    tricks: dict[str, int]
    resumed: str


BOB_TOOK_1 = (
    ("(s h d c): ", "h"),
    ("Bob bids (0-2): ", "1"),
    ("Cat bids (0-2; 1 bid of 2 so far): ", "0"),
    ("bids (0-2; 1 bid of 2 so far): ", "0"),
    ("Bob took (0-2): ", "1"),
)
CAT_TOOK_0 = ("Cat took (0-1): ", "0")

STOPS = {
    "upcard trump": Stop(
        (),
        (*BOB_TOOK_1, CAT_TOOK_0, ("Ann took 1 (Enter): ", "")),
        "Trump, the turned-up card's suit (s h d c): ",
        "hearts",
        {"Bob": 1, "Cat": 0, "Ann": 0},
        {"Bob": 1, "Cat": 0, "Ann": 1},
        "Hand 2 of 2 · 1 card each · Bob deals",
    ),
    "named trump": Stop(
        ("--rules", "cartier"),
        (
            ("Bob bids (0-2): ", "1"),
            ("Cat bids (0-2; 1 bid of 2 so far): ", "0"),
            ("bids (0-2; 1 bid of 2 so far): ", "0"),
        ),
        "Bob (highest bid) names trump (s h d c n): ",
        None,
        {"Bob": 1, "Cat": 0, "Ann": 0},
        {},
        "Bids: Bob 1, Cat 0, Ann 0",
    ),
    "bid": Stop(
        (),
        BOB_TOOK_1[:2],
        "Cat bids (0-2; 1 bid of 2 so far): ",
        "hearts",
        {"Bob": 1},
        {},
        "Bids so far: Bob 1 (1 bid of 2).",
    ),
    "dealer's bid": Stop(
        (),
        BOB_TOOK_1[:3],
        "Ann (dealer) may not bid 1; bids (0-2; 1 bid of 2 so far): ",
        "hearts",
        {"Bob": 1, "Cat": 0},
        {},
        "Bids so far: Bob 1, Cat 0 (1 bid of 2).",
    ),
    "tricks": Stop(
        (),
        BOB_TOOK_1,
        "Cat took (0-1): ",
        "hearts",
        {"Bob": 1, "Cat": 0, "Ann": 0},
        {},
        "Tricks so far: Bob 1.",
    ),
    "confirm of the last tricks": Stop(
        (),
        (*BOB_TOOK_1, CAT_TOOK_0),
        "Ann took 1 (Enter): ",
        "hearts",
        {"Bob": 1, "Cat": 0, "Ann": 0},
        {},
        "Tricks so far: Bob 1, Cat 0.",
    ),
}

#: A Ctrl-D is read whenever the read comes; a Ctrl-C must wait for it (``ctrl_c``).
KEYS: dict[str, Callable[[Any], None]] = {"Ctrl-C": ctrl_c, "Ctrl-D": lambda child: child.sendeof()}


def leaves_with_130(child: Any, line: str) -> None:
    child.expect_exact(line)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130, child.before
    assert "Traceback" not in (child.before or "")


@pytest.mark.parametrize("key", list(KEYS))
@pytest.mark.parametrize("kind", list(STOPS))
def test_leaving_at_a_play_prompt_keeps_every_answer_and_resumes_there(
    ohhell: Ohhell, data_dir: Path, kind: str, key: str
) -> None:
    stop = STOPS[kind]
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "-g", "t", *stop.options)

    child = spawn(data_dir, "play")
    for prompt, text in stop.answers:
        answer(child, prompt, text)
    child.expect_exact(stop.prompt)
    KEYS[key](child)
    leaves_with_130(child, "saved; continue with `ohhell play`")

    hand = ohhell.sheet("-g", "t")["hands"][0]
    assert (hand["trump"], hand["bids"], hand["tricks"]) == (stop.trump, stop.bids, stop.tricks)

    child = spawn(data_dir, "play")
    child.expect_exact(stop.resumed)
    child.expect_exact(stop.prompt)
    answer(child, "", "q")  # the prompt asked again is the one that was left
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


PLAYERS = (("Player 1: ", "Ann"), ("Player 2: ", "Bob"), ("Player 3: ", "Cat"))
TABLE = (*PLAYERS, ("Player 4: ", ""))
NEW_STOPS: dict[str, tuple[tuple[str, ...], tuple[tuple[str, str], ...], str]] = {
    "first player": ((), (), "Player 1: "),
    "a later player": ((), PLAYERS[:2], "Player 3: "),
    "the end of the list": ((), PLAYERS, "Player 4: "),
    "preset": ((), TABLE, "Enter: classic): "),
    "first dealer": ((), (*TABLE, ("Enter: classic): ", "")), "d: draw cards): "),
    "drawn card": (("--draw",), (*TABLE, ("Enter: classic): ", ""), ("drew", "AS")), "drew"),
}


@pytest.mark.parametrize("key", list(KEYS))
@pytest.mark.parametrize("kind", list(NEW_STOPS))
def test_leaving_at_a_question_of_new_creates_no_game(
    ohhell: Ohhell, data_dir: Path, kind: str, key: str
) -> None:
    options, answers, last = NEW_STOPS[kind]
    child = spawn(data_dir, "new", *options)
    for prompt, text in answers:
        answer(child, prompt, text)
    child.expect_exact(last)
    KEYS[key](child)
    leaves_with_130(child, "no game created")
    assert not list(data_dir.glob("*.json"))
    ohhell.refused("show")  # no games yet


def test_leaving_at_the_first_prompt_after_new_keeps_the_new_game(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Once `new` has asked everything the game exists; play then goes on from hand 1."""
    child = spawn(data_dir, "new", "-g", "t", "--hands", "2,1")
    for prompt, text in (*TABLE, ("Enter: classic): ", ""), ("d: draw cards): ", "")):
        answer(child, prompt, text)
    child.expect_exact("Trump, the turned-up card's suit (s h d c): ")
    ctrl_c(child)
    leaves_with_130(child, "saved; continue with `ohhell play`")
    assert ohhell.sheet("-g", "t")["players"] == ["Ann", "Bob", "Cat"]
