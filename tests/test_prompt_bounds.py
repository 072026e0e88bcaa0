"""Every bound of every prompt of `play` and of the guided `new`, each at a fixed case on
both of its sides (issue 26): the lowest and highest answer taken, one past each refused
and asked again (cli/interactive.py: ``number``, ``seat_number`` and their callers)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from ohhell_score.actions.setup import make_rules
from ohhell_score.cli import interactive
from ohhell_score.domain.errors import Refused
from ohhell_score.domain.rules import PRESETS, RuleOptions
from tests.conftest import Ohhell

PLAYERS = ("Ann", "Bob", "Cat", "Dan")


class Typed:
    """A prompt's ``ask`` that answers from a list, and the screen it writes on."""

    def __init__(self, *answers: str) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=200)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return next(self.answers)

    @property
    def shown(self) -> str:
        return self.out.getvalue()


# --- number and seat_number ------------------------------------------------------------


@pytest.mark.parametrize(("text", "value"), [("0", 0), ("2", 2), (" 1 ", 1)])
def test_number_takes_both_ends_of_its_range(text: str, value: int) -> None:
    assert interactive.number(text, 0, 2, "a bid") == value


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("-1", "-1 is out of range: a bid is 0 to 2"),
        ("3", "3 is out of range: a bid is 0 to 2"),
        ("", "type a bid 0 to 2, then Enter (? shows the keys)"),
        ("x", "'x' is not a number: type a bid 0 to 2, then Enter (? shows the keys)"),
        ("1234567890", "123456789… is out of range: a bid is 0 to 2"),
    ],
)
def test_number_refuses_one_past_each_end(text: str, reason: str) -> None:
    with pytest.raises(Refused) as refused:
        interactive.number(text, 0, 2, "a bid")
    assert str(refused.value) == reason


def test_number_of_nine_digits_is_read_and_judged_by_its_value() -> None:
    assert interactive.number("999999999", 0, 10**9, "points") == 999_999_999
    with pytest.raises(Refused, match=r"^999999999 is out of range: points is 0 to 10$"):
        interactive.number("999999999", 0, 10, "points")


@pytest.mark.parametrize(
    ("text", "seat"), [("0", None), ("1", 1), ("4", 4), ("5", None), ("001", 1), ("0001", None)]
)
def test_seat_number_is_1_to_the_count(text: str, seat: int | None) -> None:
    assert interactive.seat_number(text, 4) == seat


# --- the guided `new`: players, preset, first dealer -----------------------------------


def test_the_player_list_ends_at_3_players_not_at_2() -> None:
    typed = Typed("Ann", "Bob", "", "Cat", "")
    assert interactive.ask_players(typed.console, typed) == ("Ann", "Bob", "Cat")
    assert "✗ Oh Hell needs at least 3 players; 2 so far" in typed.shown
    assert typed.prompts == [f"Player {n}: " for n in (1, 2, 3, 3, 4)]


def test_a_players_name_is_1_to_24_characters() -> None:
    typed = Typed("A" * 25, "A" * 24, "B", "C", "")
    assert interactive.ask_players(typed.console, typed) == ("A" * 24, "B", "C")
    assert f"✗ player name {'A' * 25!r} must be 1 to 24 characters" in typed.shown


def preset(*answers: str) -> tuple[str, Typed]:
    typed = Typed(*answers)

    def build(name: str, changes: RuleOptions) -> Any:
        return make_rules(name, len(PLAYERS), changes)

    rules = interactive.ask_preset(typed.console, typed, len(PLAYERS), "classic", build, ())
    return rules.preset, typed


@pytest.mark.parametrize(("typed", "chosen"), [("1", "cartier"), ("7", "boerenbridge")])
def test_a_preset_is_chosen_by_number_1_to_7(typed: str, chosen: str) -> None:
    assert len(PRESETS) == 7 and list(PRESETS)[int(typed) - 1] == chosen
    assert preset(typed)[0] == chosen


@pytest.mark.parametrize("typed", ["0", "8"])
def test_a_preset_number_outside_1_to_7_is_refused_and_asked_again(typed: str) -> None:
    chosen, asked = preset(typed, "2")
    assert chosen == "ten-to-one"
    assert f"✗ {typed!r} is not a preset: use cartier, ten-to-one," in asked.shown
    assert asked.prompts == ["Preset (1-7 or a name; Enter: classic): "] * 2


