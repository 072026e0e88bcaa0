"""The score sheet people read: `show` (plain.py, the one renderer of the sheet)."""

from __future__ import annotations

import os
import re

import pytest

from tests.conftest import Ohhell

NAMES = {
    3: ("Ann", "Bob", "Cat"),
    5: ("Ann", "Bob", "Cat", "Dan", "Eve"),
    7: ("Annabelle", "Bartholomew", "Cat", "Dan", "Eve", "Fred", "Gus"),
}


@pytest.fixture
def hand_played(ohhell: Ohhell) -> None:
    """README's first hand: Bob and Cat make their bids; Ann's 3 tricks lead nobody."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--rules", "cartier", "-g", "friday")
    ohhell.ok("bid", "3", "2", "4", "2")
    ohhell.ok("trump", "hearts")
    ohhell.ok("tricks", "Bob=3", "Cat=2", "Dan=5", "Ann=3")


def one_hand_and_bids(ohhell: Ohhell, players: int) -> None:
    """``players`` players, hands of n, n-1, n-2 cards: the first scored (all made it but
    the first player, who dealt and took a trick over a bid of 0), the second bid."""
    hands = f"{players}-{players - 2}"
    names = NAMES[players]
    ohhell.ok("new", *names, "--hands", hands, "--rules", "cartier", "--decks", "2", "-g", "big")
    ohhell.ok("bid", *["1"] * (players - 1), "0")
    ohhell.ok("trump", "spades")
    ohhell.ok("tricks", *["1"] * players)
    ohhell.ok("bid", *["0"] * (players - 1), "1")


def show_at(ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, width: int) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(width))
    return ohhell.ok("show").splitlines()


def header(lines: list[str]) -> list[str]:
    """The sheet's column heads, but the over/under column's, which comes where it fits."""
    heads = next(line for line in lines if line.split()[:1] == ["#"]).split()
    return heads[:-1] if heads[-1] == "±" else heads


def row(lines: list[str], number: str) -> list[str]:
    return next(line for line in lines if line.split()[:1] == [number]).split()


# --- what each cell holds ------------------------------------------------------------


@pytest.mark.usefixtures("hand_played")
def test_sheet_shows_bid_tricks_score_and_total(ohhell: Ohhell) -> None:
    lines = ohhell.ok("show").splitlines()
    ann, bob, cat, dan = (
        ["2/3", "+3", "3"],
        ["3/3✓", "+13", "13"],
        ["2/2✓", "+12", "12"],
        ["4/5", "+5", "5"],
    )
    assert row(lines, "1") == ["1", "13♥", "Ann", *ann, *bob, *cat, *dan, "-2†"]
    assert "▶ Hand 2 of 23 (12 cards, Bob deals): Cat to bid" in lines


@pytest.mark.usefixtures("hand_played")
def test_the_totals_row_is_labelled_and_stars_the_leader(ohhell: Ohhell) -> None:
    totals = next(line for line in ohhell.ok("show").splitlines() if "Total" in line)
    assert totals.split() == ["Total", "3", "13★", "12", "5"]


@pytest.mark.usefixtures("hand_played")
def test_the_current_hand_is_marked_and_shows_its_bids_as_they_come(ohhell: Ohhell) -> None:
    ohhell.ok("bid", "Cat=1")
    lines = ohhell.ok("show").splitlines()
    current = next(line for line in lines if "▶2" in line)
    assert current.split()[:3] == ["▶2", "12", "Bob"]
    assert "1/·" in current
    assert sum("▶" in line for line in lines) == 2  # the row and the line under the sheet


@pytest.mark.usefixtures("hand_played")
def test_sheet_in_a_pipe_has_no_terminal_codes(ohhell: Ohhell) -> None:
    assert "\x1b[" not in ohhell.ok("show")


def test_a_corrected_hand_is_starred_and_explained(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "x")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("edit", "1", "tricks", "Ann=0", "Bob=0", "Cat=2")
    lines = ohhell.ok("show").splitlines()
    assert row(lines, "1*")[:2] == ["1*", "2NT"]
    assert "* a hand that was corrected after it was scored" in lines


@pytest.mark.parametrize(
    "correction", [("tricks", "Ann=0", "Bob=0", "Cat=2"), ("bids", "Ann=2")], ids=lambda c: c[0]
)
def test_a_hand_whose_tricks_are_taken_back_after_a_correction_loses_its_star(
    ohhell: Ohhell, correction: tuple[str, ...]
) -> None:
    """Undoing the tricks unscores the hand; scored again, it was not corrected since,
    whether its tricks or its bids were corrected."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "x")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    ohhell.ok("edit", "1", *correction)
    assert "1*" in ohhell.ok("show")
    ohhell.ok("undo")
    assert "1*" not in ohhell.ok("show")
    ohhell.ok("tricks", "1", "0", "1")
    lines = ohhell.ok("show").splitlines()
    assert row(lines, "1")[:2] == ["1", "2NT"]
    assert not any("corrected" in line for line in lines)


