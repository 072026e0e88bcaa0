"""`ohhell chart` and `show --chart`: the running totals, readable without colour."""

from __future__ import annotations

import pytest
from rich.color import Color
from rich.console import Console
from rich.segment import Segment

from ohhell_score.actions.entries import load_progress
from ohhell_score.domain.game import Progress, progress
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


def test_a_name_without_a_free_letter_gets_the_first_spare_letter_then_a_digit() -> None:
    assert markers(["Al", "La", "A1", "ÅÅ"])["ÅÅ"] == "B"
    alphabet = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
    assert markers([*alphabet[:24], "ÅÅ"])["ÅÅ"] == "Y"  # A to X taken by their names
    assert markers([*alphabet, "ÅÅ"])["ÅÅ"] == "0"


def test_a_table_that_takes_every_letter_and_digit_still_gets_its_chart() -> None:
    """A game of 37 (two packs, one-card hands): `ohhell chart` stopped on a
    StopIteration once A-Z and 0-9 were taken and a name had no free letter."""
    names = [f"{chr(c)}x" for c in range(ord("A"), ord("Z") + 1)] + [f"n{d}" for d in range(10)]
    found = markers([*names, "Ål", "Øy"])
    assert (found["Ål"], found["Øy"]) == ("a", "b")
    assert len(set(found.values())) == len(found)
    many = markers([*names, *(f"Ø{i}" for i in range(40))])  # past every spare
    assert list(many.values())[-15:] == ["z", *"?" * 14]


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


def four_hands(ohhell: Ohhell) -> Progress:
    """test_the_chart_says_who_led_when's game: Ann 22, Bob 41, Cat 21 after four."""
    ohhell.ok(
        "new", "Ann", "Bob", "Cat", "--hands", "1,1,1,1", "--trump", "none", "--hook", "never"
    )
    for bids, tricks in (
        (("Bob=0", "Cat=0", "Ann=1"), ("Ann=1", "Bob=0", "Cat=0")),
        (("Cat=1", "Ann=0", "Bob=1"), ("Ann=0", "Bob=1", "Cat=0")),
        (("Ann=1", "Bob=0", "Cat=0"), ("Ann=0", "Bob=0", "Cat=1")),
        (("Bob=0", "Cat=0", "Ann=0"), ("Ann=1", "Bob=0", "Cat=0")),
    ):
        ohhell.ok("bid", *bids)
        ohhell.ok("tricks", *tricks)
    return load_progress(None)


def drawn_at(prog: Progress, width: int) -> list[str]:
    console = Console(width=width, record=True, no_color=True, force_terminal=False)
    console.print(chart(prog, width))
    return console.export_text().splitlines()


def test_the_chart_of_four_hands_drawn_whole(ohhell: Ohhell) -> None:
    """Each total at its height (12 rows from 0 to the highest, a mark half way), the
    letters of one spot side by side, the hands under the axis, the legend, the totals
    and who led."""
    assert drawn_at(four_hands(ohhell), 80) == [
        " 41 │                  B  ",
        "    │                     ",
        "    │                     ",
        "    │            B        ",
        "    │                     ",
        "    │      AB    A     CA ",
        " 20 │                     ",
        "    │                     ",
        "    │BCA   C     C        ",
        "    │                     ",
        "    │                     ",
        "  0 │                     ",
        "    └─────────────────────",
        "  #  1     2     3     4",
        "A Ann 22 · B Bob 41 · C Cat 21",
        "after hand   1   2   3   4",
        "A Ann       11  21  21  22",
        "B Bob       10  21  31  41 ★",
        "C Cat       10  10  11  21",
        "Led: Ann hand 1, Ann & Bob hand 2, Bob hands 3–4.",
    ]


def test_a_narrow_chart_marks_players_on_one_spot_with_a_star(ohhell: Ohhell) -> None:
    assert drawn_at(four_hands(ohhell), 16) == [
        " 41 │      B",
        "    │       ",
        "    │       ",
        "    │    B  ",
        "    │       ",
        "    │  * A *",
        " 20 │       ",
        "    │       ",
        "    │* C C  ",
        "    │       ",
        "    │       ",
        "  0 │       ",
        "    └───────",
        "  #  1 2 3 4",
        "A Ann 22 · B Bob",
        "41 · C Cat 21  *",
        "several",
        "after hand   4",
        "A Ann       22",
        "B Bob       41 ★",
        "C Cat       21",
        "Led: Ann hand 1,",
        "Ann & Bob hand ",
        "2, Bob hands ",
        "3–4.",
    ]