def dealer(*answers: str) -> tuple[int, Typed]:
    typed = Typed(*answers)
    rules = make_rules("classic", len(PLAYERS), RuleOptions())
    return interactive.ask_dealer(typed.console, typed, PLAYERS, rules), typed


@pytest.mark.parametrize(("typed", "seat"), [("1", 0), ("4", 3), ("", 0), ("dan", 3)])
def test_the_first_dealer_is_seat_1_to_n(typed: str, seat: int) -> None:
    assert dealer(typed)[0] == seat


@pytest.mark.parametrize("typed", ["0", "5"])
def test_a_dealer_seat_of_0_or_n_plus_1_is_refused_and_asked_again(typed: str) -> None:
    seat, asked = dealer(typed, "2")
    assert seat == 1
    assert f"✗ no player {typed!r}" in asked.shown
    assert len(asked.prompts) == 2


# --- play: bids, tricks, a newcomer's points -------------------------------------------


def play(ohhell: Ohhell, *answers: str) -> Any:
    return ohhell("play", input="".join(f"{a}\n" for a in answers))


def three(ohhell: Ohhell, hands: str = "2,1") -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", hands, "--trump", "none", "-g", "t")


@pytest.mark.parametrize("bid", [0, 2])
def test_a_bid_of_0_and_of_all_the_cards_is_taken(ohhell: Ohhell, bid: int) -> None:
    three(ohhell)
    result = play(ohhell, str(bid), "q")
    assert "✗" not in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {"Bob": bid}


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("-1", "-1 is out of range: a bid is 0 to 2"), ("3", "3 is out of range: a bid is 0 to 2")],
)
def test_a_bid_of_minus_1_or_cards_plus_1_is_refused(
    ohhell: Ohhell, typed: str, reason: str
) -> None:
    three(ohhell)
    result = play(ohhell, typed, "q")
    assert f"✗ {reason}" in result.stdout
    assert ohhell.sheet()["hands"][0]["bids"] == {}


def bid_up(ohhell: Ohhell) -> None:
    three(ohhell)
    ohhell.ok("bid", "1", "0", "0")


def typed_tricks(ohhell: Ohhell, *answers: str) -> Any:
    """The tricks typed in play (kept as typed until the hand is whole)."""
    return play(ohhell, *answers, "q")


def test_tricks_of_all_that_is_left_are_taken(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    result = typed_tricks(ohhell, "2")
    assert "✗" not in result.stdout
    assert "Cat took (0-0): " in result.stdout


def test_tricks_of_0_are_taken(ohhell: Ohhell) -> None:
    bid_up(ohhell)
    assert "Cat took (0-2): " in typed_tricks(ohhell, "0").stdout


def test_tricks_one_over_what_is_left_are_refused(ohhell: Ohhell) -> None:
    three(ohhell, "3,1")
    ohhell.ok("bid", "1", "0", "0")
    result = typed_tricks(ohhell, "2", "2")
    assert "Cat took (0-1): " in result.stdout
    assert "✗ Cat cannot take 2: Bob took 2 of the 3 tricks, 1 left" in result.stdout


@pytest.mark.parametrize(
    ("typed", "reason"),
    [("-1", "-1 is out of range: tricks is 0 to 2"), ("3", "3 is out of range: tricks is 0 to 2")],
)
def test_tricks_outside_0_to_the_cards_are_refused(ohhell: Ohhell, typed: str, reason: str) -> None:
    bid_up(ohhell)
    result = typed_tricks(ohhell, typed)
    assert f"✗ {reason}" in result.stdout
    assert result.stdout.count("Bob took (0-2): ") == 2


@pytest.mark.parametrize("points", [0, 1_000_000])
def test_a_newcomer_starts_with_0_to_a_million_points(ohhell: Ohhell, points: int) -> None:
    three(ohhell)
    result = play(ohhell, "t", "j", "Dan", "", str(points), "q")
    assert "✗" not in result.stdout
    assert ohhell.sheet()["totals"]["Dan"] == points


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("-1", "-1 is out of range: the points is 0 to 1000000"),
        ("1000001", "1000001 is out of range: the points is 0 to 1000000"),
    ],
)
def test_a_newcomers_points_outside_0_to_a_million_are_refused(
    ohhell: Ohhell, typed: str, reason: str
) -> None:
    three(ohhell)
    result = play(ohhell, "t", "j", "Dan", "", typed, "q")
    assert f"✗ {reason}" in result.stdout
    assert "Dan" not in ohhell.sheet()["players"]