# --- the layout at 80, 100 and 120 columns -------------------------------------------

#: (players, width) -> the header: the roomiest layout that fits.
LAYOUTS = {
    (3, 80): ["#", "n", "deals", "Ann", "Bob", "Cat"],
    (5, 80): ["#", "n", "deals", "Ann", "Bob", "Cat", "Dan", "Eve"],
    (7, 80): ["#", "n", "Annabelle", "Bartholo…", "Cat", "Dan", "Eve", "Fred", "Gus"],
    (3, 100): ["#", "n", "deals", "Ann", "Bob", "Cat"],
    (5, 100): ["#", "n", "deals", "Ann", "Bob", "Cat", "Dan", "Eve"],
    (7, 100): ["#", "n", "Annabelle", "Bartholom…", "Cat", "Dan", "Eve", "Fred", "Gus"],
    (3, 120): ["#", "n", "deals", "Ann", "Bob", "Cat"],
    (5, 120): ["#", "n", "deals", "Ann", "Bob", "Cat", "Dan", "Eve"],
    (7, 120): ["#", "n", "deals", *NAMES[7]],
}
#: (players, width) -> whether each hand's score is shown.
HAND_SCORES = {(3, 80): True, (5, 80): False, (7, 80): False, (5, 100): True, (7, 120): False}


@pytest.mark.parametrize(("players", "width"), sorted(LAYOUTS))
def test_the_sheet_fits_the_terminal_in_the_roomiest_layout(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, players: int, width: int
) -> None:
    one_hand_and_bids(ohhell, players)
    lines = show_at(ohhell, monkeypatch, width)
    assert max(len(line) for line in lines) <= width
    assert header(lines) == LAYOUTS[players, width]
    if (players, width) in HAND_SCORES:
        assert ("+11" in row(lines, "1")) is HAND_SCORES[players, width]


@pytest.mark.parametrize("width", [80, 100, 120])
@pytest.mark.parametrize("players", [3, 5, 7])
def test_every_cell_keeps_bid_tricks_and_running_total(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, players: int, width: int
) -> None:
    one_hand_and_bids(ohhell, players)
    first = " ".join(row(show_at(ohhell, monkeypatch, width), "1"))
    # seats clockwise: the first player dealt, bid last and took a trick over 0
    assert re.findall(r"\d/\d✓?(?: \+\d+)? +\d+", first) == [
        "0/1 +1 1" if "+1" in first else "0/1 1"
    ] + ["1/1✓ +11 11" if "+11" in first else "1/1✓ 11"] * (players - 1)


@pytest.mark.parametrize("width", [80, 100, 120])
@pytest.mark.parametrize("players", [3, 5, 7])
def test_the_totals_row_keeps_every_total_and_stars_the_leaders(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, players: int, width: int
) -> None:
    one_hand_and_bids(ohhell, players)
    lines = show_at(ohhell, monkeypatch, width)
    totals = next(line for line in lines if "★" in line).split()
    assert totals[0] in ("Total", "Σ")  # Σ when the dealer column (and "Total") is gone
    assert totals[1:] == ["1", *["11★"] * (players - 1)]


