"""`ohhell chart` and `show --chart`: the running totals, readable without colour."""

from __future__ import annotations

import pytest
from rich.console import Console

from ohhell_score.domain.game import progress
from ohhell_score.views.chart import chart, markers
from tests.conftest import Ohhell
from tests.games import new_game, play, saved_game

PLAYERS = ("Ann Marie", "<b>Bo</b>", "@home", "Zoë")


def drawn(players: tuple[str, ...], width: int, hands: int | None = None) -> list[str]:
    prog = progress(play(new_game("g", players, "cartier"), hands))
    console = Console(width=width, record=True, no_color=True, force_terminal=False)
    console.print(chart(prog, width))
    return console.export_text().splitlines()


def test_each_player_gets_a_letter_of_their_own() -> None:
    assert markers(["Ann", "Amy", "Bob", "@home", "Zoë"]) == {
        "Ann": "A",
        "Amy": "M",
        "Bob": "B",
        "@home": "H",
        "Zoë": "Z",
    }


def test_names_without_a_free_letter_get_a_spare_one() -> None:
    found = markers(["Al", "La", "A1", "ÅÅ"])
    assert len(set(found.values())) == 4
    assert found["ÅÅ"].isascii()


def test_the_chart_shows_every_players_letter_and_a_legend(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "cartier")
    sheet = ohhell.sheet()
    out = ohhell.ok("chart")
    plot = out.split("└")[0]
    for letter in "ABHZ":
        assert letter in plot
    legend = next(line for line in out.splitlines() if "A Ann Marie" in line)
    for name, letter in zip(PLAYERS, "ABHZ", strict=True):
        assert f"{letter} {name} {sheet['totals'][name]}" in legend


@pytest.mark.parametrize("width", [40, 60, 100, 160])
def test_the_chart_fits_the_terminal(width: int) -> None:
    lines = drawn(PLAYERS, width)
    assert max(len(line) for line in lines) <= width
    assert sum("│" in line for line in lines) >= 2


def test_the_top_and_bottom_labels_are_the_highest_total_and_zero() -> None:
    prog = progress(play(new_game("g", PLAYERS, "cartier"), None))
    lines = drawn(PLAYERS, 100)
    assert lines[0].split("│")[0].strip() == str(max(prog.totals.values()))
    plot = [line for line in lines if "│" in line]
    assert plot[-1].split("│")[0].strip() == "0"


def test_the_chart_says_who_led_when(ohhell: Ohhell) -> None:
    """Four one-card hands, worked out by hand (standard scoring: 10 + tricks for a bid
    made, the tricks otherwise): a leader, a tie, a new leader who stays."""
    ohhell.ok(
        "new", "Ann", "Bob", "Cat", "--hands", "1,1,1,1", "--trump", "none", "--hook", "never"
    )
    for bids, tricks in (
        (("Bob=0", "Cat=0", "Ann=1"), ("Ann=1", "Bob=0", "Cat=0")),  # Ann 11, Bob 10, Cat 10
        (("Cat=1", "Ann=0", "Bob=1"), ("Ann=0", "Bob=1", "Cat=0")),  # Ann 21, Bob 21, Cat 10
        (("Ann=1", "Bob=0", "Cat=0"), ("Ann=0", "Bob=0", "Cat=1")),  # Ann 21, Bob 31, Cat 11
        (("Bob=0", "Cat=0", "Ann=0"), ("Ann=1", "Bob=0", "Cat=0")),  # Ann 22, Bob 41, Cat 21
    ):
        ohhell.ok("bid", *bids)
        ohhell.ok("tricks", *tricks)
    lines = ohhell.ok("chart").splitlines()
    assert "A Ann 22 · B Bob 41 · C Cat 21" in lines
    assert "Led: Ann hand 1, Ann & Bob hand 2, Bob hands 3–4." in lines


def test_a_game_without_scored_hands_has_nothing_to_chart(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "cartier", hands=0)
    assert "nothing to chart" in ohhell.ok("chart")


def test_show_chart_draws_the_chart_under_the_sheet(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=5)
    out = ohhell.ok("show", "--chart")
    assert out.index("Hand 6 of 19") < out.index("Led: ")


def test_show_chart_and_json_together_are_malformed(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=5)
    ohhell.refused("show", "--chart", "--json", code=2)


@pytest.mark.parametrize("width", [40, 80])
def test_under_the_plot_each_player_has_one_line_of_running_totals(width: int) -> None:
    """Issue 16: letters scattered on a grid are hard to follow without colour; a line
    a player of totals after hands spread over the game (first and last kept) is not."""
    prog = progress(play(new_game("g", PLAYERS, "cartier"), None))
    lines = drawn(PLAYERS, width)
    assert max(len(line) for line in lines) <= width
    head = next(i for i, line in enumerate(lines) if line.startswith("after hand"))
    hands = [int(n) for n in lines[head].split()[2:]]
    assert hands[0] == 1 and hands[-1] == 23 and hands == sorted(set(hands))
    running = prog.running_totals()
    for line, (player, letter) in zip(lines[head + 1 :], markers(PLAYERS).items(), strict=False):
        assert line.startswith(f"{letter} {player}")
        numbers = line.removeprefix(f"{letter} {player}").replace("★", "").split()
        assert [int(n) for n in numbers] == [running[n - 1][player] for n in hands]


def test_the_totals_under_the_plot_keep_a_name_that_just_fits_and_line_up_wide_ones(
    ohhell: Ohhell,
) -> None:
    """The names' column is as wide as the longest ("A Annabelle"), which is not cut; a
    wide name takes two columns a character. A quick game: the run of the tests sees it."""
    ohhell.ok("new", "Annabelle", "Bob", "王小明", "--hands", "2,1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    lines = ohhell.ok("chart").splitlines()
    head = lines.index("after hand    1")
    assert lines[head + 1 : head + 4] == ["A Annabelle   1", "B Bob        11 ★", "C 王小明     10"]
