"""The one-letter answers at a real terminal: j for yes and r, k for suits at a Dutch
table, and q at every question of the guided `new`."""

from __future__ import annotations

import sys
from pathlib import Path

import pexpect
import pytest

from tests.conftest import ALONE, Ohhell
from tests.test_interrupt_pty import NEW_STOPS
from tests.test_play_pty import answer, spawn

pytestmark = [
    pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal"),
    ALONE,
]


def test_a_dutch_table_carries_the_points_with_j_and_names_suits_r_and_k(
    ohhell: Ohhell, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The carry question asks (j/N), so j is yes; r (ruiten) and k (klaveren)
    are suits."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1,1,1", "--trump", "named")
    monkeypatch.setenv("LANGUAGE", "nl")
    child = spawn(data_dir, "play")
    answer(child, "biedt (0-1): ", "1")
    answer(child, "biedt (0-1; tot nu toe 1 geboden van de 1): ", "1")
    answer(child, "van de 1): ", "1")
    child.expect_exact("(s h r k sa): ")
    child.sendline("r")
    answer(child, "haalde (0-1): ", "1")
    answer(child, "haalden 0 (Enter): ", "")  # nothing left, both took 0
    child.expect_exact("biedt (0-1): ")
    child.sendline("t")
    answer(child, "(Enter: geen): ", "r")
    answer(child, "): ", "Bob")
    answer(child, "? ", "Eve")
    child.expect_exact("(j/N): ")
    child.sendline("j")
    child.expect_exact("biedt (0-1): ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    monkeypatch.setenv("LANGUAGE", "en")
    data = ohhell.sheet()
    assert data["hands"][0]["trump"] == "diamonds"
    assert data["totals"]["Eve"] == 11, data["totals"]
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("trump", "k")
    assert ohhell.sheet()["hands"][1]["trump"] == "clubs"


@pytest.mark.parametrize("kind", list(NEW_STOPS))
def test_q_leaves_at_every_question_of_new_and_creates_no_game(
    ohhell: Ohhell, data_dir: Path, kind: str
) -> None:
    """The README says `q` leaves; at "Player 1:" it made a player called q,
    at the preset prompt it was "not a preset"."""
    options, answers, last = NEW_STOPS[kind]
    child = spawn(data_dir, "new", *options)
    for prompt, text in answers:
        answer(child, prompt, text)
    answer(child, last, "q")
    child.expect_exact("no game created")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert not list(data_dir.glob("*.json"))
    ohhell.refused("show")  # no games yet
