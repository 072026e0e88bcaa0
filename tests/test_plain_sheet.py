"""The score sheet of `show`, drawn as plain text (plain.py)."""

from __future__ import annotations

import pytest

from tests.conftest import Ohhell


@pytest.fixture
def hand_played(ohhell: Ohhell) -> None:
    """README's first hand: Bob and Cat make their bids; Ann's 3 tricks lead nobody."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "Bob=3", "Cat=2", "Dan=5", "Ann=3")


@pytest.mark.usefixtures("hand_played")
def test_sheet_shows_bid_tricks_score_and_total(ohhell: Ohhell) -> None:
    sheet = ohhell.ok("show")
    row = next(line for line in sheet.splitlines() if line.startswith(" 1 "))
    ann, bob, cat, dan = (
        ["2/3", "+3", "3"],
        ["3/3✓", "+13", "13"],
        ["2/2✓", "+12", "12"],
        [
            "4/5",
            "+5",
            "5",
        ],
    )
    assert row.split() == ["1", "13♥", "Ann", *ann, *bob, *cat, *dan]
    assert "13 ★" in sheet  # Bob leads
    assert "▶ Hand 2 of 23 (12 cards, Bob deals): Cat to bid" in sheet


@pytest.mark.usefixtures("hand_played")
def test_narrow_terminal_drops_the_hand_score_then_the_dealer(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    def header(sheet: str) -> list[str]:
        return next(line for line in sheet.splitlines() if line.startswith(" #")).split()

    monkeypatch.setenv("COLUMNS", "75")
    sheet = ohhell.ok("show")
    assert "+13" not in sheet
    assert header(sheet) == ["#", "n", "deals", "Ann", "Bob", "Cat", "Dan"]
    monkeypatch.setenv("COLUMNS", "62")
    sheet = ohhell.ok("show")
    assert header(sheet) == ["#", "n", "Ann", "Bob", "Cat", "Dan"]
    assert max(len(line) for line in sheet.splitlines()) <= 62


def test_a_long_name_is_cut_to_fit(ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch) -> None:
    long = "Bartholomew-Maximilian"
    ohhell.ok("new", "Ann", long, "Cat", "Dan", "-g", "friday")
    monkeypatch.setenv("COLUMNS", "45")
    header = next(line for line in ohhell.ok("show").splitlines() if line.startswith(" #"))
    assert header.split() == ["#", "n", "Ann", "Bartholomew-Maxi…", "Cat", "Dan"]
    assert len(header) <= 45


@pytest.mark.usefixtures("hand_played")
def test_sheet_in_a_pipe_has_no_terminal_codes(ohhell: Ohhell) -> None:
    assert "\x1b[" not in ohhell.ok("show")
