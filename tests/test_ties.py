"""The place after a tie (issue 26): two players tied for first share place 1, and the
next player is third, not second (1, 1, 3), in every place a user reads standings: a
game's sheet standings and its Markdown and HTML exports, a tournament's `show` and its
exports."""

from __future__ import annotations

import re

from ohhell_score.actions.entries import load_progress
from ohhell_score.views.sheet import standings

from .conftest import Ohhell
from .tournament_helpers import TIE_1_2, play_cli


def tied_game(ohhell: Ohhell) -> None:
    """Ann deals one card: Bob and Cat make their bids of 0 (10 each), Ann takes the
    trick she did not bid (1)."""
    ohhell.ok("new", "Ann", "Bob", "Cat", "--hands", "1", "--trump", "none", "-g", "t")
    ohhell.ok("bid", "0", "0", "0")
    ohhell.ok("tricks", "0", "0", "1")


def test_the_sheets_standings_give_the_player_after_a_tie_place_3(ohhell: Ohhell) -> None:
    tied_game(ohhell)
    ranked = [(st.place, st.player, st.total) for st in standings(load_progress("t"))]
    assert ranked == [(1, "Bob", 10), (1, "Cat", 10), (3, "Ann", 1)]


def test_the_markdown_export_places_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_game(ohhell)
    out = ohhell.ok("export", "--format", "md")
    assert "| 1 | Bob | 10 | 1 of 1 |\n| 1 | Cat | 10 | 1 of 1 |\n| 3 | Ann | 1 | 0 of 1 |" in out


def test_the_html_export_places_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_game(ohhell)
    out = ohhell.ok("export", "--format", "html")
    places = re.findall(r'<li><span class="place">([^<]*)</span> <b>(\w+)</b>', out)
    assert places == [("1.", "Bob"), ("1.", "Cat"), ("3.", "Ann")]


def tied_tournament(ohhell: Ohhell) -> None:
    """Table 1 of two ends 21, 21, 11, 10, the first two with 2 bids made each."""
    field = [f"P{i}" for i in range(1, 9)]
    ohhell.ok("tournament", "new", "cup", *field, "--no-shuffle", "--hands", "2,1")
    play_cli(ohhell, "cup-r1-t1", field[:4], TIE_1_2)


def test_tournament_show_places_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_tournament(ohhell)
    out = ohhell.ok("tournament", "show", "cup")
    assert (
        "    =1. P1 21 (2 bids made), =1. P2 21 (2 bids made), 3. P3 11 (1 bid made), "
        "4. P4 10 (1 bid made)\n"
    ) in out


def test_the_tournament_exports_place_the_player_after_a_tie_third(ohhell: Ohhell) -> None:
    tied_tournament(ohhell)
    csv = ohhell.ok("tournament", "export", "cup", "--format", "csv")
    assert "Round 1,cup-r1-t1,'=1,P2,21,2,\nRound 1,cup-r1-t1,3,P3,11,1,\n" in csv
    assert "Round 1,cup-r1-t1,4,P4,10,1,\n" in csv
    md = ohhell.ok("tournament", "export", "cup", "--format", "md")
    assert "| cup-r1-t1 | =1 | P2 | 21 | 2 |  |\n| cup-r1-t1 | 3 | P3 | 11 | 1 |  |\n" in md
    html = ohhell.ok("tournament", "export", "cup", "--format", "html")
    places = re.findall(r'<tr><td>cup-r1-t1</td><td class="n">([^<]*)</td><td>(P\d)</td>', html)
    assert places == [("=1", "P1"), ("=1", "P2"), ("3", "P3"), ("4", "P4")]