@pytest.mark.parametrize("width", [80, 100])
def test_names_cut_in_the_header_are_listed_in_full_under_the_sheet(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    one_hand_and_bids(ohhell, 7)
    lines = show_at(ohhell, monkeypatch, width)
    assert any("…" in name for name in header(lines))
    assert "Players, clockwise: Annabelle, Bartholomew, Cat, Dan, Eve, Fred, Gus" in lines


def test_names_that_fit_are_not_listed_again(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    one_hand_and_bids(ohhell, 7)
    lines = show_at(ohhell, monkeypatch, 120)
    assert header(lines)[3:] == list(NAMES[7])
    assert not any(line.startswith("Players, clockwise") for line in lines)


@pytest.mark.usefixtures("hand_played")
def test_narrow_terminal_drops_the_hand_score_then_the_dealer(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = show_at(ohhell, monkeypatch, 75)
    assert "+13" not in " ".join(lines)
    assert header(lines) == ["#", "n", "deals", "Ann", "Bob", "Cat", "Dan"]
    lines = show_at(ohhell, monkeypatch, 50)
    assert header(lines) == ["#", "n", "Ann", "Bob", "Cat", "Dan"]
    assert max(len(line) for line in lines) <= 50


def test_a_long_name_is_cut_to_fit(ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch) -> None:
    long = "Bartholomew-Maximilian"
    ohhell.ok("new", "Ann", long, "Cat", "Dan", "-g", "friday")
    lines = show_at(ohhell, monkeypatch, 60)
    assert header(lines)[2:] == ["Ann", "Bartholom…", "Cat", "Dan"]
    assert max(len(line) for line in lines) <= 60
    assert f"Players, clockwise: Ann, {long}, Cat, Dan" in lines


# --- on a terminal ---------------------------------------------------------------------


class Terminal:
    def isatty(self) -> bool:
        return True


def test_on_a_terminal_a_styled_cell_keeps_its_rows_style(monkeypatch: pytest.MonkeyPatch) -> None:
    from ohhell_score.views import plain

    monkeypatch.setenv("TERM", "xterm")
    s = plain.Styler(Terminal())
    row = s("3/" + s("·", plain.BOLD) + " later", plain.DIM)
    assert row == "\x1b[2m3/\x1b[1m·\x1b[0m\x1b[2m later\x1b[0m"


@pytest.mark.parametrize(("no_color", "green"), [(False, True), (True, False)])
def test_on_a_terminal_made_bids_are_green_unless_no_color(
    monkeypatch: pytest.MonkeyPatch, no_color: bool, green: bool
) -> None:
    """NO_COLOR drops the colour, keeps bold and dim: ✓ and ★ still say it all."""
    from ohhell_score.views import plain

    monkeypatch.setenv("TERM", "xterm")
    if not no_color:
        monkeypatch.delenv("NO_COLOR", raising=False)
    s = plain.Styler(Terminal())
    assert (s(plain.MADE, plain.GREEN) == "\x1b[32m✓\x1b[0m") is green
    assert s("12", plain.BOLD) == "\x1b[1m12\x1b[0m"


class Pipe:
    def isatty(self) -> bool:
        return False


@pytest.mark.parametrize(
    ("stream", "variables", "bold", "green"),
    [
        (Pipe, {}, False, False),
        (Pipe, {"FORCE_COLOR": "1"}, True, True),
        (Pipe, {"FORCE_COLOR": ""}, False, False),
        (object, {}, False, False),  # a stream that cannot say
        (Terminal, {"TERM": "dumb"}, False, False),
        (Terminal, {"NO_COLOR": ""}, True, True),
        (Terminal, {"FORCE_COLOR": "1", "NO_COLOR": "1"}, True, False),
    ],
)
def test_the_sheet_is_styled_on_a_terminal_or_where_forced_and_coloured_unless_no_color(
    monkeypatch: pytest.MonkeyPatch,
    stream: type,
    variables: dict[str, str],
    bold: bool,
    green: bool,
) -> None:
    """In the process what tests/test_terminals.py sees through a pipe: an empty
    FORCE_COLOR or NO_COLOR counts as unset, TERM=dumb is never styled."""
    from ohhell_score.views import plain

    monkeypatch.setenv("TERM", "xterm")
    for name in ("FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    s = plain.Styler(stream())
    assert s("12", plain.BOLD) == ("\x1b[1m12\x1b[0m" if bold else "12")
    assert s(plain.MADE, plain.GREEN) == ("\x1b[32m✓\x1b[0m" if green else "✓")


def test_the_hook_mark_only_where_the_hook_bound_the_dealer(ohhell: Ohhell) -> None:
    """docs/rules.md, the hook: hand 1's others bid 3 of 2 cards, so Ann (dealer) was
    free, no †; in hand 2 the others bid 0 of 1, so Bob could not bid 1: †."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "2", "1", "0")
    ohhell.ok("tricks", "1", "1", "0")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0")
    lines = ohhell.ok("show").splitlines()
    assert [line.split()[-1] for line in lines[3:5]] == ["+1", "-1†"]


# --- the whole sheet, line by line (mutation survivors of 2026-12-03) ------------


def four_at_a_corrected_sheet(ohhell: Ohhell) -> None:
    """Ann, a wide name, Cat and a long name, a formula and a scorer: hand 1 scored,
    noted and corrected (only Ann made her bid), hand 2 with one bid, hand 3 to come."""
    ohhell.ok(
        "new", "Ann", "王小明", "Cat", "Bartholomew", "--hands", "3-1", "--trump", "none",
        "--scorer", "Zed", "--scoring", "made: 10+b; missed: -b", "-g", "t",
    )  # fmt: skip
    ohhell.ok("bid", "1", "1", "2", "0")
    ohhell.ok("tricks", "1", "1", "1", "0")
    ohhell.ok("note", "1", "misdeal")
    ohhell.ok("edit", "1", "tricks", "王小明=2", "Cat=0")
    ohhell.ok("bid", "Cat=2")


#: width -> the sheet `show` draws: the full layout, then without the hand's scores, the
#: dealer, the over/under (where a name would be cut), the space between columns, and
#: bid/tricks alone; at 20 the narrowest is wider than the terminal.
SHEETS = {
    120: [
        "t · classic · 3 hands · hands 3-1 · trump: none · scoring: bid made, 10 + the bid;",
        "bid missed, minus the bid",
        "  #     n   deals             Ann         王小明            Cat    Bartholomew    ±",
        "───────────────────────────────────────────────────────────────────────────────────",
        " 1*   3NT   Ann      0/0✓ +10  10   1/2   -1  -1   1/0   -1  -1   2/1   -2  -2   +1",
        " ▶2   2NT   王小明                                 2/·",
        "  3   1NT   Cat",
        "",
        "            Total             10★             -1             -1             -2",
        "▶ Hand 2 of 3 (2 cards, 王小明 deals): Bartholomew to bid; 2 bid of 2",
        "Hand 1 note: misdeal",
        "± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
        "* a hand that was corrected after it was scored",
        "Scoring: bid made, 10 + the bid; bid missed, minus the bid.",
        "Scorer: Zed",
    ],
    80: [
        "t · classic · 3 hands · hands 3-1 · trump: none · scoring: bid made, 10 + the",
        "bid; bid missed, minus the bid",
        "  #     n   deals            Ann        王小明           Cat   Bartholomew    ±",
        "───────────────────────────────────────────────────────────────────────────────",
        " 1*   3NT   Ann         0/0✓  10      1/2   -1      1/0   -1      2/1   -2   +1",
        " ▶2   2NT   王小明                                  2/·",
        "  3   1NT   Cat",
        "",
        "            Total            10★            -1            -1            -2",
        "▶ Hand 2 of 3 (2 cards, 王小明 deals): Bartholomew to bid; 2 bid of 2",
        "Hand 1 note: misdeal",
        "± the bids over (+) or under (-) the tricks; † the hook bound the dealer",
        "* a hand that was corrected after it was scored",
        "Scoring: bid made, 10 + the bid; bid missed, minus the bid.",
        "Scorer: Zed",
    ],
    70: [
        "t · classic · 3 hands · hands 3-1 · trump: none · scoring: bid made,",
        "10 + the bid; bid missed, minus the bid",
        "  #     n           Ann        王小明           Cat   Bartholomew    ±",
        "──────────────────────────────────────────────────────────────────────",
        " 1*   3NT      0/0✓  10      1/2   -1      1/0   -1      2/1   -2   +1",
        " ▶2   2NT                                  2/·",
        "  3   1NT",
        "",
        "        Σ           10★            -1            -1            -2",
        "▶ Hand 2 of 3 (2 cards, 王小明 deals): Bartholomew to bid; 2 bid of 2",
        "Hand 1 note: misdeal",
        "± the bids over (+) or under (-) the tricks; † the hook bound the",
        "dealer",
        "* a hand that was corrected after it was scored",
        "Scoring: bid made, 10 + the bid; bid missed, minus the bid.",
        "Scorer: Zed",
    ],
    60: [
        "t · classic · 3 hands · hands 3-1 · trump: none ·",
        "scoring: bid made, 10 + the bid; bid missed, minus the",
        "bid",
        "  #     n         Ann      王小明         Cat   Bartholo…",
        "─────────────────────────────────────────────────────────",
        " 1*   3NT    0/0✓  10    1/2   -1    1/0   -1    2/1   -2",
        " ▶2   2NT                            2/·",
        "  3   1NT",
        "",
        "        Σ         10★          -1          -1          -2",
        "Players, clockwise: Ann, 王小明, Cat, Bartholomew",
        "▶ Hand 2 of 3 (2 cards, 王小明 deals): Bartholomew to bid; 2",
        "bid of 2",
        "Hand 1 note: misdeal",
        "* a hand that was corrected after it was scored",
        "Scoring: bid made, 10 + the bid; bid missed, minus the bid.",
        "Scorer: Zed",
    ],
    50: [
        "t · classic · 3 hands · hands 3-1 · trump: none ·",
        "scoring: bid made, 10 + the bid; bid missed, minus",
        "the bid",
        "  #   n       Ann    王小明       Cat Bartholo…  ±",
        "──────────────────────────────────────────────────",
        " 1* 3NT  0/0✓  10  1/2   -1  1/0   -1  2/1   -2 +1",
        " ▶2 2NT                      2/·",
        "  3 1NT",
        "",
        "      Σ       10★        -1        -1        -2",
        "Players, clockwise: Ann, 王小明, Cat, Bartholomew",
        "▶ Hand 2 of 3 (2 cards, 王小明 deals): Bartholomew to",
        "bid; 2 bid of 2",
        "Hand 1 note: misdeal",
        "± the bids over (+) or under (-) the tricks; † the",
        "hook bound the dealer",
        "* a hand that was corrected after it was scored",
        "Scoring: bid made, 10 + the bid; bid missed, minus",
        "the bid.",
        "Scorer: Zed",
    ],
    40: [
        "t · classic · 3 hands · hands 3-1 ·",
        "trump: none · scoring: bid made, 10 +",
        "the bid; bid missed, minus the bid",
        "  #   n     Ann  王小明     Cat Bartho…",
        "───────────────────────────────────────",
        " 1* 3NT    0/0✓    1/2     1/0     2/1",
        " ▶2 2NT                    2/·",
        "  3 1NT",
        "",
        "      Σ     10★      -1      -1      -2",
        "Players, clockwise: Ann, 王小明, Cat,",
        "Bartholomew",
        "▶ Hand 2 of 3 (2 cards, 王小明 deals):",
        "Bartholomew to bid; 2 bid of 2",
        "Hand 1 note: misdeal",
        "* a hand that was corrected after it was",
        "scored",
        "Scoring: bid made, 10 + the bid; bid",
        "missed, minus the bid.",
        "Scorer: Zed",
    ],
    31: [
        "t · classic · 3 hands · hands",
        "3-1 · trump: none · scoring:",
        "bid made, 10 + the bid; bid",
        "missed, minus the bid",
        "  #   n   Ann 王小…   Cat Bart…",
        "───────────────────────────────",
        " 1* 3NT  0/0✓  1/2   1/0   2/1",
        " ▶2 2NT              2/·",
        "  3 1NT",
        "",
        "      Σ   10★    -1    -1    -2",
        "Players, clockwise: Ann, 王小明,",
        "Cat, Bartholomew",
        "▶ Hand 2 of 3 (2 cards, 王小明",
        "deals): Bartholomew to bid; 2",
        "bid of 2",
        "Hand 1 note: misdeal",
        "* a hand that was corrected",
        "after it was scored",
        "Scoring: bid made, 10 + the",
        "bid; bid missed, minus the bid.",
        "Scorer: Zed",
    ],
    20: [
        "t · classic · 3 hands · hands",
        "3-1 · trump: none · scoring:",
        "bid made, 10 + the bid; bid",
        "missed, minus the bid",
        "  #   n   Ann 王小…   Cat Bart…",
        "───────────────────────────────",
        " 1* 3NT  0/0✓  1/2   1/0   2/1",
        " ▶2 2NT              2/·",
        "  3 1NT",
        "",
        "      Σ   10★    -1    -1    -2",
        "Players, clockwise:",
        "Ann, 王小明, Cat,",
        "Bartholomew",
        "▶ Hand 2 of 3 (2",
        "cards, 王小明 deals):",
        "Bartholomew to bid;",
        "2 bid of 2",
        "Hand 1 note: misdeal",
        "* a hand that was",
        "corrected after it",
        "was scored",
        "Scoring: bid made,",
        "10 + the bid; bid",
        "missed, minus the",
        "bid.",
        "Scorer: Zed",
    ],
}


@pytest.mark.parametrize("width", sorted(SHEETS))
def test_the_whole_sheet_at_each_width(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    four_at_a_corrected_sheet(ohhell)
    assert show_at(ohhell, monkeypatch, width) == SHEETS[width]


#: The same, styled: the title italic, heads, the current hand and the totals bold, later
#: hands and the notes dim, each hand's score dim and the running totals bold, ✓ green
#: (CODES: Italic, Bold, Dim, Green and Off).
CODES = {"I": "\x1b[3m", "B": "\x1b[1m", "D": "\x1b[2m", "G": "\x1b[32m", "O": "\x1b[0m"}
STYLED = {
    80: [
        "{I}t · classic · 3 hands · hands 3-1 · trump: none · scoring: bid made, 10 + the  {O}",
        "{I}bid; bid missed, minus the bid                                                 {O}",
        "{B}  #     n   deals            Ann        王小明           Cat   Bartholomew    ±{O}",
        "───────────────────────────────────────────────────────────────────────────────",
        " 1*   3NT   Ann         0/0{G}✓{O}{B}  10{O}      1/2 {B}  -1{O}      1/0 {B}  -1{O}     "
        " 2/1 {B}  -2{O}   +1",
        "{B} ▶2   2NT   王小明                                  {B}2/·     {O}"
        "{B}                   {O}",
        "{D}  3   1NT   Cat                                                                {O}",
        "",
        "{B}            Total            10★            -1            -1            -2     {O}",
        "{B}▶ Hand 2 of 3 (2 cards, 王小明 deals): Bartholomew to bid; 2 bid of 2{O}",
        "{D}Hand 1 note: misdeal{O}",
        "{D}± the bids over (+) or under (-) the tricks; † the hook bound the dealer{O}",
        "{D}* a hand that was corrected after it was scored{O}",
        "{D}Scoring: bid made, 10 + the bid; bid missed, minus the bid.{O}",
        "{D}Scorer: Zed{O}",
    ],
    31: [
        "{I}t · classic · 3 hands · hands  {O}",
        "{I}3-1 · trump: none · scoring:   {O}",
        "{I}bid made, 10 + the bid; bid    {O}",
        "{I}missed, minus the bid          {O}",
        "{B}  #   n   Ann 王小…   Cat Bart…{O}",
        "───────────────────────────────",
        " 1* 3NT  0/0{G}✓{O}  1/2   1/0   2/1",
        "{B} ▶2 2NT              {B}2/· {O}{B}      {O}",
        "{D}  3 1NT                        {O}",
        "",
        "{B}      Σ   10★    -1    -1    -2{O}",
        "{D}Players, clockwise: Ann, 王小明,{O}",
        "{D}Cat, Bartholomew{O}",
        "{B}▶ Hand 2 of 3 (2 cards, 王小明{O}",
        "{B}deals): Bartholomew to bid; 2{O}",
        "{B}bid of 2{O}",
        "{D}Hand 1 note: misdeal{O}",
        "{D}* a hand that was corrected{O}",
        "{D}after it was scored{O}",
        "{D}Scoring: bid made, 10 + the{O}",
        "{D}bid; bid missed, minus the bid.{O}",
        "{D}Scorer: Zed{O}",
    ],
}


@pytest.mark.parametrize("width", sorted(STYLED))
def test_the_whole_sheet_styled(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch, width: int
) -> None:
    four_at_a_corrected_sheet(ohhell)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert show_at(ohhell, monkeypatch, width) == [line.format(**CODES) for line in STYLED[width]]


def test_a_dealer_with_a_long_name_is_cropped_to_the_deals_columns_8(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Bartholomew", "--dealer", "Bartholomew", "-g", "g")
    assert row(ohhell.ok("show").splitlines(), "▶1")[:3] == ["▶1", "10", "Bartholo"]


def test_scores_of_one_digit_take_two_columns(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "2", "0", "0")
    lines = ohhell.ok("show").splitlines()
    assert " 1   2NT   Ann     1/0  +0  0   1/2  +2  2   1/0  +0  0   +1†" in lines


def test_without_columns_or_a_terminal_the_sheet_is_drawn_for_80_columns(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`ohhell show | less` where COLUMNS is not exported: 80 columns, as rich assumes. The
    line of the formula's words is 81 long: folded at 80, not at 81."""
    scoring = "made: 10000+b*b; missed: -t"
    ohhell.ok("new", "Ann", "Bob", "Cat", "--scoring", scoring, "-g", "g")
    at_80, at_81 = show_at(ohhell, monkeypatch, 80), show_at(ohhell, monkeypatch, 81)
    assert at_80 != at_81
    monkeypatch.delenv("COLUMNS")

    def no_terminal(fd: int = 1) -> os.terminal_size:
        raise OSError("not a terminal")

    monkeypatch.setattr(os, "get_terminal_size", no_terminal)
    assert ohhell.ok("show").splitlines() == at_80


@pytest.mark.usefixtures("dutch")
def test_in_dutch_the_deals_column_is_as_wide_as_totaal(ohhell: Ohhell) -> None:
    """ "deelt" heads the column, "Totaal" (one letter longer) ends it: not cut."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "1", "0", "0")
    ohhell.ok("tricks", "1", "0", "1")
    lines = ohhell.ok("show").splitlines()
    assert header(lines)[:3] == ["#", "n", "deelt"]
    assert next(line for line in lines if "★" in line).split() == ["Totaal", "1", "11★", "10"]


def test_in_64_columns_a_name_of_13_is_cut_to_12_to_keep_each_hands_score(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    ohhell.ok("new", "Ann", "Bartholomew-X", "Cat", "--hands", "3-1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "1", "1", "0")
    ohhell.ok("tricks", "1", "1", "1")
    lines = show_at(ohhell, monkeypatch, 64)
    assert header(lines) == ["#", "n", "deals", "Ann", "Bartholomew…", "Cat"]
    assert row(lines, "1")[3:] == ["0/1", "+1", "1", "1/1✓", "+11", "11", "1/1✓", "+11", "11"]


def test_a_folded_line_keeps_a_hyphenated_name_whole(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    ohhell.ok("new", "Anne-Marie", "Jean-Baptiste-Xavier", "Cat", "-g", "g")
    lines = show_at(ohhell, monkeypatch, 40)
    at = lines.index("Players, clockwise: Anne-Marie,")
    assert lines[at + 1] == "Jean-Baptiste-Xavier, Cat"


def test_a_bid_of_the_current_hand_lines_up_under_the_bids_before(ohhell: Ohhell) -> None:
    """Bob's 10/10 sets the width: Cat's 1/· stands right-aligned where her 0/1 does."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "11,10", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "10", "0", "0")
    ohhell.ok("tricks", "10", "1", "0")
    ohhell.ok("bid", "Cat=1")
    lines = ohhell.ok("show").splitlines()
    scored, current = (next(x for x in lines if x.split()[:1] == [n]) for n in ("1", "▶2"))
    assert current.index("1/·") == scored.rindex("0/1")


def test_in_a_terminal_one_column_wide_the_words_under_the_sheet_are_folded_letter_by_letter(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "-g", "g")
    lines = show_at(ohhell, monkeypatch, 1)
    under = lines[next(i for i, line in enumerate(lines) if len(line) == 1) :]
    assert len(under) > 20 and all(len(line) <= 1 for line in under)


def test_a_seat_change_is_said_under_the_sheet_dim_and_marks_the_cell_left(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "Dan", "--hands", "2,1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "1", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0", "1")
    ohhell.ok("seat", "leave", "Dan")
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    lines = ohhell.ok("show").splitlines()
    assert lines[4].endswith("\x1b[2mleft\x1b[0m\x1b[1m      \x1b[0m")
    assert lines[7:9] == [
        "\x1b[2mPlayers, clockwise: Ann, Bob, Cat\x1b[0m",
        "\x1b[2mSeats: Dan leaves after hand 1 with 10 (a player who left cannot win).\x1b[0m",
    ]


def test_without_room_for_the_over_under_column_no_line_explains_its_dagger(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook bound Bob in hand 2: the † stands in the ± column, explained under the
    sheet; where the column is left out, so is the line."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "2,1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "2", "1", "0")
    ohhell.ok("tricks", "1", "1", "0")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "1", "0", "0")
    wide, narrow = show_at(ohhell, monkeypatch, 100), show_at(ohhell, monkeypatch, 16)
    assert any("†" in line for line in wide) and not any("†" in line for line in narrow)


def test_a_finished_sheet_ends_without_the_marker_of_a_hand_to_come(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "g")
    ohhell.ok("bid", "1", "1", "1")
    ohhell.ok("tricks", "1", "0", "0")
    lines = ohhell.ok("show").splitlines()
    assert not any("▶" in line for line in lines)
    assert lines[-2] == "Game over: Bob wins with 11."


def test_a_scorer_whose_name_ends_in_x_is_said_whole(ohhell: Ohhell) -> None:
    ohhell.ok("new", "Ann", "Bob", "Cat", "--scorer", "Malcolm X", "-g", "g")
    assert ohhell.ok("show").splitlines()[-1] == "Scorer: Malcolm X"


def test_a_trump_not_named_yet_is_named_by_nobody_under_the_sheet(
    ohhell: Ohhell, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The dealer names trump before the bids, the highest bidder after them: until a
    hand's trump is in, no line under the sheet says who named it, though the one who
    will is known (the dealer; the highest bidder once the bids are in)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", "dealer", "-g", "dl")
    assert show_at(ohhell, monkeypatch, 60) == [
        "dl · classic · 2 hands · hands 3,3 · trump: the dealer",
        "names it before the bids",
        " #   n   deals          Ann          Bob          Cat   ±",
        "─" * 57,
        "▶1   3   Ann",
        " 2   3   Bob",
        "",
        "         Total            0            0            0",
        "▶ Hand 1 of 2 (3 cards, Ann deals): Ann (dealer) names trump",
        "before the bids (`ohhell trump SUIT`)",
    ]
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", "named", "-g", "nm")
    ohhell.ok("bid", "1", "1", "0")  # Bob, Cat, then Ann, who may not make it 3
    assert show_at(ohhell, monkeypatch, 60) == [
        "nm · classic · 2 hands · hands 3,3 · trump: after the bids,",
        "the highest bidder names it (first in bidding order on",
        "equal bids)",
        " #   n   deals          Ann          Bob          Cat     ±",
        "─" * 59,
        "▶1   3   Ann     0/·          1/·          1/·          -1†",
        " 2   3   Bob",
        "",
        "         Total            0            0            0",
        "▶ Hand 1 of 2 (3 cards, Ann deals): Bob names trump (`ohhell",
        "trump SUIT`)",
        "± the bids over (+) or under (-) the tricks; † the hook",
        "bound the dealer",
    ]


def test_each_trump_named_is_listed_with_its_hand_under_the_sheet(ohhell: Ohhell) -> None:
    """The dealer names trump: Ann hearts at hand 1, Bob spades at hand 2."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "3,3", "--trump", "dealer", "-g", "dt")
    ohhell.ok("trump", "hearts")
    ohhell.ok("bid", "1", "1", "0")
    ohhell.ok("tricks", "1", "1", "1")
    ohhell.ok("trump", "spades")
    lines = ohhell.ok("show").splitlines()
    assert [line for line in lines if line.startswith("Trump named by")] == [
        "Trump named by: 1 Ann, 2 Bob"
    ]