def test_a_chart_below_zero_marks_zero_between(ohhell: Ohhell) -> None:
    """Scored with minus (a bid missed loses its tricks): the lowest total at the foot,
    the highest at the top, 0 marked where it falls."""
    ohhell.ok(
        "new",
        "Ann",
        "Bob",
        "Cat",
        "--hands",
        "1,1,1",
        "--trump",
        "none",
        "--hook",
        "never",
        "--scoring",
        "minus",
    )
    for bids, tricks in (
        (("Bob=1", "Cat=0", "Ann=0"), ("Ann=1", "Bob=0", "Cat=0")),
        (("Cat=1", "Ann=1", "Bob=0"), ("Ann=0", "Bob=0", "Cat=1")),
        (("Ann=1", "Bob=0", "Cat=1"), ("Ann=1", "Bob=0", "Cat=0")),
    ):
        ohhell.ok("bid", *bids)
        ohhell.ok("tricks", *tricks)
    assert drawn_at(load_progress(None), 40) == [
        " 21 │      C     C  ",
        "    │            B  ",
        "    │               ",
        "    │               ",
        "    │               ",
        "    │C              ",
        "    │      B     A  ",
        "    │               ",
        "    │               ",
        "    │               ",
        "  0 │               ",
        " -2 │BA    A        ",
        "    └───────────────",
        "  #  1     2     3",
        "A Ann 9 · B Bob 19 · C Cat 20",
        "after hand   1   2   3",
        "A Ann       -1  -2   9",
        "B Bob       -1   9  19",
        "C Cat       10  21  20 ★",
        "Led: Cat hands 1–3.",
    ]


def one_hand(ohhell: Ohhell, game: str, cards: str, bids: str, tricks: str) -> list[str]:
    """A game of one hand scored with minus (a bid missed loses), drawn at 40 columns."""
    ohhell.ok(
        "new",
        "Ann",
        "Bob",
        "Cat",
        "-g",
        game,
        "--hands",
        cards,
        "--trump",
        "none",
        "--hook",
        "never",
        "--scoring",
        "minus",
    )
    ohhell.ok("bid", *bids.split())
    ohhell.ok("tricks", *tricks.split())
    return drawn_at(load_progress(game), 40)


def test_a_chart_of_one_hand_marks_zero_or_the_middle_where_they_fall(ohhell: Ohhell) -> None:
    ten = one_hand(ohhell, "ten", "10", "Bob=0 Cat=0 Ann=10", "Ann=0 Bob=10 Cat=0")
    assert ten == [
        "  10 │C ",
        "     │  ",
        "     │  ",
        "     │  ",
        "     │  ",
        "     │  ",
        "   0 │  ",
        "     │  ",
        "     │  ",
        "     │  ",
        "     │  ",
        " -10 │BA",
        "     └──",
        "   #  1",
        "A Ann -10 · B Bob -10 · C Cat 10",
        "after hand   1",
        "A Ann      -10",
        "B Bob      -10",
        "C Cat       10 ★",
        "Led: Cat hand 1.",
    ]
    below = one_hand(ohhell, "below", "3", "Bob=1 Cat=1 Ann=2", "Ann=0 Bob=3 Cat=0")
    assert below == [
        "  0 │  ",
        " -1 │C ",
        " -2 │BA",
        "    └──",
        "  #  1",
        "A Ann -2 · B Bob -2 · C Cat -1",
        "after hand   1",
        "A Ann       -2",
        "B Bob       -2",
        "C Cat       -1 ★",
        "Led: Cat hand 1.",
    ]


def test_a_chart_a_point_high_has_two_rows(ohhell: Ohhell) -> None:
    low = one_hand(ohhell, "low", "1", "Bob=1 Cat=1 Ann=0", "Ann=1 Bob=0 Cat=0")
    assert low == [
        "  0 │  ",
        " -1 │*C",
        "    └──",
        "  #  1",
        "A Ann -1 · B Bob -1 · C Cat -1  * ",
        "several",
        "after hand   1",
        "A Ann       -1 ★",
        "B Bob       -1 ★",
        "C Cat       -1 ★",
        "Led: Ann & Bob & Cat hand 1.",
    ]


def test_a_middling_chart_spaces_the_hands_to_fit_and_skips_some_totals(
    ohhell: Ohhell,
) -> None:
    """23 columns: five a hand, and the totals after hands 1 and 4 only."""
    assert drawn_at(four_hands(ohhell), 23) == [
        " 41 │               B  ",
        "    │                  ",
        "    │                  ",
        "    │          B       ",
        "    │                  ",
        "    │     AB   A    CA ",
        " 20 │                  ",
        "    │                  ",
        "    │BCA  C    C       ",
        "    │                  ",
        "    │                  ",
        "  0 │                  ",
        "    └──────────────────",
        "  #  1    2    3    4",
        "A Ann 22 · B Bob 41 · C",
        "Cat 21",
        "after hand   1   4",
        "A Ann       11  22",
        "B Bob       10  41 ★",
        "C Cat       10  21",
        "Led: Ann hand 1, Ann & ",
        "Bob hand 2, Bob hands ",
        "3–4.",
    ]


