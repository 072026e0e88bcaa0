"""The score sheet of `show`, drawn as plain text (plain.py)."""

from __future__ import annotations

import pytest

from ohhell_score.game import Progress
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


# --- the same sheet as render.py's rich table -----------------------------------------


def played(players: tuple[str, ...], preset: str, hands: int, seed: int) -> Progress:
    """A game of ``preset`` with ``hands`` hands played: plausible bids, some made."""
    import random

    from ohhell_score.game import Game, Step, add_bids, add_tricks, progress, set_trump
    from ohhell_score.rules import Suit, build_rules

    rng = random.Random(seed)
    game = Game("friday", players, build_rules(preset, len(players)))
    while (prog := progress(game)).next and prog.hands_played < hands:
        nxt = prog.next
        if nxt.step is Step.BID:
            bids = [b for b in range(min(nxt.cards, 3) + 1) if b != nxt.forbidden_bid]
            game = add_bids(game, [(None, rng.choice(bids))])
        elif nxt.step is Step.TRUMP:
            game = set_trump(game, rng.choice(list(Suit)[:4]))
        else:
            order = prog.hands[nxt.hand - 1].order
            left, tricks = nxt.cards, []
            for p in order[:-1]:
                took = min(left, prog.hands[nxt.hand - 1].bids[p])
                tricks.append((p, took))
                left -= took
            game = add_tricks(game, [*tricks, (order[-1], left)])
    return progress(game)


@pytest.mark.parametrize("width", [100, 120])
@pytest.mark.parametrize(
    ("players", "preset", "hands"),
    [
        (("Ann", "Bob", "Cat", "Dan"), "cartier", 23),
        (("Ann", "Bob", "Cat", "Dan"), "cartier", 5),
        (("Zoë", "Yusuf", "Xia"), "classic", 0),
        (("Ann", "Bo", "Cy", "Di", "Ed"), "ten-to-one", 7),
    ],
)
def test_plain_sheet_is_the_rich_sheet_of_render(
    players: tuple[str, ...], preset: str, hands: int, width: int
) -> None:
    """plain.py draws render.sheet's table without rich: when one changes, so must the other."""
    from rich.console import Console

    from ohhell_score import plain, render

    prog = played(players, preset, hands, seed=len(players) + hands)
    console = Console(width=width, no_color=True, highlight=False, force_terminal=False)
    with console.capture() as captured:
        console.print(render.sheet(prog, width))
    drawn = "\n".join(plain.sheet_lines(prog, width, plain.Styler(None))) + "\n"
    assert drawn == captured.get()


def test_on_a_terminal_a_styled_cell_keeps_its_rows_style(monkeypatch: pytest.MonkeyPatch) -> None:
    from ohhell_score import plain

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("TERM", "xterm")
    s = plain.Styler(Terminal())
    row = s("3/" + s("·", plain.BOLD) + " later", plain.DIM)
    assert row == "\x1b[2m3/\x1b[1m·\x1b[0m\x1b[2m later\x1b[0m"
