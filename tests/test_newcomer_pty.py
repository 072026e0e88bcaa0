"""What a newcomer meets at a real terminal: the last tricks confirmed with one Enter,
six at classic told to add a pack, and the offer of a new game once one is finished."""

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
    """Bob took both tricks, so Cat, Dan and Ann took none: one Enter, not three
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


def test_six_at_classic_are_told_to_type_decks_2_at_the_rules_question(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """Six at classic (docs/rules.md "Rule parameters": 10 cards to 6 players needs 60): the
    refusal says the way out in the question's words, and `decks 2` is taken there."""
    child = spawn(data_dir, "play")
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"):
        child.expect(r"Player \d: ")
        child.sendline(name)
    answer(child, "Player 7: ", "")
    answer(child, "Enter: classic): ", "")
    child.expect_exact("the deck has 52: type decks 2")
    answer(child, "Enter: classic): ", "decks 2")
    child.expect_exact("Rules now: classic · 19 hands · 104-card deck.")
    answer(child, "Enter: classic): ", "")
    answer(child, "d: draw cards): ", "")
    answer(child, "suit (s h d c): ", "q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert ohhell.sheet()["rules"]["deck"] == 104


def finished(ohhell: Ohhell, *options: str) -> None:
    """A game of one hand, played (Bob, Cat, then Ann bid): Ann 11, Bob 10, Cat 10."""
    rules = ("--hands", "1", "--trump", "none", "--hook", "never")
    ohhell.ok("new", "Ann", "Bob", "Cat", *rules, *options)
    ohhell.ok("bid", "0", "0", "1")
    ohhell.ok("tricks", "0", "0", "1")


def test_play_on_a_finished_game_offers_the_same_players_and_rules_at_enter(
    ohhell: Ohhell, data_dir: Path
) -> None:
    """`ohhell` alone says "`ohhell play` for a new game"; play showed the sheet
    and ended. Now Enter starts one: the same players and rules (--decks 2 kept)."""
    finished(ohhell, "-g", "first", "--decks", "2")
    assert "`ohhell play` for a new game" in ohhell.ok()
    child = spawn(data_dir, "play")
    child.expect_exact("Ann wins with 11!")
    answer(child, "A new game, same players and rules? (Enter: yes; n: ask anew; q: leave): ", "")
    answer(child, "(a name or 1-3; Enter: Bob; d: draw cards): ", "3")
    child.expect_exact("Hand 1 of 1 · 1 card each · Cat deals")
    answer(child, "Ann bids (0-1): ", "q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    data = ohhell.sheet()
    assert data["id"] != "first" and data["players"] == ["Ann", "Bob", "Cat"]
    assert (data["rules"]["deck"], data["rules"]["hands"]) == (104, [1])


@pytest.mark.parametrize(("first", "next_one"), [("Ann", "Bob"), ("Bob", "Cat"), ("Cat", "Ann")])
def test_the_same_players_deal_first_from_the_next_seat_clockwise(
    ohhell: Ohhell, data_dir: Path, first: str, next_one: str
) -> None:
    """The deal passes clockwise from game to game as from hand to hand: the new game's
    first dealer at Enter is the seat after the last game's first dealer, not the same."""
    finished(ohhell, "-g", "first", "--dealer", first)
    child = spawn(data_dir, "play")
    answer(child, "(Enter: yes; n: ask anew; q: leave): ", "")
    answer(child, f"(a name or 1-3; Enter: {next_one}; d: draw cards): ", "")
    child.expect_exact(f"Hand 1 of 1 · 1 card each · {next_one} deals")
    child.expect_exact("bids (0-1): ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert ohhell.sheet()["hands"][0]["dealer"] == next_one


@pytest.mark.parametrize("leave", ["q", "ctrl-c", "ctrl-d"])
def test_leaving_the_offer_of_a_new_game_changes_nothing(
    ohhell: Ohhell, data_dir: Path, leave: str
) -> None:
    finished(ohhell, "-g", "first")
    child = spawn(data_dir, "play")
    child.expect_exact("(Enter: yes; n: ask anew; q: leave): ")
    if leave == "q":
        child.sendline("q")
    else:
        child.sendcontrol(leave[-1])
    child.expect_exact("no game created")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == (0 if leave == "q" else 130)
    assert [p.name for p in data_dir.glob("*.json")] == ["first.json"]


def test_n_at_the_offer_asks_for_the_players_and_rules_anew(ohhell: Ohhell, data_dir: Path) -> None:
    finished(ohhell, "-g", "first")
    child = spawn(data_dir, "play", "-g", "first")
    answer(child, "q: leave): ", "x")
    child.expect_exact("✗ type Enter, n or q")
    answer(child, "q: leave): ", "n")
    for name in ("Dan", "Eve", "Fay", ""):
        child.expect(r"Player \d: ")
        child.sendline(name)
    answer(child, "Enter: classic): ", "q")
    child.expect_exact("no game created")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert [p.name for p in data_dir.glob("*.json")] == ["first.json"]