def test_a_chart_in_seven_columns_stacks_the_players(ohhell: Ohhell) -> None:
    below = one_hand(ohhell, "below", "3", "Bob=1 Cat=1 Ann=2", "Ann=0 Bob=3 Cat=0")
    assert drawn_at(load_progress("below"), 7)[:5] == [
        "  0 │ ",
        " -1 │C",
        " -2 │*",
        "    └─",
        "  #  1",
    ]
    assert below[:3] == ["  0 │  ", " -1 │C ", " -2 │BA"]


def test_players_on_one_spot_are_a_bold_star_in_colour(ohhell: Ohhell) -> None:
    """At 7 columns Bob and Ann share -2 in one column: a "*" in bold, no player's colour."""
    one_hand(ohhell, "below", "3", "Bob=1 Cat=1 Ann=2", "Ann=0 Bob=3 Cat=0")
    console = Console(width=7, force_terminal=True, color_system="standard")
    lines = list(Segment.split_lines(console.render(chart(load_progress("below"), 7))))
    (star,) = [s for s in lines[2] if s.text == "*"]
    assert star.style is not None and star.style.bold and star.style.color is None


def test_each_players_letter_has_its_colour_and_the_frame_is_dim(ohhell: Ohhell) -> None:
    console = Console(width=80, force_terminal=True, color_system="standard")
    lines = list(Segment.split_lines(console.render(chart(four_hands(ohhell), 80))))
    colours = {"A": "cyan", "B": "magenta", "C": "green"}  # the players in seat order
    plotted = []
    for line in lines[:12]:  # the plot
        frame, *cells = [s for s in line if s.text]
        assert " │" in frame.text and frame.style is not None and frame.style.dim
        plotted += [s for s in cells if s.text.strip()]
    assert len(plotted) == 12  # three players at four hands, each a letter
    for s in plotted:
        assert s.style is not None and s.style.color is not None
        assert (s.text, s.style.color.name) == (s.text, colours[s.text])
    (axis,) = [s for s in lines[12] if s.text]
    assert "└" in axis.text and axis.style is not None and axis.style.dim
    legend = [s for s in lines[14] if s.text in colours]
    assert [(s.text, s.style and s.style.bold, s.style and s.style.color) for s in legend] == [
        (letter, True, Color.parse(colour)) for letter, colour in colours.items()
    ]


def test_a_long_name_is_cut_and_totals_of_four_digits_keep_apart(ohhell: Ohhell) -> None:
    fitz = "Bartholomew Fitz"
    ohhell.ok(
        "new",
        fitz,
        "Bob",
        "Cat",
        "--hands",
        "1",
        "--trump",
        "none",
        "--hook",
        "never",
        "--scoring",
        "made: 1000+b; missed: 0",
    )
    ohhell.ok("bid", "Bob=0", "Cat=1", f"{fitz}=0")
    ohhell.ok("tricks", "Bob=0", "Cat=1", f"{fitz}=0")
    assert drawn_at(load_progress(None), 80) == [
        " 1001 │*C",
        "      │  ",
        "      │  ",
        "      │  ",
        "      │  ",
        "      │  ",
        "  500 │  ",
        "      │  ",
        "      │  ",
        "      │  ",
        "      │  ",
        "    0 │  ",
        "      └──",
        "    #  1",
        "B Bartholomew Fitz 1000 · O Bob 1000 · C Cat 1001  * several",
        "after hand          1",
        "B Bartholomew F… 1000",
        "O Bob            1000",
        "C Cat            1001 ★",
        "Led: Cat hand 1.",
    ]


def test_a_chart_of_nothing_but_zeros_stands_on_its_foot(ohhell: Ohhell) -> None:
    ohhell.ok(
        "new",
        "Ann Marie",
        "Bob",
        "Cat",
        "--hands",
        "1",
        "--trump",
        "none",
        "--hook",
        "never",
        "--scoring",
        "made: 10+b; missed: 0",
    )
    ohhell.ok("bid", "Bob=1", "Cat=1", "Ann Marie=0")
    ohhell.ok("tricks", "Ann Marie=1", "Bob=0", "Cat=0")
    assert drawn_at(load_progress(None), 40) == [
        " 0 │  ",
        " 0 │*C",
        "   └──",
        " #  1",
        "A Ann Marie 0 · B Bob 0 · C Cat 0  * ",
        "several",
        "after hand    1",
        "A Ann Marie   0 ★",
        "B Bob         0 ★",
        "C Cat         0 ★",
        "Led: Ann Marie & Bob & Cat hand 1.",
    ]


