"""What a seat change says (issue 26): the change in words, who sits now clockwise, and
what the table does next, from `ohhell seat replace/leave/join` and from play's `t` key
(docs/seats.md)."""

from __future__ import annotations

import pytest

from .conftest import Ohhell


def one_hand_in(ohhell: Ohhell) -> None:
    """Ann, Bob, Cat, Dan; hand 1 scored (Ann 1, Bob 11, Cat 10, Dan 10), Bob deals next."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0", "1")


#: Each change: the command, the keys typed after play's `t`, and what both say.
CHANGES = {
    "replace carrying": (
        ["seat", "replace", "Bob", "Zed", "--carry"],
        ["r", "Bob", "Zed", "y"],
        "Zed takes Bob's seat from hand 2, with Bob's 11 points.\n"
        "Seated now, clockwise: Ann, Zed, Cat, Dan.\n"
        "Hand 2 of 2 (1 card, Zed deals): Cat to bid\n",
    ),
    "replace afresh": (
        ["seat", "replace", "Bob", "Zed"],
        ["r", "Bob", "Zed", "n"],
        "Zed takes Bob's seat from hand 2.\n"
        "Seated now, clockwise: Ann, Zed, Cat, Dan.\n"
        "Hand 2 of 2 (1 card, Zed deals): Cat to bid\n",
    ),
    "join after": (
        ["seat", "join", "Eve", "--after", "Bob", "--score", "5"],
        ["j", "Eve", "Bob", "5"],
        "Eve joins after Bob from hand 2, starting at 5.\n"
        "Seated now, clockwise: Ann, Bob, Eve, Cat, Dan.\n"
        "Hand 2 of 2 (1 card, Bob deals): Eve to bid\n",
    ),
    "join at the end": (
        ["seat", "join", "Eve"],
        ["j", "Eve", "", ""],
        "Eve joins after Dan from hand 2.\n"
        "Seated now, clockwise: Ann, Bob, Cat, Dan, Eve.\n"
        "Hand 2 of 2 (1 card, Bob deals): Cat to bid\n",
    ),
    "leave": (
        ["seat", "leave", "Cat"],
        ["l", "Cat"],
        "Cat leaves after hand 1 with 10 (a player who left cannot win).\n"
        "Seated now, clockwise: Ann, Bob, Dan.\n"
        "Hand 2 of 2 (1 card, Bob deals): Dan to bid\n",
    ),
}


@pytest.mark.parametrize("kind", list(CHANGES))
def test_a_seat_command_says_the_change_and_who_sits_now(ohhell: Ohhell, kind: str) -> None:
    command, _typed, said = CHANGES[kind]
    one_hand_in(ohhell)
    assert ohhell.ok(*command) == said


@pytest.mark.parametrize("kind", list(CHANGES))
def test_plays_t_key_says_the_change_and_who_sits_now(ohhell: Ohhell, kind: str) -> None:
    _command, typed, said = CHANGES[kind]
    one_hand_in(ohhell)
    result = ohhell("play", input="".join(f"{a}\n" for a in ["t", *typed, "q"]))
    assert result.exit_code == 0, result.output
    # The last prompt's answer, then what the change says, then the hand's header.
    assert f": {said}\n━━ Hand 2 of 2" in result.stdout, result.stdout