def test_a_chart_in_twelve_columns_gives_each_hand_a_column(ohhell: Ohhell) -> None:
    assert drawn_at(four_hands(ohhell), 12)[:14] == [
        " 41 │   B",
        "    │    ",
        "    │    ",
        "    │  B ",
        "    │    ",
        "    │ *A*",
        " 20 │    ",
        "    │    ",
        "    │*CC ",
        "    │    ",
        "    │    ",
        "  0 │    ",
        "    └────",
        "  #  1 3",
    ]


def test_a_chart_in_eight_columns_squeezes_the_hands_together(ohhell: Ohhell) -> None:
    assert drawn_at(four_hands(ohhell), 8)[:14] == [
        " 41 │  B",
        "    │   ",
        "    │   ",
        "    │ B ",
        "    │   ",
        "    │ **",
        " 20 │   ",
        "    │   ",
        "    │** ",
        "    │   ",
        "    │   ",
        "  0 │   ",
        "    └───",
        "  #  1 4",
    ]


def test_a_chart_twelve_points_high_keeps_to_its_twelve_rows(ohhell: Ohhell) -> None:
    ohhell.ok(
        "new",
        "Ann",
        "Bob",
        "Cat",
        "--hands",
        "2",
        "--trump",
        "none",
        "--hook",
        "never",
        "--scoring",
        "made: 10+b; missed: 0",
    )
    ohhell.ok("bid", "Bob=2", "Cat=1", "Ann=1")
    ohhell.ok("tricks", "Ann=0", "Bob=2", "Cat=0")
    assert drawn_at(load_progress(None), 40)[:15] == [
        " 12 │B ",
        "    │  ",
        "    │  ",
        "    │  ",
        "    │  ",
        "    │  ",
        "  6 │  ",
        "    │  ",
        "    │  ",
        "    │  ",
        "    │  ",
        "  0 │CA",
        "    └──",
        "  #  1",
        "A Ann 0 · B Bob 12 · C Cat 0",
    ]


def test_a_chart_of_two_hands_and_the_totals_at_24_columns(ohhell: Ohhell) -> None:
    assert drawn_at(four_hands(ohhell), 24)[15:19] == [
        "Cat 21",
        "after hand   1   3   4",
        "A Ann       11  21  22",
        "B Bob       10  31  41 ★",
    ]
    ohhell.ok(
        "new",
        "Ann",
        "Bob",
        "Cat",
        "-g",
        "two",
        "--hands",
        "1,1",
        "--trump",
        "none",
        "--hook",
        "never",
    )
    ohhell.ok("bid", "Bob=0", "Cat=0", "Ann=1")
    ohhell.ok("tricks", "Ann=1", "Bob=0", "Cat=0")
    ohhell.ok("bid", "Cat=1", "Ann=0", "Bob=1")
    ohhell.ok("tricks", "Ann=0", "Bob=1", "Cat=0")
    assert drawn_at(load_progress("two"), 40)[:14] == [
        " 21 │      AB ",
        "    │         ",
        "    │         ",
        "    │         ",
        "    │         ",
        "    │A        ",
        " 10 │BC    C  ",
        "    │         ",
        "    │         ",
        "    │         ",
        "    │         ",
        "  0 │         ",
        "    └─────────",
        "  #  1     2",
    ]
    assert drawn_at(load_progress("two"), 12)[13] == "  #  1   2"  # four columns apart


def test_a_game_without_scored_hands_has_nothing_to_chart(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "cartier", hands=0)
    assert ohhell.ok("chart") == "No hand scored yet: nothing to chart.\n"


def test_show_chart_draws_the_chart_under_the_sheet(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=5)
    out = ohhell.ok("show", "--chart")
    assert out.index("Hand 6 of 19") < out.index("Led: ")
    # the sheet, one blank line, and the chart as `ohhell chart` draws it
    assert out == ohhell.ok("show") + "\n" + ohhell.ok("chart")


def test_show_chart_and_json_together_are_malformed(ohhell: Ohhell) -> None:
    saved_game("friday", PLAYERS, "classic", hands=5)
    reason = ohhell.invalid_value("show", "--chart", "--json")
    assert reason == "--json is for scripts and --chart for people: give one"


@pytest.mark.parametrize("width", [40, 80])
def test_under_the_plot_each_player_has_one_line_of_running_totals(width: int) -> None:
    """Letters scattered on a grid are hard to follow without colour; a line
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
